"""Dickory AI benchmark: playout speed and ISMCTS strength; prints one JSON object.

    python bench/bench_ai.py [--games N] [--iterations K] [--variant classic|hickory] [--jobs J]

Games are seeded (game i uses seed i) and ISMCTS alternates seats: it sits at seat 0
in even games and seat 1 in odd ones (seat 0 leads the first round).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES
from engine.ai import ISMCTSPlayer, make_player

GAME = GAMES["dickory"]


def playouts_per_second(seconds: float, variant: str) -> float:
    """Uniformly random complete games per second (legal_actions + apply each move)."""
    rng = random.Random(1)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.new(2, seed=done, options={"variant": variant})
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        done += 1
    return done / (time.perf_counter() - start)


def play_one(job: tuple[int, str, int, str]) -> dict[str, float]:
    """One seeded game of ISMCTS against `opponent`; ISMCTS's result and its think time."""
    seed, opponent, iterations, variant = job
    me = seed % 2
    players = {me: ISMCTSPlayer(iterations=iterations, seed=seed), 1 - me: make_player(opponent, seed=seed + 10_000)}
    state = GAME.new(2, seed=seed, options={"variant": variant})
    think, moves = 0.0, 0
    while not state.over:
        seat = state.to_move[0]
        start = time.perf_counter()
        action = players[seat].choose(state, seat)
        if seat == me:
            think += time.perf_counter() - start
            moves += 1
        state.apply(seat, action)
    return {"win": float(state.outcome().places[me] == 1), "think": think, "moves": moves}


def match(opponent: str, games: int, iterations: int, variant: str, jobs: int) -> dict[str, float]:
    work = [(seed, opponent, iterations, variant) for seed in range(games)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(play_one, work, chunksize=4))
    moves = sum(r["moves"] for r in results)
    return {
        "games": games,
        "wins": int(sum(r["win"] for r in results)),
        "win_rate": round(sum(r["win"] for r in results) / games, 3),
        "ms_per_move": round(1000 * sum(r["think"] for r in results) / max(moves, 1), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per opponent (default 200)")
    parser.add_argument("--iterations", type=int, default=ISMCTSPlayer().iterations)
    parser.add_argument("--variant", default="classic", choices=("classic", "hickory"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args()
    report = {
        "game": "dickory",
        "variant": args.variant,
        "ismcts_iterations": args.iterations,
        "random_playouts_per_s": round(playouts_per_second(3.0, args.variant), 1),
        "ismcts_vs_random": match("random", args.games, args.iterations, args.variant, args.jobs),
        "ismcts_vs_heuristic": match("heuristic", args.games, args.iterations, args.variant, args.jobs),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
