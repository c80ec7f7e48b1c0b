"""Moleicki pictures: the table's header and centre band.

The band holds the vector (its glyph, its name and which way play goes round the
seats), the centre pile (its top cards fanned, the card to beat ringed, cards under
a reset dimmed, a count of those under them), and the draw pile, bad discard and
numbered good discard piles (top card and size). Under it a strip spells out the
current vector's rank order. Labels and the static panels are drawn once per
table height (`centre_chrome`); each render adds only what the view says.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.moleicki_vectors import VECTOR_TITLES
from renderers.cards import back_image, card_image, card_size, paste_card, paste_row, slot_image
from renderers.draw import (
    CREAM,
    GOLD,
    INK,
    MUTED,
    PANEL,
    WHITE,
    clean,
    ellipsize,
    felt_patch,
    paste_over,
    rounded_box,
    text,
    text_mask,
)
from renderers.draw import text_size as tsize
from renderers.moleicki_glyphs import seat_ring, vector_glyph
from renderers.moleicki_layout import (
    AARGH,
    CENTRE_H,
    CENTRE_Y,
    DARK_PILE,
    DIM,
    GOOD_SHOWN,
    HEADER_H,
    LABEL,
    LOW_LABEL,
    PAD,
    PILE_CARD,
    PILE_SHOWN,
    PILE_W,
    PILE_X,
    RED,
    RING_R,
    SIDE_W,
    SIDE_X,
    STRIP_H,
    STRIP_Y,
    TABLE_W,
    TILE,
    VECTOR_W,
    VECTOR_X,
    badge,
    card_words,
    card_words_w,
    live,
    players_of,
    rank_steps,
    vector_of,
    wrap,
)

_GLYPH_R = 44
_SIDE_CARD = "small"
_GOOD_CARD = "small"
_GOOD_PER_ROW = 4


def pile_box() -> tuple[int, int, int, int]:
    """Where the centre pile's fanned cards may lie."""
    h = card_size(PILE_CARD)[1]
    return PILE_X + 12, CENTRE_Y + 48, PILE_X + PILE_W - 12, CENTRE_Y + 48 + h + 24


