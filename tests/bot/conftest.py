"""SimCord fixtures: the real bot on a real SQLite file, driven by simulated members."""

from __future__ import annotations

import pytest

from tests.bot.helpers import MADE, make_bot


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


@pytest.fixture
def world(simcord_env):
    """A guild with a #games channel and two members, Alice and Bob."""
    guild = simcord_env.create_guild(name="Parlour Test")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    return guild, channel, alice, bob
