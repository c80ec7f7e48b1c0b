"""Moleicki pictures: a player's own hand image (the DM and the hand panel).

Top to bottom: a header (name, seat, card count, SAY NEIN! when one is owed), the
rank strip with red dots for the ranks held, then the card to beat and the vector
on the left beside the hand (sorted in the vector, matching cards stacked), and
last the viewer's own tableau with pile numbers for `flip N` and `blind N`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine.cards import rank
from engine.moleicki_vectors import VECTOR_TITLES, group, is_aargh
from renderers.cards import (
    card_image,
    card_size,
    group_rows,
    group_width,
    index_step,
    paste_card,
    paste_groups,
    slot_image,
)
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
from renderers.moleicki_centre import dots_in_steps, held_per_step, rank_strip
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
from renderers.moleicki_mapped import Part
from renderers.moleicki_tableau import LABEL_H, NUMBER_H, Shape, TableauPlan, paste_tableau, plan

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


@dataclass(frozen=True)
class HandLayout:
    """Where a hand picture's bands lie: header, rank strip, the middle (the card to beat and
    the hand, from `middle_y` to `tab_y`), the tableau panel (`tab_h` tall, 0 if none)."""

    height: int
    cards_y: int
    tab_y: int
    tab_h: int
    rows: tuple[tuple[tuple[str, ...], ...], ...]  # the hand's rows of groups
    tplan: TableauPlan | None

    @property
    def chrome(self) -> Image.Image:
        return _chrome(self.height, self.cards_y, self.tab_y, self.tab_h)

    @property
    def middle_y(self) -> int:
        return _STRIP_Y + STRIP_H


def hand_layout(view: dict[str, Any]) -> HandLayout:
    hand = [str(c) for c in view.get("hand") or []]
    tab = _tableau_of(view)
    h = card_size(HAND_CARD)[1]
    rows = group_rows(hand_groups(hand, vector_of(view)), HAND_CARD, max_width=_ROOM, gap=12) if hand else []
    cards_y = _STRIP_Y + STRIP_H + 18
    middle_h = max(len(rows) * (h + 14), 280)
    tab_y = cards_y + middle_h + 8
    tplan = plan(Shape.of([tab]), HAND_W - 2 * PAD - 32, head=LABEL_H + NUMBER_H, labels=True) if tab else None
    tab_h = 44 + tplan.height + 14 if tplan else 0
    kept = tuple(tuple(tuple(g) for g in row) for row in rows)
    return HandLayout(tab_y + tab_h + 8, cards_y, tab_y, tab_h, kept, tplan)


def hand_parts(view: dict[str, Any], lay: HandLayout) -> list[Part]:
    """(box, key, draw) for each band of the picture that is not the chrome's, top to bottom:
    each band holds all its own drawing, so each can be drawn alone (the tableau's is kept
    mapped in `_tableaux`, key[1] "tableau"); the key holds all of the view the band reads,
    and the layout."""
    hand = [str(c) for c in view.get("hand") or []]
    vector = vector_of(view)
    at = (lay.height, lay.cards_y, lay.tab_y, lay.tab_h)
    says = _header_says(view, hand)
    counts: dict[str, int] = {}
    for c in hand:
        if not is_aargh(c):
            counts[rank(c)] = counts.get(rank(c), 0) + 1
    held = held_per_step(vector, counts)
    tab = _tableau_of(view)
    pile, base = live(view)
    beat = (vector, view.get("vector_title"), pile[-1] if pile else None, len(pile) > base)
    cards = (lay.rows, bool(tab and any(p for row in tab for p in row)), bool(view.get("draw_pile")))
    parts: list[Part] = [
        ((0, 0, HAND_W, _STRIP_Y), (at, "header", says), lambda c: _draw_header(c, *says)),
        (
            (0, _STRIP_Y, HAND_W, lay.middle_y),
            (at, "strip", vector, held),
            lambda c: _strip(c, lay, vector, held),
        ),
    ]
    bottom = lay.cards_y + max(1, len(lay.rows)) * (card_size(HAND_CARD)[1] + 14)  # under the last row's shadows
    if _cards_reach(view, lay) >= _CARDS_X and bottom <= lay.tab_y:  # the card to beat and the hand apart
        parts += [
            ((0, lay.middle_y, _CARDS_X, lay.tab_y), (at, "beat", beat), lambda c: _to_beat(c, view, lay.cards_y)),
            ((_CARDS_X, lay.middle_y, HAND_W, bottom), (at, "cards", cards), lambda c: _cards(c, view, lay)),
            ((_CARDS_X, bottom, HAND_W, lay.tab_y), (at, "felt"), lambda c: None),
        ]
    else:
        parts.append(
            ((0, lay.middle_y, HAND_W, lay.tab_y), (at, "middle", beat, cards), lambda c: _middle(c, view, lay))
        )
    if lay.tplan is not None:
        band = (0, lay.tab_y, HAND_W, lay.tab_y + lay.tab_h)
        key = (at, "tableau", band, lay.tplan, tuple(tuple(tuple(pile) for pile in row) for row in tab))
        parts.append((band, key, lambda c: c.paste(_tableau_tile(lay, tab), band[:2])))
    return parts


def hand_image(view: dict[str, Any]) -> Image.Image:
    """The hand picture in full colour, drawn at once (its parts as `hand_parts` draws them)."""
    lay = hand_layout(view)
    canvas = lay.chrome.copy()
    for _, _, draw in hand_parts(view, lay):
        draw(canvas)
    return canvas


def _strip(canvas: Image.Image, lay: HandLayout, vector: str, held: Sequence[int]) -> None:
    """The rank strip with the dots for the cards held: the strip as kept with the dots drawn
    on, when they stay in their steps (the strip changes with nearly every hand)."""
    if not dots_in_steps(vector, held):
        rank_strip(canvas, vector, _STRIP_Y, held)
        return
    shifted = tuple(bool(k) for k in held)  # a step's label moves up over its dots

    def draw() -> Image.Image:
        band = lay.chrome.crop((0, _STRIP_Y, HAND_W, lay.middle_y))
        rank_strip(band, vector, 0, shifted, "base")
        return band

    key = (lay.height, lay.cards_y, lay.tab_y, lay.tab_h, vector, shifted)
    canvas.paste(_strips.get(key, draw), (0, _STRIP_Y))
    rank_strip(canvas, vector, _STRIP_Y, held, "dots")


_strips = KeptTiles(16)  # the hand's rank strip without its dots (~0.17 MB), by layout, vector and steps held


def _tableau_of(view: dict[str, Any]) -> Any:
    seat = view.get("seat")
    return (per_seat(view, "tableaux")[seat] or []) if isinstance(seat, int) else []


def _middle(canvas: Image.Image, view: dict[str, Any], lay: HandLayout) -> None:
    """The card to beat and the vector, and the hand beside them (or a word for no hand)."""
    _to_beat(canvas, view, lay.cards_y)
    _cards(canvas, view, lay)


def _cards(canvas: Image.Image, view: dict[str, Any], lay: HandLayout) -> None:
    h = card_size(HAND_CARD)[1]
    if not lay.rows:
        text(canvas, (_LEFT + _ROOM / 2, lay.cards_y + 80), _no_cards(view), 28, CREAM, anchor="mm")
    for i, row in enumerate(lay.rows):
        paste_groups(canvas, row, (_LEFT + _ROOM // 2, lay.cards_y + i * (h + 14)), HAND_CARD, gap=12, align="center")


def _no_cards(view: dict[str, Any]) -> str:
    tab = _tableau_of(view)
    msg = "No cards in hand"
    if tab and any(p for row in tab for p in row) and not view.get("draw_pile"):
        msg += ": play from your tableau"
    return msg


def _cards_reach(view: dict[str, Any], lay: HandLayout) -> int:
    """The leftmost column the hand's cards (their shadows) or its no-cards words reach."""
    if not lay.rows:
        return round(_LEFT + _ROOM / 2) - tsize(_no_cards(view), 28)[0] // 2 - 2
    step = index_step(HAND_CARD)
    widest = max(sum(group_width(len(g), HAND_CARD, step) for g in row) + 12 * (len(row) - 1) for row in lay.rows)
    return _LEFT + _ROOM // 2 - widest // 2 - 8  # a card's shadow reaches 6 px left of it


