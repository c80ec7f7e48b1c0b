"""Persistent components for every game: lobby, table and hand-panel items.

Every item is a DynamicItem whose custom id names the game (`parlour:<kind>:<id>...`),
so buttons keep working after a restart with no view to re-register per message.
Each item checks the clicker in `interaction_check`; the rules stay in the engine.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot import words
from bot.notify import hand_text, pretty_cards
from bot.publisher import png_file
from bot.replies import cannot_post, reply, table_note
from bot.replies import edit as redraw
from bot.steps import DONE, Step, walk
from bot.table import StalePanel, Table
from engine import IllegalAction
from engine.core import Action

if TYPE_CHECKING:
    from bot.app import ParlourBot
    from bot.publisher import Publisher

log = logging.getLogger(__name__)

PAGE = 25  # a select menu holds at most 25 options
OOPS = "Something went wrong on my side; the game is unchanged. Please try again."


# -- helpers ----------------------------------------------------------------------------
async def say(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """One ephemeral sentence (and anything else to send), whether or not the interaction was answered yet."""
    await reply(interaction, text, **kwargs)


def bot_of(interaction: discord.Interaction) -> ParlourBot:
    return interaction.client  # type: ignore[return-value]


def table_for(interaction: discord.Interaction, game_id: int) -> Table | None:
    return bot_of(interaction).tables.get(game_id)


def settings_words(table: Table) -> str:
    """The options a game was started with that differ from the defaults, in words."""
    chosen = [
        f"{opt.name} {table.options[opt.name]}"
        for opt in table.game.options
        if opt.name in table.options and table.options[opt.name] != opt.default
    ]
    return f" ({', '.join(chosen)})" if chosen else ""


def turn_line(table: Table) -> str:
    """The table message's first line. Mentions here never notify (the alerts do that)."""
    if table.status == "lobby":
        waiting = [f"<@{s.user_id}>" for s in table.seats if s.user_id and not s.accepted]
        opened = sum(1 for s in table.seats if s.is_open)
        if opened:
            waiting.append(f"{'anyone here' if opened == 1 else f'{opened} of anyone here'} (press **Join**)")
        joined = [words.shown(s.name) for s in table.seats if s.user_id and s.accepted]
        ai = sum(1 for s in table.seats if s.is_ai)
        extra = f" and {ai} AI seat{'s' if ai != 1 else ''}" if ai else ""
        return (
            f"✉️ {words.shown(table.seats[-1].name)} invites {', '.join(waiting) or 'nobody else'} to "
            f"{table.title}{settings_words(table)}{extra}. In so far: {', '.join(joined)}. "
            f"The invitation lapses in 10 minutes."
        )
    if table.status == "cancelled":
        return f"{table.title} #{table.id} was called off."
    if not table.active:
        return f"🏁 {table.title} #{table.id} is over."
    if table.alone:
        return f"🃏 {words.shown(table.seats[0].name)} is playing."
    race = table.state.race_words() if table.state is not None else None
    if race:  # naming the seats that may move would show who holds what
        return f"🎲 {race}"
    humans = [f"<@{table.seats[s].user_id}>" for s in table.turn_humans()]
    if humans:
        return f"🎲 Your move: {' '.join(humans)}"
    return "🤖 The AI is thinking…"


def footer_words(table: Table) -> str:
    """Who plays, and how far the game has come (a one-player game counts its moves, not its clicks)."""
    players = ", ".join(f"{n}{' (AI)' if s.is_ai else ''}" for n, s in zip(table.names, table.seats, strict=True))
    moves = table.state.view(None).get("moves") if table.state is not None and table.alone else None
    if isinstance(moves, int):
        return f"{players} · {moves} move{'s' if moves != 1 else ''} · v{table.version}"
    return f"{players} · move {table.version}"


