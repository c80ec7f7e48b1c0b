"""Hand and Foot: random-play speed and ISMCTS strength by partnership; prints one JSON object.

    python bench/bench_hand_and_foot.py [--games N] [--hands 1|2|4] [--jobs J] [--speed-seconds S]
                                        [--fixed] [--iterations K] [--opponents random heuristic]
                                        [--modes side seat] [--no-speed]
    python bench/bench_hand_and_foot.py --render-only [--render-views N]

Hand and Foot is a partnership game. Mode `side`: both seats of one side play the normal seat
(make_player("normal", game="hand_and_foot"): the game's registered player, within 1 s a move;
--fixed: plain ISMCTS instead) against a side of random or
heuristic players. Mode `seat`: one normal seat whose partner is a heuristic player, against
two heuristic seats (a member whose partner is the AI sees this). The ISMCTS side alternates
with the seed (and in `seat` mode which partner searches, with seed // 2). `heuristic_win_share` is the same
deals played with heuristic seats in their place (the paired yardstick). `win_share` is the
share of games the ISMCTS side wins (a tie counts a half); `beaten_share` the share of
opposing seats it finishes ahead of, which for two sides is the same figure. A four-hand
match runs about a thousand moves, so the strength runs default to one-hand matches
(`--hands 1`, the spec's shortest match).

--fixed lets ISMCTS run all its iterations (--iterations, default the normal cap) with no
wall-clock cap, so a loaded machine cannot weaken it and results repeat exactly; pair it with
`search_speed` (iterations per second of the normal player on seeded positions) to check that
the count fits the 1 s budget on an idle machine.

`render` times renderers/hand_and_foot.py in CPU time (time.process_time) over real views: a
four-hand match played by the heuristic, every view after a move (thinned to `--render-views`),
the table and the mover's hand picture, each rendered once after a warm-up call on the first
view (the PNG palette and sprites are built then), in play order so tiles kept between views
are used as in a live game.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_game

from engine import GAMES
from engine.ai import ISMCTSPlayer, make_player, normal_iterations

NAME = "hand_and_foot"


def random_speed(seconds: float) -> dict[str, float]:
    """Random legal actions per second over whole four-hand matches (legal_actions + apply)."""
    game = GAMES[NAME]
    rng = random.Random(4)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        state = game.new(4, seed=games)
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"actions_per_s": round(actions / elapsed), "games_per_s": round(games / elapsed, 2)}


def render_speed(views: int) -> dict[str, Any]:
    """CPU ms per table and hand picture over the views of one heuristic four-hand match."""
    from renderers import hand_and_foot as R

    state, rng = GAMES[NAME].new(4, seed=7), random.Random(7)
    tables, hands = [], []
    while not state.over:
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng) or rng.choice(state.legal_actions(seat)))
        mover = state.to_move[0] if state.to_move else 0
        tables.append(dict(state.view(None), names=["Alice", "Bob", "Zoë", "Dmitri"]))
        hands.append(dict(state.view(mover), names=["Alice", "Bob", "Zoë", "Dmitri"]))
    step = max(1, len(tables) // views)
    out: dict[str, Any] = {"match_moves": len(tables)}
    for name, render, seq in (("table", R.render_table, tables[::step]), ("hand", R.render_hand, hands[::step])):
        render(seq[0])
        cpu = []
        for view in seq:
            c0 = time.process_time()
            render(view)
            cpu.append((time.process_time() - c0) * 1000)
        cpu.sort()
        out[name] = {
            "views": len(cpu),
            "cpu_ms_p50": round(statistics.median(cpu), 1),
            "cpu_ms_p90": round(cpu[int(0.9 * (len(cpu) - 1))], 1),
            "cpu_ms_max": round(cpu[-1], 1),
        }
    return out


def search_speed(hands: str, positions: int = 12) -> dict[str, float]:
    """ISMCTS iterations per second (0.5 s cap) over seeded mid-hand positions."""
    return bench_game.search_speed(NAME, 4, {"hands": hands}, positions, warmup=120)


def searchers(seed: int, mode: str) -> tuple[int, set[int]]:
    """The ISMCTS side and its searching seats for game `seed`."""
    side = seed % 2
    if mode == "side":
        return side, {side, side + 2}
    return side, {side + 2 * ((seed // 2) % 2)}


def play_one(job: tuple[int, str, str, str, int | None]) -> dict[str, float]:
    seed, opponent, hands, mode, fixed = job
    side, mine = searchers(seed, mode)
    seats = {}
    for s in range(4):
        if s in mine:
            seats[s] = (
                make_player("normal", seed=seed * 10 + s, game=NAME)
                if fixed is None
                else ISMCTSPlayer(iterations=fixed, time_limit=None, seed=seed * 10 + s)
            )
        else:
            seats[s] = make_player(opponent if s % 2 != side else "heuristic", seed=seed * 10 + s)
    state = GAMES[NAME].new(4, seed=seed, options={"hands": hands})
    times: list[float] = []
    think, moves = bench_game.play_out(state, seats, set(mine), clock=time.process_time, each=times.append)
    places = state.outcome().places
    ours, theirs = places[side], places[1 - side]
    win = 1.0 if ours < theirs else 0.5 if ours == theirs else 0.0
    margin = state.scores[side] - state.scores[1 - side]
    counts = {k: sum(getattr(seats[s], k, 0) for s in mine) for k in ("searched", "overruled", "capped")}
    return {"win": win, "think": think, "moves": moves, "margin": margin, "times": times, **counts}


def baseline(seed: int, opponent: str, hands: str, mode: str) -> tuple[float, int]:
    """The same deal with heuristic players where the measured seats sit: (win, margin) of that side."""
    side, _ = searchers(seed, mode)
    seats = {s: make_player(opponent if s % 2 != side else "heuristic", seed=seed * 10 + s) for s in range(4)}
    state = GAMES[NAME].new(4, seed=seed, options={"hands": hands})
    bench_game.play_out(state, seats, set())
    ours, theirs = state.scores[side], state.scores[1 - side]
    return (1.0 if ours > theirs else 0.5 if ours == theirs else 0.0), ours - theirs


def match(
    opponent: str, games: int, jobs: int, hands: str, mode: str, fixed: int | None, first: int = 0
) -> dict[str, float]:
    work = [(seed, opponent, hands, mode, fixed) for seed in range(first, first + games)]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(play_one, work, chunksize=1))
    moves = sum(r["moves"] for r in results)
    share = sum(r["win"] for r in results) / games
    times = sorted(t for r in results for t in r["times"])
    base = [baseline(seed, opponent, hands, mode) for seed in range(first, first + games)]
    return {
        "games": games,
        "win_share": round(share, 3),
        "beaten_share": round(share, 3),
        "mean_margin": round(sum(r["margin"] for r in results) / games),
        # the same deals with heuristic seats in place of the measured ones: the paired yardstick
        # (deal luck alone moves a 60-game share by several points)
        "heuristic_win_share": round(sum(b[0] for b in base) / games, 3),
        "heuristic_mean_margin": round(sum(b[1] for b in base) / games),
        "ms_per_move": round(1000 * sum(r["think"] for r in results) / max(1, moves), 1),
        "ms_p99": round(1000 * times[int(0.99 * (len(times) - 1))], 1) if times else 0.0,
        "ms_max": round(1000 * times[-1], 1) if times else 0.0,
        **bench_game.move_times(times),
        # the registered player's own counts, where it keeps them (moves judged in worlds, of
        # those overruling the heuristic, and cut short by the time cap)
        **{k: sum(r[k] for r in results) for k in ("searched", "overruled", "capped")},
        "wall_s": round(time.perf_counter() - start),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--hands", default="1", choices=("1", "2", "4"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--speed-seconds", type=float, default=5.0)
    ap.add_argument("--render-views", type=int, default=200)
    ap.add_argument("--render-only", action="store_true", help="time the pictures only")
    ap.add_argument("--fixed", action="store_true", help="ISMCTS runs all its iterations, no time cap")
    ap.add_argument(
        "--iterations", type=int, default=normal_iterations("hand_and_foot"), help="iterations a move with --fixed"
    )
    ap.add_argument("--opponents", nargs="+", default=["random", "heuristic"], choices=["random", "heuristic"])
    ap.add_argument("--modes", nargs="+", default=["side", "seat"], choices=["side", "seat"])
    ap.add_argument("--first-seed", type=int, default=0, help="seeds first..first+N-1 (to extend a sample)")
    ap.add_argument("--no-speed", action="store_true", help="skip the speed and render figures")
    args = ap.parse_args()
    if args.render_only:
        print(json.dumps({"game": NAME, "render": render_speed(args.render_views)}, indent=2))
        return
    fixed = args.iterations if args.fixed else None
    ai = (
        f"ISMCTS, {fixed} iterations, no time cap"
        if fixed
        else f"normal: {type(make_player('normal', seed=0, game=NAME)).__name__}, the registered seat player, 1 s cap"
    )
    out: dict[str, Any] = {"game": NAME, "hands_per_match": int(args.hands), "ai": ai}
    if not args.no_speed:
        out["random_play_4_seats"] = random_speed(args.speed_seconds)
        out["search_speed"] = search_speed(args.hands)
        out["render"] = render_speed(args.render_views)
    for mode in args.modes:
        for opponent in args.opponents:
            if mode == "seat" and opponent != "heuristic":
                continue  # the AI partner case is measured beside a heuristic partner only
            key = f"ismcts_side_vs_{opponent}" if mode == "side" else "ismcts_seat_heuristic_partner_vs_heuristic"
            out[key] = match(opponent, args.games, args.jobs, args.hands, mode, fixed, args.first_seed)
            print(f"{key}: {json.dumps(out[key])}", file=sys.stderr, flush=True)  # progress
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
