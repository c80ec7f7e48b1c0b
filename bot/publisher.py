"""The table message and what the channel sees of a table.

`Publisher` owns the channel lookup, posts in the channel, the per-table publisher loop that
redraws the table message until it shows the newest version (backing off while Discord fails),
and the pictures: the table picture (drawn ahead for a member's move) and the private hands.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

import renderers
from bot.notify import private_parts
from bot.replies import with_retries
from bot.table import Table
from engine import State

if TYPE_CHECKING:
    from bot.app import ParlourBot
    from bot.drawing import Drawing
    from bot.storage import Storage

log = logging.getLogger(__name__)

REPOST_AFTER = 15  # channel messages after which the table message is reposted
REDRAW_RETRY_MAX = 60.0  # seconds: a failed redraw (a Discord fault) is tried again at least this often
NO_ACCESS_RETRY_MAX = 3600.0  # while Parlour may not edit or post in the channel (a member's move tries sooner)


def png_file(data: bytes, name: str, alt: str = "") -> discord.File:
    return discord.File(io.BytesIO(data), filename=name, description=alt[:1000] or None)


class Publisher:
    def __init__(
        self,
        bot: ParlourBot,
        storage: Storage,
        drawing: Drawing,
        *,
        spawn: Callable[..., None],
        call_off: Callable[[Table, str], None],
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.drawing = drawing
        self._spawn = spawn  # the host's one-job-per-kind runner: the loop is a table job like the others
        self._call_off = call_off  # the host cancels a table from a task of its own
        self._dirty: set[int] = set()
        self._asked: dict[int, int] = {}  # table id -> how often mark_dirty asked for a redraw
        self._shown: dict[int, tuple[int, int]] = {}  # table id -> (version, asked) its message last showed
        self._redraw_naps: dict[int, asyncio.Future[None]] = {}  # table id -> its publisher's wait to try again
        self._publish_locks: dict[int, asyncio.Lock] = {}
        self._unnoted: set[int] = set()  # tables whose new message's id the database refused
        # table id -> (version, public view, its picture being drawn)
        self._drawn_ahead: dict[int, tuple[int, dict[str, Any], asyncio.Future[bytes]]] = {}

    # -- the channel ----------------------------------------------------------------------
    async def channel(self, table: Table) -> discord.abc.Messageable | None:
        """The table's channel; None when it was deleted or Discord cannot give it now."""
        with contextlib.suppress(discord.HTTPException):
            return await self._reach(table)
        return None

    async def _reach(self, table: Table) -> discord.abc.Messageable | None:
        """The table's channel; None when it was deleted (the table is called off). A Discord
        fault raises, so the publisher tries again rather than take the table as drawn."""
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(table.channel_id)
            except discord.NotFound:  # deleted while Parlour was away (live, the delete event calls it off)
                self._call_off(table, "The channel was deleted.")
                return None
        return channel  # type: ignore[return-value]

    async def channel_say(self, table: Table, text: str) -> discord.Message | None:
        channel = await self.channel(table)
        if channel is None:
            return None
        try:
            return await with_retries(
                lambda: channel.send(text, allowed_mentions=discord.AllowedMentions(users=True)), budget=10.0
            )
        except discord.HTTPException as exc:
            log.warning("table %s: could not post in its channel (%s)", table.id, exc.status)
            return None

    # -- the table message ------------------------------------------------------------------
    def mark_dirty(self, table: Table) -> None:
        """The table message must show the current position: one publisher per table catches up."""
        self._dirty.add(table.id)
        self._asked[table.id] = self._asked.get(table.id, 0) + 1
        self._spawn(table, "publish", self.catch_up(table), replace=False)

    async def catch_up(self, table: Table) -> None:
        """Redraw until the message shows the newest version; failed edits are retried with backoff.

        A failure is logged once, not at every try: while Parlour may not edit or post in the
        channel the tries double up to an hour apart, and a member's move (or a command that
        drew the table) tries again at once, since it may come once the permission is back."""
        failures, failing = 0, ""
        while table.id in self._dirty and table.status in ("active", "lobby"):
            self._dirty.discard(table.id)
            version = table.version
            try:
                if not self._shows_newest(table):  # else drawn meanwhile (by /board, say): no second edit
                    await self.publish(table)
            except Exception as exc:  # a failed Discord call must not stop the game: try again later
                failures += 1
                self._dirty.add(table.id)
                if str(exc) != failing:
                    log.warning("table %s: could not redraw (%s); trying again, less and less often", table.id, exc)
                failing = str(exc)
                cap = NO_ACCESS_RETRY_MAX if isinstance(exc, discord.Forbidden) else REDRAW_RETRY_MAX
                await self._redraw_pause(table, min(cap, 2.0 ** min(failures, 12)))
                continue
            if failures:
                log.info("table %s: redrawn again after %s failed tries", table.id, failures)
            failures, failing = 0, ""
            if table.status == "active" and table.id not in self._dirty:
                self.storage.drawn(table.id, version)

    def _shows_newest(self, table: Table) -> bool:
        """Whether the message shows the table's version with no redraw asked for since (a
        forfeit's line, say, changes the message but not the version)."""
        return self._shown.get(table.id) == (table.version, self._asked.get(table.id, 0))

    async def _redraw_pause(self, table: Table, seconds: float) -> None:
        """Wait `seconds` before the next try, or until `wake_publisher` cuts the nap short."""
        nap = self._redraw_naps[table.id] = asyncio.ensure_future(asyncio.sleep(seconds))
        try:
            await nap
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the publisher itself is stopped, not woken
        finally:
            if self._redraw_naps.get(table.id) is nap:
                del self._redraw_naps[table.id]

    def wake_publisher(self, table: Table) -> None:
        """A publisher waiting to try a failed redraw again tries it now."""
        nap = self._redraw_naps.get(table.id)
        if nap is not None and not nap.done():
            nap.cancel()

    async def show(self, table: Table) -> None:
        """Draw the table now; should Discord (or the database) fail, the publisher draws it with
        its back-off while the game goes on (a deal must still reach the players' hands and start
        its clocks)."""
        try:
            await self.publish(table)
        except discord.HTTPException as exc:
            log.warning("table %s: could not draw the table (%s); the publisher tries again", table.id, exc.status)
            self.mark_dirty(table)
        except Exception:  # the database (noting a new message), or a fault of ours: kept with its traceback
            log.exception("table %s: could not draw the table; the publisher tries again", table.id)
            self.mark_dirty(table)

    async def publish_last(self, table: Table) -> None:
        """The last picture of a table that closed: drawn once, with no publisher catching up after."""
        self._dirty.discard(table.id)
        try:
            await self.publish(table)
            try:
                await self.storage.ending_drawn(table.id)
            except Exception:  # the ending is shown; at worst a restart shows it once more
                log.exception("table %s: could not note its ending as drawn", table.id)
        finally:
            self._forget(table)

    def _forget(self, table: Table) -> None:
        """Drop a closed table's state, drawn or not (its picture drawn ahead when the channel
        could not be reached): nothing publishes a closed table again."""
        self._dirty.discard(table.id)
        self._asked.pop(table.id, None)
        self._shown.pop(table.id, None)
        self._drawn_ahead.pop(table.id, None)
        self._publish_locks.pop(table.id, None)
        self._unnoted.discard(table.id)

    async def publish(self, table: Table) -> None:
        """Edit the table message in place (or post it anew when missing or buried). A Discord
        fault raises, whether the edit failed or the channel could not be fetched."""
        from bot.views import table_message

        lock = self._publish_locks.setdefault(table.id, asyncio.Lock())
        async with lock:
            drawing = (table.version, self._asked.get(table.id, 0))  # taken first: a change while drawing is redrawn
            channel = await self._reach(table)
            if channel is None:
                return
            content, embed, file, view = await table_message(self, table)
            kwargs: dict[str, Any] = {
                "content": content,
                "embed": embed,
                "view": view,
                "allowed_mentions": discord.AllowedMentions(users=True),
            }
            data = file.fp.getvalue() if file is not None else None  # type: ignore[attr-defined]

            def attachments() -> list[discord.File]:
                return [png_file(data, "table.png", file.description or "")] if file and data else []

            if table.message_id is not None and table.buried < REPOST_AFTER:
                message = channel.get_partial_message(table.message_id)  # type: ignore[attr-defined]
                try:
                    await with_retries(lambda: message.edit(attachments=attachments(), **kwargs))
                    await self._note_message(table)
                    self._shown[table.id] = drawing
                    self.wake_publisher(table)  # drawn (by /board, say): a publisher waiting out a failure catches up
                    return
                except discord.NotFound:
                    pass
            elif table.message_id is not None:
                await self._retire(channel, table.message_id)
            message = await with_retries(lambda: channel.send(files=attachments(), **kwargs))
            table.message_id, table.buried = message.id, 0
            self._unnoted.add(table.id)
            await self._note_message(table)
            self._shown[table.id] = drawing
        self.wake_publisher(table)  # drawn (by /board, say): a publisher waiting out a failure catches up

    async def _note_message(self, table: Table) -> None:
        """Store a new table message's id; one the database refused is stored at the next draw
        (else a restart would edit the retired message)."""
        if table.id in self._unnoted and table.message_id is not None:
            await self.storage.set_message(table.id, table.channel_id, table.message_id)
            self._unnoted.discard(table.id)

    async def _retire(self, channel: Any, message_id: int) -> None:
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).edit(
                content="This table moved further down the channel.", embed=None, attachments=[], view=None
            )

    # -- pictures ---------------------------------------------------------------------------
    def draw_ahead(self, table: Table, state: State, version: int) -> None:
        """Start drawing the table picture of a member's move (`state`, the table's `version`)
        at once, so it draws while the move is stored, and is first in the render queue when
        the mover's hand for their reply comes: the whole channel waits on the table. It is
        used only if the table reaches that version with no result."""
        view = self.view_of(table, state)
        module = renderers.for_game(table.game.name)
        future = self.drawing.table(module.render_table, view)
        future.add_done_callback(lambda f: f.cancelled() or f.exception())  # a failure is met again in publish
        self._drawn_ahead[table.id] = (version, view, future)

    def drop_drawn_ahead(self, table: Table) -> None:
        """A move that was not stored is never shown: its picture drawn ahead is dropped."""
        ahead = self._drawn_ahead.get(table.id)
        if ahead is not None and ahead[0] > table.version:
            del self._drawn_ahead[table.id]

    async def render_table(self, table: Table) -> tuple[bytes, str]:
        module = renderers.for_game(table.game.name)
        version, view, ahead = self._drawn_ahead.pop(table.id, (None, {}, None))
        if ahead is not None and version == table.version and table.final is None:
            png = await ahead
        else:
            view = self.public_view(table)
            png = await self.drawing.table(module.render_table, view)
        if table.final is not None and not (table.state and table.state.over):  # resigned, claimed, called off
            return png, " ".join([f"{table.title}: {table.final['headline']}", *table.final["lines"]])
        return png, module.alt_text(view)

    async def render_hand(self, table: Table, seat: int) -> bytes:
        """The seat's private picture, which its member is about to be shown."""
        return await self.draw_hand(table, seat)

    def draw_hand(self, table: Table, seat: int) -> asyncio.Future[bytes]:
        """Start drawing the seat's private picture from the position as it is now (the
        member is about to be shown it)."""
        assert table.state is not None
        view = dict(table.state.view(seat), names=table.names)
        table.shown[seat] = private_parts(table, seat, view)
        table.in_words.discard(seat)
        module = renderers.for_game(table.game.name)
        return self.drawing.private(module.render_hand, view)

    def public_view(self, table: Table) -> dict[str, Any]:
        return self.view_of(table, table.state)

    @staticmethod
    def view_of(table: Table, state: State | None) -> dict[str, Any]:
        view = dict(state.view(None)) if state else {}
        view["names"] = table.names
        if table.final is not None:
            view["final"] = table.final
        return view
