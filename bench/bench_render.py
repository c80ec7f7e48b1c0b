"""Render benchmarks: `python bench/bench_render.py [--runs N] [--only NAME]`.

Prints one JSON line per (renderer, image):
{"renderer": ..., "image": ..., "ms_first": ..., "ms_p50": ..., "ms_p99": ..., "ms_max": ...,
 "cpu_ms_p50": ..., "redraw_cpu_ms_p50": ..., "bytes": ..., "previous": {...}}

`ms_first` is the first call in this process (it pays for building cached sprites,
fonts, clock faces and palettes); p50/p99/max are wall-clock over the timed runs
after it; `cpu_ms_p50` is this process's CPU time, steadier when the machine is busy.
Renderers keep unchanged parts (Moleicki's player panels, solitaire columns) as
tiles, so re-rendering one view mostly pastes; `redraw_cpu_ms_p50` clears those
tiles before every run: the cost when every panel or column changed at once.
`previous` is the same case measured on the renderers before the speed work
(commit 78ca067, same machine and session, run back to back with this one; Hickory
Dickory at eb6efd0 and Hand and Foot at c85ffab, before their own speed work; Bourré has none);
`PREVIOUS_README` keeps the figures the README of that stop recorded.

`--in-play` instead draws every game along a real game at its fewest and most seats, the
table and the mover's picture after each of 120 heuristic moves, as the bot does: every
view is new, so kept tiles help only where parts did not change (CPU p50 and p99).

Only views built from real engine states are rendered. To add a game, append
`Case`s to `CASES`: a name, a view -> PNG bytes callable, a factory returning
{image name: sample view}, and optionally a callable clearing its tile caches.
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

from renderers import bourre, dickory, freecell, hand_and_foot, hickory_dickory, klondike, moleicki

View = dict[str, Any]

# Measured at 78ca067 (before this work) with this script, --runs 30, on a shared
# 2-core machine under load; compare the cpu column, wall-clock was inflated by the load.
PREVIOUS: dict[str, dict[str, float]] = {
    "dickory.table/start": {"ms_p50": 59.0, "cpu_ms_p50": 19.2, "bytes": 64864},
    "dickory.table/mid-run": {"ms_p50": 54.9, "cpu_ms_p50": 19.6, "bytes": 68960},
    "dickory.table/hickory-bobtail": {"ms_p50": 59.1, "cpu_ms_p50": 18.9, "bytes": 67556},
    "dickory.table/over-best-of-3": {"ms_p50": 64.7, "cpu_ms_p50": 20.9, "bytes": 59665},
    "dickory.hand/start-11": {"ms_p50": 34.4, "cpu_ms_p50": 10.3, "bytes": 33962},
    "dickory.hand/large-18": {"ms_p50": 36.0, "cpu_ms_p50": 12.0, "bytes": 40051},
    "freecell.table/fresh": {"ms_p50": 71.2, "cpu_ms_p50": 23.5, "bytes": 72372},
    "freecell.table/mid": {"ms_p50": 69.3, "cpu_ms_p50": 22.7, "bytes": 76760},
    "freecell.table/long-column": {"ms_p50": 66.8, "cpu_ms_p50": 21.9, "bytes": 75381},
    "freecell.table/won": {"ms_p50": 46.5, "cpu_ms_p50": 14.5, "bytes": 47110},
    "klondike.table/fresh": {"ms_p50": 56.7, "cpu_ms_p50": 17.3, "bytes": 54453},
    "klondike.table/mid": {"ms_p50": 58.0, "cpu_ms_p50": 18.2, "bytes": 58420},
    "klondike.table/draw3": {"ms_p50": 57.8, "cpu_ms_p50": 18.0, "bytes": 56865},
    "moleicki.table/deal-4": {"ms_p50": 38.1, "cpu_ms_p50": 11.8, "bytes": 44483},
    "moleicki.table/mid-2": {"ms_p50": 36.0, "cpu_ms_p50": 12.0, "bytes": 49825},
    "moleicki.table/mid-3": {"ms_p50": 46.4, "cpu_ms_p50": 14.4, "bytes": 61732},
    "moleicki.table/mid-4": {"ms_p50": 48.2, "cpu_ms_p50": 16.0, "bytes": 65563},
    "moleicki.table/mid-5": {"ms_p50": 54.7, "cpu_ms_p50": 18.8, "bytes": 78558},
    "moleicki.table/mid-6": {"ms_p50": 51.1, "cpu_ms_p50": 18.9, "bytes": 80402},
    "moleicki.table/mid-7": {"ms_p50": 60.1, "cpu_ms_p50": 21.7, "bytes": 91599},
    "moleicki.table/mid-8": {"ms_p50": 73.3, "cpu_ms_p50": 21.4, "bytes": 93605},
    "moleicki.table/over-8": {"ms_p50": 80.3, "cpu_ms_p50": 24.6, "bytes": 92443},
    "moleicki.hand/mid-2": {"ms_p50": 40.3, "cpu_ms_p50": 14.0, "bytes": 36172},
    "moleicki.hand/mid-3": {"ms_p50": 37.8, "cpu_ms_p50": 14.0, "bytes": 34944},
    "moleicki.hand/mid-4": {"ms_p50": 42.7, "cpu_ms_p50": 13.8, "bytes": 35476},
    "moleicki.hand/mid-5": {"ms_p50": 45.0, "cpu_ms_p50": 14.8, "bytes": 37936},
    "moleicki.hand/mid-6": {"ms_p50": 50.9, "cpu_ms_p50": 15.1, "bytes": 42290},
    "moleicki.hand/mid-7": {"ms_p50": 44.1, "cpu_ms_p50": 14.8, "bytes": 38678},
    "moleicki.hand/mid-8": {"ms_p50": 48.8, "cpu_ms_p50": 14.3, "bytes": 36939},
    # Hickory Dickory measured at eb6efd0 (before its speed work), same cases, --runs 30, load ~18 on 2 cores.
    "hickory_dickory.table/solo-40": {"ms_p50": 39.0, "cpu_ms_p50": 11.2, "bytes": 57866},
    "hickory_dickory.table/mid-4": {"ms_p50": 45.6, "cpu_ms_p50": 13.3, "bytes": 69389},
    "hickory_dickory.table/late-4": {"ms_p50": 44.0, "cpu_ms_p50": 13.2, "bytes": 69519},
    "hickory_dickory.hand/solo-40": {"ms_p50": 1.6, "cpu_ms_p50": 1.6, "bytes": 14506},
    "hickory_dickory.hand/mid-4": {"ms_p50": 1.4, "cpu_ms_p50": 1.4, "bytes": 15356},
    "hickory_dickory.hand/late-4": {"ms_p50": 1.0, "cpu_ms_p50": 1.0, "bytes": 14342},
    # Hand and Foot measured at c85ffab (before its speed work), same cases, --runs 15, load ~14 on 2 cores.
    "hand_and_foot.table/early": {"ms_p50": 11.9, "cpu_ms_p50": 4.0, "bytes": 34506},
    "hand_and_foot.table/mid": {"ms_p50": 19.9, "cpu_ms_p50": 7.8, "bytes": 54254},
    "hand_and_foot.table/late": {"ms_p50": 29.0, "cpu_ms_p50": 9.3, "bytes": 64803},
    "hand_and_foot.hand/early": {"ms_p50": 5.3, "cpu_ms_p50": 2.1, "bytes": 26518},
    "hand_and_foot.hand/mid": {"ms_p50": 1.4, "cpu_ms_p50": 1.4, "bytes": 18402},
    "hand_and_foot.hand/late": {"ms_p50": 1.4, "cpu_ms_p50": 1.4, "bytes": 18738},
}

PREVIOUS_README = {
    "dickory.table": "26-30 ms",
    "dickory.hand": "15-17 ms",
    "moleicki.table": "16 ms at 2 seats to 29-31 ms at 8",
    "moleicki.hand": "18 ms",
    "freecell.table": "21-35 ms",
    "klondike.table": "26-27 ms",
}


@dataclass(frozen=True)
class Case:
    renderer: str
    render: Callable[[View], bytes]
    views: Callable[[], dict[str, View]]
    reset: Callable[[], None] = lambda: None


def _clear_moleicki_tiles() -> None:
    from renderers import moleicki, moleicki_hand, moleicki_seats

    moleicki_seats._tiles.clear()
    moleicki_seats._mats.clear()
    moleicki._mapped_panels.clear()
    moleicki_hand._tableaux.clear()


def _clear_solitaire_tiles() -> None:
    from renderers import solitaire

    solitaire._columns_kept.clear()


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
    """The deal, mid-game at every seat count 2..8, and a finished 8-seat game."""
    states = {"deal-4": _moleicki_game(4, 3, lambda s: True)}
    for n in range(2, 9):
        states[f"mid-{n}"] = _moleicki_game(n, 0 if n == 2 else 1, _moleicki_mid)
    states["over-8"] = _moleicki_game(8, 1, lambda s: False)
    return states


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
            seat = state.turn_seats[0] if state.turn_seats else 0
            out[name] = dict(state.view(seat), names=_MOLEICKI_NAMES[: state.players])
    return out


def _played(name: str, players: int, moves: int, seed: int) -> Any:
    """A real game of `name` played `moves` actions by the engine's heuristic (seeded)."""
    import random

    from engine import GAMES

    state, rng = GAMES[name].new(players, seed=seed), random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        seat = rng.choice(state.turn_seats or state.to_move)
        state.apply(seat, state.heuristic_action(seat, rng) or rng.choice(state.legal_actions(seat)))
    return state


