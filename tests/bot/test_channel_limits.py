"""/parlour limit: a moderator caps how many games may be open at once in a channel."""

from __future__ import annotations

import discord

from tests.bot.helpers import start_pvp, table_message, table_of


def moderator(simcord_env, guild):
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(simcord_env.create_user("mod"), roles=[mods])


async def test_a_channel_limit_stops_new_tables_but_not_open_ones(simcord_env, world):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    mod = moderator(simcord_env, guild)
    table = await start_pvp(simcord_env, channel, alice, bob)
    told = await mod.slash(channel, "parlour limit", games=1)
    assert told.ephemeral and "allows 1 open game at once" in told.response.content
    refused = await carol.slash(channel, "dickory start")
    assert refused.ephemeral
    assert refused.response.content == (
        "This channel allows 1 open game at once: finish one first, or play in another channel."
    )
    assert len(simcord_env.bot.tables.all()) == 1
    seat = table.state.to_move[0]
    mover = alice if table.seat_of(alice.id) == seat else bob
    move = table.state.legal_actions(seat)[0].text
    moved = await mover.slash(channel, "dickory play", action=move)
    assert table.version == 1, moved.response.content  # the open game plays on
    other = guild.create_text_channel("more-games")
    elsewhere = await carol.slash(other, "dickory start")
    assert "begins" in elsewhere.response.content  # the limit is for that channel only
    await bob.slash(channel, "dickory resign")
    again = await carol.slash(channel, "dickory start")
    assert "begins" in again.response.content, "a finished game frees its place"


async def test_a_closed_channel_takes_no_games_until_the_limit_is_lifted(simcord_env, world):
    guild, channel, alice, bob = world
    mod = moderator(simcord_env, guild)
    closed = await mod.slash(channel, "parlour limit", games=0)
    assert "closed to new games" in closed.response.content
    refused = await alice.slash(channel, "dickory start", opponent=bob)
    assert refused.response.content == "Games can't be started in this channel: a moderator has closed it to games."
    assert simcord_env.bot.tables.all() == []
    lifted = await mod.slash(channel, "parlour limit")
    assert "no limit on games now" in lifted.response.content
    started = await alice.slash(channel, "dickory start", opponent=bob)
    assert "Invitation sent" in started.response.content
    table = table_of(simcord_env)
    assert table_message(channel, table.id) is not None


async def test_only_moderators_set_limits(simcord_env, world):
    """/parlour is hidden from members by default; a server that shows it to everyone still
    has each command check Manage Server."""
    _guild, channel, alice, _bob = world
    assert "parlour limit" not in alice.available_commands(channel)
