"""Hand and Foot in Discord: "May I go out?" is answered by the partner alone, from the table."""

from __future__ import annotations

from tests.bot.helpers import custom_ids, table_message, table_of
from tests.engine.test_hand_and_foot import piles, position


async def test_only_the_partner_answers_may_i_go_out(simcord_env, world):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    dave = guild.add_member(simcord_env.create_user("dave"))
    await alice.slash(channel, "hand_and_foot start", player2=bob, player3=carol, player4=dave)
    table = table_of(simcord_env)
    for member in (bob, carol, dave):
        await member.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    by_seat = {table.seat_of(m.id): m for m in (alice, bob, carol, dave)}
    asker, partner, opponent = by_seat[0], by_seat[2], by_seat[1]
    # seat 0 has the side's piles and both partners are in their feet: it may ask
    melds = [[*piles(), ["K", ["KH"] * 3]], []]
    table.state = position(["KS", "KS"], melds=melds, in_foot=[True, False, True, False])
    asked = await asker.slash(channel, "hand_and_foot play", action="ask")
    assert asked.response.content.startswith("✅")
    yes = f"parlour:quick:{table.id}:yes"
    assert yes in custom_ids(table_message(channel, table.id))
    refused = await opponent.click(table_message(channel, table.id), custom_id=yes)
    assert refused.ephemeral and not refused.response.content.startswith("✅")
    assert table.state.to_move == (2,)
    answered = await partner.click(table_message(channel, table.id), custom_id=yes)
    assert answered.ephemeral and table.state.permission == "yes" and table.state.to_move == (0,)
    assert yes not in custom_ids(table_message(channel, table.id))
