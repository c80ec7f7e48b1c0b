"""/parlour: server settings and moderation; needs Manage Server."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ParlourBot
from bot.views import say


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
@app_commands.checks.has_permissions(manage_guild=True)
class AdminCog(commands.GroupCog, group_name="parlour", group_description="Parlour settings for this server."):
    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="timer", description="Minutes a player has for a move (0 turns the timer off).")
    @app_commands.describe(minutes="0 to 1440; the default is 10")
    async def timer(self, interaction: discord.Interaction, minutes: app_commands.Range[int, 0, 1440]) -> None:
        await self.bot.host.set_setting(interaction.guild_id or 0, "timer", str(minutes))
        text = "The turn timer is off." if minutes == 0 else f"Players now have {minutes} minutes a move."
        await interaction.response.send_message(text + " It applies from the next move.", ephemeral=True)

    @app_commands.command(name="rate-ai", description="Whether games with AI seats change members' ratings.")
    async def rate_ai(self, interaction: discord.Interaction, setting: Literal["on", "off"]) -> None:
        await self.bot.host.set_setting(interaction.guild_id or 0, "rate_ai", setting)
        await interaction.response.send_message(
            f"Games with AI seats are now {'rated' if setting == 'on' else 'unrated'}.", ephemeral=True
        )

    @app_commands.command(name="cancel", description="Call off a game by its number (no one wins or loses).")
    @app_commands.describe(game="The game number shown on its table, e.g. 12")
    async def cancel(self, interaction: discord.Interaction, game: int) -> None:
        table = self.bot.tables.get(game)
        if table is None or table.guild_id != interaction.guild_id:
            await say(interaction, f"There is no open game #{game} in this server.")
            return
        await interaction.response.send_message(f"Game #{game} is called off.", ephemeral=True)
        await self.bot.host.cancel(table, f"A moderator called off game #{game}.")

    @app_commands.command(name="games", description="Open games in this server.")
    async def games(self, interaction: discord.Interaction) -> None:
        tables = [t for t in self.bot.tables.all() if t.guild_id == interaction.guild_id]
        lines = [f"#{t.id} {t.game.title} in <#{t.channel_id}> ({t.status}): {', '.join(t.names)}" for t in tables]
        await interaction.response.send_message("\n".join(lines) or "No open games.", ephemeral=True)


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(AdminCog(bot))
