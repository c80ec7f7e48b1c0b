"""Parlour in the Discord a real server makes: DMs, threads, a bot short of permissions, a
table message or channel deleted by a moderator, the bot removed from a server, a member
leaving mid-game, and one member at two tables. Driven through SimCord, nothing mocked.

SimCord gives the bot's permissions in the channel with each interaction (overwrites
applied) and refuses its posts without View Channel or Send Messages; it does not refuse a
picture without Attach Files nor drop an embed without Embed Links, so for those two only the
bot's own check before it starts a game or answers a move is tested here.
"""

from __future__ import annotations

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.builders import ChannelHandle
from simcord.enums import OverwriteType

from tests.bot.helpers import members_of, pick, seat_members, start_pvp, table_message, table_of
from tests.bot.test_every_game import assert_no_hidden_card_shown

# (game, the start command's options): a lobby waiting for an invitee, AI tables, a solitaire
GAMES = (("dickory", "opponent"), ("go_fish", {"bots": 2}), ("moleicki", {"bots": 1}), ("klondike", {}))
SENTENCES = {
    "view_channel": "I can't see this channel: give me View Channel.",
    "send_messages": "I can't post in this channel: give me Send Messages.",
    "embed_links": "I can't post the table's embed in this channel: give me Embed Links.",
    "attach_files": "I can't post pictures in this channel: give me Attach Files.",
}


def bot_denied(env, channel, *perms: str) -> None:
    """A moderator's overwrite on the bot in this channel, set or replaced mid-game."""
    allow, deny = discord.PermissionOverwrite(**dict.fromkeys(perms, False)).pair()
    overwrite = Overwrite(target_id=env.bot.user.id, type=OverwriteType.MEMBER, allow=allow.value, deny=deny.value)
    env.backend.set_overwrite(channel.id, overwrite)


def bot_allowed_again(env, channel) -> None:
    env.backend.delete_overwrite(channel.id, env.bot.user.id)


def open_tasks(env, table) -> list:
    host = env.bot.host
    live = [t for key, t in host._tasks.items() if key[0] == table.id and not t.done()]
    return live + ([table.id] if host.alarms.armed(table.id, table.version) else [])


@pytest.mark.parametrize("perm", sorted(SENTENCES))
async def test_no_game_starts_where_the_bot_cannot_post_its_table(simcord_env, world, perm):
    guild, _channel, alice, bob = world
    denied = discord.PermissionOverwrite(**{perm: False})
    channel = guild.create_text_channel(f"no-{perm}", overwrites={guild.me: denied})
    for game, options in GAMES:
        given = {"opponent": bob} if options == "opponent" else options
        answer = await alice.slash(channel, f"{game} start", **given)
        assert answer.ephemeral and answer.response.content == SENTENCES[perm], (game, answer.response.content)
    assert simcord_env.bot.tables.all() == []
    assert await simcord_env.bot.storage.open_games() == []  # no lobby row left behind
    assert simcord_env.errors == []


async def test_several_missing_permissions_are_named_in_one_sentence(simcord_env, world):
    guild, _channel, alice, _bob = world
    denied = discord.PermissionOverwrite(send_messages=False, attach_files=False)
    channel = guild.create_text_channel("quiet", overwrites={guild.me: denied})
    answer = await alice.slash(channel, "dickory start")
    assert answer.response.content == "I can't post in this channel: give me Send Messages and Attach Files."


async def test_commands_in_a_dm_get_one_sentence(simcord_env, world):
    user = simcord_env.create_user("dmmer")
    for command, options in (("dickory start", {}), ("klondike start", {}), ("go_fish play", {"action": "x"})):
        answer = await user.slash(command, **options)
        assert answer.ephemeral and answer.response.content, command
    started = await user.slash("moleicki start")
    assert started.response.content == "Games are played in a server channel, not in direct messages."
    assert simcord_env.bot.tables.all() == [] and simcord_env.errors == []


async def test_a_game_plays_in_a_thread(simcord_env, world):
    guild, channel, alice, _bob = world
    thread = ChannelHandle(simcord_env, guild, simcord_env.backend.create_thread(channel.id, "cards", alice.id))
    started = await alice.slash(thread, "dickory start")
    assert "begins" in started.response.content
    table = table_of(simcord_env)
    assert table.channel_id == thread.id and table_message(thread, table.id)
    seat = table.seat_of(alice.id)
    moved = await alice.slash(thread, "dickory play", action=pick(table, seat))
    assert moved.response.content.startswith("✅") and table.version >= 1
    assert simcord_env.errors == []


