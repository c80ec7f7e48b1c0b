"""Dickory through the whole bot in SimCord with SQLite persistence on; prints JSON.

Measures per accepted move (a /dickory play from a simulated member, settled end to
end: engine, storage transaction, table render, message edit, DMs): latency p50/p99,
moves per second, REST calls per move; and memory per active game.

    python bench/bench_bot.py [--games 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord

from bot.app import create_bot
from bot.settings import Settings


def pick(table, seat, rng):
    action = table.state.heuristic_action(seat, rng)
    return (action or table.state.legal_actions(seat)[0]).text


async def play_games(env, games: int) -> dict:
    guild = env.create_guild(name="bench")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    rng = random.Random(1)
    latencies, rest_calls = [], []
    for _ in range(games):
        await alice.slash(channel, "dickory start", opponent=bob)
        table = max(env.bot.tables.all(), key=lambda t: t.id)
        lobby = [m for m in channel.history() if m.components][-1]
        await bob.click(lobby, custom_id=f"parlour:lobby:{table.id}:accept")
        members = {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}
        while table.active:
            seat = table.state.to_move[0]
            before = len(env.http_requests)
            start = time.perf_counter()
            await members[seat].slash(channel, "dickory play", action=pick(table, seat, rng))
            latencies.append((time.perf_counter() - start) * 1000)
            rest_calls.append(len(env.http_requests) - before)
    latencies.sort()
    return {
        "moves": len(latencies),
        "moves_per_s": round(1000 * len(latencies) / sum(latencies), 1),
        "latency_ms_p50": round(statistics.median(latencies), 1),
        "latency_ms_p99": round(latencies[int(0.99 * (len(latencies) - 1))], 1),
        "rest_calls_per_move": round(statistics.mean(rest_calls), 2),
    }


async def memory_per_game(env, games: int = 40) -> float:
    guild = env.create_guild(name="memory")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"m{i}")) for i in range(games)]
    tracemalloc.start()
    base = tracemalloc.take_snapshot()
    for member in members:
        await member.slash(channel, "dickory start")  # against the AI: starts at once
    grown = tracemalloc.take_snapshot().compare_to(base, "filename")
    tracemalloc.stop()
    return sum(stat.size_diff for stat in grown) / games / 1024


async def main(games: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(token="bench", database=f"{tmp}/bench.sqlite3", ai_workers=0, warm_renderers=False)
        async with simcord.run(create_bot(settings)) as env:
            result = {"bench": "bot_dickory", "games": games, **await play_games(env, games)}
            result["kib_per_active_game"] = round(await memory_per_game(env), 1)
    print(json.dumps(result))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    asyncio.run(main(parser.parse_args().games))
