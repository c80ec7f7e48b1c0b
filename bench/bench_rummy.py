"""Rummy benchmark: random-play speed and ISMCTS strength; prints one JSON object.

    python bench/bench_rummy.py [--games N] [--target one-hand|100|250|500] [--players P] [--jobs J]

Random play: uniformly random legal actions over whole 100-point matches at 2 and 6
seats. Strength: game i uses seed i and seats the ISMCTS player (make_player("normal"),
200 iterations or 1 s a move) at seat i % players; the other seats are random or the
heuristic. Matches default to one hand: a 100-point match runs to about ten hands and
200 of them at a second a move would take hours.
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

GAME = GAMES["rummy"]


def random_speed(players: int, seconds: float) -> dict[str, float]:
    rng = random.Random(players)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 2:
        state = GAME.new(players, seed=games)
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"actions_per_s": round(actions / elapsed), "matches": games, "mean_actions": round(actions / games)}


def play_one(job: tuple[int, str, str, int]) -> dict[str, float]:
    """One seeded match: the share of other seats the ISMCTS seat finished ahead of (ties half)."""
    seed, opponent, target, players = job
    me = seed % players
    seats = {s: make_player(opponent, seed=seed * 10 + s) for s in range(players)}
    seats[me] = make_player("normal", seed=seed)
    state = GAME.new(players, seed=seed, options={"target": target})
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
    ahead = sum(1.0 if places[me] < p else 0.5 if places[me] == p else 0.0 for s, p in enumerate(places) if s != me)
    return {"win": float(places[me] == 1), "share": ahead / (players - 1), "think": think, "moves": moves}


def match(opponent: str, games: int, target: str, players: int, jobs: int) -> dict[str, float]:
    work = [(seed, opponent, target, players) for seed in range(games)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(play_one, work, chunksize=2))
    moves = sum(r["moves"] for r in results)
    return {
        "games": games,
        "win_rate": round(sum(r["win"] for r in results) / games, 3),
        "seat_share": round(sum(r["share"] for r in results) / games, 3),
        "ms_per_move": round(1000 * sum(r["think"] for r in results) / max(moves, 1), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--target", default="one-hand", choices=("one-hand", "100", "250", "500"))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skip-random-speed", action="store_true")
    args = parser.parse_args()
    report: dict[str, object] = {"game": "rummy", "target": args.target, "players": args.players}
    if not args.skip_random_speed:
        report["random_play"] = {str(p): random_speed(p, 3.0) for p in (2, 6)}
    report["ismcts_vs_random"] = match("random", args.games, args.target, args.players, args.jobs)
    report["ismcts_vs_heuristic"] = match("heuristic", args.games, args.target, args.players, args.jobs)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