def centre_chrome(canvas: Image.Image) -> None:
    """The header panel, the three centre panels and their labels (cached with the table)."""
    rounded_box(canvas, (PAD, 6, TABLE_W - PAD, HEADER_H), 14, fill=PANEL)
    text(canvas, (PAD + 18, HEADER_H / 2 + 3), "MOLEICKI", 32, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    for x, w, label in ((VECTOR_X, VECTOR_W, "VECTOR"), (PILE_X, PILE_W, "PILE"), (SIDE_X, SIDE_W, "")):
        rounded_box(canvas, (x, CENTRE_Y, x + w, CENTRE_Y + CENTRE_H), 16, fill=PANEL)
        if label:
            text(canvas, (x + 16, CENTRE_Y + 12), label, 22, LABEL, bold=True)
    w = card_size(_SIDE_CARD)[0]
    for sx, label in ((SIDE_X + 16, "DRAW"), (SIDE_X + 16 + w + 30, "BAD")):
        text(canvas, (sx + w / 2, CENTRE_Y + 22), label, 20, LABEL, bold=True, anchor="mm")
    qx = SIDE_X + 16 + 2 * (w + 30) - 6
    text(canvas, (qx, CENTRE_Y + 22), "25s", 20, LABEL, bold=True, anchor="lm")
    text(canvas, (qx, CENTRE_Y + 92), "left", 20, MUTED, bold=True, anchor="lm")
    text(canvas, (SIDE_X + 16, _good_y() - 30), "GOOD DISCARDS", 20, LABEL, bold=True)


def _good_y() -> int:
    return CENTRE_Y + 40 + card_size(_SIDE_CARD)[1] + 40


def header(canvas: Image.Image, view: dict[str, Any], names: list[str], ended: bool) -> None:
    draw_header(canvas, *header_lines(view, names, ended))


def header_lines(view: dict[str, Any], names: list[str], ended: bool) -> tuple[str, str]:
    """What the header says beside the title: the table's facts, and the phase or whose turn."""
    n, decks = players_of(view), int(view.get("decks") or 1)
    parts = [f"{n} players", f"{decks} pack{'s' if decks > 1 else ''}"]
    design = view.get("design") or {}
    if design.get("preset"):
        parts.append(f"{design['preset']} deal")
    elif design:
        parts.append("custom deal")
    return " · ".join(parts), "Game over" if ended else _phase_line(view, names)


def draw_header(canvas: Image.Image, facts: str, phase: str) -> None:
    cy = HEADER_H / 2 + 3
    x = PAD + 18 + tsize("MOLEICKI", 32, True)[0] + 16
    right = TABLE_W - PAD - 18
    pw = tsize(phase, 26, True)[0]
    text(canvas, (right, cy), phase, 26, CREAM, bold=True, anchor="rm")
    text(canvas, (x, cy), ellipsize(facts, 22, right - pw - 16 - x), 22, MUTED, anchor="lm")


def _phase_line(view: dict[str, Any], names: list[str]) -> str:
    phase = view.get("phase")
    if phase == "deal":
        return "The dealer deals"
    if phase == "opening":
        return "Race to open"
    if phase == "follow":
        return "Follow-up race"
    current = view.get("current")
    if isinstance(current, int) and 0 <= current < len(names):
        return ellipsize(f"{names[current]}'s turn", 26, 320, bold=True)
    return "In play"


def vector_panel(canvas: Image.Image, view: dict[str, Any]) -> None:
    x, y = VECTOR_X, CENTRE_Y
    vector = vector_of(view)
    gx, gy = x + 14, y + 46
    paste_over(canvas, vector_glyph(vector, _GLYPH_R), (gx, gy))
    lines = _title_lines(view)
    ty = gy + _GLYPH_R - (len(lines) - 1) * 17
    for i, line in enumerate(lines):
        text(canvas, (_TITLE_X, ty + i * 34), line, 30, WHITE, bold=True, anchor="lm")
    direction = view.get("direction")
    current = view.get("current")
    ry = y + CENTRE_H - 2 * RING_R - 16
    ring = seat_ring(players_of(view), int(direction or 0), int(current) if current is not None else -1, RING_R)
    paste_over(canvas, ring, (x + 8, ry))
    tx = x + 8 + 2 * RING_R + 10
    text(canvas, (tx, ry + 6), "PLAY GOES", 20, LABEL, bold=True)
    if direction in (1, -1):
        text(canvas, (tx, ry + 32), "LEFT" if direction == 1 else "RIGHT", 32, GOLD, bold=True)
        text(canvas, (tx, ry + 72), "clockwise" if direction == 1 else "anticlockwise", 20, MUTED)
    else:
        text(canvas, (tx, ry + 38), "not set yet", 24, MUTED)


_TITLE_X = VECTOR_X + 14 + 2 * _GLYPH_R + 12


def _title_lines(view: dict[str, Any]) -> list[str]:
    vector = vector_of(view)
    title = clean(str(view.get("vector_title") or VECTOR_TITLES.get(vector, vector)))
    return wrap(title, 30, VECTOR_W - 2 * _GLYPH_R - 36)[:3]


def title_reach(view: dict[str, Any]) -> int:
    """The column just right of the vector's title (a long word runs past its panel)."""
    right = 0
    for line in _title_lines(view):
        mask, dx, _ = text_mask(line, 30, True, "lm")
        right = max(right, _TITLE_X + dx + mask.width)
    return right


def pile_reach(view: dict[str, Any]) -> int:
    """The leftmost column the centre pile's drawing may reach: its "+N" badge, left of the
    first card (never left of the pile box), or the shadows of its cards."""
    pile, _ = live(view)
    hidden = len(pile) - PILE_SHOWN
    if hidden <= 0:
        return pile_box()[0] - 8  # a card's shadow reaches 6 px left of it
    tw, _ = tsize(f"+{hidden}", 22, True)
    return pile_box()[0] + 4 - max(22 // 2 + 6, tw // 2 + 8) - 1  # see `badge`


def pile_panel(canvas: Image.Image, view: dict[str, Any], names: list[str]) -> None:
    x = PILE_X
    pile, base = live(view)
    count = f"{len(pile)} card{'s' if len(pile) != 1 else ''}"
    text(canvas, (x + PILE_W - 16, CENTRE_Y + 14), count, 22, MUTED, bold=True, anchor="ra")
    x0, y0, x1, _ = pile_box()
    w, h = card_size(PILE_CARD)
    cy = y0 + 4
    caption_y = cy + h + 30
    if not pile:
        paste_card(canvas, slot_image(PILE_CARD), ((x0 + x1) // 2 - w // 2, cy), shadow=False)
        text(
            canvas,
            (x + PILE_W / 2, caption_y),
            ellipsize(_empty_pile(view, names), 26, PILE_W - 24),
            26,
            CREAM,
            anchor="mm",
        )
        return
    shown = pile[-PILE_SHOWN:]
    first = len(pile) - len(shown)
    top_live = len(pile) > base
    boxes = paste_row(
        canvas,
        shown,
        ((x0 + x1) // 2, cy),
        PILE_CARD,
        gap=-30,
        max_width=x1 - x0,
        align="center",
        outlines={len(shown) - 1: GOLD} if top_live else None,
    )
    for i, box in enumerate(boxes):  # cards under a reset (2, joker, junction) no longer count: dim them
        if first + i < base:
            right = boxes[i + 1][0] if i + 1 < len(boxes) else box[2]
            canvas.alpha_composite(Image.new("RGBA", (max(1, min(w, right - box[0])), h), (10, 20, 16, 120)), box[:2])
    if first:
        badge(canvas, boxes[0][0] + 4, boxes[0][1] + h - 16, f"+{first}", 22)
    if top_live:
        label, top = "to beat", pile[-1]
        lw, cw = tsize(label, 26)[0], card_words_w(top, 32)
        sx = x + PILE_W / 2 - (lw + 10 + cw) / 2
        text(canvas, (sx, caption_y), label, 26, MUTED, anchor="lm")
        card_words(canvas, sx + lw + 10, caption_y, top, 32, WHITE)
    else:
        text(canvas, (x + PILE_W / 2, caption_y), "reset: any card", 26, CREAM, anchor="mm")
    _last_play(canvas, view, names, caption_y + 34)


def _empty_pile(view: dict[str, Any], names: list[str]) -> str:
    phase = view.get("phase")
    if phase == "deal":
        return f"{names[int(view.get('dealer') or 0) % len(names)]} designs the deal"
    if phase == "opening":
        opening = str(view.get("opening") or "3")
        return "first card opens" if opening == "any" else f"first {opening} opens"
    return "empty: any card"


def _last_play(canvas: Image.Image, view: dict[str, Any], names: list[str], y: int) -> None:
    last = view.get("last_play") or {}
    seat = last.get("seat")
    if not (isinstance(seat, int) and 0 <= seat < len(names)):
        return
    kinds = {"tie": "tied", "extend": "added", "aargh": "aargh", "junction": "junction", "blind-miss": "blind, missed"}
    line = f"last: {names[seat]} ({kinds.get(str(last.get('kind')), 'played')})"
    text(canvas, (PILE_X + PILE_W / 2, y), ellipsize(line, 20, PILE_W - 24), 20, MUTED, anchor="mm")


def side_panel(canvas: Image.Image, view: dict[str, Any]) -> None:
    x = SIDE_X
    w, h = card_size(_SIDE_CARD)
    cy = CENTRE_Y + 40
    draw_n, bad_n = int(view.get("draw_pile") or 0), int(view.get("bad_discard") or 0)
    for sx, is_draw, n in ((x + 16, True, draw_n), (x + 16 + w + 30, False, bad_n)):
        if n and is_draw:
            for k in range(min(3, 1 + n // 10)):
                paste_card(canvas, back_image(_SIDE_CARD), (sx - 2 * k, cy - 2 * k + 4), shadow=k == 0)
        elif n:
            rounded_box(canvas, (sx, cy, sx + w, cy + h), 6, fill=DARK_PILE, outline=(90, 90, 96), width=2)
        else:
            paste_card(canvas, slot_image(_SIDE_CARD), (sx, cy), shadow=False)
        badge(canvas, sx + w / 2, cy + h / 2, n, 24)
    quarters = view.get("quarters_left")
    if quarters is not None:
        text(canvas, (x + 16 + 2 * (w + 30) - 6, cy + 24), str(int(quarters)), 34, GOLD, bold=True, anchor="lm")
    _good_discards(canvas, list(view.get("good_discards") or []))


def _good_discards(canvas: Image.Image, goods: list[dict[str, Any]]) -> None:
    """Numbered as in `give N to S`: the top card with the pile's size on it."""
    x, gy = SIDE_X, _good_y()
    if not goods:
        text(canvas, (x + 16, gy + 10), "none yet", 22, DIM)
        return
    tw, th = card_size(_GOOD_CARD)
    cell = (SIDE_W - 12) // _GOOD_PER_ROW
    for i, g in enumerate(goods[:GOOD_SHOWN]):
        r, c = divmod(i, _GOOD_PER_ROW)
        cx, yy = x + 10 + c * cell + (cell - tw) // 2, gy + r * (th + 10)
        top, size = str(g.get("top") or ""), int(g.get("size") or 0)
        if top:
            paste_card(canvas, card_image(top, _GOOD_CARD), (cx, yy))
            if not size:  # an empty pile marked by its 10: faded
                canvas.alpha_composite(Image.new("RGBA", (tw, th), (10, 20, 16, 110)), (cx, yy))
        else:
            paste_card(canvas, slot_image(_GOOD_CARD), (cx, yy), shadow=False)
        _pile_number(canvas, cx + tw - 12, yy + 13, i + 1)
        badge(canvas, cx + tw / 2, yy + th - 14, size, 20)
    extra = len(goods) - GOOD_SHOWN
    if extra > 0:
        text(canvas, (x + SIDE_W - 14, gy - 30), f"+{extra} more", 20, GOLD, bold=True, anchor="ra")


def _pile_number(canvas: Image.Image, cx: float, cy: float, n: int) -> None:
    """A gold disc with the pile's number, over the card's top-right corner."""
    r = 13
    ImageDraw.Draw(canvas).ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=INK, width=2)
    text(canvas, (cx, cy), str(n), 20, INK, bold=True, anchor="mm")


# -- the rank strip ----------------------------------------------------------------------------


def held_per_step(vector: str, counts: dict[str, int]) -> tuple[int, ...]:
    """How many red dots each step of the rank strip shows: the cards held of its ranks, at most 6."""
    return tuple(min(6, sum(counts.get(r, 0) for r in step)) for step in rank_steps(vector))


def rank_strip(canvas: Image.Image, vector: str, y: int, held: Sequence[int] = (), layer: str = "all") -> None:
    """The vector's ranks, low to high, with the aargh cards and the loops' junction apart;
    with `held` (see held_per_step), red dots under each step say how many the viewer holds.
    `layer` "base" draws all but the dots (their labels stand as over dots), "dots" only them:
    the two, in that order, are the whole strip when `dots_in_steps` (see there)."""
    d = ImageDraw.Draw(canvas)
    base, dots = layer in ("all", "base"), layer in ("all", "dots")
    steps = rank_steps(vector)
    loops = vector in ("north", "south")
    size, small, gap, tile_h = 22, 18, 4, STRIP_H
    labels = ["/".join(s) for s in steps]
    widths = _step_widths(vector)
    extra = "8 junction" if loops else ""
    aargh = "2 10 JK 25 any time"
    extra_w = tsize(extra, small, True)[0] + 20 if loops else 0
    aargh_w = tsize(aargh, small, True)[0] + 20
    low_w, high_w = tsize("LOW", small, True)[0] + 8, tsize("HIGH", small, True)[0] + 8
    total = low_w + sum(widths) + gap * (len(widths) - 1) + 6 + high_w + (extra_w + 8 if loops else 0) + aargh_w
    x = (canvas.width - total) // 2
    if base:
        text(canvas, (x, y + tile_h / 2), "LOW", small, LOW_LABEL, bold=True, anchor="lm")
    x += low_w
    for i, (lab, w) in enumerate(zip(labels, widths, strict=True)):
        k = held[i] if held else 0
        if base:
            rounded_box(canvas, (x, y, x + w, y + tile_h), 8, fill=GOLD if i == len(labels) - 1 else TILE)
            text(canvas, (x + w / 2, y + tile_h / 2 - (6 if k else 0)), lab, size, INK, bold=True, anchor="mm")
        for j in range(k if dots else 0):
            cx = x + w / 2 - (k - 1) * 4 + j * 8
            d.ellipse((cx - 3, y + tile_h - 12, cx + 3, y + tile_h - 6), fill=RED)
        x += w + gap
    if not base:
        return
    x += 6 - gap
    text(canvas, (x, y + tile_h / 2), "HIGH", small, GOLD, bold=True, anchor="lm")
    x += high_w
    if loops:
        rounded_box(canvas, (x, y + 4, x + extra_w, y + tile_h - 4), 8, fill=(60, 90, 76))
        text(canvas, (x + extra_w / 2, y + tile_h / 2), extra, small, CREAM, bold=True, anchor="mm")
        x += extra_w + 8
    rounded_box(canvas, (x, y + 4, x + aargh_w, y + tile_h - 4), 8, fill=AARGH)
    text(canvas, (x + aargh_w / 2, y + tile_h / 2), aargh, small, WHITE, bold=True, anchor="mm")


@functools.lru_cache(maxsize=16)
def _step_widths(vector: str) -> tuple[int, ...]:
    return tuple(max(36, tsize("/".join(s), 22, True)[0] + 14) for s in rank_steps(vector))


def dots_in_steps(vector: str, held: Sequence[int]) -> bool:
    """Whether every step's dots end left of the next step (4 px on): a dot drawn past them
    would lie under the next step's tile, not over it, so the dots could not come last."""
    return all((k - 1) * 4 + 4 <= w / 2 for k, w in zip(held, _step_widths(vector), strict=False) if k)


@functools.lru_cache(maxsize=64)
def strip_patch(w: int, h: int, vector: str) -> Image.Image:
    """The table's rank strip for a vector on its strip of felt (cached per table size)."""
    patch = felt_patch(w, h, (0, STRIP_Y, w, STRIP_Y + STRIP_H))
    rank_strip(patch, vector, 0)
    return patch