# Hickory Dickory: the solo clock and a four-seat clock part-way through the first hour and late in the game.
_HICKORY = {"solo-40": (1, 40, 2), "mid-4": (4, 60, 5), "late-4": (4, 400, 5)}


def hickory_states() -> dict[str, Any]:
    return {k: _played("hickory_dickory", *args) for k, args in _HICKORY.items()}


def hickory_views() -> dict[str, View]:
    return {k: dict(s.view(None), names=_MOLEICKI_NAMES[: s.players]) for k, s in hickory_states().items()}


def hickory_hand_views() -> dict[str, View]:
    """The private picture of the seat owing the decision (favors, Spotter draws, prompt)."""
    out = {}
    for k, s in hickory_states().items():
        out[k] = dict(s.view(s.to_move[0] if s.to_move else 0), names=_MOLEICKI_NAMES[: s.players])
    return out


def _clear_hickory_tiles() -> None:
    hickory_dickory.clear_tiles()


# Bourré: a trick under way at two, five and eight seats.
_BOURRE = {"mid-2": (2, 8, 1), "mid-5": (5, 14, 2), "mid-8": (8, 20, 3)}


def bourre_states() -> dict[str, Any]:
    return {k: _played("bourre", *args) for k, args in _BOURRE.items()}


def bourre_views() -> dict[str, View]:
    return {k: dict(s.view(None), names=_MOLEICKI_NAMES[: s.players]) for k, s in bourre_states().items()}


