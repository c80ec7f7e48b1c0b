"""Turn timers, timeouts and AI seats as members live them (SimCord, real commands and clicks)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from datetime import timedelta

import discord
import pytest

from bot.host import choose_for
from engine import GAMES
from tests.bot.fuzz_checks import replay_problems
from tests.bot.helpers import make_bot, members_of, seat_members, short_options, table_message, table_of, told


async def set_timer(env, world, minutes: int) -> None:
    guild, channel, _alice, _bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[mods])
    await admin.slash(channel, "parlour timer", minutes=minutes)


async def milk_run_pair(env, world):
    """alice and bob at Milk Run, dealt: (table, {seat: member})."""
    _guild, channel, alice, bob = world
    await alice.slash(channel, "milk_run start", player2=bob, bots=0)
    table = table_of(env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    return table, members_of(table, alice, bob)


def timeouts(channel, table) -> int:
    return told(channel, table).count("ran out of time")


def pick_text(table, seat) -> str:
    action = table.state.heuristic_action(seat, random.Random(table.version))
    return (action or table.state.legal_actions(seat)[0]).text


def reminders(channel, member) -> int:
    return sum(
        1 for m in channel.history() if "it's your move in" in (m.content or "") and f"<@{member.id}>" in m.content
    )


def footer_version(channel, table) -> int:
    footer = table_message(channel, table.id).embeds[0].footer.text
    return int(footer.rsplit("move ", 1)[1])


async def test_a_missed_milk_run_turn_is_played_out_whole_for_one_strike(simcord_env, world):
    """Milk Run's turn is two draws and two plays: the timer plays all four for the member
    who let it run out, counts one strike, and the next member's clock starts."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, _members = await milk_run_pair(simcord_env, world)
    sleeper = table.state.to_move[0]
    await simcord_env.advance_time(121)
    assert table.seats[sleeper].strikes == 1
    assert table.state.to_move == (1 - sleeper,), "the sleeper's whole turn was played"
    assert table.version >= 4 and timeouts(channel, table) == 1
    left = (table.deadline - simcord_env.now()).total_seconds()
    assert 115 <= left <= 120, "the other member has a full two minutes"
    assert simcord_env.bot.host.timer_armed(table)


async def test_three_missed_turns_not_three_actions_forfeit(simcord_env, world):
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, members = await milk_run_pair(simcord_env, world)
    sleeper = table.state.to_move[0]
    other = members[1 - sleeper]
    for strike in (1, 2, 3):
        assert table.state.to_move == (sleeper,)
        await simcord_env.advance_time(121)
        assert table.seats[sleeper].strikes == strike
        assert strike == 3 or table.state.to_move == (1 - sleeper,), "one strike a turn, not an action"
        while table.active and table.state.to_move == (1 - sleeper,):
            await other.slash(channel, "milk_run play", action=pick_text(table, 1 - sleeper))
    assert table.status == "over" and table.seats[sleeper].forfeit
    assert "missed 3 turns in a row" in told(channel, table)


