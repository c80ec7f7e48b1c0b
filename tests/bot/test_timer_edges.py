"""Turn timers at their edges: a turn the timer plays out across a partner's answer or a
restart, a late call while another seat holds a window, a daily deal that no longer loads,
and a table message Parlour may not draw (SimCord, a real SQLite file, the bot's clock)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest

from bot.host import choose_for
from engine import GAMES
from tests.bot.helpers import make_bot, seat_members, start_pvp, table_message, table_of, told
from tests.bot.test_discord_environment import bot_allowed_again, bot_denied
from tests.bot.test_timers_audit import (
    footer_version,
    milk_run_pair,
    pick_text,
    reminders,
    set_timer,
    timeouts,
)


def timer_turn(table, seat) -> list[str]:
    """What the timer would play for `seat` from here: its actions until the turn leaves the seat."""
    state, version, played = table.state.copy(), table.version, []
    while not state.over and seat in state.turn_seats:
        text = choose_for(state.copy(), seat, "heuristic", table.seed + version)
        state.apply(seat, text)
        played.append(text)
        version += 1
    return played


# -- 1. Hand and Foot: "May I go out?" asked by the timer costs one strike -------------------
@pytest.mark.parametrize("restart", [False, True], ids=["live", "restarted while asked"])
async def test_a_partners_answer_to_the_timers_question_does_not_cost_a_second_strike(
    simcord_env, world, db_path, restart
):
    """The timer plays an absent member's turn and asks their partner "May I go out?". The
    partner answers (maybe after a restart); the rest of that turn is still overdue: the timer
    plays it at once, with no second strike and no fresh clock for the absent member."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, members = await seat_members(simcord_env, world, "hand_and_foot", players=4, hands="1")
    for _ in range(600):
        seat = table.turn_humans()[0]
        if table.state.phase != "answer" and "ask" in timer_turn(table, seat):
            break
        await members[seat].slash(channel, "hand_and_foot play", action=pick_text(table, seat))
    assert "ask" in timer_turn(table, seat), "nobody came to ask"
    partner = (seat + 2) % 4
    await simcord_env.advance_time(121)
    assert table.seats[seat].strikes == 1 and table.state.to_move == (partner,), "asked the partner"
    assert (table.deadline - simcord_env.now()).total_seconds() > 100, "the partner has a clock of their own"
    if restart:
        game_id = table.id
        await simcord_env.restart_bot(make_bot(db_path, seed=5))
        table = table_of(simcord_env, game_id)
    await members[partner].slash(channel, "hand_and_foot play", action="yes")
    await simcord_env.advance_time(2)
    assert seat not in table.turn_humans() or not table.active, "the rest of the turn was played at once"
    # the channel log lives in memory: after a restart it holds no line of the first part
    assert table.seats[seat].strikes == 1 and timeouts(channel, table) == (0 if restart else 1)
    assert table.seats[partner].strikes == 0


# -- 2. Moleicki: a late call by the player to move does not move the strike ------------------
async def test_a_late_nein_by_the_player_to_move_does_not_shift_the_strike_to_the_window(simcord_env, world):
    """The window holder may still add matching cards; the player to move owes a Nein (the
    holder played four nines: everyone owes one) and says it late. The deadline still catches
    the player to move, not the one holding the window."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, members = await seat_members(simcord_env, world, "moleicki", players=3)
    for _ in range(200):
        state = table.state
        if state.phase == "play" and state.window not in (None, state.current):
            break
        seat = state.turn_seats[0]
        await members[seat].slash(channel, "moleicki play", action=pick_text(table, seat))
    window, current = table.state.window, table.state.current
    assert window is not None and set(table.state.turn_seats) == {window, current}
    # Four nines are rare in a seeded deal: the position is given the debt they leave (the next
    # stored move, the Nein itself, stores it).
    dump = table.state.dump()
    dump["debts"] = [*dump["debts"], [window, current, 1, 1]]
    table.state = GAMES["moleicki"].load(dump)
    nein = await members[current].slash(channel, "moleicki play", action="nein")
    assert nein.response.content.startswith("✅"), nein.response.content
    assert set(table.state.turn_seats) == {window, current}
    await simcord_env.advance_time(61)
    assert reminders(channel, members[current]) == 1 and reminders(channel, members[window]) == 0
    await simcord_env.advance_time(60)
    assert table.seats[current].strikes == 1 and table.seats[window].strikes == 0
    assert f"⏰ {table.names[current]} ran out of time" in told(channel, table)


async def test_after_a_restart_the_window_holder_is_still_known(simcord_env, world, db_path):
    """Who opened the window is not stored: after a restart it is worked out by replaying the
    stored actions, and the player to move is the one keeping the table waiting."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, members = await seat_members(simcord_env, world, "moleicki", players=3)
    for _ in range(200):
        state = table.state
        if state.phase == "play" and state.window not in (None, state.current) and state.window > state.current:
            break
        seat = state.turn_seats[0]
        await members[seat].slash(channel, "moleicki play", action=pick_text(table, seat))
    window, current, game_id = table.state.window, table.state.current, table.id
    assert window is not None and window > current, "the lower seat is the one to move"
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    table = table_of(simcord_env, game_id)
    assert table.turn_by == window
    assert simcord_env.bot.host.keeping_waiting(table) == [current]


