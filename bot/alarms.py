"""Every table's turn clock, and every invitation's expiry, on one sleeping task.

A task per table asleep until its deadline costs little to the bot, but an event loop
with a thousand sleepers is slower to run (and to simulate: SimCord scans its timers at
every step, and a cancelled sleep's timer stays there until it would have fired). Alarms keeps the deadlines
in a heap and one task asleep until the earliest; setting an earlier one restarts it.
An alarm is dropped by setting a newer one for its table or by `clear`; stale heap
entries are skipped when they surface.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
from collections.abc import Callable
from datetime import datetime

import discord

log = logging.getLogger(__name__)

# (when, table id, version, what): what the alarm is for ("remind" halfway, "expire" at the
# deadline, "lobby" when an invitation lapses)
Entry = tuple[datetime, int, int, str]


class Alarms:
    def __init__(self, ring: Callable[[int, int, str], None]) -> None:
        self._ring = ring  # called with (table id, version, what) when an alarm is due; must not block
        self._set: dict[int, Entry] = {}
        self._heap: list[Entry] = []
        self._task: asyncio.Task[None] | None = None
        self._wake_at: datetime | None = None

    def set(self, table_id: int, when: datetime, version: int, what: str) -> None:
        """Arm the table's alarm, replacing any earlier one of it."""
        entry = (when, table_id, version, what)
        self._set[table_id] = entry
        heapq.heappush(self._heap, entry)
        if self._task is None or self._task.done() or self._wake_at is None or when < self._wake_at:
            self._restart()

    def clear(self, table_id: int) -> None:
        self._set.pop(table_id, None)

    def armed(self, table_id: int, version: int) -> bool:
        entry = self._set.get(table_id)
        return entry is not None and entry[2] == version

    def stop(self) -> None:
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        self._task = None

    def _restart(self) -> None:
        if self._task is not None and self._task is asyncio.current_task():
            return  # the running loop looks at the heap again before it sleeps
        self.stop()
        self._task = asyncio.create_task(self._run(), name="table-alarms")

    async def _run(self) -> None:
        while self._heap:
            entry = self._heap[0]
            when, table_id, version, what = entry
            if self._set.get(table_id) != entry:
                heapq.heappop(self._heap)  # replaced or cleared
                continue
            delay = (when - discord.utils.utcnow()).total_seconds()
            if delay > 0:
                self._wake_at = when
                await asyncio.sleep(delay)
                continue
            heapq.heappop(self._heap)
            del self._set[table_id]
            try:
                self._ring(table_id, version, what)
            except Exception:
                log.exception("table %s: its %s alarm failed", table_id, what)
        self._wake_at = None
