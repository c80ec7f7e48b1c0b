"""Milk Run figures as one JSON object: play speed, copy and search costs, render times.

    python bench/bench_milk_run.py [--seconds S] [--renders N]
    python bench/bench_milk_run.py --strength GAMES [--seats 2 4 8] [--games-at SEATS=GAMES ...]
                                   [--random-games N] [--fixed] [--jobs J] [--out FILE]

- random play: uniformly random legal actions over whole games at 2 and 8 seats
  (legal_actions + apply each move), and the same with the heuristic choosing;
- copy and determinize: microseconds each, mid-game at 8 seats;
- renders: p50 / max milliseconds and the largest PNG of the table and the hand, from
  real mid-game states at 2 and 8 seats;
- with --strength N (only the strength figures): over N seeded games (fewer where
  --games-at says so), one ISMCTS seat against the heuristic in every other seat at each
  --seats count, and against random at 2 seats (--random-games of them; the 2-seat matches
  only when 2 is among --seats), as bench/bench_game.py
  plays them: the normal seat is make_player("normal", game="milk_run"), the game's
  registered player (`win_share`: games won; `beaten_share`: other seats finished strictly
  behind). With --jobs 1 the games are played here and every move of that seat is timed
  (process time, p50 / p99 / max ms, and `capped_moves`: moves its time cap cut short, for a player that
  counts them as `capped`); with --fixed plain ISMCTS runs all its NORMAL iterations with no
  wall clock. `search_speed` is the
  normal player's iterations per second at each seat count. --out rewrites the JSON file
  after every match, so a long run that is cut short keeps what finished (slow: hours at 8).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import GAMES

MR = GAMES["milk_run"]


def play_speed(players: int, seconds: float, heuristic: bool) -> dict[str, float]:
    rng = random.Random(players)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 2:
        state = MR.new(players, seed=games)
        while not state.over:
            seat = state.to_move[0]
            action = state.heuristic_action(seat, rng) if heuristic else rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"actions_per_s": round(actions / elapsed), "actions_per_game": round(actions / games)}


def mid_game(players: int, moves: int, seed: int = 1):
    state = MR.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng))
    return state


def micro(fn, n: int = 2000) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return round((time.perf_counter() - start) / n * 1e6, 1)


def render_times(players: int, runs: int) -> dict[str, object]:
    from renderers import milk_run as R

    R.warm()
    names = [f"Player {i + 1}" for i in range(players)]
    tables, hands, sizes = [], [], []
    for i in range(runs):
        state = mid_game(players, 20 + 7 * i, seed=i)
        seat = state.to_move[0] if state.to_move else 0
        start = time.perf_counter()
        png = R.render_table({**state.view(None), "names": names})
        tables.append(time.perf_counter() - start)
        sizes.append(len(png))
        start = time.perf_counter()
        R.render_hand({**state.view(seat), "names": names})
        hands.append(time.perf_counter() - start)
    return {
        "table_ms_p50": round(statistics.median(tables) * 1000, 1),
        "table_ms_max": round(max(tables) * 1000, 1),
        "hand_ms_p50": round(statistics.median(hands) * 1000, 1),
        "table_kb_max": round(max(sizes) / 1024, 1),
    }


def timed_game(seed: int, players: int, opponent: str) -> tuple[dict[str, float], list[float], int]:
    """One seeded game as bench_game.play_one plays it (the registered normal player at seat
    seed % players), also keeping every move's thinking time and how often its cap bit."""
    from bench_game import play_out

    from engine.ai import make_player

    me = seed % players
    seats = {
        s: make_player("normal" if s == me else opponent, seed=seed * 10 + s, game="milk_run") for s in range(players)
    }
    times: list[float] = []
    state = MR.new(players, seed=seed)
    # Process time, not wall time: other jobs on a shared machine must not inflate the figures.
    think, moves = play_out(state, seats, {me}, clock=time.process_time, each=times.append)
    places = state.outcome().places
    beaten = sum(1 for s in range(players) if s != me and places[s] > places[me])
    capped = getattr(seats[me], "capped", 0)
    return (
        {"win": float(places[me] == 1), "beaten": beaten / (players - 1), "think": think, "moves": moves},
        times,
        capped,
    )


