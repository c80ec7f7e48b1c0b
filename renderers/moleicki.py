"""Moleicki pictures: the public table, a player's hand and tableau, and alt text.

Built only from the view dicts of engine/moleicki.py (plus `names`, added by the bot),
so an image shows exactly what the view allows: face-down tableau cards are `None`
in every view and are drawn as backs; `render_table` never draws a hand.

- `render_table(view)`: a header, then a centre band with the vector (a glyph, its
  name and which way play goes round the seats), the centre pile (its top cards
  fanned, the card to beat ringed, cards under a reset dimmed, a count of the cards
  under them), and the draw pile, bad discard and numbered good discard piles (top
  card and size); a strip with the current vector's rank order; then a grid of
  compact player panels (seat number, name, tags such as TO PLAY, OWES NEIN,
  PUNCHED, WINNER; hand size; tableau rows barrier first, base last). Up to eight
  players fit in two columns.
- `render_hand(view)`: the viewer's hand (sorted in the vector, matching cards
  stacked), the card to beat, the rank strip with dots for the cards held, and the
  viewer's own tableau with pile numbers (for `flip N` and `blind N`).
- `alt_text(view)`: public facts only.

Seats are numbered from 0 and good discard and tableau piles from 1, as in the
action notation, so `give 2 to 3` and `next 1` can be read off the picture.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import pretty, rank
from engine.moleicki_vectors import STRENGTH, VECTOR_TITLES, group, is_aargh
from renderers.cards import (
    BACK,
    back_image,
    card_image,
    card_size,
    group_rows,
    paste_card,
    paste_groups,
    paste_row,
    slot_image,
)
from renderers.draw import (
    CREAM,
    GOLD,
    GOLD_DARK,
    INK,
    MUTED,
    PANEL,
    SS,
    WHITE,
    Color,
    clean,
    ellipsize,
    felt,
    font,
    paste_over,
    paste_suit,
    rounded_box,
    text,
    text_size,
    to_png,
)

__all__ = [
    "CENTRE_Y",
    "GRID_Y",
    "SEAT_COLOURS",
    "TABLE_W",
    "alt_text",
    "panel_box",
    "pile_box",
    "rank_steps",
    "render_hand",
    "render_table",
    "table_height",
    "warm",
]

# ---------------------------------------------------------------------------
# Layout (px). Tests sample pixels through these, so keep them the truth.
# ---------------------------------------------------------------------------

TABLE_W = 960
_PAD = 16
_HEADER_H = 58
CENTRE_Y = _HEADER_H + 10  # top of the centre band
_CENTRE_H = 286
_STRIP_Y = CENTRE_Y + _CENTRE_H + 10
_STRIP_H = 40
GRID_Y = _STRIP_Y + _STRIP_H + 14  # top of the player grid
_GRID_GAP = 10
_COLUMNS = 2
_PANEL_W = (TABLE_W - 2 * _PAD - _GRID_GAP) // _COLUMNS

_VECTOR_X, _VECTOR_W = _PAD, 282
_PILE_X, _PILE_W = _PAD + 282 + 10, 326
_SIDE_X = _PILE_X + _PILE_W + 10
_SIDE_W = TABLE_W - _PAD - _SIDE_X

_PILE_SHOWN = 5  # top cards of the centre pile fanned out
_GOOD_SHOWN = 8  # good discard piles drawn (the rest are counted)

HAND_W = 960
_HAND_CARD = "large"

SEAT_COLOURS: tuple[Color, ...] = (
    (110, 200, 255),
    (255, 150, 120),
    (190, 160, 255),
    (140, 230, 150),
    (250, 140, 200),
    (110, 225, 215),
    (235, 200, 120),
    (205, 205, 215),
)
_LABEL = (222, 236, 226)
_DIM = (150, 175, 160)
_RED = (214, 58, 58)
_RED_DARK = (120, 24, 30)
_AARGH = (120, 70, 160)
_TILE = (238, 232, 214)
_LOW_LABEL = (150, 200, 240)
_DARK_PILE = (30, 30, 34)

_PENDING_TAGS = {
    "play": "TO PLAY",
    "tied": "MUST BEAT",
    "eight": "BEAT THE 8",
    "again": "PLAYS AGAIN",
    "vector": "CALLS VECTOR",
    "give": "GIVES A PILE",
    "next": "PICKS NEXT",
}


# ---------------------------------------------------------------------------
# View helpers
# ---------------------------------------------------------------------------


def _players(view: dict[str, Any]) -> int:
    return max(1, min(8, int(view.get("players") or len(view.get("hands") or []) or 2)))


def _names(view: dict[str, Any], drawable: bool = True) -> list[str]:
    """Display names per seat; `drawable` folds them to what the image font can draw."""
    given = list(view.get("names") or [])
    out = []
    for seat in range(_players(view)):
        raw = str(given[seat]).strip() if seat < len(given) and given[seat] else ""
        out.append((clean(raw) if drawable else " ".join(raw.split())) or f"Player {seat}")
    return out


def _seats(view: dict[str, Any], key: str) -> set[int]:
    return {int(s) for s in view.get(key) or [] if s is not None}


def _per_seat(view: dict[str, Any], key: str) -> list[Any]:
    vals = list(view.get(key) or [])
    return vals + [None] * (_players(view) - len(vals))


def _reason(view: dict[str, Any], names: Sequence[str]) -> str:
    """The engine's reason with its `{pN}` seat placeholders filled in."""
    raw = str(view.get("reason") or "")

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return names[seat] if seat < len(names) else f"seat {seat}"

    return re.sub(r"\{p(\d+)\}", name, raw)


def rank_steps(vector: str) -> list[list[str]]:
    """The vector's ordinary ranks from low to high; equal ranks share a step."""
    table = STRENGTH.get(vector, STRENGTH["up"])
    steps: dict[int, list[str]] = {}
    for r, s in table.items():
        steps.setdefault(s, []).append(r)
    face = ("3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A")
    return [sorted(steps[s], key=face.index) for s in sorted(steps)]


