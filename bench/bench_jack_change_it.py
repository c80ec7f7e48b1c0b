"""Jack Change It's normal seat against random or heuristic seats, each move timed; prints JSON.

    python bench/bench_jack_change_it.py [--seats 2 4] [--opponents heuristic random]
                                         [--start S] [--games N] [--worlds W] [--depth D]
                                         [--ismcts K] [--out FILE]

Games are played here, one at a time (as bench/bench_game.py plays them with --jobs 1): game
i uses seed i, and the searching seat is seat i % seats, seeded i * 10 + seat. Without
--worlds / --depth / --ismcts it is the registered normal seat (make_player("normal")); with
--worlds or --depth a flat search of that effort at every seat count (a screen of a
candidate); with --ismcts K plain ISMCTS of K iterations and no time cap (the old seat).
`beaten_share` is the share of the other seats finished strictly behind (the goal metric);
move_ms_p50 / p99 / max are the searching seat's process time a move.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_game import move_times, play_out, tally

from engine import GAMES
from engine.ai import ISMCTSPlayer, make_player
from engine.jack_change_it_search import NORMAL_EFFORT, Effort, JackChangeItSearch

JCI = GAMES["jack_change_it"]


def searcher(args: argparse.Namespace, seed: int):
    if args.ismcts:
        return ISMCTSPlayer(iterations=args.ismcts, time_limit=None, seed=seed)
    if args.heuristic:
        return make_player("heuristic", seed=seed)
    if args.worlds or args.depth:  # the flat search at every seat count, two included
        effort = Effort(args.worlds or NORMAL_EFFORT.worlds, args.depth or NORMAL_EFFORT.depth)
        return JackChangeItSearch(seed=seed, effort=effort)
    return make_player("normal", seed=seed, game="jack_change_it")


def timed_game(args: argparse.Namespace, seed: int, players: int, opponent: str) -> tuple[dict, list[float], int]:
    me = seed % players
    seats = {s: make_player(opponent, seed=seed * 10 + s) for s in range(players)}
    seats[me] = searcher(args, seed * 10 + me)
    times: list[float] = []
    state = JCI.new(players, seed=seed)
    think, moves = play_out(state, seats, {me}, clock=time.process_time, each=times.append)
    places = state.outcome().places
    beaten = sum(1 for s in range(players) if s != me and places[s] > places[me])
    result = {"win": float(places[me] == 1), "beaten": beaten / (players - 1), "think": think, "moves": moves}
    return result, times, getattr(seats[me], "capped", 0)


def timed_match(args: argparse.Namespace, players: int, opponent: str) -> dict[str, object]:
    results, times, capped = [], [], 0
    for seed in range(args.start, args.start + args.games):
        result, spent, bites = timed_game(args, seed, players, opponent)
        results.append(result)
        times.extend(spent)
        capped += bites
    report: dict[str, object] = {"seeds": f"{args.start}-{args.start + args.games - 1}", **tally(results)}
    report.update(move_times(times))
    report["capped_moves"] = capped
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--opponents", nargs="+", default=["heuristic", "random"], choices=["random", "heuristic"])
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--worlds", type=int, default=0, help="a candidate flat search: worlds a move")
    parser.add_argument("--depth", type=int, default=0, help="a candidate flat search: heuristic moves a world")
    parser.add_argument("--ismcts", type=int, default=0, help="plain ISMCTS of this many iterations instead")
    parser.add_argument("--heuristic", action="store_true", help="the heuristic in the searching seat (a baseline)")
    parser.add_argument("--out", help="write the JSON here too, after every match")
    args = parser.parse_args()
    report: dict[str, object] = {"game": "jack_change_it", "player": type(searcher(args, 0)).__name__}
    knobs = ("worlds", "depth", "ismcts", "heuristic")
    report["effort"] = {k: v for k, v in vars(args).items() if k in knobs and v not in (None, False, 0)}
    report["load_at_start"] = os.getloadavg()[0]
    for players in args.seats:
        for opponent in args.opponents:
            report[f"vs_{opponent}_{players}p"] = timed_match(args, players, opponent)
            print(json.dumps(report), file=sys.stderr, flush=True)  # progress
            if args.out:
                Path(args.out).write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
