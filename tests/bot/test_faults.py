"""Discord faults and restarts: nothing stuck, nothing stale, nothing lost (SimCord's injected errors)."""

from __future__ import annotations

import asyncio
import itertools
import logging
import sqlite3
from datetime import timedelta

import discord

from bot.alarms import Alarms
from tests.bot.helpers import (
    custom_ids,
    dm_texts,
    edits_of,
    make_bot,
    members_of,
    pick,
    redraw_owed,
    seat_members,
    start_pvp,
    table_message,
    table_of,
    told,
)
from tests.renderers.pixels import picture


def footer_version(channel, table) -> int:
    footer = table_message(channel, table.id).embeds[0].footer.text
    return int(footer.rsplit("move ", 1)[1])


async def test_failed_table_edits_neither_stop_the_ai_nor_leave_the_table_behind(simcord_env, world, caplog):
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "dickory start", ai="easy")
    table = table_of(simcord_env)
    seat = table.seat_of(alice.id)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=12)
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            if not table.active:
                break
            before = table.version
            result = await alice.slash(channel, "dickory play", action=pick(table, seat))
            assert result.response.content.startswith("✅")
            await simcord_env.advance_time(5)
            assert table.version >= before + 2 or not table.active, "the AI answered although the edit failed"
        await simcord_env.advance_time(600)
    assert footer_version(channel, table) == table.version, "once Discord answers again the table catches up"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]


async def test_a_failed_reply_is_retried_or_followed_up_and_the_move_applies_once(simcord_env, world, caplog):
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "dickory start", ai="easy")
    table = table_of(simcord_env)
    seat = table.seat_of(alice.id)
    version = table.version
    simcord_env.inject_error("POST", "/interactions/*/callback", status=500, times=1)
    with caplog.at_level(logging.WARNING):
        result = await alice.slash(channel, "dickory play", action=pick(table, seat))
    assert result.acknowledged
    texts = [result.response.content if result.response else ""] + [f.content for f in result.followups]
    assert any(t.startswith("✅") for t in texts), texts
    assert table.version >= version + 1
    assert len(await simcord_env.bot.storage.actions(table.id)) == table.version
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_an_invitation_lapses_on_time_across_a_restart_with_no_task_of_its_own(simcord_env, world, db_path):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    game_id = table_of(simcord_env).id
    sleepers = [t for t in asyncio.all_tasks() if t.get_name().startswith(f"table-{game_id}-")]
    assert not sleepers, "the expiry is an alarm on the tables' one alarm task, not a task asleep per lobby"
    await simcord_env.advance_time(300)
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    table = table_of(simcord_env, game_id)
    await simcord_env.advance_time(290)
    assert table.status == "lobby", "ten minutes from the invitation, not from the restart"
    await simcord_env.advance_time(15)
    assert table.status == "cancelled"
    assert "expired" in table_message(channel, game_id).embeds[0].description


async def test_a_table_left_behind_by_a_crash_is_redrawn_after_the_restart(simcord_env, world, db_path):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=None)
    seat = table.state.to_move[0]
    await members[seat].slash(channel, "dickory play", action=pick(table, seat))
    assert footer_version(channel, table) < table.version
    version, game_id = table.version, table.id
    simcord_env.backend.faults.clear()  # Discord is back; the bot restarts before its retry
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    table = table_of(simcord_env, game_id)
    await simcord_env.advance_time(1)
    assert table.version == version and footer_version(channel, table) == version