def _live(view: dict[str, Any]) -> tuple[list[str], int]:
    pile = [str(c) for c in view.get("pile") or []]
    base = int(view.get("pile_base") or 0)
    return pile, min(base, len(pile))


def table_height(players: int) -> int:
    rows = -(-max(1, players) // _COLUMNS)
    return GRID_Y + rows * _panel_h() + (rows - 1) * _GRID_GAP + _PAD


def _panel_h() -> int:
    return 40 + _stack_h("small") + 14


def panel_box(seat: int) -> tuple[int, int, int, int]:
    """The (x0, y0, x1, y1) of a seat's panel on the table."""
    row, col = divmod(seat, _COLUMNS)
    x0 = _PAD + col * (_PANEL_W + _GRID_GAP)
    y0 = GRID_Y + row * (_panel_h() + _GRID_GAP)
    return x0, y0, x0 + _PANEL_W, y0 + _panel_h()


def pile_box() -> tuple[int, int, int, int]:
    """Where the centre pile's fanned cards may lie."""
    return _PILE_X + 12, CENTRE_Y + 44, _PILE_X + _PILE_W - 12, CENTRE_Y + 44 + card_size("normal")[1] + 24


# ---------------------------------------------------------------------------
# Small drawing pieces
# ---------------------------------------------------------------------------


def _pill(canvas: Image.Image, x: int, y: int, s: str, size: int, bg: Color, fg: Color) -> int:
    """A rounded tag with text; (x, y) is its top-left. Returns its right edge."""
    tw, _ = text_size(s, size, True)
    h, w = size + 10, tw + 18
    rounded_box(canvas, (x, y, x + w, y + h), h // 2, fill=bg)
    text(ImageDraw.Draw(canvas), (x + w / 2, y + h / 2 + 1), s, size, fg, bold=True, anchor="mm")
    return x + w


def _pill_w(s: str, size: int) -> int:
    return text_size(s, size, True)[0] + 18


def _badge(canvas: Image.Image, cx: float, cy: float, n: int | str, size: int = 22) -> None:
    """A dark rounded count badge centred on (cx, cy)."""
    s = str(n)
    tw, _ = text_size(s, size, True)
    r = max(size // 2 + 6, tw // 2 + 8)
    half = size // 2 + 5
    rounded_box(canvas, (cx - r, cy - half, cx + r, cy + half), half, fill=(20, 20, 24, 215))
    text(ImageDraw.Draw(canvas), (cx, cy + 1), s, size, WHITE, bold=True, anchor="mm")


def _seat_disc(canvas: Image.Image, cx: int, cy: int, seat: int, r: int = 13) -> None:
    d = ImageDraw.Draw(canvas)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SEAT_COLOURS[seat % len(SEAT_COLOURS)])
    text(d, (cx, cy + 1), str(seat), r + 5, INK, bold=True, anchor="mm")


def _card_words(canvas: Image.Image, x: float, cy: float, card: str, size: int, fill: Color) -> float:
    """A card written as rank + suit shape (the font has no suit glyphs); returns the right edge."""
    d = ImageDraw.Draw(canvas)
    r = rank(card)
    label = {"JK": "Joker", "25": "25"}.get(r, r)
    text(d, (x, cy), label, size, fill, bold=True, anchor="lm")
    x += text_size(label, size, True)[0] + 2
    if len(card) >= 2 and card[-1] in "SHDC" and r not in ("JK", "25"):
        px = round(size * 0.8)
        colour = (235, 90, 90) if card[-1] in "HD" else fill
        paste_suit(canvas, card[-1], (x + px / 2, cy), px, colour)
        x += px + 2
    return x


def _wrap(s: str, size: int, width: int, bold: bool = True) -> list[str]:
    words, lines, line = s.split(), [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if line and text_size(trial, size, bold)[0] > width:
            lines.append(line)
            line = w
        else:
            line = trial
    return [*lines, line] if line else lines


# ---------------------------------------------------------------------------
# The vector glyph and the direction ring (cached)
# ---------------------------------------------------------------------------


def _arrow(d: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float, w: float, fill: Color) -> None:
    """A thick straight arrow from (x0, y0) to a head at (x1, y1)."""
    ang = math.atan2(y1 - y0, x1 - x0)
    head = w * 2.3
    bx, by = x1 - head * math.cos(ang), y1 - head * math.sin(ang)
    d.line(((x0, y0), (bx, by)), fill=fill, width=round(w))
    px, py = -math.sin(ang), math.cos(ang)
    d.polygon(
        [(x1, y1), (bx + px * head * 0.75, by + py * head * 0.75), (bx - px * head * 0.75, by - py * head * 0.75)],
        fill=fill,
    )


def _arc_arrow(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    start: float,
    end: float,
    w: float,
    fill: Color,
    clockwise: bool,
) -> None:
    """An arc from `start` to `end` degrees (screen angles, clockwise) with a head at the moving end."""
    d.arc((cx - r, cy - r, cx + r, cy + r), start, end, fill=fill, width=round(w))
    tip_deg = end if clockwise else start
    a = math.radians(tip_deg)
    tx, ty = cx + r * math.cos(a), cy + r * math.sin(a)
    # the tangent in the direction of travel
    sgn = 1 if clockwise else -1
    dx, dy = -math.sin(a) * sgn, math.cos(a) * sgn
    head = w * 2.2
    nx, ny = math.cos(a), math.sin(a)
    d.polygon(
        [
            (tx + dx * head, ty + dy * head),
            (tx + nx * head * 0.8, ty + ny * head * 0.8),
            (tx - nx * head * 0.8, ty - ny * head * 0.8),
        ],
        fill=fill,
    )


@functools.cache
def _vector_glyph(vector: str, radius: int) -> Image.Image:
    """A disc with a symbol for the vector: arrows up/down, converging or spreading
    arrows for middle/anti-middle, the physics marks for into (x) and out of (dot)
    the page, and turning arrows for the two loops."""
    s = 2 * radius * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = s / 2
    d.ellipse((0, 0, s - 1, s - 1), fill=GOLD_DARK)
    rim = s * 0.05
    d.ellipse((rim, rim, s - 1 - rim, s - 1 - rim), fill=CREAM)
    w = s * 0.075
    ink = INK
    k = s * 0.3
    if vector == "up":
        _arrow(d, c, c + k, c, c - k * 1.05, w, ink)
    elif vector == "down":
        _arrow(d, c, c - k, c, c + k * 1.05, w, ink)
    elif vector in ("middle", "antimiddle"):
        dot = s * 0.06
        d.ellipse((c - dot, c - dot, c + dot, c + dot), fill=_RED)
        if vector == "middle":
            _arrow(d, c - k * 1.2, c, c - s * 0.1, c, w * 0.8, ink)
            _arrow(d, c + k * 1.2, c, c + s * 0.1, c, w * 0.8, ink)
        else:
            _arrow(d, c - s * 0.1, c, c - k * 1.25, c, w * 0.8, ink)
            _arrow(d, c + s * 0.1, c, c + k * 1.25, c, w * 0.8, ink)
    elif vector in ("into", "out"):
        r = s * 0.27
        d.ellipse((c - r, c - r, c + r, c + r), outline=ink, width=round(w * 0.7))
        if vector == "into":
            q = r * 0.62
            d.line(((c - q, c - q), (c + q, c + q)), fill=ink, width=round(w * 0.75))
            d.line(((c - q, c + q), (c + q, c - q)), fill=ink, width=round(w * 0.75))
        else:
            dot = r * 0.3
            d.ellipse((c - dot, c - dot, c + dot, c + dot), fill=ink)
    else:  # the loops
        clockwise = vector == "north"
        _arc_arrow(d, c, c, s * 0.3, 300 if clockwise else 240, 240 if clockwise else 300, w * 0.75, ink, clockwise)
        letter = "N" if vector == "north" else "S"
        px = round(s * 0.26)
        d.text((c, c + s * 0.02), letter, font=font(px, True), fill=_RED, anchor="mm")
    return img.resize((2 * radius, 2 * radius), Image.Resampling.LANCZOS)


@functools.cache
def _ring(players: int, direction: int, current: int, radius: int) -> Image.Image:
    """Seats as coloured dots round a circle, seat 0 at the top and going clockwise
    (seat + 1 is to a player's left), with an arrow the way play goes."""
    s = 2 * radius * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = s / 2
    r_dots = s * 0.3
    dot = s * (0.085 if players > 5 else 0.1)
    if direction:
        _arc_arrow(d, c, c, s * 0.45, 200, 340, s * 0.04, GOLD, direction > 0)
        _arc_arrow(d, c, c, s * 0.45, 20, 160, s * 0.04, GOLD, direction > 0)
    for seat in range(players):
        a = math.radians(-90 + 360 * seat / players)
        x, y = c + r_dots * math.cos(a), c + r_dots * math.sin(a)
        if seat == current:
            g = dot * 1.5
            d.ellipse((x - g, y - g, x + g, y + g), fill=GOLD)
        d.ellipse((x - dot, y - dot, x + dot, y + dot), fill=SEAT_COLOURS[seat % len(SEAT_COLOURS)])
    return img.resize((2 * radius, 2 * radius), Image.Resampling.LANCZOS)


# ---------------------------------------------------------------------------
# Table pieces
# ---------------------------------------------------------------------------


def _header(canvas: Image.Image, view: dict[str, Any], names: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    cy = _HEADER_H / 2 + 4
    n, decks = _players(view), int(view.get("decks") or 1)
    parts = [f"{n} players", f"{decks} pack{'s' if decks > 1 else ''}"]
    design = view.get("design") or {}
    if design.get("preset"):
        parts.append(f"{design['preset']} deal")
    elif design:
        parts.append("custom deal")
    x = _PAD + 18 + text_size("MOLEICKI", 32, True)[0] + 16
    text(d, (x, cy), " · ".join(parts), 22, MUTED, anchor="lm")
    text(d, (TABLE_W - _PAD - 18, cy), _phase_line(view, names), 24, CREAM, bold=True, anchor="rm")


def _phase_line(view: dict[str, Any], names: list[str]) -> str:
    phase = view.get("phase")
    if phase == "over" or view.get("over"):
        return "Game over"
    if phase == "deal":
        return "The dealer deals"
    if phase == "opening":
        return "Race to open"
    if phase == "follow":
        return "Follow-up race"
    current = view.get("current")
    if isinstance(current, int) and 0 <= current < len(names):
        return ellipsize(f"{names[current]}'s turn", 24, 300, bold=True)
    return "In play"


def _vector_panel(canvas: Image.Image, view: dict[str, Any], names: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    x, y = _VECTOR_X, CENTRE_Y
    vector = str(view.get("vector") or "up")
    glyph_r = 44
    glyph = _vector_glyph(vector if vector in STRENGTH else "up", glyph_r)
    gx, gy = x + 16, y + 40
    paste_over(canvas, glyph, (gx, gy))
    title = str(view.get("vector_title") or VECTOR_TITLES.get(vector, vector))
    lines = _wrap(clean(title), 28, _VECTOR_W - 2 * glyph_r - 44)
    ty = gy + glyph_r - (len(lines) - 1) * 16
    for i, line in enumerate(lines[:3]):
        text(d, (gx + 2 * glyph_r + 14, ty + i * 32), line, 28, WHITE, bold=True, anchor="lm")
    # direction of play: the ring and a sentence
    direction = view.get("direction")
    current = view.get("current")
    players = _players(view)
    ry = y + _CENTRE_H - 2 * _RING_R - 14
    ring = _ring(players, int(direction or 0), int(current) if current is not None else -1, _RING_R)
    paste_over(canvas, ring, (x + 10, ry))
    tx = x + 10 + 2 * _RING_R + 8
    if direction in (1, -1):
        way = "LEFT" if direction == 1 else "RIGHT"
        text(d, (tx, ry + 38), way, 30, GOLD, bold=True)
        text(d, (tx, ry + 74), "clockwise" if direction == 1 else "anticlockwise", 17, MUTED)
    else:
        text(d, (tx, ry + 40), "not set yet", 22, MUTED)


def _pile_panel(canvas: Image.Image, view: dict[str, Any], names: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    x, y = _PILE_X, CENTRE_Y
    pile, base = _live(view)
    count = f"{len(pile)} card{'s' if len(pile) != 1 else ''}"
    text(d, (x + _PILE_W - 16, y + 12), count, 18, MUTED, bold=True, anchor="ra")
    x0, y0, x1, _ = pile_box()
    w, h = card_size("normal")
    cy = y0 + 8
    caption_y = cy + h + 26
    if not pile:
        paste_card(canvas, slot_image("normal"), ((x0 + x1) // 2 - w // 2, cy), shadow=False)
        phase = view.get("phase")
        msg = "empty pile: any card"
        if phase == "deal":
            msg = f"{names[int(view.get('dealer') or 0)]} designs the deal"
        elif phase == "opening":
            opening = str(view.get("opening") or "3")
            msg = "first card opens" if opening == "any" else f"first to play a {opening} opens"
        text(d, (x + _PILE_W / 2, caption_y), ellipsize(msg, 22, _PILE_W - 24), 22, CREAM, anchor="mm")
        return
    shown = pile[-_PILE_SHOWN:]
    first = len(pile) - len(shown)
    top_live = len(pile) > base
    boxes = paste_row(
        canvas,
        shown,
        ((x0 + x1) // 2, cy),
        "normal",
        gap=-20,
        max_width=x1 - x0,
        align="center",
        outlines={len(shown) - 1: GOLD} if top_live else None,
    )
    # cards under a reset (2, joker, junction) no longer count: dim them
    for i, box in enumerate(boxes):
        if first + i < base:  # only the strip of the card that shows
            right = boxes[i + 1][0] if i + 1 < len(boxes) else box[2]
            veil = Image.new("RGBA", (max(1, min(w, right - box[0])), h), (10, 20, 16, 120))
            canvas.alpha_composite(veil, (box[0], box[1]))
    if first:
        _badge(canvas, boxes[0][0] + 4, boxes[0][1] + h - 14, f"+{first}", 18)
    if top_live:
        right = x + _PILE_W / 2
        label = "to beat:"
        lw = text_size(label, 22)[0]
        top = pile[-1]
        cw = _card_words_w(top, 24)
        sx = right - (lw + 8 + cw) / 2
        text(d, (sx, caption_y), label, 22, MUTED, anchor="lm")
        _card_words(canvas, sx + lw + 8, caption_y, top, 24, WHITE)
    else:
        text(d, (x + _PILE_W / 2, caption_y), "reset: any card may follow", 22, CREAM, anchor="mm")
    last = view.get("last_play") or {}
    seat = last.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        kind = {
            "tie": "tied",
            "extend": "added",
            "aargh": "aargh",
            "junction": "junction",
            "blind-miss": "blind, missed",
        }.get(str(last.get("kind")), "played")
        line = f"last: {names[seat]} ({kind})"
        text(d, (x + _PILE_W / 2, caption_y + 28), ellipsize(line, 18, _PILE_W - 24), 18, MUTED, anchor="mm")


def _card_words_w(card: str, size: int) -> int:
    r = rank(card)
    label = {"JK": "Joker", "25": "25"}.get(r, r)
    w = text_size(label, size, True)[0] + 2
    if r not in ("JK", "25"):
        w += round(size * 0.8) + 2
    return w


def _side_panel(canvas: Image.Image, view: dict[str, Any]) -> None:
    d = ImageDraw.Draw(canvas)
    x, y = _SIDE_X, CENTRE_Y
    w, h = card_size("small")
    # draw pile and bad discard, labelled above
    cy = y + 36
    draw_n, bad_n = int(view.get("draw_pile") or 0), int(view.get("bad_discard") or 0)
    spots = ((x + 18, "DRAW", draw_n), (x + 18 + w + 34, "BAD", bad_n))
    for sx, label, n in spots:
        if n and label == "DRAW":
            for k in range(min(3, 1 + n // 10)):
                paste_card(canvas, back_image("small"), (sx - 2 * k, cy - 2 * k + 4), shadow=k == 0)
        elif n:
            rounded_box(canvas, (sx, cy, sx + w, cy + h), 6, fill=_DARK_PILE, outline=(90, 90, 96), width=2)
        else:
            paste_card(canvas, slot_image("small"), (sx, cy), shadow=False)
        _badge(canvas, sx + w / 2, cy + h / 2, n, 22)
    quarters = view.get("quarters_left")
    if quarters is not None:
        qx = x + 18 + 2 * (w + 34) - 8
        text(d, (qx, cy + 22), str(int(quarters)), 30, GOLD, bold=True, anchor="lm")
    # good discard piles, numbered as in `give N to S`: top card, size on it
    gy = cy + h + 10
    goods = list(view.get("good_discards") or [])
    tw, th = card_size("tiny")
    if not goods:
        text(d, (x + 16, gy + 34), "none yet", 20, _DIM)
        return
    per_row = 4
    cell = (_SIDE_W - 16) // per_row
    for i, g in enumerate(goods[:_GOOD_SHOWN]):
        r, c = divmod(i, per_row)
        gx = x + 10 + c * cell
        yy = gy + 24 + r * (th + 8)
        top = str(g.get("top") or "")
        size = int(g.get("size") or 0)
        text(d, (gx + 8, yy + th / 2), str(i + 1), 18, GOLD, bold=True, anchor="mm")
        cx = gx + 18
        if top:
            paste_card(canvas, card_image(top, "tiny"), (cx, yy))
            if not size:  # an empty pile marked by its 10: faded
                canvas.alpha_composite(Image.new("RGBA", (tw, th), (10, 20, 16, 110)), (cx, yy))
        _badge(canvas, cx + tw / 2, yy + th - 10, size, 15)
    extra = len(goods) - _GOOD_SHOWN
    if extra > 0:
        text(d, (x + _SIDE_W - 14, gy), f"+{extra} more", 16, GOLD, bold=True, anchor="ra")


def _strip(
    canvas: Image.Image, view: dict[str, Any], y: int, counts: dict[str, int] | None = None, width: int = TABLE_W
) -> None:
    """The current vector's ranks, low to high, with the aargh cards and the loops' junction apart."""
    d = ImageDraw.Draw(canvas)
    vector = str(view.get("vector") or "up")
    steps = rank_steps(vector)
    loops = vector in ("north", "south")
    size = 19
    tile_h = _STRIP_H
    labels = ["/".join(s) for s in steps]
    widths = [max(34, text_size(lab, size, True)[0] + 14) for lab in labels]
    gap = 4
    extra_w = (text_size("8 junction", 16, True)[0] + 24) if loops else 0
    aargh = "2 10 JK 25 any time"
    aargh_w = text_size(aargh, 16, True)[0] + 22
    total = (
        (text_size("LOW", 16, True)[0] + 10)
        + sum(widths)
        + gap * (len(widths) - 1)
        + (text_size("HIGH", 16, True)[0] + 10)
        + (extra_w + 10 if loops else 0)
        + aargh_w
        + 10
    )
    x = (width - total) // 2
    text(d, (x, y + tile_h / 2), "LOW", 16, _LOW_LABEL, bold=True, anchor="lm")
    x += text_size("LOW", 16, True)[0] + 10
    for i, (lab, w) in enumerate(zip(labels, widths, strict=True)):
        fill = GOLD if i == len(labels) - 1 else _TILE
        rounded_box(canvas, (x, y, x + w, y + tile_h), 8, fill=fill)
        text(d, (x + w / 2, y + tile_h / 2 - (5 if counts else 0)), lab, size, INK, bold=True, anchor="mm")
        k = sum(counts.get(r, 0) for r in steps[i]) if counts else 0
        if k:
            sp, dot = 8, 3
            start = x + w / 2 - (min(k, 6) - 1) * sp / 2
            for j in range(min(k, 6)):
                cx = start + j * sp
                d.ellipse((cx - dot, y + tile_h - 9 - dot, cx + dot, y + tile_h - 9 + dot), fill=_RED)
        x += w + gap
    x += 6 - gap
    text(d, (x, y + tile_h / 2), "HIGH", 16, GOLD, bold=True, anchor="lm")
    x += text_size("HIGH", 16, True)[0] + 10
    if loops:
        rounded_box(canvas, (x, y + 4, x + extra_w, y + tile_h - 4), 8, fill=(60, 90, 76))
        text(d, (x + extra_w / 2, y + tile_h / 2), "8 junction", 16, CREAM, bold=True, anchor="mm")
        x += extra_w + 10
    rounded_box(canvas, (x, y + 4, x + aargh_w, y + tile_h - 4), 8, fill=_AARGH)
    text(d, (x + aargh_w / 2, y + tile_h / 2), aargh, 16, WHITE, bold=True, anchor="mm")


# -- tableaux ------------------------------------------------------------------------


def _stack_step(size: str) -> int:
    return max(8, card_size(size)[1] // 7)


def _stack_h(size: str, depth: int = 3) -> int:
    return card_size(size)[1] + _stack_step(size) * (depth - 1)


def _tableau_width(rows: Sequence[Sequence[Any]], size: str, gap: int, row_gap: int) -> int:
    w = card_size(size)[0]
    piles = sum(len(r) for r in rows)
    return piles * w + gap * max(0, piles - len(rows)) + row_gap * max(0, len(rows) - 1)


def _paste_tableau(
    canvas: Image.Image,
    rows: Sequence[Sequence[Sequence[str | None]]],
    xy: tuple[int, int],
    max_width: int,
    size: str,
    *,
    numbers: bool = False,
    labels: bool = False,
) -> int:
    """Rows side by side (barriers first, the base last), each pile stacked downwards
    so the top card shows whole and the cards under it as slivers. Returns the right edge."""
    d = ImageDraw.Draw(canvas)
    w = card_size(size)[0]
    gap, row_gap = 5, 16
    full = _tableau_width(rows, size, gap, row_gap)
    step_x = w + gap
    if full > max_width:  # squeeze: piles overlap sideways, corner indices still show
        piles = sum(len(r) for r in rows)
        room = max_width - row_gap * max(0, len(rows) - 1) - w * len(rows)
        step_x = max(w // 3, room // max(1, piles - len(rows))) if piles > len(rows) else w + gap
    x, y = xy
    dy = _stack_step(size)
    number = 0
    top_pad = (20 if labels else 0) + (22 if numbers else 0)
    num_y = y + (20 if labels else 0)
    for r_i, row in enumerate(rows):
        row_x = x
        if labels:
            name = "BASE" if r_i == len(rows) - 1 else "BARRIER"
            text(d, (row_x, y), name, 14, MUTED, bold=True)
        for p_i, pile in enumerate(row):
            number += 1
            px = x + p_i * step_x
            if numbers:
                text(d, (px + w / 2, num_y), f"#{number}", 17, GOLD, bold=True, anchor="ma")
            if not pile:
                paste_card(canvas, slot_image(size), (px, y + top_pad), shadow=False)
            for k, card in enumerate(pile):
                img = back_image(size) if card is None else card_image(str(card), size)
                paste_card(canvas, img, (px, y + top_pad + k * dy), shadow=k == 0)
        x += (len(row) - 1) * step_x + w + row_gap
        if r_i < len(rows) - 1:
            sx = x - row_gap // 2
            d.line(((sx, y + top_pad + 4), (sx, y + top_pad + _stack_h(size) - 4)), fill=(120, 150, 130), width=2)
    return x - row_gap


def _panel_tags(view: dict[str, Any], seat: int) -> list[tuple[str, Color, Color]]:
    over = bool(view.get("over"))
    tags: list[tuple[str, Color, Color]] = []
    if over:
        if view.get("winner") == seat:
            tags.append(("WINNER", GOLD, INK))
    else:
        phase = view.get("phase")
        to_move = _seats(view, "to_move")
        if phase == "deal" and view.get("dealer") == seat:
            tags.append(("TO DEAL", GOLD, INK))
        elif phase == "opening" and seat in to_move and seat not in _seats(view, "nein_owed"):
            tags.append(("CAN OPEN", GOLD, INK))
        elif phase == "follow" and seat in _seats(view, "follow"):
            tags.append(("CAN FOLLOW", GOLD, INK))
        elif phase == "play" and view.get("current") == seat:
            tags.append((_PENDING_TAGS.get(str(view.get("pending")), "TO PLAY"), GOLD, INK))
        if phase == "play" and view.get("window") == seat and view.get("current") != seat:
            tags.append(("MAY ADD", (60, 90, 76), CREAM))
        if seat in _seats(view, "nein_owed"):
            n = _per_seat(view, "nein_counts")[seat] or 1
            tags.append(("OWES NEIN" + (f" x{n}" if n > 1 else ""), _RED, WHITE))
    if seat in _seats(view, "punched"):
        tags.append(("PUNCHED", _RED_DARK, WHITE))
    if view.get("krzywicka") == seat and view.get("phase") in ("deal", "opening"):
        tags.append(("KRZYWICKA", (90, 70, 120), CREAM))
    return tags


def _player_panel(canvas: Image.Image, view: dict[str, Any], seat: int, names: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = panel_box(seat)
    over = bool(view.get("over"))
    highlighted = (seat in _seats(view, "to_move") and not over) or (over and view.get("winner") == seat)
    owes = seat in _seats(view, "nein_owed") and not over
    if owes:
        rounded_box(canvas, (x0, y0, x1, y1), 14, outline=_RED, width=4)
    elif highlighted:
        rounded_box(canvas, (x0, y0, x1, y1), 14, outline=GOLD, width=4)
    ny = y0 + 22
    _seat_disc(canvas, x0 + 24, ny, seat)
    tags = _panel_tags(view, seat)
    tag_w = sum(_pill_w(t[0], 15) + 6 for t in tags)
    name = names[seat] + (" (you)" if view.get("seat") == seat else "")
    name_room = max(60, x1 - 14 - (x0 + 44) - tag_w - 8)
    name = ellipsize(name, 24, name_room, bold=True)
    text(d, (x0 + 44, ny + 1), name, 24, WHITE, bold=True, anchor="lm")
    tx = x0 + 44 + text_size(name, 24, True)[0] + 10
    for label, bg, fg in tags:
        if tx + _pill_w(label, 15) > x1 - 8:
            break
        tx = _pill(canvas, tx, ny - 12, label, 15, bg, fg) + 6
    # hand size: a little fan of backs with the count under it
    cy = y0 + 44
    w, h = card_size("tiny")
    hands = _per_seat(view, "hands")
    n = int(hands[seat] or 0)
    hx = x0 + 12
    fan_w = _HAND_FAN_W
    if n:
        k = min(n, 3)
        paste_row(
            canvas, [BACK] * k, (hx + fan_w // 2, cy + 4), "tiny", gap=14 - w, align="center", fan=24 if k > 1 else 0
        )
    else:
        paste_card(canvas, slot_image("tiny"), (hx + fan_w // 2 - w // 2, cy + 4), shadow=False)
    _badge(canvas, hx + fan_w / 2, cy + h + 16, n, 22)
    # tableau, on its darker mat (drawn with the chrome)
    tab = (_per_seat(view, "tableaux")[seat]) or []
    tx0 = hx + fan_w + 16
    room = x1 - 16 - tx0
    sh = card_size("small")[1]
    if not tab:
        if view.get("phase") == "deal":
            text(d, (tx0 + 6, cy + sh / 2), "waiting for the deal", 20, _DIM, anchor="lm")
        return
    if not any(p for row in tab for p in row):
        text(d, (tx0 + 6, cy + sh / 2), "tableau cleared", 20, _DIM, anchor="lm")
        return
    size = "small" if _tableau_width(tab, "small", 5, 16) <= room else "tiny"
    _paste_tableau(canvas, tab, (tx0, cy), room, size)


def _winner_banner(canvas: Image.Image, view: dict[str, Any], names: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    winner = view.get("winner")
    y0, y1 = CENTRE_Y + 60, CENTRE_Y + 190
    band = Image.new("RGBA", (TABLE_W, y1 - y0), (10, 14, 12, 240))
    canvas.alpha_composite(band, (0, y0))
    d.line(((0, y0), (TABLE_W, y0)), fill=GOLD, width=3)
    d.line(((0, y1), (TABLE_W, y1)), fill=GOLD, width=3)
    cx = TABLE_W // 2
    if isinstance(winner, int) and 0 <= winner < len(names):
        suffix = " wins!"
        title = ellipsize(names[winner], 52, 880 - text_size(suffix, 52, True)[0], bold=True) + suffix
    else:
        title = "Game over"
    text(d, (cx, y0 + 48), title, 52, GOLD, bold=True, anchor="mm", shadow=(0, 0, 0))
    text(d, (cx, y0 + 98), ellipsize(_reason(view, names), 24, 880), 24, CREAM, anchor="mm")


_RING_R = 50
_HAND_FAN_W = card_size("tiny")[0] + 28  # the little fan of backs in a panel


@functools.cache
def _chrome(players: int) -> Image.Image:
    """Everything on the table that never changes for this many players: felt, the
    panels and their labels. Cached; each render draws on a copy."""
    canvas = felt(TABLE_W, table_height(players))
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (_PAD, 6, TABLE_W - _PAD, _HEADER_H), 14, fill=PANEL)
    text(d, (_PAD + 18, _HEADER_H / 2 + 4), "MOLEICKI", 32, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    for x, w, label in ((_VECTOR_X, _VECTOR_W, "VECTOR"), (_PILE_X, _PILE_W, "PILE"), (_SIDE_X, _SIDE_W, "")):
        rounded_box(canvas, (x, CENTRE_Y, x + w, CENTRE_Y + _CENTRE_H), 16, fill=PANEL)
        if label:
            text(d, (x + 16, CENTRE_Y + 12), label, 18, _LABEL, bold=True)
    ry = CENTRE_Y + _CENTRE_H - 2 * _RING_R - 14
    text(d, (_VECTOR_X + 18 + 2 * _RING_R, ry + 16), "PLAY GOES", 17, _LABEL, bold=True)
    w = card_size("small")[0]
    for sx, label in ((_SIDE_X + 18, "DRAW"), (_SIDE_X + 18 + w + 34, "BAD")):
        text(d, (sx + w / 2, CENTRE_Y + 21), label, 16, _LABEL, bold=True, anchor="mm")
    qx = _SIDE_X + 18 + 2 * (w + 34) - 8
    text(d, (qx, CENTRE_Y + 21), "25s", 16, _LABEL, bold=True, anchor="lm")
    text(d, (qx, CENTRE_Y + 36 + 50), "left", 16, MUTED, bold=True, anchor="lm")
    text(d, (_SIDE_X + 16, CENTRE_Y + 36 + card_size("small")[1] + 10), "GOOD DISCARDS", 16, _LABEL, bold=True)
    th = card_size("tiny")[1]
    for seat in range(players):
        x0, y0, x1, y1 = panel_box(seat)
        rounded_box(canvas, (x0, y0, x1, y1), 14, fill=PANEL)
        cy = y0 + 44
        tx0 = x0 + 12 + _HAND_FAN_W + 16
        rounded_box(canvas, (tx0 - 8, cy - 4, x1 - 8, y1 - 8), 10, fill=(8, 30, 20, 90))
        text(d, (x0 + 12 + _HAND_FAN_W / 2, cy + th + 44), "IN HAND", 13, MUTED, bold=True, anchor="mm")
    return canvas


@functools.lru_cache(maxsize=64)
def _strip_patch(height: int, vector: str) -> Image.Image:
    """The rank strip for a vector on its strip of felt (cached per table height)."""
    patch = felt(TABLE_W, height).crop((0, _STRIP_Y, TABLE_W, _STRIP_Y + _STRIP_H))
    _strip(patch, {"vector": vector}, 0)
    return patch


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes (a `hand` in the view is ignored)."""
    return to_png(_table_image(view), key="moleicki.table")


def _table_image(view: dict[str, Any]) -> Image.Image:
    names = _names(view)
    players = _players(view)
    canvas = _chrome(players).copy()
    _header(canvas, view, names)
    _vector_panel(canvas, view, names)
    _pile_panel(canvas, view, names)
    _side_panel(canvas, view)
    vector = str(view.get("vector") or "up")
    canvas.paste(_strip_patch(table_height(players), vector if vector in STRENGTH else "up"), (0, _STRIP_Y))
    for seat in range(players):
        _player_panel(canvas, view, seat, names)
    if view.get("over"):
        _winner_banner(canvas, view, names)
    return canvas


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's hand sorted in the vector (matching cards stacked) and their tableau."""
    return to_png(_hand_image(view), key="moleicki.hand")


def _hand_groups(hand: Sequence[str], vector: str) -> list[list[str]]:
    groups: list[list[str]] = []
    for c in hand:
        key = None if is_aargh(c) else group(c, vector)
        if groups and key is not None and not is_aargh(groups[-1][0]) and group(groups[-1][0], vector) == key:
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


def _hand_image(view: dict[str, Any]) -> Image.Image:
    names = _names(view)
    vector = str(view.get("vector") or "up")
    vector = vector if vector in STRENGTH else "up"
    hand = [str(c) for c in view.get("hand") or []]
    groups = _hand_groups(hand, vector)
    h = card_size(_HAND_CARD)[1]
    rows = group_rows(groups, _HAND_CARD, max_width=HAND_W - 2 * _PAD - 8, gap=12) if hand else []
    seat = view.get("seat")
    tab = []
    if isinstance(seat, int):
        tab = _per_seat(view, "tableaux")[seat] or []
    header_h, strip_y = 58, 70
    cards_y = strip_y + _STRIP_H + 18
    row_h = h + 14
    hand_h = max(1, len(rows)) * row_h if hand else 70
    tab_y = cards_y + hand_h + 10
    tab_size = "normal"
    tab_h = (36 + 42 + _stack_h(tab_size) + 12) if tab else 0
    height = tab_y + tab_h + 8
    canvas = felt(HAND_W, height)
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (_PAD, 6, HAND_W - _PAD, header_h), 14, fill=PANEL)
    title = "YOUR HAND"
    text(d, (_PAD + 18, 33), title, 28, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    sub = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    if isinstance(seat, int) and 0 <= seat < len(names):
        sub = f"{names[seat]} (seat {seat}) · {sub}"
    sx = _PAD + 18 + text_size(title, 28, True)[0] + 14
    sub = ellipsize(sub, 22, 330)
    text(d, (sx, 33), sub, 22, MUTED, anchor="lm")
    if isinstance(seat, int) and seat in _seats(view, "nein_owed"):
        _pill(canvas, sx + text_size(sub, 22)[0] + 12, 33 - 13, "SAY NEIN!", 16, _RED, WHITE)
    # right of the header: the vector and the card to beat
    pile, base = _live(view)
    right = HAND_W - _PAD - 18
    if len(pile) > base:
        top = pile[-1]
        cw = _card_words_w(top, 26)
        _card_words(canvas, right - cw, 33, top, 26, WHITE)
        text(d, (right - cw - 8, 33), "to beat:", 20, MUTED, anchor="rm")
        right -= cw + 8 + text_size("to beat:", 20)[0] + 16
    vtitle = clean(str(view.get("vector_title") or VECTOR_TITLES.get(vector, vector)))
    text(d, (right, 33), vtitle, 24, CREAM, bold=True, anchor="rm")
    counts: dict[str, int] = {}
    for c in hand:
        if not is_aargh(c):
            counts[rank(c)] = counts.get(rank(c), 0) + 1
    _strip(canvas, {"vector": vector}, strip_y, counts, HAND_W)
    if not hand:
        msg = "No cards in hand"
        if tab and any(p for row in tab for p in row) and not view.get("draw_pile"):
            msg += ": you play from your tableau"
        text(d, (HAND_W / 2, cards_y + 30), msg, 28, CREAM, anchor="mm")
    for i, row in enumerate(rows):
        paste_groups(canvas, row, (HAND_W // 2, cards_y + i * row_h), _HAND_CARD, gap=12, align="center")
    if tab:
        rounded_box(canvas, (_PAD, tab_y, HAND_W - _PAD, tab_y + tab_h - 4), 14, fill=PANEL)
        text(d, (_PAD + 16, tab_y + 10), "YOUR TABLEAU", 20, _LABEL, bold=True)
        note = "play the furthest row first; face-down cards stay unknown until turned"
        text(d, (_PAD + 16 + text_size("YOUR TABLEAU", 20, True)[0] + 14, tab_y + 13), note, 16, MUTED)
        if any(p for row in tab for p in row):
            room = HAND_W - 2 * _PAD - 32
            width = min(room, _tableau_width(tab, tab_size, 5, 16))
            _paste_tableau(canvas, tab, ((HAND_W - width) // 2, tab_y + 36), room, tab_size, numbers=True, labels=True)
        else:
            text(d, (HAND_W / 2, tab_y + tab_h / 2), "tableau cleared", 24, _DIM, anchor="mm")
    return canvas


def warm() -> None:
    """Build the cached sprites, glyphs, table chrome and rank strips before the first render."""
    from renderers.cards import warm as warm_cards

    warm_cards(("large", "normal", "small", "tiny"), dickory=False)
    for vector in STRENGTH:
        _vector_glyph(vector, 44)
    for players in range(2, 9):
        _chrome(players)
    for height in sorted({table_height(n) for n in range(2, 9)}):
        for vector in STRENGTH:
            _strip_patch(height, vector)


# ---------------------------------------------------------------------------
# Alt text
# ---------------------------------------------------------------------------


def _cards_text(cards: Sequence[str]) -> str:
    return " ".join(pretty(str(c)) for c in cards)


def alt_text(view: dict[str, Any]) -> str:
    """Public facts only: never a hand or a face-down card, even if the view has one."""
    names = _names(view, drawable=False)
    n = _players(view)
    parts: list[str] = []
    vector = str(view.get("vector_title") or view.get("vector") or "")
    direction = view.get("direction")
    way = {1: ", play goes left", -1: ", play goes right"}.get(direction, "")
    parts.append(f"Moleicki table, {n} players, {vector} vector{way}.")
    phase = view.get("phase")
    if phase == "deal":
        parts.append(f"{names[int(view.get('dealer') or 0)]} is designing the deal.")
    if view.get("over"):
        parts.append(_reason(view, names) or "The game is over.")
    else:
        movers = [names[s] for s in sorted(_seats(view, "to_move")) if s < n]
        if movers:
            parts.append(f"To move: {', '.join(movers)}.")
        owe = [names[s] for s in sorted(_seats(view, "nein_owed")) if s < n]
        if owe:
            parts.append(f"Owes Nein: {', '.join(owe)}.")
    punched = [names[s] for s in sorted(_seats(view, "punched")) if s < n]
    if punched:
        parts.append(f"Punched: {', '.join(punched)}.")
    pile, base = _live(view)
    if pile:
        top = f"{pretty(pile[-1])} to beat" if len(pile) > base else "reset, any card may follow"
        parts.append(f"Pile: {len(pile)} card{'s' if len(pile) != 1 else ''}, {top}.")
    elif phase != "deal":
        parts.append("The pile is empty.")
    goods = list(view.get("good_discards") or [])
    good_txt = "; ".join(f"{i + 1}: {pretty(str(g['top']))} x{int(g['size'])}" for i, g in enumerate(goods))
    parts.append(
        f"Draw pile {int(view.get('draw_pile') or 0)}, bad discard {int(view.get('bad_discard') or 0)}"
        + (f", good discards {good_txt}." if goods else ", no good discards.")
    )
    hands = _per_seat(view, "hands")
    tabs = _per_seat(view, "tableaux")
    sizes = _per_seat(view, "tableau_sizes")
    for seat in range(n):
        line = f"{names[seat]}: {int(hands[seat] or 0)} in hand"
        if tabs[seat]:
            up = [str(c) for row in tabs[seat] for p in row for c in p if c is not None]
            line += f", tableau {int(sizes[seat] or 0)}"
            if up:
                line += f" ({_cards_text(up)} face up)"
        parts.append(line + ".")
    out = ""
    for p in parts:
        if len(out) + len(p) + 1 > 1000:
            break
        out = f"{out} {p}".strip()
    return out
