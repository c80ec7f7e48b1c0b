"""Klondike and FreeCell tables and alt text, rendered from real engine states."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from engine import GAMES
from engine.freecell_solver import solve
from renderers import freecell as FC
from renderers import klondike as KL
from renderers import solitaire as S
from tests.renderers.pixels import picture

PNG_SIG = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300_000
GOLD = (242, 190, 74)
FACE = (253, 252, 248)
BACK = (128, 30, 44)
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


# -- real states ----------------------------------------------------------------------------
def freecell(deal: int, moves: int | None = 0):
    """FreeCell deal `deal` after `moves` of the solver's winning line (None: all of it)."""
    state = GAMES["freecell"].new(1, seed=1, options={"deal": str(deal)})
    plan = solve(state) if moves != 0 else []
    for text in plan[:moves]:
        state.apply(0, text)
    return state


def klondike(seed: int = 5, draw: str = "1", passes: str = "unlimited", steps: int = 0):
    """A Klondike deal after `steps` of the engine's own hints."""
    state = GAMES["klondike"].new(1, seed=seed, options={"draw": draw, "passes": passes})
    for _ in range(steps):
        hint = state.hint()
        if hint is None:
            break
        state.apply(0, hint.text)
    return state


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == PNG_SIG
    assert len(data) < MAX_BYTES
    return Image.open(io.BytesIO(data)).convert("RGB")


def near(px, ref, tol=30) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px, ref, strict=False))


def is_red(px) -> bool:
    return px[0] > 150 and px[1] < 90 and px[2] < 100


def is_black(px) -> bool:
    return max(px) < 80


def card_boxes(view, key="tableau"):
    """(code, x, y) of every card of every column, where the renderer puts it."""
    columns = [list(c) for c in view[key]]
    lay = S.layout(columns, view)
    out = []
    for cards, x in zip(columns, lay.xs, strict=True):
        for code, dy in zip(cards, S.column_offsets(cards, lay.room), strict=True):
            out.append((code, x, S.COLUMNS_Y + dy))
    return out, lay


