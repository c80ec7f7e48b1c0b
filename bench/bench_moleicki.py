"""Moleicki benchmark: playout speed, search speed and AI strength; prints one JSON object.

    python bench/bench_moleicki.py [--seconds S] [--games N] [--first-seed F] [--seats 2 4 8]
        [--opponents random heuristic] [--jobs J] [--iterations K] [--time-limit T] [--cutoff C]
        [--only playouts|search|strength]

- playouts: complete games per second, random and heuristic, from fresh deals.
- search: ISMCTS iterations per second at the normal setting (cut-off playouts scored
  by the evaluation), over seeded mid-game positions; each choice may think 1 s.
- strength: `--games` seeded games per seat count against random players and against
  heuristic players (ISMCTS in one seat, the same kind in every other). Game i uses
  seed i and puts ISMCTS at seat i mod n. When several seats may act (races, Nein),
  a seeded draw among them picks who acts, the same for every kind of player.

Strength figures per seat count:
  win_rate        share of games the ISMCTS seat wins (baseline 1/n: `baseline`)
  ahead_rate      pairwise: over games and each opponent seat, how often the ISMCTS
                  seat finishes ahead: a better place, or (both behind the winner) fewer
                  cards left in hand and tableau; equal on both counts scores half
ISMCTS plays as `normal` does (the game's normal iterations, 1 s, CUTOFF) unless the options say otherwise.
On a loaded machine give strength runs a long --time-limit so the iteration cap alone
decides (reproducible); the search figures say whether the cap fits in 1 s. Each
finished game is also printed to stderr as one JSON line, for progress.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import CUTOFF, NORMAL, HeuristicPlayer, ISMCTSPlayer, Player, RandomPlayer, normal_iterations
from engine.moleicki import GAME, MoleickiState

SEATS = (2, 4, 8)


def playout(players: int, seed: int, heuristic: bool) -> int:
    """Play one game to the end; returns the number of actions applied."""
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.over:
        seat = rng.choice(state.to_move)
        action = state.heuristic_action(seat, rng) if heuristic else rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        steps += 1
    return steps


def measure_playouts(players: int, heuristic: bool, seconds: float) -> dict[str, float]:
    games = actions = longest = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds or games < 3:
        n = playout(players, games, heuristic)
        games += 1
        actions += n
        longest = max(longest, n)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "playouts_per_s": round(games / elapsed, 2),
        "actions_per_s": round(actions / elapsed, 1),
        "actions_per_cpu_s": round(actions / cpu, 1),  # steadier on a shared machine
        "mean_actions": round(actions / games, 1),
        "longest": longest,
        "games": games,
    }


def positions(players: int, count: int) -> list[tuple[MoleickiState, int]]:
    """Seeded mid-game positions (heuristic play) where the seat to act has a real choice."""
    out: list[tuple[MoleickiState, int]] = []
    seed = 0
    while len(out) < count:
        state = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 60)):
            if state.over:
                break
            seat = rng.choice(state.to_move)
            state.apply(seat, state.heuristic_action(seat, rng))
        seed += 1
        if state.over:
            continue
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) > 1:
            out.append((state, seat))
    return out


def measure_search(players: int, count: int, time_limit: float, cutoff: int) -> dict[str, float]:
    """Iterations in one time-limited choice (no iteration cap) over `count` positions."""
    rates, cpu_rates = [], []
    for i, (state, seat) in enumerate(positions(players, count)):
        player = ISMCTSPlayer(iterations=10**9, time_limit=time_limit, seed=i, cutoff=cutoff)
        start, cpu = time.perf_counter(), time.process_time()
        player.choose(state, seat)
        rates.append(player.last_iterations / (time.perf_counter() - start))
        cpu_rates.append(player.last_iterations / max(time.process_time() - cpu, 1e-9))
    rates.sort()
    return {
        "positions": len(rates),
        "iterations_per_s_mean": round(sum(rates) / len(rates)),
        "iterations_per_s_min": round(rates[0]),
        "iterations_per_s_median": round(rates[len(rates) // 2]),
        # Iterations per second of CPU time: what the wall-clock rate would be on an idle core.
        "iterations_per_cpu_s_mean": round(sum(cpu_rates) / len(cpu_rates)),
    }


def play_one(job: tuple[int, int, str, int, float, int]) -> dict[str, float]:
    """One seeded game of ISMCTS against `opponent` players; how ISMCTS fared."""
    seed, players, opponent, iterations, time_limit, cutoff = job
    me = seed % players
    seats: dict[int, Player] = {}
    for s in range(players):
        if s == me:
            seats[s] = ISMCTSPlayer(iterations=iterations, time_limit=time_limit, seed=seed, cutoff=cutoff)
        elif opponent == "random":
            seats[s] = RandomPlayer(seed * 100 + s)
        else:
            seats[s] = HeuristicPlayer(seed * 100 + s)
    state = GAME.new(players, seed=seed)
    pick = random.Random(seed + 1_000_000)
    think, choices = 0.0, 0
    while not state.over:
        seat = pick.choice(state.to_move)
        start = time.perf_counter()
        action = seats[seat].choose(state, seat)
        if seat == me:
            think += time.perf_counter() - start
            choices += 1
        state.apply(seat, action)
    places = state.outcome().places
    left = [state.cards_left(s) for s in range(players)]
    ahead = 0.0
    for s in range(players):
        if s == me:
            continue
        mine, theirs = (places[me], left[me]), (places[s], left[s])
        ahead += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return {
        "win": float(places[me] == 1),
        "ahead": ahead / (players - 1),
        "think": think,
        "choices": choices,
    }


def measure_strength(
    players: int, opponent: str, games: int, iterations: int, time_limit: float, cutoff: int, jobs: int, first: int = 0
) -> dict[str, float]:
    work = [(seed, players, opponent, iterations, time_limit, cutoff) for seed in range(first, first + games)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = []
        for r in pool.map(play_one, work, chunksize=1):
            results.append(r)
            print(json.dumps({"seats": players, "vs": opponent, **r}), file=sys.stderr, flush=True)  # progress
    choices = sum(r["choices"] for r in results)
    return {
        "games": games,
        "seeds": f"{first}-{first + games - 1}",
        "wins": int(sum(r["win"] for r in results)),
        "win_rate": round(sum(r["win"] for r in results) / games, 3),
        "baseline": round(1 / players, 3),
        "ahead_rate": round(sum(r["ahead"] for r in results) / games, 3),
        "ms_per_choice": round(1000 * sum(r["think"] for r in results) / max(choices, 1), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per playout case")
    parser.add_argument("--games", type=int, default=200, help="games per seat count and opponent")
    parser.add_argument("--seats", type=int, nargs="+", default=list(SEATS))
    parser.add_argument("--opponents", nargs="+", default=["random", "heuristic"])
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first strength game")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--iterations", type=int, default=normal_iterations("moleicki"))
    parser.add_argument("--time-limit", type=float, default=NORMAL[1])
    parser.add_argument("--cutoff", type=int, default=CUTOFF, help="playout moves before the evaluation")
    parser.add_argument("--only", choices=("playouts", "search", "strength"))
    args = parser.parse_args()
    result: dict[str, object] = {
        "game": "moleicki",
        "iterations": args.iterations,
        "time_limit": args.time_limit,
        "cutoff": args.cutoff,
    }
    if args.only in (None, "playouts"):
        result["playouts"] = {
            kind: {str(p): measure_playouts(p, kind == "heuristic", args.seconds) for p in args.seats}
            for kind in ("random", "heuristic")
        }
    if args.only in (None, "search"):
        result["search"] = {str(p): measure_search(p, 12, args.time_limit, args.cutoff) for p in args.seats}
    if args.only in (None, "strength"):
        result["strength"] = {
            f"vs_{opp}": {
                str(p): measure_strength(
                    p, opp, args.games, args.iterations, args.time_limit, args.cutoff, args.jobs, args.first_seed
                )
                for p in args.seats
            }
            for opp in args.opponents
        }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
