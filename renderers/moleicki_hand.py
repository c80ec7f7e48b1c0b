"""Moleicki pictures: a player's own hand image (the DM and the hand panel).

Top to bottom: a header (name, seat, card count, SAY NEIN! when one is owed), the
rank strip with red dots for the ranks held, then the card to beat and the vector
on the left beside the hand (sorted in the vector, matching cards stacked), and
last the viewer's own tableau with pile numbers for `flip N` and `blind N`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.cards import rank
from engine.moleicki_vectors import VECTOR_TITLES, group, is_aargh
from renderers.cards import card_image, card_size, group_rows, paste_card, paste_groups, slot_image
from renderers.draw import (
    CREAM,
    GOLD,
    MUTED,
    PANEL,
    WHITE,
    KeptTiles,
    clean,
    ellipsize,
    felt,
    paste_over,
    rounded_box,
    text,
)
from renderers.draw import text_size as tsize
from renderers.moleicki_centre import held_per_step, rank_strip
from renderers.moleicki_glyphs import vector_glyph
from renderers.moleicki_layout import (
    DIM,
    HAND_CARD,
    HAND_W,
    LABEL,
    PAD,
    RED,
    STRIP_H,
    card_words,
    card_words_w,
    live,
    names_of,
    per_seat,
    pill,
    seats,
    vector_of,
)
from renderers.moleicki_tableau import LABEL_H, NUMBER_H, Shape, paste_tableau, plan

_BEAT_W = 196  # the "to beat" column left of the hand
_HEADER_H = 58
_STRIP_Y = 70


def hand_groups(hand: Sequence[str], vector: str) -> list[list[str]]:
    """The hand in order, cards of one strength (aargh cards apart) grouped."""
    groups: list[list[str]] = []
    for c in hand:
        key = None if is_aargh(c) else group(c, vector)
        if groups and key is not None and not is_aargh(groups[-1][0]) and group(groups[-1][0], vector) == key:
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


def hand_image(view: dict[str, Any]) -> Image.Image:
    vector = vector_of(view)
    hand = [str(c) for c in view.get("hand") or []]
    seat = view.get("seat")
    tab = (per_seat(view, "tableaux")[seat] or []) if isinstance(seat, int) else []
    h = card_size(HAND_CARD)[1]
    room = HAND_W - 2 * PAD - _BEAT_W - 16
    rows = group_rows(hand_groups(hand, vector), HAND_CARD, max_width=room, gap=12) if hand else []
    cards_y = _STRIP_Y + STRIP_H + 18
    middle_h = max(len(rows) * (h + 14), 280)
    tab_y = cards_y + middle_h + 8
    tplan = plan(Shape.of([tab]), HAND_W - 2 * PAD - 32, head=LABEL_H + NUMBER_H) if tab else None
    tab_h = 44 + tplan.height + 14 if tplan else 0
    canvas = _chrome(tab_y + tab_h + 8, cards_y, tab_y, tab_h).copy()
    _header(canvas, view, hand)
    counts: dict[str, int] = {}
    for c in hand:
        if not is_aargh(c):
            counts[rank(c)] = counts.get(rank(c), 0) + 1
    rank_strip(canvas, vector, _STRIP_Y, held_per_step(vector, counts))
    _to_beat(canvas, view, cards_y)
    left = PAD + _BEAT_W + 16
    if not hand:
        msg = "No cards in hand"
        if tab and any(p for row in tab for p in row) and not view.get("draw_pile"):
            msg += ": play from your tableau"
        text(canvas, (left + room / 2, cards_y + 80), msg, 28, CREAM, anchor="mm")
    for i, row in enumerate(rows):
        paste_groups(canvas, row, (left + room // 2, cards_y + i * (h + 14)), HAND_CARD, gap=12, align="center")
    if tplan is not None:
        band = (0, tab_y, HAND_W, tab_y + tab_h)
        key = (canvas.size, cards_y, band, tplan, tuple(tuple(tuple(pile) for pile in row) for row in tab))

        def draw() -> Image.Image:
            tile = _chrome(canvas.height, cards_y, tab_y, tab_h).crop(band)
            _tableau(tile, tab, 0, tab_h, tplan)
            return tile

        canvas.paste(_tableaux.get(key, draw), band[:2])  # the band holds the tableau panel alone
    return canvas


_tableaux = KeptTiles(256)  # a seat's tableau in its panel: it changes on few of its owner's moves


@functools.lru_cache(maxsize=64)
def _chrome(height: int, cards_y: int, tab_y: int, tab_h: int) -> Image.Image:
    """The felt with the hand picture's panels and fixed titles for one layout, drawn once:
    their translucent fills are most of the drawing, and a layout recurs move after move."""
    canvas = felt(HAND_W, height)
    rounded_box(canvas, (PAD, 6, HAND_W - PAD, _HEADER_H), 14, fill=PANEL)
    text(canvas, (PAD + 18, _HEADER_H / 2 + 3), "YOUR HAND", 30, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    rounded_box(canvas, (PAD, cards_y - 6, PAD + _BEAT_W, cards_y + 270), 14, fill=PANEL)
    if tab_h:
        rounded_box(canvas, (PAD, tab_y, HAND_W - PAD, tab_y + tab_h - 4), 14, fill=PANEL)
        text(canvas, (PAD + 16, tab_y + 12), "YOUR TABLEAU", 22, LABEL, bold=True)
        note = "play the furthest row first; face-down cards stay unknown until turned"
        text(canvas, (PAD + 16 + tsize("YOUR TABLEAU", 22, True)[0] + 14, tab_y + 15), note, 18, MUTED)
    return canvas


def _header(canvas: Image.Image, view: dict[str, Any], hand: list[str]) -> None:
    """The seat's name and card count beside the title, and a Nein owed."""
    names = names_of(view)
    seat = view.get("seat")
    cy = _HEADER_H / 2 + 3
    title = "YOUR HAND"
    sub = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    if isinstance(seat, int) and 0 <= seat < len(names):
        sub = f"{names[seat]} (seat {seat}) · {sub}"
    sx = PAD + 18 + tsize(title, 30, True)[0] + 14
    sub = ellipsize(sub, 24, 520)
    text(canvas, (sx, cy), sub, 24, MUTED, anchor="lm")
    if isinstance(seat, int) and seat in seats(view, "nein_owed"):
        pill(
            canvas,
            HAND_W - PAD - 18 - tsize("SAY NEIN!", 20, True)[0] - 18,
            round(cy) - 15,
            "SAY NEIN!",
            20,
            RED,
            WHITE,
        )