def _tableau_tile(lay: HandLayout, tab: Any) -> Image.Image:
    """The tableau panel's band, drawn on its own: the picture keeps it mapped (`_tableaux`)."""
    assert lay.tplan is not None
    tile = lay.chrome.crop((0, lay.tab_y, HAND_W, lay.tab_y + lay.tab_h))
    _tableau(tile, tab, 0, lay.tab_h, lay.tplan)
    return tile


# A seat's tableau band on the hand's palette (~0.25 MB; 1 byte a pixel, where full colour
# took 4), filled by renderers/moleicki.py's render_hand: it changes on few of its owner's
# moves, and the hand drawn after each move is the next seat's, so it holds the seats of a
# few tables (8 seats each).
_tableaux = KeptTiles(32)
_ROOM = HAND_W - 2 * PAD - _BEAT_W - 16  # the hand's width beside the card to beat
_LEFT = PAD + _BEAT_W + 16  # the hand's left edge
_CARDS_X = PAD + _BEAT_W + 8  # between the card to beat's panel and the hand


@functools.lru_cache(maxsize=8)  # ~3 MB each: the layouts of a few tables' hands
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


def _header_says(view: dict[str, Any], hand: list[str]) -> tuple[str, bool]:
    """The seat's name and card count beside the title, and whether a Nein is owed."""
    names = names_of(view)
    seat = view.get("seat")
    sub = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    if isinstance(seat, int) and 0 <= seat < len(names):
        sub = f"{names[seat]} (seat {seat}) · {sub}"
    return ellipsize(sub, 24, 520), isinstance(seat, int) and seat in seats(view, "nein_owed")


def _draw_header(canvas: Image.Image, sub: str, nein: bool) -> None:
    cy = _HEADER_H / 2 + 3
    sx = PAD + 18 + tsize("YOUR HAND", 30, True)[0] + 14
    text(canvas, (sx, cy), sub, 24, MUTED, anchor="lm")
    if nein:
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
