"""The felt background: the mirrored computation gives the pixels of the plain per-pixel one."""

from __future__ import annotations

import math

import pytest
from PIL import Image

from renderers import draw


def plain_felt(w: int, h: int, base, edge) -> Image.Image:
    """The vignette worked out pixel by pixel over the whole small image, as it first was."""
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
def test_the_mirrored_felt_is_the_plain_one(w, h):
    made = draw._felt(w, h, draw.FELT, draw.FELT_DARK)
    assert made.tobytes() == plain_felt(w, h, draw.FELT, draw.FELT_DARK).tobytes()