# -- 3. a restart part way through a turn the timer plays ----------------------------------------
async def test_a_restart_part_way_through_a_timed_out_turn_keeps_it_overdue(simcord_env, world, db_path, monkeypatch):
    """The timer has drawn for the absent member and the bot stops while the AI thinks about
    the rest of the turn. After the restart the rest is played at once, for the same strike."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, _members = await milk_run_pair(simcord_env, world)
    host, sleeper, game_id = simcord_env.bot.host, table.state.to_move[0], table.id
    gate, real, thinking = asyncio.Event(), host.choose, []

    async def hangs_after_the_first(table_, seat, kind):
        text = await real(table_, seat, kind)
        if table_.version >= 1:
            thinking.append(table_.version)
            await simcord_env.external_wait(gate.wait(), reason="the AI is still thinking")
        return text

    monkeypatch.setattr(host, "choose", hangs_after_the_first)
    await simcord_env.advance_time(121)
    assert thinking and table.version == 1 and table.seats[sleeper].strikes == 1
    assert table.state.to_move == (sleeper,), "the turn is part played"
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    table = table_of(simcord_env, game_id)
    await simcord_env.advance_time(1)
    assert table.state.to_move == (1 - sleeper,), "the rest of the turn was played at once"
    assert table.seats[sleeper].strikes == 1 and table.seats[1 - sleeper].strikes == 0
    left = (table.deadline - simcord_env.now()).total_seconds()
    assert 110 <= left <= 120, "the next member has a full clock"
    assert footer_version(channel, table) == table.version


# -- 4. a daily deal that no longer loads ---------------------------------------------------------
async def test_a_daily_deal_that_no_longer_loads_may_be_dealt_again(simcord_env, world, db_path):
    """alice's daily Klondike is damaged in storage and skipped at start-up: she is not sent to
    a table that is not there, and may deal the day's game again. The damaged row is kept."""
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "klondike daily")
    first = table_of(simcord_env)
    assert first.daily and first.active
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET state = ? WHERE id = ?", ('{"damaged": true}', first.id))
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    assert simcord_env.bot.tables.get(first.id) is None
    again = await alice.slash(channel, "klondike daily")
    assert "already" not in (again.response.content or ""), again.response.content
    second = table_of(simcord_env)
    assert second.id != first.id and second.daily == first.daily and second.active
    with sqlite3.connect(db_path) as db:
        status, state = db.execute("SELECT status, state FROM games WHERE id = ?", (first.id,)).fetchone()
    assert status == "active" and state == '{"damaged": true}', "the damaged game stays as it was"


# -- 5. a table message Parlour may not draw ---------------------------------------------------
def table_edits(env, table) -> int:
    return sum(1 for r in env.http_requests if r.method == "PATCH" and str(table.message_id) in r.path)


async def test_a_table_parlour_may_not_draw_is_tried_less_and_less_and_again_at_a_move(simcord_env, world, caplog):
    """The bot loses View Channel mid-game: the redraw is tried with a doubling pause up to an
    hour (not once a minute all game), the failure is logged once, and the first member's
    move after the permission is back redraws the table at once."""
    _guild, channel, alice, bob = world
    await set_timer(simcord_env, world, 0)
    table = await start_pvp(simcord_env, channel, alice, bob)
    who = {table.seat_of(m.id): m for m in (alice, bob)}
    bot_denied(simcord_env, channel, "view_channel")
    caplog.set_level(logging.INFO, logger="bot.publisher")
    seat = table.state.to_move[0]
    await who[seat].slash(channel, "dickory play", action=pick_text(table, seat))
    before = table_edits(simcord_env, table)
    await simcord_env.advance_time(3 * 3600)
    tries = table_edits(simcord_env, table) - before
    assert 8 <= tries <= 16, tries  # 2, 4, 8 ... 2048 s, then hourly: not 180 tries, one a minute
    failed = [r for r in caplog.records if "could not redraw" in r.getMessage()]
    assert len(failed) == 1, [r.getMessage() for r in failed]
    bot_allowed_again(simcord_env, channel)
    seat = table.state.to_move[0]
    await who[seat].slash(channel, "dickory play", action=pick_text(table, seat))
    await simcord_env.advance_time(1)
    assert footer_version(channel, table) == table.version == 2
    assert table_message(channel, table.id).id == table.message_id


# -- 6. Moleicki at two seats: the window passes back and forth between the same two seats -------
@pytest.mark.parametrize("restart", [False, True], ids=["live", "restarted"])
async def test_the_window_changing_hands_between_the_same_two_seats_moves_the_strike(
    simcord_env, world, db_path, restart
):
    """At two seats (or after a reversal), the player to move ends their turn and now holds the
    window, while the one who held it is to move: the turn seats are the same two, their roles
    swapped. The deadline catches the new player to move, not the new window holder."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, members = await seat_members(simcord_env, world, "moleicki", players=2)
    for _ in range(300):
        state = table.state
        before, current_before = set(state.turn_seats), state.current
        seat = state.turn_seats[0] if state.turn_seats else state.to_move[0]
        await members[seat].slash(channel, "moleicki play", action=pick_text(table, seat))
        state = table.state
        swapped = state.phase == "play" and state.window not in (None, state.current)
        if swapped and set(state.turn_seats) == before and state.window == current_before == seat:
            break
    window, current, game_id = table.state.window, table.state.current, table.id
    assert window == seat and current == 1 - seat, "no turn ended with the window changing hands"
    if restart:
        await simcord_env.restart_bot(make_bot(db_path, seed=5))
        table = table_of(simcord_env, game_id)
    assert simcord_env.bot.host.keeping_waiting(table) == [current]
    await simcord_env.advance_time(121)
    assert table.seats[current].strikes == 1 and table.seats[window].strikes == 0
