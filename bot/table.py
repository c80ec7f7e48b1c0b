"""A running game: its seats, engine state, lock and persistence.

`Table.act` is the only way a Discord user's (or an AI's) action reaches the
engine. It runs under the table's lock, applies to the engine (which refuses an
illegal action without changing anything) and stores the result in one
transaction; if storing fails the engine state is put back, so memory and the
database never disagree.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.storage import GameRow, LedgerRow, SeatRow, Storage
from engine import GAMES, Action, Event, Game, IllegalAction, State
from engine.core import readings

log = logging.getLogger(__name__)

SEAT_MARK = re.compile(r"\{p(\d+)\}")


class StalePanel(IllegalAction):
    """A click on a panel drawn for a position that has since moved on."""


@dataclass
class Seat:
    user_id: int | None
    ai: str | None
    name: str
    accepted: bool = True
    strikes: int = 0  # turns in a row the timer had to play for this player
    forfeit: bool = False

    @property
    def is_ai(self) -> bool:
        return self.ai is not None

    @property
    def is_open(self) -> bool:
        """A lobby seat any member of the channel may take with the Join button."""
        return self.user_id is None and self.ai is None

    @property
    def autoplay(self) -> bool:
        """Whether the bot moves for this seat (an AI, or a player who forfeited)."""
        return self.ai is not None or self.forfeit

    def row(self, seat: int) -> SeatRow:
        return SeatRow(seat, self.user_id, self.ai, self.name, self.accepted, self.strikes, self.forfeit)


@dataclass
class Table:
    id: int
    guild_id: int
    channel_id: int
    game: type[Game]
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    status: str = "lobby"
    state: State | None = None
    version: int = 0
    message_id: int | None = None
    daily: str | None = None
    deadline: datetime | None = None
    created_at: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    # the channel log under the picture: enough lines for a round of 8-seat passes after a play
    log: deque[str] = field(default_factory=lambda: deque(maxlen=10), repr=False)
    buried: int = 0  # channel messages posted since the table message
    dm_closed: set[int] = field(default_factory=set, repr=False)
    # seat -> the private view keys the member was last shown (in a picture, or in words at a
    # deal), so a turn alert carries the picture only when it holds something they have not seen
    shown: dict[int, dict[str, Any]] = field(default_factory=dict, repr=False)
    # seats told their hand in words at a deal and not yet shown its picture
    in_words: set[int] = field(default_factory=set, repr=False)
    pings: dict[int, int] = field(default_factory=dict, repr=False)  # seat -> its "your move" message
    last_acted: dict[int, float] = field(default_factory=dict, repr=False)  # seat -> loop time of its last move
    final: dict[str, Any] | None = None  # the result drawn on the table once the game has ended
    redraw: bool = False  # loaded from storage: the message may show an older position
    moved_at: datetime = field(default_factory=discord.utils.utcnow)  # the last stored move (or the deal)
    # seat -> the deadline it missed, while the timer plays that turn out: the turn stays
    # overdue (one strike, no fresh clock) until it passes to another seat than a partner's
    overdue: dict[int, datetime] = field(default_factory=dict, repr=False)
    # who made the move that brought the present turn seats (None: not known since a restart);
    # with several seats in turn, that one only holds a window open (to add matching cards, say)
    turn_by: int | None = None

    # -- who is who ----------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """Seat names as the table shows them: members who share a display name get their
        seat number too, counted from 0 as the notation counts seats ("Ask seat 2 (bob #2)"), so
        narration, pictures and panels tell them apart. A member really called "bob #2" gets
        their number too ("bob #2 #0"), and so on until every seat's name is its own."""
        names = [s.name for s in self.seats]
        numbered = [False] * len(names)
        while True:
            shared = [i for i, n in enumerate(names) if not numbered[i] and names.count(n) > 1]
            if not shared:  # names with their own seat number differ from each other
                return names
            for i in shared:
                names[i], numbered[i] = f"{names[i]} #{i}", True

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.user_id is not None]

    @property
    def title(self) -> str:
        """The game's name as players know this table: a variant's own name (Authors) if it has one."""
        for title, fixed in self.game.aliases.values():
            if all(self.options.get(k) == v for k, v in fixed.items()):
                return title
        return self.game.title

    @property
    def alone(self) -> bool:
        """One seat: a one-player game, or a solo variant of a game for more (no timer, alerts or rating)."""
        return len(self.seats) == 1

    @property
    def has_ai(self) -> bool:
        return any(s.is_ai for s in self.seats)

    @property
    def active(self) -> bool:
        return self.status == "active" and self.state is not None and not self.state.over

    def waiting_on(self) -> list[int]:
        return list(self.state.to_move) if self.active and self.state else []

    def turn_humans(self) -> list[int]:
        """Members whose turn it is (not seats that may only make a call)."""
        if not self.active or self.state is None:
            return []
        return [s for s in self.state.turn_seats if not self.seats[s].autoplay]

    def fill(self, text: str) -> str:
        """An engine sentence with its seat placeholders ({p0}, {p1}...) replaced by names.

        Only those: a refusal may quote what a member typed, and str.format would read their
        "{x.y}" or "{p0!r}" as a field (an AttributeError, or a repr in the answer)."""
        names = self.names
        return SEAT_MARK.sub(lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], text)

    def moves(self, seat: int) -> list[Action]:
        """The seat's legal actions, their labels with seat names filled in ("Stop {p2}" -> "Stop Bob")."""
        if self.state is None:
            return []
        return [
            Action(a.text, self.fill(a.label), a.parts) if "{" in a.label else a for a in self.state.legal_actions(seat)
        ]

    def narrate(self, events: list[Event]) -> list[str]:
        lines = [self.fill(e.text) for e in events if e.text]
        self.log.extend(lines)
        return lines

    # -- acting ----------------------------------------------------------------------
    async def act(
        self,
        storage: Storage,
        seat: int,
        text: str,
        *,
        by_ai: bool = False,
        expected_version: int | None = None,
        timer_minutes: int = 0,
        strike: bool = False,
        applied: Callable[[State], None] | None = None,
    ) -> list[Event]:
        """Apply and store one action; the caller holds `self.lock`.

        A human's own move clears their timeout strikes; a move the timer made for
        them adds one. The next deadline is set when a human is to move. `applied` is
        shown the new position before it is stored (to start drawing it meanwhile).
        """
        if self.status != "active" or self.state is None or self.state.over:
            raise IllegalAction("This game is over.")
        if not by_ai and self.seats[seat].forfeit:  # the AI plays a seat its member gave up
            raise IllegalAction("You gave up your seat in this game; the AI plays it now.")
        if expected_version is not None and expected_version != self.version:
            raise StalePanel("The game has moved on since that panel was drawn; here is the current one.")
        try:
            if seat in self.state.to_move:
                text = understood(self.state, seat, text).text  # store the canonical notation
            # Apply to a copy (in a worker thread where a solver hint can take a while); the
            # copy becomes the table's state only once the database has committed it, so
            # nobody ever sees a move that is not stored.
            after = self.state.copy()
            if self.game.searching:
                events = await asyncio.to_thread(after.apply, seat, text)
            else:
                events = after.apply(seat, text)
        except IllegalAction as exc:  # a refusal may name seats ("{p1} must answer first")
            if exc.args and isinstance(exc.args[0], str) and "{" in exc.args[0]:
                exc.args = (self.fill(exc.args[0]), *exc.args[1:])
            raise
        if applied is not None:
            applied(after)
        strikes = self.seats[seat].strikes
        strikes = strikes + 1 if strike else (strikes if by_ai else 0)
        overdue = self._overdue_after(seat, after, by_ai=by_ai, strike=strike)
        deadline = None
        humans = [s for s in after.turn_seats if not self.seats[s].autoplay]
        if timer_minutes and not after.over and humans:
            missed = [overdue[s] for s in humans if s in overdue]
            # the rest of a turn the timer took over is overdue still: its deadline stays
            deadline = min(missed) if missed else discord.utils.utcnow() + timedelta(minutes=timer_minutes)
        opened = opens_turn(self.state.turn_seats, after.turn_seats, seat, self.state.is_call(text))
        turn_by = seat if opened else self.turn_by
        rows = None  # the seats' rows are rewritten only when a strike count changes
        if strikes != self.seats[seat].strikes:
            rows = [s.row(i) for i, s in enumerate(self.seats)]
            rows[seat] = replace(rows[seat], strikes=strikes)
        await storage.record_action(
            self.id,
            self.version,
            seat,
            text,
            after.dump(),
            by_ai=by_ai,
            deadline=deadline,
            seats=rows,
            ledger=self.ledger_rows(after),
        )
        self.state, self.seats[seat].strikes = after, strikes
        self.version += 1
        self.deadline, self.overdue, self.turn_by = deadline, overdue, turn_by
        self.moved_at = discord.utils.utcnow()
        return events

    def _overdue_after(self, seat: int, after: State, *, by_ai: bool, strike: bool) -> dict[int, datetime]:
        """The overdue turns once `seat` has moved to `after`. A strike starts one (the timer
        takes the turn over); a member's own move ends theirs; a turn ends when it passes to
        a seat outside its player's side (so Hand and Foot's "May I go out?" to a partner,
        and the answer handing the turn back, stay within it)."""
        overdue = dict(self.overdue)
        if strike:
            overdue[seat] = self.deadline or discord.utils.utcnow()
        elif not by_ai:
            overdue.pop(seat, None)
        turn = set(after.turn_seats)
        return {
            s: missed
            for s, missed in overdue.items()
            if not after.over and not self.seats[s].autoplay and turn <= side_of(after, s)
        }

    async def recall(self, storage: Storage) -> None:
        """After a restart, what memory held of the turn in progress, worked out from the
        stored actions: the overdue turn the timer was playing out (so it costs no second
        strike and gets no fresh clock), and who opened the present turn seats."""
        if not self.active or self.state is None:
            return
        state, turn = self.state, set(self.state.turn_seats)
        # a member's own move clears their strikes and the timer's adds or keeps them: a member
        # with strikes last moved by the timer, maybe part way through the turn still open (or
        # waiting on their partner's answer to it)
        struck = [
            s
            for s in self.human_seats()
            if self.seats[s].strikes and not self.seats[s].autoplay and turn <= side_of(state, s)
        ]
        several = len(turn) > 1 and bool(self.turn_humans())
        if not (struck or several):
            return
        actions = await storage.actions(self.id)
        for s in struck:
            for _seq, actor, _text in reversed(actions):
                if actor == s:  # the timer was playing this turn when the bot stopped
                    self.overdue[s] = min(self.deadline or self.moved_at, self.moved_at)
                    break
                if actor not in side_of(state, s):
                    break  # the turn went round since: this one is new
        if several:
            self.turn_by = self.replayed_turn_by(actions)

    def replayed_turn_by(self, actions: list[tuple[int, int, str]]) -> int | None:
        """Who brought the present turn seats, from a replay of the game (a game is
        reproducible from its seed, options and actions); None if it does not replay."""
        try:
            state, turn_by = self.new_state(), None
            for _seq, actor, text in actions:
                before = state.turn_seats
                state.apply(actor, text)
                if opens_turn(before, state.turn_seats, actor, state.is_call(text)):
                    turn_by = actor
        except Exception:  # a game that no longer replays still plays on; the timer falls back
            log.exception("game %s does not replay from its actions", self.id)
            return None
        return turn_by

    def ledger_rows(self, state: State, *, called_off: bool = False) -> list[LedgerRow] | None:
        """The members' running nets in `state`, for a game that keeps a ledger. When the
        match stops before it is over (`called_off`), the hand in play is void: each seat
        takes back its stake (Game.ledger_stake), so the pot is nobody's loss."""
        if self.game.ledger is None:
            return None
        view = state.view(None)
        nets = list(view[self.game.ledger])
        if called_off and self.game.ledger_stake and not state.over:
            nets = [net + stake for net, stake in zip(nets, view[self.game.ledger_stake], strict=True)]
        return [
            LedgerRow(s.user_id, self.guild_id, self.game.name, int(nets[i]))
            for i, s in enumerate(self.seats)
            if s.user_id is not None
        ]

    def new_state(self) -> State:
        return self.game.new(len(self.seats), seed=self.seed, options=self.options)

    # -- persistence ----------------------------------------------------------------
    @classmethod
    def from_row(cls, row: GameRow) -> Table:
        game = GAMES[row.game]
        table = cls(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            game=game,
            options=row.options,
            seed=row.seed,
            seats=[Seat(s.user_id, s.ai, s.name, s.accepted, s.strikes, s.forfeit) for s in row.seats],
            status=row.status,
            state=game.load(row.state) if row.state else None,
            version=row.version,
            message_id=row.message_id,
            daily=row.daily,
            deadline=row.turn_deadline,
            created_at=row.created_at,
            redraw=row.redraw,
            moved_at=datetime.fromisoformat(row.updated_at) if row.updated_at else discord.utils.utcnow(),
        )
        if row.ending is not None:  # an ended game: its last picture's words as they were stored
            table.final = row.ending["final"]
            table.log.extend(row.ending["log"])
        return table

    def ending_words(self, final: dict[str, Any], last: str) -> dict[str, Any]:
        """What an ending stores to be drawn again after a restart: the result's words and the
        log lines above them, ending with `last`."""
        return {"final": final, "log": list(deque([*self.log, last], maxlen=self.log.maxlen))}