def bourre_hand_views() -> dict[str, View]:
    out = {}
    for k, s in bourre_states().items():
        seat = (s.turn_seats or s.to_move or (0,))[0]
        out[k] = dict(s.view(seat), names=_MOLEICKI_NAMES[: s.players])
    return out


# Hand and Foot: early in the first hand, both sides melding, and late with piles and feet taken up.
_HAND_AND_FOOT = {"early": (4, 12, 1), "mid": (4, 80, 2), "late": (4, 200, 3)}


def hand_and_foot_states() -> dict[str, Any]:
    return {k: _played("hand_and_foot", *args) for k, args in _HAND_AND_FOOT.items()}


def hand_and_foot_views() -> dict[str, View]:
    return {k: dict(s.view(None), names=_MOLEICKI_NAMES[:4]) for k, s in hand_and_foot_states().items()}


def hand_and_foot_hand_views() -> dict[str, View]:
    out = {}
    for k, s in hand_and_foot_states().items():
        out[k] = dict(s.view((s.to_move or (0,))[0]), names=_MOLEICKI_NAMES[:4])
    return out


def generic_states(name: str) -> dict[str, Any]:
    """A game the cases above do not build by hand: mid-game at its fewest and most seats."""
    import random

    from engine import GAMES

    game = GAMES[name]
    out = {}
    for players in sorted({game.min_players, game.max_players}):
        state, rng = game.new(players, seed=players), random.Random(players)
        for _ in range(12):
            if state.over:
                break
            seat = rng.choice(state.turn_seats or state.to_move)
            action = state.heuristic_action(seat, rng) or rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
        out[f"mid-{players}"] = state
    return out


def generic_cases() -> list[Case]:
    import renderers
    from engine import GAMES

    cases = []
    special = {"bourre", "dickory", "freecell", "hand_and_foot", "hickory_dickory", "klondike", "moleicki"}
    for name in sorted(set(GAMES) - special):
        module = renderers.for_game(name)

        def tables(name: str = name) -> dict[str, View]:
            return {k: dict(s.view(None), names=_MOLEICKI_NAMES[: s.players]) for k, s in generic_states(name).items()}

        def hands(name: str = name) -> dict[str, View]:
            out = {}
            for k, s in generic_states(name).items():
                seat = (s.turn_seats or s.to_move or (0,))[0]
                out[k] = dict(s.view(seat), names=_MOLEICKI_NAMES[: s.players])
            return out

        cases += [Case(f"{name}.table", module.render_table, tables), Case(f"{name}.hand", module.render_hand, hands)]
    return cases


