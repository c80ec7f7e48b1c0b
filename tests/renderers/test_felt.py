"""The felt background: Pillow's image arithmetic gives the colours of the plain per-pixel vignette,
and its lean coloured through a palette is the lean through a table per channel."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageChops

from renderers import draw
from renderers.draw import FELT, FELT_DARK, _felt_rgba, felt_lean, shade_tables


def plain_felt(w: int, h: int, base, edge) -> Image.Image:
    """The vignette worked out pixel by pixel over the whole small image and scaled up in colour, as it first was."""
    sw, sh = max(2, w // 8), max(2, h // 8)
    small = Image.new("RGB", (sw, sh))
    px = small.load()
    cx, cy = (sw - 1) / 2, (sh - 1) / 2.4
    rmax = math.hypot(max(cx, sw - cx), max(cy, sh - cy))
    for y in range(sh):
        for x in range(sw):
            t = min(1.0, math.hypot(x - cx, y - cy) / rmax) ** 1.6
            px[x, y] = tuple(round(b + (e - b) * t) for b, e in zip(base, edge, strict=False))
    return small.resize((w, h), Image.Resampling.BICUBIC)


@pytest.mark.parametrize(("w", "h"), [(960, 722), (961, 1304), (16, 16), (17, 9), (300, 201), (8, 8)])
def test_the_felt_is_the_plain_vignette_within_two_shades(w, h):
    made = draw._felt_rgba.__wrapped__(w, h, draw.FELT, draw.FELT_DARK)
    assert made.mode == "RGBA" and made.size == (w, h)
    assert made.getchannel("A").getextrema() == (255, 255)
    plain = plain_felt(w, h, draw.FELT, draw.FELT_DARK)
    # t is kept in 256 steps before the scaling, the plain one in colour: a shade or two apart at most
    assert all(high <= 2 for _, high in ImageChops.difference(made.convert("RGB"), plain).getextrema())


def test_the_felt_darkens_from_its_centre_to_its_rim():
    made = draw.felt(960, 722)
    centre, corner = made.getpixel((480, 722 // 2.4)), made.getpixel((0, 721))
    assert centre[:3] == draw.FELT[:3]
    assert all(abs(c - e) <= 2 for c, e in zip(corner[:3], draw.FELT_DARK[:3], strict=True))


@pytest.mark.parametrize("size", [(960, 1304), (640, 851), (58, 81), (2, 2)])
def test_the_felt_is_its_lean_through_each_channels_table(size):
    lean = felt_lean(*size)
    channels = [lean.point(table) for table in shade_tables(FELT, FELT_DARK)]
    by_channel = Image.merge("RGBA", [*channels, Image.new("L", size, 255)])
    assert _felt_rgba(*size, FELT, FELT_DARK).tobytes() == by_channel.tobytes()
