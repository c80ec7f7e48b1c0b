"""The host runs tables in Discord: settings, each table's background jobs, moves and what
they set off, AI seats, turn timers, forfeits and claims, starting and resuming. Cogs parse
and respond; everything that follows a move starts here so every game gets it the same way.
The table message lives in bot/publisher.py, a game's end in bot/endings.py.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from bot.alarms import Alarms
from bot.drawing import Drawing
from bot.endings import Endings, forfeited, sides, still_open
from bot.notify import Notifier, private_parts
from bot.publisher import Publisher
from bot.storage import Storage
from bot.table import Table, Tables
from engine import Event, IllegalAction, State
from engine.ai import make_player

if TYPE_CHECKING:
    from bot.app import ParlourBot

log = logging.getLogger(__name__)

LOBBY_MINUTES = 10
DEFAULT_TIMER_MINUTES = 10
STRIKES_TO_FORFEIT = 3
MAX_TURN_ACTIONS = 60  # actions the AI plays for a member who timed out (a bound, not a rule)
CLAIM_HOURS = 24  # a member may claim a game once the player to move has been silent this long
AI_RACE_DELAY = 3.0  # seconds an AI waits before a move when a member could also act (a race)
CALL_WINDOW = 10.0  # seconds an AI waits before a move while a member owes a call (a "Nein")


@dataclass(frozen=True, slots=True)
class Played:
    """An accepted action: the engine's events and their narration with names filled in."""

    events: list[Event]
    lines: list[str]
    hand_changed: bool = False  # the actor's own private view changed (a deal, a draw)

    @property
    def summary(self) -> str:
        return "✅ " + " ".join(self.lines)


def choose_for(state: State, seat: int, kind: str, seed: int) -> str:
    """Top-level so a process pool can run it: the AI's action text for `seat`."""
    return make_player(kind, seed=seed, game=state.game.name).choose(state, seat).text


def channel_limit_key(channel_id: int) -> str:
    return f"channel_games:{channel_id}"


