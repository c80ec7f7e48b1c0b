"""GameCog: the slash commands every game shares, generic over one engine game.

A game's cog subclasses it with `group_name=<game>`, sets `game_name`, and adds its
own `start` command (whose options differ per game) that calls `start_game`.
play, hand, resign, rules and board come from here unchanged.
"""

from __future__ import annotations

import contextlib
import inspect
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Optional

import discord
from discord import app_commands
from discord.ext import commands

from bot import words
from bot.boards import game_boards, ledger_board
from bot.lobby import ai_seat, member_seat
from bot.notify import private_parts
from bot.publisher import png_file
from bot.replies import cannot_post, table_note, with_retries
from bot.rules import send_quick_start
from bot.table import Table
from bot.views import hand_text, open_panel, say, with_calls
from bot.words import plural
from engine import GAMES, Action, Game, IllegalAction

if TYPE_CHECKING:
    from bot.app import ParlourBot

NO_MATCH = 9
AUTOCOMPLETE_BUDGET = 2.0  # seconds of retries: Discord drops an autocomplete left unanswered for 3 s


def match_rank(action: Action, typed: str) -> int:
    """How well a legal action matches what a member typed, 0 best, NO_MATCH for none.

    Cards come first: "5" finds the moves that play a 5 before those that merely
    mention one later, and "2 2" finds a pair of 2s whatever the verb.
    """
    if not typed:
        return 0
    text = action.text
    words = text.split()
    wanted = typed.split()
    cards = [str(c).lower() for c in action.parts.get("cards", [])] or words[1:]
    if text.startswith(typed):
        return 0
    if _in_order(wanted, cards) and cards[: len(wanted)] == wanted[: len(cards)]:
        return 1  # the typed cards are the first the move plays
    if _in_order(wanted, words[1:]) or _in_order(wanted, [w.rstrip("shdc") for w in words[1:]]):
        return 2
    if typed in text or (action.label and typed in action.label.lower()):
        return 3
    return NO_MATCH


def _in_order(wanted: list[str], words: list[str]) -> bool:
    """Whether every wanted word starts some later word, in order (a pair needs two)."""
    i = 0
    for w in words:
        if i < len(wanted) and w.startswith(wanted[i]):
            i += 1
    return i == len(wanted)


