"""Spanish-suited card faces (the 40-card baraja española), drawn once and cached.

Card codes stay the engine's (`7D`, `JC`, `KS`); only the faces change:

- D oros (gold coins), H copas (red cups), S espadas (blue swords), C bastos (green clubs),
  each suit in its own colour, as on a Spanish pack;
- J, Q, K are the sota, caballo and rey: a framed figure panel with the suit's emblem
  and the figure's name;
- the corner index is the rank as players write it in moves (A, 2-7, J, Q, K) over a
  small emblem, readable in an overlapped row, and a gold disc in the opposite corner
  holds the card's Escoba value (A 1 ... sota 8, caballo 9, rey 10), what captures add up.

`spanish_image(code, size)` returns the cached RGBA sprite, the same sizes as
renderers.cards (`card_size`); backs and slots are shared with the French faces.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from PIL import Image, ImageDraw

from renderers.cards import card_size, corner_radius
from renderers.draw import SS, Color, font, rounded_mask

__all__ = ["RANKS", "SUITS", "SUIT_COLOURS", "VALUES", "spanish_image"]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}
FIGURES = {"J": "SOTA", "Q": "CABALLO", "K": "REY"}

# Ink per suit (index, emblems): oros gold, copas red, espadas blue, bastos green.
SUIT_COLOURS: dict[str, Color] = {
    "D": (186, 128, 14),
    "H": (190, 34, 42),
    "S": (34, 74, 158),
    "C": (36, 112, 52),
}
_LIGHT: dict[str, Color] = {  # emblem fills; the ink above outlines them
    "D": (242, 196, 64),
    "H": (226, 72, 70),
    "S": (150, 178, 220),
    "C": (128, 92, 52),
}
_FACE = (252, 249, 240)
_EDGE = (120, 112, 98)
_FRAME = (200, 160, 70)
_VALUE_FILL = (236, 190, 70)
_VALUE_INK = (70, 46, 10)

# Pip layouts for 2..7 in the face's free area, as (x, y) fractions of it.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.18), (0.5, 0.82)),
    3: ((0.5, 0.14), (0.5, 0.5), (0.5, 0.86)),
    4: ((0.25, 0.2), (0.75, 0.2), (0.25, 0.8), (0.75, 0.8)),
    5: ((0.25, 0.16), (0.75, 0.16), (0.5, 0.5), (0.25, 0.84), (0.75, 0.84)),
    6: ((0.25, 0.14), (0.75, 0.14), (0.25, 0.5), (0.75, 0.5), (0.25, 0.86), (0.75, 0.86)),
    7: ((0.25, 0.12), (0.75, 0.12), (0.5, 0.31), (0.25, 0.5), (0.75, 0.5), (0.25, 0.88), (0.75, 0.88)),
}


# ---------------------------------------------------------------------------
# Emblems, drawn at supersampled scale: centre (cx, cy), height s
# ---------------------------------------------------------------------------


def _coin(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: Color, fill: Color) -> None:
    r = s * 0.46
    lw = max(SS, round(s * 0.07))
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=ink, width=lw)
    ri = r * 0.58
    d.ellipse((cx - ri, cy - ri, cx + ri, cy + ri), outline=ink, width=max(SS // 2, lw // 2))
    rd = r * 0.16
    d.ellipse((cx - rd, cy - rd, cx + rd, cy + rd), fill=ink)


def _cup(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: Color, fill: Color) -> None:
    lw = max(SS, round(s * 0.06))
    bw = s * 0.40  # half-width of the bowl
    top = cy - s * 0.42
    d.chord((cx - bw, top - s * 0.36, cx + bw, top + s * 0.52), 0, 180, fill=fill, outline=ink, width=lw)
    d.ellipse((cx - bw, top - s * 0.06, cx + bw, top + s * 0.12), fill=ink)  # the rim
    d.rectangle((cx - s * 0.06, top + s * 0.5, cx + s * 0.06, cy + s * 0.34), fill=ink)  # stem
    d.ellipse((cx - s * 0.28, cy + s * 0.3, cx + s * 0.28, cy + s * 0.48), fill=fill, outline=ink, width=lw)


def _sword(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: Color, fill: Color) -> None:
    lw = max(SS, round(s * 0.05))
    half = s * 0.12
    d.polygon(
        (
            (cx, cy - s * 0.5),
            (cx + half, cy - s * 0.36),
            (cx + half, cy + s * 0.16),
            (cx - half, cy + s * 0.16),
            (cx - half, cy - s * 0.36),
        ),
        fill=fill,
        outline=ink,
        width=lw,
    )
    d.line(((cx, cy - s * 0.38), (cx, cy + s * 0.12)), fill=ink, width=max(SS // 2, lw // 2))
    d.rounded_rectangle((cx - s * 0.28, cy + s * 0.14, cx + s * 0.28, cy + s * 0.23), s * 0.04, fill=ink)  # guard
    d.rectangle((cx - s * 0.05, cy + s * 0.22, cx + s * 0.05, cy + s * 0.4), fill=ink)  # grip
    r = s * 0.075
    d.ellipse((cx - r, cy + s * 0.42 - r, cx + r, cy + s * 0.42 + r), fill=ink)  # pommel


def _club(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: Color, fill: Color) -> None:
    lw = max(SS, round(s * 0.06))
    top_w, foot_w = s * 0.21, s * 0.12
    pts = (
        (cx - top_w, cy - s * 0.38),
        (cx + top_w, cy - s * 0.38),
        (cx + foot_w, cy + s * 0.44),
        (cx - foot_w, cy + s * 0.44),
    )
    d.polygon(pts, fill=fill, outline=ink, width=lw)
    d.ellipse((cx - top_w, cy - s * 0.5, cx + top_w, cy - s * 0.28), fill=fill, outline=ink, width=lw)
    for ky, side in ((-0.12, -1), (0.14, 1)):  # knots where twigs were cut
        kx = cx + side * s * 0.15
        r = s * 0.06
        d.ellipse((kx - r, cy + ky * s - r, kx + r, cy + ky * s + r), fill=ink)
    d.line(((cx, cy - s * 0.52), (cx + s * 0.14, cy - s * 0.62)), fill=(46, 140, 60), width=lw)  # a green sprig


_EMBLEMS: dict[str, Callable[[ImageDraw.ImageDraw, float, float, float, Color, Color], None]] = {
    "D": _coin,
    "H": _cup,
    "S": _sword,
    "C": _club,
}


def emblem(d: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, s: float) -> None:
    """One suit emblem of height `s` centred at (cx, cy), in the suit's colours."""
    _EMBLEMS[suit](d, cx, cy, s, SUIT_COLOURS[suit], _LIGHT[suit])


