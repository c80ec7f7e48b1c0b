"""Go Fish / Authors benchmark: random-play speed and ISMCTS strength; prints one JSON object.

    python bench/bench_go_fish.py [--games N] [--players P] [--variant go-fish|authors] [--jobs J] [--fixed]

Speed: uniformly random complete games at 2 and 6 seats (legal_actions + apply per
move), in both variants. Strength: game i is seeded i; the ISMCTS seat (engine.ai
make_player("normal"): 200 iterations within 1 s a move) sits at seat i % P, every
other seat is random or the heuristic. Against random we count the games ISMCTS wins
(a shared first place counts half); against the heuristic, the share of opposing
seats it finishes ahead of (a tie with one counts half).
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
from engine.ai import ISMCTSPlayer, make_player

GAME = GAMES["go_fish"]


def random_speed(players: int, variant: str, seconds: float) -> dict[str, float]:
    rng = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        state = GAME.new(players, seed=games, options={"variant": variant})
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "actions_per_s": round(actions / elapsed),
        "games_per_s": round(games / elapsed, 1),
        "mean_actions": round(actions / games, 1),
    }


def render_times(players: int, repeats: int = 40) -> dict[str, float]:
    """CPU ms (p50) and PNG bytes of the table and hand pictures of a mid-game position."""
    from renderers import go_fish as R

    state = GAME.new(players, seed=3)
    rng = random.Random(3)
    for _ in range(8 * players):
        if state.over:
            break
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng))
    names = [f"Player {s}" for s in range(players)]
    table = {**state.view(None), "names": names}
    hand = {**state.view(state.to_move[0] if state.to_move else 0), "names": names}
    R.warm()
    out: dict[str, float] = {}
    for kind, render, view in (("table", R.render_table, table), ("hand", R.render_hand, hand)):
        times = []
        for _ in range(repeats):
            start = time.process_time()
            png = render(view)
            times.append(time.process_time() - start)
        out[f"{kind}_p50_ms"] = round(1000 * sorted(times)[repeats // 2], 2)
        out[f"{kind}_bytes"] = len(png)
    return out


def play_one(job: tuple[int, str, int, str, bool]) -> dict[str, float]:
    """One seeded game, ISMCTS against `opponent` at every other seat."""
    seed, opponent, players, variant, fixed = job
    me = seed % players
    seats = {s: make_player(opponent, seed=seed * 10 + s) for s in range(players)}
    # "normal" is 200 iterations within 1 s of wall clock; on a loaded machine the clock cuts
    # the search short, so --fixed runs the 200 iterations whatever the load.
    seats[me] = ISMCTSPlayer(iterations=200, seed=seed) if fixed else make_player("normal", seed=seed)
    state = GAME.new(players, seed=seed, options={"variant": variant})
    think, moves = 0.0, 0
    while not state.over:
        seat = state.to_move[0]
        start = time.process_time()
        action = seats[seat].choose(state, seat)
        if seat == me:
            think += time.process_time() - start
            moves += 1
        state.apply(seat, action)
    places = state.outcome().places
    others = [s for s in range(players) if s != me]
    ahead = sum(1.0 if places[me] < places[s] else 0.5 if places[me] == places[s] else 0.0 for s in others)
    firsts = [s for s in range(players) if places[s] == 1]
    win = (1.0 / len(firsts)) if me in firsts else 0.0
    return {"win": win, "ahead": ahead / len(others), "think": think, "moves": moves}


def match(opponent: str, games: int, players: int, variant: str, jobs: int, fixed: bool) -> dict[str, float]:
    work = [(seed, opponent, players, variant, fixed) for seed in range(games)]
    results = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(play_one, work):
            results.append(result)
            if len(results) % 5 == 0:  # progress on stderr; the report stays one JSON object
                share = sum(r["ahead"] for r in results) / len(results)
                print(f"{opponent}: {len(results)}/{games} games, ahead share {share:.3f}", file=sys.stderr)
    moves = sum(r["moves"] for r in results)
    return {
        "games": games,
        "players": players,
        "win_share": round(sum(r["win"] for r in results) / games, 3),
        "seats_ahead_share": round(sum(r["ahead"] for r in results) / games, 3),
        "cpu_ms_per_move": round(1000 * sum(r["think"] for r in results) / max(moves, 1), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per opponent (default 200)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="go-fish", choices=("go-fish", "authors"))
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--speed-only", action="store_true", help="skip the ISMCTS matches")
    parser.add_argument("--fixed", action="store_true", help="ISMCTS runs all 200 iterations (no wall clock)")
    args = parser.parse_args()
    report: dict[str, object] = {
        "game": "go_fish",
        "random_play": {
            variant: {str(p): random_speed(p, variant, 2.0) for p in (GAME.min_players, GAME.max_players)}
            for variant in ("go-fish", "authors")
        },
    }
    report["render"] = {str(p): render_times(p) for p in (GAME.min_players, GAME.max_players)}
    if not args.speed_only:
        report["variant"] = args.variant
        report["ismcts_budget"] = "200 iterations" if args.fixed else "normal: 200 iterations within 1 s"
        for opponent in ("random", "heuristic"):
            report[f"ismcts_vs_{opponent}"] = match(
                opponent, args.games, args.players, args.variant, args.jobs, args.fixed
            )
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
