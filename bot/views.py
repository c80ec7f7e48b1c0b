"""Persistent components for every game: lobby, table and hand-panel items.

Every item is a DynamicItem whose custom id names the game (`parlour:<kind>:<id>...`),
so buttons keep working after a restart with no view to re-register per message.
Each item checks the clicker in `interaction_check`; the rules stay in the engine.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.table import StalePanel, Table
from engine import IllegalAction
from engine.core import Action

if TYPE_CHECKING:
    from bot.app import ParlourBot
    from bot.host import Host

PAGE = 25  # a select menu holds at most 25 options


# -- helpers ----------------------------------------------------------------------------
async def say(interaction: discord.Interaction, text: str) -> None:
    """One ephemeral sentence, whether or not the interaction was answered yet."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def bot_of(interaction: discord.Interaction) -> ParlourBot:
    return interaction.client  # type: ignore[return-value]


def table_for(interaction: discord.Interaction, game_id: int) -> Table | None:
    return bot_of(interaction).tables.get(game_id)


def hand_text(table: Table, seat: int) -> str:
    """The DM and panel caption: which game, and the hand in words."""
    assert table.state is not None
    view = table.state.view(seat)
    hand = view.get("hand")
    cards = " ".join(str(c) for c in hand) if isinstance(hand, list) else ""
    where = f"<#{table.channel_id}>"
    line = f"Your hand in {table.game.title} #{table.id} ({where}): {cards or 'no cards'}"
    return line if hand is not None else f"{table.game.title} #{table.id} ({where})"


def turn_line(table: Table) -> str:
    if table.status == "lobby":
        waiting = [f"<@{s.user_id}>" for s in table.seats if s.user_id and not s.accepted]
        return f"{', '.join(waiting)}: you're invited to play {table.game.title}. Accept within 10 minutes."
    if table.status == "cancelled":
        return f"{table.game.title} #{table.id} was called off."
    if not table.active:
        return f"🏁 {table.game.title} #{table.id} is over."
    if table.game.solo:  # no mention: a solitaire's own player needs no ping on every repost
        return f"🃏 {table.seats[0].name} is playing."
    humans = [f"<@{table.seats[s].user_id}>" for s in table.waiting_on() if not table.seats[s].autoplay]
    if humans:
        return f"🎲 Your move: {' '.join(humans)}"
    return "🤖 The AI is thinking…"


async def table_message(host: Host, table: Table) -> tuple[str, discord.Embed, discord.File | None, Any]:
    """Content, embed, image and buttons of a table's one public message."""
    from bot.host import png_file

    embed = discord.Embed(title=f"{table.game.title} · game #{table.id}", colour=discord.Colour.dark_green())
    embed.description = "\n".join(table.log) or "\u200b"
    players = ", ".join(f"{s.name}{' (AI)' if s.is_ai else ''}" for s in table.seats)
    embed.set_footer(text=f"{players} · move {table.version}")
    file = None
    if table.state is not None:
        png, alt = await host.render_table(table)
        file = png_file(png, "table.png", alt)
        embed.set_image(url="attachment://table.png")
    view = discord.ui.View(timeout=None)
    if table.status == "lobby":
        view.add_item(LobbyButton(table.id, "accept"))
        view.add_item(LobbyButton(table.id, "decline"))
    elif table.active:
        view.add_item(HandButton(table.id))
        cog = host.bot.game_cog(table.game.name)
        for label, action in cog.buttons_for(table) if cog else []:
            view.add_item(QuickButton(table.id, action, label, urgent=not table.game.solo))
    return turn_line(table), embed, file, view if view.children else None


