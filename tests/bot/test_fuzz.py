"""The fuzz harness's CI run: a few hundred seeded interactions, every bad column zero.

bench/bench_fuzz.py runs the long version and prints the figures as JSON.
"""

from __future__ import annotations

import pytest

from engine import GAMES
from tests.bot.fuzz import run_fuzz
from tests.bot.fuzz_checks import BAD_COLUMNS

SEEDS = (2026, 7)
STEPS = 150  # per seed; each step is one to five interactions


@pytest.mark.parametrize("seed", SEEDS)
async def test_the_bot_survives_a_seeded_fuzz_run(tmp_path, seed):
    result = await run_fuzz(str(tmp_path / "fuzz.sqlite3"), seed=seed, steps=STEPS)
    assert_survived(result)


async def test_every_game_survives_a_seeded_fuzz_run(tmp_path):
    """The same run over every registered game, each started from its facts alone."""
    result = await run_fuzz(str(tmp_path / "fuzz.sqlite3"), seed=11, steps=STEPS, games=tuple(sorted(GAMES)))
    assert_survived(result)


def assert_survived(result) -> None:
    # the run did what it says: games of every kind, faults, restarts and crashes
    assert result.interactions >= STEPS
    assert result.games_started >= 4 and result.moves >= 20
    assert result.faults_injected >= 5 and result.restarts + result.crashes >= 2
    assert result.bad() == {}, result.report()
    assert all(getattr(result, column) == 0 for column in BAD_COLUMNS)
