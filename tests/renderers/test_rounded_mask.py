"""A rounded box's mask is drawn at its corners only and stretched: the same pixels as drawing it whole."""

from __future__ import annotations

import random

import pytest

from renderers.draw import _drawn_mask, rounded_mask

SIZES = [
    (612, 300, 12, 3),  # a Hand and Foot side band's outline
    (612, 301, 12, 0),
    (45, 91, 18, 0),  # tall enough that one resize would pick the other order
    (960, 1304, 14, 0),
    (100, 140, 8, 2),
    (5, 5, 2, 1),  # smaller than its corners: drawn whole
    (40, 40, 20, 0),  # a circle
    (3, 100, 1, 1),
    (200, 30, 0, 2),  # square corners
]


def random_sizes(count: int, seed: int) -> list[tuple[int, int, int, int]]:
    rng = random.Random(seed)
    return [
        (rng.randint(1, 700), rng.randint(1, 500), rng.randint(0, 24), rng.choice([0, 0, 1, 2, 3, 4, 6]))
        for _ in range(count)
    ]


@pytest.mark.parametrize("size", SIZES + random_sizes(60, seed=7))
def test_the_stretched_mask_is_the_box_drawn_whole(size):
    w, h, radius, width = size
    mask = rounded_mask(w, h, radius, width)
    assert mask.size == (w, h) and mask.mode == "L"
    assert mask.tobytes() == _drawn_mask(w, h, radius, width).tobytes()


def test_a_mask_is_opaque_inside_and_clear_outside_its_corners():
    fill, outline = rounded_mask(300, 200, 12), rounded_mask(300, 200, 12, 3)
    assert fill.getpixel((150, 100)) == 255 and fill.getpixel((0, 0)) == 0 and fill.getpixel((150, 0)) == 255
    assert outline.getpixel((150, 100)) == 0 and outline.getpixel((150, 1)) == 255 and outline.getpixel((1, 100)) == 255
