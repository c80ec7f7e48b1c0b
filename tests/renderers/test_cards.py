"""Card sprites: sizes, colours, shapes, caching and row/group layout."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageChops

from renderers import cards as C
from renderers.draw import card_label, clean, ellipsize, felt, suit_mask, text_size, to_png

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def is_red(px) -> bool:
    r, g, b, a = px
    return a > 200 and r > 150 and g < 90 and b < 90


def count(img: Image.Image, pred) -> int:
    """How many pixels of `img` (taken as RGBA) satisfy `pred((r, g, b, a))`."""
    data = img.convert("RGBA").tobytes()
    return sum(1 for px in zip(data[0::4], data[1::4], data[2::4], data[3::4], strict=True) if pred(px))


@pytest.mark.parametrize("size", list(C.CARD_SIZES))
def test_every_code_has_a_sprite_of_the_right_size(size):
    codes = [r + s for s in "SHDC" for r in RANKS] + ["JK", "25", C.BACK, C.SLOT] + list(range(1, 13))
    w, h = C.card_size(size)
    for code in codes:
        img = C.card_image(code, size)
        assert img.mode == "RGBA"
        assert img.size == (w, h), code
        # Rounded corners are transparent, the middle is opaque (except the see-through slot).
        assert img.getpixel((0, 0))[3] < 40, code
        if code != C.SLOT:
            assert img.getpixel((w // 2, h // 2))[3] == 255, code


def test_red_suits_have_red_pixels_and_black_suits_none():
    for r in RANKS:
        for s in "HD":
            assert count(C.card_image(r + s, "normal"), is_red) > 60, r + s
        for s in "SC":
            assert count(C.card_image(r + s, "normal"), is_red) == 0, r + s


def test_suits_differ_by_shape_not_only_colour():
    masks = {s: suit_mask(s, 64) for s in "SHDC"}
    for a in "SHDC":
        for b in "SHDC":
            if a >= b:
                continue
            diff = ImageChops.difference(masks[a], masks[b])
            changed = count(diff, lambda px: px[0] > 128)
            assert changed > 64 * 64 * 0.03, (a, b)


def test_codes_are_normalised_and_cached():
    assert C.card_image("as") is C.card_image("AS")
    assert C.card_image(7) is C.card_image("7") is C.number_image(7)
    assert C.card_image("10h", "small") is C.card_image("10H", "small")
    assert C.card_image("10H", "small") is not C.card_image("10H", "normal")


@pytest.mark.parametrize("bad", ["1S", "13", "0", "ZZ", "11X", "", "KK"])
def test_unknown_codes_are_refused(bad):
    with pytest.raises(ValueError):
        C.card_image(bad)


def test_unknown_size_is_refused():
    with pytest.raises(ValueError, match="unknown card size"):
        C.card_image("AS", "huge")
    with pytest.raises(ValueError):
        C.number_image(13)


def test_faces_are_all_different():
    imgs = [C.card_image(c, "small").tobytes() for c in [*range(1, 13), "JK", "25", C.BACK, "AS", "AH"]]
    assert len(set(imgs)) == len(imgs)


def test_quarter_card_is_gold_and_joker_is_not():
    def gold(px):
        r, g, b, a = px
        return a > 200 and r > 200 and 150 < g < 200 and b < 110

    assert count(C.card_image("25"), gold) > 500
    assert count(C.card_image("JK"), gold) < count(C.card_image("25"), gold) / 2


@pytest.mark.parametrize("n", range(1, 13))
def test_number_card_clock_hand_points_at_its_position(n):
    """The little clock on a Dickory card has its red hand towards n o'clock."""
    img = C.number_image(n, "large")
    w, h = img.size
    cx, cy, r = w * 0.2, h * 0.36, w * 0.12

    def reddish(angle_deg: float) -> bool:
        a = math.radians(angle_deg - 90)
        x, y = cx + r * 0.5 * math.cos(a), cy + r * 0.5 * math.sin(a)
        pr, pg, pb, _ = img.getpixel((round(x), round(y)))
        return pr > 150 and pg < 130 and pb < 110

    assert reddish(n * 30)
    assert not reddish(n * 30 + 180)


def test_slot_is_mostly_see_through():
    img = C.slot_image("normal")
    assert count(img, lambda px: px[3] > 200) < img.width * img.height * 0.2


