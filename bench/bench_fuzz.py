"""The long fuzz run: the bot in SimCord through thousands of seeded interactions; prints JSON.

Several seeds, each a fresh SQLite file, run by tests/bot/fuzz.py: four games (every game
with --games all) with junk, stale and forged panels, non-players, DMs, bursts, injected
Discord 500/429s, restarts and crashes. Prints one JSON object: the summed figures, each bad column
(the goal is zero in every one), per-seed figures and the first findings of each
failure class so each can be reproduced from its seed and step.

    python bench/bench_fuzz.py [--seeds 10] [--steps 600] [--first-seed 1] [--games all | dickory,rummy,...]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GAMES
from tests.bot.fuzz import GAME_NAMES, run_fuzz
from tests.bot.fuzz_checks import BAD_COLUMNS, FuzzResult

SUMMED = ("steps", "interactions", *BAD_COLUMNS, "faults_injected", "faults_survived", "restarts", "crashes")
SUMMED += ("cut_by_crash", "games_resumed_identical", "games_started", "games_finished", "moves", "bursts")


async def one(seed: int, steps: int, games: tuple[str, ...]) -> tuple[FuzzResult, float]:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        result = await run_fuzz(f"{tmp}/fuzz.sqlite3", seed=seed, steps=steps, games=games)
        return result, time.perf_counter() - start


def first_findings(results: list[FuzzResult], per_column: int = 2) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for column in BAD_COLUMNS:
        found = [f"seed {r.seed} " + f.line() for r in results for f in r.findings if f.column == column]
        if found:
            out[column] = found[:per_column]
    return out


async def main(seeds: int, steps: int, first_seed: int, games: tuple[str, ...]) -> None:
    results, seconds = [], 0.0
    for seed in range(first_seed, first_seed + seeds):
        result, took = await one(seed, steps, games)
        results.append(result)
        seconds += took
    total = {key: sum(getattr(r, key) for r in results) for key in SUMMED}
    report = {
        "bench": "fuzz",
        "seeds": [r.seed for r in results],
        "games": list(games),
        "seconds": round(seconds, 1),
        "interactions_per_s": round(total["interactions"] / seconds, 1) if seconds else None,
        **total,
        "bad": {c: total[c] for c in BAD_COLUMNS if total[c]},
        "per_seed": [{"seed": r.seed, "interactions": r.interactions, "bad": r.bad()} for r in results],
        "first_findings": first_findings(results),
    }
    print(json.dumps(report, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAME_NAMES), help="comma-separated, or 'all' (every game)")
    args = parser.parse_args()
    chosen = tuple(sorted(GAMES)) if args.games == "all" else tuple(args.games.split(","))
    asyncio.run(main(args.seeds, args.steps, args.first_seed, chosen))
    # A crashed bot's database thread is never closed (that is the crash); don't wait for it.
    os._exit(0)
