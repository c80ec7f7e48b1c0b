"""The registry: a game is an engine, a renderer and a rules page, and the bot does the rest.

Tiny Relay (tests/bot/tiny) is registered here and nowhere else, then played end to end
through SimCord: a generated /tiny_relay start with its option as a choice, the step
panel, AI seats, partnerships in the results, rules and the leaderboard.
"""

from __future__ import annotations

import aiosqlite
import pytest

import renderers
from bot import rules as rules_pages
from bot.endings import final_places
from bot.steps import DONE
from engine import GAMES, register
from tests.bot.helpers import custom_ids, table_message, table_of
from tests.bot.tiny import engine as tiny_engine
from tests.bot.tiny import renderer as tiny_renderer

TINY = tiny_engine.GAME


@pytest.fixture
def tiny_relay():
    register(TINY)
    renderers.register(TINY.name, tiny_renderer)
    rules_pages.register(TINY.name, rules_pages.Path(__file__).parent / "tiny" / "rules.md")
    yield TINY
    GAMES.pop(TINY.name, None)


def test_every_registered_game_has_a_renderer_and_a_rules_page():
    for name in GAMES:
        assert renderers.missing(name) == [], f"{name} has no complete renderer"
        assert rules_pages.rules_text(name), f"{name} has no rules page"


async def play_with_the_step_panel(member, channel, table):
    """Open the panel and follow the step buttons: verb, cards, target, until the move is made."""
    version = table.version
    panel = await member.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
    response = panel.response
    for _ in range(6):
        steps = [c for c in custom_ids(response) if c.startswith(f"parlour:step:{table.id}:")]
        if table.version != version or not steps:
            break
        depth = max(len(c.rsplit(":", 1)[1].split(".")) for c in steps)
        forward = [c for c in steps if len(c.rsplit(":", 1)[1].split(".")) == depth]  # not the Back button
        done = [c for c in forward if c.endswith(f".{DONE}")]
        pick = done[0] if done else forward[-1]
        clicked = await member.click(response, custom_id=pick)
        response = clicked.response
    assert table.version > version or not table.active, custom_ids(response)


async def test_a_game_from_the_tests_folder_plays_end_to_end(tiny_relay, simcord_env, world, db_path):
    _guild, channel, alice, bob = world
    assert "tiny_relay start" in alice.available_commands(channel)
    started = await alice.slash(channel, "tiny_relay start", player2=bob, bots=2, ai="easy", teams="on")
    assert "Invitation sent" in started.response.content
    table = table_of(simcord_env)
    assert table.options == {"teams": "on"}
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active and [s.user_id for s in table.seats] == [bob.id, None, None, alice.id]
    members = {0: bob, 3: alice}
    moves = 0
    while table.active:
        seat = table.state.to_move[0]
        assert seat in members, "AI seats move by themselves"
        await play_with_the_step_panel(members[seat], channel, table)
        moves += 1
        assert moves < 20
    final = table_message(channel, table.id)
    assert "is over" in final.content and custom_ids(final) == [f"parlour:rematch:{table.id}"]
    async with aiosqlite.connect(db_path) as db:
        rows = await (await db.execute("SELECT seat, place FROM results ORDER BY seat")).fetchall()
    places = dict(rows)
    winner = table.state.outcome().winners[0]
    side = next(s for s in ((0, 2), (1, 3)) if winner in s)
    assert places[0] == (1 if 0 in side else 2) and places[3] == (1 if 3 in side else 2)
    shown = await alice.slash(channel, "tiny_relay rules")
    assert shown.response.embeds[0].title == "Tiny Relay: quick start"
    board = await alice.slash(channel, "tiny_relay leaderboard")
    assert board.response.embeds[0].title == "Tiny Relay leaderboard"


async def test_a_partner_who_resigns_costs_the_whole_side(tiny_relay, simcord_env, world):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    dave = guild.add_member(simcord_env.create_user("dave"))
    await alice.slash(channel, "tiny_relay start", player2=bob, player3=carol, player4=dave, teams="on")
    table = table_of(simcord_env)
    for member in (bob, carol, dave):
        await member.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active and table.state.sides == ((0, 2), (1, 3))
    await bob.slash(channel, "tiny_relay resign")  # bob sits 0, partner of dave (2)
    assert table.status == "over"
    places, _ = final_places(table)
    assert places == [2, 1, 2, 1]


async def test_a_variant_with_its_own_name_has_its_own_commands(simcord_env, world):
    _guild, channel, alice, bob = world
    commands = alice.available_commands(channel)
    assert "authors start" in commands and "authors play" in commands
    started = await alice.slash(channel, "authors start", player2=bob, bots=0)
    assert started.response.content.startswith("Invitation sent to bob for Authors #")
    table = table_of(simcord_env)
    assert table.game.name == "go_fish" and table.options["variant"] == "authors"
    assert "to Authors" in table_message(channel, table.id).content
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    seat = table.state.to_move[0]
    player = alice if table.seats[seat].user_id == alice.id else bob
    ask = table.state.legal_actions(seat)[0].text
    assert len(ask.split()) == 3  # Authors asks for a card: "ask 1 qs"
    played = await player.slash(channel, "authors play", action=ask)
    assert played.response.content.startswith("✅") and table.version == 1
    rules = (await bob.slash(channel, "authors rules")).response.embeds[0]
    assert rules.title == "Authors: quick start" and "queen of spades" in rules.description
    assert rules.footer.text.startswith("/authors play to move")
    plain = (await bob.slash(channel, "go_fish rules")).response.embeds[0]
    assert plain.title == "Go Fish: quick start" and "any queens" in plain.description


async def test_a_refusal_that_names_a_seat_names_the_member(tiny_relay, simcord_env, world):
    """Engines write seats as placeholders ({p0}) in refusals too: the reply names the player."""
    _guild, channel, alice, bob = world
    await alice.slash(channel, "tiny_relay start", player2=bob, bots=0)
    table = table_of(simcord_env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    mover = {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}[table.state.to_move[0]]
    before = table.state.dump()
    refused = await mover.slash(channel, "tiny_relay play", action="wait")
    assert refused.ephemeral
    assert refused.response.content == f"{mover.name} may not wait: Tiny Relay has no passing."
    assert table.state.dump() == before