async def test_a_drawn_table_is_noted_with_the_next_move_or_at_close_and_not_redrawn(simcord_env, world, db_path):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)

    def owed() -> int:
        return redraw_owed(db_path, table.id)

    seat = table.state.to_move[0]
    await members[seat].slash(channel, "dickory play", action=pick(table, seat))
    assert footer_version(channel, table) == table.version and owed() == 1  # drawn, noted in memory only
    other = await play_elsewhere(simcord_env, world)
    assert owed() == 0, "the next stored move, of any table, writes the note"
    await members[table.state.to_move[0]].slash(channel, "dickory play", action=pick(table, table.state.to_move[0]))
    assert owed() == 1
    game_id, message = table.id, table_message(channel, table.id)
    await simcord_env.bot.storage.close()  # what a clean stop does last: it writes what is noted
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    assert owed() == 0 and table_of(simcord_env, game_id).redraw is False
    assert table_message(channel, game_id).edited_at == message.edited_at, "nothing to redraw after the restart"
    assert other.id != game_id


async def play_elsewhere(env, world):
    """carol's game against the AI in another channel, one stored move on."""
    guild, _channel, _alice, _bob = world
    channel = guild.create_text_channel("elsewhere")
    carol = guild.add_member(env.create_user("carol"))
    await carol.slash(channel, "dickory start", ai="easy")
    table = max(env.bot.tables.all(), key=lambda t: t.id)
    await env.advance_time(5)  # the AI's move, if it leads
    if table.version == 0:
        seat = table.seat_of(carol.id)
        await carol.slash(channel, "dickory play", action=pick(table, seat))
    assert table.version >= 1
    return table


async def test_the_turn_timer_is_armed_again_after_a_restart(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    await admin.slash(channel, "parlour timer", minutes=2)
    table = await start_pvp(simcord_env, channel, alice, bob)
    sleeper = table.state.to_move[0]
    game_id = table.id
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    host = simcord_env.bot.host
    table = table_of(simcord_env, game_id)
    assert host.timer_armed(table)
    await simcord_env.advance_time(121)
    assert table.seats[sleeper].strikes == 1 and table.version == 1


async def test_a_long_turn_is_reminded_halfway_then_the_ai_moves(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    sleeper = table.state.to_move[0]
    mention = f"<@{table.seats[sleeper].user_id}>"
    await simcord_env.advance_time(4 * 60)
    assert not any("it's your move in" in (m.content or "") for m in channel.history())
    await simcord_env.advance_time(61)
    reminders = [m.content for m in channel.history() if "it's your move in" in (m.content or "")]
    assert len(reminders) == 1 and mention in reminders[0] and table.version == 0
    await simcord_env.advance_time(5 * 60)
    assert table.seats[sleeper].strikes == 1 and table.version == 1


async def test_one_task_keeps_every_tables_clock():
    rung: list[tuple[int, int, str]] = []
    alarms = Alarms(lambda *alarm: rung.append(alarm))
    now = discord.utils.utcnow()
    alarms.set(1, now + timedelta(seconds=0.06), 0, "expire")
    alarms.set(2, now + timedelta(seconds=0.03), 0, "remind")
    alarms.set(3, now + timedelta(seconds=0.02), 4, "expire")
    alarms.set(3, now + timedelta(seconds=0.04), 5, "expire")  # a newer position replaces table 3's alarm
    alarms.set(4, now + timedelta(seconds=0.01), 0, "expire")
    alarms.clear(4)
    assert alarms.armed(3, 5) and not alarms.armed(3, 4) and not alarms.armed(4, 0)
    await asyncio.sleep(0.1)
    assert rung == [(2, 0, "remind"), (3, 5, "expire"), (1, 0, "expire")]
    assert not alarms.armed(1, 0)
    alarms.stop()


async def test_a_move_the_database_refuses_is_never_drawn(simcord_env, world, monkeypatch):
    """The table picture of a member's move starts drawing while the move is stored; a move
    the database refuses leaves no picture behind, and the next picture shows the stored game."""
    from bot.views import OOPS
    from renderers import dickory

    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    host, storage = simcord_env.bot.host, simcord_env.bot.storage
    by_seat = members_of(table, alice, bob)
    seat = table.state.to_move[0]
    version, stored = table.version, storage.record_action

    async def disk_full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(storage, "record_action", disk_full)
    refused = await by_seat[seat].slash(channel, "dickory play", action=pick(table, seat))
    assert refused.response.ephemeral and refused.response.content == OOPS
    assert table.version == version and table.id not in host.publisher._drawn_ahead

    monkeypatch.setattr(storage, "record_action", stored)
    await by_seat[seat].slash(channel, "dickory play", action=pick(table, seat, seed=1))
    await simcord_env.settle()
    assert table.version == version + 1 == footer_version(channel, table)
    shown = await table_message(channel, table.id).attachments[0].read()
    view = host.publisher.public_view(table)
    assert picture(shown) == picture(dickory.render_table(view))  # what it shows, see picture()


async def test_a_failed_autocomplete_answer_is_retried_and_nothing_is_logged_as_a_crash(simcord_env, world, caplog):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    seat = table.state.to_move[0]
    mover = members_of(table, alice, bob)[seat]
    legal = {a.text for a in table.state.legal_actions(seat)}
    for status in (500, 429):
        simcord_env.inject_error("POST", "/interactions/*/callback", status=status, times=1)
        with caplog.at_level(logging.WARNING):
            offered = await mover.autocomplete(channel, "dickory play", "action", "play")
        assert offered and {c["value"] for c in offered} <= legal
        assert not simcord_env.backend.faults, "the injected fault was met"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]


async def test_an_ai_move_the_database_refuses_is_tried_again_and_the_game_goes_on(
    simcord_env, world, monkeypatch, caplog
):
    """A background AI job that fails (here its move is refused once) is logged and started
    afresh a second later, rather than leaving the table waiting on the AI for good."""
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "dickory start", ai="easy")
    table = table_of(simcord_env)
    storage, stored = simcord_env.bot.storage, simcord_env.bot.storage.record_action
    refused = []

    async def refuse_the_ai_once(*args, **kwargs):
        if kwargs.get("by_ai") and not refused:
            refused.append(args[1])
            raise sqlite3.OperationalError("database is locked")
        return await stored(*args, **kwargs)

    monkeypatch.setattr(storage, "record_action", refuse_the_ai_once)
    seat = table.seat_of(alice.id)
    with caplog.at_level(logging.ERROR):
        while not refused and table.active:
            version = table.version
            await alice.slash(channel, "dickory play", action=pick(table, seat))
            await simcord_env.advance_time(5)
            assert table.version > version
        assert refused, "no AI move was made"
        await simcord_env.advance_time(5)
    assert table.version > refused[0] or not table.active, "the AI never moved again"
    assert seat in table.state.to_move or not table.active
    assert [r for r in caplog.records if "background ai failed" in r.getMessage()]
    assert len(await storage.actions(table.id)) == table.version


