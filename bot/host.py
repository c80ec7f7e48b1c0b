"""The host runs tables in Discord: moves, the table message, hand DMs, AI seats,
turn timers and game ends. Cogs parse and respond; everything that follows a move
lives here so every game gets it the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

import renderers
from bot.ratings import rate
from bot.storage import ResultRow, Storage
from bot.table import Seat, Table, Tables
from engine import Event, IllegalAction, State
from engine.ai import make_player

if TYPE_CHECKING:
    from bot.app import ParlourBot

log = logging.getLogger(__name__)

LOBBY_MINUTES = 10
DEFAULT_TIMER_MINUTES = 10
STRIKES_TO_FORFEIT = 3
AI_RACE_DELAY = 3.0  # seconds an AI waits when a human could also act (races, "Nein")
REPOST_AFTER = 15  # channel messages after which the table message is reposted


@dataclass(frozen=True, slots=True)
class Played:
    """An accepted action: the engine's events and their narration with names filled in."""

    events: list[Event]
    lines: list[str]

    @property
    def summary(self) -> str:
        return "✅ " + " ".join(self.lines)


def choose_for(state: State, seat: int, kind: str, seed: int) -> str:
    """Top-level so a process pool can run it: the AI's action text for `seat`."""
    return make_player(kind, seed=seed).choose(state, seat).text


def png_file(data: bytes, name: str, alt: str = "") -> discord.File:
    return discord.File(io.BytesIO(data), filename=name, description=alt[:1000] or None)


