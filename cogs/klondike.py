"""/klondike: the classic patience, drawing one or three, with a limit on passes or none."""

from __future__ import annotations

from datetime import date
from typing import Literal

import discord
from discord import app_commands

from bot.app import ParlourBot
from cogs.solitaire import SolitaireCog, daily_number
from cogs.solitaire_panel import register_items

SEEDS = 2**31


class KlondikeCog(SolitaireCog, group_name="klondike", group_description="Klondike: the classic solitaire."):
    game_name = "klondike"
    table_buttons = (("Draw", "draw"), ("Undo", "undo"), ("Hint", "hint"), ("Auto", "auto"), ("Finish", "finish"))

    def daily_setup(self, guild_id: int, day: date) -> tuple[dict[str, str], int]:
        # Everyone draws one with unlimited passes, the usual Klondike; the seed fixes the deal.
        return {"draw": "1", "passes": "unlimited"}, daily_number(self.game_name, guild_id, day, SEEDS)

    @app_commands.command(name="start", description="Start a game of Klondike (just you, at once).")
    @app_commands.describe(
        draw="Turn one card from the stock at a time, or three", passes="How many times you may go through the stock"
    )
    @app_commands.guild_only()
    async def start(
        self,
        interaction: discord.Interaction,
        draw: Literal["1", "3"] = "1",
        passes: Literal["unlimited", "3", "1"] = "unlimited",
    ) -> None:
        await self.start_solo(interaction, options={"draw": draw, "passes": passes})


async def setup(bot: ParlourBot) -> None:
    register_items(bot)
    await bot.add_cog(KlondikeCog(bot))
