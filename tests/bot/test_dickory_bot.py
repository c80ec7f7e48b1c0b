"""Dickory through the real Discord surface: slash commands, buttons and selects in SimCord."""

from __future__ import annotations

import json

import aiosqlite
import discord

from bot.endings import final_places
from bot.host import Played
from bot.rules import RULES_DIR, quick_start
from tests.bot.helpers import custom_ids, dm_texts, make_bot, pick, table_message, table_of, told


async def start_pvp(env, channel, alice, bob, **options):
    result = await alice.slash(channel, "dickory start", opponent=bob, **options)
    assert result.ephemeral and "Invitation sent" in result.response.content
    table = table_of(env)
    lobby = table_message(channel, table.id)
    assert custom_ids(lobby) == [f"parlour:lobby:{table.id}:{c}" for c in ("accept", "decline", "start", "cancel")]
    accepted = await bob.click(lobby, custom_id=f"parlour:lobby:{table.id}:accept")
    assert accepted.ephemeral
    assert table.active
    return table


async def test_two_members_play_a_whole_game_with_commands_buttons_and_selects(simcord_env, world, db_path):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}
    # each player got their hand by DM at the start
    assert any("Your hand in Dickory" in t for t in dm_texts(alice.user))
    assert any("Your hand in Dickory" in t for t in dm_texts(bob.user))
    turn = 0
    while table.active:
        seat = table.state.to_move[0]
        member, text, version = members[seat], pick(table, seat), table.version
        if turn % 2:
            result = await member.slash(channel, "dickory play", action=text)
            assert result.ephemeral and result.response.content.startswith("✅")
        else:
            panel = await member.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
            assert panel.ephemeral and panel.response.attachments[0].filename == "hand.png"
            picked = await member.select(panel.response, [text], custom_id=f"parlour:act:{table.id}:{version}:0")
            assert picked.response.content.startswith("✅")
        assert table.version == version + 1
        turn += 1
        assert turn < 400
    final = table_message(channel, table.id)
    assert "is over" in final.content and "🏆" in final.embeds[0].description
    async with aiosqlite.connect(db_path) as db:
        rows = await (await db.execute("SELECT user_id, place, won, vs_ai FROM results ORDER BY place")).fetchall()
        (status,) = await (await db.execute("SELECT status FROM games WHERE id = ?", (table.id,))).fetchone()
        (logged,) = await (await db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (table.id,))).fetchone()
    assert status == "over" and logged == turn
    assert sorted(r[1] for r in rows) == [1, 2] and [r[2] for r in rows] == [1, 0] and {r[3] for r in rows} == {0}
    board = await alice.slash(channel, "leaderboard", game="dickory")
    text = board.response.embeds[0].description
    names = {alice.id: alice.name, bob.id: bob.name}
    assert text.index(f"** {names[rows[0][0]]} · ") < text.index(f"** {names[rows[1][0]]} · ")
    stats = await bob.slash(channel, "stats", user=alice)
    assert "in 1 game " in stats.response.embeds[0].fields[0].value


async def test_a_game_against_the_ai_to_the_end(simcord_env, world):
    _guild, channel, alice, _bob = world
    result = await alice.slash(channel, "dickory start", variant="hickory", ai="easy")
    assert "begins" in result.response.content
    table = table_of(simcord_env)
    seat = table.seat_of(alice.id)
    assert table.seats[1 - seat].is_ai
    moves = 0
    while table.active:
        assert table.state.to_move == (seat,), "the AI moves by itself until it is alice's turn"
        result = await alice.slash(channel, "dickory play", action=pick(table, seat))
        assert result.response.content.startswith("✅")
        moves += 1
        assert moves < 300
    assert "🏆" in table_message(channel, table.id).embeds[0].description
    board = await alice.slash(channel, "leaderboard", game="dickory")
    assert "No rated games" in board.response.embeds[0].description  # AI games are unrated by default


async def test_wrong_turn_non_player_and_malformed_input_change_nothing(simcord_env, world):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    table = await start_pvp(simcord_env, channel, alice, bob)
    mover = alice if table.seat_of(alice.id) == table.state.to_move[0] else bob
    waiter = bob if mover is alice else alice
    before, version = json.dumps(table.state.dump()), table.version

    wrong = await waiter.slash(channel, "dickory play", action=pick(table, table.state.to_move[0]))
    assert wrong.ephemeral and wrong.response.content == "It isn't your turn."
    junk = await mover.slash(channel, "dickory play", action="play seventeen 7 7")
    assert junk.ephemeral and junk.response.content == "Dickory cards are numbered 1 to 12; “seventeen” isn't one."
    outsider = await carol.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
    assert outsider.ephemeral and outsider.response.content == "You aren't playing in this game."
    nothing = await carol.slash(channel, "dickory play", action="pass")
    assert nothing.ephemeral and "no Dickory game running" in nothing.response.content
    lobby_crasher = await carol.slash(channel, "dickory start", opponent=alice)
    assert lobby_crasher.ephemeral and "already at Dickory" in lobby_crasher.response.content

    assert json.dumps(table.state.dump()) == before and table.version == version