# ---------------------------------------------------------------------------
# Whole faces
# ---------------------------------------------------------------------------


def _text(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, px: float, fill: Color, anchor: str = "mm") -> None:
    d.text(xy, s, font=font(max(4, round(px)), True), fill=fill, anchor=anchor)


def _face(code: str, size: str) -> Image.Image:
    rank, suit = code[:-1], code[-1]
    ink = SUIT_COLOURS[suit]
    w, h = card_size(size)
    bw, bh, r = w * SS, h * SS, corner_radius(size) * SS
    img = Image.new("RGBA", (bw, bh), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    border = max(SS, round(bw / 70))
    d.rounded_rectangle((0, 0, bw - 1, bh - 1), r, fill=_EDGE)
    d.rounded_rectangle((border, border, bw - 1 - border, bh - 1 - border), r - border, fill=_FACE)
    # Corner index: the rank as written in moves, over a small emblem (the part an overlapped row shows).
    ix = bw * 0.17
    _text(d, (ix, bh * 0.03), rank, bh * 0.2, ink, anchor="mt")
    emblem(d, suit, ix, bh * 0.31, bw * 0.2)
    # Free area right of the index column, above the value disc.
    ax0, ay0, ax1, ay1 = bw * 0.34, bh * 0.07, bw * 0.93, bh * 0.78
    if rank in FIGURES:
        _figure(d, rank, suit, (ax0, ay0, ax1, ay1), bw)
    else:
        n = VALUES[rank]
        pip = (ay1 - ay0) * (0.5 if n == 1 else 0.27 if n <= 3 else 0.24)
        for fx, fy in _PIPS[n]:
            emblem(d, suit, ax0 + (ax1 - ax0) * fx, ay0 + (ay1 - ay0) * fy, pip)
    _value_disc(d, VALUES[rank], bw * 0.78, bh * 0.88, bw * 0.15)
    out = img.resize((w, h), Image.Resampling.LANCZOS)
    alpha = out.getchannel("A")
    alpha.paste(0, (0, 0), Image.eval(rounded_mask(w, h, corner_radius(size)), lambda v: 255 - v))
    out.putalpha(alpha)
    return out


def _figure(d: ImageDraw.ImageDraw, rank: str, suit: str, box: tuple[float, float, float, float], bw: int) -> None:
    """Sota, caballo or rey: a gold frame, the suit's emblem and the figure's name."""
    x0, y0, x1, y1 = box
    d.rectangle(box, outline=_FRAME, width=max(SS, round(bw * 0.025)))
    cx = (x0 + x1) / 2
    emblem(d, suit, cx, y0 + (y1 - y0) * 0.4, (y1 - y0) * 0.5)
    name = FIGURES[rank]
    px = min((y1 - y0) * 0.13, (x1 - x0) * 0.9 / (0.62 * len(name)))
    _text(d, (cx, y0 + (y1 - y0) * 0.84), name, px, SUIT_COLOURS[suit])
    if rank == "K":  # a small crown above the rey's emblem
        cw, cy = (x1 - x0) * 0.18, y0 + (y1 - y0) * 0.1
        d.polygon(
            (
                (cx - cw, cy + cw * 0.6),
                (cx - cw, cy - cw * 0.2),
                (cx - cw / 2, cy + cw * 0.2),
                (cx, cy - cw * 0.5),
                (cx + cw / 2, cy + cw * 0.2),
                (cx + cw, cy - cw * 0.2),
                (cx + cw, cy + cw * 0.6),
            ),
            fill=_VALUE_FILL,
            outline=_VALUE_INK,
        )


def _value_disc(d: ImageDraw.ImageDraw, value: int, cx: float, cy: float, r: float) -> None:
    """The card's Escoba value in a gold disc."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_VALUE_FILL, outline=_VALUE_INK, width=max(SS, round(r * 0.12)))
    _text(d, (cx, cy), str(value), r * (1.25 if value < 10 else 1.0), _VALUE_INK)


@functools.lru_cache(maxsize=160)  # ~43 KB each on average: the 40 cards at the 4 sizes (all warmed)
def spanish_image(code: str, size: str = "normal") -> Image.Image:
    """The cached RGBA sprite of a Spanish-suited card (`7D`, `JC`); read-only."""
    code = code.strip().upper()
    if len(code) != 2 or code[0] not in VALUES or code[1] not in SUITS:
        raise ValueError(f"unknown Spanish card code {code!r}: ranks A-7, J, Q, K of S H D C")
    card_size(size)  # validates the size name
    return _face(code, size)
