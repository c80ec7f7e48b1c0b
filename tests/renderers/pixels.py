"""Pixel facts shared by the render tests: colour nearness and counts within a box."""

from __future__ import annotations

import io

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
