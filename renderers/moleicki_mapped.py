"""Moleicki pictures put together on their palette, a part at a time.

A picture's chrome (felt, panels, fixed labels) is mapped onto the palette once, into a `P`
image one column wider than the picture whose first column is 0: each row's PNG filter byte,
so the finished canvas's bytes are the PNG's rows as they stand (`row_bytes`). A part that
changes (a player panel, the centre pile, a band of the hand) is drawn in full colour on the
chrome (`draw_part`), mapped alone, kept by what it shows and pasted one column to the right.
Each render thread keeps its last canvas per layout (`kept_canvas`), so a part that shows
what it showed last time is not pasted again. A pixel maps to the same index wherever it is,
so the file is the one `to_png` makes of the whole canvas drawn at once
(tests/renderers/test_moleicki_render.py compares them).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

from renderers.draw import KeptTiles, on_palette

__all__ = ["Box", "KeptCanvas", "Part", "draw_part", "kept_canvas", "paste_mapped", "row_bytes", "widened"]

Box = tuple[int, int, int, int]
# A part of a picture: its box, the key of what it shows, and how to draw it on a canvas of the
# whole picture (drawing nothing outside the box).
Part = tuple[Box, Hashable, Callable[[Image.Image], None]]

_scratch = threading.local()  # per render thread: a canvas to draw parts on, the canvases kept
_KEPT_CANVASES = 6  # per thread: the layouts of the tables and hands drawn last


def widened(img: Image.Image, ref: Image.Image) -> Image.Image:
    """`img` mapped onto `ref`'s palette, with a first column of 0 (the rows' filter bytes)."""
    out = Image.new("P", (img.width + 1, img.height), 0)
    out.paste(on_palette(img, ref), (1, 0))
    return out


class KeptCanvas:
    """A thread's mapped canvas for one layout, kept from its last picture, with the key of
    what each part's box holds: a part that shows the same is not pasted again, and the
    chrome is not copied anew (a table's is 1.25 MB)."""

    def __init__(self, chrome: Image.Image) -> None:
        self.canvas = chrome.copy()
        self._held: dict[Box, Hashable] = {}

    def put(self, box: Box, key: Hashable, kept: KeptTiles, draw: Callable[[], Image.Image]) -> None:
        """Paste at `box` the mapped tile `kept` holds for `key` (`draw()` if none), unless
        the box holds it already."""
        if self._held.get(box) != key:
            paste_mapped(self.canvas, kept.get(key, draw), box[:2])
            # boxes that overlap this one (parts drawn together or apart) no longer hold theirs
            for other in [b for b in self._held if _overlap(b, box)]:
                del self._held[other]
            self._held[box] = key


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def kept_canvas(layout: Hashable, chrome: Callable[[], Image.Image]) -> KeptCanvas:
    """This thread's kept canvas for `layout`, made from the mapped `chrome()` if there is none.
    Nothing but `put` may draw on it."""
    kept: OrderedDict[Hashable, KeptCanvas] | None = getattr(_scratch, "kept", None)
    if kept is None:
        kept = _scratch.kept = OrderedDict()
    held = kept.get(layout)
    if held is None:
        held = kept[layout] = KeptCanvas(chrome())
        while len(kept) > _KEPT_CANVASES:
            kept.popitem(last=False)
    kept.move_to_end(layout)
    return held


def paste_mapped(canvas: Image.Image, tile: Image.Image, xy: tuple[int, int]) -> None:
    """Paste a mapped tile where it lies in the picture (one column right of that on `canvas`)."""
    canvas.paste(tile, (xy[0] + 1, xy[1]))


def draw_part(chrome: Image.Image, box: Box, draw: Callable[[Image.Image], None]) -> Image.Image:
    """The part `box` of `chrome` (full colour) with `draw(canvas)` drawn on it, in the chrome's
    own coordinates, so a drawing function for the whole picture draws the part unchanged.

    Drawn on a canvas as wide as the chrome, kept per thread: only `box` is set to the chrome
    first and read after, so `draw` must change nothing outside `box` that the picture shows
    (the callers' boxes hold all their drawing; tests/renderers/test_moleicki_render.py checks)."""
    x0, y0, _, y1 = box
    canvas: Image.Image | None = getattr(_scratch, "canvas", None)
    if canvas is None or canvas.width != chrome.width or canvas.height < y1:
        tall = max(y1, canvas.height if canvas is not None and canvas.width == chrome.width else 0)
        canvas = _scratch.canvas = Image.new("RGBA", (chrome.width, tall))
    canvas.paste(chrome.crop(box), (x0, y0))
    draw(canvas)
    return canvas.crop(box)


def row_bytes(canvas: Image.Image) -> bytes:
    """`canvas.tobytes()` in one piece: `tobytes` encodes 64 KB at a time and joins the pieces,
    about 0.15-0.35 ms for a table against 0.04. Pillow's own encoder, so a Pillow that
    changes its interface gets `tobytes` instead of a failure."""
    try:
        encoder = Image._getencoder(canvas.mode, "raw", canvas.mode)
        encoder.setimage(canvas.im, (0, 0, *canvas.size))
        try:
            done, error, data = encoder.encode(canvas.width * canvas.height + 64)
        finally:
            encoder.cleanup()
        if error == 1 and done == len(data) == canvas.width * canvas.height:  # all of it, at once
            return data
    except (AttributeError, TypeError, ValueError, OSError):
        pass
    return canvas.tobytes()