async def test_a_member_who_moves_while_the_timer_is_choosing_keeps_their_move(simcord_env, world, monkeypatch):
    """The deadline passes and the AI starts choosing for the member; the member's own draw
    lands first. The AI's choice, made for the old position, must not be played on the new
    one (it would be their second draw, and a strike for a member who did move)."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, members = await milk_run_pair(simcord_env, world)
    host = simcord_env.bot.host
    sleeper = table.state.to_move[0]
    gate, held, real = asyncio.Event(), [], host.choose

    async def slow_choice(table_, seat, kind):
        text = await real(table_, seat, kind)
        if not gate.is_set():
            held.append(text)
            await simcord_env.external_wait(gate.wait(), reason="the AI is still thinking")
        return text

    monkeypatch.setattr(host, "choose", slow_choice)
    await simcord_env.advance_time(121)
    assert held == ["draw"] and table.version == 0
    reply = await members[sleeper].slash(channel, "milk_run play", action="draw")
    assert reply.response.content.startswith("✅")
    gate.set()
    await simcord_env.settle()
    assert table.version == 1 and table.seats[sleeper].strikes == 0
    assert table.state.to_move == (sleeper,) and timeouts(channel, table) == 0
    assert host.timer_armed(table)
    assert table.deadline - simcord_env.now() > timedelta(seconds=100)


async def test_a_reminder_is_not_sent_again_after_a_restart(simcord_env, world, db_path):
    """Ten minutes a move: reminded at five; the bot restarts at six; the AI moves at ten,
    with no second reminder in between."""
    _guild, channel, _alice, _bob = world
    table, members = await milk_run_pair(simcord_env, world)
    sleeper, game_id = table.state.to_move[0], table.id
    await simcord_env.advance_time(6 * 60)
    assert reminders(channel, members[sleeper]) == 1
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    table = table_of(simcord_env, game_id)
    await simcord_env.advance_time(3 * 60 + 50)
    assert table.version == 0 and reminders(channel, members[sleeper]) == 1
    await simcord_env.advance_time(15)
    assert table.seats[sleeper].strikes == 1 and table.state.to_move == (1 - sleeper,)
    assert reminders(channel, members[sleeper]) == 1


async def test_a_resignation_elsewhere_at_the_table_does_not_remind_the_player_to_move_twice(simcord_env, world):
    _guild, channel, _alice, _bob = world
    table, members = await seat_members(simcord_env, world, "milk_run", players=3)
    sleeper = table.state.to_move[0]
    quitter = next(s for s in members if s != sleeper)
    await simcord_env.advance_time(6 * 60)
    assert reminders(channel, members[sleeper]) == 1
    await members[quitter].slash(channel, "milk_run resign")
    assert table.active and table.seats[quitter].forfeit
    await simcord_env.advance_time(3 * 60 + 50)
    assert table.version == 0 and reminders(channel, members[sleeper]) == 1
    await simcord_env.advance_time(15)
    assert table.seats[sleeper].strikes == 1


async def test_a_deadline_that_passed_while_the_bot_was_down_is_met_once_on_restart(simcord_env, world, db_path):
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, _members = await milk_run_pair(simcord_env, world)
    sleeper, game_id = table.state.to_move[0], table.id
    simcord_env.bot.host.alarms.stop()  # the bot is down: its clock is not running
    await simcord_env.advance_time(300)
    assert table.version == 0
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    table = table_of(simcord_env, game_id)
    await simcord_env.advance_time(1)
    assert table.seats[sleeper].strikes == 1 and table.state.to_move == (1 - sleeper,)
    assert timeouts(channel, table) == 1
    assert len(await simcord_env.bot.storage.actions(table.id)) == table.version
    assert footer_version(channel, table) == table.version
    left = (table.deadline - simcord_env.now()).total_seconds()
    assert 110 <= left <= 120, "the next member's clock starts from the restart"
    await simcord_env.advance_time(121)
    assert table.seats[1 - sleeper].strikes == 1 and table.seats[sleeper].strikes == 1


async def test_the_bot_restarts_while_ai_seats_are_moving_in_a_row_and_they_carry_on_once(
    simcord_env, world, db_path, monkeypatch
):
    """alice and three AI seats at Milk Run: after alice's turn the first AI plays and the second is
    thinking when the bot goes down. After the restart the AI seats play on by themselves,
    once each, until it is alice's turn again; the table message shows the stored game."""
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "milk_run start", bots=3)
    table = table_of(simcord_env)
    host, game_id, seat = simcord_env.bot.host, table.id, table.seat_of(alice.id)
    await simcord_env.advance_time(5)
    assert table.state.to_move == (seat,)
    gate, real, thinking = asyncio.Event(), host.choose, []

    async def second_ai_hangs(table_, ai_seat, kind):
        text = await real(table_, ai_seat, kind)
        if ai_seat == (seat + 2) % 4:
            thinking.append(table_.version)
            await simcord_env.external_wait(gate.wait(), reason="the AI is still thinking")
        return text

    monkeypatch.setattr(host, "choose", second_ai_hangs)
    while table.state.to_move == (seat,):
        await alice.slash(channel, "milk_run play", action=pick_text(table, seat))
    await simcord_env.advance_time(5)
    assert thinking and table.state.to_move == ((seat + 2) % 4,), "the second AI seat is thinking"
    version = table.version
    await simcord_env.restart_bot(make_bot(db_path, seed=5))
    table = table_of(simcord_env, game_id)
    await simcord_env.advance_time(5)
    assert table.version > version
    assert table.state.to_move == (seat,) or not table.active, "the AI seats played on by themselves"
    with sqlite3.connect(db_path) as db:
        assert replay_problems(db) == []
        seats = [row[0] for row in db.execute("SELECT seat FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))]
    after = seats[version:]  # the moves since the second AI began thinking: its turn, then the third's
    assert set(after) == {(seat + 2) % 4, (seat + 3) % 4} or not table.active
    assert after == sorted(after, key=lambda s: (s - seat) % 4)
    assert footer_version(channel, table) == table.version


async def test_a_member_who_resigns_leaving_only_ai_seats_ends_the_game(simcord_env, world):
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "milk_run start", bots=2)
    table = table_of(simcord_env)
    await simcord_env.advance_time(5)
    reply = await alice.slash(channel, "milk_run resign")
    assert reply.response.ephemeral and reply.response.content == "You resigned."
    await simcord_env.advance_time(60)
    print(table.status, list(table.log), told(channel, table))
    assert table.status == "over" and not simcord_env.bot.host._tasks


async def test_a_game_every_member_has_walked_away_from_ends(simcord_env, world):
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 1)
    table, _members = await seat_members(simcord_env, world, "milk_run", players=3)
    for _ in range(30):
        if not table.active:
            break
        await simcord_env.advance_time(61)
    print(table.status, [s.strikes for s in table.seats], list(table.log), told(channel, table))
    assert table.status == "over" and all(s.forfeit for s in table.seats)


