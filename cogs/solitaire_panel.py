"""The solitaires' move panel: an ephemeral message with the table picture, a "from"
select (the piles that have a move), a "to" select (where that pile's card may go),
Draw / Undo / Hint / Auto / Finish buttons and a list of every legal move.

`/<game> hand`, `/<game> start` and the table message's "Your hand" button (through
`SolitaireCog.open_panel`) open it. Its components are DynamicItems with custom ids
`parlour:sol:<kind>:<game id>:<version>...`, so they survive restarts and a click on a
panel drawn for an older position is answered with a fresh panel instead of acting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.host import png_file
from bot.replies import edit as redraw
from bot.replies import reply
from bot.table import StalePanel, Table
from bot.views import PlayerItem, act_from_component, bot_of, say, table_for
from engine import IllegalAction, State

if TYPE_CHECKING:
    from bot.app import ParlourBot
    from cogs.solitaire import SolitaireCog

SELECT_MAX = 25  # Discord's limit of options in one select menu
PANEL_FILE = "table.png"
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
    cog: SolitaireCog = bot.game_cog(table.game.name)  # type: ignore[assignment]  # has_own_panel
    assert cog is not None and cog.has_own_panel
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    content, view = panel_message(cog, table, seat, src=src, note=note, hint=hint)
    kwargs: dict[str, Any] = {"content": content, "view": view}
    if picture:
        png = await bot.host.render_hand(table, seat)
        alt = cog.alt_text(table)
        kwargs["attachments"] = [png_file(png, PANEL_FILE, alt)]
    if edit:
        await redraw(interaction, **kwargs)
    else:
        files = kwargs.pop("attachments", [])
        await reply(interaction, kwargs.pop("content"), files=files, **kwargs)


async def panel_act(interaction: discord.Interaction, table: Table, text: str, version: int) -> None:
    """Apply a panel pick, then redraw the panel in place (or say why not).

    Every pick but Hint is bot.views.act_from_component, which redraws through
    `SolitaireCog.open_panel`. Hint needs the hinted move itself (the hint event's data)
    to name it and offer "Play the hint".
    """
    if text != "hint":
        await act_from_component(interaction, table, text, version)
        return
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    try:
        played = await bot_of(interaction).host.act(table, seat, text, expected_version=version)
    except StalePanel as exc:
        await show_panel(interaction, table, note=str(exc), edit=True)
        return
    except IllegalAction as exc:
        await say(interaction, str(exc))
        return
    hint = next((e.data.get("hint") for e in played.events if e.kind == "hint"), None)
    if hint and table.active and table.state is not None:
        label = table.state.parse(seat, hint).label or hint
        src = hint.split()[1] if hint.startswith("move ") else None
        await show_panel(interaction, table, note=f"💡 Hint: **{label}** (`{hint}`)", hint=hint, src=src, edit=True)
        return
    await show_panel(interaction, table, note=played.summary, edit=True)


class PanelItem(PlayerItem):
    """A panel component: the player's check, then a version check for picks that don't act."""

    version: int

    def _table(self, interaction: discord.Interaction) -> Table:
        table = table_for(interaction, self.game_id)
        assert table is not None  # interaction_check ran first
        return table

    @staticmethod
    def _picked(interaction: discord.Interaction) -> str:
        """The value a select was set to."""
        values = (interaction.data or {}).get("values") or [""]
        return str(values[0])


def _select(
    custom_id: str, placeholder: str, row: int, options: list[discord.SelectOption] | None
) -> discord.ui.Select[Any]:
    """A panel select; one rebuilt from a custom id after a restart gets a stand-in option."""
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder,
        row=row,
        options=options or [discord.SelectOption(label="…", value="…")],
    )


class FromSelect(
    PanelItem, discord.ui.DynamicItem[discord.ui.Select], template=r"parlour:sol:from:(?P<game>\d+):(?P<version>\d+)"
):
    def __init__(self, game_id: int, version: int, options: list[discord.SelectOption] | None = None) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(_select(f"parlour:sol:from:{game_id}:{version}", "Move from…", 0, options))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FromSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def run(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        if table.version != self.version:
            await show_panel(
                interaction,
                table,
                edit=True,
                note="The game has moved on since that panel was drawn; here is the current one.",
            )
            return
        await show_panel(interaction, table, src=self._picked(interaction), edit=True, picture=False)


class ToSelect(
    PanelItem,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"parlour:sol:to:(?P<game>\d+):(?P<version>\d+):(?P<src>" + _PILE_ID + ")",
):
    def __init__(self, game_id: int, version: int, src: str, options: list[discord.SelectOption] | None = None) -> None:
        self.game_id, self.version, self.src = game_id, version, src
        super().__init__(_select(f"parlour:sol:to:{game_id}:{version}:{src}", "…to where?", 1, options))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ToSelect:
        return cls(int(match["game"]), int(match["version"]), match["src"])

    async def run(self, interaction: discord.Interaction) -> None:
        text = move_text(self.src, self._picked(interaction))
        await panel_act(interaction, self._table(interaction), text, self.version)


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
        super().__init__(_select(f"parlour:sol:any:{game_id}:{version}", placeholder, 3, options))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AnySelect:
        return cls(int(match["game"]), int(match["version"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await panel_act(interaction, self._table(interaction), self._picked(interaction), self.version)


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

    async def run(self, interaction: discord.Interaction) -> None:
        table = self._table(interaction)
        if self.action == "refresh":
            await show_panel(interaction, table, edit=True)
            return
        await panel_act(interaction, table, self.action, self.version)


PANEL_ITEMS = (FromSelect, ToSelect, AnySelect, ActButton)


def register_items(bot: ParlourBot) -> None:
    """Make the panel's components work on every message, before and after a restart."""
    bot.add_dynamic_items(*PANEL_ITEMS)
