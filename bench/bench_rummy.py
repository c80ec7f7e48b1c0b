"""Rummy policy screen: one seat played by a policy style (no search), the others by the easy heuristic.

`--me ismcts` puts ISMCTS there instead, with its knobs (`--ismcts iterations=600 cutoff=8`);
`--me normal` the registered normal seat. Per-move process time of that seat: p50 / p99.

Matches to the game's default target (100) unless `--target` says otherwise (the policy
screens in bench/out/rummy_ai.json were one-hand). The policy's seat is seed % seats, as in
bench_game. `--style easy` is the heuristic itself in that seat (the baseline on the same
deals). A style is Style fields as NAME=VALUE pairs, e.g. `--style hold=rummy discard=outs`.

    PYTHONPATH=. python bench/bench_rummy.py --seats 4 --seeds 0 400 --style hold=rummy
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import fields, replace

from engine import GAMES, rummy_ai
from engine.ai import ISMCTSPlayer, PolicyPlayer, make_player, register_evaluation
from engine.rummy_policy import EASY_STYLE, STYLE, Style, policy

ISMCTS = {"iterations": 300}


def parse_style(pairs: list[str]) -> Style:
    if pairs == ["easy"]:
        return EASY_STYLE
    types = {f.name: f.type for f in fields(Style)}
    style = STYLE
    for pair in pairs:
        name, value = pair.split("=", 1)
        kind = types[name]
        style = replace(style, **{name: float(value) if kind == "float" else int(value) if kind == "int" else value})
    return style


def play(
    seed: int, players: int, me_kind: str, style: Style, opponent: str, target: str = "100"
) -> tuple[float, float, list[float]]:
    state = GAMES["rummy"].new(players, seed=seed, options={"target": target})
    me = seed % players
    seats = {s: make_player(opponent, seed=seed * 10 + s, game="rummy") for s in range(players)}
    if me_kind == "policy":
        seats[me] = PolicyPlayer(policy, style, seed * 10 + me)
    elif me_kind == "ismcts":
        seats[me] = ISMCTSPlayer(iterations=ISMCTS["iterations"], seed=seed * 10 + me)
    else:
        seats[me] = make_player(me_kind, seed * 10 + me, "rummy")
    times = []
    while not state.over:
        seat = state.to_move[0]
        start = time.process_time()
        action = seats[seat].choose(state, seat)
        if seat == me:
            times.append(time.process_time() - start)
        state.apply(seat, action)
    places = state.outcome().places
    beaten = sum(1 for s in range(players) if s != me and places[s] > places[me]) / (players - 1)
    return float(places[me] == 1), beaten, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seeds", type=int, nargs=2, default=[0, 400])
    parser.add_argument("--style", nargs="*", default=[])
    parser.add_argument("--me", default="policy", help="policy, or a make_player kind (normal, heuristic, ...)")
    parser.add_argument("--opponent", default="heuristic", choices=["heuristic", "random"])
    parser.add_argument("--target", default="100", help="the match target: 100 (default), 250, 500, one-hand")
    parser.add_argument("--ismcts", nargs="*", default=[], help="NAME=VALUE: iterations, cutoff, prior, near, others")
    args = parser.parse_args()
    knobs = dict(pair.split("=", 1) for pair in args.ismcts)
    ISMCTS["iterations"] = int(knobs.get("iterations", 300))
    rummy_ai.NEAR = float(knobs.get("near", rummy_ai.NEAR))
    register_evaluation(
        "rummy",
        rummy_ai.evaluate,
        cutoff=int(knobs["cutoff"]) if "cutoff" in knobs else rummy_ai.look_ahead,
        prior=float(knobs.get("prior", rummy_ai.PRIOR)),
        others=knobs.get("others", "search"),
    )
    style = parse_style(args.style)
    wins = beaten = 0.0
    times: list[float] = []
    seeds = range(*args.seeds)
    for seed in seeds:
        w, b, t = play(seed, args.seats, args.me, style, args.opponent, args.target)
        wins += w
        beaten += b
        times += t
    times.sort()
    n = len(seeds)
    result = {
        "me": args.me,
        "style": str(style) if args.me == "policy" else None,
        "ismcts": knobs if args.me == "ismcts" or knobs else None,  # the search's knobs, whoever searches
        "seats": args.seats,
        "target": args.target,
        "opponent": args.opponent,
        "seeds": list(args.seeds),
        "games": n,
        "win_share": round(wins / n, 3),
        "beaten_share": round(beaten / n, 3),
        "move_ms_p50": round(1000 * times[len(times) // 2], 2),
        "move_ms_p99": round(1000 * times[int(0.99 * len(times))], 2),
    }
    json.dump(result, sys.stdout)
    print()


if __name__ == "__main__":
    main()