async def test_an_ai_job_that_keeps_failing_is_tried_again_less_and_less_often(simcord_env, world, monkeypatch, caplog):
    """Retries back off (1, 2, 4 s...) rather than failing and logging every second, and the
    first success ends the backing off."""
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "dickory start", ai="easy")
    table = table_of(simcord_env)
    storage, stored = simcord_env.bot.storage, simcord_env.bot.storage.record_action
    loop = asyncio.get_running_loop()
    tries: list[float] = []

    async def refuse_the_ai_thrice(*args, **kwargs):
        if kwargs.get("by_ai") and len(tries) < 3:
            tries.append(loop.time())
            raise sqlite3.OperationalError("database is locked")
        return await stored(*args, **kwargs)

    monkeypatch.setattr(storage, "record_action", refuse_the_ai_thrice)
    seat = table.seat_of(alice.id)
    with caplog.at_level(logging.ERROR):
        version = table.version
        await alice.slash(channel, "dickory play", action=pick(table, seat))
        for _ in range(12):
            await simcord_env.advance_time(1)
    assert len(tries) == 3, tries
    gaps = [later - earlier for earlier, later in itertools.pairwise(tries)]
    assert 1 <= gaps[0] < 2 and 2 <= gaps[1] < 3, gaps
    assert table.version >= version + 2 or not table.active, "the AI moved once the database took it"
    assert not simcord_env.bot.host._failures


