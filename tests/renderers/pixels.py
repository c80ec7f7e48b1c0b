"""Pixel facts shared by the render tests: colour nearness and counts within a box."""

from __future__ import annotations

import io
import sys

from PIL import Image


def near(px, colour, tol=40) -> bool:
    """Every channel of `px` (RGB, extra channels ignored) within `tol` of `colour`."""
    return all(abs(a - b) <= tol for a, b in zip(px[:3], colour[:3], strict=False))


def count_near(img: Image.Image, box, colour, tol=40) -> int:
    """How many pixels inside `box` are near `colour`."""
    region = img.crop(box).convert("RGB")
    px = region.load()
    return sum(1 for x in range(region.width) for y in range(region.height) if near(px[x, y], colour, tol))


def picture(png: bytes) -> tuple:
    """What a PNG shows: its size, mode, palette and pixels (palette indices for a palette
    picture). Two renders of one view are compared by what they show, which is what a player
    sees. (Their bytes once differed now and then, when ISA-L's streaming deflate wrote the
    same rows two ways; renderers/png.py now deflates in one stateless call.)"""
    img = Image.open(io.BytesIO(png))
    return img.size, img.mode, bytes(img.getpalette() or []), img.tobytes()


PHONE = 400  # px: how wide Discord shows a picture on a phone


class WordSizes:
    """Every word a render draws through renderers.draw's text, and the size it reads at on a
    phone: spying starts with every cached tile, band and background forgotten, so each word is
    drawn (and seen) again. `note(png)` after each render; `small()` lists what reads under `px`."""

    def __init__(self, monkeypatch) -> None:
        from renderers import draw

        self.seen: list[tuple[str, int]] = []
        self.words: dict[str, float] = {}  # a word of two characters or more -> its smallest size on a phone
        real = draw.text_mask

        def spy(s, size, bold=False, anchor="la"):
            self.seen.append((s, size))
            return real(s, size, bold, anchor)

        monkeypatch.setattr(draw, "text_mask", spy)
        for name, module in list(sys.modules.items()):
            if name.startswith("renderers."):
                for value in vars(module).values():
                    if isinstance(value, draw.KeptTiles):
                        value.clear()
                    elif hasattr(value, "cache_clear"):
                        value.cache_clear()

    def note(self, png: bytes | None = None, width: int | None = None) -> None:
        """The words seen since the last note were drawn on `png` (or a picture `width` wide)."""
        if width is None:
            width = Image.open(io.BytesIO(png)).width
        for s, size in self.seen:
            if len(s.strip()) > 1:
                self.words[s] = min(self.words.get(s, 99.0), size * PHONE / width)
        self.seen.clear()

    def small(self, px: float = 7.5) -> list[tuple[float, str]]:
        return sorted((round(v, 1), s) for s, v in self.words.items() if v < px)
