"""Dickory pictures: the public table, a player's hand, and alt text.

Built from the view dicts of engine/dickory.py (plus `names`, added by the bot),
never from engine objects, so the renderer shows exactly what the view allows.

- `render_table(view)` draws the clock with Dickory the mouse pointing at the
  highest rank, the queue (its rightmost card ringed: it sets the clock), the meld
  on the table, both players (name, hand size as card backs, publicly known cards,
  match wins, whose turn) and the draw and discard piles. It never draws a hand,
  even when the view carries one.
- `render_hand(view)` draws the viewer's hand in the current rank order under a
  strip that spells that order out from low to high.
- `alt_text(view)` describes public facts only.

The clock (dial, numerals and mouse) is drawn once per highest rank and cached.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from renderers.cards import (
    back_image,
    card_size,
    group_rows,
    number_image,
    paste_card,
    paste_groups,
    paste_row,
    slot_image,
)
from renderers.draw import (
    CREAM,
    GOLD,
    INK,
    MUTED,
    PANEL,
    SEAT_COLORS,
    SS,
    WHITE,
    Color,
    clean,
    ellipsize,
    felt,
    font,
    palette_sheet,
    paste_over,
    paste_shadow,
    rounded_box,
    text,
    text_size,
    to_png,
    triangle,
)
from renderers.endings import final_alt, final_banner, final_of, final_winners

__all__ = [
    "CLOCK_CENTER",
    "CLOCK_RADIUS",
    "HAND_WIDTH",
    "NUMERAL_RADIUS",
    "TABLE_SIZE",
    "alt_text",
    "clock_point",
    "order_from_highest",
    "render_hand",
    "render_table",
    "warm",
]

# ---------------------------------------------------------------------------
# Layout (px). Tests sample pixels through these, so keep them the truth.
# ---------------------------------------------------------------------------

TABLE_SIZE = (960, 744)
_PAD = 16
_HEADER_H = 58
_PANEL_H = 132
_TOP_PANEL_Y = _HEADER_H + 6
_BOTTOM_PANEL_Y = TABLE_SIZE[1] - _PANEL_H - 8
_MID_Y = _TOP_PANEL_Y + _PANEL_H + 10  # top of the clock / queue band
CLOCK_RADIUS = 184
CLOCK_CENTER = (_PAD + 8 + CLOCK_RADIUS, _MID_Y + 4 + CLOCK_RADIUS)
NUMERAL_RADIUS = round(CLOCK_RADIUS * 0.7)
_RIGHT_X = CLOCK_CENTER[0] + CLOCK_RADIUS + 20  # left edge of the queue / meld column
_LABEL_PX = 18  # the smallest words: KNOWN CARDS, LOW / HIGH, DRAW / DISCARD
_RIGHT_W = TABLE_SIZE[0] - _PAD - _RIGHT_X

HAND_WIDTH = 960
_HAND_CARD = "large"
_HAND_GAP = 12

_RIM = (112, 70, 38)
_RIM_LIGHT = (150, 100, 56)
_DIAL = (250, 243, 224)
_DIAL_TICK = (150, 132, 104)
_NUMERAL = (44, 40, 52)
_HIGHLIGHT = GOLD
_HIGHLIGHT_EDGE = (150, 96, 18)
_LOW_RING = (70, 130, 190)
_LOW_LABEL = (150, 200, 240)
_MOUSE = (138, 126, 120)
_MOUSE_DARK = (70, 60, 58)
_MOUSE_PINK = (236, 150, 160)
_TURN = GOLD
_LABEL = (222, 236, 226)

_MELD_TYPES = ("single", "double", "triple", "quad", "run", "step", "bobtail")


# ---------------------------------------------------------------------------
# View helpers
# ---------------------------------------------------------------------------


def order_from_highest(highest: int) -> list[int]:
    """Ranks from low to high when `highest` is the top rank (12 -> 1..12)."""
    return [(highest + i) % 12 + 1 for i in range(12)]


def _names(view: dict[str, Any]) -> list[str]:
    given = list(view.get("names") or [])
    out = []
    for seat in range(2):
        raw = given[seat] if seat < len(given) and given[seat] else ""
        name = clean(str(raw))
        out.append(name or f"Player {seat + 1}")
    return out


def _order(view: dict[str, Any]) -> list[int]:
    order = view.get("order")
    if order and len(order) == 12:
        return [int(r) for r in order]
    return order_from_highest(int(view.get("highest") or 12))


def _meld_label(meld: dict[str, Any]) -> str:
    kind = str(meld.get("type") or "meld")
    return kind if kind in _MELD_TYPES else clean(kind) or "meld"


def _pair(view: dict[str, Any], key: str) -> tuple[int, int]:
    """A per-seat pair of counts (`hand_sizes`, `scores`), zeros where missing."""
    vals = [int(v) for v in (view.get(key) or [])][:2]
    vals += [0] * (2 - len(vals))
    return vals[0], vals[1]


def clock_point(n: int, radius: float, center: tuple[float, float] = CLOCK_CENTER) -> tuple[float, float]:
    """Where rank `n` sits on the clock at `radius` px from the centre."""
    a = math.radians(n * 30 - 90)
    return center[0] + radius * math.cos(a), center[1] + radius * math.sin(a)


# ---------------------------------------------------------------------------
# The clock and Dickory (cached per highest rank)
# ---------------------------------------------------------------------------


def _dial(radius: int) -> Image.Image:
    """The clock without highlight or mouse, at SS x scale: drawn for each of the twelve
    clocks (11 ms against a clock's 127) rather than kept (8.7 MB) once they are drawn."""
    r = radius * SS
    size = 2 * r
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = r
    d.ellipse((0, 0, size - 1, size - 1), fill=_RIM)
    ring = round(r * 0.05)
    d.ellipse((ring, ring, size - 1 - ring, size - 1 - ring), fill=_RIM_LIGHT)
    rim = round(r * 0.085)
    d.ellipse((rim, rim, size - 1 - rim, size - 1 - rim), fill=_DIAL)
    inner = r - rim
    for i in range(60):
        a = math.radians(i * 6)
        long = i % 5 == 0
        r0 = inner * (0.88 if long else 0.93)
        r1 = inner * 0.97
        d.line(
            ((c + r0 * math.sin(a), c - r0 * math.cos(a)), (c + r1 * math.sin(a), c - r1 * math.cos(a))),
            fill=_DIAL_TICK,
            width=round(SS * (2.2 if long else 1.1)),
        )
    return img


def _numeral_px(radius: int) -> int:
    return round(radius * 0.17)


def _draw_mouse(d: ImageDraw.ImageDraw, c: float, r: float) -> None:
    """Dickory seen from above, facing 12 o'clock: nose at the numeral, tail round the hub."""
    lw = max(SS, round(r * 0.012))
    nose_y = c - r * 0.565
    # Tail: an S from the rump, over the brass hub and out the other side.
    pts = []
    for i in range(33):
        t = i / 32
        y = c - r * 0.08 + t * r * 0.34
        x = c + math.sin(t * math.pi * 1.5) * r * 0.08
        pts.append((x, y))
    d.line(pts, fill=_MOUSE_DARK, width=round(r * 0.036), joint="curve")
    d.line(pts, fill=_MOUSE_PINK, width=round(r * 0.02), joint="curve")
    # Body
    by, bw, bh = c - r * 0.25, r * 0.145, r * 0.19
    d.ellipse((c - bw, by - bh, c + bw, by + bh), fill=_MOUSE, outline=_MOUSE_DARK, width=lw)
    # Ears, behind the head
    hy, hr = c - r * 0.42, r * 0.1
    er = r * 0.072
    for sx in (-1, 1):
        ex, ey = c + sx * r * 0.105, c - r * 0.38
        d.ellipse((ex - er, ey - er, ex + er, ey + er), fill=_MOUSE, outline=_MOUSE_DARK, width=lw)
        d.ellipse((ex - er * 0.62, ey - er * 0.62, ex + er * 0.62, ey + er * 0.62), fill=_MOUSE_PINK)
    # Head: a circle drawn out to a pointed snout
    d.polygon(
        [(c - hr * 0.93, hy - hr * 0.35), (c, nose_y), (c + hr * 0.93, hy - hr * 0.35)],
        fill=_MOUSE,
        outline=_MOUSE_DARK,
        width=lw,
    )
    d.ellipse((c - hr, hy - hr, c + hr, hy + hr), fill=_MOUSE, outline=_MOUSE_DARK, width=lw)
    d.polygon([(c - hr * 0.8, hy - hr * 0.4), (c, nose_y + lw * 1.5), (c + hr * 0.8, hy - hr * 0.4)], fill=_MOUSE)
    # Eyes, nose, whiskers
    for sx in (-1, 1):
        ex, ey, rr = c + sx * hr * 0.45, hy - hr * 0.45, r * 0.019
        d.ellipse((ex - rr, ey - rr, ex + rr, ey + rr), fill=(20, 20, 24))
    nr = r * 0.022
    d.ellipse((c - nr, nose_y - nr, c + nr, nose_y + nr), fill=(200, 80, 100))
    for sx in (-1, 1):
        for k in (-1, 0, 1):
            d.line(
                ((c + sx * r * 0.025, nose_y + r * 0.05), (c + sx * r * 0.12, nose_y + r * (0.035 + 0.03 * k))),
                fill=_MOUSE_DARK,
                width=max(1, lw // 2),
            )


@functools.cache
def _mouse(radius: int) -> Image.Image:
    """Dickory facing 12 o'clock, at twice the final scale, centred on the clock hub."""
    half = round(radius * 0.62) * SS
    big = Image.new("RGBA", (2 * half, 2 * half), (0, 0, 0, 0))
    _draw_mouse(ImageDraw.Draw(big), half, radius * SS)
    return big.resize((big.width * 2 // SS, big.height * 2 // SS), Image.Resampling.LANCZOS)


@functools.cache
def _clock(highest: int, radius: int = CLOCK_RADIUS) -> Image.Image:
    """The finished clock for `highest`: gold disc on that numeral, mouse pointing to it."""
    base = _dial(radius).copy()
    r = radius * SS
    c = r
    d = ImageDraw.Draw(base)
    num_r = NUMERAL_RADIUS * SS * radius / CLOCK_RADIUS
    # Lowest rank: a thin blue ring, so the direction of the order reads on the dial.
    lx, ly = clock_point(highest % 12 + 1, num_r, (c, c))
    lr = r * 0.12
    d.ellipse((lx - lr, ly - lr, lx + lr, ly + lr), outline=_LOW_RING, width=round(SS * 2.5))
    hub = r * 0.045  # brass hub under the mouse's tail
    d.ellipse((c - hub, c - hub, c + hub, c + hub), fill=GOLD, outline=_HIGHLIGHT_EDGE, width=SS * 2)
    hx, hy = clock_point(highest, num_r, (c, c))
    hr = r * 0.135
    d.ellipse((hx - hr, hy - hr, hx + hr, hy + hr), fill=_HIGHLIGHT, outline=_HIGHLIGHT_EDGE, width=SS * 3)
    px = _numeral_px(radius) * SS
    f = font(px, True)
    for n in range(1, 13):
        x, y = clock_point(n, num_r, (c, c))
        d.text((x, y), str(n), font=f, fill=_NUMERAL, anchor="mm")
    clock = base.resize((2 * radius, 2 * radius), Image.Resampling.LANCZOS)
    # Turn the mouse at 2x (cheap, still smooth), then bring it to size.
    m2 = _mouse(radius).rotate(-30 * highest, resample=Image.Resampling.BICUBIC)
    m = m2.resize((m2.width // 2, m2.height // 2), Image.Resampling.LANCZOS)
    clock.alpha_composite(m, (radius - m.width // 2, radius - m.height // 2))
    return clock


# ---------------------------------------------------------------------------
# Table pieces
# ---------------------------------------------------------------------------


def _label(d: ImageDraw.ImageDraw, xy: tuple[int, int], s: str, size: int = 22, fill: Color = _LABEL) -> int:
    """A small-caps style section label; returns its right edge."""
    text(d, xy, s, size, fill, bold=True)
    return xy[0] + text_size(s, size, True)[0]


def _pill(canvas: Image.Image, x: int, y: int, s: str, size: int, bg: Color, fg: Color) -> int:
    """A rounded tag with text; (x, y) is its top-left. Returns its right edge."""
    tw, _ = text_size(s, size, True)
    h = size + 12
    w = tw + 22
    rounded_box(canvas, (x, y, x + w, y + h), h // 2, fill=bg)
    text(ImageDraw.Draw(canvas), (x + w / 2, y + h / 2 + 1), s, size, fg, bold=True, anchor="mm")
    return x + w


def _header(canvas: Image.Image, view: dict[str, Any]) -> None:
    d = ImageDraw.Draw(canvas)
    variant = "Hickory variant" if view.get("variant") == "hickory" else "Classic"
    match = view.get("match")
    parts = [variant]
    if match == "best-of-3":
        parts.append(f"best of 3 · hand {view.get('hand_no', 1)}")
    else:
        parts.append("single game")
    sub = " · ".join(parts)
    x = _PAD + 18 + text_size("DICKORY", 32, True)[0] + 16
    text(d, (x, _HEADER_H / 2 + 4), sub, 24, MUTED, anchor="lm")
    right = TABLE_SIZE[0] - _PAD - 18
    text(d, (right, _HEADER_H / 2 + 4), f"Highest {view.get('highest', '?')}", 26, CREAM, bold=True, anchor="rm")


def _wins_pips(canvas: Image.Image, x: int, cy: int, wins: int, need: int = 2) -> int:
    d = ImageDraw.Draw(canvas)
    r = 9
    for i in range(need):
        cx = x + r + i * (2 * r + 8)
        box = (cx - r, cy - r, cx + r, cy + r)
        if i < wins:
            d.ellipse(box, fill=GOLD, outline=(120, 80, 10), width=2)
        else:
            d.ellipse(box, outline=(200, 210, 200), width=2)
    return x + need * (2 * r + 8)


def _player_panel(canvas: Image.Image, view: dict[str, Any], seat: int, y: int, names: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    x0, x1 = _PAD, TABLE_SIZE[0] - _PAD
    to_move = set(view.get("to_move") or [])
    over = bool(view.get("over"))
    active = seat in to_move and not over
    winner = over and view.get("winner") == seat
    if active or winner:
        rounded_box(canvas, (x0, y, x1, y + _PANEL_H), 16, outline=_TURN, width=4)
    color = SEAT_COLORS[seat % len(SEAT_COLORS)]
    # Name row
    ny = y + 26
    d.ellipse((x0 + 18, ny - 8, x0 + 34, ny + 8), fill=color)
    name = names[seat]
    if view.get("seat") == seat:
        name += " (you)"
    name = ellipsize(name, 30, 340, bold=True)
    text(d, (x0 + 44, ny), name, 30, WHITE, bold=True, anchor="lm")
    tx = x0 + 44 + text_size(name, 30, True)[0] + 14
    if view.get("match") == "best-of-3":
        wins = _pair(view, "scores")[seat]
        tx = _wins_pips(canvas, tx, ny, wins) + 8
    tags: list[tuple[str, Color, Color]] = []
    if winner:
        tags.append(("WINNER", GOLD, INK))
    elif active:
        tags.append(("TO MOVE" if view.get("leader") != seat or view.get("meld") else "TO LEAD", GOLD, INK))
    if view.get("dealer") == seat:
        tags.append(("DEALER", (60, 90, 76), CREAM))
    for s, bg, fg in tags:
        tx = _pill(canvas, tx, ny - 17, s, 20, bg, fg) + 8
    # Hand size: a fan of backs and the number.
    n = _pair(view, "hand_sizes")[seat]
    cy = y + 46
    cw, chh = card_size("small")
    if n:
        shown = min(n, 12)
        paste_row(canvas, ["back"] * shown, (x0 + 18, cy), "small", max_width=cw + 13 * (shown - 1))
        bx = x0 + 18 + cw + 13 * (shown - 1) + 14
    else:
        paste_card(canvas, slot_image("small"), (x0 + 18, cy), shadow=False)
        bx = x0 + 18 + cw + 14
    text(d, (bx, cy + chh / 2 - 12), str(n), 40, WHITE, bold=True, anchor="lm")
    text(d, (bx, cy + chh / 2 + 22), "card" if n == 1 else "cards", 20, MUTED, anchor="lm")
    # Known cards: those this player is publicly known to hold.
    known_all = list(view.get("known") or [[], []])
    known = [int(k) for k in (known_all[seat] if seat < len(known_all) else [])]
    kx = max(bx + 90, x0 + 330)
    # 18 px labels here and on the table's strip and piles: 7.5 px on a phone showing 960 px 400 wide
    text(d, (kx, cy + 4), "KNOWN", _LABEL_PX, MUTED, bold=True, anchor="la")
    text(d, (kx, cy + 26), "CARDS", _LABEL_PX, MUTED, bold=True, anchor="la")
    kx2 = kx + text_size("KNOWN", _LABEL_PX, True)[0] + 12
    if known:
        paste_row(canvas, known, (kx2, cy), "small", gap=6, max_width=x1 - 18 - kx2)
    else:
        text(d, (kx2, cy + chh / 2), "none", 22, (150, 175, 160), anchor="lm")


def _queue(canvas: Image.Image, view: dict[str, Any]) -> None:
    d = ImageDraw.Draw(canvas)
    queue = [int(q) for q in view.get("queue") or []]
    y = _MID_Y + 2
    cy = y + 34
    gap = 4
    max_w = _RIGHT_W - 4
    if not queue:
        paste_card(canvas, slot_image("normal"), (_RIGHT_X, cy), shadow=False)
        return
    boxes = paste_row(
        canvas,
        queue,
        (_RIGHT_X, cy),
        "normal",
        gap=gap,
        max_width=max_w,
        outlines={len(queue) - 1: GOLD},
    )
    x0, _, x1, y1 = boxes[-1]
    mx = (x0 + x1) / 2
    triangle(d, mx, y1 + 13, 14, GOLD, up=True)


def _meld(canvas: Image.Image, view: dict[str, Any], names: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    meld = view.get("meld")
    y = _MID_Y + 34 + card_size("normal")[1] + 34
    rx = _RIGHT_X + text_size("MELD", 22, True)[0]  # the label is on the base
    cy = y + 34
    if meld and meld.get("cards"):
        kind = _meld_label(meld).upper()
        rx = _pill(canvas, rx + 12, y - 5, kind, 18, GOLD, INK)
        seat = meld.get("seat")
        if seat in (0, 1):
            text(d, (rx + 10, y + 1), "by", 20, MUTED)
            bx = rx + 10 + text_size("by", 20)[0] + 8
            who = ellipsize(names[seat], 22, _RIGHT_X + 330 - bx, bold=True)
            text(d, (bx, y), who, 22, SEAT_COLORS[seat], bold=True)
        paste_row(canvas, [int(c) for c in meld["cards"]], (_RIGHT_X, cy), "normal", gap=6, max_width=360)
    else:
        paste_card(canvas, slot_image("normal"), (_RIGHT_X, cy), shadow=False)
        leader = view.get("leader")
        to_lead = leader in (0, 1) and not view.get("over")
        msg = f"{names[leader]} to lead" if to_lead else "no meld on the table"
        w = card_size("normal")[0]
        text(d, (_RIGHT_X + w + 16, cy + 50), ellipsize(msg, 24, 230), 24, CREAM, anchor="lm")


def _piles(canvas: Image.Image, view: dict[str, Any]) -> None:
    d = ImageDraw.Draw(canvas)
    w, h = card_size("small")
    y = _MID_Y + 34 + card_size("normal")[1] + 34 + 34 + 8
    right = TABLE_SIZE[0] - _PAD - 6
    spots = [("DRAW", int(view.get("draw_pile") or 0)), ("DISCARD", int(view.get("discards") or 0))]
    for i, (label, count) in enumerate(reversed(spots)):
        cx = right - w // 2 - i * (w + 34)
        x = cx - w // 2
        if count and label == "DRAW":
            for k in range(min(3, 1 + count // 8)):  # a little depth for a thick pile
                paste_card(canvas, back_image("small"), (x - 2 * k, y - 2 * k), shadow=k == 0)
            top = y - 2 * min(2, count // 8)
            _count_badge(canvas, cx - 2 * min(2, count // 8), top + h // 2, count)
        else:
            paste_card(canvas, slot_image("small"), (x, y), shadow=False)
            text(d, (cx, y + h // 2), str(count), 28, CREAM, bold=True, anchor="mm")


def _table_order(canvas: Image.Image, order: Sequence[int]) -> None:
    """A slim low -> high strip under the meld: the legend for the clock's colours."""
    d = ImageDraw.Draw(canvas)
    tile, gap = 33, 3  # 33, not 34: room for the 18 px "LOW" and "HIGH" either side
    y = _BOTTOM_PANEL_Y - tile - 10
    x = _RIGHT_X + text_size("LOW", _LABEL_PX, True)[0] + 8
    text(d, (x - 7, y + tile / 2), "LOW", _LABEL_PX, _LOW_LABEL, bold=True, anchor="rm")
    for i, rank in enumerate(order):
        tx = x + i * (tile + gap)
        box = (tx, y, tx + tile, y + tile)
        if i == 11:
            rounded_box(canvas, box, 8, fill=_HIGHLIGHT)
        else:
            rounded_box(canvas, box, 8, fill=(238, 232, 214))
        if i == 0:
            rounded_box(canvas, box, 8, outline=_LOW_RING, width=3)
        text(d, (tx + tile / 2, y + tile / 2 + 1), str(rank), 19, INK, bold=True, anchor="mm")
    text(d, (x + 12 * (tile + gap) + 4, y + tile / 2), "HIGH", _LABEL_PX, GOLD, bold=True, anchor="lm")


def _count_badge(canvas: Image.Image, cx: int, cy: int, n: int) -> None:
    s = str(n)
    tw, _ = text_size(s, 26, True)
    r = max(20, tw // 2 + 9)
    rounded_box(canvas, (cx - r, cy - 18, cx + r, cy + 18), 18, fill=(20, 20, 24, 210))
    text(ImageDraw.Draw(canvas), (cx, cy + 1), s, 26, WHITE, bold=True, anchor="mm")


def _final(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """The result to show: the bot's `final`, or one built from a normally finished game."""
    final = final_of(view)
    best_of_3 = view.get("match") == "best-of-3"
    if final is not None and best_of_3 and view.get("winner") in (0, 1):
        # the bot's standings say who won; the band also says by how many hands
        words = _match_words(view, names)
        return dict(final, lines=[*final["lines"], words[0].upper() + words[1:]])
    if final is not None or not view.get("over"):
        return final
    winner = view.get("winner")
    if winner not in (0, 1):
        return {"headline": "Game over", "lines": [], "places": None}
    headline = f"{names[winner]} wins{' the match' if best_of_3 else ''}!"
    left = _pair(view, "hand_sizes")[1 - winner]
    line = f"first to empty their hand · {names[1 - winner]} is left with {left}"
    if best_of_3:
        w0, w1 = _pair(view, "scores")
        line = f"Match {names[0]} {w0} - {w1} {names[1]}"
    places = [1, 2] if winner == 0 else [2, 1]
    return {"headline": headline, "lines": [line], "places": places}


def _ended(view: dict[str, Any], final: dict[str, Any]) -> dict[str, Any]:
    """The view as the table shows it once the game has ended: nobody to move, the
    seats placed first marked as winners."""
    winners = final_winners(final)
    winner = next(iter(winners)) if len(winners) == 1 else view.get("winner")
    return dict(view, to_move=[], over=True, winner=winner if final.get("places") else view.get("winner"))


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes (any `hand` in the view is ignored)."""
    return to_png(_table_image(view), key="dickory.table", source=_palette_source)


def _table_image(view: dict[str, Any]) -> Image.Image:
    names = _names(view)
    final = _final(view, names)
    if final is not None:
        view = _ended(view, final)
    highest = int(view.get("highest") or 12)
    order = _order(view)
    canvas = _base_copy(highest if order == order_from_highest(highest) else 0)
    if order != order_from_highest(highest):
        _clock_and_strip(canvas, highest, order)
    viewer = view.get("seat")
    bottom = viewer if viewer in (0, 1) else 0
    top = 1 - bottom
    _header(canvas, view)
    _player_panel(canvas, view, top, _TOP_PANEL_Y, names)
    _player_panel(canvas, view, bottom, _BOTTOM_PANEL_Y, names)
    _queue(canvas, view)
    _meld(canvas, view, names)
    _piles(canvas, view)
    if final is not None:
        final_banner(canvas, final, CLOCK_CENTER[1])
    return canvas


def _base_copy(highest: int) -> Image.Image:
    """A fresh canvas of `_base(highest)`: the base without a clock, with the clock's band for
    `highest` pasted over (the same pixels). A table's rank turns with nearly every move, so
    all twelve are wanted; kept whole they took 2.9 MB each, the bands take half of that."""
    canvas = _plain_base().copy()
    if highest:
        band, xy = _clock_band(highest)
        canvas.paste(band, xy)
    return canvas


@functools.cache
def _plain_base() -> Image.Image:
    return _base(0)


@functools.lru_cache(maxsize=13)  # every rank 1..12 (the clock turns as the game goes)
def _clock_band(highest: int) -> tuple[Image.Image, tuple[int, int]]:
    """What `_base(highest)` shows that the base without a clock does not (the clock and the
    rank strip): the box round every pixel that differs, cut from it, and where it goes."""
    whole = _base(highest)
    box = ImageChops.difference(whole, _plain_base()).convert("RGB").getbbox() or (0, 0, 1, 1)
    return whole.crop(box), box[:2]


def _base(highest: int) -> Image.Image:
    """What a table shows whatever the moves: felt, panels, labels, and for `highest`
    1..12 its clock and rank strip (0: neither). Drawn once each, kept as `_base_copy` says."""
    canvas = felt(*TABLE_SIZE)
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (_PAD, 6, TABLE_SIZE[0] - _PAD, _HEADER_H), 14, fill=PANEL)
    text(d, (_PAD + 18, _HEADER_H / 2 + 4), "DICKORY", 32, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    for y in (_TOP_PANEL_Y, _BOTTOM_PANEL_Y):
        rounded_box(canvas, (_PAD, y, TABLE_SIZE[0] - _PAD, y + _PANEL_H), 16, fill=PANEL)
    _label(d, (_RIGHT_X, _MID_Y + 2), "QUEUE")
    text(d, (_RIGHT_X + 92, _MID_Y + 4), "rightmost card sets the clock", 19, MUTED)
    _label(d, (_RIGHT_X, _MID_Y + 34 + card_size("normal")[1] + 34), "MELD")
    w, h = card_size("small")
    y = _MID_Y + 34 + card_size("normal")[1] + 34 + 34 + 8
    for i, label in enumerate(("DISCARD", "DRAW")):
        cx = TABLE_SIZE[0] - _PAD - 6 - w // 2 - i * (w + 34)
        text(d, (cx, y + h + 16), label, _LABEL_PX, MUTED, bold=True, anchor="mm")
    if highest:
        _clock_and_strip(canvas, highest, order_from_highest(highest))
    return canvas


def _clock_and_strip(canvas: Image.Image, highest: int, order: Sequence[int]) -> None:
    r = CLOCK_RADIUS
    paste_shadow(canvas, (CLOCK_CENTER[0] - r, CLOCK_CENTER[1] - r), 2 * r, 2 * r, r, blur=6, offset=(3, 5))
    paste_over(canvas, _clock(highest), (CLOCK_CENTER[0] - r, CLOCK_CENTER[1] - r))
    _table_order(canvas, order)


def _order_strip(canvas: Image.Image, order: Sequence[int], y: int, counts: dict[int, int]) -> None:
    """Twelve tiles low -> high; the top rank in gold; dots count the cards held."""
    d = ImageDraw.Draw(canvas)
    tile, gap = 58, 6
    total = 12 * tile + 11 * gap
    x0 = (canvas.width - total) // 2 + 4
    text(d, (x0 - 12, y + tile / 2), "LOW", 20, MUTED, bold=True, anchor="rm")
    text(d, (x0 + total + 12, y + tile / 2), "HIGH", 20, GOLD, bold=True, anchor="lm")
    for i, rank in enumerate(order):
        x = x0 + i * (tile + gap)
        rounded_box(canvas, (x, y, x + tile, y + tile), 10, fill=_HIGHLIGHT if i == 11 else CREAM)
        text(d, (x + tile / 2, y + tile / 2 - 5), str(rank), 28, INK, bold=True, anchor="mm")
        k = counts.get(rank, 0)
        if k:
            dot, sp = 5, 12
            start = x + tile / 2 - (k - 1) * sp / 2
            for j in range(k):
                cx = start + j * sp
                d.ellipse((cx - dot, y + tile - 13 - dot, cx + dot, y + tile - 13 + dot), fill=(196, 70, 44))
        if i < 11:  # a small chevron: the order runs left to right
            ax, ay = x + tile + gap / 2, y + tile / 2
            d.polygon([(ax - 2, ay - 4), (ax + 2, ay), (ax - 2, ay + 4)], fill=MUTED)


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's hand, sorted in the current order, under the order strip."""
    return to_png(_hand_image(view), key="dickory.hand", source=_palette_source)


def _hand_image(view: dict[str, Any]) -> Image.Image:
    hand = [int(c) for c in view.get("hand") or []]
    order = _order(view)
    pos = {r: i for i, r in enumerate(order)}
    hand.sort(key=lambda r: pos.get(r, 0))
    groups: list[list[int]] = []
    for c in hand:
        if groups and groups[-1][0] == c:
            groups[-1].append(c)
        else:
            groups.append([c])
    h = card_size(_HAND_CARD)[1]
    rows = group_rows(groups, _HAND_CARD, max_width=HAND_WIDTH - 2 * _PAD - 8, gap=_HAND_GAP) if hand else []
    strip_y = 68
    cards_y = strip_y + 58 + 20
    row_h = h + 14
    height = cards_y + max(1, len(rows)) * row_h + 8
    canvas = felt(HAND_WIDTH, height)
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (_PAD, 6, HAND_WIDTH - _PAD, 56), 14, fill=PANEL)
    names = _names(view)
    seat = view.get("seat")
    title = "YOUR HAND"
    text(d, (_PAD + 18, 33), title, 28, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    sub = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    if seat in (0, 1):
        sub = f"{names[seat]} · {sub}"
    x = _PAD + 18 + text_size(title, 28, True)[0] + 14
    text(d, (x, 33), ellipsize(sub, 24, 470), 24, MUTED, anchor="lm")
    text(d, (HAND_WIDTH - _PAD - 18, 33), f"Highest {order[-1]}", 26, CREAM, bold=True, anchor="rm")
    counts: dict[int, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    _order_strip(canvas, order, strip_y, counts)
    if not hand:
        text(d, (HAND_WIDTH / 2, cards_y + h / 2), "No cards in hand", 30, CREAM, anchor="mm")
        return canvas
    for i, row in enumerate(rows):
        paste_groups(canvas, row, (HAND_WIDTH // 2, cards_y + i * row_h), _HAND_CARD, gap=_HAND_GAP, align="center")
    return canvas


_SAMPLE: dict[str, Any] = {
    "variant": "classic",
    "match": "best-of-3",
    "seat": 0,
    "queue": [11, 9, 4, 2, 10, 7],
    "highest": 7,
    "meld": {"cards": [5, 6, 7], "type": "run", "seat": 1},
    "leader": 1,
    "to_move": [0],
    "hand": [8, 8, 10, 1, 3, 7],
    "hand_sizes": [6, 8],
    "known": [[8], []],
    "draw_pile": 12,
    "discards": 4,
    "scores": [1, 0],
    "hand_no": 2,
    "dealer": 1,
    "over": False,
    "winner": None,
}


def _palette_source() -> Image.Image:
    """Sample art the table and hand palettes are learnt from, once per process."""
    over = dict(_SAMPLE, meld=None, over=True, winner=0, to_move=[], hand_sizes=[0, 8], highest=12)
    return palette_sheet([_table_image(_SAMPLE), _table_image(over), _hand_image(_SAMPLE)])


def warm() -> None:
    """Build the cached pieces (12 clocks, felt, sprites, masks, fonts, palettes) before the first render.

    Takes about a second and a half; worth calling once in a worker thread at bot start.
    """
    for highest in range(1, 13):
        _clock_band(highest)
    for size in ("large", "normal", "small"):
        for n in range(1, 13):
            number_image(n, size)
    render_table(_SAMPLE)
    render_table(dict(_SAMPLE, meld=None, over=True, winner=0, to_move=[], hand_sizes=[0, 8]))
    render_hand(_SAMPLE)


_ORDINALS = {1: "first", 2: "second", 3: "third"}
_HANDS = {0: "no hands", 1: "one hand", 2: "two hands"}


def _match_words(view: dict[str, Any], names: list[str]) -> str:
    """The match score in words (a digit in alt text could be taken for a card)."""
    w0, w1 = _pair(view, "scores")
    return f"match: {names[0]} won {_HANDS.get(w0, str(w0))}, {names[1]} {_HANDS.get(w1, str(w1))}"


def alt_text(view: dict[str, Any]) -> str:
    """One or two sentences of public facts: never the hand, even if the view has one."""
    names = _names(view)
    queue = " ".join(str(int(q)) for q in view.get("queue") or [])
    first = f"Dickory table: highest rank {view.get('highest')}, queue {queue or 'empty'}"
    meld = view.get("meld")
    if meld and meld.get("cards"):
        cards = "-".join(str(int(c)) for c in meld["cards"])
        seat = meld.get("seat")
        by = f" played by {names[seat]}" if seat in (0, 1) else ""
        first += f", {_meld_label(meld)} {cards} on the table{by}."
    else:
        first += ", no meld on the table."
    if view.get("match") == "best-of-3" and not view.get("over"):
        hand = _ORDINALS[min(3, max(1, int(view.get("hand_no") or 1)))]
        first += f" Best of three, {hand} hand; {_match_words(view, names)}."
    sizes = _pair(view, "hand_sizes")
    counts = ", ".join(f"{names[s]} holds {sizes[s]} card{'s' if sizes[s] != 1 else ''}" for s in (0, 1))
    final = _final(view, names)
    if final is not None:
        second = f"{counts}. {final_alt(final)}"
    else:
        movers = [names[s] for s in view.get("to_move") or [] if s in (0, 1)]
        second = f"{counts}; {' and '.join(movers) or 'nobody'} to move."
    return f"{first} {second[0].upper()}{second[1:]}"
