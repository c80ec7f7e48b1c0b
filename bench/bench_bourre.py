"""Bourré render times and sizes; prints one JSON object.

    python bench/bench_bourre.py [--runs N]

Random-play speed and ISMCTS strength come from the generic bench:
    python bench/bench_game.py bourre --seats 2 4 --option hands=1 --fixed
(one hand a match, extended until a pot is won cleanly, so 200 games stay affordable).
A one-hand match is mostly the luck of one deal; the default ten hands let skill show but
cost ten times as much. --fixed runs ISMCTS's full 300 iterations, which an idle machine
reaches well inside the 1 s budget (about 1,600 iterations a CPU second at four seats,
1,000 at eight), so a loaded machine cannot weaken it. Add --seer for the ceiling (a search
that sees every hand and the stock); bench/out/bourre_ai.json holds this stop's figures.

Views are taken from real heuristic games at 2 and 8 seats in the middle of a trick.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES
from renderers import bourre as R

NAMES = ["Alice", "Bob", "Zoë Wójcik", "Dmitri", "Eve", "Mallory the Magnificent", "Grace", "Heidi"]


def mid_trick(players: int) -> tuple[dict, dict]:
    """(public view, the mover's view) of the first heuristic game reaching a trick with two cards down."""
    for seed in range(100):
        state = GAMES["bourre"].new(players, seed=seed)
        rng = random.Random(seed)
        while not state.over and not (state.phase == "trick" and len(state.trick) >= min(2, players - 1)):
            seat = state.to_move[0]
            state.apply(seat, state.heuristic_action(seat, rng))
        if not state.over:
            names = NAMES[:players]
            return dict(state.view(None), names=names), dict(state.view(state.to_move[0]), names=names)
    raise RuntimeError("no game reached a trick")


def timed(fn, view: dict, runs: int) -> dict[str, float]:
    fn(view)  # sprites, fonts and the palette are built once
    times, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        png = fn(view)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return {
        "ms_p50": round(statistics.median(times), 2),
        "cpu_ms_p50": round(statistics.median(cpu), 2),  # steadier when the machine is busy
        "ms_max": round(max(times), 2),
        "bytes": len(png),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    report: dict[str, object] = {"game": "bourre"}
    for players in (2, 8):
        table, hand = mid_trick(players)
        report[f"table_{players}p"] = timed(R.render_table, table, args.runs)
        report[f"hand_{players}p"] = timed(R.render_hand, hand, args.runs)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
