"""/parlour: server settings and moderation; needs Manage Server.

Discord's default permissions hide these commands from members, but a server's
Integrations settings can grant them to everyone, so every command checks Manage
Server itself too.
"""

from __future__ import annotations

from typing import Literal, Optional

import discord
from discord import app_commands
from discord.ext import commands

from bot import words
from bot.app import ParlourBot
from bot.host import channel_limit_key
from bot.table import Table
from bot.views import say
from bot.words import plural

PAGE_LINES = 20
LINE_CHARS = 90  # a listing line at most, so a page of 20 stays short


def manages_server(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_guild or permissions.administrator))


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class AdminCog(commands.GroupCog, group_name="parlour", group_description="Parlour settings for this server."):
    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if not manages_server(interaction):
            await say(interaction, "You need the Manage Server permission for that.")
            return False
        return True

    @app_commands.command(name="timer", description="Minutes a player has for a move (0 turns the timer off).")
    @app_commands.describe(minutes="0 to 1440; the default is 10")
    async def timer(self, interaction: discord.Interaction, minutes: app_commands.Range[int, 0, 1440]) -> None:
        await self.bot.host.set_setting(interaction.guild_id or 0, "timer", str(minutes))
        text = "The turn timer is off." if minutes == 0 else f"Players now have {plural(minutes, 'minute')} a move."
        await say(interaction, text + " It applies from the next move.")

    @app_commands.command(name="rate-ai", description="Whether games with AI seats change members' ratings.")
    @app_commands.describe(setting="on: games with AI seats count for the leaderboard; off (the default): they don't")
    async def rate_ai(self, interaction: discord.Interaction, setting: Literal["on", "off"]) -> None:
        await self.bot.host.set_setting(interaction.guild_id or 0, "rate_ai", setting)
        await say(interaction, f"Games with AI seats are now {'rated' if setting == 'on' else 'unrated'}.")

    @app_commands.command(name="cancel", description="Call off a game by its number (no one wins or loses).")
    @app_commands.describe(game="The game number shown on its table, e.g. 12")
    async def cancel(self, interaction: discord.Interaction, game: int) -> None:
        table = self.bot.tables.get(game)
        if table is None or table.guild_id != interaction.guild_id:
            await say(interaction, f"There is no open game #{game} in this server, so there is nothing to call off.")
            return
        # answered once the call-off is stored: a write the database refuses leaves the game as
        # it was, and the moderator is told so rather than that it is done
        endings = self.bot.host.endings
        if not await endings.call_off(table, f"A moderator called off game #{game}."):
            await say(interaction, f"Game #{game} has already ended.")
            return
        await say(interaction, f"Game #{game} is called off.")
        await endings.close(table)

    @app_commands.command(name="limit", description="How many games may be open at once in a channel.")
    @app_commands.describe(
        games="Most open games at once there (0 closes the channel to games); leave empty to lift the limit",
        channel="The channel; the default is this one",
    )
    async def limit(
        self,
        interaction: discord.Interaction,
        games: Optional[app_commands.Range[int, 0, 100]] = None,  # noqa: UP045 - read by discord.py at runtime
        channel: discord.TextChannel | None = None,
    ) -> None:
        where = channel.id if channel is not None else interaction.channel_id or 0
        value = "" if games is None else str(games)
        await self.bot.host.set_setting(interaction.guild_id or 0, channel_limit_key(where), value)
        if games is None:
            text = f"<#{where}> has no limit on games now."
        elif games == 0:
            text = f"<#{where}> is closed to new games; games already open there play on."
        else:
            text = f"<#{where}> now allows {plural(games, 'open game')} at once; games already open there play on."
        await say(interaction, text, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="games", description="Open games in this server.")
    @app_commands.describe(page="Which page of the list (20 games a page)")
    async def games(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1) -> None:
        tables = sorted((t for t in self.bot.tables.all() if t.guild_id == interaction.guild_id), key=lambda t: t.id)
        if not tables:
            await say(interaction, "No games are open in this server.")
            return
        pages = -(-len(tables) // PAGE_LINES)
        page = min(page, pages)
        shown = tables[(page - 1) * PAGE_LINES : page * PAGE_LINES]
        lines = [_listing(t) for t in shown]
        embed = discord.Embed(title=f"Open games ({len(tables)})", description="\n".join(lines))
        if pages > 1:
            embed.set_footer(text=f"Page {page} of {pages}: /parlour games page:{page % pages + 1} for more")
        await say(interaction, None, embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: ParlourBot) -> None:
    await bot.add_cog(AdminCog(bot))


def _listing(table: Table) -> str:
    """One open game in /parlour games: its players' names shown as typed, never as markdown."""
    head = f"#{table.id} {table.game.title} in <#{table.channel_id}> ({table.status}): "
    return head + _names_within(table.names, LINE_CHARS - len(head))


def _names_within(names: list[str], room: int) -> str:
    """The names shown and joined in at most `room` characters. When they do not fit, the
    last one shown is cut before it is escaped (no escape split) and ends in "…"."""
    shown = [words.shown(n) for n in names]
    if len(", ".join(shown)) <= room:
        return ", ".join(shown)
    out = ""
    for name, whole in zip(names, shown, strict=True):
        sep = ", " if out else ""
        if len(out + sep + whole) < room:  # room left for the "…" saying names follow
            out += sep + whole
            continue
        left = room - len(out + sep)
        return out + sep + words.shown_cut(name, min(left, len(whole) - 1)) if left > 0 else out + "…"
    return out
