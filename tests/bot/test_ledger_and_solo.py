"""A game's ledger (Game.ledger) and the solo start of a game for one to several players.

Tiny Purse (tests/bot/tiny/purse.py) is registered here only: its chips reach the
server's ledger with every stored move, survive a restart without being counted twice,
and show in `/tiny_purse chips`; started with nobody invited and no AI, it is a solo
game that begins at once and keeps a best-score board.
"""

from __future__ import annotations

import aiosqlite
import discord
import pytest

import renderers
from bot import rules as rules_pages
from engine import GAMES, register
from tests.bot.helpers import make_bot, table_message, table_of
from tests.bot.tiny import purse
from tests.bot.tiny import renderer as tiny_renderer

PURSE = purse.GAME


@pytest.fixture
def tiny_purse():
    register(PURSE)
    renderers.register(PURSE.name, tiny_renderer)
    rules_pages.register(PURSE.name, rules_pages.Path(__file__).parent / "tiny" / "rules.md")
    yield PURSE
    GAMES.pop(PURSE.name, None)


async def ledger(db_path):
    async with aiosqlite.connect(db_path) as db:
        rows = await (await db.execute("SELECT user_id, game, net FROM ledger ORDER BY user_id")).fetchall()
    return {user: (game, net) for user, game, net in rows}


async def test_chips_reach_the_ledger_with_each_move_and_once_only(tiny_purse, simcord_env, world, db_path):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "tiny_purse start", player2=bob, bots=0)
    table = table_of(simcord_env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active and await ledger(db_path) == {bob.id: ("tiny_purse", 0), alice.id: ("tiny_purse", 0)}
    members = {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}
    seat = table.state.to_move[0]
    move = next(a.text for a in table.state.legal_actions(seat) if a.parts["verb"] == "play")
    await members[seat].slash(channel, "tiny_purse play", action=move)
    chips = table.state.view(None)["chips"]
    assert sorted(chips) != [0, 0], "a card played moves chips"
    expected = {members[s].id: ("tiny_purse", chips[s]) for s in members}
    assert await ledger(db_path) == expected
    game_id = table.id
    await simcord_env.restart_bot(make_bot(db_path, seed=7))
    table = table_of(simcord_env, game_id)
    assert table.state.view(None)["chips"] == chips and await ledger(db_path) == expected
    while table.active:
        seat = table.state.to_move[0]
        await members[seat].slash(channel, "tiny_purse play", action=table.state.legal_actions(seat)[0].text)
    final = table.state.view(None)["chips"]
    assert await ledger(db_path) == {members[s].id: ("tiny_purse", final[s]) for s in members}
    shown = await alice.slash(channel, "tiny_purse chips")
    embed = shown.response.embeds[0]
    assert embed.title == "Tiny Purse chips" and not shown.ephemeral
    mine = final[table.seat_of(alice.id)]
    assert f"** {alice.name} · {mine:+d} chips · 1 game" in embed.description, embed.description
    assert f"{alice.name}: {mine:+d} chips over 1 game." in embed.footer.text
    board = await bob.slash(channel, "tiny_purse leaderboard")
    assert [e.title for e in board.response.embeds][:2] == ["Tiny Purse leaderboard", "Tiny Purse chips"]


async def test_a_game_without_a_ledger_has_no_chips_command(simcord_env, world):
    _guild, channel, alice, _bob = world
    commands = alice.available_commands(channel)
    assert "dickory start" in commands and not any(c.startswith("dickory chips") for c in commands)


async def test_alone_it_is_a_solo_game_that_starts_at_once(tiny_purse, simcord_env, world, db_path):
    _guild, channel, alice, _bob = world
    started = await alice.slash(channel, "tiny_purse start")
    table = table_of(simcord_env)
    assert "begins" in started.response.content
    assert table.active and len(table.seats) == 1 and table.alone and table.deadline is None
    while table.active:
        await alice.slash(channel, "tiny_purse play", action=table.state.legal_actions(0)[0].text)
    assert table.status == "over"
    log = table_message(channel, table.id).embeds[0].description
    assert log.endswith("alice is out of cards.\n🏆 alice wins.\nalice shed every card.")
    async with aiosqlite.connect(db_path) as db:
        won, score = await (await db.execute("SELECT won, score FROM results")).fetchone()
        ratings = await (await db.execute("SELECT COUNT(*) FROM ratings")).fetchone()
    assert (won, score, ratings[0]) == (1, 10.0, 0)
    board = await alice.slash(channel, "tiny_purse leaderboard")
    solo = board.response.embeds[-1]
    assert (
        solo.title == "Tiny Purse solo: best scores"
        and f"**1.** {alice.name} · 10 points · 1 win in 1 game" in solo.description
    )


async def test_with_ai_seats_it_is_the_game_for_several(tiny_purse, simcord_env, world):
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "tiny_purse start", bots=2)
    table = table_of(simcord_env)
    assert table.active and len(table.seats) == 3 and not table.alone


async def test_a_bourre_match_ended_mid_hand_gives_back_the_pot(simcord_env, world, db_path):
    """Bourré's antes sit in the pot during a hand: a resignation that ends the match there
    voids the hand, so each member's ledger gets its stake back and nobody's chips vanish."""
    _guild, channel, alice, bob = world
    await alice.slash(channel, "bourre start", player2=bob, bots=0)
    table = table_of(simcord_env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active and table.state.view(None)["pot"] == 2
    assert await ledger(db_path) == {alice.id: ("bourre", -1), bob.id: ("bourre", -1)}
    await bob.slash(channel, "bourre resign")
    assert table.status == "over"
    assert await ledger(db_path) == {alice.id: ("bourre", 0), bob.id: ("bourre", 0)}


async def test_a_called_off_bourre_match_keeps_the_chips_won_and_returns_the_stakes(simcord_env, world, db_path):
    guild, channel, alice, bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    await alice.slash(channel, "bourre start", player2=bob, bots=1)
    table = table_of(simcord_env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    members = {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}
    while table.state.view(None)["hand_no"] < 3:  # a few hands in: chips have been won and lost
        waiting = [s for s in table.state.to_move if s in members]
        if not waiting:
            await simcord_env.settle()
            continue
        seat = waiting[0]
        await members[seat].slash(channel, "bourre play", action=table.state.legal_actions(seat)[0].text)
    view = table.state.view(None)
    assert view["pot"] > 0
    before = await ledger(db_path)
    assert before == {members[s].id: ("bourre", view["chips"][s]) for s in members}
    await admin.slash(channel, "parlour cancel", game=table.id)
    assert table.status == "cancelled"
    after = {members[s].id: ("bourre", view["chips"][s] + view["staked"][s]) for s in members}
    assert await ledger(db_path) == after and after != before