class GameCog(commands.GroupCog):
    game_name: ClassVar[str]
    # (label, action text) shown as buttons on the table while some seat may take them
    table_buttons: ClassVar[tuple[tuple[str, str], ...]] = ()
    # a game with its own move panel implements open_panel(interaction, table, note=, page=, edit=)
    has_own_panel: ClassVar[bool] = False
    # the title the command group goes by (an alias's own, "Authors"); None: the game's
    variant_title: ClassVar[str | None] = None

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def game(self) -> type[Game]:
        return GAMES[self.game_name]

    def buttons_for(self, table: Table) -> list[tuple[str, str]]:
        """(label, action) buttons for the table message now: by default those of
        `table_buttons` that some seat to move may take. Override for calls that are
        always open (a hint in a one-player game)."""
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
        open_seats: int = 0,
    ) -> Table | None:
        """Check the line-up and options, then open a lobby (or start at once if no one is invited
        and no seat is left open)."""
        # a table the bot can't post would be a game nobody sees: refuse before any row is written
        problem = cannot_post(interaction) or self.line_up_problem(interaction, invited, bots, open_seats)
        if not problem and interaction.guild_id is not None:
            problem = await self.bot.lobby.channel_full(interaction.guild_id, interaction.channel_id or 0)
        try:
            resolved = self.game.resolve_options(options)
        except ValueError as exc:
            problem = problem or str(exc)
        if problem:
            await say(interaction, problem)
            return None
        invited_seats = [member_seat(m) for m in invited]
        ai_seats = [ai_seat(ai, i + 1 if bots > 1 else 0) for i in range(bots)]
        table = await self.bot.lobby.open(
            game=self.game,
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            creator=interaction.user,
            invited=invited_seats,
            ai=ai_seats,
            options=resolved,
            seed=seed,
            daily=daily,
            open_seats=open_seats,
        )
        if invited or open_seats:
            names = [words.shown(m.display_name) for m in invited]
            if open_seats:
                names.append(f"anyone here for {plural(open_seats, 'open seat')}")
            await say(interaction, f"Invitation sent to {' and '.join(names)} for {table.title} #{table.id}.")
        else:
            await say(interaction, f"{table.title} #{table.id} begins.")
        await self.bot.lobby.launch(table)
        return table

    def line_up_problem(
        self, interaction: discord.Interaction, invited: list[discord.abc.User], bots: int, open_seats: int = 0
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
        players = 1 + len(invited) + bots + open_seats
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
        if table is not None and table.status == "lobby":
            waiting = "it's waiting for the invited players to accept"
            await say(interaction, f"{table.title} #{table.id} hasn't started yet: {waiting}.")
            return None
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
        await self.act_and_answer(interaction, table, seat, action[:200])

    async def act_and_answer(self, interaction: discord.Interaction, table: Table, seat: int, text: str) -> None:
        """Apply a typed move and answer: the narration, the new hand if it changed, any call to make."""
        try:
            played = await self.bot.host.act(table, seat, text)
        except IllegalAction as exc:
            await say(interaction, words.shown_names(str(exc), table.names), **with_calls(table, seat))
            return
        extra = with_calls(table, seat)
        content = words.shown_names(played.summary, table.names)
        if played.hand_changed and private_parts(table, seat):
            png = await self.bot.host.publisher.render_hand(table, seat)
            extra["file"] = png_file(png, "hand.png", "Your hand")
            content = f"{content}\n{hand_text(table, seat)}"
        await say(interaction, content + table_note(interaction), **extra)

    @play.autocomplete("action")
    async def play_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        table = self.my_table(interaction)
        seat = table.seat_of(interaction.user.id) if table is not None else None
        choices = []
        if table is not None and seat is not None and table.active:
            choices = [
                app_commands.Choice(name=label[:100], value=text[:100])
                for text, label in self.suggestions(table, seat, current)[:25]
            ]
        # Answered here rather than by discord.py once this returns: its answer is never retried,
        # and a Discord fault on it is logged as a crash. This one is retried like every reply,
        # within the few seconds a suggestion is worth; past that the member just sees none.
        with contextlib.suppress(discord.HTTPException):
            await with_retries(lambda: interaction.response.autocomplete(choices), budget=AUTOCOMPLETE_BUDGET)
        return choices

    def suggestions(self, table: Table, seat: int, current: str) -> list[tuple[str, str]]:
        """(action text, label) pairs for autocomplete: what is typed, if it is legal as it
        stands (any combination, not only the listed ones), then the listed moves it matches,
        best first (see `match_rank`)."""
        assert table.state is not None
        typed = " ".join(current.lower().split())
        actions = table.moves(seat)
        if not actions:
            return []
        out: dict[str, str] = {}
        if typed:
            try:
                exact = table.state.parse(seat, typed)
            except IllegalAction:
                pass
            else:
                out[exact.text] = f"✓ {table.fill(exact.label) if exact.label else exact.text}"
        ranked = sorted(((match_rank(a, typed), i, a) for i, a in enumerate(actions)), key=lambda r: (r[0], r[1]))
        for rank, _i, a in ranked:
            if rank < NO_MATCH:
                out.setdefault(a.text, a.label or a.text)
        return list(out.items())

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
        if table.seats[seat].forfeit:
            await say(interaction, "You are out of this game already; the AI plays your seat.")
            return
        await say(interaction, "You resigned.")
        await self.bot.host.forfeit(table, seat, reason=f"{table.names[seat]} resigned")

    @app_commands.command(name="rules", description="How to play: a quick start, with the full rules a click away.")
    async def rules(self, interaction: discord.Interaction) -> None:
        # an alias (/authors) names its own commands and title over the shared page
        await send_quick_start(interaction, self.game, group=self.__cog_group_name__, title=self.variant_title)

    @app_commands.command(name="claim", description="End a game a player has abandoned (after a day without a move).")
    async def claim(self, interaction: discord.Interaction) -> None:
        table = await self.require_table(interaction)
        if table is None:
            return
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        await say(interaction, await self.bot.host.claim(table, seat))

    @app_commands.command(name="leaderboard", description="This server's best players of this game.")
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        embeds = await game_boards(self.bot, interaction.guild_id or 0, self.game, interaction.user)
        await say(interaction, None, embeds=embeds, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="board", description="Post the table again at the bottom of the channel.")
    async def board(self, interaction: discord.Interaction) -> None:
        tables = [t for t in self.bot.tables.in_channel(interaction.channel_id or 0, self.game_name) if t.active]
        table = self.my_table(interaction) or (max(tables, key=lambda t: t.id) if tables else None)
        # a member's own lobby too: its invitation deleted, the Accept button comes back with it
        if table is None or table.status not in ("active", "lobby"):
            await say(interaction, f"There is no {self.game.title} game running in this channel.")
            return
        problem = cannot_post(interaction)
        if problem:
            await say(interaction, f"{problem} The game is kept; I'll post its table once I can.")
            return
        await say(interaction, "Here it is, at the bottom.")
        table.buried = 10**6  # force a repost
        await self.bot.host.publisher.show(table)  # a Discord fault: the publisher reposts it


# -- cogs generated from the registry ------------------------------------------------------
AI_LEVELS = ("easy", "normal", "hard")


def generated_cog(game: type[Game], alias: str | None = None) -> type[GameCog]:
    """The cog of a game with no cog module of its own: GameCog's commands plus a `start`
    whose options are the game's own `Option`s, offered as slash-command choices. With an
    alias (Game.aliases), the group of that variant: its options fixed, the rest shared."""
    group, title, fixed = game.name, game.title, {}
    if alias is not None:
        title, fixed = game.aliases[alias]
        group = alias
    class_name = "".join(word.title() for word in group.split("_")) + "Cog"
    namespace: dict[str, Any] = {
        "game_name": game.name,
        "start": start_command(game, class_name, title, fixed),
        "table_buttons": game.table_buttons,
        "variant_title": title,
        "__module__": __name__,
    }
    if game.ledger:
        namespace[game.ledger] = ledger_command(game, class_name)
    description = f"{title}: play it here with members or the AI."
    return type(class_name, (GameCog,), namespace, group_name=group, group_description=description[:100])


def ledger_command(game: type[Game], class_name: str) -> app_commands.Command[Any, ..., None]:
    """`/<game> <ledger>` (e.g. `/<game> chips`): the server's running totals."""
    key = game.ledger or ""

    async def ledger(self: GameCog, interaction: discord.Interaction) -> None:
        embed = await ledger_board(self.bot, interaction.guild_id or 0, self.game, interaction.user)
        await say(interaction, None, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    ledger.__qualname__ = f"{class_name}.{key}"
    command = app_commands.Command(
        name=key, description=f"This server's {key} in {game.title}: who is up and who is down.", callback=ledger
    )
    command.guild_only = True
    return command


def start_command(
    game: type[Game], class_name: str, title: str | None = None, fixed: dict[str, str] | None = None
) -> app_commands.Command[Any, ..., None]:
    """`/<game> start` built from the game's facts: who to invite, AI seats, its options
    (less those an alias fixes)."""
    title, fixed = title or game.title, fixed or {}
    offered = [opt for opt in game.options if opt.name not in fixed]
    member = Optional[discord.Member]  # noqa: UP045 - discord.py reads this annotation at runtime
    params: list[inspect.Parameter] = []
    described: dict[str, str] = {}

    def add(name: str, annotation: Any, default: Any, text: str) -> None:
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default))
        described[name] = text[:100]

    invitees: list[str] = []
    if game.max_players == 2:
        invitees = ["opponent"]
        add("opponent", member, None, "Who to invite; leave empty to play the AI.")
    elif game.max_players > 2:
        invitees = [f"player{i}" for i in range(2, game.max_players + 1)]
        for name in invitees:
            add(name, member, None, "A member to invite")
    if game.max_players > 1:
        bots = app_commands.Range[int, 0, game.max_players - 1]
        add("bots", Optional[bots], None, bots_words(game))  # noqa: UP045
        add("ai", Literal[AI_LEVELS], "normal", "How strong the AI seats play")
        add("open", bots, 0, "Seats anyone in this channel can take with the Join button")
    for opt in offered:
        add(opt.name, Literal[opt.choices], opt.default, opt.description)

    async def start(self: GameCog, interaction: discord.Interaction, **given: Any) -> None:
        invited = [given[name] for name in invitees if given.get(name) is not None]
        open_seats = given.get("open", 0)
        bots = given.get("bots")
        if bots is None:
            bots = default_bots(game, len(invited) + open_seats)
        options = {**{opt.name: given[opt.name] for opt in offered}, **fixed}
        ai = given.get("ai", "normal")
        await self.start_game(interaction, invited=invited, bots=bots, ai=ai, options=options, open_seats=open_seats)

    start.__qualname__ = f"{class_name}.start"  # a method: discord.py skips `self`
    start.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
            inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
            *params,
        ]
    )
    start.__discord_app_commands_param_description__ = described  # type: ignore[attr-defined]
    players = "just you" if game.solo else f"{game.min_players} to {game.max_players} players"
    if game.min_players == game.max_players and not game.solo:
        players = f"{game.min_players} players"
    elif game.min_players == 1 and not game.solo:
        players = f"alone, or up to {game.max_players} players"
    command = app_commands.Command(name="start", description=f"Start {title} ({players}).", callback=start)
    command.guild_only = True
    return command


def bots_words(game: type[Game]) -> str:
    if game.min_players == 1:
        return "AI seats; with nobody invited and no AI you play the solo game"
    return "AI seats; with nobody invited they fill the table"


def default_bots(game: type[Game], invited: int) -> int:
    """AI seats when the starter names none: enough for a game, or a lively table alone."""
    if game.solo or (game.min_players == 1 and not invited):
        return 0  # alone: the solo game starts at once, like a one-player game
    if invited:
        return max(0, game.min_players - 1 - invited)
    return min(game.max_players - 1, max(game.min_players - 1, 3 if game.max_players > 4 else game.max_players - 1))
