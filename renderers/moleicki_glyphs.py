"""Moleicki pictures: the vector glyphs and the ring of seats showing which way play goes
(drawn supersampled once per vector, player count and turn, then cached)."""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from renderers.draw import CREAM, GOLD, GOLD_DARK, INK, SS, Color, font
from renderers.moleicki_layout import RED, SEAT_COLOURS


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
def vector_glyph(vector: str, radius: int) -> Image.Image:
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
        d.ellipse((c - dot, c - dot, c + dot, c + dot), fill=RED)
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
        d.text((c, c + s * 0.02), letter, font=font(px, True), fill=RED, anchor="mm")
    return img.resize((2 * radius, 2 * radius), Image.Resampling.LANCZOS)


@functools.cache
def seat_ring(players: int, direction: int, current: int, radius: int) -> Image.Image:
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
