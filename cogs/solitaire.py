"""Shared Discord surface of the two solitaires: cogs/klondike.py and cogs/freecell.py.

`SolitaireCog` (a GameCog) adds what a one-player patience needs on top of the
generic play/hand/resign/rules/board commands:

- the **move panel**, opened by `/<game> hand`, `/<game> start` and the table
  message's "Your hand" button: the generic step panel of bot/views.py (verb, then
  card, then target, from the actions' parts; see cogs/solitaire_panel.py);
- Undo, Hint and Auto (and Draw in Klondike) on the table message, Hint always;
- a **daily deal** per server (`daily`, `daily-board`): the deal comes from the UTC
  date and the guild id, one attempt per member per day;
- **records** (`stats`, `leaderboard`): played, won, streaks, bests, and wins with
  hints counted apart from clean ones (the hint count is the engine's, read from
  the stored final state).

A game's cog sets `game_name`, `table_buttons`, `daily_setup` and its own `start`.
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import discord
from discord import app_commands

from bot.boards import who
from bot.gamecog import GameCog
from bot.ratings import ranks
from bot.table import Table
from bot.views import open_panel, say
from bot.words import plural, shown

if TYPE_CHECKING:
    from bot.app import ParlourBot

MIN_RATE_GAMES = 5  # games a member needs before the win-rate board lists them
BOARD_SIZE = 10


# -- the rules in pages ------------------------------------------------------------------------
# -- daily deals, records ------------------------------------------------------------------
def daily_number(game: str, guild_id: int, day: date, modulus: int) -> int:
    """A number in 1..modulus that every member of a server gets for this game on this UTC day."""
    digest = hashlib.sha256(f"parlour-daily:{game}:{guild_id}:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % modulus + 1


def clock(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    s = round(seconds)
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


@dataclass(frozen=True, slots=True)
class Record:
    played: int
    won: int
    clean: int  # wins without a hint
    current_streak: int
    best_streak: int
    best_moves: int | None
    best_time: float | None

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def record_of(rows: list[dict[str, Any]]) -> Record:
    """Totals, streaks and bests from a member's results, oldest first."""
    streak = best = 0
    for r in rows:
        streak = streak + 1 if r["won"] else 0
        best = max(best, streak)
    wins = [r for r in rows if r["won"]]
    moves = [r["moves"] for r in wins if r["moves"] is not None]
    times = [r["seconds"] for r in wins if r["seconds"] is not None]
    return Record(
        played=len(rows),
        won=len(wins),
        clean=sum(1 for r in wins if not r["fewest"]),
        current_streak=streak,
        best_streak=best,
        best_moves=min(moves) if moves else None,
        best_time=min(times) if times else None,
    )


