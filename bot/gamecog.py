"""GameCog: the slash commands every game shares, generic over one engine game.

A game's cog subclasses it with `group_name=<game>`, sets `game_name`, and adds its
own `start` command (whose options differ per game) that calls `start_game`.
play, hand, resign, rules and board come from here unchanged.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.host import ai_seat, new_seat
from bot.table import Seat, Table
from bot.views import open_panel, say
from engine import GAMES, Game, IllegalAction

if TYPE_CHECKING:
    from bot.app import ParlourBot

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"


def rule_pages(text: str, size: int = 4000) -> list[str]:
    """The rules split at its `##` sections into pages no longer than `size` characters."""
    sections = [part.strip() for part in re.split(r"\n(?=## )", text.strip())]
    pages = [""]
    for section in sections:
        while len(section) > size:  # a section too long on its own is cut at a line break
            cut = section.rfind("\n", 0, size)
            cut = cut if cut > 0 else size
            pages.append(section[:cut])
            section = section[cut:].lstrip("\n")
        if pages[-1] and len(pages[-1]) + 2 + len(section) > size:
            pages.append(section)
        else:
            pages[-1] = f"{pages[-1]}\n\n{section}" if pages[-1] else section
    return [p for p in pages if p]


class GameCog(commands.GroupCog):
    game_name: ClassVar[str]
    # (label, action text) shown as buttons on the table while some seat may take them
    table_buttons: ClassVar[tuple[tuple[str, str], ...]] = ()
    # a game with its own move panel implements open_panel(interaction, table, note=, page=, edit=)
    has_own_panel: ClassVar[bool] = False

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def game(self) -> type[Game]:
        return GAMES[self.game_name]

    def buttons_for(self, table: Table) -> list[tuple[str, str]]:
        """(label, action) buttons for the table message now: by default those of
        `table_buttons` that some seat to move may take. Override for calls that are
        always open (a solitaire's hint)."""
        if table.state is None:
            return []
        legal = {a.text for s in table.waiting_on() for a in table.state.legal_actions(s)}
        return [(label, action) for label, action in self.table_buttons if action in legal]

    # -- starting ------------------------------------------------------------------------
    async def start_game(
        self,
        interaction: discord.Interaction,
        *,
        invited: list[discord.abc.User],
        bots: int = 0,
        ai: str = "normal",
        options: dict[str, str] | None = None,
        seed: int | None = None,
        daily: str | None = None,
    ) -> Table | None:
        """Check the line-up and options, then open a lobby (or start at once if no one is invited)."""
        problem = self.line_up_problem(interaction, invited, bots)
        try:
            resolved = self.game.resolve_options(options)
        except ValueError as exc:
            problem = problem or str(exc)
        if problem:
            await say(interaction, problem)
            return None
        creator = Seat(interaction.user.id, None, interaction.user.display_name, accepted=True)
        seats = [new_seat(m) for m in invited] + [ai_seat(ai, i + 1 if bots > 1 else 0) for i in range(bots)]
        seats = [*seats, creator] if self.game.max_players > 1 else [creator]  # the starter deals last
        host = self.bot.host
        table = await host.tables.create(
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            game=self.game,
            options=resolved,
            seats=seats,
            seed=seed,
            daily=daily,
        )
        table.created_at = discord.utils.utcnow().isoformat(timespec="seconds")
        if invited:
            await interaction.response.send_message(
                f"Invitation sent for {self.game.title} #{table.id}.", ephemeral=True
            )
            await host.publish(table)
            host.spawn(table, "lobby", host.expire_lobby(table))
        else:
            await interaction.response.send_message(f"{self.game.title} #{table.id} begins.", ephemeral=True)
            await host.begin(table)
        return table

    def line_up_problem(
        self, interaction: discord.Interaction, invited: list[discord.abc.User], bots: int
    ) -> str | None:
        if interaction.guild_id is None:
            return "Games are played in a server channel, not in direct messages."
        ids = [m.id for m in invited]
        if interaction.user.id in ids:
            return "You're already at the table; invite other members."
        if len(set(ids)) != len(ids):
            return "Each member can take only one seat."
        if any(m.bot for m in invited):
            return "Bots can't take a seat; use the bots option for AI players."
        players = 1 + len(invited) + bots
        if not self.game.min_players <= players <= self.game.max_players:
            span = (
                f"exactly {self.game.min_players}"
                if self.game.min_players == self.game.max_players
                else f"{self.game.min_players} to {self.game.max_players}"
            )
            return f"{self.game.title} needs {span} players (you asked for {players})."
        busy = [
            t
            for t in self.bot.tables.in_channel(interaction.channel_id or 0, self.game_name)
            if any(t.seat_of(u) is not None for u in [interaction.user.id, *ids])
        ]
        if busy:
            return f"Someone in that line-up is already at {self.game.title} #{busy[0].id} in this channel."
        return None

    def my_table(self, interaction: discord.Interaction) -> Table | None:
        return self.bot.tables.for_member(interaction.channel_id or 0, self.game_name, interaction.user.id)

    async def require_table(self, interaction: discord.Interaction) -> Table | None:
        table = self.my_table(interaction)
        if table is None or not table.active:
            await say(interaction, f"You have no {self.game.title} game running in this channel.")
            return None
        return table

    # -- shared commands -------------------------------------------------------------------
    @app_commands.command(name="play", description="Make a move, written in the game's notation.")
    @app_commands.describe(action="Your move; start typing to see your legal moves.")
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        table = await self.require_table(interaction)
        if table is None:
            return
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        try:
            played = await self.bot.host.act(table, seat, action[:200])
        except IllegalAction as exc:
            await say(interaction, str(exc))
            return
        await interaction.response.send_message(played.summary, ephemeral=True)

    @play.autocomplete("action")
    async def play_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        table = self.my_table(interaction)
        seat = table.seat_of(interaction.user.id) if table is not None else None
        if table is None or seat is None or not table.active:
            return []
        return [
            app_commands.Choice(name=label[:100], value=text[:100])
            for text, label in self.suggestions(table, seat, current)[:25]
        ]

    def suggestions(self, table: Table, seat: int, current: str) -> list[tuple[str, str]]:
        """(action text, label) pairs for autocomplete: what is typed, if it is legal as it
        stands (any combination, not only the listed ones), then listed moves matching it."""
        assert table.state is not None
        typed = " ".join(current.lower().split())
        actions = table.state.legal_actions(seat)
        if not actions:
            return []
        out: dict[str, str] = {}
        if typed:
            try:
                exact = table.state.parse(seat, typed)
            except IllegalAction:
                pass
            else:
                out[exact.text] = f"✓ {exact.label or exact.text}"
        matches = [a for a in actions if typed in a.text] or [a for a in actions if a.text.startswith(typed[:1])]
        for a in matches:
            out.setdefault(a.text, a.label or a.text)
        return list(out.items())

    # -- hooks for the host's AI seats -------------------------------------------------------
    def ai_order(self, table: Table, seats: list[int]) -> list[int]:
        """Which AI seat acts first when several may; games with calls override it."""
        return sorted(seats)

    def is_call(self, text: str) -> bool:
        """A call (a table button such as "nein") is made at once, not raced like a turn."""
        return text in {action for _label, action in self.table_buttons}

    @app_commands.command(name="hand", description="See your hand and your moves (only you see it).")
    async def hand(self, interaction: discord.Interaction) -> None:
        table = await self.require_table(interaction)
        if table is not None:
            await open_panel(interaction, table)

    @app_commands.command(name="resign", description="Give up your seat in your current game.")
    async def resign(self, interaction: discord.Interaction) -> None:
        table = await self.require_table(interaction)
        if table is None:
            return
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        await interaction.response.send_message("You resigned.", ephemeral=True)
        await self.bot.host.forfeit(table, seat, reason=f"{table.seats[seat].name} resigned")

    @app_commands.command(name="rules", description="How to play, in short, with the move notation.")
    async def rules(self, interaction: discord.Interaction) -> None:
        """Our whole summary, house rules included, in embed pages split at its sections."""
        path = RULES_DIR / f"{self.game_name}.md"
        if not path.is_file():
            await say(interaction, f"The {self.game.title} rules summary is missing; please tell the bot's owner.")
            return
        pages = rule_pages(path.read_text(encoding="utf-8"))
        embeds = [
            discord.Embed(title=f"{self.game.title}: how to play" if i == 0 else None, description=page)
            for i, page in enumerate(pages)
        ]
        batches: list[list[discord.Embed]] = [[]]
        for embed in embeds:  # Discord allows 6000 characters of embeds per message
            if batches[-1] and sum(len(e) for e in batches[-1]) + len(embed) > 5800:
                batches.append([])
            batches[-1].append(embed)
        await interaction.response.send_message(embeds=batches[0], ephemeral=True)
        for batch in batches[1:]:
            await interaction.followup.send(embeds=batch, ephemeral=True)

    @app_commands.command(name="board", description="Post the table again at the bottom of the channel.")
    async def board(self, interaction: discord.Interaction) -> None:
        tables = [t for t in self.bot.tables.in_channel(interaction.channel_id or 0, self.game_name) if t.active]
        table = self.my_table(interaction) or (max(tables, key=lambda t: t.id) if tables else None)
        if table is None or not table.active:
            await say(interaction, f"There is no {self.game.title} game running in this channel.")
            return
        await interaction.response.send_message("Here it is, at the bottom.", ephemeral=True)
        table.buried = 10**6  # force a repost
        await self.bot.host.publish(table)
