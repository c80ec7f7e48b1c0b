"""A game's last picture survives a restart: an ending Discord refused (or a stop cut short)
is drawn when Parlour starts again, once, and an ending already shown is left alone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import bot
from tests.bot.helpers import (
    custom_ids,
    edits_of,
    make_bot,
    members_of,
    redraw_owed,
    start_pvp,
    table_message,
    table_of,
    told,
)

MIGRATIONS = Path(bot.__file__).parent / "migrations"


async def test_an_ending_discord_refused_is_drawn_after_a_restart(simcord_env, world, db_path):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    game_id, members = table.id, members_of(table, alice, bob)
    quitter = table.state.to_move[0]
    winner = table.names[1 - quitter]
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=503, times=None)
    await members[quitter].slash(channel, "dickory resign")
    await simcord_env.advance_time(5)
    assert table.status == "over"
    live = list(table.log)  # what the ending would have shown, had Discord answered
    assert custom_ids(table_message(channel, game_id)) != [f"parlour:rematch:{game_id}"], "the ending is not shown yet"
    assert redraw_owed(db_path, game_id) == 1

    await simcord_env.restart_bot(make_bot(db_path, seed=5))  # stopped before Discord answered again
    simcord_env.backend.faults.clear()
    await simcord_env.restart_bot(make_bot(db_path, seed=6))
    await simcord_env.settle()

    assert simcord_env.bot.tables.get(game_id) is None, "an ended game does not come back as a table"
    message = table_message(channel, game_id)
    assert custom_ids(message) == [f"parlour:rematch:{game_id}"], "the buttons of play are gone"
    shown = told(channel, table)
    assert f"{winner} wins." in shown
    assert f"{table.names[quitter]} resigned" in shown, "the live reason, not one rebuilt"
    assert shown.startswith("\n".join(live)), "the log lines above the result, as they were"
    assert message.content.startswith("🏁") and "is over" in message.content
    assert message.attachments, "the last picture of the table is there"
    assert redraw_owed(db_path, game_id) == 0


async def test_an_ending_already_shown_is_not_drawn_again(simcord_env, world, db_path):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    await members[table.state.to_move[0]].slash(channel, "dickory resign")
    await simcord_env.advance_time(5)
    message = table_message(channel, table.id)
    assert custom_ids(message) == [f"parlour:rematch:{table.id}"]
    edits = edits_of(simcord_env, message.id)
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    await simcord_env.settle()
    assert redraw_owed(db_path, table.id) == 0
    await simcord_env.restart_bot(make_bot(db_path, seed=6))
    await simcord_env.settle()
    assert edits_of(simcord_env, message.id) == edits, "nothing owed, nothing redrawn"


async def test_an_invitation_called_off_while_discord_refused_shows_it_after_a_restart(simcord_env, world, db_path):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    lobby = table_message(channel, table.id)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=503, times=None)
    await bob.click(lobby, custom_id=f"parlour:lobby:{table.id}:decline")
    await simcord_env.advance_time(5)
    assert table.status == "cancelled"
    assert "called off" not in (table_message(channel, table.id).content or "")
    reason = table.log[-1]  # the call-off's reason: "bob declined the game."
    assert "declined the game" in reason
    simcord_env.backend.faults.clear()
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    await simcord_env.settle()
    message = table_message(channel, table.id)
    assert "was called off" in message.content
    assert reason in told(channel, table), "the call-off's own reason"
    assert custom_ids(message) == [], "no invitation buttons left to press"


async def test_games_that_ended_before_the_upgrade_are_not_drawn_again(simcord_env, world, tmp_path):
    """Before 0007 every ended game kept the flag of its last move: the migration takes them as
    drawn, or the first start-up would redraw every game the server ever played."""
    _guild, channel, _alice, _bob = world
    old = str(tmp_path / "old.sqlite3")
    with sqlite3.connect(old) as db:
        db.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, at TEXT NOT NULL)")
        for script in sorted(MIGRATIONS.glob("000[1-6]_*.sql")):
            db.executescript(script.read_text(encoding="utf-8"))
            db.execute("INSERT INTO migrations VALUES (?, '2026-01-01T00:00:00+00:00')", (script.name,))
        db.execute(
            "INSERT INTO games (id, guild_id, channel_id, message_id, game, seed, status, created_at, updated_at, "
            "redraw) VALUES (1, 1, ?, 99, 'dickory', 1, 'over', '2026-01-02', '2026-01-02', 1)",
            (channel.id,),
        )
    await simcord_env.restart_bot(make_bot(old))
    await simcord_env.settle()
    assert redraw_owed(old, 1) == 0
    assert not [r for r in simcord_env.http_requests if f"/channels/{channel.id}/messages" in r.path]


async def test_an_ending_discord_still_refuses_after_a_restart_is_tried_again(simcord_env, world, db_path):
    """Start-up does not wait on it: the ending is a job of its own, tried again with the
    ending's usual back-off until Discord answers, and the bot serves meanwhile."""
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    game_id, members = table.id, members_of(table, alice, bob)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=503, times=None)
    await members[table.state.to_move[0]].slash(channel, "dickory resign")
    await simcord_env.advance_time(5)
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    await simcord_env.settle()
    assert custom_ids(table_message(channel, game_id)) != [f"parlour:rematch:{game_id}"]
    answer = await alice.slash(channel, "dickory start", ai="easy")
    assert "went wrong" not in (answer.response.content or "")
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(30)
    assert custom_ids(table_message(channel, game_id)) == [f"parlour:rematch:{game_id}"]
    assert redraw_owed(db_path, game_id) == 0


async def test_an_ending_that_no_longer_loads_is_given_up_once(simcord_env, world, db_path, caplog):
    """A damaged game owing its ending is logged at the start-up that finds it, then left: its
    result is stored, and every later start-up would fail on it the same way."""
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    members = members_of(table, alice, bob)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=503, times=None)
    await members[table.state.to_move[0]].slash(channel, "dickory resign")
    await simcord_env.advance_time(5)
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET state = '{\"damaged\": true}' WHERE id = ?", (table.id,))
    with caplog.at_level("ERROR"):
        await simcord_env.restart_bot(make_bot(db_path, seed=6))
        await simcord_env.settle()
    assert f"game {table.id} (dickory) could not be loaded to draw its ending" in caplog.text
    assert redraw_owed(db_path, table.id) == 0
    simcord_env.backend.faults.clear()
    caplog.clear()
    await simcord_env.restart_bot(make_bot(db_path, seed=7))
    await simcord_env.settle()
    assert "could not be loaded" not in caplog.text
    answer = await alice.slash(channel, "dickory start", ai="easy")
    assert "went wrong" not in (answer.response.content or "")


async def test_an_ending_owed_from_before_its_words_were_stored_is_drawn_from_the_result(simcord_env, world, db_path):
    """An ending left owed by a version that stored no words (before 0008) is still drawn: the
    winner and places from the stored state, a resignation as a forfeit (its reason was not kept)."""
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    game_id, members = table.id, members_of(table, alice, bob)
    quitter = table.state.to_move[0]
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=503, times=None)
    await members[quitter].slash(channel, "dickory resign")
    await simcord_env.advance_time(5)
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET ending = NULL WHERE id = ?", (game_id,))
    simcord_env.backend.faults.clear()
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    await simcord_env.settle()
    shown = told(channel, table)
    assert f"{table.names[1 - quitter]} wins." in shown
    assert f"{table.names[quitter]} forfeited" in shown
    assert custom_ids(table_message(channel, game_id)) == [f"parlour:rematch:{game_id}"]
    assert redraw_owed(db_path, game_id) == 0