async def test_a_deleted_table_message_comes_back_with_the_next_move(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    gone = table_message(channel, table.id)
    simcord_env.backend.delete_message(channel.id, gone.id)
    seat = table.state.to_move[0]
    moved = await members_of(table, alice, bob)[seat].slash(channel, "dickory play", action=pick(table, seat))
    await simcord_env.settle()
    assert moved.response.content.startswith("✅") and table.version == 1
    back = table_message(channel, table.id)
    assert back.id != gone.id and table.message_id == back.id
    simcord_env.backend.delete_message(channel.id, back.id)
    await bob.slash(channel, "dickory board")
    assert table_message(channel, table.id).id not in (gone.id, back.id)
    assert simcord_env.errors == []


async def test_a_move_made_while_the_bot_cannot_post_counts_and_says_why(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    who = members_of(table, alice, bob)
    bot_denied(simcord_env, channel, "send_messages")
    seat = table.state.to_move[0]
    moved = await who[seat].slash(channel, "dickory play", action=pick(table, seat))
    assert table.version == 1, moved.response.content
    assert "I can't post in this channel: give me Send Messages. Your move counts" in moved.response.content
    board = await bob.slash(channel, "dickory board")
    assert board.response.content == (
        "I can't post in this channel: give me Send Messages. The game is kept; I'll post its table once I can."
    )
    bot_allowed_again(simcord_env, channel)
    board = await bob.slash(channel, "dickory board")
    await simcord_env.settle()
    assert board.response.content == "Here it is, at the bottom."
    assert channel.history()[-1].id == table.message_id == table_message(channel, table.id).id
    bot_denied(simcord_env, channel, "attach_files")
    seat = table.state.to_move[0]
    moved = await who[seat].slash(channel, "dickory play", action=pick(table, seat))
    assert table.version == 2 and "give me Attach Files" in moved.response.content


async def test_a_deleted_channel_calls_off_its_games(simcord_env, world):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    await alice.slash(channel, "go_fish start", bots=2)
    playing = table_of(simcord_env)
    await carol.slash(channel, "dickory start", opponent=bob)  # a lobby, waiting
    waiting = next(t for t in simcord_env.bot.tables.all() if t.id != playing.id)
    elsewhere = guild.create_text_channel("elsewhere")
    await bob.slash(elsewhere, "klondike start")  # no turn clock: still open an hour on
    kept = next(t for t in simcord_env.bot.tables.all() if t.channel_id == elsewhere.id)
    simcord_env.backend.delete_channel(channel.id)
    await simcord_env.settle()
    await simcord_env.advance_time(3600)  # an hour of turn timers, were they still running
    await simcord_env.settle()
    for table in (playing, waiting):
        assert (await simcord_env.bot.storage.load_game(table.id)).status == "cancelled"
        assert open_tasks(simcord_env, table) == [] and simcord_env.bot.tables.get(table.id) is None
    assert await simcord_env.bot.storage.stats(guild.id, alice.id) == []  # not a loss on her record
    assert kept.active and simcord_env.bot.tables.get(kept.id) is kept
    assert simcord_env.errors == []


async def test_a_server_that_removes_the_bot_has_its_games_called_off(simcord_env, world):
    guild, channel, alice, _bob = world
    await alice.slash(channel, "moleicki start", bots=2)
    gone = table_of(simcord_env)
    other = simcord_env.create_guild(name="Other")
    there = other.add_member(simcord_env.create_user("olga"))
    await there.slash(other.create_text_channel("games"), "klondike start")
    kept = next(t for t in simcord_env.bot.tables.all() if t.id != gone.id)
    simcord_env.backend.remove_guild(guild.id)
    await simcord_env.settle()
    await simcord_env.advance_time(3600)
    await simcord_env.settle()
    assert (await simcord_env.bot.storage.load_game(gone.id)).status == "cancelled"
    assert open_tasks(simcord_env, gone) == [] and simcord_env.bot.tables.get(gone.id) is None
    assert kept.active
    assert simcord_env.errors == []


async def test_a_member_who_leaves_is_played_for_by_the_ai(simcord_env, world):
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    seat = table.state.to_move[0]
    leaver = members_of(table, alice, bob)[seat]
    guild.remove_member(leaver)
    await simcord_env.settle()
    await simcord_env.advance_time(11 * 60)  # past the default 10-minute turn
    await simcord_env.settle()
    assert table.version >= 1 and table.active
    assert simcord_env.errors == []


async def test_buttons_and_commands_act_on_the_right_table(simcord_env, world):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    dave = guild.add_member(simcord_env.create_user("dave"))
    first = await start_pvp(simcord_env, channel, alice, bob)
    await carol.slash(channel, "dickory start", opponent=dave)  # a second table in the same channel
    second = next(t for t in simcord_env.bot.tables.all() if t.id != first.id)
    await dave.click(table_message(channel, second.id), custom_id=f"parlour:lobby:{second.id}:accept")
    other = guild.create_text_channel("other")
    await alice.slash(other, "dickory start", opponent=carol)  # alice at a second table, elsewhere
    third = next(t for t in simcord_env.bot.tables.all() if t.id not in (first.id, second.id))
    await carol.click(table_message(other, third.id), custom_id=f"parlour:lobby:{third.id}:accept")
    assert first.active and second.active and third.active
    refused = await alice.click(table_message(channel, second.id), custom_id=f"parlour:hand:{second.id}")
    assert refused.response.content == "You aren't playing in this game."
    panel = await alice.click(table_message(other, third.id), custom_id=f"parlour:hand:{third.id}")
    assert f"Dickory #{third.id}" in panel.response.content
    while third.seat_of(alice.id) not in third.state.to_move:
        mover = third.state.to_move[0]
        await carol.slash(other, "dickory play", action=pick(third, mover))
    before = (first.version, second.version, third.version)
    await alice.slash(other, "dickory play", action=pick(third, third.seat_of(alice.id)))
    assert (first.version, second.version, third.version) == (before[0], before[1], before[2] + 1)


async def test_a_deleted_invitation_comes_back_with_board(simcord_env, world):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    simcord_env.backend.delete_message(channel.id, table_message(channel, table.id).id)
    board = await bob.slash(channel, "dickory board")
    assert board.response.content == "Here it is, at the bottom."
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active


async def test_a_member_gone_from_the_server_with_dms_closed_is_played_for_quietly(simcord_env, world):
    """bob leaves a Go Fish table mid-game and can no longer be sent DMs: the game goes on, the
    AI moves for him once his turn runs out, and the channel learns nothing of his hand."""
    guild, channel, _alice, bob = world
    table, _members = await seat_members(simcord_env, world, "go_fish", players=3)
    guild.remove_member(bob)
    simcord_env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007,
        message="Cannot send messages to this user", times=None,
    )  # fmt: skip
    start = table.version
    for _ in range(6):  # each member's turn runs out in turn: the AI moves for them all
        await simcord_env.advance_time(11 * 60)
        await simcord_env.settle()
        assert_no_hidden_card_shown(channel, table)
        if not table.active:
            break
    assert table.version > start
    assert simcord_env.errors == []


async def test_a_thread_where_the_bot_cannot_post_starts_nothing(simcord_env, world):
    guild, _channel, alice, _bob = world
    denied = discord.PermissionOverwrite(send_messages_in_threads=False)
    parent = guild.create_text_channel("threads", overwrites={guild.me: denied})
    thread = ChannelHandle(simcord_env, guild, simcord_env.backend.create_thread(parent.id, "cards", alice.id))
    answer = await alice.slash(thread, "go_fish start", bots=2)
    assert answer.response.content == "I can't post in this channel: give me Send Messages in Threads."
    assert simcord_env.bot.tables.all() == [] and await simcord_env.bot.storage.open_games() == []


async def test_a_channel_deleted_while_parlour_was_away_calls_off_its_game(simcord_env, world):
    # Parlour misses the delete event (offline, or a gateway gap): the table's next post finds
    # the channel unknown to Discord, and the game is called off rather than played out unseen.
    guild, channel, alice, _bob = world
    await alice.slash(channel, "go_fish start", bots=2)
    table = table_of(simcord_env)
    bot = simcord_env.bot

    async def missed(_channel) -> None:
        return None

    bot.on_guild_channel_delete = missed
    simcord_env.backend.delete_channel(channel.id)
    await simcord_env.settle()
    assert table.active  # nothing told it yet
    bot.host.publisher.mark_dirty(table)
    await simcord_env.settle()
    assert (await bot.storage.load_game(table.id)).status == "cancelled"
    assert open_tasks(simcord_env, table) == [] and bot.tables.get(table.id) is None
    assert await bot.storage.stats(guild.id, alice.id) == []
    assert simcord_env.errors == []


async def test_an_invitation_is_not_accepted_while_the_bot_cannot_post_the_table(simcord_env, world):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    bot_denied(simcord_env, channel, "attach_files")
    clicked = await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    said = clicked.response.content
    assert said == "I can't post pictures in this channel: give me Attach Files. The invitation stays open.", said
    assert table.status == "lobby" and not table.seats[0].accepted
    bot_allowed_again(simcord_env, channel)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    await simcord_env.settle()
    assert table.active
