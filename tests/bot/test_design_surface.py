"""DESIGN.md's "Discord surface", item by item, through SimCord: every game's commands,
/leaderboard for every game, autocomplete's limits, clicks at the same moment, commands
on a table still waiting for its players, and malformed input from members and moderators."""

from __future__ import annotations

import json

import discord

from engine import GAMES
from tests.bot.helpers import click_now, members_of, pick, start_pvp, table_message, table_of

SHARED = ("start", "play", "hand", "resign", "rules", "board")


async def test_every_game_and_every_variant_name_has_the_shared_commands(simcord_env, world):
    _guild, channel, alice, _bob = world
    offered = set(alice.available_commands(channel))
    groups = set(GAMES) | {alias for game in GAMES.values() for alias in game.aliases}
    missing = [f"{g} {c}" for g in sorted(groups) for c in SHARED if f"{g} {c}" not in offered]
    assert not missing
    assert {"leaderboard", "stats"} <= offered


async def test_the_leaderboard_takes_every_game_the_solitaires_too(simcord_env, world):
    _guild, channel, alice, _bob = world
    await alice.slash(channel, "klondike start")
    await alice.slash(channel, "klondike resign")
    for name, game in sorted(GAMES.items()):
        board = await alice.slash(channel, "leaderboard", game=name)
        embeds = board.response.embeds
        assert embeds and embeds[0].title.startswith(game.title), (name, [e.title for e in embeds])
    klondike = await alice.slash(channel, "leaderboard", game="klondike")
    # the lost game is on her record
    assert klondike.response.embeds[0].description.startswith(f"**1.** {alice.name} · ")


async def test_a_table_waiting_for_its_players_says_so_rather_than_that_there_is_none(simcord_env, world):
    _guild, channel, alice, bob = world
    await alice.slash(channel, "dickory start", opponent=bob)
    table = table_of(simcord_env)
    waiting = f"Dickory #{table.id} hasn't started yet: it's waiting for the invited players to accept."
    for member in (alice, bob):
        for command, options in (("hand", {}), ("play", {"action": "pass"}), ("resign", {})):
            answer = await member.slash(channel, f"dickory {command}", **options)
            assert answer.ephemeral
            assert answer.response.content == waiting
    assert table.status == "lobby"


async def test_autocomplete_offers_25_at_most_of_the_callers_moves_filtered_by_what_is_typed(simcord_env, world):
    guild, channel, alice, bob = world
    carol = guild.add_member(simcord_env.create_user("carol"))
    # at six, Go Fish's first asker (bob, in seat 0) may ask any of five players for any rank held
    await alice.slash(channel, "go_fish start", player2=bob, bots=4, ai="easy")
    table = table_of(simcord_env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    members = members_of(table, alice, bob)
    seat = table.state.to_move[0]
    mover, waiter = members[seat], next(m for s, m in members.items() if s != seat)
    legal = [a.text for a in table.state.legal_actions(seat)]
    assert len(legal) > 25
    offered = await mover.autocomplete(channel, "go_fish play", "action", "")
    assert len(offered) == 25 and {c["value"] for c in offered} <= set(legal)
    last = legal[-1]  # beyond the first 25: typing it brings it up first, with few others
    typed = await mover.autocomplete(channel, "go_fish play", "action", last.upper())
    assert typed[0]["value"] == last and len(typed) < 25 and {c["value"] for c in typed} <= set(legal)
    assert last not in {c["value"] for c in offered}
    assert await waiter.autocomplete(channel, "go_fish play", "action", "") == []  # not their move
    assert await carol.autocomplete(channel, "go_fish play", "action", "") == []  # not at the table
    assert await mover.autocomplete(channel, "go_fish play", "action", "x" * 500) == []


async def test_the_same_pick_from_two_panels_at_the_same_moment_applies_once(simcord_env, world):
    _guild, channel, alice, bob = world
    table = await start_pvp(simcord_env, channel, alice, bob)
    seat = table.state.to_move[0]
    mover = members_of(table, alice, bob)[seat]
    first = await mover.slash(channel, "dickory hand")
    second = await mover.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")
    text, version = pick(table, seat), table.version
    custom_id = f"parlour:act:{table.id}:{version}:0"
    records = [click_now(simcord_env, mover, panel.response, custom_id, [text]) for panel in (first, second)]
    await simcord_env.settle()
    assert table.version == version + 1
    assert len(await simcord_env.bot.storage.actions(table.id)) == 1
    assert all(r.responded for r in records)  # the second click was answered too (a fresh panel)


async def test_malformed_moves_and_game_numbers_get_one_sentence_and_change_nothing(simcord_env, world):
    guild, channel, alice, bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    elsewhere = simcord_env.create_guild(name="Elsewhere")
    far_channel = elsewhere.create_text_channel("cards")
    dora = elsewhere.add_member(simcord_env.create_user("dora"))
    await dora.slash(far_channel, "dickory start")
    far_table = table_of(simcord_env)
    await alice.slash(channel, "dickory start", opponent=bob)
    table = max(simcord_env.bot.tables.all(), key=lambda t: t.id)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    seat = table.state.to_move[0]
    mover = members_of(table, alice, bob)[seat]
    before = json.dumps(table.state.dump(), sort_keys=True)
    for text in ("x" * 5000, f"<@{bob.id}> @everyone", "🂠🂠🂠", "play 7 7\nplay 8 8", "\u200b"):
        answer = await mover.slash(channel, "dickory play", action=text)
        content = answer.response.content
        assert answer.ephemeral and content and "\n" not in content and len(content) < 300, (text[:20], content)
        assert "Traceback" not in content and "went wrong" not in content
    assert json.dumps(table.state.dump(), sort_keys=True) == before
    for number in (999_999, 0, -5, 2**53 - 1, far_table.id):
        answer = await admin.slash(channel, "parlour cancel", game=number)
        assert answer.ephemeral
        nothing = f"There is no open game #{number} in this server, so there is nothing to call off."
        assert answer.response.content == nothing
    assert far_table.active and table.active


async def test_a_line_up_that_cannot_play_gets_one_sentence_and_opens_no_table(simcord_env, world):
    guild, channel, alice, bob = world
    robot = guild.add_member(simcord_env.create_user("robot", bot=True))
    cases = [
        ("dickory start", {"opponent": alice}, "You're already at the table; invite other members."),
        ("dickory start", {"opponent": robot}, "Bots can't take a seat; use the bots option for AI players."),
        ("moleicki start", {"player2": bob, "player3": bob}, "Each member can take only one seat."),
        ("dickory start", {"opponent": bob, "bots": 1}, "Dickory needs exactly 2 players (you asked for 3)."),
        ("hand_and_foot start", {"bots": 1}, "Hand and Foot needs exactly 4 players (you asked for 2)."),
    ]
    for command, options, sentence in cases:
        answer = await alice.slash(channel, command, **options)
        assert answer.ephemeral and answer.response.content == sentence, (command, answer.response.content)
    assert simcord_env.bot.tables.all() == []