class Host:
    def __init__(self, bot: ParlourBot, tables: Tables, storage: Storage, ai_executor: Executor | None) -> None:
        self.bot = bot
        self.tables = tables
        self.storage = storage
        self.ai_executor = ai_executor
        self._tasks: dict[tuple[int, str], asyncio.Task[Any]] = {}
        self._publish_locks: dict[int, asyncio.Lock] = {}
        self._settings: dict[tuple[int, str], str] = {}
        self._busy: set[asyncio.Task[Any] | None] = set()
        self._follow: set[asyncio.Task[Any]] = set()
        # One render thread: Pillow's shared cached fonts and sprites are drawn from one thread at a time.
        self.render_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-render")

    # -- guild settings (cached; the database is the truth) -----------------------------
    async def setting(self, guild_id: int, key: str, default: str) -> str:
        if (guild_id, key) not in self._settings:
            self._settings[guild_id, key] = await self.storage.get_setting(guild_id, key, default)
        return self._settings[guild_id, key]

    async def set_setting(self, guild_id: int, key: str, value: str) -> None:
        await self.storage.set_setting(guild_id, key, value)
        self._settings[guild_id, key] = value

    async def timer_minutes(self, table: Table) -> int:
        if table.game.solo:
            return 0
        return int(await self.setting(table.guild_id, "timer", str(DEFAULT_TIMER_MINUTES)))

    # -- background work ----------------------------------------------------------------
    def spawn(self, table: Table, kind: str, coro: Any, *, replace: bool = True) -> None:
        """Run a background job for a table.

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
        self._tasks[table.id, kind] = asyncio.create_task(coro, name=f"table-{table.id}-{kind}")

    def stop_tasks(self, table: Table) -> None:
        for key in [k for k in self._tasks if k[0] == table.id]:
            task = self._tasks.pop(key)
            if task is not asyncio.current_task():
                task.cancel()

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
        follow: bool = True,
    ) -> Played:
        """Apply one action under the table lock; returns its events and narration.

        With follow, what the move sets off (DMs, the table message, AI turns, the
        timer) runs in the background so the caller can answer the interaction now.
        """
        async with table.lock:
            before = self._hands(table)
            events = await table.act(
                self.storage,
                seat,
                text,
                by_ai=by_ai,
                expected_version=expected_version,
                timer_minutes=await self.timer_minutes(table),
                strike=strike,
            )
            lines = table.narrate(events)
            changed = {s for s, hand in self._hands(table).items() if before.get(s) != hand}
        if follow:
            task = asyncio.create_task(self.after_change(table, changed), name=f"table-{table.id}-follow")
            self._follow.add(task)  # hold a reference until done, as asyncio asks
            task.add_done_callback(self._follow.discard)
        else:
            for s in sorted(changed):
                await self.send_hand(table, s)
        return Played(events, lines)

    def _hands(self, table: Table) -> dict[int, Any]:
        if table.state is None:
            return {}
        return {s: table.state.view(s).get("hand") for s in table.human_seats()}

    async def after_change(self, table: Table, changed_hands: set[int]) -> None:
        """Everything a move sets off: the end, hand DMs, the table message, AI turns, the timer."""
        if table.state is not None and table.state.over:
            await self.finish(table)
            return
        for seat in sorted(changed_hands):
            await self.send_hand(table, seat)
        await self.publish(table)
        if table.active:
            self.spawn(table, "ai", self.run_ai(table))
            self.spawn(table, "timer", self.run_timer(table))

    async def run_ai(self, table: Table) -> None:
        """Move for every AI (or forfeited) seat that is to move, until a human is."""
        cog = self.bot.game_cog(table.game.name)
        moved = False
        while table.active:
            to_move = table.waiting_on()
            auto = [s for s in to_move if table.seats[s].autoplay]
            if not auto:
                break
            seat, version = (cog.ai_order(table, auto) if cog else auto)[0], table.version
            text = await self.choose(table, seat, table.seats[seat].ai or "heuristic")
            if len(auto) < len(to_move) and not (cog and cog.is_call(text)):
                await asyncio.sleep(AI_RACE_DELAY)  # let a human win a race fairly
                if table.version != version:
                    continue
            task = asyncio.current_task()
            self._busy.add(task)
            try:
                await self.act(table, seat, text, by_ai=True, expected_version=version, follow=False)
                moved = True
            except IllegalAction:
                continue  # the position moved on while the AI thought; look again
            finally:
                self._busy.discard(task)
        if not moved:
            return
        if table.state is not None and table.state.over:
            await self.finish(table)
        elif table.active:
            await self.publish(table)
            self.spawn(table, "timer", self.run_timer(table))

    async def choose(self, table: Table, seat: int, kind: str) -> str:
        assert table.state is not None
        state = table.state.copy()
        seed = table.seed + table.version
        if self.ai_executor is None:
            return await asyncio.to_thread(choose_for, state, seat, kind, seed)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.ai_executor, choose_for, state, seat, kind, seed)

    # -- the turn timer -------------------------------------------------------------------
    async def run_timer(self, table: Table) -> None:
        """Remind the player halfway, then let the AI move for them at the deadline."""
        if table.deadline is None or not table.active:
            return
        version = table.version
        remaining = (table.deadline - discord.utils.utcnow()).total_seconds()
        if remaining > 60:
            await asyncio.sleep(remaining / 2)
            if table.version != version or not table.active:
                return
            mentions = " ".join(f"<@{table.seats[s].user_id}>" for s in self.humans_to_move(table))
            await self.channel_say(
                table,
                f"⏰ {mentions}, it's your move in {table.game.title} #{table.id}; "
                f"the AI moves for you <t:{int(table.deadline.timestamp())}:R>.",
            )
            remaining = (table.deadline - discord.utils.utcnow()).total_seconds()
        await asyncio.sleep(max(0.0, remaining))
        if table.version != version or not table.active:
            return
        task = asyncio.current_task()
        self._busy.add(task)
        try:
            await self.time_out(table)
        finally:
            self._busy.discard(task)

    def humans_to_move(self, table: Table) -> list[int]:
        return [s for s in table.waiting_on() if not table.seats[s].autoplay]

    async def time_out(self, table: Table) -> None:
        waiting = self.humans_to_move(table)
        if not waiting:
            return
        seat, player = waiting[0], table.seats[waiting[0]]
        text = await self.choose(table, seat, "heuristic")
        try:
            await self.act(table, seat, text, by_ai=True, expected_version=table.version, strike=True, follow=False)
        except IllegalAction:
            return
        table.log.append(
            f"⏰ {player.name} ran out of time, so the AI moved for them ({player.strikes} of {STRIKES_TO_FORFEIT})."
        )
        if player.strikes >= STRIKES_TO_FORFEIT:
            await self.forfeit(table, seat, reason=f"{player.name} missed {STRIKES_TO_FORFEIT} turns in a row")
        else:
            await self.after_change(table, set())

    # -- ending ---------------------------------------------------------------------------
    async def forfeit(self, table: Table, seat: int, *, reason: str) -> None:
        """A resignation or a timeout forfeit: two-seat games end, larger ones go on with an AI."""
        async with table.lock:
            table.seats[seat].forfeit = True
            await self.storage.update_seats(table.id, [s.row(i) for i, s in enumerate(table.seats)])
            table.log.append(f"🏳️ {reason}.")
        humans_left = [i for i, s in enumerate(table.seats) if not s.forfeit]
        if len(table.seats) <= 2 or not any(table.seats[i].user_id for i in humans_left):
            await self.finish(table, ended_early=True)
        else:
            table.log.append(f"The AI plays on for {table.seats[seat].name}, who is ranked last.")
            await self.publish(table)
            self.spawn(table, "ai", self.run_ai(table))

    def final_places(self, table: Table) -> tuple[list[int], str]:
        """The engine's places, with players who forfeited sharing last place."""
        n = len(table.seats)
        if table.state is not None and table.state.over:
            outcome = table.state.outcome()
            base, reason = list(outcome.places), outcome.reason
        else:
            base, reason = [1] * n, "The game ended early."
        standing = [i for i in range(n) if not table.seats[i].forfeit]
        places = [len(standing) + 1] * n
        for i in standing:
            places[i] = 1 + sum(1 for j in standing if base[j] < base[i])
        return places, reason

    async def finish(self, table: Table, *, ended_early: bool = False) -> None:
        if table.status != "active":
            return
        table.status = "over"
        self.stop_tasks(table)
        places, reason = self.final_places(table)
        won = [p == 1 for p in places]
        if table.game.solo and table.state is not None:
            won = [bool(table.state.outcome().scores[0]) if table.state.over else False]
        results = self.results(table, places, won)
        ratings = await self.new_ratings(table, places)
        await self.storage.finish_game(
            table.id,
            "over",
            guild_id=table.guild_id,
            game=table.game.name,
            results=results,
            vs_ai=table.has_ai,
            ratings=ratings,
        )
        winners = [table.seats[i].name for i, w in enumerate(won) if w]
        if table.game.solo:
            table.log.append("🏆 Solved!" if won[0] else "The game is over.")
        else:
            table.log.append(f"🏆 {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}. {reason}")
        await self.publish(table)
        self.tables.forget(table.id)

    def results(self, table: Table, places: list[int], won: list[bool]) -> list[ResultRow]:
        view = table.state.view(None) if table.state else {}
        outcome = table.state.outcome() if table.state and table.state.over else None
        seconds = None
        if table.created_at:
            seconds = (discord.utils.utcnow() - datetime.fromisoformat(table.created_at)).total_seconds()
        return [
            ResultRow(
                user_id=s.user_id,
                seat=i,
                place=places[i],
                won=won[i],
                score=outcome.scores[i] if outcome else None,
                moves=view.get("moves"),
                seconds=seconds,
            )
            for i, s in enumerate(table.seats)
            if s.user_id is not None
        ]

    async def new_ratings(self, table: Table, places: list[int]) -> dict[int, tuple[float, float]]:
        if table.game.solo or len(table.seats) < 2:
            return {}
        if table.has_ai and await self.setting(table.guild_id, "rate_ai", "off") != "on":
            return {}
        users = [s.user_id for s in table.seats if s.user_id is not None]
        priors = await self.storage.ratings_for(table.guild_id, table.game.name, users)
        rated = rate(places, [priors.get(s.user_id) if s.user_id else None for s in table.seats])
        return {s.user_id: rated[i] for i, s in enumerate(table.seats) if s.user_id is not None}

    async def cancel(self, table: Table, why: str) -> None:
        table.status = "cancelled"
        self.stop_tasks(table)
        await self.storage.set_status(table.id, "cancelled")
        table.log.append(why)
        await self.publish(table)
        self.tables.forget(table.id)

    # -- starting -------------------------------------------------------------------------
    async def begin(self, table: Table) -> None:
        """Deal and open the table once every seat is filled."""
        async with table.lock:
            table.state = table.new_state()
            table.status = "active"
            minutes = await self.timer_minutes(table)
            humans_to_move = any(not table.seats[s].autoplay for s in table.state.to_move)
            table.deadline = discord.utils.utcnow() + timedelta(minutes=minutes) if minutes and humans_to_move else None
            await self.storage.begin_game(table.id, table.state.dump(), table.deadline)
            table.log.append(f"The game begins: {', '.join(table.names)}.")
        for seat in table.human_seats():
            await self.send_hand(table, seat)
        await self.publish(table)
        self.spawn(table, "ai", self.run_ai(table))
        self.spawn(table, "timer", self.run_timer(table))

    async def expire_lobby(self, table: Table) -> None:
        created = datetime.fromisoformat(table.created_at) if table.created_at else discord.utils.utcnow()
        wait = (created + timedelta(minutes=LOBBY_MINUTES) - discord.utils.utcnow()).total_seconds()
        await asyncio.sleep(max(0.0, wait))
        if table.status == "lobby":
            await self.cancel(table, "⌛ The invitation expired before everyone accepted.")

    async def resume(self) -> None:
        """After a restart: every open table's buttons work again and its clocks run on."""
        for table in await self.tables.load_open():
            if table.status == "lobby":
                self.spawn(table, "lobby", self.expire_lobby(table))
            elif table.state is not None and table.state.over:
                await self.finish(table)
            else:
                self.spawn(table, "ai", self.run_ai(table))
                self.spawn(table, "timer", self.run_timer(table))

    # -- Discord output ---------------------------------------------------------------------
    async def channel(self, table: Table) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(table.channel_id)
            except discord.HTTPException:
                return None
        return channel  # type: ignore[return-value]

    async def channel_say(self, table: Table, text: str) -> None:
        channel = await self.channel(table)
        if channel is not None:
            await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))

    async def publish(self, table: Table) -> None:
        """Edit the table message in place (or post it anew when missing or buried)."""
        from bot.views import table_message

        lock = self._publish_locks.setdefault(table.id, asyncio.Lock())
        async with lock:
            channel = await self.channel(table)
            if channel is None:
                return
            content, embed, file, view = await table_message(self, table)
            kwargs: dict[str, Any] = {
                "content": content,
                "embed": embed,
                "view": view,
                "allowed_mentions": discord.AllowedMentions(users=True),
            }
            if table.message_id is not None and table.buried < REPOST_AFTER:
                try:
                    message = channel.get_partial_message(table.message_id)  # type: ignore[attr-defined]
                    await message.edit(attachments=[file] if file else [], **kwargs)
                    return
                except discord.NotFound:
                    pass
            elif table.message_id is not None:
                await self._retire(channel, table.message_id)
            message = await channel.send(files=[file] if file else [], **kwargs)
            table.message_id, table.buried = message.id, 0
            await self.storage.set_message(table.id, table.channel_id, message.id)

    async def _retire(self, channel: Any, message_id: int) -> None:
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).edit(
                content="This table moved further down the channel.", embed=None, attachments=[], view=None
            )

    async def render_table(self, table: Table) -> tuple[bytes, str]:
        view = self.public_view(table)
        module = renderers.for_game(table.game.name)
        png = await asyncio.get_running_loop().run_in_executor(self.render_pool, module.render_table, view)
        return png, module.alt_text(view)

    async def render_hand(self, table: Table, seat: int) -> bytes:
        assert table.state is not None
        view = dict(table.state.view(seat), names=table.names)
        module = renderers.for_game(table.game.name)
        return await asyncio.get_running_loop().run_in_executor(self.render_pool, module.render_hand, view)

    def public_view(self, table: Table) -> dict[str, Any]:
        view = dict(table.state.view(None)) if table.state else {}
        view["names"] = table.names
        return view

    async def send_hand(self, table: Table, seat: int) -> None:
        """DM a player their hand; closed DMs are noted once and the game goes on."""
        player = table.seats[seat]
        if player.user_id is None or seat in table.dm_closed or table.state is None:
            return
        if "hand" not in table.state.view(seat):
            return  # nothing private to send (a solitaire's table is all there is)
        try:
            user = self.bot.get_user(player.user_id) or await self.bot.fetch_user(player.user_id)
            png = await self.render_hand(table, seat)
            from bot.views import hand_text

            await user.send(hand_text(table, seat), file=png_file(png, "hand.png", "Your hand"))
        except discord.Forbidden:
            table.dm_closed.add(seat)
            await self.channel_say(
                table,
                f"<@{player.user_id}>, I can't send you direct messages, so your hand stays in the "
                f"**Your hand** button on the table (only you see it).",
            )
        except discord.HTTPException:
            log.warning("could not DM a hand for table %s seat %s", table.id, seat)


def new_seat(member: discord.abc.User) -> Seat:
    return Seat(user_id=member.id, ai=None, name=member.display_name, accepted=False)


def ai_seat(kind: str, number: int) -> Seat:
    return Seat(user_id=None, ai=kind, name=f"Parlour AI {number}" if number else "Parlour AI", accepted=True)
