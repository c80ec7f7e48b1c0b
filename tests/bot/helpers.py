"""Small readers over SimCord's world for the bot tests (queries only, never mocks)."""

from __future__ import annotations

import io
import os
import random
import sqlite3
from pathlib import Path

import discord
from PIL import Image, ImageChops
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType

from bot.app import create_bot
from bot.settings import Settings


def table_of(env, game_id=None):
    tables = env.bot.tables.all()
    if game_id is not None:
        return env.bot.tables.get(game_id)
    assert len(tables) == 1, tables
    return tables[0]


def table_message(channel, game_id) -> discord.Message:
    """The channel message carrying this game's table embed."""
    for message in reversed(channel.history()):
        if message.embeds and message.embeds[0].title and message.embeds[0].title.endswith(f"game #{game_id}"):
            return message
    raise AssertionError(f"no table message for game {game_id}")


def custom_ids(message) -> list[str]:
    """Custom ids of a message's components (a channel message's objects or a response's raw dicts)."""
    out = []
    for row in message.components:
        children = row.get("components", [row]) if isinstance(row, dict) else getattr(row, "children", [row])
        for child in children:
            custom_id = child.get("custom_id") if isinstance(child, dict) else getattr(child, "custom_id", None)
            if custom_id:
                out.append(custom_id)
    return out


def dm_messages(user_handle) -> list:
    return list(user_handle.dm_channel.history())


def dm_texts(user_handle) -> list[str]:
    return [m.content for m in user_handle.dm_channel.history()]


def pick(table, seat, seed=0) -> str:
    """A sensible move for a seat, chosen by the engine's own heuristic."""
    action = table.state.heuristic_action(seat, random.Random(seed + table.version))
    return (action or table.state.legal_actions(seat)[0]).text


def make_bot(db_path, seed=2026):
    """The production bot with test settings and a seeded source of deals."""
    settings = Settings(token="simcord", database=db_path, ai_workers=0, warm_renderers=False)
    bot = create_bot(settings, rng=random.Random(seed))
    MADE.append(bot)
    return bot


MADE: list = []  # bots made by the current test (a restart makes a second one)


async def start_pvp(env, channel, alice, bob, **options):
    """alice invites bob to Dickory and bob accepts: the table, dealt."""
    await alice.slash(channel, "dickory start", opponent=bob, **options)
    table = table_of(env)
    await bob.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    return table


def members_of(table, *members):
    """Seat -> member, for the members at `table`."""
    return {table.seat_of(m.id): m for m in members}


# The shortest match a game offers, so its long games stay quick in tests (its option names only).
SHORT = {"hands": ("1",), "target": ("11", "one-hand")}


def short_options(game) -> dict:
    chosen = {}
    for opt in game.options:
        quick = [c for c in SHORT.get(opt.name, ()) if c in opt.choices]
        if quick:
            chosen[opt.name] = quick[0]
    return chosen


async def picture(message, name: str) -> bytes:
    """The message's picture, a real PNG; kept as <name>.png in $PARLOUR_TEST_PICTURES when
    that is set, to be looked at (nothing is written otherwise)."""
    png = await message.attachments[0].read()
    assert png.startswith(b"\x89PNG\r\n\x1a\n"), name
    folder = os.environ.get("PARLOUR_TEST_PICTURES")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"{name}.png").write_bytes(png)
    return png


def pixel_difference(png: bytes, expected: bytes) -> str | None:
    """Where two PNGs show different pixels (None: the same picture). The file's bytes are not
    compared: they are not what a member sees."""
    a, b = (Image.open(io.BytesIO(data)).convert("RGB") for data in (png, expected))
    if a.size != b.size:
        return f"sizes {a.size} and {b.size}"
    box = ImageChops.difference(a, b).getbbox()
    return None if box is None else f"pixels differ within {box}"


