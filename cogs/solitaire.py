"""Shared Discord surface of the two solitaires: cogs/klondike.py and cogs/freecell.py.

`SolitaireCog` (a GameCog) adds what a one-player patience needs on top of the
generic play/hand/resign/rules/board commands:

- the **move panel**, an ephemeral message with the table picture, a "from"
  select (the piles that have a move), a "to" select (where that pile's card may
  go), Draw / Undo / Hint / Auto / Finish buttons and a list of every legal move.
  `/<game> hand` opens it, and so does `/<game> start`. Its components are
  DynamicItems with custom ids `parlour:sol:<kind>:<game id>:<version>...`, so they
  survive restarts and a click on a panel drawn for an older position is answered
  with a fresh panel instead of acting;
- Undo, Hint and Auto (and Draw in Klondike) on the table message, Hint always;
- a **daily deal** per server (`daily`, `daily-board`): the deal comes from the UTC
  date and the guild id, one attempt per member per day;
- **records** (`stats`, `leaderboard`): played, won, streaks, bests, and wins with
  hints counted apart from clean ones (the hint count is the engine's, read from
  the stored final state).

A game's cog sets `game_name`, `table_buttons`, `daily_setup` and its own `start`.

Not yet wired: the table message's generic "Your hand" button still opens the
generic hand panel (bot/views.py); `SolitaireCog.open_panel` has that panel's
signature so the framework can hand the button to it.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import discord
from discord import app_commands

import renderers
from bot.gamecog import RULES_DIR, GameCog
from bot.host import png_file
from bot.table import StalePanel, Table
from bot.views import PlayerItem, bot_of, say, table_for
from engine import IllegalAction, State

if TYPE_CHECKING:
    from bot.app import ParlourBot

MIN_RATE_GAMES = 5  # games a member needs before the win-rate board lists them
BOARD_SIZE = 10
SELECT_MAX = 25  # Discord's limit of options in one select menu
PANEL_FILE = "table.png"
_HINT = re.compile(r"asks for a hint: try (.+)\.$")
_PILE_ID = r"[1-8a-dw]"


# -- what the panel offers --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Target:
    """One way to finish a move from a chosen pile: its action text and how to show it."""

    value: str  # select value: the destination, with ":n" when a card count is named
    dst: str
    text: str  # canonical action text
    label: str
    note: str


@dataclass
class Moves:
    """The legal moves of a position grouped by source pile, plus the simple verbs."""

    by_source: dict[str, list[Target]] = field(default_factory=dict)
    verbs: set[str] = field(default_factory=set)  # draw, undo, auto, finish, resign
    listed: list[tuple[str, str]] = field(default_factory=list)  # (text, label) of every move


def pile_name(pid: str) -> str:
    if pid == "w":
        return "Waste"
    if pid == "f":
        return "Foundation"
    if pid.isdigit():
        return f"Column {pid}"
    return f"Free cell {pid}"


def pretty(card: str | None) -> str:
    suits = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    return card[:-1] + suits.get(card[-1], card[-1]) if card else "?"


def pile_top(view: dict[str, Any], pid: str) -> str | None:
    """The card on top of a pile in a view (None when empty or face down)."""
    if pid == "w":
        waste = view.get("waste") or []
        return waste[-1] if waste else None
    if pid.isdigit():
        cols = view.get("tableau") or []
        col = cols[int(pid) - 1] if int(pid) <= len(cols) else []
        return col[-1] if col else None
    cells = view.get("cells") or []
    i = "abcd".find(pid)
    return cells[i] if 0 <= i < len(cells) else None


def legal_moves(state: State, seat: int, view: dict[str, Any]) -> Moves:
    """The seat's legal actions sorted for the panel; `view` is the seat's view of `state`."""
    moves = Moves()
    for action in state.legal_actions(seat):
        words = action.text.split()
        if words[0] != "move":
            moves.verbs.add(words[0])
            continue
        src, dst = words[1], words[2]
        count = words[3] if len(words) > 3 else ""
        onto = pile_top(view, dst) if dst.isdigit() else None
        if dst == "f":
            note = "to its foundation"
        elif dst.isdigit():
            note = f"onto {pretty(onto)}" if onto else "to the empty column"
        else:
            note = "into the free cell"
        if count:
            note += f", {count} card{'s' if count != '1' else ''}"
        value = f"{dst}:{count}" if count else dst
        label = action.label or action.text
        moves.by_source.setdefault(src, []).append(Target(value, dst, action.text, label, note))
        moves.listed.append((action.text, label))
    return moves


def move_text(src: str, value: str) -> str:
    dst, _, count = value.partition(":")
    return f"move {src} {dst}" + (f" {count}" if count else "")


# -- the panel ------------------------------------------------------------------------
def _verb_buttons(cog: SolitaireCog, pos: dict[str, Any], moves: Moves) -> list[tuple[str, str, bool]]:
    """(label, action, enabled) for the panel's button row, in a fixed order so they don't jump."""
    out = []
    for label, action in cog.panel_buttons:
        if action == "draw" and not pos.get("stock"):
            label = "Turn over"
        enabled = action == "hint" or action in moves.verbs
        out.append((label, action, enabled))
    return out


def panel_message(
    cog: SolitaireCog,
    table: Table,
    seat: int,
    *,
    src: str | None = None,
    note: str = "",
    hint: str | None = None,
) -> tuple[str, discord.ui.View]:
    """The panel's words and components for the position now (no picture)."""
    assert table.state is not None
    pos = table.state.view(seat)
    view = discord.ui.View(timeout=None)
    lines = [f"**{table.game.title} #{table.id}** · {cog.deal_words(table)} · move {pos['moves']}"]
    if note:
        lines.append(note)
    if not table.active:
        lines.append("This game is over. " + cog.ending_words(table))
        return "\n".join(lines)[:2000], view
    moves = legal_moves(table.state, seat, pos)
    if src is not None and src not in moves.by_source:
        src = None
    sources = list(moves.by_source)
    if sources:
        options = []
        for pid in sources[:SELECT_MAX]:
            where = ", ".join(dict.fromkeys(pile_name(t.dst).lower() for t in moves.by_source[pid]))
            options.append(
                discord.SelectOption(
                    label=f"{pile_name(pid)}: {pretty(pile_top(pos, pid))}"[:100],
                    value=pid,
                    description=f"Can go to {where}"[:100],
                    default=pid == src,
                )
            )
        view.add_item(FromSelect(table.id, table.version, options))
    if src is not None:
        targets = moves.by_source[src][:SELECT_MAX]
        view.add_item(
            ToSelect(
                table.id,
                table.version,
                src,
                [discord.SelectOption(label=t.label[:100], value=t.value, description=t.note[:100]) for t in targets],
            )
        )
        lines.append(f"Moving from **{pile_name(src).lower()}**: now pick where it goes.")
    elif sources:
        lines.append("Pick the card to move, then where it goes.")
    else:
        lines.append(cog.no_move_words(moves))
    if pos.get("stuck"):
        lines.append(f"⚠️ No useful move is left: undo, or give up with /{cog.game_name} resign.")
    row = _verb_buttons(cog, pos, moves)
    for label, action, enabled in row:
        style = discord.ButtonStyle.success if action == hint else discord.ButtonStyle.primary
        view.add_item(ActButton(table.id, table.version, action, label, style=style, disabled=not enabled, row=2))
    if moves.listed:
        shown = moves.listed[:SELECT_MAX]
        more = f" (first {SELECT_MAX} of {len(moves.listed)})" if len(moves.listed) > SELECT_MAX else ""
        view.add_item(
            AnySelect(
                table.id,
                table.version,
                [discord.SelectOption(label=label[:100], value=text) for text, label in shown],
                f"Or pick any move{more}…",
            )
        )
    if hint and hint not in {action for _, action, _ in row}:  # a hinted Draw or Auto is lit up instead
        view.add_item(
            ActButton(table.id, table.version, hint, "Play the hint", style=discord.ButtonStyle.success, row=4)
        )
    view.add_item(ActButton(table.id, table.version, "refresh", "Refresh", style=discord.ButtonStyle.secondary, row=4))
    return "\n".join(lines)[:2000], view


