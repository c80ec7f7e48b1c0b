"""Hickory Dickory benchmark: random-play speed and AI strength; prints one JSON object.

    python bench/bench_hickory_dickory.py [--games N] [--seats 2] [--jobs 2] [--seconds S] [--only PART]
                                          [--fixed] [--kinds heuristic normal] [--out FILE]

- speed: random-play actions per second at 1 and 4 seats (whole games, fresh seeds).
- render: CPU ms (p50, p99) of the table picture at 1 and 4 seats, of the same table with every
  kept tile dropped first (`redraw`: every panel changed at once), and of the private picture, over
  the views of one seeded heuristic game per seat count (every action's view, so consecutive
  renders differ the way they do in play); PNG bytes p50.
- strength: `--games` seeded games per opponent kind (random, heuristic) at each seat count, the
  pairings interleaved seed by seed (with --out, the figures so far are rewritten after each game),
  ISMCTS (`make_player("normal")`: 300 iterations, 1 s) in seat i mod n of game i.
  win_rate: share of games the ISMCTS seat places first; ahead_rate: over games and each
  opponent seat, how often the ISMCTS seat finishes with a better place (ties count half).
- solo: `--games` seeded one-seat games per player kind (`--kinds`, default heuristic and normal):
  the score distribution (mean, quartiles, min, max) and the win rate (100 points or more).
--fixed: ISMCTS runs all its 300 iterations with no wall-clock cap, so a loaded machine cannot
weaken it and results repeat exactly. --out also writes the JSON to a file.
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import ISMCTSPlayer, Player, make_player, normal_iterations
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


def player(kind: str, seed: int, fixed: bool) -> Player:
    """A seat's AI; with `fixed`, the normal player's iteration cap and no wall clock."""
    if fixed and kind == "normal":
        return ISMCTSPlayer(iterations=normal_iterations("hickory_dickory"), time_limit=None, seed=seed)
    return make_player(kind, seed=seed)


def one_game(args: tuple[int, int, str, bool]) -> dict[str, object]:
    players, seed, opponent, fixed = args
    me = seed % players
    seats = [player("normal" if s == me else opponent, seed * 10 + s, fixed) for s in range(players)]
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


def summary(players: int, rows: list[dict[str, Any]]) -> dict[str, float]:
    ahead = [a for r in rows for a in r["ahead"]]
    return {
        "games": len(rows),
        "win_rate": round(sum(bool(r["won"]) for r in rows) / len(rows), 3),
        "ahead_rate": round(sum(ahead) / len(ahead), 3),
        "baseline": round(1 / players, 3),
    }


def strength(
    seats: list[int], games: int, jobs: int, fixed: bool, out: dict[str, Any], path: Path | None
) -> dict[str, dict[str, float]]:
    """Every pairing's games interleaved seed by seed, so a run cut short still has a sample of each;
    with --out the figures so far are rewritten after every game (`complete` says whether all ran)."""
    work = [(n, seed, opp, fixed) for seed in range(games) for n in seats for opp in ("random", "heuristic")]
    rows: dict[str, list[dict[str, Any]]] = {f"{n}:{opp}": [] for n in seats for opp in ("random", "heuristic")}
    with ProcessPoolExecutor(jobs) as pool:
        for row in pool.map(one_game, work):
            rows[f"{row['players']}:{row['opponent']}"].append(row)
            figures = {k: summary(int(k.split(":")[0]), v) for k, v in rows.items() if v}
            if path:
                done = sum(len(v) for v in rows.values())
                _write(path, {**out, "strength": figures, "fixed": fixed, "complete": done == len(work)})
    return figures


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")


def solo_game(args: tuple[str, int, bool]) -> dict[str, object]:
    kind, seed, fixed = args
    me = player(kind, seed * 10, fixed)
    state = GAME.new(1, seed=seed)
    while not state.over:
        state.apply(0, me.choose(state, 0))
    row = {"players": 1, "seed": seed, "kind": kind, "score": state.scores[0]}
    print(json.dumps(row), file=sys.stderr, flush=True)
    return row


def solo(kind: str, games: int, jobs: int, fixed: bool) -> dict[str, float]:
    """Solo score distribution of one player kind over seeded games (a win is 100 or more)."""
    with ProcessPoolExecutor(jobs) as pool:
        rows = list(pool.map(solo_game, [(kind, seed, fixed) for seed in range(games)]))
    scores = sorted(int(r["score"]) for r in rows)  # type: ignore[call-overload]
    q = statistics.quantiles(scores, n=4) if len(scores) > 1 else [scores[0]] * 3
    wins = sum(s >= 100 for s in scores)
    return {"games": games, "mean": round(statistics.mean(scores), 1), "q1": q[0], "median": q[1], "q3": q[2],
            "min": scores[0], "max": scores[-1], "win_rate": round(wins / games, 3)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--only", choices=["speed", "strength", "render", "solo"])
    parser.add_argument("--fixed", action="store_true", help="ISMCTS: all 300 iterations, no wall clock")
    parser.add_argument("--kinds", nargs="+", default=["heuristic", "normal"], help="solo: player kinds")
    parser.add_argument("--out", type=Path, help="also write the JSON here")
    args = parser.parse_args()
    out: dict[str, object] = {"game": "hickory_dickory"}
    if args.only in (None, "speed"):
        out["speed"] = {str(n): speed(n, args.seconds) for n in (1, 4)}
    if args.only in (None, "render"):
        out["render"] = {str(n): render(n) for n in (1, 4)}
    if args.only in (None, "strength"):
        out["strength"] = strength(args.seats, args.games, args.jobs, args.fixed, dict(out), args.out)
        out["fixed"], out["complete"] = args.fixed, True
    if args.only == "solo":
        out["solo"] = {kind: solo(kind, args.games, args.jobs, args.fixed) for kind in args.kinds}
        out["fixed"] = args.fixed
    text = json.dumps(out, indent=2)
    print(text)
    if args.out:
        _write(args.out, out)


if __name__ == "__main__":
    main()
