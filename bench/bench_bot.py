"""The whole bot in SimCord with SQLite on disk: what one move costs; prints JSON.

Per move made by a member with /<game> play:
- bot_ms: the bot's own time, from the interaction's dispatch to the last REST call
  the move causes (the reply, the table edit, any DM), measured from the bot's HTTP
  client; SimCord's settle() idles 50 ms after that, which is not the bot's.
- bot_ms_less_simulator: bot_ms less the CPU the simulator spent inside that window in
  the same process (answering REST calls, settle()'s scans between the bot's steps):
  on Discord those run elsewhere, here they hold the GIL the render thread needs.
- edit_ms: from the dispatch to the table message's edit (what the whole channel waits on).
- reply_ms: from the dispatch to the mover's reply (their new hand, when it changed).
- e2e_ms: the whole simulated round trip, settle included, for comparison.
- rest calls per move, apart from turn alerts (counted on their own): the reply (made
  through the interaction's webhook, counted once) and what the bot's HTTP client sends.
The three slowest moves are listed call by call, with the simulator's CPU and any
garbage collection inside their window (gc_ms, and the oldest generation collected).
Also: the same per-move time with 1,000 open games in the process, and memory per game.
This machine's speed drifts by up to two times between runs, so the JSON opens with a
yardstick: the CPU p50 of drawing an 8-seat Moleicki table alone, outside the bot.

    python bench/bench_bot.py [--moves 100] [--open-games 1000] [--games dickory,moleicki]
    python bench/bench_bot.py --games all --open-games 0   # every game for two or more, at its most seats
    python bench/bench_bot.py --games milk_run:8,rummy:2   # chosen games at chosen seat counts
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import gc
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
import simcord.env as simcord_env
import simcord.http.client as simcord_client
import simcord.http.router as simcord_router

from bot.app import create_bot, warm_then_freeze
from bot.settings import Settings

# The last recorded figures (issue 11, Dickory, before this work), shown beside the new ones.
DEALS = 2026  # seeds the deals
PREVIOUS = {"dickory": {"bot_ms_p50": 67, "e2e_ms_p50": 104, "e2e_ms_p99": 198, "rest_calls_per_move": 4.0}}


class Clock:
    """Times of the bot's REST calls, from its own HTTP client."""

    def __init__(self, bot) -> None:
        self.calls: list[tuple[float, str, str, int | None]] = []
        self.served: list[float] = []  # seconds from handing each call to the HTTP client to its answer
        self.simulator = SimulatorMeter()
        self.collector = CollectorMeter()
        original = bot.http.request

        async def timed(route, **kwargs):
            sent = time.perf_counter()
            try:
                return await original(route, **kwargs)
            finally:
                self.calls.append((time.perf_counter(), route.method, route.path, route.channel_id))
                self.served.append(time.perf_counter() - sent)

        bot.http.request = timed
        # The reply travels through the interaction's webhook, not the bot's HTTP client.
        self.replies: list[float] = []
        adapter_request = simcord_client.FakeWebhookAdapter.request

        async def timed_reply(adapter, route, *args, **kwargs):
            try:
                return await adapter_request(adapter, route, *args, **kwargs)
            finally:
                if "/interactions/" in route.url or "/webhooks/" in route.url:
                    self.replies.append(time.perf_counter())

        simcord_client.FakeWebhookAdapter.request = timed_reply


class SimulatorMeter:
    """CPU time the simulator itself spends in the bot's process: answering REST calls
    (its router) and the synchronous scans of settle()'s loop, which run between the bot's
    steps and hold the GIL the render thread needs. Each stretch is kept with the moment
    it ended, so a move's share is the stretches inside its window."""

    SCANS = (
        "_active_callbacks",
        "_callback_is_parked",
        "_is_parked",
        "_owned_tasks",
        "_run_due_virtual_callbacks",
        "_virtualize_recognized_waits",
    )

    def __init__(self) -> None:
        self.stretches: list[tuple[float, float]] = []  # (ended at, CPU seconds)
        for name in self.SCANS:
            setattr(simcord_env, name, self._metered(getattr(simcord_env, name)))
        simcord_router.dispatch = self._metered(simcord_router.dispatch)

    def _metered(self, func):
        def metered(*args, **kwargs):
            cpu = time.thread_time()
            try:
                return func(*args, **kwargs)
            finally:
                self.stretches.append((time.perf_counter(), time.thread_time() - cpu))

        return metered

    def within(self, start: float, end: float) -> float:
        # stretches are kept in the order they ended: bisect rather than scan the whole run
        first = bisect.bisect_left(self.stretches, (start, -1.0))
        last = bisect.bisect_right(self.stretches, (end, float("inf")))
        return sum(cpu for _, cpu in self.stretches[first:last])