async def show_panel(
    interaction: discord.Interaction,
    table: Table,
    *,
    src: str | None = None,
    note: str = "",
    hint: str | None = None,
    edit: bool = False,
    picture: bool = True,
) -> None:
    """Send (or redraw in place) the caller's move panel; `picture=False` keeps the old image."""
    bot = bot_of(interaction)
    cog = bot.game_cog(table.game.name)
    assert isinstance(cog, SolitaireCog)
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    content, view = panel_message(cog, table, seat, src=src, note=note, hint=hint)
    kwargs: dict[str, Any] = {"content": content, "view": view}
    if picture:
        png = await bot.host.render_hand(table, seat)
        alt = cog.alt_text(table)
        kwargs["attachments"] = [png_file(png, PANEL_FILE, alt)]
    if edit:
        await interaction.response.edit_message(**kwargs)
    elif interaction.response.is_done():
        files = kwargs.pop("attachments", [])
        await interaction.followup.send(files=files, ephemeral=True, **kwargs)
    else:
        files = kwargs.pop("attachments", [])
        await interaction.response.send_message(files=files, ephemeral=True, **kwargs)


async def panel_act(interaction: discord.Interaction, table: Table, text: str, version: int) -> None:
    """Apply a panel pick, then redraw the panel in place (or say why not)."""
    host = bot_of(interaction).host
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    try:
        lines = await host.act(table, seat, text, expected_version=version)
    except StalePanel as exc:
        await show_panel(interaction, table, note=str(exc), edit=True)
        return
    except IllegalAction as exc:
        await say(interaction, str(exc))
        return
    hint = None
    if text == "hint":
        found = _HINT.search(" ".join(lines))
        hint = found.group(1) if found else None
    if hint and table.active and table.state is not None:
        label = table.state.parse(seat, hint).label or hint
        src = hint.split()[1] if hint.startswith("move ") else None
        await show_panel(interaction, table, note=f"💡 Hint: **{label}** (`{hint}`)", hint=hint, src=src, edit=True)
        return
    await show_panel(interaction, table, note="✅ " + " ".join(lines), edit=True)