async def test_a_game_that_no_longer_loads_is_left_alone_and_every_other_game_comes_back(
    simcord_env, world, db_path, caplog
):
    """One damaged row (a dump this version cannot read) must not keep the bot from starting,
    nor the other games from resuming; the row itself stays in the database untouched."""
    guild, channel, alice, bob = world
    damaged = await start_pvp(simcord_env, channel, alice, bob)
    carol = guild.add_member(simcord_env.create_user("carol"))
    await carol.slash(channel, "klondike start")
    solo = next(t for t in simcord_env.bot.tables.all() if t.id != damaged.id)
    await simcord_env.bot.storage.close()
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET state = ? WHERE id = ?", ('{"not": "a dickory dump"}', damaged.id))
    with caplog.at_level(logging.ERROR):
        await simcord_env.restart_bot(make_bot(db_path, seed=5))
    assert f"game {damaged.id} (dickory) could not be loaded" in caplog.text
    assert [t.id for t in simcord_env.bot.tables.all()] == [solo.id]
    table = table_of(simcord_env, solo.id)
    version = table.version
    await carol.slash(channel, "klondike play", action=table.state.legal_actions(0)[0].text)
    assert table.version == version + 1
    with sqlite3.connect(db_path) as db:
        state, status = db.execute("SELECT state, status FROM games WHERE id = ?", (damaged.id,)).fetchone()
    assert state == '{"not": "a dickory dump"}' and status == "active"


def forget_channel(env, guild, channel) -> None:
    """The bot's cache loses the channel (a gateway gap): Parlour must fetch it from Discord."""
    cached = env.bot.get_guild(guild.id)
    cached._remove_channel(cached.get_channel(channel.id))
    assert env.bot.get_channel(channel.id) is None


async def first_move_is_drawn(env, channel, table, *players) -> None:
    """The first move of a game dealt through a fault is played and drawn as any other."""
    members = members_of(table, *players)
    seat = table.state.to_move[0]
    await members[seat].slash(channel, "dickory play", action=pick(table, seat))
    await env.settle()
    assert footer_version(channel, table) == table.version == 1


async def move_while_failing(env, channel, members, table, method: str, path: str, status: int = 503) -> None:
    """The member to move plays while Discord keeps failing `method path`: the table falls behind."""
    env.inject_error(method, path, status=status, times=None)
    seat = table.state.to_move[0]
    await members[seat].slash(channel, "dickory play", action=pick(table, seat))
    await env.advance_time(1)
    assert footer_version(channel, table) < table.version


async def test_a_channel_discord_fails_to_fetch_is_tried_again_not_taken_as_drawn(simcord_env, world):
    """Fetching an uncached channel fails with a server error (not a deleted channel): the
    publisher backs off and redraws once Discord answers, as after a failed edit."""
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    forget_channel(simcord_env, guild, channel)
    await move_while_failing(simcord_env, channel, members, table, "GET", f"/channels/{channel.id}")
    assert table.active
    simcord_env.backend.faults.clear()  # Discord answers again; no member moves meanwhile
    await simcord_env.advance_time(60)
    assert footer_version(channel, table) == table.version, "the stale table is redrawn without a move"


async def test_a_board_drawn_while_the_publisher_waits_out_a_failure_is_not_edited_again(simcord_env, world):
    """/board draws the newest version while the publisher naps after a failed edit: the
    woken publisher finds the message up to date and makes no second edit."""
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    await move_while_failing(simcord_env, channel, members, table, "PATCH", "/channels/*/messages/*")
    simcord_env.backend.faults.clear()
    await alice.slash(channel, "dickory board")
    await simcord_env.advance_time(120)
    assert footer_version(channel, table) == table.version
    assert edits_of(simcord_env, table.message_id) == 0, "the reposted table is drawn once, by /board"


