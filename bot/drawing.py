"""The render threads: every picture the bot posts is drawn here, tables first.

Two threads, so a mover's hand (their reply) and the turn alerts' pictures need not wait
for the table to be drawn and encoded. But the whole channel waits on the table, and
drawing is Python holding the GIL: a hand drawn beside a table slows it. So a private
picture waits (at most `HOLD` seconds) while a table is still being drawn, and starts
once that table reaches its encoding (mapping and deflating, which run in C without the
GIL, see renderers/png.py) or is done. A table only queued, not yet being drawn, holds
nothing back, so the two threads can never wait on each other.

Pillow holds the GIL while FreeType draws text, so shared fonts are used by one thread at
a time; the renderers' caches of drawn tiles take a lock.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from renderers.draw import on_encode

RENDER_THREADS = 2
HOLD = 0.05  # seconds a private picture waits at most for tables being drawn (a table draws in 3 to 10 ms)

Render = Callable[[dict[str, Any]], bytes]


class Drawing:
    """Render jobs for the event loop: `table` and `private` return futures of PNG bytes."""

    def __init__(self, threads: int = RENDER_THREADS, hold: float = HOLD) -> None:
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="parlour-render")
        self.hold = hold
        self._tables_drawing = 0
        self._changed = threading.Condition()

    def table(self, render: Render, view: dict[str, Any]) -> asyncio.Future[bytes]:
        return asyncio.get_running_loop().run_in_executor(self.pool, self._draw_table, render, view)

    def private(self, render: Render, view: dict[str, Any]) -> asyncio.Future[bytes]:
        return asyncio.get_running_loop().run_in_executor(self.pool, self._draw_private, render, view)

    def _draw_table(self, render: Render, view: dict[str, Any]) -> bytes:
        with self._changed:
            self._tables_drawing += 1
        done = False

        def drawn() -> None:
            nonlocal done
            if not done:
                done = True
                with self._changed:
                    self._tables_drawing -= 1
                    self._changed.notify_all()

        on_encode(drawn)
        try:
            return render(view)
        finally:
            on_encode(None)
            drawn()

    def _draw_private(self, render: Render, view: dict[str, Any]) -> bytes:
        with self._changed:
            self._changed.wait_for(lambda: self._tables_drawing == 0, timeout=self.hold)
        return render(view)
