"""Escoba AI strength and search speed; prints one JSON line per match as it finishes, then the report.

    python bench/bench_escoba.py [--games N] [--first-seed S] [--jobs J] [--target 21|11] [--seats 2 3 4]
                                 [--opponents heuristic random] [--fixed] [--iterations K] [--out FILE]

Game i uses seed i (FIRST_SEED + i). At 2 and 3 seats one ISMCTS seat (make_player("normal"), or with --fixed
ISMCTSPlayer running all K iterations with no wall clock) plays against heuristic or random
seats, its seat rotating with the seed: `win_share` is the share of games it wins,
`beaten_share` the share of the other seats it finishes strictly ahead of.
At 4 seats partnerships are on and both seats of one side search (the side alternates with
the seed) against a side of two heuristic or random seats: `win_share` is that side's share
of the matches, the figure the spec's bar asks of a partnership game.
`search_speed` is the normal player's iterations per second on seeded mid-game positions.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_game import play_out, search_speed, tally

from engine import GAMES
from engine.ai import NORMAL, ISMCTSPlayer, make_player, normal_iterations


def searching_seats(seed: int, players: int) -> set[int]:
    """The ISMCTS seats of game `seed`: one rotating seat, or at four a whole side."""
    if players == 4:
        side = seed % 2
        return {side, side + 2}
    return {seed % players}


def play_one(job: tuple[int, int, str, dict[str, str], int | None]) -> dict[str, float]:
    """One seeded match; the figures of its searching seat (or side)."""
    seed, players, opponent, options, fixed = job
    mine = searching_seats(seed, players)
    seats = {}
    for s in range(players):
        if s not in mine:
            seats[s] = make_player(opponent, seed=seed * 10 + s)
        elif fixed is None:
            seats[s] = make_player("normal", seed=seed * 10 + s)
        else:
            seats[s] = ISMCTSPlayer(iterations=fixed, time_limit=None, seed=seed * 10 + s)
    state = GAMES["escoba"].new(players, seed=seed, options=options)
    think, moves = play_out(state, seats, set(mine))
    places = state.outcome().places
    me = min(mine)
    others = [s for s in range(players) if s not in mine]
    beaten = sum(1 for s in others if places[s] > places[me])
    return {"win": float(places[me] == 1), "beaten": beaten / len(others), "think": think, "moves": moves}


def match(players: int, opponent: str, seeds: range, jobs: int, options: dict[str, str], fixed: int | None) -> dict:
    work = [(seed, players, opponent, options, fixed) for seed in seeds]
    if jobs == 1:
        results = [play_one(job) for job in work]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(play_one, work, chunksize=4))
    return tally(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0, help="game i uses seed FIRST_SEED + i")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--target", choices=("21", "11"), default="21")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument("--opponents", nargs="+", default=["heuristic", "random"], choices=["random", "heuristic"])
    parser.add_argument("--fixed", action="store_true", help="ISMCTS runs all its iterations, no time cap")
    parser.add_argument(
        "--iterations", type=int, default=normal_iterations("escoba"), help="iterations a move with --fixed"
    )
    parser.add_argument("--no-speed", action="store_true", help="skip the search speed figures")
    parser.add_argument("--out", type=Path, help="also write the report to this JSON file")
    args = parser.parse_args()
    options = {"target": args.target, "partnerships": "on"}
    fixed = args.iterations if args.fixed else None
    ai = f"ISMCTS, {args.iterations} iterations, no time cap"
    if not args.fixed:
        ai = f"normal (ISMCTS, {normal_iterations('escoba')} iterations within {NORMAL[1]:g} s)"
    report: dict[str, object] = {"game": "escoba", "options": options, "ai": ai}
    if not args.no_speed:
        report["search_speed"] = {str(p): search_speed("escoba", p, options) for p in args.seats}
        print(json.dumps({"search_speed": report["search_speed"]}), flush=True)
    for opponent in args.opponents:
        for players in args.seats:
            seeds = range(args.first_seed, args.first_seed + args.games)
            result = match(players, opponent, seeds, args.jobs, options, fixed)
            result["seeds"] = f"{seeds.start}-{seeds.stop - 1}"
            name = f"ismcts_side_vs_{opponent}_4p" if players == 4 else f"ismcts_vs_{opponent}_{players}p"
            report[name] = result
            print(json.dumps({"match": name, **result}), flush=True)
            if args.out:
                args.out.write_text(json.dumps(report, indent=2) + "\n")
    if args.out:
        args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