async def test_a_change_after_the_board_while_the_publisher_waits_is_still_drawn(simcord_env, world):
    """The version alone does not say the message is current: a resignation that lets the
    game go on adds a line at the same version, after /board drew it, and the publisher that
    was waiting out a failure draws that line."""
    _guild, channel, _alice, _bob = world
    table, members = await seat_members(simcord_env, world, "go_fish", players=3)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=503, times=None)
    seat = table.state.to_move[0]
    await members[seat].slash(channel, "go_fish play", action=pick(table, seat))
    await simcord_env.advance_time(1)
    assert footer_version(channel, table) < table.version  # the edit failed: the publisher waits
    simcord_env.backend.faults.clear()
    await members[seat].slash(channel, "go_fish board")
    version = table.version
    quitter = next(s for s in members if s not in table.state.turn_seats)
    await members[quitter].slash(channel, "go_fish resign")
    await simcord_env.advance_time(120)
    assert table.active and table.version == version, "the game goes on, at the same version"
    assert f"{table.names[quitter]} resigned" in told(channel, table)


async def test_a_deal_whose_table_discord_fails_to_draw_still_reaches_the_hands_and_goes_on(simcord_env, world):
    """The last acceptance deals the game, but editing the lobby into the table fails: the
    players still get their hands, the click is not answered with an error, and the table is
    drawn once Discord answers again."""
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    lobby = table_message(channel, table.id)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=503, times=None)
    accepted = await bob.click(lobby, custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    assert "went wrong" not in (accepted.response.content or "")
    assert dm_texts(alice.user) and dm_texts(bob.user), "each player's hand is sent though the table is not drawn yet"
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(60)
    assert footer_version(channel, table) == table.version
    await first_move_is_drawn(simcord_env, channel, table, alice, bob)


async def test_a_closed_table_leaves_nothing_behind_in_the_publisher(simcord_env, world):
    """A game that ends while Discord cannot give its channel gets its last picture once
    Discord answers (its buttons of play gone), and then leaves no per-table state: no lock, no
    picture drawn ahead, no redraw owed, no job."""
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    publisher, host = simcord_env.bot.host.publisher, simcord_env.bot.host
    forget_channel(simcord_env, guild, channel)
    seat = table.state.to_move[0]
    await move_while_failing(simcord_env, channel, members, table, "GET", f"/channels/{channel.id}")
    await members[seat].slash(channel, "dickory resign")
    await simcord_env.advance_time(5)
    assert table.status == "over" and "resign" not in told(channel, table), "not drawn yet"
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(60)
    assert "resign" in told(channel, table)
    assert custom_ids(table_message(channel, table.id)) == [f"parlour:rematch:{table.id}"], "no buttons of play"
    kept = {
        name: getattr(publisher, name)
        for name in ("_dirty", "_asked", "_shown", "_redraw_naps", "_publish_locks", "_drawn_ahead")
        if table.id in getattr(publisher, name)
    }
    assert not kept, kept
    assert not [k for k in [*host._tasks, *host._failures] if k[0] == table.id]


async def test_an_ending_discord_keeps_refusing_is_given_up_after_a_while(simcord_env, world, caplog):
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    forget_channel(simcord_env, guild, channel)
    seat = table.state.to_move[0]
    await move_while_failing(simcord_env, channel, members, table, "GET", f"/channels/{channel.id}")
    with caplog.at_level(logging.INFO):
        await members[seat].slash(channel, "dickory resign")
        await simcord_env.advance_time(3600)
    tries = [r for r in caplog.records if "its ending still could not be drawn" in r.getMessage()]
    assert len(tries) == 12
    assert any("gave up drawing its ending" in r.getMessage() for r in caplog.records)
    assert not [k for k in simcord_env.bot.host._tasks if k[0] == table.id]


async def test_a_board_discord_fails_to_post_is_posted_once_it_answers(simcord_env, world):
    """/board answers "Here it is" before posting; a post Discord refuses is left to the
    publisher, which reposts the table at the bottom once Discord answers, rather than a
    second answer saying something went wrong and no table at the bottom."""
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    first = table.message_id
    await bob.send(channel, "where did the table go?")
    simcord_env.inject_error("POST", f"/channels/{channel.id}/messages", status=503, times=None)
    board = await alice.slash(channel, "dickory board")
    answers = [board.response.content if board.response else ""] + [f.content for f in board.followups]
    assert not [a for a in answers if "went wrong" in (a or "")], answers
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(60)
    assert channel.last_message.id == table.message_id != first, "the table is posted again at the bottom"


async def test_a_deal_whose_new_table_message_the_database_refuses_still_reaches_the_hands(
    simcord_env, world, monkeypatch
):
    """Chatter buried the invitation, so the deal posts the table anew, and the database
    refuses to note the new message once: the players still get their hands and the turn
    clock runs, as when Discord fails the draw, and the publisher draws the table on."""
    from bot.publisher import REPOST_AFTER

    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    lobby = table_message(channel, table.id)
    for i in range(REPOST_AFTER):
        await alice.send(channel, f"chatter {i}")
    storage, stored = simcord_env.bot.storage, simcord_env.bot.storage.set_message
    refused = []

    async def refuse_once(*args, **kwargs):
        if not refused:
            refused.append(args)
            raise sqlite3.OperationalError("database is locked")
        return await stored(*args, **kwargs)

    monkeypatch.setattr(storage, "set_message", refuse_once)
    await bob.click(lobby, custom_id=f"parlour:lobby:{table.id}:accept")
    await simcord_env.settle()
    assert refused and table.active
    assert dm_texts(alice.user) and dm_texts(bob.user), "each player's hand is sent though the note failed"
    assert simcord_env.bot.host.timer_armed(table), "the turn clock runs"
    await simcord_env.advance_time(5)
    with sqlite3.connect(simcord_env.bot.settings.database) as db:
        kept = db.execute("SELECT message_id FROM games WHERE id = ?", (table.id,)).fetchone()[0]
    assert kept == table.message_id != lobby.id, "the new message's id is stored once the database takes it"
    await first_move_is_drawn(simcord_env, channel, table, alice, bob)


async def test_a_deal_draws_the_table_once(simcord_env, world):
    """The deal edits the invitation into the table once; the jobs it starts do not draw the
    same position again."""
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    await simcord_env.advance_time(5)
    assert edits_of(simcord_env, table.message_id) == 1
    assert footer_version(channel, table) == table.version == 0


def answers_of(result) -> list[str]:
    """Every sentence an interaction was answered with (a deferred answer becomes the response)."""
    return [m.content for m in ([result.response] if result.response else []) + result.followups]


def refuse_calls_off(monkeypatch, storage, times: int | None) -> list[int]:
    """The database refuses the next `times` call-offs (None: every one); the returned list
    counts the refusals."""
    stored, refused = storage.set_status, []

    async def set_status(game_id, status, *args, **kwargs):
        if status == "cancelled" and (times is None or len(refused) < times):
            refused.append(game_id)
            raise sqlite3.OperationalError("database is locked")
        return await stored(game_id, status, *args, **kwargs)

    monkeypatch.setattr(storage, "set_status", set_status)
    return refused


async def test_a_call_off_the_database_refuses_leaves_the_game_playing(simcord_env, world, monkeypatch):
    """A moderator's /parlour cancel that the database refuses is told so; the game is as it
    was (its turn clock runs, members still move), and calling it off again works."""
    from bot.views import OOPS

    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    refused = refuse_calls_off(monkeypatch, simcord_env.bot.storage, times=1)
    result = await admin.slash(channel, "parlour cancel", game=table.id)
    assert refused == [table.id] and answers_of(result) == [OOPS]
    assert table.status == "active" and simcord_env.bot.tables.get(table.id) is table
    assert simcord_env.bot.host.timer_armed(table), "the turn clock runs again"
    await first_move_is_drawn(simcord_env, channel, table, *members.values())
    result = await admin.slash(channel, "parlour cancel", game=table.id)
    assert answers_of(result) == [f"Game #{table.id} is called off."]
    assert table.status == "cancelled" == (await simcord_env.bot.storage.load_game(table.id)).status
    assert "called off" in told(channel, table)


async def test_an_invitation_that_lapses_while_the_database_refuses_is_called_off_once_it_answers(
    simcord_env, world, monkeypatch
):
    """The expiry of an invitation the database refuses to call off stays an open invitation
    (still accepted by a click) and is called off at a later try, not frozen until a restart."""
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    refused = refuse_calls_off(monkeypatch, simcord_env.bot.storage, times=3)
    await simcord_env.advance_time(601)
    assert refused and table.status == "lobby"
    await simcord_env.advance_time(30)
    assert len(refused) == 3 and table.status == "cancelled"
    assert "expired" in told(channel, table)
    assert (await simcord_env.bot.storage.load_game(table.id)).status == "cancelled"


async def test_a_lapsing_invitation_accepted_while_the_database_refuses_begins(simcord_env, world, monkeypatch):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    refuse_calls_off(monkeypatch, simcord_env.bot.storage, times=None)
    await simcord_env.advance_time(601)
    assert table.status == "lobby"
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    await simcord_env.advance_time(120)
    assert table.active, "no later try calls the game off once it began"


async def test_an_invitation_lapsing_during_a_refused_call_off_is_still_called_off(simcord_env, world, monkeypatch):
    """The invitation's expiry rings while the call-off of its deleted channel waits to try
    again after the database refused it: the invitation is called off all the same, once,
    not left open for good."""
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    await simcord_env.advance_time(599)
    refused = refuse_calls_off(monkeypatch, simcord_env.bot.storage, times=3)
    simcord_env.backend.delete_channel(channel.id)
    await simcord_env.advance_time(2)
    assert len(refused) == 2 and table.status == "lobby", "the expiry rang at 600 s, between two tries"
    await simcord_env.advance_time(10)
    assert len(refused) == 3 and table.status == "cancelled"
    assert (await simcord_env.bot.storage.load_game(table.id)).status == "cancelled"
    assert table.final["headline"] == "Called off: The channel was deleted"
    assert not [k for k in simcord_env.bot.host._tasks if k[0] == table.id]


async def test_a_game_whose_result_and_call_off_the_database_refuse_still_stores_its_result(
    simcord_env, world, monkeypatch
):
    """A result the database refused is retried; a moderator's call-off refused meanwhile does
    not stop that retry, and the result is stored once the database answers."""
    guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    storage = simcord_env.bot.storage
    stored_finish, busy = storage.finish_game, []

    async def finish_game(*args, **kwargs):
        if len(busy) < 3:
            busy.append(1)
            raise sqlite3.OperationalError("database is locked")
        return await stored_finish(*args, **kwargs)

    monkeypatch.setattr(storage, "finish_game", finish_game)
    await alice.slash(channel, "dickory resign")
    assert table.status == "active" and busy
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    refuse_calls_off(monkeypatch, storage, times=1)
    await admin.slash(channel, "parlour cancel", game=table.id)
    await simcord_env.advance_time(30)
    assert table.status == "over" and (await storage.load_game(table.id)).status == "over"
    assert "resigned" in told(channel, table)


async def test_a_deleted_channel_whose_call_off_the_database_refuses_is_called_off_later(
    simcord_env, world, monkeypatch
):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    refused = refuse_calls_off(monkeypatch, simcord_env.bot.storage, times=2)
    simcord_env.backend.delete_channel(channel.id)
    await simcord_env.advance_time(10)
    assert len(refused) == 2 and table.status == "cancelled"
    assert (await simcord_env.bot.storage.load_game(table.id)).status == "cancelled"
    assert not [k for k in simcord_env.bot.host._tasks if k[0] == table.id]