async def test_a_click_on_the_panel_while_the_ai_thinks_is_refused_and_the_ai_moves_once(
    simcord_env, world, monkeypatch
):
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "dickory start", ai="easy")
    table = table_of(simcord_env)
    host, seat = simcord_env.bot.host, table.seat_of(alice.id)
    await simcord_env.advance_time(5)
    assert table.state.to_move == (seat,)
    gate, real = asyncio.Event(), host.choose

    async def the_ai_thinks(table_, ai_seat, kind):
        text = await real(table_, ai_seat, kind)
        await simcord_env.external_wait(gate.wait(), reason="the AI is still thinking")
        return text

    monkeypatch.setattr(host, "choose", the_ai_thinks)
    version = table.version
    panel = await alice.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
    act = f"parlour:act:{table.id}:{version}:0"
    mine = pick_text(table, seat)
    moved = await alice.slash(channel, "dickory play", action=mine)
    assert (
        moved.response.content.startswith("✅") and table.version == version + 1 and table.state.to_move == (1 - seat,)
    )
    again = await alice.select(panel.response, [pick_text(table, 1 - seat)], custom_id=act)
    assert again.response.ephemeral and "moved on" in again.response.content
    fresh = await alice.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
    assert fresh.response.ephemeral and table.version == version + 1
    gate.set()
    await simcord_env.advance_time(5)
    assert table.version == version + 2 and (table.state.to_move == (seat,) or not table.active)
    assert len(await simcord_env.bot.storage.actions(table.id)) == table.version


async def test_an_ai_choosing_at_the_most_seats_leaves_the_event_loop_free(simcord_env, world):
    """Eight-seat Milk Run's hard AI thinks for up to 2.5 s: the loop, which answers every other
    table's members, keeps turning while it does."""
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "milk_run start", bots=7, ai="easy")
    table = table_of(simcord_env)
    await simcord_env.advance_time(5)
    seat = table.seat_of(alice.id)
    assert table.state.to_move == (seat,) and len(table.seats) == 8
    while len(table.state.legal_actions(seat)) < 3:  # past the draws, to a real choice
        await alice.slash(channel, "milk_run play", action=pick_text(table, seat))
    thinking = asyncio.ensure_future(simcord_env.bot.host.choose(table, seat, "hard"))
    turns = 0
    while not thinking.done():
        await asyncio.sleep(0)
        turns += 1
    assert await thinking in {a.text for a in table.state.legal_actions(seat)}
    # thought on the loop, it would finish within a turn or two; beside it, the loop turns on
    # (at worst once per switch of the GIL, 5 ms, over the search's few hundred ms)
    assert turns >= 10, turns


