"""/help and /notifications: the bot in one screen, and how a member wants to be told."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ParlourBot
from bot.views import say
from engine import GAMES


def help_embed() -> discord.Embed:
    shelf = [(g.title, name, g) for name, g in GAMES.items()]
    shelf += [(title, alias, g) for g in GAMES.values() for alias, (title, _fixed) in g.aliases.items()]
    games = "\n".join(
        f"• **{title}** `/{command} start`"
        + (" (solo)" if g.solo else f" ({players_words(g.min_players, g.max_players)})")
        for title, command, g in sorted(shelf, key=lambda entry: entry[0])
    )
    embed = discord.Embed(title="Parlour: card and board games in your server", colour=discord.Colour.dark_green())
    embed.description = (
        "**Start** a game with `/<game> start`: invite members, leave seats `open` for anyone here "
        "to join, or leave them to the AI.\n"
        "**Move** with the table's **Your hand** button (your cards and moves, only you see them), "
        "or type `/<game> play` and pick from the suggestions.\n"
        "**Learn** a game with `/<game> rules`.\n"
        "When it's your move I send you a direct message; `/notifications` changes that.\n\n" + games
    )
    embed.add_field(
        name="Also",
        value=(
            "`/<game> resign` gives up · `/<game> claim` ends a game someone abandoned · "
            "`/<game> board` shows the table again · `/leaderboard` and `/stats` for records · "
            "`/parlour` for server settings (Manage Server)."
        ),
        inline=False,
    )
    return embed


def players_words(low: int, high: int) -> str:
    if low == 1:
        return f"solo, or up to {high} players"
    return f"{low} players" if low == high else f"{low} to {high} players"


class HelpCog(commands.Cog):
    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What Parlour plays and how to start.")
    async def help(self, interaction: discord.Interaction) -> None:
        await say(interaction, None, embed=help_embed())

    @app_commands.command(
        name="notifications", description="How I tell you it's your move, and whether I DM your hand."
    )
    @app_commands.describe(
        alerts="dm: a direct message; ping: a mention in the channel, removed when you move; off: none",
        hands="Whether direct messages carry the picture of your hand",
    )
    async def notifications(
        self,
        interaction: discord.Interaction,
        alerts: Literal["dm", "ping", "off"] | None = None,
        hands: Literal["on", "off"] | None = None,
    ) -> None:
        host, user = self.bot.host, interaction.user.id
        if alerts is not None:
            await host.set_setting(0, f"member:{user}:alerts", alerts)
        if hands is not None:
            await host.set_setting(0, f"member:{user}:hands", hands)
        alerts_now, hands_now = await host.notifier.prefs(user)
        how = {"dm": "by direct message", "ping": "with a mention in the game's channel", "off": "not at all"}
        await say(
            interaction,
            f"Your move is announced {how[alerts_now]}; hand pictures by direct message are "
            f"{'on' if hands_now else 'off'}.",
        )


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(HelpCog(bot))
