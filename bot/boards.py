"""Leaderboards every rated game shares: by a conservative openskill rating."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.ratings import ranks
from bot.words import plural, shown_cut
from engine import Game

if TYPE_CHECKING:
    from bot.app import ParlourBot

NAME_CHARS = 40  # a board line's name, escaped: Discord's 32-character names, most escapes included


def record(row: dict[str, Any]) -> str:
    return f"{plural(row['wins'], 'win')} in {plural(row['games'], 'game')}"


def rated_record(row: dict[str, Any]) -> str:
    """A rating board line's record, " · W wins in G rated games": the games the rating counts, so
    unrated games against the AI are left out. Empty when no rated result is kept (a rating
    from before results said whether they were rated, where the migration could not tell)."""
    if not row["games"]:
        return ""
    return f" · {plural(row['wins'], 'win')} in {plural(row['games'], 'rated game')}"


def who(row: dict[str, Any]) -> str:
    """The member a board line is about: the display name they last played under in this server
    (a mention of a member who left reads "@unknown-user"); a mention only where no name was kept."""
    name = row.get("name")
    return shown_cut(name, NAME_CHARS) if name else f"<@{row['user_id']}>"


def nth(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


async def rating_board(
    bot: ParlourBot, guild_id: int, game: type[Game], reader: discord.abc.User | None = None
) -> discord.Embed:
    rows = await bot.storage.leaderboard(guild_id, game.name)
    embed = discord.Embed(title=f"{game.title} leaderboard", colour=discord.Colour.gold())
    if not rows:
        embed.description = "No rated games yet. Games against the AI are not rated unless an admin says so."
    else:
        places = ranks([r["ordinal"] for r in rows])  # equal ratings share a rank
        embed.description = "\n".join(
            f"**{i}.** {who(r)} · rating {r['ordinal']:.1f}{rated_record(r)}" for i, r in zip(places, rows, strict=True)
        )
        # the board shows the top few: say how many are ranked, and where the reader stands
        place, total = await bot.storage.rating_place(guild_id, game.name, reader.id if reader else 0)
        footer = f"Ranked by a conservative rating (openskill μ − 3σ). {plural(total, 'rated player')}."
        if reader is not None and place is not None:  # named: the board is public, "you" would be whoever reads
            footer += f" {reader.display_name}: {nth(place)}."
        embed.set_footer(text=footer)
    return embed


async def ledger_board(
    bot: ParlourBot, guild_id: int, game: type[Game], reader: discord.abc.User | None = None
) -> discord.Embed:
    """A game's ledger (Bourré's chips) summed over the server: play money, not a rating."""
    key = game.ledger or "net"
    rows = await bot.storage.ledger_board(guild_id, game.name)
    embed = discord.Embed(title=f"{game.title} {key}", colour=discord.Colour.dark_green())
    if not rows:
        embed.description = f"No {key} won or lost here yet."
    else:
        embed.description = "\n".join(
            f"**{i}.** {who(r)} · {r['net']:+d} {key} · {plural(r['games'], 'game')}" for i, r in enumerate(rows, 1)
        )
    footer = f"Play money: every member's net {key} over every {game.title} game in this server."
    if reader is not None:
        net, games = await bot.storage.ledger_total(guild_id, game.name, reader.id)
        footer = f"{reader.display_name}: {net:+d} {key} over {plural(games, 'game')}. " + footer
    embed.set_footer(text=footer)
    return embed


async def solo_board(bot: ParlourBot, guild_id: int, game: type[Game]) -> discord.Embed:
    """Best scores of a game's solo variant (played alone)."""
    rows = await bot.storage.solo_board(guild_id, game.name)
    embed = discord.Embed(title=f"{game.title} solo: best scores", colour=discord.Colour.blue())
    if not rows:
        embed.description = "No solo game finished here yet."
    else:
        embed.description = "\n".join(
            f"**{i}.** {who(r)} · {r['best']:g} points · {record(r)}" for i, r in enumerate(rows, 1)
        )
    return embed


async def game_boards(
    bot: ParlourBot, guild_id: int, game: type[Game], reader: discord.abc.User | None = None
) -> list[discord.Embed]:
    """A game's boards side by side: ratings, then its ledger and its best solo scores if it has them
    (with the reader's own place, if `reader` is given)."""
    embeds = [await rating_board(bot, guild_id, game, reader)]
    if game.ledger:
        embeds.append(await ledger_board(bot, guild_id, game, reader))
    if game.min_players == 1 and not game.solo:
        embeds.append(await solo_board(bot, guild_id, game))
    return embeds
