"""Small things players and moderators meet: cut lines that keep their escapes whole,
seat names that are always the seat's own, and seat panels and headers that show a
long name's end (its seat number, the verb after it).

The bot is driven through SimCord; the pictures are read from the renderers.
"""

from __future__ import annotations

import io
import re

import discord
import pytest
from PIL import Image, ImageChops, ImageStat

import renderers
from engine import GAMES
from renderers import escoba
from renderers.draw import text_size
from renderers.seat_ring import SEAT_BOX, TABLE_SIZE, seat_centers
from tests.bot.helpers import open_panel, pick, step_choices, table_message, told
from tests.bot.test_member_names import seat_named

MARKS = "*_~|`"


def bare_marks(text: str) -> list[str]:
    """Markdown characters Discord would read as markdown: a mark no backslash escapes,
    or a backslash left alone at a cut (escaping nothing, or the newline after it)."""
    bare, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            if i + 1 < len(text) and text[i + 1] in MARKS + "\\<#>[-":
                i += 2
                continue
            bare.append(ch)
        elif ch in MARKS:
            bare.append(ch)
        i += 1
    return bare


# -- 1. cuts never split an escape ------------------------------------------------------


@pytest.mark.parametrize("nick", ["*" * 32, "a" + "*" * 31, "|" * 32, "_a" * 16])
async def test_a_cut_line_in_the_open_games_list_splits_no_escape(simcord_env, world, nick):
    guild, channel, _alice, _bob = world
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    await seat_named(simcord_env, world, "jack_change_it", [nick, "ann", "**ben**"])
    listed = await admin.slash(channel, "parlour games")
    line = listed.response.embeds[0].description
    assert "\n" not in line and len(line) <= 90, line
    assert line.endswith("…") and "\\…" not in line, line  # cut, and says so
    assert bare_marks(line) == [], line
    assert f"<#{channel.id}>" in line, line


@pytest.mark.parametrize("pad", [0, 1])
async def test_a_long_log_is_cut_between_escapes_and_says_so(simcord_env, world, pad):
    _guild, channel, _alice, _bob = world
    star = "*" * 32  # 64 characters escaped: a cut by characters lands inside one escape or another
    table, members = await seat_named(simcord_env, world, "escoba", [star, "ann"])
    # ten lines naming the long name seven times: more than an embed's 4000, as a log of
    # 8 seats with long names can be; `pad` moves where the cut falls by one character
    lines = [" ".join([star] * 7) for _ in range(9)] + [" ".join([star] * 7) + "." * pad]
    table.log.extend(lines)
    seat = table.state.to_move[0]
    await members[seat].slash(channel, "escoba play", action=pick(table, seat))
    log = told(channel, table)
    assert len(log) <= 4000 and log.startswith("…"), log[:80]
    assert bare_marks(log) == [], [log[:80], log[-80:]]
    # the latest line is whole, and every line kept is a whole line of the log
    assert log.split("\n")[0] == "…", log[:80]
    assert all(line in "\n".join(table.log).replace(star, "\\*" * 32) for line in log.split("\n")[1:])


# -- 2. every seat's shown name is its own ---------------------------------------------


@pytest.mark.parametrize(
    "nicks",
    [
        ["bob #2", "bob", "bob"],  # the second bob would be "bob #2"
        ["bob #1", "bob", "bob", "bob #1 #0"],  # and the real "bob #1" then "bob #1 #0"
        ["ann", "ann #0", "ann"],
    ],
)
async def test_every_seat_has_a_name_of_its_own_whatever_members_are_called(simcord_env, world, nicks):
    _guild, channel, _alice, _bob = world
    # nicks in seat order: the member who starts sits last
    table, members = await seat_named(simcord_env, world, "go_fish", [nicks[-1], *nicks[:-1]])
    assert [s.name for s in table.seats] == nicks
    names = table.names
    assert len(set(names)) == len(names), names
    # members with a name of their own keep it as typed; the others carry their seat number
    for i, (nick, name) in enumerate(zip(nicks, names, strict=True)):
        assert name in (nick, f"{nick} #{i}"), names
    footer = table_message(channel, table.id).embeds[0].footer.text
    assert all(n in footer for n in names), footer
    # the mover asks one of the others: each is a choice of its own in the panel
    seat = table.state.to_move[0]
    panel = await open_panel(members[seat], channel, table)
    others = sorted(n for i, n in enumerate(names) if i != seat)
    assert sorted(label for label in step_choices(panel, table) if label in names) == others


# -- 3. seat panels: the name fits, and what tells seats apart shows ---------------------

RING_GAMES = [(g, n) for g in ("jack_change_it", "snip_snap_snorem") for n in range(2, GAMES[g].max_players + 1)]
RING_GAMES += [("escoba", n) for n in range(2, 5)]


