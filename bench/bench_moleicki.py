"""Moleicki engine benchmark: full playouts per second, random and heuristic, at 2, 4 and 8 players.

Run `python bench/bench_moleicki.py [seconds-per-case]`; prints one JSON object. Every
playout starts from a fresh deal (the dealer's first legal deal), picks a random seat
among `to_move` at each step like the conformance test, and plays to the end.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.moleicki import GAME


def playout(players: int, seed: int, heuristic: bool) -> int:
    """Play one game to the end; returns the number of actions applied."""
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.over:
        seat = rng.choice(state.to_move)
        action = state.heuristic_action(seat, rng) if heuristic else rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        steps += 1
    return steps


def measure(players: int, heuristic: bool, seconds: float) -> dict[str, float]:
    games = actions = longest = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        n = playout(players, games, heuristic)
        games += 1
        actions += n
        longest = max(longest, n)
    elapsed = time.perf_counter() - start
    return {
        "playouts_per_s": round(games / elapsed, 2),
        "actions_per_s": round(actions / elapsed, 1),
        "mean_actions": round(actions / games, 1),
        "longest": longest,
        "games": games,
    }


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    result: dict[str, object] = {"game": "moleicki", "seconds_per_case": seconds}
    for kind in ("random", "heuristic"):
        result[kind] = {str(p): measure(p, kind == "heuristic", seconds) for p in (2, 4, 8)}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
