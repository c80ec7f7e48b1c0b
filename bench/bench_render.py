"""Render benchmarks: `python bench/bench_render.py [--runs N] [--only NAME]`.

Prints one JSON line per (renderer, image):
{"renderer": ..., "image": ..., "ms_first": ..., "ms_p50": ..., "ms_max": ...,
 "cpu_ms_p50": ..., "bytes": ...}

`ms_first` is the first call in this process (it pays for building cached sprites,
fonts and clock faces); p50 and max are wall-clock over the timed runs after it;
`cpu_ms_p50` is this process's CPU time, steadier when the machine is busy. To add a
game, append `Case`s to `CASES`: a name, a view -> PNG bytes callable, and a
factory returning {image name: sample view}.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renderers import dickory

View = dict[str, Any]


@dataclass(frozen=True)
class Case:
    renderer: str
    render: Callable[[View], bytes]
    views: Callable[[], dict[str, View]]


def _dickory_order(highest: int) -> list[int]:
    return dickory.order_from_highest(highest)


def dickory_views() -> dict[str, View]:
    """Public-table views at several moments of a Dickory game."""
    base: View = {
        "game": "dickory",
        "variant": "classic",
        "match": "single",
        "players": 2,
        "seat": None,
        "queue": [11, 9, 4, 2, 10, 7],
        "highest": 7,
        "order": _dickory_order(7),
        "meld": None,
        "round_type": None,
        "leader": 1,
        "to_move": [1],
        "hand_sizes": [11, 11],
        "known": [[], []],
        "draw_pile": 20,
        "discards": 0,
        "scores": [0, 0],
        "hand_no": 1,
        "dealer": 0,
        "over": False,
        "winner": None,
        "names": ["Alice", "Bob"],
    }
    return {
        "start": dict(base),
        "mid-run": dict(
            base,
            queue=[4, 12, 5, 7, 11, 2],
            highest=2,
            order=_dickory_order(2),
            meld={"cards": [12, 1, 2], "type": "run", "seat": 0},
            round_type="run",
            leader=0,
            hand_sizes=[7, 9],
            known=[[], [11, 2]],
            draw_pile=8,
            discards=14,
        ),
        "hickory-bobtail": dict(
            base,
            variant="hickory",
            queue=[3, 8, 6],
            highest=6,
            order=_dickory_order(6),
            meld={"cards": [3, 4, 5, 6], "type": "bobtail", "seat": 1},
            round_type="single",
            leader=0,
            to_move=[0],
            hand_sizes=[4, 2],
            known=[[9, 9, 10], []],
            draw_pile=0,
            discards=27,
        ),
        "over-best-of-3": dict(
            base,
            match="best-of-3",
            hand_no=3,
            scores=[2, 1],
            queue=[5, 1],
            highest=1,
            order=_dickory_order(1),
            meld={"cards": [8, 8], "type": "double", "seat": 0},
            to_move=[],
            hand_sizes=[0, 5],
            known=[[], [3]],
            draw_pile=0,
            discards=30,
            over=True,
            winner=0,
        ),
    }


def dickory_hand_views() -> dict[str, View]:
    """A player's own views with hands of typical and large size."""
    views = dickory_views()
    start = dict(views["start"], seat=1, hand=[8, 8, 10, 12, 12, 1, 3, 3, 5, 6, 7])
    big = dict(
        views["mid-run"],
        seat=1,
        hand=[3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 1, 1, 2, 2, 2],
        hand_sizes=[7, 18],
    )
    return {"start-11": start, "large-18": big}


CASES: list[Case] = [
    Case("dickory.table", dickory.render_table, dickory_views),
    Case("dickory.hand", dickory.render_hand, dickory_hand_views),
]


def bench(case: Case, runs: int) -> list[dict[str, Any]]:
    out = []
    for image, view in case.views().items():
        t0 = time.perf_counter()
        png = case.render(view)
        first = (time.perf_counter() - t0) * 1000
        for _ in range(3):  # settle allocator and caches before timing
            case.render(view)
        times, cpu = [], []
        gc.collect()
        for _ in range(runs):
            t0, c0 = time.perf_counter(), time.process_time()
            png = case.render(view)
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        out.append(
            {
                "renderer": case.renderer,
                "image": image,
                "ms_first": round(first, 1),
                "ms_p50": round(statistics.median(times), 1),
                "ms_max": round(max(times), 1),
                "cpu_ms_p50": round(statistics.median(cpu), 1),
                "bytes": len(png),
            }
        )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--only", default=None, help="run only renderers whose name contains this")
    args = ap.parse_args(argv)
    for case in CASES:
        if args.only and args.only not in case.renderer:
            continue
        for row in bench(case, args.runs):
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