def table_picture(game: str, players: int, names: list[str], **extra) -> Image.Image:
    view = {**GAMES[game].new(players, seed=3).view(None), "names": names, **extra}
    return Image.open(io.BytesIO(renderers.for_game(game).render_table(view))).convert("RGB")


def panel_boxes(game: str, players: int) -> list[tuple[int, int, int, int]]:
    centers = escoba.seat_centers(players) if game == "escoba" else seat_centers(players)
    w, h = SEAT_BOX
    return [(x - w // 2, y - h // 2, x + w // 2, y + h // 2) for x, y in centers]


@pytest.mark.parametrize(("game", "players"), RING_GAMES)
def test_a_long_shared_name_keeps_its_seat_number_in_the_panel(game, players):
    long = "W" * 32  # the widest 32 characters a member may type
    first = table_picture(game, players, [f"{long} #{i}" for i in range(players)])
    other = table_picture(game, players, [f"{long} #{i + 10}" for i in range(players)])
    for seat, box in enumerate(panel_boxes(game, players)):
        assert ImageChops.difference(first.crop(box), other.crop(box)).getbbox(), (game, players, seat)
    # the header names the mover by their number too
    header = (TABLE_SIZE[0] // 2, 0, TABLE_SIZE[0], 56)
    assert ImageChops.difference(first.crop(header), other.crop(header)).getbbox(), (game, players)


@pytest.mark.parametrize(("game", "players"), RING_GAMES)
def test_a_name_that_fits_smaller_is_drawn_whole_inside_its_panel(game, players):
    # "Bartholomew" is too wide for a panel at 26 px: smaller, its last letter still shows
    whole = table_picture(game, players, ["Bartholomew"] * players)
    other = table_picture(game, players, ["Bartholomeo"] * players)
    short = table_picture(game, players, ["A"] * players)
    for seat, (x0, y0, x1, y1) in enumerate(panel_boxes(game, players)):
        assert ImageChops.difference(whole.crop((x0, y0, x1, y1)), other.crop((x0, y0, x1, y1))).getbbox()
        # nothing of the name beyond the panel's right end (its badge corner aside)
        beyond = (x1 - 4, y0 + 24, min(x1 + 24, TABLE_SIZE[0]), y1 - 24)
        assert not ImageChops.difference(whole.crop(beyond), short.crop(beyond)).getbbox(), (game, seat)


def test_a_name_of_cjk_and_its_seat_number_draws_as_player_n():
    # the face has no CJK: "王 #1" would show as "#1" alone, which names nobody
    drawn = table_picture("jack_change_it", 2, ["王 #0", "王 #1"])
    assert not ImageChops.difference(drawn, table_picture("jack_change_it", 2, ["", ""])).getbbox()


# -- 4. Escoba: the running match score, and a header that keeps its words -------------


def test_escoba_shows_the_running_match_score_on_the_picture():
    # docs/rules/escoba.md: the hand's sheet is in the channel and the alt text; the match
    # totals are on the picture all along, in each side's panel
    view = {**GAMES["escoba"].new(2, seed=3).view(None), "names": ["Ana", "Bea"], "hand_no": 2}
    before = Image.open(io.BytesIO(escoba.render_table({**view, "scores": [8, 1]})))
    after = Image.open(io.BytesIO(escoba.render_table({**view, "scores": [9, 1]})))
    changed = ImageChops.difference(before.convert("RGB"), after.convert("RGB")).getbbox()
    first_side = escoba.side_boxes(2)[0]
    assert changed is not None and changed[0] >= first_side[0] and changed[2] <= first_side[2], changed
    assert changed[1] >= first_side[1] and changed[3] <= first_side[3], changed


def test_escoba_alt_text_counts_one_point_as_one():
    view = {**GAMES["escoba"].new(2, seed=3).view(None), "names": ["Ana", "Bea"], "scores": [1, 0]}
    words = escoba.alt_text(view)
    assert "Ana: 1 point, 0 cards taken" in words and re.search(r"(?<!\d)1 points", words) is None, words


def test_escoba_header_cuts_a_long_name_not_the_words_after_it():
    long = table_picture("escoba", 2, ["W" * 32, "Bea"]).convert("L")
    short = table_picture("escoba", 2, ["A", "Bea"]).convert("L")
    right = TABLE_SIZE[0] - 16 - 18
    box = (right - text_size(" to play - hand 1, to 21", 22)[0], 0, right, 56)
    gaps = [
        ImageStat.Stat(ImageChops.difference(long.crop(box), short.crop((box[0] + dx, 0, box[2] + dx, 56)))).mean[0]
        for dx in (-1, 0, 1)
    ]
    assert min(gaps) < 12, gaps