# -- the step panel, read and clicked as a member does ---------------------------------------
def components(message) -> list[dict]:
    """A panel's components (raw dicts) out of their rows."""
    out = []
    for row in message.components:
        out.extend(row.get("components", [row]))
    return out


def step_choices(panel, table) -> dict[str, dict]:
    """The step panel's forward choices now: label -> the button, or the select and its value."""
    out: dict[str, dict] = {}
    for c in components(panel):
        custom_id = c.get("custom_id", "")
        if custom_id.startswith(f"parlour:step:{table.id}:") and not c["label"].startswith("↩"):
            out[c["label"]] = {"custom_id": custom_id}
        elif custom_id.startswith(f"parlour:stepsel:{table.id}:"):
            for option in c["options"]:
                out[option["label"]] = {"custom_id": custom_id, "value": option["value"]}
    return out


async def choose(member, panel, table, label):
    """Click the step choice with this label (a button, or an option of the step select)."""
    choice = step_choices(panel, table).get(label)
    assert choice is not None, (label, list(step_choices(panel, table)))
    if "value" in choice:
        return (await member.select(panel, [choice["value"]], custom_id=choice["custom_id"])).response
    return (await member.click(panel, custom_id=choice["custom_id"])).response


async def open_panel(member, channel, table):
    return (await member.click(table_message(channel, table.id), custom_id=f"parlour:hand:{table.id}")).response


def click_now(env, member, message, custom_id, values=None, kind=None):
    """Deliver a click (or, with `values`, a select pick) to the bot without waiting for its
    answer, as Discord does when two arrive together (SimCord's own `click` and `select` run
    one operation at a time). `kind` is the component's type when the caller knows it. The
    interaction's record, to read its answer after `settle()`."""
    backend = env.backend
    channel_id = getattr(message, "channel_id", None) or message.channel.id  # a reply, or a channel message
    stored = backend.get_message(channel_id, message.id)
    if kind is None:
        kind = ComponentType.BUTTON if values is None else ComponentType.STRING_SELECT
    data = {"custom_id": custom_id, "component_type": kind, **({} if values is None else {"values": values})}
    record, payload = sim_interactions.base_payload(
        backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=stored.channel_id,
        guild_id=member.guild.id,
        user_id=member.id,
        data=data,
    )
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)
    return record


GUESTS = ("carol", "dave", "erin", "frank", "gina", "hal")


async def seat_members(env, world, game: str, players: int = 3, bots: int = 0, **options):
    """alice, bob and guests (carol, dave, ...) invited to `game` (with `bots` AI seats), every
    invitation accepted and the game dealt: (table, {seat: member})."""
    guild, channel, alice, bob = world
    guests = [guild.add_member(env.create_user(n)) for n in GUESTS[: players - 2]]
    invited = {f"player{i + 2}": m for i, m in enumerate([bob, *guests])}
    await alice.slash(channel, f"{game} start", bots=bots, **invited, **options)
    table = table_of(env)
    for m in (bob, *guests):
        await m.click(table_message(channel, table.id), custom_id=f"parlour:lobby:{table.id}:accept")
    assert table.active
    return table, {table.seat_of(m.id): m for m in (alice, bob, *guests)}


def told(channel, table) -> str:
    """What the table message's log says now."""
    return table_message(channel, table.id).embeds[0].description


def alt(channel, table) -> str:
    """The table picture's alt text now."""
    return table_message(channel, table.id).attachments[0].description


def edits_of(env, message_id: int) -> int:
    """How often the bot edited this message (PATCH calls SimCord saw)."""
    return sum(1 for r in env.http_requests if r.method == "PATCH" and str(message_id) in r.path)


def redraw_owed(db_path: str, game_id: int) -> int:
    """The game's stored redraw flag: 1 while its table message is behind (or its ending unshown)."""
    with sqlite3.connect(db_path) as db:
        return db.execute("SELECT redraw FROM games WHERE id = ?", (game_id,)).fetchone()[0]