async def test_the_timer_acts_for_the_moleicki_player_to_move_not_the_one_holding_a_window(simcord_env, world):
    """After a Moleicki play the player who made it may still add matching cards (a window) while
    the next player is to play: both are turn seats. The deadline catches the one keeping the
    table waiting, not the one who has just played."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, members = await seat_members(simcord_env, world, "moleicki", players=3)
    rng = random.Random(1)
    for _ in range(200):
        state = table.state
        if state.phase == "play" and state.window not in (None, state.current) and state.window < state.current:
            break
        seat = (state.turn_seats or state.to_move)[0]
        action = state.heuristic_action(seat, rng) or rng.choice(state.legal_actions(seat))
        await members[seat].slash(channel, "moleicki play", action=action.text)
    window, current = table.state.window, table.state.current
    assert window is not None and window < current and table.state.turn_seats == (window, current)
    await simcord_env.advance_time(61)
    assert reminders(channel, members[current]) == 1 and reminders(channel, members[window]) == 0
    await simcord_env.advance_time(60)
    assert table.seats[current].strikes == 1 and table.seats[window].strikes == 0
    assert f"⏰ {table.names[current]} ran out of time" in told(channel, table)


TURNS_OF_SEVERAL_ACTIONS = [
    "bourre",
    "hand_and_foot",
    "hickory_dickory",
    "jack_change_it",
    "rummy",
    "go_fish",
    "escoba",
]


@pytest.mark.parametrize("game", TURNS_OF_SEVERAL_ACTIONS)
async def test_a_timeout_plays_the_whole_turn_at_every_game(simcord_env, world, game):
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    players = max(3, GAMES[game].min_players) if GAMES[game].max_players > 2 else 2
    table, _members = await seat_members(simcord_env, world, game, players=players, **short_options(GAMES[game]))
    await simcord_env.advance_time(5)  # a dealer's or opener's AI step, if any
    sleeper = table.turn_humans()[0]
    await simcord_env.advance_time(121)
    assert table.seats[sleeper].strikes == 1 and timeouts(channel, table) == 1
    assert sleeper not in table.turn_humans() or not table.active
    assert len(await simcord_env.bot.storage.actions(table.id)) == table.version


async def test_a_member_who_resigned_cannot_play_the_seat_the_ai_now_holds(simcord_env, world, monkeypatch):
    _guild, channel, _alice, _bob = world
    table, members = await seat_members(simcord_env, world, "milk_run", players=3)
    quitter = (table.state.to_move[0] + 1) % 3
    await members[quitter].slash(channel, "milk_run resign")
    again = await members[quitter].slash(channel, "milk_run resign")
    assert again.response.ephemeral and "out of this game already" in again.response.content
    assert told(channel, table).count("resigned") == 1, "a second /resign changes nothing at the table"
    host = simcord_env.bot.host
    gate, real = asyncio.Event(), host.choose

    async def the_ai_thinks_for_the_seat(table_, seat, kind):
        text = await real(table_, seat, kind)
        if seat == quitter and not gate.is_set():
            await simcord_env.external_wait(gate.wait(), reason="the AI is still thinking")
        return text

    monkeypatch.setattr(host, "choose", the_ai_thinks_for_the_seat)
    while table.state.to_move != (quitter,):
        seat = table.state.to_move[0]
        await members[seat].slash(channel, "milk_run play", action=pick_text(table, seat))
    version = table.version
    late = await members[quitter].slash(channel, "milk_run play", action="draw")
    assert late.response.ephemeral and "the AI plays it now" in late.response.content
    assert table.version == version
    gate.set()
    await simcord_env.advance_time(5)
    assert table.version > version and table.state.to_move != (quitter,)


async def test_a_jack_played_and_its_suit_left_unnamed_is_finished_by_the_timer(simcord_env, world):
    """Jack Change It: the member plays a jack and walks away before naming the suit. When the
    clock runs out the AI names it for them (one strike), and play passes on."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, members = await seat_members(simcord_env, world, "jack_change_it", players=3)
    for _ in range(120):
        seat = table.state.to_move[0]
        jacks = [a.text for a in table.state.legal_actions(seat) if a.text.startswith("play j")]
        if jacks:
            break
        await members[seat].slash(channel, "jack_change_it play", action=pick_text(table, seat))
    assert jacks, "nobody could play a jack"
    await members[seat].slash(channel, "jack_change_it play", action=jacks[0])
    assert table.state.to_move == (seat,), "the suit is still to name"
    assert all(a.text.startswith("suit ") for a in table.state.legal_actions(seat))
    await simcord_env.advance_time(121)
    assert table.seats[seat].strikes == 1 and table.state.to_move != (seat,)
    assert timeouts(channel, table) == 1 and f"{table.names[seat]} changes it to" in told(channel, table)


