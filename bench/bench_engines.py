"""Engine benchmark: random play, in actions per second, for every game; RLCard's UNO beside it.

    python bench/bench_engines.py [--seconds 3] [--games klondike,freecell] [--with-rlcard]

Every game in engine.GAMES, at its fewest and most seats, plays the same loop: pick
a seat that may act, ask `legal_actions`, apply one of them chosen by a seeded RNG
(resign left out, so a game is not ended on purpose). A game that ends, or runs for
MAX_STEPS actions (a solitaire can shuffle cards forever), is replaced by a fresh
deal with the next seed. Both wall-clock and CPU-time rates are given: the machine
may be shared, and CPU time is the steadier of the two.

RLCard's UNO is measured in the same run, two ways, in steps (actions) per second:
`env_run` is `env.run` with a RandomAgent in each seat, `game_api` the raw game
(`UnoGame.init_game`, `get_legal_actions`, `step`) with a random choice each step.
RLCard is not a Parlour dependency: when `import rlcard` fails the JSON says
"rlcard": "not installed", unless `--with-rlcard` is given, which makes a private
venv under bench/out/ (git-ignored), pip-installs rlcard there and measures UNO in
a child process of that venv.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VENV = ROOT / "bench" / "out" / "rlcard-venv"
MAX_STEPS = 2000


def random_play(name: str, players: int, seconds: float) -> dict[str, Any]:
    """Random legal actions per second for one game at one table size."""
    from engine import GAMES

    game = GAMES[name]
    rng = random.Random(1)
    games = steps = actions = 0
    state = game.new(players, seed=0)
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        if state.over or steps >= MAX_STEPS:
            games += 1
            steps = 0
            state = game.new(players, seed=games)
        seat = rng.choice(state.to_move)
        choices = [a for a in state.legal_actions(seat) if a.text != "resign"]
        state.apply(seat, rng.choice(choices))
        steps += 1
        actions += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "actions_per_second": round(actions / wall),
        "actions_per_cpu_second": round(actions / cpu),
        "actions": actions,
        "games_started": games + 1,
    }


def engine_figures(seconds: float, names: list[str] | None = None) -> dict[str, Any]:
    from engine import GAMES

    out: dict[str, Any] = {}
    for name in sorted(names or GAMES):
        game = GAMES[name]
        for players in sorted({game.min_players, game.max_players}):
            out[f"{name}/{players}"] = random_play(name, players, seconds)
    return out


# -- RLCard's UNO -------------------------------------------------------------


def uno_env_run(seconds: float) -> dict[str, Any]:
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    np.random.seed(1)  # RandomAgent draws from numpy's global RNG
    env = rlcard.make("uno", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    steps = games = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        trajectories, _ = env.run(is_training=False)
        # each player's trajectory is state, action, state, ..., final state
        steps += sum((len(t) - 1) // 2 for t in trajectories)
        games += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"steps_per_second": round(steps / wall), "steps_per_cpu_second": round(steps / cpu), "games": games}


def uno_game_api(seconds: float) -> dict[str, Any]:
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(1)
    game = UnoGame(num_players=2)
    game.np_random.seed(1)
    steps = games = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            steps += 1
        games += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"steps_per_second": round(steps / wall), "steps_per_cpu_second": round(steps / cpu), "games": games}


def rlcard_here(seconds: float) -> dict[str, Any] | str:
    try:
        import rlcard
    except ImportError:
        return "not installed"
    return {
        "version": getattr(rlcard, "__version__", "?"),
        "uno_env_run": uno_env_run(seconds),
        "uno_game_api": uno_game_api(seconds),
    }


def rlcard_in_venv(seconds: float) -> dict[str, Any] | str:
    """Make bench/out/rlcard-venv if needed, install rlcard there, measure UNO in it."""
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    probe = subprocess.run([str(python), "-c", "import rlcard"], capture_output=True)
    if probe.returncode != 0:
        install = subprocess.run([str(python), "-m", "pip", "install", "-q", "rlcard"], capture_output=True, text=True)
        if install.returncode != 0:
            return "install failed: " + (install.stderr.strip().splitlines() or ["?"])[-1]
    child = subprocess.run(
        [str(python), __file__, "--rlcard-only", "--seconds", str(seconds)], capture_output=True, text=True
    )
    if child.returncode != 0:
        return "failed: " + (child.stderr.strip().splitlines() or ["?"])[-1]
    return json.loads(child.stdout)["rlcard"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--games", default="", help="comma-separated game names (default: every game)")
    parser.add_argument("--with-rlcard", action="store_true", help="install rlcard in bench/out/ if missing")
    parser.add_argument("--rlcard-only", action="store_true", help=argparse.SUPPRESS)  # the venv child
    args = parser.parse_args()
    if args.rlcard_only:
        print(json.dumps({"rlcard": rlcard_here(args.seconds)}))
        return
    report: dict[str, Any] = {"python": platform.python_version(), "seconds_each": args.seconds}
    report["engines"] = engine_figures(args.seconds, [n for n in args.games.split(",") if n] or None)
    figures = rlcard_here(args.seconds)
    if figures == "not installed" and args.with_rlcard:
        figures = rlcard_in_venv(args.seconds)
    report["rlcard"] = figures
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
