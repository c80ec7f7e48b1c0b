"""Jack Change It's normal seat against random or heuristic seats, each move timed; prints JSON.

    python bench/bench_jack_change_it.py [--seats 2 4] [--opponents heuristic random]
                                         [--start S] [--games N] [--worlds W] [--depth D]
                                         [--ismcts K] [--wild P] [--modelled] [--cutoff C]
                                         [--salt K] [--out FILE]

Games are played here, one at a time (as bench/bench_game.py plays them with --jobs 1): game
i uses seed i, and the searching seat is seat i % seats, seeded i * 10 + seat. Without
--worlds / --depth / --ismcts it is the registered normal seat (make_player("normal")); with
--worlds or --depth a flat search of that effort at every seat count (a screen of a
candidate); with --ismcts K plain ISMCTS of K iterations and no time cap (the old seat).
Candidates measured and not kept: --wild P moves the other seats at random with chance P
in the playouts (of the flat search, or of ISMCTS with --ismcts), --modelled (with --ismcts)
moves them by that model inside the tree too, so the tree branches on the seat's own moves
only (--cutoff: its moves searched). --salt K reseeds the searching seat (seed + K * 1,000,003),
to see how far a figure moves with the search's own random numbers alone.
`beaten_share` is the share of the other seats finished strictly behind (the goal metric);
move_ms_p50 / p99 / max are the searching seat's process time a move.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_game import move_times, play_out, tally

from engine import GAMES
from engine.ai import ISMCTSPlayer, _Node, make_player
from engine.cards import SUITS
from engine.core import Action
from engine.jack_change_it import JackChangeItState
from engine.jack_change_it_ai import evaluate
from engine.jack_change_it_search import NORMAL_EFFORT, Effort, JackChangeItSearch, heuristic_step, share_beaten

JCI = GAMES["jack_change_it"]


# -- candidates measured and not kept (engine/jack_change_it_search.py lists the figures) --


def random_step(world: JackChangeItState, rng: random.Random) -> None:
    """The seat to move plays a uniformly random legal move (the random opponent's way)."""
    seat = world.turn
    assert seat is not None
    if world.naming:
        world._call(seat, rng.choice([s for s in SUITS if s != world.upcard[-1]]))
        return
    plays = world._plays(seat)
    can_draw = bool(world.pending) or not world._playable(world.hands[seat])
    pick = rng.randrange(len(plays) + can_draw)
    if pick == len(plays):
        world._draw(seat)
    else:
        world._play(seat, plays[pick])


def mixed_step(world: JackChangeItState, me: int, wild: float, rng: random.Random) -> None:
    """The heuristic's move, but another seat's is a random legal one with chance `wild`."""
    if world.turn != me and rng.random() < wild:
        random_step(world, rng)
    else:
        heuristic_step(world, rng)


class MixedFlat(JackChangeItSearch):
    """The flat search whose playouts move the other seats at random with chance `wild`."""

    def __init__(self, wild: float, **kwargs) -> None:
        super().__init__(**kwargs)
        self.wild = wild

    def _search(self, state: JackChangeItState, seat: int, candidates: list[Action]) -> Action:
        worlds = (state.determinize(seat, self.rng) for _ in range(self.effort.worlds))

        def judge(world: JackChangeItState, i: int, seed: int) -> float:
            after = world.copy()
            after.apply(seat, candidates[i])
            rng = random.Random(seed)
            for _ in range(self.effort.depth):
                if after.turn is None:
                    break
                mixed_step(after, seat, self.wild, rng)
            return share_beaten(after, seat) if after.turn is None else evaluate(after)[seat]

        return candidates[self.flat(worlds, len(candidates), judge)]


class MixedISMCTS(ISMCTSPlayer):
    """ISMCTS whose playouts move the other seats at random with chance `wild`; `modelled`:
    inside the tree too the other seats move so (the tree branches on the seat's own moves)."""

    def __init__(self, wild: float, modelled: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.wild = wild
        self.modelled = modelled
        self._me = 0

    def choose(self, state, seat):
        self._me = seat
        return super().choose(state, seat)

    def _playout(self, world, heuristic, moves):
        for _ in range(moves):
            if world.turn is None:
                return
            mixed_step(world, self._me, self.wild, self.rng)

    def _descend(self, root, world, seat, mine, horizon):
        if not self.modelled:
            return super()._descend(root, world, seat, mine, horizon)
        node, depth = root, 0
        while not world.over and depth < horizon:
            depth += 1
            if world.turn != seat:  # modelled, not searched: the node stays
                mixed_step(world, seat, self.wild, self.rng)
                continue
            legal = mine if node is root else world.legal_actions(seat)
            untried = [a for a in legal if (seat, a.text) not in node.children]
            if untried:
                action = self.rng.choice(untried)
                node = node.children[(seat, action.text)] = _Node(node, action.text, seat)
                world.apply(seat, action)
                break
            present = [node.children[(seat, a.text)] for a in legal]
            for child in present:
                child.avail += 1
            node = max(
                present, key=lambda ch: ch.reward / ch.visits + self.c * math.sqrt(math.log(ch.avail) / ch.visits)
            )
            world.apply(seat, node.text)
        return node, depth


def searcher(args: argparse.Namespace, seed: int):
    if args.ismcts and (args.wild or args.modelled):
        cutoff = args.cutoff or None
        return MixedISMCTS(args.wild, args.modelled, iterations=args.ismcts, time_limit=None, seed=seed, cutoff=cutoff)
    if args.ismcts:
        return ISMCTSPlayer(iterations=args.ismcts, time_limit=None, seed=seed)
    if args.heuristic:
        return make_player("heuristic", seed=seed)
    if args.worlds or args.depth:  # the flat search at every seat count, two included
        effort = Effort(args.worlds or NORMAL_EFFORT.worlds, args.depth or NORMAL_EFFORT.depth)
        if args.wild:
            return MixedFlat(args.wild, seed=seed, effort=effort)
        return JackChangeItSearch(seed=seed, effort=effort)
    return make_player("normal", seed=seed, game="jack_change_it")


def timed_game(args: argparse.Namespace, seed: int, players: int, opponent: str) -> tuple[dict, list[float], int]:
    me = seed % players
    seats = {s: make_player(opponent, seed=seed * 10 + s) for s in range(players)}
    seats[me] = searcher(args, seed * 10 + me + args.salt * 1_000_003)
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
    parser.add_argument("--wild", type=float, default=0.0, help="a candidate: others' playout moves random so often")
    parser.add_argument("--modelled", action="store_true", help="with --ismcts: others move by the model in the tree")
    parser.add_argument("--cutoff", type=int, default=0, help="with --ismcts and --wild or --modelled: moves searched")
    parser.add_argument("--ismcts", type=int, default=0, help="plain ISMCTS of this many iterations instead")
    parser.add_argument("--heuristic", action="store_true", help="the heuristic in the searching seat (a baseline)")
    parser.add_argument("--salt", type=int, default=0, help="reseed the searching seat (a check of the noise)")
    parser.add_argument("--out", help="write the JSON here too, after every match")
    args = parser.parse_args()
    report: dict[str, object] = {"game": "jack_change_it", "player": type(searcher(args, 0)).__name__}
    knobs = ("worlds", "depth", "wild", "modelled", "cutoff", "ismcts", "heuristic", "salt")
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
