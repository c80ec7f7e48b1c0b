"""Leaderboards every rated game shares: by a conservative openskill rating."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.words import plural
from engine import Game

if TYPE_CHECKING:
    from bot.app import ParlourBot


def record(row: dict[str, Any]) -> str:
    return f"{plural(row['wins'], 'win')} in {plural(row['games'], 'game')}"


async def rating_board(bot: ParlourBot, guild_id: int, game: type[Game]) -> discord.Embed:
    rows = await bot.storage.leaderboard(guild_id, game.name)
    embed = discord.Embed(title=f"{game.title} leaderboard", colour=discord.Colour.gold())
    if not rows:
        embed.description = "No rated games yet. Games against the AI are not rated unless an admin says so."
    else:
        embed.description = "\n".join(
            f"**{i}.** <@{r['user_id']}> · rating {r['ordinal']:.1f} · {record(r)}" for i, r in enumerate(rows, 1)
        )
        embed.set_footer(text="Ranked by a conservative rating (openskill μ − 3σ).")
    return embed
