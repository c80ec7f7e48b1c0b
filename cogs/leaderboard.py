"""/leaderboard and /stats: per-server ratings and records."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ParlourBot
from bot.boards import game_boards, record
from bot.views import say
from bot.words import plural, shown
from cogs.solitaire import SolitaireCog
from engine import GAMES

# Every game (Discord allows 25 choices); a solitaire shows its own board (as /klondike leaderboard).
GAME_CHOICES = [app_commands.Choice(name=g.title, value=name) for name, g in sorted(GAMES.items())]


class LeaderboardCog(commands.Cog):
    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best players of a game in this server.")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        cog = self.bot.game_cog(game.value)
        if isinstance(cog, SolitaireCog):
            embeds = [await cog.records_board(interaction.guild_id or 0)]
        else:
            embeds = await game_boards(self.bot, interaction.guild_id or 0, GAMES[game.value], interaction.user)
        await say(interaction, None, embeds=embeds, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="stats", description="A member's record in this server.")
    @app_commands.describe(user="Whose record (you, if left empty)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        member = user or interaction.user
        rows = await self.bot.storage.stats(interaction.guild_id or 0, member.id)
        embed = discord.Embed(title=f"{shown(member.display_name)}'s games", colour=discord.Colour.blurple())
        if not rows:
            embed.description = "No finished games yet."
        for r in rows:
            title = GAMES[r["game"]].title if r["game"] in GAMES else r["game"]
            rating = f" · rating {r['ordinal']:.1f}" if r["ordinal"] is not None else ""
            # games against the AI are rated only where the server says so (none known: an old rating)
            if rating and 0 < r["rated"] != r["games"]:
                rating += f" over {plural(r['rated'], 'rated game')}"
            vs_ai = f" ({r['vs_ai']} against the AI)" if r["vs_ai"] else ""  # "(0 against the AI)" says nothing
            embed.add_field(name=title, value=f"{record(r)}{vs_ai}{rating}", inline=False)
        await say(interaction, None, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(LeaderboardCog(bot))
