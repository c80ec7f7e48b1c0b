"""Bourré render times and sizes, or the normal seat's strength; prints one JSON object.

    python bench/bench_bourre.py [--runs N]
    python bench/bench_bourre.py --player normal|pimc|ismcts [--games N] [--seats 2 4] [--opponents ...]
                                 [--option NAME=VALUE ...] [--first K]

Random-play speed and ISMCTS strength come from the generic bench:
    python bench/bench_game.py bourre --seats 2 4 --option hands=1 --fixed
(one hand a match, extended until a pot is won cleanly, which ISMCTS can afford 200 times).
A one-hand match is mostly the luck of one deal and ends with most seats level (every
folder loses the same ante); the default ten hands let skill show, and the normal seat
below plays 200 of them at four seats in about 7 minutes of one core. --fixed runs
ISMCTS's full 300 iterations, which an idle machine reaches well inside the 1 s budget
(about 1,600 iterations a CPU second at four seats, 1,000 at eight), so a loaded machine
cannot weaken it. Add --seer for the ceiling (a search that sees every hand and the stock);
bench/out/bourre_ai.json holds the figures.

Views are taken from real heuristic games at 2 and 8 seats in the middle of a trick.

--player measures strength the way bench_game.py --fixed does (game i uses seed i, the
searching seat is i mod seats, the others are random or heuristic; no wall-clock cap, so runs
repeat exactly) for the player to be the normal seat: `normal` (the registered seat,
engine/bourre_search.py's TablePlayer), `pimc` (its two-seat player, which the tuning flags
--worlds, --read, --rollout, --exchanges, --most-seats ... reshape) or `ismcts` (the generic
search alone). It adds the process time a move of that seat, p50 and p99 (over all its moves,
and over those it searched: not forced, not the next step of an exchange already chosen), how
its decisions were made, and each game's first declaration beside the easy player's
("play/pass": it stayed in where the easy player folds) with the share beaten in those games.
--peek hands|all shows the pimc player the true hands (or the stock too): a ceiling, not a seat.
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

from bench.bench_game import play_out, tally
from engine import GAMES
from engine.ai import ISMCTSPlayer, make_player, normal_iterations
from engine.bourre_search import PIMCPlayer, TablePlayer
from engine.core import SmallRng

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


PHASES = ("declare", "discard", "trick")


class PeekingPIMC(PIMCPlayer):
    """Not a seat AI: the PIMC player shown the true hands (PEEK "hands", the stock reshuffled
    in each world) or everything (PEEK "all"), to measure what the hidden cards are worth."""

    def _world(self, state, seat):
        world = state.copy()
        if PEEK == "hands":
            world.rng = SmallRng(self.rng.getrandbits(64))
            self.rng.shuffle(world.stock)
        return world


PEEK = ""
TUNING: dict[str, int | bool | float] = {}  # PIMCPlayer's worlds and budget where the command line sets them


def searcher(kind: str, seed: int, phases: tuple[str, ...]):
    if kind == "normal":
        return TablePlayer(seed=seed, time_limit=None)
    if kind == "pimc":
        if PEEK:
            return PeekingPIMC(seed=seed, time_limit=None, phases=phases, **TUNING)
        return PIMCPlayer(seed=seed, time_limit=None, phases=phases, **TUNING)
    return ISMCTSPlayer(iterations=normal_iterations("bourre"), time_limit=None, seed=seed)


class Recorder:
    """A seat's player that notes each declaration beside the easy player's (where losses come from)."""

    def __init__(self, player) -> None:
        self.player = player
        self.declares: list[str] = []  # "mine/easy" per declaration, e.g. "play/pass"

    def choose(self, state, seat):
        action = self.player.choose(state, seat)
        if state.phase == "declare":
            easy = state.heuristic_action(seat, random.Random(0))
            self.declares.append(f"{action.text}/{easy.text}")
        return action

    def __getattr__(self, name: str):
        return getattr(self.player, name)


def play_one(kind: str, seed: int, players: int, opponent: str, options: dict[str, str], phases=PHASES) -> dict:
    """One seeded game as bench_game.play_one, with the searcher's process time for each move."""
    me = seed % players
    seats = {s: make_player(opponent, seed=seed * 10 + s) for s in range(players)}
    seats[me] = recorder = Recorder(searcher(kind, seed * 10 + me, phases))
    state = GAMES["bourre"].new(players, seed=seed, options=options)
    cpu: list[float] = []
    searched: list[float] = []  # the moves that were thought about (not forced, not a plan's next step)
    kinds: dict[str, int] = {}

    def note(spent: float) -> None:
        cpu.append(spent)
        kind = getattr(seats[me], "last_kind", "ismcts")
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind in ("pimc", "ismcts"):
            searched.append(spent)

    play_out(state, seats, {me}, clock=time.process_time, each=note)
    places = state.outcome().places
    beaten = sum(1 for s in range(players) if s != me and places[s] > places[me])
    won = float(places[me] == 1)
    return {
        "win": won,
        "beaten": beaten / (players - 1),
        "think": sum(cpu),
        "moves": len(cpu),
        "cpu": cpu,
        "searched": searched,
        "kinds": kinds,
        "declared": recorder.declares[0] if recorder.declares else "none",
    }