# -- the cog ------------------------------------------------------------------------------
class SolitaireCog(GameCog):
    # (label, action) on the table message; Hint is always there, the rest when legal
    table_buttons: ClassVar[tuple[tuple[str, str], ...]] = (("Undo", "undo"), ("Hint", "hint"), ("Auto", "auto"))

    def __init__(self, bot: ParlourBot) -> None:
        super().__init__(bot)
        self._daily_lock = asyncio.Lock()

    # -- hooks a game fills in -------------------------------------------------------
    def daily_setup(self, guild_id: int, day: date) -> tuple[dict[str, str], int]:
        """Options and seed of the server's deal for `day`."""
        raise NotImplementedError

    # -- the table message's buttons ---------------------------------------------------
    def buttons_for(self, table: Table) -> list[tuple[str, str]]:
        """Undo / Auto / Draw / Finish when legal; Hint whenever the game is on."""
        if not table.active or table.state is None:
            return []
        legal = {a.text for a in table.state.legal_actions(0)}
        stock = table.state.view(None).get("stock")
        out = []
        for label, action in self.table_buttons:
            if action == "hint" or action in legal:
                out.append(("Turn over" if action == "draw" and not stock else label, action))
        return out

    # -- starting ------------------------------------------------------------------------
    async def start_solo(
        self,
        interaction: discord.Interaction,
        *,
        options: dict[str, str],
        seed: int | None = None,
        daily: str | None = None,
    ) -> Table | None:
        """Start at once and hand the player their move panel."""
        running = self.my_table(interaction)
        if running is not None and running.active:
            await say(
                interaction,
                f"You already have {self.game.title} #{running.id} going in this channel: "
                f"/{self.game_name} hand opens it, /{self.game_name} resign ends it.",
            )
            return None
        table = await self.start_game(interaction, invited=[], options=options, seed=seed, daily=daily)
        if table is not None and table.active:
            await open_panel(interaction, table)
        return table

    # -- commands ------------------------------------------------------------------------------
    @app_commands.command(name="hand", description="Your move panel: pick a card and where it goes (only you see it).")
    async def hand(self, interaction: discord.Interaction) -> None:
        table = await self.require_table(interaction)
        if table is not None:
            await open_panel(interaction, table)

    def _today(self, interaction: discord.Interaction) -> tuple[int, date, str]:
        """The server, the UTC day and the daily tag (game and date) stored with its games."""
        day = discord.utils.utcnow().date()
        return interaction.guild_id or 0, day, f"{self.game_name}:{day.isoformat()}"

    @app_commands.command(name="daily", description="Today's deal: the same for everyone in this server.")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        guild_id, day, tag = self._today(interaction)
        async with self._daily_lock:  # one attempt each, even for two clicks at once
            played = await self.bot.storage.daily_game(guild_id, tag, interaction.user.id)
            if played is not None:
                await say(interaction, self._already_played(played, day))
                return
            options, seed = self.daily_setup(guild_id, day)
            await self.start_solo(interaction, options=options, seed=seed, daily=tag)

    def _already_played(self, played: dict[str, Any], day: date) -> str:
        where = f"{self.game.title} #{played['id']} in <#{played['channel_id']}>"
        if played["status"] in ("active", "lobby"):
            link = ""
            if played.get("message_id"):
                link = (
                    f" (https://discord.com/channels/{played['guild_id']}/{played['channel_id']}/"
                    f"{played['message_id']})"
                )
            return (
                f"You've already started today's daily {self.game.title}: it's {where}{link}, still going. "
                f"Use /{self.game_name} hand there to carry on."
            )
        result = f"solved in {played['moves']} moves" if played.get("won") else "not solved"
        return (
            f"You've had your daily {self.game.title} for {day.isoformat()} ({where}, {result}). "
            f"A new deal comes at midnight UTC; see /{self.game_name} daily-board."
        )

    @app_commands.command(
        name="daily-board", description="Today's daily deal: who solved it, with the fewest hints and moves."
    )
    @app_commands.guild_only()
    async def daily_board(self, interaction: discord.Interaction) -> None:
        guild_id, day, tag = self._today(interaction)
        rows = await self.bot.storage.daily_board(guild_id, tag, "hints", BOARD_SIZE)
        playing = await self.bot.storage.daily_playing(guild_id, tag)
        embed = discord.Embed(title=f"Daily {self.game.title} · {day.isoformat()}", colour=discord.Colour.gold())
        if rows:
            lines = []
            for i, r in enumerate(rows, 1):
                if r["won"]:
                    hints = f" · 💡 {plural(r['fewest'], 'hint')}" if r["fewest"] else ""
                    moves = plural(r["moves"], "move")
                    lines.append(f"**{i}.** {who(r)} · solved in {moves} · {clock(r['seconds'])}{hints}")
                else:
                    lines.append(f"**{i}.** {who(r)} · not solved ({plural(r['moves'] or 0, 'move')})")
            embed.description = "\n".join(lines)
        else:
            embed.description = f"Nobody has finished today's deal yet. Try it: /{self.game_name} daily"
        footer = "Ranked by solved, then fewest hints, then fewest moves, then time."
        if playing:
            footer += f" {playing} still playing."
        embed.set_footer(text=footer)
        await say(interaction, None, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="stats", description="A member's record at this game in this server.")
    @app_commands.describe(user="Whose record (yours if left empty)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        member = user or interaction.user
        rows = await self.bot.storage.member_results(interaction.guild_id or 0, member.id, self.game_name, "hints")
        rec = record_of(rows)
        embed = discord.Embed(
            title=f"{shown(member.display_name)} · {self.game.title}", colour=discord.Colour.blurple()
        )
        if not rec.played:
            embed.description = f"No finished games yet. Start one with /{self.game_name} start."
        else:
            embed.add_field(name="Played", value=str(rec.played))
            embed.add_field(name="Won", value=f"{rec.won} ({rec.rate:.0%})")
            embed.add_field(name="Clean wins", value=f"{rec.clean} without hints, {rec.won - rec.clean} with")
            embed.add_field(name="Streak", value=f"{rec.current_streak} now, best {rec.best_streak}")
            embed.add_field(name="Fewest moves", value=str(rec.best_moves) if rec.best_moves is not None else "—")
            embed.add_field(name="Best time", value=clock(rec.best_time) if rec.best_time is not None else "—")
        await say(interaction, None, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description="This server's best players of this game.")
    @app_commands.describe(by=f"Most wins, or best win rate (at least {MIN_RATE_GAMES} games)")
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, by: Literal["wins", "win-rate"] = "wins") -> None:
        embed = await self.records_board(interaction.guild_id or 0, by)
        await say(interaction, None, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    async def records_board(self, guild_id: int, by: str = "wins") -> discord.Embed:
        """The server's records at this game (also `/leaderboard game:<game>`)."""
        rows = await self.bot.storage.game_board(
            guild_id,
            self.game_name,
            "hints",
            by=by,
            min_games=MIN_RATE_GAMES if by == "win-rate" else 1,
            limit=BOARD_SIZE,
        )
        title = "most wins" if by == "wins" else "best win rate"
        embed = discord.Embed(title=f"{self.game.title} · {title}", colour=discord.Colour.gold())
        if not rows:
            embed.description = (
                f"Nobody has played {MIN_RATE_GAMES} games yet."
                if by == "win-rate"
                else f"No finished games yet. Start one with /{self.game_name} start."
            )
        else:
            # members level on what the board ranks by share a rank
            keys = [(r["wins"], r["games"]) if by == "wins" else (r["wins"] / r["games"], r["wins"]) for r in rows]
            embed.description = "\n".join(
                f"**{i}.** {who(r)} · {plural(r['wins'], 'win')} in {plural(r['games'], 'game')} "
                f"({r['wins'] / r['games']:.0%}) · {r['clean']} clean"
                for i, r in zip(ranks(keys), rows, strict=True)
            )
        if by == "win-rate":
            embed.set_footer(text=f"Members with at least {MIN_RATE_GAMES} finished games.")
        return embed
