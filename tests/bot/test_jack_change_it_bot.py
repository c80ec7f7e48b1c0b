"""Jack Change It through Discord: what the channel hears when a player is down to one card."""

from __future__ import annotations

import json
import random

from tests.bot.helpers import members_of, table_message, table_of


async def test_the_channel_hears_last_card_with_the_play(simcord_env, world):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "jack_change_it start", player2=bob, bots=0)
    table = table_of(simcord_env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    members = members_of(table, alice, bob)
    rng = random.Random(5)
    for _ in range(300):
        assert table.active, "nobody came down to one card before the game ended"
        seat = table.state.to_move[0]
        action = table.state.heuristic_action(seat, rng)
        before = table.state.view(None)["hand_sizes"][seat]
        await members[seat].slash(channel, "jack_change_it play", action=action.text)
        if table.active and before > 1 and table.state.view(None)["hand_sizes"][seat] == 1:
            break
    else:
        raise AssertionError("no hand came down to one card in 300 moves")
    log = json.dumps([e.to_dict() for e in table_message(channel, table.id).embeds], ensure_ascii=False)
    assert f"{members[seat].name} plays" in log and "Last card!" in log
