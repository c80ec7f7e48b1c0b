"""What members' own names and typed text do to what the bot posts.

Display names are chosen by members: markdown, mentions, emoji, CJK and Arabic, 32
characters, the same name twice. Each test drives the real bot through SimCord.
"""

from __future__ import annotations

import io

import discord
import pytest
from PIL import Image, ImageChops, ImageStat

import renderers
from bot.words import shown
from engine import GAMES
from renderers.draw import text_size
from renderers.seat_ring import HEADER_H, PAD, TABLE_SIZE
from tests.bot.helpers import (
    choose,
    open_panel,
    picture,
    pixel_difference,
    short_options,
    step_choices,
    table_message,
    table_of,
    told,
)

MARKDOWN = ["**bold**", "||spoiler||", "# Heading", "`code`", "__x__", "> quote", "@everyone", "W" * 32]


async def seat_named(env, world, game: str, nicks: list[str], **options):
    """Members with these display names (the first invites the others), every invitation
    accepted and the game dealt: (table, {seat: member})."""
    guild, channel, _alice, _bob = world
    members = [guild.add_member(env.create_user(f"member{i}"), nick=n) for i, n in enumerate(nicks)]
    invited = {f"player{i + 2}": m for i, m in enumerate(members[1:])}
    await members[0].slash(channel, f"{game} start", **invited, **options)
    table = table_of(env)
    for m in members[1:]:
        await m.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    return table, {table.seat_of(m.id): m for m in members}


def stored(env, channel, message):
    """The message as the backend keeps it: who it pinged, and the mention policy it was sent with."""
    return env.backend.get_message(channel.id, message.id)


async def test_a_name_holding_mentions_pings_nobody_but_the_invited(simcord_env, world):
    guild, channel, alice, bob = world
    role = guild.create_role("mods", mentionable=True)
    carol = guild.add_member(simcord_env.create_user("carol"), nick=f"@everyone <@&{role.id}> <@{bob.id}>")
    await carol.slash(channel, "dickory start", opponent=alice)
    table = table_of(simcord_env)
    lobby = stored(simcord_env, channel, table_message(channel, table.id))
    assert not lobby.mention_everyone and lobby.ping_role_ids == [], lobby.content
    assert lobby.ping_user_ids == [alice.id], (lobby.ping_user_ids, lobby.content)  # the invitee only, not bob
    await alice.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    # every message the bot left in the channel may ping members only, never everyone or a role
    for message in channel.history():
        policy = stored(simcord_env, channel, message).allowed_mentions
        assert not policy.everyone and policy.roles == frozenset(), (message.content, policy)


async def test_markdown_names_show_as_typed_in_the_table_and_the_panel(simcord_env, world):
    _guild, channel, _alice, _bob = world
    table, members = await seat_named(simcord_env, world, "go_fish", MARKDOWN[:6])
    log = told(channel, table)
    for escaped in (r"\*\*bold\*\*", r"\|\|spoiler\|\|", r"\# Heading", r"\`code\`", r"\_\_x\_\_", r"\> quote"):
        assert escaped in log, log
    # a move naming another seat: its narration in the mover's panel shows the name as typed too
    seat = table.state.to_move[0]
    panel = await open_panel(members[seat], channel, table)
    target = next(label for label in step_choices(panel, table) if label in MARKDOWN)
    panel = await choose(members[seat], panel, table, target)
    rank = next(iter(step_choices(panel, table)))
    answer = await choose(members[seat], panel, table, rank)
    assert "✅" in answer.content and shown(target) in answer.content, answer.content
    assert target not in answer.content.replace(shown(target), ""), answer.content


async def test_the_lobby_line_shows_names_as_typed(simcord_env, world):
    guild, channel, alice, _bob = world
    host = guild.add_member(simcord_env.create_user("host"), nick="**big** ||boo||")
    await host.slash(channel, "dickory start", opponent=alice)
    content = table_message(channel, table_of(simcord_env).id).content
    assert r"\*\*big\*\* \|\|boo\|\|" in content, content