async def hand_panel(
    host: Host, table: Table, seat: int, page: int = 0, note: str = ""
) -> tuple[str, discord.File, discord.ui.View]:
    """The ephemeral panel: the hand image and the seat's legal actions to pick from."""
    from bot.host import png_file

    assert table.state is not None
    actions = table.state.legal_actions(seat) if table.active else []
    pages = max(1, -(-len(actions) // PAGE))
    page = min(page, pages - 1)
    view = discord.ui.View(timeout=None)
    shown = actions[page * PAGE : (page + 1) * PAGE]
    if shown:
        view.add_item(ActSelect(table.id, table.version, page, shown))
    if pages > 1:
        view.add_item(PageButton(table.id, table.version, (page + 1) % pages, f"More moves ({page + 1}/{pages})"))
    view.add_item(HandButton(table.id, label="Refresh"))
    lines = [note] if note else []
    lines.append(hand_text(table, seat))
    if not table.active:
        lines.append("This game is over.")
    elif not actions:
        lines.append("Nothing to do right now: it isn't your move.")
    png = await host.render_hand(table, seat)
    return "\n".join(lines), png_file(png, "hand.png", "Your hand"), view


async def open_panel(
    interaction: discord.Interaction, table: Table, *, note: str = "", page: int = 0, edit: bool = False
) -> None:
    cog = bot_of(interaction).game_cog(table.game.name)
    if cog is not None and cog.has_own_panel:
        await cog.open_panel(interaction, table, note=note, page=page, edit=edit)
        return
    host = bot_of(interaction).host
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    content, file, view = await hand_panel(host, table, seat, page, note)
    if edit:
        await interaction.response.edit_message(content=content, attachments=[file], view=view)
    else:
        await interaction.response.send_message(content, file=file, view=view, ephemeral=True)


async def act_from_component(interaction: discord.Interaction, table: Table, text: str, version: int | None) -> None:
    """A panel pick: act, then redraw the panel in place (or say why not)."""
    host = bot_of(interaction).host
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    try:
        played = await host.act(table, seat, text, expected_version=version)
    except StalePanel as exc:
        await open_panel(interaction, table, note=str(exc), edit=True)
        return
    except IllegalAction as exc:
        await say(interaction, str(exc))
        return
    await open_panel(interaction, table, note=played.summary, edit=True)


class PlayerItem:
    """Shared check: the table is open and the clicker has a seat at it."""

    game_id: int

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        table = table_for(interaction, self.game_id)
        if table is None or not table.active:
            await say(interaction, "This game is over or was called off.")
            return False
        if table.seat_of(interaction.user.id) is None:
            await say(interaction, "You aren't playing in this game.")
            return False
        return True


# -- items ------------------------------------------------------------------------------
class HandButton(PlayerItem, discord.ui.DynamicItem[discord.ui.Button], template=r"parlour:hand:(?P<game>\d+)"):
    def __init__(self, game_id: int, label: str = "Your hand") -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, emoji="🂠", custom_id=f"parlour:hand:{game_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["game"]), label=getattr(item, "label", None) or "Your hand")

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None
        # a Refresh inside an ephemeral panel redraws it; the table's button opens a new one
        await open_panel(interaction, table, edit=bool(interaction.message and interaction.message.flags.ephemeral))


class ActSelect(
    PlayerItem,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"parlour:act:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)",
):
    def __init__(self, game_id: int, version: int, page: int, actions: list[Action] | None = None) -> None:
        self.game_id, self.version = game_id, version
        options = [discord.SelectOption(label=(a.label or a.text)[:100], value=a.text[:100]) for a in actions or []]
        super().__init__(
            discord.ui.Select(
                custom_id=f"parlour:act:{game_id}:{version}:{page}",
                placeholder="Choose your move…",
                options=options or [discord.SelectOption(label="…", value="…")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None
        values = (interaction.data or {}).get("values") or [""]
        await act_from_component(interaction, table, str(values[0]), self.version)


class PageButton(
    PlayerItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"parlour:page:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)",
):
    def __init__(self, game_id: int, version: int, page: int, label: str = "More moves") -> None:
        self.game_id, self.page = game_id, page
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"parlour:page:{game_id}:{version}:{page}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None
        await open_panel(interaction, table, page=self.page, edit=True)


class QuickButton(
    PlayerItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"parlour:quick:(?P<game>\d+):(?P<action>[a-z0-9 ]+)",
):
    """A table button for a call any seated player may make at once ("nein")."""

    def __init__(self, game_id: int, action: str, label: str | None = None, urgent: bool = True) -> None:
        self.game_id, self.action = game_id, action
        super().__init__(
            discord.ui.Button(
                label=label or action.title(),
                style=discord.ButtonStyle.danger if urgent else discord.ButtonStyle.secondary,
                custom_id=f"parlour:quick:{game_id}:{action}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> QuickButton:
        return cls(int(match["game"]), match["action"], getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        if seat not in table.waiting_on():
            await say(interaction, f"There's no “{self.action}” for you to call right now.")
            return
        try:
            played = await bot_of(interaction).host.act(table, seat, self.action)
        except IllegalAction as exc:
            await say(interaction, str(exc))
            return
        await say(interaction, played.summary)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"parlour:lobby:(?P<game>\d+):(?P<choice>accept|decline)"
):
    def __init__(self, game_id: int, choice: str) -> None:
        self.game_id, self.choice = game_id, choice
        style = discord.ButtonStyle.success if choice == "accept" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=choice.title(), style=style, custom_id=f"parlour:lobby:{game_id}:{choice}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["choice"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        table = table_for(interaction, self.game_id)
        if table is None or table.status != "lobby":
            await say(interaction, "This invitation is no longer open.")
            return False
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.seats[seat].accepted:
            await say(interaction, "This invitation isn't waiting for you.")
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None
        host = bot_of(interaction).host
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        if self.choice == "decline":
            await interaction.response.send_message("You declined the game.", ephemeral=True)
            await host.cancel(table, f"{table.seats[seat].name} declined the game.")
            return
        table.seats[seat].accepted = True
        await host.storage.update_seats(table.id, [s.row(i) for i, s in enumerate(table.seats)])
        if all(s.accepted for s in table.seats):
            await interaction.response.send_message("You're in. The game begins!", ephemeral=True)
            await host.begin(table)
        else:
            await interaction.response.send_message("You're in; waiting for the others.", ephemeral=True)
            await host.publish(table)


DYNAMIC_ITEMS = (HandButton, ActSelect, PageButton, QuickButton, LobbyButton)