async def test_a_reminder_in_moleickis_race_to_open_does_not_name_who_can_open(simcord_env, world):
    """In the race to open only the holders of the opening card may play, and the table is not
    told who they are: the public reminder names every member playing, not the racers."""
    _guild, channel, _alice, _bob = world
    table, members = await seat_members(simcord_env, world, "moleicki", players=4)
    dealer = table.state.turn_seats[0]
    await members[dealer].slash(channel, "moleicki play", action=pick_text(table, dealer))
    racers = set(table.state.race)
    assert table.state.race_words() and racers and racers != set(members), "a race some members are out of"
    await simcord_env.advance_time(5 * 60 + 5)
    [reminder] = [m.content for m in channel.history() if "⏰" in (m.content or "")]
    named = {s for s, m in members.items() if f"<@{m.id}>" in reminder}
    assert named == set(members), reminder


def timer_turn_ends_game(table, seat) -> bool:
    """Whether the AI's whole turn for `seat` (as the timer plays it) ends the game."""
    state, version = table.state.copy(), table.version
    while True:
        state.apply(seat, choose_for(state.copy(), seat, "heuristic", table.seed + version))
        version += 1
        if state.over:
            return True
        if seat not in state.turn_seats:
            return False


async def test_a_third_missed_turn_that_wins_the_game_is_a_win_not_a_forfeit(simcord_env, world):
    """The timer plays out a member's third missed turn and that turn ends the game: the game
    ended on its play, so the member is placed by it, not ranked last for a forfeit."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 2)
    table, members = await seat_members(simcord_env, world, "jack_change_it", players=2)
    for _ in range(300):
        seat = table.turn_humans()[0]
        if timer_turn_ends_game(table, seat):
            break
        await members[seat].slash(channel, "jack_change_it play", action=pick_text(table, seat))
    assert timer_turn_ends_game(table, seat), "no turn of the game ended it"
    table.seats[seat].strikes = 2  # two missed turns already
    await simcord_env.advance_time(121)
    assert table.status == "over" and table.state.over
    assert not table.seats[seat].forfeit, told(channel, table)
    assert "missed 3 turns" not in told(channel, table)
    assert table.final["places"] == list(table.state.outcome().places)


async def test_a_member_who_resigned_cannot_claim_the_game_from_those_still_playing(simcord_env, world):
    """A member who resigned is out of the game: claiming it would make a silent player forfeit
    and share the last place the resigner took alone."""
    _guild, channel, _alice, _bob = world
    await set_timer(simcord_env, world, 0)
    table, members = await seat_members(simcord_env, world, "milk_run", players=3)
    sleeper = table.state.to_move[0]
    quitter = (sleeper + 1) % 3
    await members[quitter].slash(channel, "milk_run resign")
    await simcord_env.advance_time(24 * 3600 + 5)
    claimed = await members[quitter].slash(channel, "milk_run claim")
    assert claimed.response.ephemeral and "gave up your seat" in claimed.response.content, claimed.response.content
    assert table.active and not table.seats[sleeper].forfeit
    other = await members[(sleeper + 2) % 3].slash(channel, "milk_run claim")
    assert "You claimed the game" in other.response.content and table.seats[sleeper].forfeit