async def table_message(publisher: Publisher, table: Table) -> tuple[str, discord.Embed, discord.File | None, Any]:
    """Content, embed, image and buttons of a table's one public message."""
    embed = discord.Embed(title=f"{table.title} · game #{table.id}", colour=discord.Colour.dark_green())
    log_lines = list(table.log)
    if table.final is not None and table.final.get("lines"):
        log_lines.append("\n".join(table.final["lines"]))
    # the log quotes names as members chose them: shown as typed, never as markdown or a mention;
    # the lobby's lines name seats as they are, without the "#2" a shared name gets
    names = [*table.names, *(s.name for s in table.seats)]
    # a long log keeps its end (4000 of the 4096 an embed holds), cut between escapes and names
    embed.description = words.shown_tail("\n".join(log_lines), names, 4000) or "\u200b"
    embed.set_footer(text=footer_words(table))
    view = discord.ui.View(timeout=None)
    if table.status == "lobby":
        has_open = any(s.is_open for s in table.seats)
        for choice in LOBBY_CHOICES:
            if choice != "join" or has_open:
                view.add_item(LobbyButton(table.id, choice))
    elif table.active:
        view.add_item(HandButton(table.id))
        cog = publisher.bot.game_cog(table.game.name)
        for label, action in cog.buttons_for(table) if cog else []:
            view.add_item(QuickButton(table.id, action, label, urgent=not table.alone))
    elif table.status == "over":
        view.add_item(RematchButton(table.id))
    line, file = turn_line(table), None
    if table.state is not None:  # the picture last: the words and buttons are made while it is drawn
        png, alt = await publisher.render_table(table)
        file = png_file(png, "table.png", alt)
        embed.set_image(url="attachment://table.png")
    return line, embed, file, view if view.children else None


def call_buttons(table: Table, seat: int) -> list[discord.ui.Item[Any]]:
    """Buttons for the calls this seat may make right now (a Nein), for a reply to that seat."""
    if table.state is None or not table.active or seat not in table.waiting_on():
        return []
    calls = [a for a in table.moves(seat) if table.state.is_call(a)]
    return [QuickButton(table.id, a.text, a.label or a.text.title()) for a in calls[:5]]


def with_calls(table: Table, seat: int) -> dict[str, Any]:
    """A reply's `view` keyword carrying the seat's call buttons, if it has any."""
    buttons = call_buttons(table, seat)
    if not buttons:
        return {}
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    return {"view": view}


def describer(table: Table) -> Any:
    """How the step panel names a part's value: seats by name, cards with suit signs."""

    def describe(key: str, value: Any) -> str:
        words = table.game.part_words(key, value)
        if words is not None:
            return words
        if value is None or value == []:
            return "none"  # a move without this part (a card laid that takes nothing)
        if isinstance(value, list):
            return pretty_cards([str(v) for v in value])
        if key == "cards":
            return pretty_cards([str(value)])
        if isinstance(value, int) and not isinstance(value, bool) and key in ("to", "seat"):
            return table.names[value] if 0 <= value < len(table.seats) else str(value)
        text = "" if value is None else str(value)
        if key == "verb":
            return text.title()
        if key == "meld":
            return f"Meld {text}"
        return pretty_cards([text]) if key == "to" else text

    return describe


STEP_PROMPTS = {
    "verb": "what to do",
    "cards": "a card",
    "to": "where (or whom)",
    "suit": "a suit",
    "take": "how many to take from the queue",
    "deal": "a deal",
    "vector": "a vector",
    "pile": "a pile",
    "meld": "which meld",
    "move": "which move",
}
BUTTONS_MAX = 10  # more options than this go in a select menu


