"""Small readers over SimCord's world for the bot tests (queries only, never mocks)."""

from __future__ import annotations

import random

import discord

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
