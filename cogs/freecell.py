"""/freecell: FreeCell, the solitaire of skill, with the Microsoft numbered deals."""

from __future__ import annotations

from datetime import date

import discord
from discord import app_commands

from bot.app import ParlourBot
from cogs.solitaire import SolitaireCog, daily_number
from cogs.solitaire_panel import register_items
from engine.freecell import DEAL_MAX

# The Microsoft deals below a million that no one can win; a daily deal skips them.
UNWINNABLE = frozenset({11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948})


class FreeCellCog(
    SolitaireCog, group_name="freecell", group_description="FreeCell: every card face up, four free cells."
):
    game_name = "freecell"

    def daily_setup(self, guild_id: int, day: date) -> tuple[dict[str, str], int]:
        deal = daily_number(self.game_name, guild_id, day, DEAL_MAX)
        while deal in UNWINNABLE:
            deal = deal % DEAL_MAX + 1
        return {"deal": str(deal)}, deal

    @app_commands.command(name="start", description="Start a game of FreeCell (just you, at once).")
    @app_commands.describe(
        deal=f"A numbered deal, 1 to {DEAL_MAX:,} (the classic Microsoft deals); empty for a random one"
    )
    @app_commands.guild_only()
    async def start(
        self, interaction: discord.Interaction, deal: app_commands.Range[int, 1, DEAL_MAX] | None = None
    ) -> None:
        await self.start_solo(interaction, options={"deal": str(deal) if deal else ""})


async def setup(bot: ParlourBot) -> None:
    register_items(bot)
    await bot.add_cog(FreeCellCog(bot))
