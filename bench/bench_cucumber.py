"""Cucumber benchmark: random-play speed and ISMCTS strength; prints one JSON object.

    python bench/bench_cucumber.py [--games N] [--players P] [--jobs J] [--seconds S]

Speed: uniformly random complete matches (legal_actions + apply each move) at the
minimum and maximum seat counts. Strength: seeded matches (match i uses seed i) of one
ISMCTS seat (make_player("normal"): 200 iterations within 1 s a move) against random
players and against heuristic players; the ISMCTS seat moves round the table from match
to match. Against random we count matches it wins; against the heuristic, the share of
the other seats it finishes ahead of.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES
from engine.ai import make_player

GAME = GAMES["cucumber"]


def random_speed(players: int, seconds: float) -> dict[str, float]:
    rng = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        state = GAME.new(players, seed=games)
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "actions_per_s": round(actions / elapsed),
        "matches_per_s": round(games / elapsed, 1),
        "mean_actions": round(actions / games, 1),
    }


def render_times(players: int, repeats: int = 40) -> dict[str, float]:
    """p50 milliseconds and bytes of the table and hand pictures of a mid-hand position."""
    from renderers import cucumber as pictures

    state = GAME.new(players, seed=players)
    rng = random.Random(players)
    for _ in range(7 * players + 3):  # into the second trick of the first hand
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    names = [f"Player {s + 1}" for s in range(players)]
    out: dict[str, float] = {}
    for kind, view, draw in (
        ("table", {**state.view(None), "names": names}, pictures.render_table),
        ("hand", {**state.view(state.to_move[0]), "names": names}, pictures.render_hand),
    ):
        draw(view)  # sprites and fonts are built once
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            png = draw(view)
            times.append(time.perf_counter() - start)
        out[f"{kind}_p50_ms"] = round(1000 * sorted(times)[repeats // 2], 1)
        out[f"{kind}_bytes"] = len(png)
    return out


def play_one(job: tuple[int, int, str]) -> dict[str, float]:
    """One seeded match of an ISMCTS seat against `opponent` players."""
    seed, players, opponent = job
    me = seed % players
    seats = {s: make_player(opponent, seed=seed * 10 + s) for s in range(players)}
    seats[me] = make_player("normal", seed=seed)
    state = GAME.new(players, seed=seed)
    think, moves = 0.0, 0
    while not state.over:
        seat = state.to_move[0]
        start = time.perf_counter()
        action = seats[seat].choose(state, seat)
        if seat == me:
            think += time.perf_counter() - start
            moves += 1
        state.apply(seat, action)
    places = state.outcome().places
    ahead = sum(1 for s in range(players) if s != me and places[me] < places[s])
    return {"win": float(places[me] == 1), "ahead": ahead / (players - 1), "think": think, "moves": moves}


def match(opponent: str, games: int, players: int, jobs: int) -> dict[str, float]:
    work = [(seed, players, opponent) for seed in range(games)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = []
        for r in pool.map(play_one, work, chunksize=2):
            results.append(r)
            if len(results) % 10 == 0:  # progress on stderr: long runs can be read part-way
                ahead = sum(x["ahead"] for x in results) / len(results)
                print(f"{opponent}: {len(results)}/{games} games, seats ahead {ahead:.3f}", file=sys.stderr, flush=True)
    moves = sum(r["moves"] for r in results)
    return {
        "players": players,
        "games": games,
        "win_share": round(sum(r["win"] for r in results) / games, 3),
        "seats_ahead_share": round(sum(r["ahead"] for r in results) / games, 3),
        "ms_per_move": round(1000 * sum(r["think"] for r in results) / max(moves, 1), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="matches per opponent (default 200)")
    parser.add_argument("--players", type=int, default=2, help="seats in the strength matches (default 2)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per speed case")
    parser.add_argument("--opponents", default="random,heuristic", help="comma list; empty for speed only")
    args = parser.parse_args()
    report: dict[str, object] = {"game": "cucumber"}
    report["random_play"] = {
        str(p): random_speed(p, args.seconds) for p in sorted({GAME.min_players, GAME.max_players})
    }
    report["render"] = {str(p): render_times(p) for p in sorted({GAME.min_players, GAME.max_players})}
    for opponent in filter(None, args.opponents.split(",")):
        report[f"ismcts_vs_{opponent}"] = match(opponent, args.games, args.players, args.jobs)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