def opens_turn(before: tuple[int, ...], after: tuple[int, ...], seat: int, call: bool) -> bool:
    """Whether `seat`'s move (`call`: a call) brought the turn seats `after`: it changed who is in
    turn, or it was a turn seat's own move, not a call. The second covers the same seats staying
    in turn with their roles swapped (a window passing between the same two seats)."""
    return set(after) != set(before) or (seat in before and not call)


def side_of(state: State, seat: int) -> set[int]:
    """The seat and its partners."""
    for side in state.sides or ():
        if seat in side:
            return set(side)
    return {seat}


def understood(state: State, seat: int, text: str) -> Action:
    """The legal action a member meant, trying forgiving readings of what they typed."""
    first: IllegalAction | None = None
    for reading in readings(text):
        try:
            return state.parse(seat, reading)
        except IllegalAction as exc:
            first = first or exc
    assert first is not None
    raise first


class Tables:
    """Every open table in memory, keyed by game id; the database is the truth."""

    def __init__(self, storage: Storage, rng: random.Random | None = None) -> None:
        self.storage = storage
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, dict[int, Table]] = {}  # so a message or a command looks at its channel only
        self._rng = rng or random.SystemRandom()  # tests pass a seeded one for repeatable deals

    def get(self, game_id: int) -> Table | None:
        return self._tables.get(game_id)

    def all(self) -> list[Table]:
        return list(self._tables.values())

    def in_channel(self, channel_id: int, game: str | None = None) -> list[Table]:
        here = self._by_channel.get(channel_id, {})
        return [t for t in here.values() if game is None or t.game.name == game]

    def _add(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel.setdefault(table.channel_id, {})[table.id] = table

    def for_member(self, channel_id: int, game: str, user_id: int) -> Table | None:
        """The member's newest open table of this game in this channel."""
        mine = [t for t in self.in_channel(channel_id, game) if t.seat_of(user_id) is not None]
        return max(mine, key=lambda t: t.id) if mine else None

    async def load_open(self) -> list[Table]:
        """Every open game in the database. A row that no longer loads (a game this version
        lacks, a damaged dump) is left in the database and logged: the others still come back."""
        for row in await self.storage.open_games():
            try:
                table = Table.from_row(row)
            except Exception:
                log.exception("game %s (%s) could not be loaded; it stays in the database", row.id, row.game)
                await self._release_daily(row)
                continue
            try:
                await table.recall(self.storage)
            except Exception:  # the game still comes back, its clock as stored
                log.exception("game %s: its turn in progress could not be worked out", row.id)
            self._add(table)
        return self.all()

    async def load_owed_endings(self) -> list[Table]:
        """Ended games whose last picture is owed, to be drawn once; they are not kept as open
        tables. A row that no longer loads is logged once and its ending given up: its result
        is stored, and every later start-up would fail on it the same way."""
        tables = []
        for row in await self.storage.owed_endings():
            try:
                tables.append(Table.from_row(row))
            except Exception:
                log.exception("game %s (%s) could not be loaded to draw its ending; it is given up", row.id, row.game)
                try:
                    await self.storage.ending_drawn(row.id)
                except Exception:
                    log.exception("game %s: its ending could not be given up; the next start-up tries again", row.id)
        return tables

    async def _release_daily(self, row: GameRow) -> None:
        """A daily deal that no longer loads is lost to its player through no doing of theirs:
        it stops counting as their attempt, so they may deal the day's game again (as when
        a game is called off) rather than be sent to a table that is not there."""
        if row.daily is None:
            return
        try:
            await self.storage.release_daily(row.id)
            log.warning("game %s no longer counts as daily deal %s: its players may deal it again", row.id, row.daily)
        except Exception:
            log.exception("game %s: its daily deal could not be released", row.id)

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: type[Game],
        options: dict[str, Any],
        seats: list[Seat],
        seed: int | None = None,
        daily: str | None = None,
    ) -> Table:
        seed = self._rng.randrange(2**31) if seed is None else seed
        rows = [s.row(i) for i, s in enumerate(seats)]
        game_id = await self.storage.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.name,
            options=options,
            seed=seed,
            status="lobby",
            seats=rows,
            daily=daily,
        )
        table = Table(
            id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            options=options,
            seed=seed,
            seats=seats,
            daily=daily,
        )
        self._add(table)
        return table

    def forget(self, game_id: int) -> None:
        table = self._tables.pop(game_id, None)
        if table is not None:
            self._by_channel.get(table.channel_id, {}).pop(game_id, None)