async def test_eight_long_names_fit_every_limit(simcord_env, world):
    _guild, channel, _alice, _bob = world
    nicks = [f"{chr(65 + i)}" * 32 for i in range(8)]
    table, members = await seat_named(simcord_env, world, "bourre", nicks, **short_options(GAMES["bourre"]))
    for _ in range(12):  # fill the log
        seat = table.state.to_move[0]
        panel = await open_panel(members[seat], channel, table)
        await choose(members[seat], panel, table, next(iter(step_choices(panel, table))))
        if not table.active:
            break
    message = table_message(channel, table.id)
    embed = message.embeds[0]
    assert len(message.content) <= 2000 and len(embed.description) <= 4096 and len(embed.footer.text) <= 2048
    assert all(n in embed.footer.text for n in nicks)
    await picture(message, "bourre_eight_long_names")


NO_GLYPHS = ["🦊🦊", "李小龙", "🎲🎲🎲", "王"]  # nothing the picture's face can draw


NO_GLYPH_GAMES = [("go_fish", 2), ("rummy", 2), ("hand_and_foot", 4), ("hickory_dickory", 2)]


@pytest.mark.parametrize(("game", "players"), NO_GLYPH_GAMES)
async def test_names_the_face_cannot_draw_show_as_player_n_not_boxes(simcord_env, world, game, players):
    _guild, channel, _alice, _bob = world
    table, members = await seat_named(simcord_env, world, game, NO_GLYPHS[:players], **short_options(GAMES[game]))
    module = renderers.for_game(game)
    unnamed = ["" for _ in range(players)]  # the fallback every renderer draws for a seat without a name
    drawn = await picture(table_message(channel, table.id), f"{game}_no_glyph_names")
    expected = module.render_table({**simcord_env.bot.host.publisher.public_view(table), "names": unnamed})
    assert pixel_difference(drawn, expected) is None, pixel_difference(drawn, expected)
    seat = table.state.to_move[0]
    panel = await open_panel(members[seat], channel, table)
    hand = await panel.attachments[0].read()
    expected = module.render_hand({**table.state.view(seat), "names": unnamed})
    assert pixel_difference(hand, expected) is None, pixel_difference(hand, expected)


@pytest.mark.parametrize("typed", ["{p0:>3000}", "play {p0:>9999}", "**" * 100, "x" * 300])
async def test_typed_text_always_gets_a_short_answer(simcord_env, world, typed):
    _guild, channel, _alice, _bob = world
    table, members = await seat_named(simcord_env, world, "escoba", ["ann", "ben"])
    result = await members[table.state.to_move[0]].slash(channel, "escoba play", action=typed)
    answer = result.response
    assert answer is not None and answer.content and answer.content != "\u200b", typed
    assert len(answer.content) <= 2000 and answer.flags.ephemeral


@pytest.mark.parametrize("game", ["snip_snap_snorem", "jack_change_it", "bourre"])
@pytest.mark.parametrize("typed", ["play {x.y}", "play {p0!r}", "play {0}"])
async def test_braces_in_typed_text_are_quoted_back_not_read_as_fields(simcord_env, world, game, typed):
    # A refusal quotes what was typed; only the engine's own {pN} marks become names.
    _guild, channel, _alice, _bob = world
    table, members = await seat_named(simcord_env, world, game, ["ann", "ben"], **short_options(GAMES[game]))
    before = table.version
    result = await members[table.state.to_move[0]].slash(channel, f"{game} play", action=typed)
    answer = result.response.content
    assert "went wrong" not in answer and "'ann'" not in answer and "isn't" in answer, answer
    assert table.version == before


