"""Go Fish / Authors seat strength on fixed seeds, with every move of the measured seat timed.

    python bench/bench_go_fish.py --player search [--variant authors] [--seats 2 4]
        [--opponents heuristic random] [--seeds 0 80] [--effort CANDIDATES WORLDS DEPTH]

--player: search (engine/go_fish_search.py, the registered normal seat), ismcts (the old
normal seat: ISMCTS with go_fish_ai's one-ask cut-off, 300 iterations, 1 s cap), heuristic
(the easy seat, for the even-play baseline) or peek (a yardstick no fair seat can match: it
looks into every hand and asks where the most cards of a rank it holds are, else for the rank
the stock holds most of). As bench/bench_game.py plays them: game i uses
seed i, the measured seat is i % seats, the others get seeds i * 10 + s. Prints one JSON
object: per seat count and opponent, `beaten_share` (other seats finished strictly behind),
`win_share`, and the measured seat's per-move process time p50 / p99 / max in ms.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_game import move_times, play_out, tally

from engine import GAMES
from engine.ai import NORMAL, HeuristicPlayer, ISMCTSPlayer, make_player
from engine.go_fish import GoFishState, ask_action
from engine.go_fish_knowledge import RANK_MASKS, cards_of, rank_count, ranks_held
from engine.go_fish_search import NORMAL_EFFORT, Effort, GoFishSearch

GAME = GAMES["go_fish"]


class PeekPlayer:
    """Sees every hand (not the stock's order): the most a memory could ever tell a seat."""

    def choose(self, state: GoFishState, seat: int):
        hand, stock = state.hands[seat], 0
        for card in state.stock:
            stock |= 1 << card
        best = None
        for rank in ranks_held(hand):
            for target in range(state.players):
                if target == seat or not state.hands[target]:
                    continue
                there = state.hands[target] & RANK_MASKS[rank]
                key = (there.bit_count(), rank_count(stock, rank), rank_count(hand, rank))
                if best is None or key > best[0]:
                    best = (key, target, rank, there)
        _, target, rank, there = best
        if not state.authors:
            return ask_action(target, rank, None)
        wanted = RANK_MASKS[rank] & ~hand & ~state.laid
        return ask_action(target, rank, cards_of(there or wanted)[0])


def measured(kind: str, seed: int, effort: Effort | None):
    if kind == "peek":
        return PeekPlayer()
    if kind == "heuristic":
        return HeuristicPlayer(seed)
    if kind == "ismcts":
        return ISMCTSPlayer(iterations=NORMAL[0], time_limit=NORMAL[1], seed=seed, scaled=True)
    if effort is None:
        return make_player("normal", seed=seed, game="go_fish")
    return GoFishSearch(seed=seed, efforts={2: effort, 3: effort})


def one_game(kind: str, seed: int, players: int, opponent: str, options: dict, effort) -> tuple[dict, list]:
    me = seed % players
    seats = {s: make_player(opponent, seed=seed * 10 + s) for s in range(players)}
    seats[me] = measured(kind, seed * 10 + me, effort)
    times: list[float] = []
    state = GAME.new(players, seed=seed, options=options)
    think, moves = play_out(state, seats, {me}, clock=time.process_time, each=times.append)
    places = state.outcome().places
    beaten = sum(1 for s in range(players) if s != me and places[s] > places[me])
    return {"win": float(places[me] == 1), "beaten": beaten / (players - 1), "think": think, "moves": moves}, times


def match(kind: str, players: int, opponent: str, seeds: range, options: dict, effort) -> dict:
    results, times = [], []
    for seed in seeds:
        result, spent = one_game(kind, seed, players, opponent, options, effort)
        results.append(result)
        times.extend(spent)
    report = tally(results)
    report["seeds"] = f"{seeds.start}-{seeds.stop - 1}"
    report.update(move_times(times))
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", choices=["search", "ismcts", "heuristic", "peek"], default="search")
    parser.add_argument("--variant", choices=["go-fish", "authors"], default="go-fish")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--opponents", nargs="+", default=["heuristic"], choices=["random", "heuristic"])
    parser.add_argument("--seeds", type=int, nargs=2, default=[0, 80], help="first seed and one past the last")
    parser.add_argument("--effort", type=int, nargs=3, help="candidates worlds depth (search only)")
    args = parser.parse_args()
    effort = Effort(*args.effort) if args.effort else None
    options = {"variant": args.variant, "books": "fours"}
    report: dict[str, object] = {"player": args.player, "variant": args.variant}
    if args.player == "search":
        report["effort"] = list(effort.__dict__.values()) if effort else {k: str(v) for k, v in NORMAL_EFFORT.items()}
    for players in args.seats:
        for opponent in args.opponents:
            result = match(args.player, players, opponent, range(*args.seeds), options, effort)
            report[f"vs_{opponent}_{players}p"] = result
            print(f"{opponent} {players}p: {json.dumps(result)}", file=sys.stderr, flush=True)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