def test_paste_row_spaces_cards_and_overlaps_to_fit():
    canvas = felt(600, 200)
    w, h = C.card_size("small")
    boxes = C.paste_row(canvas, ["AS", "KH", 5], (10, 20), "small", gap=8)
    assert [b[0] for b in boxes] == [10, 10 + w + 8, 10 + 2 * (w + 8)]
    assert all(b[1] == 20 and b[3] - b[1] == h for b in boxes)
    boxes = C.paste_row(canvas, ["back"] * 10, (10, 20), "small", max_width=200)
    assert boxes[-1][2] - boxes[0][0] <= 200
    assert boxes[1][0] - boxes[0][0] < w  # overlapped
    assert C.row_width(10, "small", max_width=200) == boxes[-1][2] - boxes[0][0]
    boxes = C.paste_row(canvas, ["AS", "2S"], (300, 100), "small", align="center", raised=[1])
    assert boxes[0][0] == 300 - C.row_width(2, "small") // 2
    assert boxes[1][1] == 100 - h // 5
    assert C.paste_row(canvas, [], (0, 0)) == []


def test_paste_row_draws_the_cards():
    canvas = felt(300, 160)
    before = canvas.copy()
    C.paste_row(canvas, ["QH"], (20, 20), "normal", outlines={0: (255, 0, 255)})
    assert count(canvas.crop((20, 20, 104, 138)), is_red) > 40
    assert count(before.crop((20, 20, 104, 138)), is_red) == 0
    # The outline ring sits just outside the card.
    assert canvas.getpixel((18, 70))[:3] != before.getpixel((18, 70))[:3]


def test_fanned_row_paints_rotated_cards():
    canvas = felt(400, 200)
    boxes = C.paste_row(canvas, ["back"] * 5, (40, 40), "small", max_width=160, fan=24)
    assert len(boxes) == 5
    assert boxes[0][1] > boxes[2][1]  # the outer cards dip


def test_group_rows_keep_groups_whole_and_balance():
    groups = [[1, 1], [2], [3, 3, 3], [4], [5], [6, 6], [7], [8], [9]]
    rows = C.group_rows(groups, "large", max_width=700, gap=10)
    assert [g for row in rows for g in row] == groups
    widths = [sum(C.group_width(len(g), "large") for g in row) + 10 * (len(row) - 1) for row in rows]
    assert all(x <= 700 for x in widths)
    assert len(rows) == len(C.group_rows(groups, "large", max_width=700, gap=10, balance=False))
    assert max(widths) - min(widths) < C.card_size("large")[0] * 2


def test_paste_groups_overlaps_within_groups_only():
    canvas = felt(900, 200)
    boxes = C.paste_groups(canvas, [[3, 3], [4]], (10, 10), "normal", gap=12)
    step = C.index_step("normal")
    w = C.card_size("normal")[0]
    assert boxes[1][0] - boxes[0][0] == step
    assert boxes[2][0] - boxes[1][0] == w + 12


def test_text_helpers_fold_and_fit():
    assert clean("Zoë 🎲 Ünal") == "Zoë Ünal"  # the shipped face has accents, not emoji
    assert clean("日本") == ""
    assert card_label("5S") == "5♠" and card_label("10H") == "10♥" and card_label("JK") == "Joker"
    s = ellipsize("A very long display name indeed", 30, 150, bold=True)
    assert s.endswith("…") and text_size(s, 30, True)[0] <= 150


def test_png_encoding_is_small_and_valid():
    canvas = felt(400, 300)
    C.paste_row(canvas, ["AS", "10H", "JK", "25", 7], (10, 10), "normal")
    png = to_png(canvas)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert Image.open(__import__("io").BytesIO(png)).size == (400, 300)
    assert len(png) < len(to_png(canvas, palette=False))


def test_paste_suit_paints_the_symbol_in_colour():
    from renderers.draw import RED_SUIT, paste_suit

    canvas = felt(60, 60)
    paste_suit(canvas, "H", (30, 30), 40, RED_SUIT)
    assert count(canvas, is_red) > 500
    assert is_red(canvas.getpixel((30, 30)))


def test_warm_builds_sprites_ahead():
    C.warm(sizes=("tiny",), standard=False)
    info = C._sprite.cache_info()
    C.number_image(5, "tiny")
    assert C._sprite.cache_info().hits == info.hits + 1


def test_suits_and_accents_are_drawn_as_glyphs_not_tofu():
    from renderers.draw import text_mask

    spade = text_mask("♠", 40, True)[0]
    box = text_mask("\ufffe", 40, True)[0]
    assert spade.tobytes() != box.tobytes() and spade.getbbox() is not None
    assert text_mask("Zoë", 30)[0].tobytes() != text_mask("Zoe", 30)[0].tobytes()


def test_text_is_rasterised_once_and_pasted_in_colour():
    from renderers.draw import RED_SUIT, text, text_mask

    text_mask.cache_clear()
    canvas = felt(200, 60)
    for _ in range(3):
        text(canvas, (10, 10), "to beat", 30, RED_SUIT, bold=True)
    assert text_mask.cache_info().misses == 1 and text_mask.cache_info().hits == 2
    assert count(canvas, is_red) > 100