async def test_members_with_the_same_name_are_told_apart_in_the_panel(simcord_env, world):
    _guild, channel, _alice, _bob = world
    table, members = await seat_named(simcord_env, world, "go_fish", ["ann", "bob", "bob", "bob"])
    seat = table.state.to_move[0]
    panel = await open_panel(members[seat], channel, table)
    labels = list(step_choices(panel, table))
    others = [i for i, s in enumerate(table.seats) if s.name == "bob" and i != seat]
    assert len(others) >= 2 and [f"bob #{i}" for i in others] == [lb for lb in labels if "bob" in lb], labels
    # the same names everywhere the table speaks: its footer, and the pictures' names
    bobs = [f"bob #{i}" for i, s in enumerate(table.seats) if s.name == "bob"]
    footer = table_message(channel, table.id).embeds[0].footer.text
    assert len(bobs) == 3 and all(b in footer for b in bobs), footer
    assert (
        simcord_env.bot.host.publisher.public_view(table)["names"]
        == table.names
        == [s.name if s.name != "bob" else f"bob #{i}" for i, s in enumerate(table.seats)]
    )


async def test_a_long_name_in_the_header_leaves_what_it_says_readable(simcord_env, world):
    _guild, channel, _alice, _bob = world
    nicks = [chr(65 + i) * 32 for i in range(8)]
    table, _members = await seat_named(simcord_env, world, "bourre", nicks, **short_options(GAMES["bourre"]))
    drawn = Image.open(io.BytesIO(await picture(table_message(channel, table.id), "bourre_long_names_header")))
    view = simcord_env.bot.host.publisher.public_view(table)
    short = renderers.for_game("bourre").render_table({**view, "names": ["A"] * 8})
    # the header's right end, where the status ends ": stay in or fold?" whatever the mover's name
    right = TABLE_SIZE[0] - PAD - 18
    box = (right - text_size(": stay in or fold?", 24)[0], 0, right, HEADER_H)
    # the same words, though they may sit a pixel apart (the text is set from its right end)
    long_gray, short_gray = drawn.convert("L"), Image.open(io.BytesIO(short)).convert("L")
    gaps = [
        ImageStat.Stat(
            ImageChops.difference(long_gray.crop(box), short_gray.crop((box[0] + dx, 0, box[2] + dx, HEADER_H)))
        ).mean[0]
        for dx in (-1, 0, 1)
    ]
    assert min(gaps) < 12, gaps  # other words there differ by 25 or more


async def test_the_open_games_list_shows_names_as_typed(simcord_env, world):
    guild, channel, _alice, _bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    await seat_named(simcord_env, world, "jack_change_it", ["**bold**", "||hid||"])
    listed = await admin.slash(channel, "parlour games")
    description = listed.response.embeds[0].description
    assert "\\*\\*bold\\*\\*" in description and "\\|\\|hid\\|\\|" in description, description


async def test_a_declined_invitation_names_the_decliner_as_typed(simcord_env, world):
    # the decliner has left the seats when the game is called off: the log still escapes them
    guild, channel, alice, _bob = world
    carol = guild.add_member(simcord_env.create_user("carol"), nick="**carol**")
    await alice.slash(channel, "dickory start", opponent=carol)
    table = table_of(simcord_env)
    await carol.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:decline")
    assert table.status == "cancelled"
    log = told(channel, table)
    assert r"\*\*carol\*\* declined the game" in log and "**carol**" not in log, log


async def test_a_shared_name_in_the_lobby_log_shows_as_typed(simcord_env, world):
    # the table calls the two "**bo** #0" and "**bo** #1"; the lobby's own lines hold the name alone
    guild, channel, _alice, _bob = world
    first, second = (guild.add_member(simcord_env.create_user(f"m{i}"), nick="**bo**") for i in range(2))
    started = await first.slash(channel, "dickory start", opponent=second)
    assert r"Invitation sent to \*\*bo\*\* for" in started.response.content, started.response.content
    table = table_of(simcord_env)
    await first.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:cancel")
    assert table.status == "cancelled"
    log = told(channel, table)
    assert r"\*\*bo\*\* withdrew" in log and "**bo**" not in log, log
