"""Large masks are pasted in pieces (a plain core, a blended rim): the pixels must be
exactly those of one masked paste, wherever the layer lands, edges and clipping included."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from renderers import cards
from renderers.draw import PANEL, PIECES_FROM, _box_mask, mask_pieces, paste_over, rounded_box, rounded_mask


def _noise(size: tuple[int, int], seed: int) -> Image.Image:
    rng = random.Random(seed)
    return Image.frombytes("RGBA", size, bytes(rng.getrandbits(8) for _ in range(size[0] * size[1] * 4)))


def _clock_layer() -> Image.Image:
    layer = Image.new("RGBA", (180, 180), (0, 0, 0, 0))
    ImageDraw.Draw(layer).ellipse((4, 4, 175, 175), fill=(200, 30, 30, 255), outline=(0, 0, 0, 128), width=5)
    return layer


LAYERS = {
    "large card with its shadow": cards._shadow_layer(cards.card_image("QS", "large"))[0],
    "normal card": cards.card_image("7h", "normal"),
    "clock": _clock_layer(),
    "tiny glyph": Image.new("RGBA", (20, 20), (9, 9, 9, 77)),
}


@pytest.mark.parametrize("name", LAYERS)
def test_a_layer_pasted_in_pieces_gives_the_pixels_of_one_masked_paste(name: str) -> None:
    layer = LAYERS[name]
    colours = layer.copy()
    colours.putalpha(255)
    rng = random.Random(name)
    for trial in range(12):
        canvas = _noise((240, 260), trial)
        # some places hang over every edge of the canvas
        xy = (rng.randint(-layer.width // 2, 240 - layer.width // 2), rng.randint(-layer.height // 2, 260 - 20))
        expected = canvas.copy()
        expected.paste(colours, xy, layer.getchannel("A"))
        paste_over(canvas, layer, xy)
        assert canvas.tobytes() == expected.tobytes(), (name, xy)


@pytest.mark.parametrize(
    ("fill", "outline"), [((30, 90, 200), None), (None, (250, 200, 0)), (PANEL, (255, 255, 255, 140)), (PANEL, None)]
)
def test_a_rounded_box_in_pieces_gives_the_pixels_of_its_whole_mask(fill, outline) -> None:
    for trial, (w, h, radius) in enumerate([(470, 300, 14), (130, 90, 10), (60, 30, 8), (300, 40, 18)]):
        canvas = _noise((520, 360), trial)
        expected = canvas.copy()
        box = (-7 if trial == 3 else 20, 11, (-7 if trial == 3 else 20) + w, 11 + h)
        for colour, width in ((fill, 0), (outline, 4)):
            if colour is not None:
                alpha = colour[3] if len(colour) == 4 else 255
                mask = rounded_mask(w, h, radius, width)
                mask = mask if alpha == 255 else mask.point(lambda v, a=alpha: v * a // 255)
                expected.paste(colour[:3], box[:2], mask)
        rounded_box(canvas, box, radius, fill=fill, outline=outline, width=4)
        assert canvas.tobytes() == expected.tobytes(), (w, h, fill, outline)


def test_an_outline_is_pasted_as_its_edges_and_a_solid_box_plainly_inside() -> None:
    outline = _box_mask(470, 300, 14, 4, 255)
    assert all(m is not None for *_, m in outline)  # no plain core: the inside is left alone
    assert sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1, _ in outline) < 470 * 300 // 4
    solid = _box_mask(470, 300, 14, 0, 255)
    plain = [(x1 - x0) * (y1 - y0) for x0, y0, x1, y1, m in solid if m is None]
    assert plain and plain[0] > 0.8 * 470 * 300


def test_a_small_or_ragged_mask_stays_one_paste() -> None:
    small = Image.new("L", (40, 40), 255)
    assert PIECES_FROM > 40 * 40
    assert [(p[:4], p[4] is small) for p in mask_pieces(small)] == [((0, 0, 40, 40), True)]
    ragged = _noise((120, 120), 3).getchannel("A")  # no uniform core at all
    assert len(mask_pieces(ragged)) == 1


def test_warming_cuts_every_card_for_pasting_before_its_first_paste():
    from renderers import draw

    cards.warm(("tiny",))
    shadowed, bare = cards._shadow_pieces.cache_info().misses, cards._plain_pieces.cache_info().misses
    for code in ("7H", "QS", "JK", "back"):
        sprite = cards._sprite(code, "tiny")
        canvas = Image.new("RGBA", (60, 80))
        cards.paste_card(canvas, sprite, (2, 2))  # pasted with its shadow
        cards.paste_card(canvas, sprite, (2, 2), shadow=False)  # and bare (a tableau's cards)
        assert id(sprite) not in draw._split_cache  # bare cards are cut in cards' bounded cache
    assert cards._shadow_pieces.cache_info().misses == shadowed
    assert cards._plain_pieces.cache_info().misses == bare


def test_a_card_pasted_with_its_shadow_is_its_shadowed_layer_pasted_whole():
    """The shadowed card keeps only its layer's pieces (cards._shadowed): pasting them must
    give the pixels of the whole layer pasted through its alpha, for every card size."""
    for size in ("tiny", "small", "normal", "large"):
        sprite = cards.card_image("QS", size)
        layer, pad = cards._shadow_layer(sprite)
        canvas = _noise((layer.width + 20, layer.height + 20), 5)
        expected = canvas.copy()
        colours = layer.copy()
        colours.putalpha(255)
        expected.paste(colours, (10, 10), layer.getchannel("A"))
        cards.paste_card(canvas, sprite, (10 + pad, 10 + pad))
        assert canvas.tobytes() == expected.tobytes(), size