class Host:
    def __init__(self, bot: ParlourBot, tables: Tables, storage: Storage, ai_executor: Executor | None) -> None:
        self.bot = bot
        self.tables = tables
        self.storage = storage
        self.ai_executor = ai_executor
        self._tasks: dict[tuple[int, str], asyncio.Task[Any]] = {}
        self._failures: dict[tuple[int, str], int] = {}  # a job's failures in a row (its retry backs off)
        self._settings: dict[tuple[int, str], str] = {}
        self._busy: set[asyncio.Task[Any] | None] = set()
        self._follow: set[asyncio.Task[Any]] = set()
        self.alarms = Alarms(self._alarm)  # every table's turn clock and lobby expiry on one sleeping task
        self.drawing = Drawing()  # the render threads, tables first
        self.render_pool = self.drawing.pool
        self.publisher = Publisher(bot, storage, self.drawing, spawn=self.spawn, call_off=self.call_off_later)
        self.notifier = Notifier(self)
        self.endings = Endings(
            storage,
            tables,
            self.notifier,
            self.publisher,
            setting=self.setting,
            spawn=self.spawn,
            stop_tasks=self.stop_tasks,
        )

    # -- guild settings (cached; the database is the truth) -----------------------------
    async def setting(self, guild_id: int, key: str, default: str) -> str:
        if (guild_id, key) not in self._settings:
            self._settings[guild_id, key] = await self.storage.get_setting(guild_id, key, default)
        return self._settings[guild_id, key]

    async def set_setting(self, guild_id: int, key: str, value: str) -> None:
        await self.storage.set_setting(guild_id, key, value)
        self._settings[guild_id, key] = value

    async def channel_limit(self, guild_id: int, channel_id: int) -> int | None:
        """The most open games (lobbies and games in play) a moderator allows in a channel; None: no limit."""
        value = await self.setting(guild_id, channel_limit_key(channel_id), "")
        return int(value) if value else None

    async def timer_minutes(self, table: Table) -> int:
        if table.alone:
            return 0
        return int(await self.setting(table.guild_id, "timer", str(DEFAULT_TIMER_MINUTES)))

    # -- background work ----------------------------------------------------------------
    def spawn(self, table: Table, kind: str, coro: Any, *, replace: bool = True) -> None:
        """Run a background job for a table, one per kind.

        With replace, an older job of that kind is cancelled unless it is past its
        waiting and already acting (cancelling mid-transaction would lose a move).
        Without it, a live job of that kind is left to carry on and `coro` dropped.
        """
        old = self._tasks.get((table.id, kind))
        if old and not old.done():
            if not replace or old in self._busy:
                coro.close()
                return
            old.cancel()
        task = asyncio.create_task(self._guarded(table, kind, coro), name=f"table-{table.id}-{kind}")
        task.add_done_callback(lambda _done: coro.close())  # a job cancelled before it ran never awaited it
        self._tasks[table.id, kind] = task

    async def _guarded(self, table: Table, kind: str, coro: Any) -> None:
        """A background job never dies silently: a failure is logged and the table looked at
        again after a second, then after 2, 4, ... up to a minute while the job keeps failing."""
        try:
            await coro
            self._failures.pop((table.id, kind), None)
            if self._tasks.get((table.id, kind)) is asyncio.current_task():
                del self._tasks[table.id, kind]  # done: nothing left to stop
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: background %s failed", table.id, kind)
            failures = self._failures[table.id, kind] = self._failures.get((table.id, kind), 0) + 1
            if kind != "follow" and table.active:
                await asyncio.sleep(min(60.0, 2.0 ** (failures - 1)))
                if self._tasks.get((table.id, kind)) is asyncio.current_task():
                    del self._tasks[table.id, kind]  # over: else schedule would leave the retry to this job
                self.schedule(table)

    def stop_tasks(self, table: Table, *, keep_current: bool = False) -> None:
        """Cancel the table's jobs and alarm. The job calling this is not cancelled; with
        keep_current it stays registered, so a shutdown still stops it."""
        self.alarms.clear(table.id)
        for key in [k for k in self._failures if k[0] == table.id]:
            del self._failures[key]
        for key in [k for k in self._tasks if k[0] == table.id]:
            task = self._tasks[key]
            if task is not asyncio.current_task():
                task.cancel()
            elif keep_current:
                continue
            del self._tasks[key]

    def stop_all(self) -> None:
        """At shutdown: no job of this bot writes to the database after it closes."""
        self.alarms.stop()
        for task in [*self._tasks.values(), *self._follow]:
            if task is not asyncio.current_task():
                task.cancel()
        self._tasks.clear()

    def call_off_later(self, table: Table, why: str, *, lobby_only: bool = False) -> None:
        """Call a table off in a job of its own ("call-off"; the caller may be another of the
        table's jobs, such as the publisher, and calling off stops every other one)."""
        if not still_open(table, lobby_only):
            return
        self.spawn(table, "call-off", self.call_off_until_done(table, why, lobby_only=lobby_only), replace=False)

    async def call_off_until_done(self, table: Table, why: str, *, lobby_only: bool = False) -> None:
        """Call a table off; a write the database refuses is tried again after 1, 2, 4 ... s,
        up to a minute apart, while the table is still open (with lobby_only: an invitation)."""
        delay = 1.0
        while still_open(table, lobby_only):
            try:
                await self.endings.cancel(table, why, lobby_only=lobby_only)
                return
            except Exception:
                log.exception("table %s: could not call it off; trying again", table.id)
            await asyncio.sleep(delay)
            delay = min(60.0, delay * 2)

    # -- moves ----------------------------------------------------------------------------
    async def act(
        self,
        table: Table,
        seat: int,
        text: str,
        *,
        by_ai: bool = False,
        expected_version: int | None = None,
        strike: bool = False,
    ) -> Played:
        """Apply one action under the table lock; returns its events and narration.

        What the move sets off (the end, DMs and alerts, the table message, AI turns,
        the timer) runs in the background, so the caller can answer the interaction now.
        """

        def start_drawing(after: State) -> None:
            # a member's move: drawn while the move is stored (a game's last picture carries
            # its result, drawn at the finish)
            if not by_ai and not after.over:
                self.publisher.draw_ahead(table, after, table.version + 1)

        async with table.lock:
            turn_before = set(table.turn_humans())
            try:
                events = await table.act(
                    self.storage,
                    seat,
                    text,
                    by_ai=by_ai,
                    expected_version=expected_version,
                    timer_minutes=await self.timer_minutes(table),
                    strike=strike,
                    applied=start_drawing,
                )
            except BaseException:
                self.publisher.drop_drawn_ahead(table)
                raise
            lines = table.narrate(events)
            hand_changed = seat in table.human_seats() and private_parts(table, seat) != table.shown.get(seat, {})
        if not by_ai:
            table.last_acted[seat] = asyncio.get_running_loop().time()
        task = asyncio.create_task(
            self.after_change(table, seat, turn_before, by_ai=by_ai), name=f"table-{table.id}-follow"
        )
        self._follow.add(task)  # hold a reference until done, as asyncio asks
        task.add_done_callback(self._follow.discard)
        return Played(events, lines, hand_changed)

    async def after_change(
        self,
        table: Table,
        actor: int | None,
        turn_before: set[int],
        *,
        by_ai: bool = False,
    ) -> None:
        """Everything a move sets off: the end, alerts and DMs, the table message, AI turns, the timer."""
        try:
            if table.state is not None and table.state.over:
                await self.endings.finish(table)
                return
            if actor is not None and actor in table.pings and actor not in table.turn_humans():
                await self.notifier.clear_pings(table, [actor])
            if not by_ai:
                self.publisher.wake_publisher(table)  # a member is at the table: the channel may be open again
            self.schedule(table, fresh_ai=not by_ai)
            await self.notifier.after_move(table, actor, turn_before)
        except Exception:
            log.exception("table %s: follow-up of a move failed", table.id)
            self.schedule(table)

    def schedule(self, table: Table, *, fresh_ai: bool = False, drawn: bool = False) -> None:
        """Bring the table's background jobs in line with its state: the picture, AI seats, the timer.

        With fresh_ai (after a member's move) an AI still waiting for members starts over
        on the new position; after an AI's own move the running AI loop carries on. With
        drawn, the table message was just drawn (or left to the publisher): no second draw.
        """
        if table.status not in ("active", "lobby"):
            return
        if not drawn:
            self.publisher.mark_dirty(table)
        if not table.active:
            return
        if any(table.seats[s].autoplay for s in table.waiting_on()):
            self.spawn(table, "ai", self.run_ai(table), replace=fresh_ai)
        self.arm_timer(table)

    # -- AI seats -------------------------------------------------------------------------
    async def run_ai(self, table: Table) -> None:
        """Move for every AI (or forfeited) seat that may act, until only members can."""
        while table.active:
            pick = await self.next_ai_move(table)
            if pick is None:
                return
            seat, text, version = pick
            task = asyncio.current_task()
            self._busy.add(task)
            try:
                await self.act(table, seat, text, by_ai=True, expected_version=version)
            except IllegalAction:
                continue  # the position moved on while the AI thought; look again
            finally:
                self._busy.discard(task)

    async def next_ai_move(self, table: Table) -> tuple[int, str, int] | None:
        """The next AI action: a call at once, else a turn move after a fair wait for members."""
        assert table.state is not None
        while table.active:
            state, version = table.state, table.version
            to_move = table.waiting_on()
            turn = set(state.turn_seats)
            for seat in to_move:  # an AI says a call it may make at once: it is never worse to
                if table.seats[seat].autoplay and seat not in turn:
                    calls = [a for a in state.legal_actions(seat) if state.is_call(a)]
                    if calls:
                        return seat, calls[0].text, version
            auto = [s for s in to_move if s in turn and table.seats[s].autoplay]
            if not auto:
                return None
            seat = auto[0]
            text = await self.choose(table, seat, table.seats[seat].ai or "heuristic")
            wait = self.member_window(table, state)
            if wait and not state.is_call(text):
                await self.wait_for_move(table, version, wait)
            if table.version == version:
                return seat, text, version
        return None

    async def wait_for_move(self, table: Table, version: int, seconds: float) -> None:
        """Sleep `seconds`, or less if the position moves on meanwhile (checked every quarter second)."""
        if table.version == version:
            await asyncio.sleep(seconds)  # a member's move cancels this wait (see schedule)

    def member_window(self, table: Table, state: State) -> float:
        """How long an AI waits before a turn move so members can act first: longer while a
        member owes a call (a Nein), a short race delay while a member may also move."""
        members = [s for s in table.waiting_on() if not table.seats[s].autoplay]
        if any(state.is_call(a) for s in members for a in state.legal_actions(s)):
            return CALL_WINDOW
        if any(s in state.turn_seats for s in members):
            return AI_RACE_DELAY
        return 0.0

    async def choose(self, table: Table, seat: int, kind: str) -> str:
        assert table.state is not None
        state = table.state.copy()
        seed = table.seed + table.version
        if self.ai_executor is None:
            return await asyncio.to_thread(choose_for, state, seat, kind, seed)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.ai_executor, choose_for, state, seat, kind, seed)

    # -- the turn timer -------------------------------------------------------------------
    def arm_timer(self, table: Table) -> None:
        """Set the table's alarm: a reminder halfway through a long turn, else the deadline."""
        if not (table.active and table.turn_humans() and table.deadline is not None):
            self.alarms.clear(table.id)
            return
        # Halfway through the turn as it began (moved_at), not through what is left of it: the
        # timer is armed again after a restart or another seat's resignation, and a member
        # already reminded must not be reminded again.
        turn = table.deadline - table.moved_at
        halfway = table.moved_at + turn / 2
        if turn > timedelta(seconds=60) and discord.utils.utcnow() < halfway:
            self.alarms.set(table.id, halfway, table.version, "remind")
        else:
            self.alarms.set(table.id, table.deadline, table.version, "expire")

    def timer_armed(self, table: Table) -> bool:
        """Whether the turn clock runs for the table's current position (or is acting on it)."""
        job = self._tasks.get((table.id, "timer"))
        return self.alarms.armed(table.id, table.version) or (job is not None and not job.done())

    def arm_lobby(self, table: Table) -> None:
        """The invitation's expiry, LOBBY_MINUTES after it was made (on the tables' one alarm task)."""
        created = datetime.fromisoformat(table.created_at) if table.created_at else discord.utils.utcnow()
        self.alarms.set(table.id, created + timedelta(minutes=LOBBY_MINUTES), table.version, "lobby")

    def _alarm(self, table_id: int, version: int, what: str) -> None:
        table = self.tables.get(table_id)
        if what == "lobby":
            if table is not None and table.status == "lobby":
                expired = "⌛ The invitation expired before everyone accepted."
                self.call_off_later(table, expired, lobby_only=True)
            return
        if table is None or not table.active or table.version != version or table.deadline is None:
            return
        if what == "remind":
            self.alarms.set(table.id, table.deadline, version, "expire")
            self.spawn(table, "remind", self.remind(table))
        else:
            self.spawn(table, "timer", self.expire(table, version))

    async def remind(self, table: Table) -> None:
        race = table.state.race_words() if table.state is not None else None
        if race and table.deadline is not None:
            # naming the racers would show who holds an opening card: every member is reminded
            playing = " ".join(f"<@{s.user_id}>" for s in table.seats if s.user_id is not None and not s.autoplay)
            await self.publisher.channel_say(
                table,
                f"⏰ {playing}, {table.title} #{table.id} is waiting. "
                f"{race} The AI opens <t:{int(table.deadline.timestamp())}:R>.",
            )
            return
        mentions = " ".join(f"<@{table.seats[s].user_id}>" for s in self.keeping_waiting(table))
        if mentions and table.deadline is not None:
            await self.publisher.channel_say(
                table,
                f"⏰ {mentions}, it's your move in {table.title} #{table.id}; "
                f"the AI moves for you <t:{int(table.deadline.timestamp())}:R>.",
            )

    async def expire(self, table: Table, version: int) -> None:
        """The deadline passed with the position unchanged: the AI moves for the member."""
        if table.version != version or not table.active:
            return
        task = asyncio.current_task()
        self._busy.add(task)
        try:
            await self.time_out(table, version)
        finally:
            self._busy.discard(task)
            if table.version != version:
                # an overdue turn's alarm rings at once, and was dropped while this job played
                self.arm_timer(table)

    async def time_out(self, table: Table, version: int) -> None:
        """The member the deadline caught gets one strike and the AI plays out their turn."""
        waiting = self.keeping_waiting(table)
        if not waiting:
            return
        seat, player = waiting[0], table.seats[waiting[0]]
        struck = seat in table.overdue  # the rest of a turn already counted (a partner answered, a restart)
        if not await self.play_turn_for(table, seat, version, strike=not struck):
            return  # the member moved meanwhile: their clock starts again
        if struck:
            return
        table.log.append(
            f"⏰ {table.names[seat]} ran out of time, so the AI moved for them "
            f"({player.strikes} of {STRIKES_TO_FORFEIT})."
        )
        if player.strikes >= STRIKES_TO_FORFEIT and table.active:  # not when that turn ended the game
            await self.forfeit(table, seat, reason=f"{table.names[seat]} missed {STRIKES_TO_FORFEIT} turns in a row")

    @staticmethod
    def keeping_waiting(table: Table) -> list[int]:
        """Members whose turn is open, less the seat whose move brought the present turn seats
        when several share the turn: that player only holds a window open (to add matching cards,
        say), and whoever is to play keeps the table waiting (nobody, when an AI is), whatever
        calls were made since."""
        waiting = table.turn_humans()
        turn = table.state.turn_seats if table.state is not None else ()
        if len(turn) < 2 or table.turn_by not in turn:
            return waiting
        return [s for s in waiting if s != table.turn_by]  # none: an AI seat is to move

    async def play_turn_for(self, table: Table, seat: int, version: int, *, strike: bool = True) -> bool:
        """The AI plays the seat's whole turn (draws then plays, a suit after a jack)
        with one strike: a strike per action would forfeit a member for one missed turn and
        restart the clock at each part. False if the position moved on before the first."""
        for step in range(MAX_TURN_ACTIONS):
            text = await self.choose(table, seat, "heuristic")
            try:
                await self.act(table, seat, text, by_ai=True, expected_version=version, strike=strike and step == 0)
            except IllegalAction:
                return step > 0  # the member (or a call) moved first: the AI's choice is stale
            version = table.version
            if seat not in table.turn_humans():
                break
        return True

    # -- forfeits and claims --------------------------------------------------------------
    async def forfeit(self, table: Table, seat: int, *, reason: str) -> None:
        """A resignation, a timeout or a claim: two-seat games end, larger ones go on with an AI."""
        async with table.lock:
            if table.seats[seat].forfeit or not table.active:
                return  # a second /resign, or a game already over: nothing more to say or store
            table.seats[seat].forfeit = True
            await self.storage.update_seats(table.id, [s.row(i) for i, s in enumerate(table.seats)])
            table.log.append(f"🏳️ {reason}.")
        if self.forfeits_end(table):
            await self.endings.finish(table, ended_early=reason)
        else:
            table.log.append(f"The AI plays on for {table.names[seat]}, who is ranked last.")
            await self.notifier.clear_pings(table, [seat])
            self.schedule(table)

    def forfeits_end(self, table: Table) -> bool:
        """Whether the forfeits so far end the game: at two seats, in a partnership (the side
        loses), or once no member is left playing."""
        out = [i for i, s in enumerate(table.seats) if s.forfeit]
        if not out:
            return False
        side_lost = any(i in side for side in sides(table) or [] for i in out)
        members_left = any(s.user_id is not None and not s.forfeit for s in table.seats)
        return len(table.seats) <= 2 or side_lost or not members_left

    async def claim(self, table: Table, seat: int) -> str:
        """End the wait for members who have not moved in a day: they forfeit, as a timeout would."""
        if table.seats[seat].forfeit:  # out of the game: another's forfeit would only share their last place
            return "You gave up your seat in this game; only members still playing can claim it."
        absent = [s for s in table.turn_humans() if s != seat]
        if not absent:
            return "Nobody is keeping you waiting: a claim is for a game whose player to move has gone quiet."
        names = " and ".join(table.names[s] for s in absent)
        ready = table.moved_at + timedelta(hours=CLAIM_HOURS)
        if discord.utils.utcnow() < ready:
            return f"If {names} still hasn't moved, you can claim this game <t:{int(ready.timestamp())}:R>."
        claimer = table.names[seat]
        for s in absent:
            await self.forfeit(table, s, reason=f"{table.names[s]} stopped playing and {claimer} claimed the game")
        return f"You claimed the game: {names} forfeited."

    # -- starting -------------------------------------------------------------------------
    async def begin(self, table: Table) -> None:
        """Deal and open the table once every seat is filled."""
        async with table.lock:
            table.state = table.new_state()
            table.status = "active"
            table.moved_at = discord.utils.utcnow()
            minutes = await self.timer_minutes(table)
            table.deadline = (
                discord.utils.utcnow() + timedelta(minutes=minutes) if minutes and table.turn_humans() else None
            )
            await self.storage.begin_game(table.id, table.state.dump(), table.deadline, table.ledger_rows(table.state))
            table.log.append(f"The game begins: {', '.join(table.names)}.")
        self.stop_tasks(table)  # clears the lobby's expiry alarm
        await self.publisher.show(table)
        turn = table.turn_humans()
        await self.notifier.send_all(table, [(s, s in turn and not table.alone) for s in table.human_seats()])
        self.schedule(table, drawn=True)

    async def resume(self) -> None:
        """After a restart: every open table's buttons work again, its clocks run on from the
        stored deadline, and a table message left behind by a failed edit is redrawn, as is the
        last picture of a game that ended without it being shown."""
        for table in await self.tables.load_open():
            try:
                await self._resume_one(table)
            except Exception:  # one table's trouble must not keep the others from coming back
                log.exception("table %s could not be resumed", table.id)
        for table in await self.tables.load_owed_endings():
            # a job of its own: a Discord that keeps failing must not hold up the start-up
            self.spawn(table, "ending", self.endings.draw_owed(table))

    async def _resume_one(self, table: Table) -> None:
        if table.status == "lobby":
            self.arm_lobby(table)
        elif table.state is not None and table.state.over:
            await self.endings.finish(table)
        elif table.state is not None and self.forfeits_end(table):
            # stopped between a forfeit and the result it ends the game with: finish it now
            await self.endings.finish(table, ended_early=forfeited(table))
        else:
            # what members were last shown is not stored: take it that they saw their hands
            table.shown = {s: private_parts(table, s) for s in table.human_seats()}
            if table.redraw:
                self.schedule(table)
            else:
                self._schedule_quietly(table)

    def _schedule_quietly(self, table: Table) -> None:
        """AI seats and the timer, without redrawing a table message that is up to date."""
        if any(table.seats[s].autoplay for s in table.waiting_on()):
            self.spawn(table, "ai", self.run_ai(table), replace=False)
        self.arm_timer(table)