def strength(args: argparse.Namespace) -> dict[str, object]:
    defaults = {o.name: o.default for o in GAMES["bourre"].options}
    options = defaults | dict(pair.split("=", 1) for pair in args.option)
    report: dict[str, object] = {"game": "bourre", "player": args.player, "options": options}
    if args.player == "pimc":
        report["phases"] = args.phases
        report["tuning"] = dict(TUNING)
    for players in args.seats:
        for opponent in args.opponents:
            seeds = range(args.first, args.first + args.games)
            results = [play_one(args.player, seed, players, opponent, options, tuple(args.phases)) for seed in seeds]
            cpu = sorted(t for r in results for t in r["cpu"])
            searched = sorted(t for r in results for t in r["searched"]) or [0.0]
            kinds: dict[str, int] = {}
            for r in results:
                for kind, count in r["kinds"].items():
                    kinds[kind] = kinds.get(kind, 0) + count
            by_declare: dict[str, list[float]] = {}
            for r in results:
                by_declare.setdefault(r["declared"], []).append(r["beaten"])
            result = tally(results) | {
                "first_declaration_mine_vs_easy": {
                    k: {"games": len(v), "beaten": round(sum(v) / len(v), 3)} for k, v in sorted(by_declare.items())
                },
                "cpu_ms_p50": round(1000 * cpu[len(cpu) // 2], 1),
                "cpu_ms_p99": round(1000 * cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))], 1),
                "cpu_ms_max": round(1000 * cpu[-1], 1),
                "searched_cpu_ms_p50": round(1000 * searched[len(searched) // 2], 1),
                "searched_cpu_ms_p99": round(1000 * searched[min(len(searched) - 1, int(len(searched) * 0.99))], 1),
                "decisions": kinds,
                "seeds": f"{args.first}-{args.first + args.games - 1}",
            }
            report[f"{args.player}_vs_{opponent}_{players}p"] = result
            print(f"{opponent} {players}p: {json.dumps(result)}", file=sys.stderr, flush=True)  # progress
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument(
        "--player", choices=["normal", "pimc", "ismcts"], help="measure this searcher's strength instead"
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first seed (game i uses seed i)")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--opponents", nargs="+", default=["random", "heuristic"], choices=["random", "heuristic"])
    parser.add_argument(
        "--option", action="append", default=[], help="a game option, NAME=VALUE (default the game's: hands=10)"
    )
    parser.add_argument("--phases", nargs="+", default=list(PHASES), help="pimc: the phases it decides by worlds")
    parser.add_argument("--worlds", type=int, help="pimc: worlds a decision (default the player's)")
    parser.add_argument("--budget", type=int, help="pimc: solver nodes a decision (default the player's)")
    parser.add_argument("--paranoid", action="store_true", help="pimc: the other seats play against it in the solver")
    parser.add_argument(
        "--easy", action="store_true", help="pimc: the other seats play as the easy player in the solver"
    )
    parser.add_argument("--lean", type=float, help="pimc: mean reward added to the easy player's exchange")
    parser.add_argument("--exchanges", choices=["easy", "search"], help="pimc: the easy exchange or weigh them all")
    parser.add_argument("--most-seats", type=int, help="pimc: the most seats at which worlds decide (default 2)")
    parser.add_argument("--late-cards", type=int, help="pimc: worlds decide a trick only with this many cards in hand")
    parser.add_argument("--iterations", type=int, help="pimc: ISMCTS iterations a move (default the normal count)")
    parser.add_argument("--read", action="store_true", help="pimc: worlds dealt as the declarations suggest")
    parser.add_argument("--modelled", action="store_true", help="pimc: ISMCTS's other seats move as the easy player")
    parser.add_argument("--rollout", action="store_true", help="pimc: worlds played out by the easy player, not solved")
    parser.add_argument("--peek", choices=["hands", "all"], help="pimc: show it the true hands (or all): a ceiling")
    args = parser.parse_args()
    global PEEK
    PEEK = args.peek or ""
    tuning = {"most_seats": args.most_seats, "late_cards": args.late_cards} | {
        "worlds": args.worlds,
        "budget": args.budget,
        "paranoid": args.paranoid,
        "easy": args.easy,
    }
    tuning |= {"lean": args.lean, "exchanges": args.exchanges, "read": args.read, "modelled": args.modelled}
    tuning |= {"iterations": args.iterations, "rollout": args.rollout}
    TUNING.update({k: v for k, v in tuning.items() if v})
    if args.player:
        print(json.dumps(strength(args), indent=2))
        return
    from renderers import bourre as R

    report: dict[str, object] = {"game": "bourre"}
    for players in (2, 8):
        table, hand = mid_trick(players)
        report[f"table_{players}p"] = timed(R.render_table, table, args.runs)
        report[f"hand_{players}p"] = timed(R.render_hand, hand, args.runs)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
