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

from renderers import dickory, freecell, klondike, moleicki

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
    from engine import GAMES

    # a real deal's public view (queue 11 9 4 2 10 7 stacked after the hands), then variations
    hands = [1, 1, 3, 3, 5, 5, 6, 6, 8, 8, 12, 12, 1, 1, 3, 3, 5, 5, 6, 6, 8, 8]
    deal = GAMES["dickory"].new(2, seed=1, deck=[*hands, 11, 9, 4, 2, 10, 7])
    base: View = dict(deal.view(None), names=["Alice", "Bob"])
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


def freecell_views() -> dict[str, View]:
    """FreeCell tables from real play: a fresh deal, the solver's line half-way, a 14-card
    column (deal 86 after 62 moves, the longest on the solver's lines for deals 1-120), won."""
    from engine import GAMES
    from engine.freecell_solver import solve

    def after(deal: int, moves: int | None) -> View:
        state = GAMES["freecell"].new(1, seed=1, options={"deal": str(deal)})
        for text in (solve(state) or [])[:moves]:
            state.apply(0, text)
        return dict(state.view(None), names=["Alice"])

    return {"fresh": after(617, 0), "mid": after(86, 30), "long-column": after(86, 62), "won": after(1, None)}


def klondike_views() -> dict[str, View]:
    """Klondike tables from real play (the engine's hints): fresh, mid-game, two draws of three."""
    from engine import GAMES

    def after(seed: int, steps: int, draws: int = 0, **options: str) -> View:
        state = GAMES["klondike"].new(1, seed=seed, options=options)
        for _ in range(draws):
            state.apply(0, "draw")
        for _ in range(steps):
            hint = state.hint()
            if hint is None:
                break
            state.apply(0, hint.text)
        return dict(state.view(None), names=["Alice"])

    return {"fresh": after(5, 0), "mid": after(5, 25), "draw3": after(11, 0, 2, draw="3", passes="3")}


def _moleicki_game(players: int, seed: int, wanted: Callable[[Any], bool], **options: str) -> Any:
    """A real Moleicki game played by the engine's heuristic until `wanted(state)`."""
    import random

    from engine import GAMES

    state = GAMES["moleicki"].new(players, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.over and not wanted(state):
        movers = state.to_move
        seat = movers[0] if len(movers) == 1 else rng.choice(movers)
        state.apply(seat, state.heuristic_action(seat, rng).text)
    return state


_MOLEICKI_NAMES = ["Alice", "Bob", "Zoë", "Dmitri", "Eve", "Mallory", "Trent", "Peggy"]


def _moleicki_mid(state: Any) -> bool:
    view = state.view(None)
    return view["phase"] == "play" and len(view["good_discards"]) >= 2 and bool(view["top"])


def moleicki_states() -> dict[str, Any]:
    return {
        "deal-4": _moleicki_game(4, 3, lambda s: True),
        "mid-2": _moleicki_game(2, 0, _moleicki_mid),
        "mid-4": _moleicki_game(4, 1, _moleicki_mid),
        "mid-8": _moleicki_game(8, 1, _moleicki_mid),
        "over-8": _moleicki_game(8, 1, lambda s: False),
    }


def moleicki_views() -> dict[str, View]:
    """Public Moleicki tables from real games: the deal, mid-game for 2, 4 and 8, the end."""
    return {
        name: dict(state.view(None), names=_MOLEICKI_NAMES[: state.players])
        for name, state in moleicki_states().items()
    }


def moleicki_hand_views() -> dict[str, View]:
    """The player to move's own view: hand and tableau."""
    out = {}
    for name, state in moleicki_states().items():
        if name.startswith("mid"):
            seat = state.to_move[0]
            out[name] = dict(state.view(seat), names=_MOLEICKI_NAMES[: state.players])
    return out


CASES: list[Case] = [
    Case("dickory.table", dickory.render_table, dickory_views),
    Case("dickory.hand", dickory.render_hand, dickory_hand_views),
    Case("freecell.table", freecell.render_table, freecell_views),
    Case("klondike.table", klondike.render_table, klondike_views),
    Case("moleicki.table", moleicki.render_table, moleicki_views),
    Case("moleicki.hand", moleicki.render_hand, moleicki_hand_views),
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
