"""Hickory Dickory benchmark: random-play speed and AI strength; prints one JSON object.

    python bench/bench_hickory_dickory.py [--games N] [--seats 2] [--jobs 2] [--seconds S] [--only PART]

- speed: random-play actions per second at 1 and 4 seats (whole games, fresh seeds).
- render: CPU ms (p50, p99) of the table picture at 1 and 4 seats, of the same table with every
  kept tile dropped first (`redraw`: every panel changed at once), and of the private picture, over
  the views of one seeded heuristic game per seat count (every action's view, so consecutive
  renders differ the way they do in play); PNG bytes p50.
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
import statistics
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


def _cpu_ms(samples: list[float]) -> dict[str, float]:
    samples = sorted(samples)
    return {"p50": round(statistics.median(samples), 2), "p99": round(samples[round(0.99 * (len(samples) - 1))], 2)}


def render(players: int, views: int = 80) -> dict[str, object]:
    """Render timings over a real game's successive views (the heuristic plays, seeded)."""
    from renderers import hickory_dickory as R

    state, rng = GAME.new(players, seed=11), random.Random(11)
    shots: list[tuple[dict[str, object], dict[str, object]]] = []
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    while not state.over and len(shots) < views:
        seat = state.to_move[0]
        shots.append(({**state.view(None), "names": names}, {**state.view(seat), "names": names}))
        state.apply(seat, state.heuristic_action(seat, rng))
    R.render_table(shots[0][0])  # palette and base built outside the timings
    table, redraw, hand, sizes = [], [], [], []
    for public, private in shots:
        c0 = time.process_time()
        sizes.append(len(R.render_table(public)))
        table.append((time.process_time() - c0) * 1000)
        R.clear_tiles()
        c0 = time.process_time()
        R.render_table(public)
        redraw.append((time.process_time() - c0) * 1000)
        c0 = time.process_time()
        R.render_hand(private)
        hand.append((time.process_time() - c0) * 1000)
    return {"views": len(shots), "table_cpu_ms": _cpu_ms(table), "redraw_cpu_ms": _cpu_ms(redraw),
            "hand_cpu_ms": _cpu_ms(hand), "table_bytes_p50": int(statistics.median(sizes))}  # fmt: skip


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
    parser.add_argument("--only", choices=["speed", "strength", "render"])
    args = parser.parse_args()
    out: dict[str, object] = {"game": "hickory_dickory"}
    if args.only in (None, "speed"):
        out["speed"] = {str(n): speed(n, args.seconds) for n in (1, 4)}
    if args.only in (None, "render"):
        out["render"] = {str(n): render(n) for n in (1, 4)}
    if args.only in (None, "strength"):
        out["strength"] = {
            f"{n}:{opp}": strength(n, args.games, opp, args.jobs) for n in args.seats for opp in ("random", "heuristic")
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
