"""Hickory Dickory benchmark: random-play speed and AI strength; prints one JSON object.

    python bench/bench_hickory_dickory.py [--games N] [--seats 2] [--jobs 2] [--seconds S]

- speed: random-play actions per second at 1 and 4 seats (whole games, fresh seeds).
- strength: `--games` seeded games per opponent kind (random, heuristic) at each seat count,
  ISMCTS (`make_player("normal")`: 300 iterations, 1 s) in seat i mod n of game i.
  win_rate: share of games the ISMCTS seat places first; ahead_rate: over games and each
  opponent seat, how often the ISMCTS seat finishes with a better place (ties count half).
Each finished game is printed to stderr as one JSON line, for progress.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import make_player
from engine.hickory_dickory import GAME


def speed(players: int, seconds: float) -> dict[str, float]:
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.new(players, seed=games)
        rng = random.Random(games)
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
    spent = time.perf_counter() - start
    return {"games": games, "actions_per_s": round(actions / spent, 1), "actions_per_game": round(actions / games, 1)}


def one_game(args: tuple[int, int, str]) -> dict[str, object]:
    players, seed, opponent = args
    me = seed % players
    seats = [make_player("normal" if s == me else opponent, seed=seed * 10 + s) for s in range(players)]
    state = GAME.new(players, seed=seed)
    while not state.over:
        seat = state.to_move[0]
        state.apply(seat, seats[seat].choose(state, seat))
    places = state.outcome().places
    ahead = [
        1.0 if places[me] < places[o] else 0.5 if places[me] == places[o] else 0.0 for o in range(players) if o != me
    ]
    row = {"players": players, "seed": seed, "opponent": opponent, "won": places[me] == 1, "ahead": ahead,
           "scores": list(state.scores), "me": me}  # fmt: skip
    print(json.dumps(row), file=sys.stderr, flush=True)
    return row


def strength(players: int, games: int, opponent: str, jobs: int) -> dict[str, float]:
    with ProcessPoolExecutor(jobs) as pool:
        rows = list(pool.map(one_game, [(players, seed, opponent) for seed in range(games)]))
    ahead = [a for r in rows for a in r["ahead"]]  # type: ignore[union-attr]
    return {
        "games": games,
        "win_rate": round(sum(bool(r["won"]) for r in rows) / games, 3),
        "ahead_rate": round(sum(ahead) / len(ahead), 3),
        "baseline": round(1 / players, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--only", choices=["speed", "strength"])
    args = parser.parse_args()
    out: dict[str, object] = {"game": "hickory_dickory"}
    if args.only != "strength":
        out["speed"] = {str(n): speed(n, args.seconds) for n in (1, 4)}
    if args.only != "speed":
        out["strength"] = {
            f"{n}:{opp}": strength(n, args.games, opp, args.jobs) for n in args.seats for opp in ("random", "heuristic")
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