class CollectorMeter:
    """The garbage collector's passes (generation, when it ended, seconds): a pass runs in
    whichever step allocated last, so a slow move says how much of it was collecting."""

    def __init__(self) -> None:
        self.passes: list[tuple[int, float, float]] = []
        self._ends: list[float] = []
        self._began = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            ended = time.perf_counter()
            self.passes.append((info["generation"], ended, ended - self._began))
            self._ends.append(ended)

    def within(self, start: float, end: float) -> tuple[float, int]:
        """Seconds spent collecting in the window, and the oldest generation collected."""
        ends = self._ends  # the passes in the order they ended
        inside = [(g, s) for g, _, s in self.passes[bisect.bisect_left(ends, start) : bisect.bisect_right(ends, end)]]
        return sum(s for _, s in inside), max((g for g, _ in inside), default=-1)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1)))], 1)


def summary(name: str, timings: dict[str, list]) -> dict:
    out = {
        "game": name,
        "moves": len(timings["bot"]),
        "bot_ms_p50": pct(timings["bot"], 0.5),
        "bot_ms_p99": pct(timings["bot"], 0.99),
        "edit_ms_p50": pct(timings["edit"], 0.5),
        "edit_ms_p99": pct(timings["edit"], 0.99),
        "reply_ms_p50": pct(timings["reply"], 0.5),
        "reply_ms_p99": pct(timings["reply"], 0.99),
        "bot_ms_less_simulator_p50": pct(timings["own"], 0.5),
        "bot_ms_less_simulator_p99": pct(timings["own"], 0.99),
        "e2e_ms_p50": pct(timings["e2e"], 0.5),
        "e2e_ms_p99": pct(timings["e2e"], 0.99),
        "rest_calls_per_move": round(statistics.mean(timings["rest"]), 2),
        "alert_calls_per_move": round(statistics.mean(timings["alerts"]), 2),
    }
    if name in PREVIOUS:
        out["previous"] = PREVIOUS[name]
    return out


async def measure_moves(env, clock: Clock, game: str, members, moves: int, seed: int = 1) -> dict:
    """Members only at the table (no AI thinking in the way): each /play timed, over as
    many games as it takes to make `moves` moves (a Dickory game is about 16)."""
    timings: dict[str, list] = {
        "bot": [],
        "own": [],
        "edit": [],
        "reply": [],
        "e2e": [],
        "rest": [],
        "alerts": [],
        "tail": [],
    }
    rng = random.Random(seed)
    while len(timings["bot"]) < moves:
        await measure_game(env, clock, game, members, moves - len(timings["bot"]), rng, timings)
    out = summary(game, timings)
    # the slowest moves, call by call: what the tail is made of
    out["slowest"] = sorted(timings["tail"], key=lambda t: -t["bot_ms"])[:3]
    return out


async def measure_game(env, clock: Clock, game: str, members, moves: int, rng: random.Random, timings) -> None:
    channel = members[0][1]
    alice, guests = members[0][0], [m for m, _ in members[1:]]
    from engine import GAMES

    if GAMES[game].max_players == 2:
        key = {"opponent": guests[0]}
    else:
        key = {f"player{i + 2}": g for i, g in enumerate(guests)}
    await alice.slash(channel, f"{game} start", **key, bots=0)
    table = max(env.bot.tables.all(), key=lambda t: t.id)
    lobby = [m for m in channel.history() if m.components][-1]
    for guest in guests:
        await guest.click(lobby, custom_id=f"parlour:lobby:{table.id}:accept")
    by_id = {m.id: m for m, _ in members}
    seats = {i: by_id[s.user_id] for i, s in enumerate(table.seats)}
    made_here = 0
    while table.active and made_here < moves:
        seat = table.state.turn_seats[0] if table.state.turn_seats else table.state.to_move[0]
        action = table.state.heuristic_action(seat, rng) or rng.choice(table.state.legal_actions(seat))
        first, first_reply = len(clock.calls), len(clock.replies)
        start = time.perf_counter()
        await seats[seat].slash(channel, f"{game} play", action=action.text)
        made_here += 1
        timings["e2e"].append((time.perf_counter() - start) * 1000)
        made = clock.calls[first:]
        replied = clock.replies[first_reply : first_reply + 1]
        timings["reply"].append(((replied[0] if replied else start) - start) * 1000)
        end = max([start, *replied, *(c[0] for c in made)])
        bot_ms = (end - start) * 1000
        timings["bot"].append(bot_ms)
        simulator_ms = clock.simulator.within(start, end) * 1000
        timings["own"].append(bot_ms - simulator_ms)
        edits = [c[0] for c in made if c[1] == "PATCH" and c[3] == channel.id]
        timings["edit"].append(((edits[0] if edits else start) - start) * 1000)
        # a turn alert is a DM (opening the DM channel once, then one message)
        alert_calls = sum(1 for c in made if c[2] == "/users/@me/channels" or (c[3] and c[3] != channel.id))
        timings["rest"].append(len(made) - alert_calls + 1)  # + the interaction reply, sent through its webhook
        timings["alerts"].append(alert_calls)
        calls = [f"{(c[0] - start) * 1000:.1f} {c[1]} {'table' if c[3] == channel.id else 'dm'}" for c in made]
        calls += [f"{(t - start) * 1000:.1f} reply" for t in replied]
        calls.sort(key=lambda c: float(c.split()[0]))
        tail = {"bot_ms": round(bot_ms, 1), "simulator_cpu_ms": round(simulator_ms, 1), "action": action.text}
        collecting, oldest = clock.collector.within(start, end)
        if oldest >= 0:
            tail["gc_ms"], tail["gc_generation"] = round(collecting * 1000, 1), oldest
        tail["calls"] = calls
        if not table.active:
            tail["ended_the_game"] = True
        timings["tail"].append(tail)


