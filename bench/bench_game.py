"""Any registered game: random-play speed and ISMCTS strength; prints one JSON object.

    python bench/bench_game.py GAME [--games N] [--seats 2 4] [--jobs J] [--seconds S]
                               [--option NAME=VALUE ...] [--fixed] [--iterations K]
                               [--opponents random heuristic] [--no-speed]
    (e.g. python bench/bench_game.py rummy --option target=one-hand --seats 2)

--fixed lets ISMCTS run all its iterations (--iterations, default the game's normal count) with no
wall-clock cap, so a loaded machine cannot weaken it and results repeat exactly. Pair it
with `search_speed` (iterations per second of the normal player, measured on seeded
positions) to check that the count fits the 1 s budget on an idle machine.

Random play: uniformly random legal actions, whole games, at the minimum and maximum seats.
Strength: over N seeded games (game i uses seed i) one ISMCTS seat (make_player("normal"):
the game's normal iterations within 1 s a move) plays against random or heuristic seats; its seat rotates
with the seed. `win_share` is the share of games it wins; `beaten_share` the share of the
other seats it finishes ahead of (strictly better place). --seer puts a search that sees every
hand and the stock's order in that seat instead: not a fair player, a measure of how far skill can
go in the game. --seer hands shows it the hands only, the stock reshuffled in every world it
searches (games whose state keeps its draw pile as `stock`): a ceiling nearer what play can reach.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES
from engine.ai import NORMAL, ISMCTSPlayer, make_player, normal_iterations
from engine.core import SmallRng


def random_speed(name: str, players: int, seconds: float) -> dict[str, float]:
    """Random legal actions per second over whole games (legal_actions + apply each move)."""
    game = GAMES[name]
    rng = random.Random(players)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        state = game.new(players, seed=games)
        while not state.over:
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"actions_per_s": round(actions / elapsed), "games_per_s": round(games / elapsed, 1)}


def search_speed(
    name: str, players: int, options: dict[str, str], positions: int = 12, warmup: int = 30
) -> dict[str, float]:
    """ISMCTS iterations per second (the normal player, 1 s cap) over seeded mid-game positions."""
    game = GAMES[name]
    done = elapsed = 0.0
    rng = random.Random(players)
    for seed in range(positions):
        state = game.new(players, seed=seed, options=options)
        heuristic = make_player("heuristic", seed=seed)
        for _ in range(rng.randrange(0, warmup)):  # up to `warmup` heuristic moves in
            if state.over:
                break
            seat = state.to_move[0]
            state.apply(seat, heuristic.choose(state, seat))
        if state.over or len(state.legal_actions(state.to_move[0])) < 2:
            continue
        player = ISMCTSPlayer(iterations=10**6, time_limit=0.5, seed=seed)
        start = time.perf_counter()
        player.choose(state, state.to_move[0])
        elapsed += time.perf_counter() - start
        done += player.last_iterations
    return {"iterations_per_s": round(done / max(elapsed, 1e-9))}


def play_out(state, seats, mine: set[int], clock=time.perf_counter, each=None) -> tuple[float, int]:
    """Play `state` to its end, each seat by its player; the thinking time and moves of `mine`
    by `clock`, and `each(seconds)` called after every move of theirs if given."""
    think, moves = 0.0, 0
    while not state.over:
        seat = state.turn_seats[0] if state.turn_seats else state.to_move[0]
        start = clock()
        action = seats[seat].choose(state, seat)
        if seat in mine:
            spent = clock() - start
            think += spent
            moves += 1
            if each is not None:
                each(spent)
        state.apply(seat, action)
    return think, moves


class SeerPlayer(ISMCTSPlayer):
    """ISMCTS that searches the true position: it sees every hand and the stock's order.
    Not a seat AI: it measures the ceiling of a game's luck (what no fair player exceeds)."""

    def _world(self, state, seat):
        return state.copy()


class HandSeer(SeerPlayer):
    """The seer shown every hand but not what is still to come: in each world it searches, the
    stock is shuffled anew and the game's own generator reseeded (for the reshuffles to come).
    A fairer ceiling than the full seer where the draws matter; for games whose face-down draw
    pile is their state's `stock`."""

    def _world(self, state, seat):
        world = state.copy()
        world.rng = SmallRng(self.rng.getrandbits(64))
        self.rng.shuffle(world.stock)
        return world


SEERS = {"all": SeerPlayer, "hands": HandSeer}


def play_one(job: tuple[str, int, int, str, dict[str, str], int | None, str | None, str]) -> dict[str, float]:
    """One seeded game: the `mine` player (the normal seat unless told), or the seer, at one
    seat, `opponent` at the others."""
    name, seed, players, opponent, options, fixed, seer, mine = job
    me = seed % players
    seats = {s: make_player(mine if s == me else opponent, seed=seed * 10 + s, game=name) for s in range(players)}
    if fixed is not None:
        seats[me] = ISMCTSPlayer(iterations=fixed, time_limit=None, seed=seed * 10 + me)
    if seer:
        seats[me] = SEERS[seer](iterations=fixed or normal_iterations(name), time_limit=None, seed=seed * 10 + me)
    state = GAMES[name].new(players, seed=seed, options=options)
    think, moves = play_out(state, seats, {me})
    places = state.outcome().places
    beaten = sum(1 for s in range(players) if s != me and places[s] > places[me])
    return {"win": float(places[me] == 1), "beaten": beaten / (players - 1), "think": think, "moves": moves}


