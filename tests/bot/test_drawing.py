"""The render threads put tables first (bot/drawing.py): a private picture waits while a table
is being drawn and starts when that table starts encoding; it never waits past its hold, and
a table only queued holds nothing back. Real Pillow pictures through the real encoder."""

from __future__ import annotations

import asyncio
import threading

from PIL import Image

from bot.drawing import Drawing
from renderers.draw import FELT, to_png


def picture() -> bytes:
    return to_png(Image.new("RGBA", (48, 32), FELT))


async def test_a_hand_waits_for_the_table_being_drawn_then_draws_beside_its_encoding():
    drawing = Drawing(hold=5.0)
    seen: list[str] = []
    go_on = threading.Event()

    def table(view):
        seen.append("table drawing")
        go_on.wait(5)
        seen.append("table drawn")
        return picture()

    def hand(view):
        seen.append("hand")
        return picture()

    drawn_table = drawing.table(table, {})
    while not seen:
        await asyncio.sleep(0.005)
    drawn_hand = drawing.private(hand, {})
    await asyncio.sleep(0.1)
    assert seen == ["table drawing"]  # the second thread is free, yet the hand waits
    go_on.set()
    pictures = await asyncio.gather(drawn_table, drawn_hand)
    assert seen == ["table drawing", "table drawn", "hand"]
    assert all(p.startswith(b"\x89PNG") for p in pictures)


async def test_a_hand_waits_no_longer_than_its_hold():
    drawing = Drawing(hold=0.05)
    go_on = threading.Event()

    def table(view):
        go_on.wait(5)
        return picture()

    drawn_table = drawing.table(table, {})
    await asyncio.sleep(0.02)
    assert await asyncio.wait_for(drawing.private(lambda view: picture(), {}), 2)
    assert not drawn_table.done()
    go_on.set()
    await drawn_table


async def test_a_table_waiting_in_the_queue_holds_no_hand_back():
    drawing = Drawing(threads=1, hold=30.0)
    order: list[str] = []
    go_on = threading.Event()

    def note(what, wait=False):
        def render(view):
            if wait:
                go_on.wait(5)
            order.append(what)
            return picture()

        return render

    first = drawing.table(note("first table", wait=True), {})
    hand = drawing.private(note("hand"), {})
    second = drawing.table(note("second table"), {})  # queued behind the hand, not being drawn
    go_on.set()
    await asyncio.wait_for(asyncio.gather(first, hand, second), 5)  # no 30 s hold
    assert order == ["first table", "hand", "second table"]