def assert_suit_marks_show(img, boxes):
    """Every face-up card's suit mark, top right of its visible strip, is in its suit's colour."""
    x0, y0, x1, y1 = S.PIP_BOX
    for code, x, y in boxes:
        if code is None:
            continue
        px = img.getpixel((x + (x0 + x1) // 2, y + (y0 + y1) // 2))
        assert (is_red if code[-1] in "HD" else is_black)(px), (code, px)


STATES = {
    "freecell-fresh": lambda: freecell(617),
    "freecell-mid": lambda: freecell(86, 30),
    "freecell-long": lambda: freecell(86, 62),
    "freecell-won": lambda: freecell(1, None),
    "klondike-fresh": lambda: klondike(),
    "klondike-mid": lambda: klondike(steps=25),
    "klondike-draw3": lambda: klondike(11, draw="3", passes="3", steps=0),
}


def view_of(name: str):
    state = STATES[name]()
    if name == "klondike-draw3":
        state.apply(0, "draw")
        state.apply(0, "draw")
    return state, dict(state.view(None), names=["Alice"])


def renderer(name: str):
    return FC if name.startswith("freecell") else KL


# -- format and size --------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(STATES))
def test_table_is_a_small_png_fitted_to_its_content_and_deterministic(name):
    _, v = view_of(name)
    png = renderer(name).render_table(v)
    img = open_png(png)
    lay = S.layout(v["tableau"], v)
    assert img.size == (S.WIDTH, lay.height) and lay.height <= S.BASE_HEIGHT
    # no empty felt under the longest column beyond the margin (and the result band, if any)
    boxes, _ = card_boxes(v)
    lowest = max((y + S.CARD_H for _, _, y in boxes), default=S.COLUMNS_Y + S.CARD_H)
    assert lay.height - lay.banner - S.BOTTOM_PAD - lowest < 16  # rounding of a tightened overlap at most
    assert picture(png) == picture(renderer(name).render_table(v))
    assert picture(renderer(name).render_hand(v)) == picture(png)  # nothing in a solitaire is private


@pytest.mark.parametrize("name", list(STATES))
def test_every_face_up_card_shows_its_suit_and_the_top_card_is_whole(name):
    _, v = view_of(name)
    img = open_png(renderer(name).render_table(v))
    boxes, lay = card_boxes(v)
    assert_suit_marks_show(img, boxes)
    # the top card of each column is drawn whole: its lower left margin is card face
    for cards, x in zip(v["tableau"], lay.xs, strict=True):
        if cards:
            y = S.COLUMNS_Y + S.column_offsets(cards, lay.room)[-1]
            assert near(img.getpixel((x + 10, y + S.CARD_H - 30)), FACE, 12)


# -- FreeCell ----------------------------------------------------------------------------------
def test_freecell_shows_cells_foundations_and_alt_text_names_all_52_cards():
    state, v = view_of("freecell-mid")
    img = open_png(FC.render_table(v))
    lay = S.layout(v["tableau"])
    for card, x in zip(v["cells"], lay.xs[:4], strict=True):
        px = img.getpixel((x + 10, S.TOP_Y + S.CARD_H - 30))
        assert near(px, FACE, 12) == (card is not None), (card, px)
    for suit, x in zip(S.SUITS, lay.xs[4:], strict=True):
        px = img.getpixel((x + 10, S.TOP_Y + S.CARD_H - 30))
        assert near(px, FACE, 12) == bool(v["foundations"][suit]), (suit, px)
    alt = FC.alt_text(v)
    assert alt.startswith(f"FreeCell deal 86, move {state.moves}.")
    shown = re.findall(r"(?:10|[A2-9JQK])[♠♥♦♣]", alt)
    home = sum(v["foundations"].values())
    assert len(shown) + home == 52 and len(set(shown)) == len(shown)
    assert all(f"{c[:-1]}{SYMBOL[c[-1]]}" in shown for col in v["tableau"] for c in col)


def test_long_columns_overlap_tighter_and_never_below_the_readable_strip():
    _, v = view_of("freecell-long")
    lengths = [len(c) for c in v["tableau"]]
    assert max(lengths) == 14
    _, lay = card_boxes(v)
    steps = {len(c): S.column_offsets(c, lay.room)[1] for c in v["tableau"] if len(c) > 1}
    assert S.MIN_STEP <= steps[14] < S.PREF_STEP
    assert all(steps[n] == S.PREF_STEP for n in steps if n <= 9)
    assert all(steps[a] >= steps[b] for a in steps for b in steps if a < b)


def test_a_column_too_long_for_the_picture_makes_it_taller_not_unreadable():
    state, v = view_of("freecell-fresh")
    cards = [c for col in state.tableau for c in col]
    v = dict(v, tableau=[cards[:19], cards[19:26], cards[26:33], [], cards[33:40], cards[40:46], cards[46:], []])
    img = open_png(FC.render_table(v))
    needed = S.COLUMNS_Y + S.CARD_H + 18 * S.MIN_STEP + 14
    assert img.size == (S.WIDTH, needed) and needed > S.BASE_HEIGHT
    boxes, _ = card_boxes(v)
    assert_suit_marks_show(img, boxes)
    # the empty columns are slots: felt shows through their middle
    lay = S.layout(v["tableau"])
    px = img.getpixel((lay.xs[3] + S.CARD_W // 2, S.COLUMNS_Y + S.CARD_H // 2))
    assert px[1] > px[0] + 20 and not near(px, FACE, 40)


def gold_pixels(img, y0, y1) -> int:
    band = img.crop((S.WIDTH // 2 - 200, y0, S.WIDTH // 2 + 200, y1))
    return sum(1 for px in zip(*(iter(band.tobytes()),) * 3, strict=True) if near(px, GOLD, 30))


def test_won_banner_and_the_four_kings_home():
    state, v = view_of("freecell-won")
    assert state.won and v["won"]
    img = open_png(FC.render_table(v))
    lay = S.layout(v["tableau"])
    for x in lay.xs[4:]:  # a king on each foundation: its index strip has the rank in ink
        strip = img.crop((x + 6, S.TOP_Y + 4, x + 40, S.TOP_Y + 34))
        assert any(is_red(px) or is_black(px) for px in zip(*(iter(strip.tobytes()),) * 3, strict=True))
    lay = S.layout(v["tableau"], v)
    assert lay.banner > 0 and img.height == lay.height
    middle = lay.height - S.BOTTOM_PAD - lay.banner // 2  # the result band under the (empty) columns
    assert gold_pixels(img, middle - 50, middle) > 400
    playing = open_png(FC.render_table(dict(v, won=False, over=False)))
    assert playing.height < img.height and gold_pixels(playing, 0, playing.height) < gold_pixels(img, 0, img.height)
    assert f"Solved in {state.moves} moves." in FC.alt_text(v)


def test_stuck_and_resigned_are_said_on_the_table():
    _, v = view_of("freecell-mid")
    for flags, word in (({"stuck": True}, "No useful move"), ({"resigned": True, "over": True}, "Resigned")):
        img = open_png(FC.render_table(dict(v, **flags)))
        plain = open_png(FC.render_table(v))
        assert img.tobytes() != plain.tobytes()
        assert word in FC.alt_text(dict(v, **flags))


# -- Klondike ------------------------------------------------------------------------------------
def test_klondike_fresh_deal_shows_backs_stock_count_and_tags():
    _state, v = view_of("klondike-fresh")
    img = open_png(KL.render_table(v))
    boxes, lay = card_boxes(v)
    downs = [(x, y) for code, x, y in boxes if code is None]
    assert len(downs) == 21
    for x, y in downs:  # the strip of a face-down card is the red back, never a face
        px = img.getpixel((x + S.CARD_W // 2, y + S.DOWN_STEP // 2))
        assert px[0] > px[1] + 40 and not near(px, FACE, 60), px
    # the stock is a back with its count in white on a dark badge in the middle
    cx, cy = lay.xs[0] + S.CARD_W // 2, S.TOP_Y + S.CARD_H // 2
    badge = list(zip(*(iter(img.crop((cx - 30, cy - 14, cx + 24, cy + 14)).tobytes()),) * 3, strict=True))
    assert sum(1 for px in badge if min(px) > 220) > 60 and sum(1 for px in badge if max(px) < 50) > 300
    assert near(img.getpixel((lay.xs[0] + 8, S.TOP_Y + S.CARD_H - 20)), BACK, 60)
    alt = KL.alt_text(v)
    assert alt.startswith("Klondike, draw 1, pass 1, move 0. Stock 24 cards; waste empty.")
    assert "7: 6 face down, " in alt


def test_klondike_draw_three_fans_the_waste_top_three():
    _state, v = view_of("klondike-draw3")
    assert len(v["waste"]) == 3 and v["waste_count"] == 6
    img = open_png(KL.render_table(v))
    lay = S.layout(v["tableau"])
    for i, code in enumerate(v["waste"]):
        x = lay.xs[1] + i * KL.FAN_STEP
        strip = img.crop((x + 6, S.TOP_Y + 6, x + KL.FAN_STEP - 2, S.TOP_Y + 32))
        inked = [px for px in zip(*(iter(strip.tobytes()),) * 3, strict=True) if is_red(px) or is_black(px)]
        colour = is_red if code[-1] in "HD" else is_black
        assert inked and all(colour(px) for px in inked), code
        # its suit shows too: under the corner rank for the fanned cards, top right on the top one
        if i < 2:
            pip = (x + KL.FAN_PIP[0], S.TOP_Y + KL.FAN_PIP[1])
        else:
            pip = (x + (S.PIP_BOX[0] + S.PIP_BOX[2]) // 2, S.TOP_Y + (S.PIP_BOX[1] + S.PIP_BOX[3]) // 2)
        assert colour(img.getpixel(pip)), code
    alt = KL.alt_text(v)
    top, under = v["waste"][-1], v["waste"][-2]
    assert f"waste 6 cards, top {top[:-1]}{SYMBOL[top[-1]]} over {under[:-1]}{SYMBOL[under[-1]]}" in alt
    assert "draw 3, pass 1 of 3" in alt


def test_klondike_never_shows_a_face_down_card():
    state, v = view_of("klondike-mid")
    hidden = [c for col, d in zip(state.tableau, state.down, strict=True) for c in col[:d]] + state.stock
    assert len(hidden) > 10
    worlds = [state.determinize(0, random.Random(k)) for k in (1, 2)]
    assert worlds[0].stock != worlds[1].stock  # the two worlds really differ where hidden
    renders = {picture(KL.render_table(dict(w.view(None), names=["Alice"]))) for w in worlds}
    assert renders == {picture(KL.render_table(v))}
    alts = {KL.alt_text(dict(w.view(None), names=["Alice"])) for w in worlds}
    assert alts == {KL.alt_text(v)}
    alt = KL.alt_text(v)
    for card in hidden:
        if card not in state.seen:
            assert f" {card[:-1]}{SYMBOL[card[-1]]}" not in alt and card not in alt


def test_klondike_empty_stock_offers_to_turn_the_waste_over():
    state = klondike(seed=3, draw="3")
    for _ in range(8):
        state.apply(0, "draw")
    v = dict(state.view(None), names=["Alice"])
    assert v["stock"] == 0
    img = open_png(KL.render_table(v))
    lay = S.layout(v["tableau"])
    stock = img.crop((lay.xs[0], S.TOP_Y, lay.xs[0] + S.CARD_W, S.TOP_Y + S.CARD_H))
    # the recycle arrow: pale green strokes on the empty slot, no card back
    pixels = list(zip(*(iter(stock.tobytes()),) * 3, strict=True))
    assert sum(1 for px in pixels if near(px, (150, 196, 170), 25)) > 300
    assert not any(near(px, BACK, 20) for px in pixels)
    assert "Stock 0 cards; waste 24 cards" in KL.alt_text(v)
