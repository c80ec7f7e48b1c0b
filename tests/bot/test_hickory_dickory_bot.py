"""Hickory Dickory alone in Discord: the solo game starts at once and plays through /play."""

from __future__ import annotations

import random

from tests.bot.helpers import table_message, table_of


async def test_alone_the_clock_game_is_the_solo_variant(simcord_env, world):
    _guild, channel, alice, _bob = world
    started = await alice.slash(channel, "hickory_dickory start")
    assert started.response.content.startswith("Hickory Dickory #") and "begins" in started.response.content
    table = table_of(simcord_env)
    assert table.alone and table.active and table.deadline is None
    assert table.state.view(None)["paws"], "solo: the cat's paws are rolled before round 1"
    assert table_message(channel, table.id).content == "🃏 alice is playing."
    rng = random.Random(3)
    for _ in range(12):
        if not table.active:
            break
        action = table.state.heuristic_action(0, rng) or table.state.legal_actions(0)[0]
        played = await alice.slash(channel, "hickory_dickory play", action=action.text)
        assert played.ephemeral and played.response.content.startswith("✅"), played.response.content
    assert table.version == 12
    # The table picture's alt text ends with the last tick in words, and names no favor card.
    described = " ".join(a.description or "" for a in table_message(channel, table.id).attachments)
    assert "Last tick (" in described
    assert not any(f in described.split() for f in table.state.favors[0])
