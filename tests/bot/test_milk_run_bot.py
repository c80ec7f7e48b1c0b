"""Milk Run in Discord: moves aimed at another seat name that player, in the panel and autocomplete."""

from __future__ import annotations

from tests.bot.helpers import table_message, table_of


async def test_moves_on_another_players_piles_name_the_player(simcord_env, world):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "milk_run start", player2=bob, bots=0)
    table = table_of(simcord_env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    seat = table.state.to_move[0]
    mover = alice if table.seats[seat].user_id == alice.id else bob
    other = table.seats[1 - seat].name
    for _ in range(2):
        await mover.slash(channel, "milk_run play", action="draw")
    offered = await mover.autocomplete(channel, "milk_run play", "action", "limit")
    aimed = [c["name"] for c in offered if c["value"].endswith(f" to {1 - seat}")]
    assert aimed and all(f"on {other}'s pile" in name for name in aimed), offered
    assert not any("{p" in c["name"] for c in offered)
