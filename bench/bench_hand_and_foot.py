"""Hand and Foot: random-play speed and ISMCTS strength by partnership; prints one JSON object.

    python bench/bench_hand_and_foot.py [--games N] [--hands 1|2|4] [--jobs J] [--speed-seconds S]

Hand and Foot is a partnership game, so one side (both seats) plays ISMCTS
(make_player("normal"): NORMAL iterations within 1 s a move) against a side of random or
heuristic players; the ISMCTS side alternates with the seed. `win_share` is the share of
games the ISMCTS side wins (a tie counts a half); `beaten_share` the share of opposing seats
it finishes ahead of, which for two sides is the same figure. A four-hand match runs about a
thousand moves, so the strength runs default to one-hand matches (`--hands`).
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

NAME = "hand_and_foot"


def random_speed(seconds: float) -> dict[str, float]:
    """Random legal actions per second over whole four-hand matches (legal_actions + apply)."""
    game = GAMES[NAME]
    rng = random.Random(4)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        state = game.new(4, seed=games)
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"actions_per_s": round(actions / elapsed), "games_per_s": round(games / elapsed, 2)}


def play_one(job: tuple[int, str, str]) -> dict[str, float]:
    seed, opponent, hands = job
    side = seed % 2
    seats = {s: make_player("normal" if s % 2 == side else opponent, seed=seed * 10 + s) for s in range(4)}
    state = GAMES[NAME].new(4, seed=seed, options={"hands": hands})
    think, moves = 0.0, 0
    while not state.over:
        seat = state.to_move[0]
        start = time.perf_counter()
        action = seats[seat].choose(state, seat)
        if seat % 2 == side:
            think += time.perf_counter() - start
            moves += 1
        state.apply(seat, action)
    places = state.outcome().places
    mine, theirs = places[side], places[1 - side]
    win = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return {"win": win, "think": think, "moves": moves, "margin": state.scores[side] - state.scores[1 - side]}


def match(opponent: str, games: int, jobs: int, hands: str) -> dict[str, float]:
    work = [(seed, opponent, hands) for seed in range(games)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(play_one, work, chunksize=2))
    moves = sum(r["moves"] for r in results)
    share = sum(r["win"] for r in results) / games
    return {
        "games": games,
        "win_share": round(share, 3),
        "beaten_share": round(share, 3),
        "mean_margin": round(sum(r["margin"] for r in results) / games),
        "ms_per_move": round(1000 * sum(r["think"] for r in results) / max(1, moves), 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--hands", default="1", choices=("1", "2", "4"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--speed-seconds", type=float, default=5.0)
    args = ap.parse_args()
    out = {
        "game": NAME,
        "random_play_4_seats": random_speed(args.speed_seconds),
        "hands_per_match": int(args.hands),
        "ismcts_side_vs_random": match("random", args.games, args.jobs, args.hands),
        "ismcts_side_vs_heuristic": match("heuristic", args.games, args.jobs, args.hands),
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
