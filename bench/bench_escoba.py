"""Escoba AI figures, one JSON line per match as it finishes (a long run still reports).

    python bench/bench_escoba.py [--games N] [--jobs J] [--target 21|11]

Uses bench_game's seeded matches: one ISMCTS seat (make_player("normal")) against
heuristic or random seats, its seat rotating with the seed. Order: the heuristic
matches first (the harder target), two seats then four (partnerships on: the ISMCTS
seat's partner is a heuristic or random seat, so `win_share` is the side's share of wins
and `beaten_share` at most 2/3, a partner never finishing behind).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_game import match, random_speed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--target", choices=("21", "11"), default="21")
    args = parser.parse_args()
    options = {"target": args.target}
    for players in (2, 4):
        print(json.dumps({"random_play": players, **random_speed("escoba", players, 2.0)}), flush=True)
    for opponent in ("heuristic", "random"):
        for players in (2, 4):
            result = match("escoba", players, opponent, args.games, args.jobs, options, False)
            line = {"match": f"ismcts_vs_{opponent}_{players}p", "target": args.target, **result}
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