def match(
    name: str,
    players: int,
    opponent: str,
    games: int,
    jobs: int,
    options: dict[str, str],
    fixed: int | None,
    seer: str | None = None,
    mine: str = "normal",
    first_seed: int = 0,
) -> dict[str, float]:
    seeds = range(first_seed, first_seed + games)
    work = [(name, seed, players, opponent, options, fixed, seer, mine) for seed in seeds]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(play_one, work, chunksize=4))
    return tally(results)


def tally(results: list[dict[str, float]]) -> dict[str, float]:
    """A match's figures from its games' results (win, beaten, think, moves each)."""
    games = len(results)
    moves = sum(r["moves"] for r in results)
    return {
        "games": games,
        "win_share": round(sum(r["win"] for r in results) / games, 3),
        "beaten_share": round(sum(r["beaten"] for r in results) / games, 3),
        "ms_per_move": round(1000 * sum(r["think"] for r in results) / max(moves, 1), 1),
    }


def move_times(times: list[float]) -> dict[str, float | int]:
    """A seat's think times (seconds, one a move) as p50 / p99 / max in ms and how many."""
    if not times:
        return {}
    times = sorted(times)
    return {
        "move_ms_p50": round(1000 * times[len(times) // 2], 1),
        "move_ms_p99": round(1000 * times[min(len(times) - 1, int(0.99 * len(times)))], 1),
        "move_ms_max": round(1000 * times[-1], 1),
        "moves_timed": len(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0, help="game i uses seed FIRST_SEED + i")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--option", action="append", default=[], help="a game option, NAME=VALUE (repeatable)")
    parser.add_argument("--fixed", action="store_true", help="ISMCTS runs all its iterations, no time cap")
    parser.add_argument("--iterations", type=int, help="iterations a move with --fixed (default: the game's normal)")
    parser.add_argument("--opponents", nargs="+", default=["random", "heuristic"], choices=["random", "heuristic"])
    parser.add_argument(
        "--seer",
        nargs="?",
        const="all",
        choices=sorted(SEERS),
        help="the searching seat sees every hand (and with 'all', the default, the stock's order): the luck ceiling",
    )
    parser.add_argument(
        "--seat",
        default="normal",
        choices=["normal", "hard", "easy", "heuristic", "random"],
        help="the player in the measured seat (without --fixed or --seer); 'heuristic' there gives the"
        " game's parity against heuristic opponents, which the normal seat's figure is read beside",
    )
    parser.add_argument("--no-speed", action="store_true", help="skip the random-play and search speed figures")
    args = parser.parse_args()
    game = GAMES[args.game]
    options = {o.name: o.default for o in game.options} | dict(pair.split("=", 1) for pair in args.option)
    iterations = args.iterations or normal_iterations(game.name)
    fixed = iterations if args.fixed else None
    ai = f"ISMCTS, {iterations} iterations, no time cap" if args.fixed else f"normal (ISMCTS, {iterations} "
    ai += "" if args.fixed else f"iterations, {NORMAL[1]:g} s cap)"
    if args.seer == "hands" and not isinstance(getattr(game.new(game.min_players), "stock", None), list):
        parser.error(f"--seer hands shuffles a state's `stock`, which {game.name} does not keep")
    sees = {"all": "every hand and the stock's order", "hands": "every hand, not the stock's order"}
    ai = f"seer (sees {sees[args.seer]}), {iterations} iterations, no time cap" if args.seer else ai
    if args.seat != "normal" and (args.fixed or args.seer):
        parser.error("--seat chooses the measured seat's player; --fixed and --seer choose it too")
    ai = ai if args.seat == "normal" else f"the {args.seat} player in the measured seat"
    report: dict[str, object] = {"game": game.name, "options": options, "ai": ai}
    if not args.no_speed:
        report["random_play"] = {
            str(p): random_speed(game.name, p, args.seconds) for p in sorted({game.min_players, game.max_players})
        }
        report["search_speed"] = {str(p): search_speed(game.name, p, options) for p in args.seats}
    for players in args.seats:
        for opponent in args.opponents:
            result = match(
                game.name,
                players,
                opponent,
                args.games,
                args.jobs,
                options,
                fixed,
                args.seer,
                args.seat,
                args.first_seed,
            )
            mine = "ismcts" if args.seat == "normal" else args.seat
            report[f"{mine}_vs_{opponent}_{players}p"] = result
            print(f"{opponent} {players}p: {json.dumps(result)}", file=sys.stderr, flush=True)  # progress
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