CASES: list[Case] = [
    Case("dickory.table", dickory.render_table, dickory_views),
    Case("dickory.hand", dickory.render_hand, dickory_hand_views),
    Case("freecell.table", freecell.render_table, freecell_views, _clear_solitaire_tiles),
    Case("klondike.table", klondike.render_table, klondike_views, _clear_solitaire_tiles),
    # a solitaire's own picture is its table (nothing is private); timed apart all the same
    Case("freecell.hand", freecell.render_hand, freecell_views, _clear_solitaire_tiles),
    Case("klondike.hand", klondike.render_hand, klondike_views, _clear_solitaire_tiles),
    Case("moleicki.table", moleicki.render_table, moleicki_views, _clear_moleicki_tiles),
    Case("moleicki.hand", moleicki.render_hand, moleicki_hand_views),
    Case("hickory_dickory.table", hickory_dickory.render_table, hickory_views, _clear_hickory_tiles),
    Case("hickory_dickory.hand", hickory_dickory.render_hand, hickory_hand_views),
    Case("bourre.table", bourre.render_table, bourre_views),
    Case("bourre.hand", bourre.render_hand, bourre_hand_views),
    Case("hand_and_foot.table", hand_and_foot.render_table, hand_and_foot_views, hand_and_foot.clear_tiles),
    Case("hand_and_foot.hand", hand_and_foot.render_hand, hand_and_foot_hand_views),
    *generic_cases(),
]


def bench(case: Case, runs: int) -> list[dict[str, Any]]:
    out = []
    for image, view in case.views().items():
        t0 = time.perf_counter()
        png = case.render(view)
        first = (time.perf_counter() - t0) * 1000
        for _ in range(3):  # settle allocator and caches before timing
            case.render(view)
        times, cpu, redraw = [], [], []
        gc.collect()
        for _ in range(runs):
            t0, c0 = time.perf_counter(), time.process_time()
            png = case.render(view)
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        for _ in range(max(5, runs // 3)):
            case.reset()
            c0 = time.process_time()
            case.render(view)
            redraw.append((time.process_time() - c0) * 1000)
        times.sort()
        out.append(
            {
                "renderer": case.renderer,
                "image": image,
                "ms_first": round(first, 1),
                "ms_p50": round(statistics.median(times), 1),
                "ms_p99": round(times[min(len(times) - 1, round(0.99 * (len(times) - 1)))], 1),
                "ms_max": round(max(times), 1),
                "cpu_ms_p50": round(statistics.median(cpu), 1),
                "redraw_cpu_ms_p50": round(statistics.median(redraw), 1),
                "bytes": len(png),
                "previous": PREVIOUS.get(f"{case.renderer.replace('.hand', '.table')}/{image}")
                if case.renderer.split(".")[0] in ("freecell", "klondike")
                else PREVIOUS.get(f"{case.renderer}/{image}"),
                "previous_readme": PREVIOUS_README.get(case.renderer),
            }
        )
    return out


def in_play(name: str, players: int, moves: int = 120, seed: int = 5) -> list[dict[str, Any]]:
    """A real game in move order, as the bot draws it: after each move the table and the
    mover's own picture, every view new, kept tiles carried from move to move. CPU ms."""
    import random

    import renderers
    from engine import GAMES

    module = renderers.for_game(name)
    state, rng = GAMES[name].new(players, seed=seed), random.Random(seed)
    names = _MOLEICKI_NAMES[:players]
    module.render_table(dict(state.view(None), names=names))  # fonts, sprites and palette built
    cpu: dict[str, list[float]] = {"table": [], "hand": []}
    for _ in range(moves):
        if state.over:
            break
        seat = rng.choice(state.turn_seats or state.to_move)
        state.apply(seat, state.heuristic_action(seat, rng) or rng.choice(state.legal_actions(seat)))
        for what, render, view in (
            ("table", module.render_table, state.view(None)),
            ("hand", module.render_hand, state.view(seat)),
        ):
            c0 = time.process_time()
            render(dict(view, names=names))
            cpu[what].append((time.process_time() - c0) * 1000)
    rows = []
    for what, times in cpu.items():
        times.sort()
        rows.append(
            {
                "renderer": f"{name}.{what}",
                "image": f"in-play-{players}",
                "pictures": len(times),
                "cpu_ms_p50": round(statistics.median(times), 1),
                "cpu_ms_p99": round(times[min(len(times) - 1, round(0.99 * (len(times) - 1)))], 1),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--only", default=None, help="run only renderers whose name contains this")
    ap.add_argument("--in-play", action="store_true", help="draw every game along a real game, move by move, instead")
    args = ap.parse_args(argv)
    if args.in_play:
        from engine import GAMES

        for name in sorted(GAMES):
            if args.only and args.only not in name:
                continue
            game = GAMES[name]
            for players in sorted({game.min_players, game.max_players}):
                for row in in_play(name, players):
                    print(json.dumps(row), flush=True)
        return 0
    for case in CASES:
        if args.only and args.only not in case.renderer:
            continue
        for row in bench(case, args.runs):
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
