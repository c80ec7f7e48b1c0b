"""The felt is its lean coloured through a palette: the same pixels as each channel through its own table."""

from __future__ import annotations

import pytest
from PIL import Image

from renderers.draw import FELT, FELT_DARK, _felt_rgba, felt_lean, shade_tables


@pytest.mark.parametrize("size", [(960, 1304), (640, 851), (58, 81), (2, 2)])
def test_the_felt_is_its_lean_through_each_channels_table(size):
    lean = felt_lean(*size)
    channels = [lean.point(table) for table in shade_tables(FELT, FELT_DARK)]
    by_channel = Image.merge("RGBA", [*channels, Image.new("L", size, 255)])
    assert _felt_rgba(*size, FELT, FELT_DARK).tobytes() == by_channel.tobytes()


def test_the_centre_is_the_base_colour_and_a_corner_leans_to_the_rim():
    felt = _felt_rgba(960, 1304, FELT, FELT_DARK)
    centre, corner = felt.getpixel((480, 1304 * 10 // 24)), felt.getpixel((0, 1303))
    assert all(abs(c - b) <= 2 for c, b in zip(centre[:3], FELT[:3], strict=True))
    assert all(abs(c - e) <= 8 for c, e in zip(corner[:3], FELT_DARK[:3], strict=True))