def _to_beat(canvas: Image.Image, view: dict[str, Any], y: int) -> None:
    """The top of the centre pile as a card (or an empty slot) and the vector under it."""
    x0, x1 = PAD, PAD + _BEAT_W
    pile, base = live(view)
    w, h = card_size("large")
    cx = (x0 + x1) // 2
    if len(pile) > base:
        text(canvas, (cx, y + 14), "TO BEAT", 22, LABEL, bold=True, anchor="mm")
        paste_card(canvas, card_image(pile[-1], "large"), (cx - w // 2, y + 30))
        top = pile[-1]
        card_words(canvas, cx - card_words_w(top, 28) / 2, y + 30 + h + 22, top, 28, WHITE)
    else:
        text(canvas, (cx, y + 14), "ANY CARD", 22, LABEL, bold=True, anchor="mm")
        paste_card(canvas, slot_image("large"), (cx - w // 2, y + 30), shadow=False)
        text(canvas, (cx, y + 30 + h / 2), "empty" if not pile else "reset", 24, DIM, anchor="mm")
    vy = y + 30 + h + 60
    title = clean(str(view.get("vector_title") or VECTOR_TITLES.get(vector_of(view), vector_of(view))))
    paste_over(canvas, vector_glyph(vector_of(view), 16), (x0 + 12, vy - 16))
    text(canvas, (x0 + 50, vy), ellipsize(title, 24, _BEAT_W - 58, True), 24, CREAM, bold=True, anchor="lm")


def _tableau(canvas: Image.Image, tab: Any, y: int, h: int, p: Any) -> None:
    """The seat's tableau in its panel (the panel and its title are in the chrome)."""
    if any(pile for row in tab for pile in row):
        paste_tableau(canvas, tab, ((HAND_W - p.width) // 2, y + 44), p, numbers=True, labels=True)
    else:
        text(canvas, (HAND_W / 2, y + h / 2), "tableau cleared", 26, DIM, anchor="mm")