def timed_match(players: int, opponent: str, games: int) -> dict[str, object]:
    """bench_game.match's figures (one job) plus the move times' p50 / p99 / max and the cap's bites."""
    from bench_game import move_times, tally

    results, times, capped = [], [], 0
    for seed in range(games):
        result, spent, bites = timed_game(seed, players, opponent)
        results.append(result)
        times.extend(spent)
        capped += bites
    report: dict[str, object] = tally(results)
    report.update(move_times(times))
    report["capped_moves"] = capped
    return report


def strength(args: argparse.Namespace) -> dict[str, object]:
    from bench_game import match, search_speed

    from engine.ai import NORMAL, make_player, normal_iterations

    fixed = normal_iterations("milk_run") if args.fixed else None
    player = type(make_player("normal", seed=0, game="milk_run")).__name__
    if args.fixed:
        ai = f"ISMCTS, {normal_iterations('milk_run')} iterations, no time cap"
    else:  # make_player("normal", game="milk_run"): the game's registered player where it has one
        ai = f"normal seat ({player}), {NORMAL[1]:g} s cap"
    report: dict[str, object] = {"game": "milk_run", "ai": ai, "load_at_start": os.getloadavg()[0]}
    counts = {int(k): int(v) for k, v in (pair.split("=", 1) for pair in args.games_at)}
    if args.fixed:  # ISMCTS's iterations a second; the registered player's work is a fixed count
        report["search_speed"] = {str(p): search_speed("milk_run", p, {}) for p in args.seats}
    save(report, args.out)
    # The 2-seat figures first: a run cut short still has the headline ones.
    # Leave 2 out of --seats to measure only more seats (the 2-seat matches are the slowest).
    runs = [(2, "heuristic"), (2, "random")] if 2 in args.seats else []
    runs += [(p, "heuristic") for p in args.seats if p != 2]
    for players, opponent in runs:
        games = args.random_games if opponent == "random" and args.random_games else counts.get(players, args.strength)
        if fixed is None and args.jobs == 1:  # the same games, timed move by move
            result = timed_match(players, opponent, games)
        else:
            result = match("milk_run", players, opponent, games, args.jobs, {}, fixed)
        report[f"ismcts_vs_{opponent}_{players}p"] = result
        report["load_now"] = os.getloadavg()[0]
        save(report, args.out)
    save(report, args.out)
    return report


def save(report: dict[str, object], out: str | None) -> None:
    if out:
        Path(out).write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report), file=sys.stderr, flush=True)  # progress


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--renders", type=int, default=30)
    parser.add_argument("--strength", type=int, default=0, help="games a match (the strength figures only)")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--games-at", action="append", default=[], help="SEATS=GAMES: a smaller sample there")
    parser.add_argument("--random-games", type=int, default=0, help="games against random (default: as at 2 seats)")
    parser.add_argument("--fixed", action="store_true", help="ISMCTS runs all its iterations, no time cap")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="write the JSON here too, after every match")
    args = parser.parse_args()
    if args.strength:
        print(json.dumps(strength(args), indent=2))
        return
    report: dict[str, object] = {"game": "milk_run"}
    report["random_play"] = {str(p): play_speed(p, args.seconds, False) for p in (2, 8)}
    report["heuristic_play"] = {str(p): play_speed(p, args.seconds, True) for p in (2, 8)}
    state = mid_game(8, 300)
    rng = random.Random(0)
    report["us_copy_8p"] = micro(state.copy)
    report["us_determinize_8p"] = micro(lambda: state.determinize(state.to_move[0], rng))
    report["us_legal_actions_8p"] = micro(lambda: state.legal_actions(state.to_move[0]))
    report["render"] = {str(p): render_times(p, args.renders) for p in (2, 8)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