async def test_a_stale_panel_is_refused_with_a_fresh_one(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    seat = table.state.to_move[0]
    mover = alice if table.seat_of(alice.id) == seat else bob
    old_version = table.version
    panel = await mover.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
    first = pick(table, seat)
    await mover.slash(channel, "dickory play", action=first)
    assert table.version == old_version + 1
    again = await mover.select(panel.response, [first], custom_id=f"parlour:act:{table.id}:{old_version}:0")
    assert "moved on" in again.response.content
    assert table.version == old_version + 1


async def test_two_moves_at_the_same_moment_apply_once(simcord_env, world):
    import asyncio

    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    seat, version = table.state.to_move[0], table.version
    text = pick(table, seat)
    host = simcord_env.bot.host
    outcomes = await asyncio.gather(
        host.act(table, seat, text, expected_version=version),
        host.act(table, seat, text, expected_version=version),
        return_exceptions=True,
    )
    assert sum(isinstance(o, Played) for o in outcomes) == 1
    assert sum(isinstance(o, ValueError) for o in outcomes) == 1
    assert table.version == version + 1
    assert len(await host.storage.actions(table.id)) == 1


async def test_closed_dms_do_not_stop_the_game(simcord_env, world):
    _guild, channel, alice, bob = world
    simcord_env.inject_error(
        "POST",
        f"/channels/{bob.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    table = await start_pvp(simcord_env, channel, alice, bob)
    notes = [m.content for m in channel.history() if "can't send you direct messages" in m.content]
    assert len(notes) == 1 and f"<@{bob.id}>" in notes[0]
    panel = await bob.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
    assert panel.ephemeral and "Your hand in Dickory" in panel.response.content
    seat = table.state.to_move[0]
    mover = bob if table.seat_of(bob.id) == seat else alice
    await mover.slash(channel, "dickory play", action=pick(table, seat))
    assert table.version == 1


async def test_restart_mid_game_then_finish(simcord_env, world, db_path):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob, match="best-of-3")
    members = {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}
    for _ in range(6):
        seat = table.state.to_move[0]
        await members[seat].slash(channel, "dickory play", action=pick(table, seat))
    saved = json.dumps(table.state.dump(), sort_keys=True)
    game_id, version = table.id, table.version

    await simcord_env.restart_bot(make_bot(db_path, seed=99))
    table = table_of(simcord_env, game_id)
    assert table is not None and table.version == version
    assert json.dumps(table.state.dump(), sort_keys=True) == saved
    moves = 0
    while table.active:
        seat = table.state.to_move[0]
        panel = await members[seat].click(table_message(channel, game_id), custom_id=f"parlour:hand:{game_id}")
        await members[seat].select(
            panel.response, [pick(table, seat)], custom_id=f"parlour:act:{game_id}:{table.version}:0"
        )
        moves += 1
        assert moves < 1500
    assert max(table.state.outcome().scores) == 2  # first to two hand wins


async def test_no_channel_message_reveals_a_hand(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}
    secrets = set()
    for _ in range(12):
        if not table.active:
            break
        for seat, member in members.items():
            hand = table.state.view(seat)["hand"]
            secrets.add("Your hand in Dickory")
            if len(hand) >= 4:  # a whole hand in words; a lone rank proves nothing
                secrets.add(" ".join(str(c) for c in hand))
            panel = await member.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
            assert panel.ephemeral
        seat = table.state.to_move[0]
        await members[seat].slash(channel, "dickory play", action=pick(table, seat))
    for viewer in (alice, bob):
        for message in channel.history(viewer=viewer):
            assert not message.flags.ephemeral or message.interaction_metadata.user.id == viewer.id
            if message.flags.ephemeral:
                continue
            public = [message.content] + [json.dumps(e.to_dict()) for e in message.embeds]
            public += [f"{a.filename} {a.description}" for a in message.attachments]
            for text in public:
                for secret in secrets:
                    assert secret not in text
            assert all(a.filename == "table.png" for a in message.attachments)


async def test_the_turn_timer_reminds_then_plays_then_forfeits(simcord_env, world):
    guild, channel, alice, bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    assert "parlour timer" not in alice.available_commands(channel)  # hidden without Manage Server
    assert "parlour timer" in admin.available_commands(channel)
    set_timer = await admin.slash(channel, "parlour timer", minutes=2)
    assert "2 minutes" in set_timer.response.content
    table = await start_pvp(simcord_env, channel, alice, bob)
    sleeper_seat = table.state.to_move[0]
    sleeper = alice if table.seat_of(alice.id) == sleeper_seat else bob
    other = bob if sleeper is alice else alice
    for strike in (1, 2, 3):
        # the sleeper is to move; the other player answers at once each time
        assert table.state.to_move == (sleeper_seat,)
        await simcord_env.advance_time(61)
        reminders = [m for m in channel.history() if "it's your move" in m.content and f"<@{sleeper.id}>" in m.content]
        assert len(reminders) == strike
        await simcord_env.advance_time(60)
        assert table.seats[sleeper_seat].strikes == strike
        assert f"AI moved for them ({strike} of 3)" in "\n".join(table.log)
        while table.active and table.state.to_move != (sleeper_seat,):
            await other.slash(channel, "dickory play", action=pick(table, 1 - sleeper_seat))
    assert table.status == "over" and table.seats[sleeper_seat].forfeit
    assert "missed 3 turns" in table_message(channel, table.id).embeds[0].description
    places, _ = final_places(table)
    assert places[sleeper_seat] == 2 and places[1 - sleeper_seat] == 1


async def test_an_unanswered_invitation_expires(simcord_env, world):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    await simcord_env.advance_time(601)
    assert table.status == "cancelled"
    assert "expired" in table_message(channel, table.id).embeds[0].description
    late = (
        await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
        if custom_ids(table_message(channel, table.id))
        else None
    )
    assert late is None  # the buttons are gone with the lobby


async def test_rules_show_a_quick_start_then_the_whole_page_a_click_away(simcord_env, world):
    _guild, channel, alice, _bob = world
    result = await alice.slash(channel, "dickory rules")
    assert result.ephemeral
    source = (RULES_DIR / "dickory.md").read_text(encoding="utf-8").strip()
    quick = result.response.embeds[0]
    assert quick.title == "Dickory: quick start" and quick.description == quick_start(source)
    assert len(quick.description) < 1200, "a quick start fits one phone screen"
    assert custom_ids(result.response) == ["parlour:rules:dickory"]
    full = await alice.click(result.response, custom_id="parlour:rules:dickory")
    embeds = full.response.embeds + [e for f in full.followups for e in f.embeds]
    assert full.ephemeral and embeds[0].title == "Dickory: the rules"
    assert all(len(e.description) <= 4096 for e in embeds)
    text = "\n\n".join(e.description for e in embeds)
    assert text == source and "## House rules" in text


async def test_autocomplete_offers_only_the_callers_legal_moves(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    seat = table.state.to_move[0]
    mover, waiter = (alice, bob) if table.seat_of(alice.id) == seat else (bob, alice)
    legal = {a.text for a in table.state.legal_actions(seat)}
    offered = await mover.autocomplete(channel, "dickory play", "action", "play")
    assert offered and {c["value"] for c in offered} <= legal and len(offered) <= 25
    assert await waiter.autocomplete(channel, "dickory play", "action", "play") == []


async def test_resign_hands_the_win_to_the_opponent(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    result = await bob.slash(channel, "dickory resign")
    assert result.ephemeral
    assert table.status == "over"
    places, _ = final_places(table)
    assert places[table.seat_of(alice.id)] == 1 and places[table.seat_of(bob.id)] == 2
    assert "bob resigned" in table_message(channel, table.id).embeds[0].description
    after = await alice.slash(channel, "dickory play", action="pass")
    assert after.ephemeral and "no Dickory game running" in after.response.content


async def test_declining_calls_the_game_off(simcord_env, world):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    lobby = table_message(channel, table.id)
    intruder = await alice.click(lobby, custom_id=f"parlour:lobby:{table.id}:decline")
    assert intruder.response.content == "You sent this invitation: use **Start now** or **Withdraw**."
    assert table.status == "lobby"
    await bob.click(lobby, custom_id=f"parlour:lobby:{table.id}:decline")
    assert table.status == "cancelled"
    assert told(channel, table) == "bob declined the game.", "said once, as the reason the game is off"


async def test_board_reposts_the_table_below_the_chatter(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    first = table.message_id
    for i in range(3):
        await alice.send(channel, f"chatter {i}")
    await bob.slash(channel, "dickory board")
    assert table.message_id != first
    assert channel.last_message.id == table.message_id
    old = next(m for m in channel.history() if m.id == first)
    assert old.content == "This table moved further down the channel." and not old.components


async def test_ai_games_are_rated_when_the_server_says_so(simcord_env, world):
    guild, channel, alice, _bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    await admin.slash(channel, "parlour rate-ai", setting="on")
    await alice.slash(channel, "dickory start", ai="easy")
    table = table_of(simcord_env)
    seat = table.seat_of(alice.id)
    while table.active:
        await alice.slash(channel, "dickory play", action=pick(table, seat))
    board = await alice.slash(channel, "leaderboard", game="dickory")
    # the AI game counts on her rating board record, as it moved her rating
    assert board.response.embeds[0].description.startswith(f"**1.** {alice.name} · rating ")
    assert board.response.embeds[0].description.endswith(" in 1 rated game")


async def test_a_table_buried_by_chatter_comes_back_below_it_at_the_next_move(simcord_env, world):
    from bot.publisher import REPOST_AFTER

    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    first = table.message_id
    for i in range(REPOST_AFTER):
        await bob.send(channel, f"chatter {i}")
    seat = table.state.to_move[0]
    mover = alice if table.seat_of(alice.id) == seat else bob
    await mover.slash(channel, "dickory play", action=pick(table, seat))
    assert table.message_id != first and channel.last_message.id == table.message_id
    old = next(m for m in channel.history() if m.id == first)
    assert old.content == "This table moved further down the channel."
