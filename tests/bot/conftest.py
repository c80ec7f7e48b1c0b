"""SimCord fixtures: the real bot on a real SQLite file, driven by simulated members."""

from __future__ import annotations

import random

import pytest

from bot.app import create_bot
from bot.settings import Settings


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "parlour.sqlite3")


@pytest.fixture
async def simcord_bot(db_path):
    # AI search runs in a thread here; production uses a process pool.
    yield make_bot(db_path)
    # SimCord detaches bots without closing them: close every database this test opened
    while MADE:
        bot = MADE.pop()
        if hasattr(bot, "storage"):
            await bot.storage.close()


def make_bot(db_path, seed=2026):
    """The production bot with test settings and a seeded source of deals."""
    settings = Settings(token="simcord", database=db_path, ai_workers=0, warm_renderers=False)
    bot = create_bot(settings, rng=random.Random(seed))
    MADE.append(bot)
    return bot


MADE: list = []  # bots made by the current test (a restart makes a second one)


@pytest.fixture
def world(simcord_env):
    """A guild with a #games channel and two members, Alice and Bob."""
    guild = simcord_env.create_guild(name="Parlour Test")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    return guild, channel, alice, bob