class PanelItem(PlayerItem):
    """A panel component: the player's check, then a version check for picks that don't act."""

    version: int

    def _table(self, interaction: discord.Interaction) -> Table:
        table = table_for(interaction, self.game_id)
        assert table is not None  # interaction_check ran first
        return table


class FromSelect(
    PanelItem, discord.ui.DynamicItem[discord.ui.Select], template=r"parlour:sol:from:(?P<game>\d+):(?P<version>\d+)"
):
    def __init__(self, game_id: int, version: int, options: list[discord.SelectOption] | None = None) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Select(
                custom_id=f"parlour:sol:from:{game_id}:{version}",
                placeholder="Move from…",
                row=0,
                options=options or [discord.SelectOption(label="…", value="…")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FromSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        if table.version != self.version:
            await show_panel(
                interaction,
                table,
                edit=True,
                note="The game has moved on since that panel was drawn; here is the current one.",
            )
            return
        values = (interaction.data or {}).get("values") or [""]
        await show_panel(interaction, table, src=str(values[0]), edit=True, picture=False)


class ToSelect(
    PanelItem,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"parlour:sol:to:(?P<game>\d+):(?P<version>\d+):(?P<src>" + _PILE_ID + ")",
):
    def __init__(self, game_id: int, version: int, src: str, options: list[discord.SelectOption] | None = None) -> None:
        self.game_id, self.version, self.src = game_id, version, src
        super().__init__(
            discord.ui.Select(
                custom_id=f"parlour:sol:to:{game_id}:{version}:{src}",
                placeholder="…to where?",
                row=1,
                options=options or [discord.SelectOption(label="…", value="…")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ToSelect:
        return cls(int(match["game"]), int(match["version"]), match["src"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or [""]
        await panel_act(interaction, self._table(interaction), move_text(self.src, str(values[0])), self.version)


class AnySelect(
    PanelItem, discord.ui.DynamicItem[discord.ui.Select], template=r"parlour:sol:any:(?P<game>\d+):(?P<version>\d+)"
):
    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Or pick any move…",
    ) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Select(
                custom_id=f"parlour:sol:any:{game_id}:{version}",
                placeholder=placeholder,
                row=3,
                options=options or [discord.SelectOption(label="…", value="…")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AnySelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or [""]
        await panel_act(interaction, self._table(interaction), str(values[0]), self.version)


class ActButton(
    PanelItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"parlour:sol:do:(?P<game>\d+):(?P<version>\d+):(?P<action>[a-z0-9 ]+)",
):
    """Draw, Undo, Hint, Auto, Finish, Refresh, or "play the hint" (any action text)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        action: str,
        label: str | None = None,
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.game_id, self.version, self.action = game_id, version, action
        super().__init__(
            discord.ui.Button(
                label=label or action.title(),
                style=style,
                disabled=disabled,
                row=row,
                custom_id=f"parlour:sol:do:{game_id}:{version}:{action}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActButton:
        return cls(int(match["game"]), int(match["version"]), match["action"], getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        if self.action == "refresh":
            await show_panel(interaction, table, edit=True)
            return
        await panel_act(interaction, table, self.action, self.version)


PANEL_ITEMS = (FromSelect, ToSelect, AnySelect, ActButton)


# -- the rules in pages ------------------------------------------------------------------------
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
        clean=sum(1 for r in wins if not r["hints"]),
        current_streak=streak,
        best_streak=best,
        best_moves=min(moves) if moves else None,
        best_time=min(times) if times else None,
    )


# -- the cog ------------------------------------------------------------------------------
class SolitaireCog(GameCog):
    has_own_panel = True  # "Your hand" opens the move panel below
    # (label, action) on the table message; Hint is always there, the rest when legal
    table_buttons: ClassVar[tuple[tuple[str, str], ...]] = (("Undo", "undo"), ("Hint", "hint"), ("Auto", "auto"))
    # the panel's button row, always in this order (disabled when not legal now)
    panel_buttons: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Undo", "undo"),
        ("Hint", "hint"),
        ("Auto", "auto"),
        ("Finish", "finish"),
    )

    def __init__(self, bot: ParlourBot) -> None:
        super().__init__(bot)
        self._daily_lock = asyncio.Lock()

    # -- hooks a game fills in -------------------------------------------------------
    def daily_setup(self, guild_id: int, day: date) -> tuple[dict[str, str], int]:
        """Options and seed of the server's deal for `day`."""
        raise NotImplementedError

    def deal_words(self, table: Table) -> str:
        raise NotImplementedError

    def no_move_words(self, moves: Moves) -> str:
        return "No card can move: undo, or resign with /" + self.game_name + " resign."

    def ending_words(self, table: Table) -> str:
        assert table.state is not None
        view = table.state.view(None)
        if view.get("won"):
            hints = view.get("hints") or 0
            return f"Solved in {view['moves']} moves" + (
                f" with {hints} hint{'s' if hints != 1 else ''}." if hints else ", no hints."
            )
        return "Not solved."

    def alt_text(self, table: Table) -> str:
        return renderers.for_game(self.game_name).alt_text(self.bot.host.public_view(table))

    async def open_panel(
        self, interaction: discord.Interaction, table: Table, *, note: str = "", page: int = 0, edit: bool = False
    ) -> None:
        """The move panel, with bot.views.open_panel's signature: ready for the framework to
        call for this game's "Your hand" button (see the module docstring)."""
        await show_panel(interaction, table, note=note, edit=edit)

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
            await show_panel(interaction, table)
        return table

    # -- commands ------------------------------------------------------------------------------
    @app_commands.command(name="hand", description="Your move panel: pick a card and where it goes (only you see it).")
    async def hand(self, interaction: discord.Interaction) -> None:
        table = await self.require_table(interaction)
        if table is not None:
            await show_panel(interaction, table)

    @app_commands.command(name="rules", description="How to play, in short, with the move notation.")
    async def rules(self, interaction: discord.Interaction) -> None:
        """The whole summary: it is longer than one embed, so it goes in pages of sections."""
        path = RULES_DIR / f"{self.game_name}.md"
        text = path.read_text(encoding="utf-8") if path.is_file() else "The rules summary is missing."
        pages = rule_pages(text)
        embeds = [
            discord.Embed(title=f"{self.game.title}: how to play" if i == 0 else None, description=page)
            for i, page in enumerate(pages)
        ]
        batches: list[list[discord.Embed]] = [[]]
        for embed in embeds:  # Discord allows 6000 characters of embeds per message
            if sum(len(e) for e in batches[-1]) + len(embed) > 5800:
                batches.append([])
            batches[-1].append(embed)
        await interaction.response.send_message(embeds=batches[0], ephemeral=True)
        for batch in batches[1:]:
            await interaction.followup.send(embeds=batch, ephemeral=True)

    @app_commands.command(name="daily", description="Today's deal: the same for everyone in this server.")
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        guild_id = interaction.guild_id or 0
        day = discord.utils.utcnow().date()
        tag = f"{self.game_name}:{day.isoformat()}"
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

    @app_commands.command(name="daily-board", description="Today's daily deal: who solved it, in fewest moves.")
    @app_commands.guild_only()
    async def daily_board(self, interaction: discord.Interaction) -> None:
        guild_id = interaction.guild_id or 0
        day = discord.utils.utcnow().date()
        tag = f"{self.game_name}:{day.isoformat()}"
        rows = await self.bot.storage.daily_board(guild_id, tag, BOARD_SIZE)
        playing = await self.bot.storage.daily_playing(guild_id, tag)
        embed = discord.Embed(title=f"Daily {self.game.title} · {day.isoformat()}", colour=discord.Colour.gold())
        if rows:
            lines = []
            for i, r in enumerate(rows, 1):
                if r["won"]:
                    hints = f" · 💡 {r['hints']} hint{'s' if r['hints'] != 1 else ''}" if r["hints"] else ""
                    lines.append(
                        f"**{i}.** <@{r['user_id']}> · solved in {r['moves']} moves · {clock(r['seconds'])}{hints}"
                    )
                else:
                    lines.append(f"**{i}.** <@{r['user_id']}> · not solved ({r['moves']} moves)")
            embed.description = "\n".join(lines)
        else:
            embed.description = f"Nobody has finished today's deal yet. Try it: /{self.game_name} daily"
        footer = "Ranked by solved, then fewest moves, then time."
        if playing:
            footer += f" {playing} still playing."
        embed.set_footer(text=footer)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="stats", description="A member's record at this game in this server.")
    @app_commands.describe(user="Whose record (yours if left empty)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        member = user or interaction.user
        rows = await self.bot.storage.solitaire_results(interaction.guild_id or 0, member.id, self.game_name)
        rec = record_of(rows)
        embed = discord.Embed(title=f"{member.display_name} · {self.game.title}", colour=discord.Colour.blurple())
        if not rec.played:
            embed.description = f"No finished games yet. Start one with /{self.game_name} start."
        else:
            embed.add_field(name="Played", value=str(rec.played))
            embed.add_field(name="Won", value=f"{rec.won} ({rec.rate:.0%})")
            embed.add_field(name="Clean wins", value=f"{rec.clean} without hints, {rec.won - rec.clean} with")
            embed.add_field(name="Streak", value=f"{rec.current_streak} now, best {rec.best_streak}")
            embed.add_field(name="Fewest moves", value=str(rec.best_moves) if rec.best_moves is not None else "—")
            embed.add_field(name="Best time", value=clock(rec.best_time) if rec.best_time is not None else "—")
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description="This server's best players of this game.")
    @app_commands.describe(by=f"Most wins, or best win rate (at least {MIN_RATE_GAMES} games)")
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, by: Literal["wins", "win-rate"] = "wins") -> None:
        rows = await self.bot.storage.solitaire_board(
            interaction.guild_id or 0,
            self.game_name,
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
            embed.description = "\n".join(
                f"**{i}.** <@{r['user_id']}> · {r['wins']} wins in {r['games']} games "
                f"({r['wins'] / r['games']:.0%}) · {r['clean']} clean"
                for i, r in enumerate(rows, 1)
            )
        if by == "win-rate":
            embed.set_footer(text=f"Members with at least {MIN_RATE_GAMES} finished games.")
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


def register_items(bot: ParlourBot) -> None:
    """Make the panel's components work on every message, before and after a restart."""
    bot.add_dynamic_items(*PANEL_ITEMS)