def add_step(view: discord.ui.View, table: Table, seat: int, path: list[str], page: int) -> str:
    """The step panel's components for `path`; returns the line saying what to choose."""
    assert table.state is not None
    step = walk(table.moves(seat), path, describer(table), table.game.step_order)
    if step is None:
        return ""
    if not isinstance(step, Step):  # one move left: one button makes it
        view.add_item(StepButton(table.id, table.version, ".".join(path), f"▶ {step.label or step.text}", row=0))
        return "Your move:"
    so_far = " · ".join(step.chosen)
    prompt = f"Choose {STEP_PROMPTS.get(step.key, step.key)}" + (f" ({so_far})" if so_far else "") + ":"
    base = ".".join(path)
    options = list(step.options)
    if step.can_finish:
        label = f"✔ {step.done.label or step.done.text}" if step.done else "✔ That's all"
        options.insert(0, (DONE, label))
    if len(options) <= BUTTONS_MAX:
        for i, (tok, label) in enumerate(options):
            view.add_item(StepButton(table.id, table.version, f"{base}.{tok}" if base else tok, label, row=i // 5))
    else:
        pages = -(-len(options) // PAGE)
        page = min(page, pages - 1)
        shown = options[page * PAGE : (page + 1) * PAGE]
        view.add_item(StepSelect(table.id, table.version, base, shown, prompt, page))
        if pages > 1:
            view.add_item(StepPage(table.id, table.version, base, (page + 1) % pages, f"More ({page + 1}/{pages})"))
    if path:
        back = ".".join(path[:-1])
        view.add_item(StepButton(table.id, table.version, back, "↩ Back", row=3, secondary=True))
    return prompt


async def hand_panel(
    publisher: Publisher, table: Table, seat: int, page: int = 0, note: str = "", path: list[str] | None = None
) -> tuple[str, discord.File, discord.ui.View]:
    """The ephemeral panel: the hand image, the move built step by step, and every move in a list."""
    assert table.state is not None
    actions = table.moves(seat) if table.active else []
    pages = max(1, -(-len(actions) // PAGE))
    page = min(page, pages - 1)
    view = discord.ui.View(timeout=None)
    prompt = add_step(view, table, seat, path or [], 0) if actions else ""
    shown = actions[page * PAGE : (page + 1) * PAGE]
    if shown and not path:
        view.add_item(ActSelect(table.id, table.version, page, shown, row=2))
    if pages > 1 and not path:
        view.add_item(PageButton(table.id, table.version, (page + 1) % pages, f"More moves ({page + 1}/{pages})"))
    view.add_item(HandButton(table.id, label="Refresh"))
    for button in call_buttons(table, seat):
        if len(view.children) < 25:
            view.add_item(button)
    lines = [words.shown_names(note, table.names)] if note else []
    lines.append(hand_text(table, seat))
    if not table.active:
        lines.append("This game is over.")
    elif not actions:
        lines.append("Nothing to do right now: it isn't your move.")
    elif prompt:
        lines.append(prompt)
    png = await publisher.render_hand(table, seat)
    return "\n".join(lines), png_file(png, "hand.png", "Your hand"), view


async def open_panel(
    interaction: discord.Interaction,
    table: Table,
    *,
    note: str = "",
    page: int = 0,
    edit: bool = False,
    path: list[str] | None = None,
) -> None:
    cog = bot_of(interaction).game_cog(table.game.name)
    if cog is not None and cog.has_own_panel:
        await cog.open_panel(interaction, table, note=note, page=page, edit=edit)
        return
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    content, file, view = await hand_panel(bot_of(interaction).host.publisher, table, seat, page, note, path)
    if edit:
        await redraw(interaction, content=content, attachments=[file], view=view)
    else:
        await reply(interaction, content, file=file, view=view)


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
        await say(interaction, words.shown_names(str(exc), table.names))
        return
    await open_panel(interaction, table, note=played.summary + table_note(interaction), edit=True)


class Guarded:
    """Every item answers: a failure is logged and the member gets one sentence."""

    async def callback(self, interaction: discord.Interaction) -> None:
        bot_of(interaction).host.notifier.remember(interaction.user)
        try:
            await self.run(interaction)
        except discord.HTTPException as exc:
            log.warning("a button's answer failed (%s)", exc.status)
            await say(interaction, OOPS)
        except Exception:
            log.exception("a button failed")
            await say(interaction, OOPS)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class PlayerItem(Guarded):
    """Shared check: the table is open, the click comes from its own channel, and the clicker has a seat."""

    game_id: int

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        try:
            return await self.check_player(interaction)
        except Exception:
            log.exception("a button's check failed")
            await say(interaction, OOPS)
            return False

    async def check_player(self, interaction: discord.Interaction) -> bool:
        table = table_for(interaction, self.game_id)
        if table is None or not table.active:
            await say(interaction, "This game is over or was called off.")
            return False
        if not same_place(interaction, table):
            await say(interaction, "That control belongs to a game in another channel.")
            return False
        if table.seat_of(interaction.user.id) is None:
            await say(interaction, "You aren't playing in this game.")
            return False
        return True


def same_place(interaction: discord.Interaction, table: Table) -> bool:
    """A component acts only in its table's own server and channel (a replayed custom id does not)."""
    return interaction.guild_id == table.guild_id and interaction.channel_id == table.channel_id


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

    async def run(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None
        # a Refresh inside an ephemeral panel redraws it; the table's button opens a new one
        await open_panel(interaction, table, edit=bool(interaction.message and interaction.message.flags.ephemeral))


class ActSelect(
    PlayerItem,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"parlour:act:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)",
):
    def __init__(
        self, game_id: int, version: int, page: int, actions: list[Action] | None = None, row: int | None = None
    ) -> None:
        self.game_id, self.version = game_id, version
        options = [discord.SelectOption(label=(a.label or a.text)[:100], value=a.text[:100]) for a in actions or []]
        super().__init__(
            discord.ui.Select(
                custom_id=f"parlour:act:{game_id}:{version}:{page}",
                placeholder="…or pick from every move",
                options=options or [discord.SelectOption(label="…", value="…")],
                row=row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def run(self, interaction: discord.Interaction) -> None:
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

    async def run(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None
        await open_panel(interaction, table, page=self.page, edit=True)


class QuickButton(
    PlayerItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"parlour:quick:(?P<game>\d+):(?P<action>[a-z0-9 ]+)",
):
    """A button for a call any seated player may make at once ("nein"), on the table or in a reply."""

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

    async def run(self, interaction: discord.Interaction) -> None:
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
            await say(interaction, words.shown_names(str(exc), table.names))
            return
        summary = words.shown_names(played.summary, table.names)
        await say(interaction, summary + table_note(interaction), **with_calls(table, seat))


async def step_to(interaction: discord.Interaction, table: Table, version: int, path: list[str]) -> None:
    """A step pick: act once the path names a move, else redraw the panel one step further."""
    seat = table.seat_of(interaction.user.id)
    assert seat is not None and table.state is not None
    if version != table.version:
        note = "The game has moved on since that panel was drawn; here is the current one."
        await open_panel(interaction, table, note=note, edit=True)
        return
    chosen = walk(table.state.legal_actions(seat), path, order=table.game.step_order)
    if chosen is None:
        await open_panel(interaction, table, note="That choice no longer fits; start again.", edit=True)
    elif isinstance(chosen, Step):
        await open_panel(interaction, table, edit=True, path=path)
    else:
        await act_from_component(interaction, table, chosen.text, version)


_PATH = r"(?P<path>[0-9x.]*)"


class StepButton(
    PlayerItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"parlour:step:(?P<game>\d+):(?P<version>\d+):" + _PATH,
):
    """One choice of the step panel (a verb, a card, a target), or Back."""

    def __init__(
        self, game_id: int, version: int, path: str, label: str = "…", row: int | None = None, secondary: bool = False
    ) -> None:
        self.game_id, self.version, self.path = game_id, version, path
        style = discord.ButtonStyle.secondary if secondary else discord.ButtonStyle.success
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=style, custom_id=f"parlour:step:{game_id}:{version}:{path}"[:100], row=row
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StepButton:
        return cls(int(match["game"]), int(match["version"]), match["path"])

    async def run(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None
        await step_to(interaction, table, self.version, [p for p in self.path.split(".") if p])


class StepSelect(
    PlayerItem,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"parlour:stepsel:(?P<game>\d+):(?P<version>\d+):" + _PATH,
):
    """The step panel's choices when there are too many for buttons."""

    def __init__(
        self,
        game_id: int,
        version: int,
        path: str,
        options: list[tuple[str, str]] | None = None,
        placeholder: str = "Choose…",
        page: int = 0,
    ) -> None:
        self.game_id, self.version, self.path = game_id, version, path
        choices = [discord.SelectOption(label=label[:100], value=tok) for tok, label in options or []]
        super().__init__(
            discord.ui.Select(
                custom_id=f"parlour:stepsel:{game_id}:{version}:{path}"[:100],
                placeholder=placeholder[:150],
                options=choices or [discord.SelectOption(label="…", value="…")],
                row=0,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StepSelect:
        return cls(int(match["game"]), int(match["version"]), match["path"])

    async def run(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None
        values = (interaction.data or {}).get("values") or [""]
        path = [p for p in self.path.split(".") if p] + [str(values[0])]
        await step_to(interaction, table, self.version, path)


class StepPage(
    PlayerItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"parlour:steppage:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+):" + _PATH,
):
    """The next page of a step's choices (past Discord's 25 options a select)."""

    def __init__(self, game_id: int, version: int, path: str, page: int, label: str = "More") -> None:
        self.game_id, self.version, self.path, self.page = game_id, version, path, page
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"parlour:steppage:{game_id}:{version}:{page}:{path}"[:100],
                row=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StepPage:
        return cls(int(match["game"]), int(match["version"]), match["path"], int(match["page"]))

    async def run(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None and table.state is not None
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        path = [p for p in self.path.split(".") if p]
        content, file, view = await hand_panel(bot_of(interaction).host.publisher, table, seat, 0, "", path)
        view.clear_items()
        add_step(view, table, seat, path, self.page)
        view.add_item(HandButton(table.id, label="Refresh"))
        await redraw(interaction, content=content, attachments=[file], view=view)


LOBBY_CHOICES = ("accept", "decline", "join", "start", "cancel")
LOBBY_LABELS = {"accept": "Accept", "decline": "Decline", "join": "Join", "start": "Start now", "cancel": "Withdraw"}


class LobbyButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"parlour:lobby:(?P<game>\d+):(?P<choice>accept|decline|join|start|cancel)",
):
    """Invitees accept or decline; anyone in the channel may take an open seat; the inviter
    may start with who is in, or withdraw."""

    def __init__(self, game_id: int, choice: str) -> None:
        self.game_id, self.choice = game_id, choice
        style = {
            "accept": discord.ButtonStyle.success,
            "join": discord.ButtonStyle.success,
            "start": discord.ButtonStyle.primary,
        }.get(choice, discord.ButtonStyle.secondary)
        super().__init__(
            discord.ui.Button(label=LOBBY_LABELS[choice], style=style, custom_id=f"parlour:lobby:{game_id}:{choice}")
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
        if not same_place(interaction, table):
            await say(interaction, "That invitation belongs to another channel.")
            return False
        problem = cannot_post(interaction) if self.choice in ("accept", "join", "start") else None
        if problem:  # the game would begin with no table to show it: wait until it can be posted
            await say(interaction, f"{problem} The invitation stays open.")
            return False
        seat = table.seat_of(interaction.user.id)
        inviter = seat == len(table.seats) - 1
        if self.choice == "join":
            problem = bot_of(interaction).lobby.join_problem(table, interaction.user)
            if problem:
                await say(interaction, problem)
                return False
            return True
        if self.choice in ("start", "cancel"):
            if not inviter:
                await say(interaction, "Only the member who sent the invitation can start it early or withdraw it.")
                return False
            return True
        if seat is None:
            await say(interaction, "This invitation isn't for you.")
            return False
        if inviter:
            await say(interaction, "You sent this invitation: use **Start now** or **Withdraw**.")
            return False
        if table.seats[seat].accepted and self.choice == "accept":
            await say(interaction, "You've already accepted; waiting for the others.")
            return False
        return True

    async def run(self, interaction: discord.Interaction) -> None:
        table = table_for(interaction, self.game_id)
        assert table is not None
        lobby = bot_of(interaction).lobby
        async with table.lock:
            if table.status != "lobby":
                await say(interaction, "This invitation is no longer open.")
                return
            if self.choice == "join":  # checked again under the lock: two may click for the last seat
                problem = lobby.join_problem(table, interaction.user)
                if problem:
                    await say(interaction, problem)
                    return
                answer = await lobby.join(table, interaction.user)
            else:
                answer = await getattr(lobby, self.choice)(table, interaction.user.id)
        await say(interaction, answer)
        await lobby.settle(table)


class RematchButton(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=r"parlour:rematch:(?P<game>\d+)"):
    """On a finished table: the same seats and settings again, as a new invitation."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label="Rematch", emoji="🔁", style=discord.ButtonStyle.primary, custom_id=f"parlour:rematch:{game_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def run(self, interaction: discord.Interaction) -> None:
        answer = await bot_of(interaction).lobby.rematch(interaction, self.game_id)
        if answer:
            await say(interaction, answer)


DYNAMIC_ITEMS = (
    HandButton,
    ActSelect,
    PageButton,
    QuickButton,
    LobbyButton,
    RematchButton,
    StepButton,
    StepSelect,
    StepPage,
)