async def open_many(env, count: int) -> None:
    """`count` games between members, each dealt and waiting for its first move."""
    guild = env.create_guild(name="crowd")
    channel = guild.create_text_channel("crowd")
    for i in range(count):
        host = guild.add_member(env.create_user(f"crowd{i}a"))
        guest = guild.add_member(env.create_user(f"crowd{i}b"))
        await host.slash(channel, "dickory start", opponent=guest)
        table = max(env.bot.tables.all(), key=lambda t: t.id)
        lobby = next(m for m in reversed(channel.history()) if m.id == table.message_id)
        await guest.click(lobby, custom_id=f"parlour:lobby:{table.id}:accept")


async def memory_per_game(env, games: int = 40) -> float:
    guild = env.create_guild(name="memory")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"m{i}")) for i in range(games)]
    tracemalloc.start()
    base = tracemalloc.take_snapshot()
    for member in members:
        await member.slash(channel, "dickory start", ai="easy")
    grown = tracemalloc.take_snapshot().compare_to(base, "filename")
    tracemalloc.stop()
    return sum(stat.size_diff for stat in grown) / games / 1024


def people(env, name: str, count: int):
    guild = env.create_guild(name=name)
    channel = guild.create_text_channel("games")
    return [(guild.add_member(env.create_user(f"{name}{i}")), channel) for i in range(count)]


def yardstick(renders: int = 30) -> dict:
    """CPU ms (p50) to draw the bench's mid-game 8-seat Moleicki table alone: this run's machine
    speed. The table is drawn whole and mapped whole, as the bot drew it up to stop 27 (it now
    pastes kept panels already mapped), so that the yardstick's work stays the same."""
    from bench.bench_render import moleicki_views
    from renderers import moleicki
    from renderers.draw import to_png

    def whole(view: dict) -> bytes:
        return to_png(moleicki._table_image(view), key="moleicki.table", source=moleicki._palette_source)

    view = moleicki_views()["mid-8"]
    whole(view)  # sizes, fonts and palette cached, as in the bot
    times = []
    for _ in range(renders):
        start = time.process_time()
        whole(view)
        times.append((time.process_time() - start) * 1000)
    return {"moleicki_8_table_alone_cpu_ms_p50": round(statistics.median(times), 2), "renders": renders}


async def main(moves: int, open_games: int, games: list[str]) -> None:
    machine = yardstick()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(token="bench", database=f"{tmp}/bench.sqlite3", ai_workers=0, warm_renderers=False)
        warm_then_freeze()  # what the bot does in its render thread at start-up, done before timing
        # the same deals every run, so runs differ by the machine alone
        bot = create_bot(settings, rng=random.Random(DEALS))
        try:
            async with simcord.run(bot) as env:
                results, memory = await measure_all(env, moves, open_games, games)
        finally:
            if hasattr(bot, "storage"):
                await bot.storage.close()  # an open aiosqlite thread would keep the process alive
    print(json.dumps({"bench": "bot", "machine": machine, "moves": results, "kib_per_active_game": memory}, indent=1))


def tables_of(games: list[str]) -> list[tuple[str, int]]:
    """`dickory`, `moleicki:8` or `all` as (game, seats): a game alone is timed at its most
    seats, `all` is every game for two or more players."""
    from engine import GAMES

    if games == ["all"]:
        games = [name for name, game in GAMES.items() if game.max_players > 1]
    tables = []
    for entry in games:
        name, _, seats = entry.partition(":")
        game = GAMES[name]
        tables.append((name, int(seats) if seats else game.max_players))
    return tables


async def measure_all(env, moves: int, open_games: int, games: list[str]) -> tuple[list[dict], float]:
    clock = Clock(env.bot)
    results = []
    for game, seats in tables_of(games):
        row = await measure_moves(env, clock, game, people(env, f"{game[:8]}{seats}", seats), moves)
        results.append({"seats": seats, **row})
    if open_games:
        await open_many(env, open_games)
        crowded = await measure_moves(env, clock, "dickory", people(env, "late", 2), moves, seed=2)
        crowded["open_games"] = len(env.bot.tables.all())
        results.append(crowded)
    memory = round(await memory_per_game(env), 1)
    return results, memory


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--open-games", type=int, default=1000)
    parser.add_argument(
        "--games",
        default="dickory:2,moleicki:8",
        help="tables to time: GAME or GAME:SEATS, comma-separated, or all (every game, at its most seats)",
    )
    args = parser.parse_args()
    asyncio.run(main(args.moves, args.open_games, args.games.split(",")))
