"""/dickory: the clock-climbing card game for two (and its Hickory variant)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.app import ParlourBot
from bot.gamecog import GameCog


class DickoryCog(GameCog, group_name="dickory", group_description="Dickory: empty your hand around the clock."):
    game_name = "dickory"

    @app_commands.command(name="start", description="Start a game of Dickory against a member or the AI.")
    @app_commands.describe(
        opponent="Who to invite; leave empty to play the AI.",
        variant="classic, or hickory (steps, bobtails and adding to melds)",
        match="A single hand, or best of three with the dealer alternating.",
        ai="How strong the AI is when it takes the seat.",
    )
    @app_commands.guild_only()
    async def start(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | None = None,
        variant: Literal["classic", "hickory"] = "classic",
        match: Literal["single", "best-of-3"] = "single",
        ai: Literal["easy", "normal", "hard"] = "normal",
    ) -> None:
        await self.start_game(
            interaction,
            invited=[opponent] if opponent else [],
            bots=0 if opponent else 1,
            ai=ai,
            options={"variant": variant, "match": match},
        )


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(DickoryCog(bot))
