"""Card sprites for every Parlour renderer, drawn once and cached.

Codes follow the engine notation (engine/cards.py):

- standard cards `AS`, `10H`, `QC` ... (rank then suit `S H D C`);
- `JK`, a joker, and `25`, Moleicki's twenty-five-cent card (a coin design);
- Dickory number cards `1` .. `12` (a str or an int): a big numeral and a small
  clock face whose hand points at the card's position on the clock;
- two pseudo-codes: `BACK` ("back", a face-down card) and `SLOT` ("slot", the
  outline of an empty place on the table).

Sizes are names in `CARD_SIZES` ("large", "normal", "small", "tiny"). Sprites are
RGBA with transparent rounded corners; they are shared from a cache, so treat them
as read-only (copy before drawing on one).

    img = card_image("10H", "normal")          # PIL.Image, 84 x 118
    boxes = paste_row(canvas, ["AS", "JK", 7], (20, 40), "small", max_width=200)

Layout helpers (all paste onto an RGBA canvas and return card boxes):

- `paste_card(canvas, img, xy)` - one sprite with a soft drop shadow;
- `paste_row(canvas, codes, xy, size, max_width=...)` - left to right, spaced by
  `gap`, overlapping evenly when they would not fit; optionally fanned, raised or
  ringed (`outlines`); `row_width` predicts its width;
- `paste_groups(canvas, groups, xy, size)` - a hand grouped by rank: equal cards
  stacked so only their corner indices show, groups apart; `group_rows` wraps
  groups into balanced rows for a given width.

Faces: `card_image`, `paste_row` and `paste_groups` take `faces` ("french", the
default, or "spanish" for the baraja española of renderers/spanish_cards.py); a renderer
passes its game's `deck.faces`. Backs and slots are the same for every face.

Call `warm()` at start-up to build the common sprites before the first render.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.draw import (
    BLACK_SUIT,
    GOLD,
    RED_SUIT,
    SS,
    Color,
    font,
    layer_pieces,
    palette_sheet,
    paste_pieces,
    rounded_mask,
    shadow_mask,
    suit_mask,
)

__all__ = [
    "BACK",
    "CARD_SIZES",
    "SLOT",
    "CardCode",
    "back_image",
    "card_image",
    "card_size",
    "corner_radius",
    "group_rows",
    "group_width",
    "index_step",
    "number_image",
    "paste_card",
    "paste_groups",
    "paste_row",
    "ready",
    "row_width",
    "slot_image",
    "sprite_sheet",
    "warm",
]

CardCode = str | int

BACK = "back"
SLOT = "slot"

CARD_SIZES: dict[str, tuple[int, int]] = {
    "large": (112, 156),
    "normal": (84, 118),
    "small": (58, 81),
    "tiny": (42, 59),
}

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUITS = ("S", "H", "D", "C")

# Card faces
_FACE = (253, 252, 248)
_EDGE = (120, 116, 108)
_IVORY = (252, 247, 234)
_IVORY_EDGE = (140, 122, 96)
_DICKORY_INK = (34, 44, 74)
_DICKORY_HAND = (196, 70, 44)
_BACK = (128, 30, 44)
_BACK_LINE = (168, 66, 78)
_BACK_TRIM = (238, 214, 170)
_JOKER = (104, 44, 140)
_COIN = (226, 178, 72)
_COIN_DARK = (150, 100, 30)
_COIN_FACE = (250, 240, 214)


def card_size(size: str = "normal") -> tuple[int, int]:
    """(width, height) in px of a card of the named size."""
    try:
        return CARD_SIZES[size]
    except KeyError:
        raise ValueError(f"unknown card size {size!r}; use one of {', '.join(CARD_SIZES)}") from None


def corner_radius(size: str = "normal") -> int:
    return max(3, round(card_size(size)[0] * 0.08))


# ---------------------------------------------------------------------------
# Sprite building (at SS x scale, then reduced: everything comes out anti-aliased)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Canvas:
    """A blank card being drawn at SS x its final size."""

    img: Image.Image
    d: ImageDraw.ImageDraw
    w: int  # big (supersampled) width and height
    h: int


def _blank(size: str, face: Color, edge: Color) -> _Canvas:
    w, h = card_size(size)
    bw, bh, r = w * SS, h * SS, corner_radius(size) * SS
    img = Image.new("RGBA", (bw, bh), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    border = max(SS, round(w * SS / 70))
    d.rounded_rectangle((0, 0, bw - 1, bh - 1), r, fill=edge)
    d.rounded_rectangle((border, border, bw - 1 - border, bh - 1 - border), r - border, fill=face)
    return _Canvas(img, d, bw, bh)


def _finish(c: _Canvas, size: str) -> Image.Image:
    w, h = card_size(size)
    out = c.img.resize((w, h), Image.Resampling.LANCZOS)
    # Re-cut the corners with a clean mask: resampling leaves faint fringes.
    alpha = out.getchannel("A")
    alpha.paste(0, (0, 0), Image.eval(rounded_mask(w, h, corner_radius(size)), lambda v: 255 - v))
    out.putalpha(alpha)
    return out


def _text(c: _Canvas, xy: tuple[float, float], s: str, px: float, fill: Color, anchor: str = "mm") -> None:
    c.d.text(xy, s, font=font(max(4, round(px)), True), fill=fill, anchor=anchor)


def _suit(c: _Canvas, suit: str, cx: float, cy: float, px: float, fill: Color) -> None:
    side = max(2, round(px))
    mask = suit_mask(suit, side)
    c.img.paste(fill, (round(cx - side / 2), round(cy - side / 2)), mask)


def _mirror_corner(c: _Canvas, box: tuple[int, int, int, int]) -> None:
    """Copy the top-left index patch, turned 180 degrees, to the bottom-right corner."""
    patch = c.img.crop(box).rotate(180)
    x1, y1 = box[2], box[3]
    c.img.alpha_composite(patch, (c.w - x1, c.h - y1))


def _standard(code: str, size: str) -> Image.Image:
    rank, suit = code[:-1], code[-1]
    color = RED_SUIT if suit in "HD" else BLACK_SUIT
    c = _blank(size, _FACE, _EDGE)
    w, h = c.w, c.h
    # Corner index: rank over a small pip, narrow enough to read in an overlapped row.
    ix = w * (0.17 if rank != "10" else 0.19)
    rank_px = h * 0.2
    _text(c, (ix, h * 0.03), rank, rank_px * (0.86 if rank == "10" else 1), color, anchor="mt")
    _suit(c, suit, ix, h * 0.29, w * 0.2, color)
    _mirror_corner(c, (0, 0, round(w * 0.36), round(h * 0.4)))
    cx, cy = w / 2, h / 2
    if rank in "JQK":
        # Court cards: a framed panel with the letter, so they differ at a glance.
        fx0, fy0, fx1, fy1 = w * 0.3, h * 0.2, w * 0.7, h * 0.8
        c.d.rectangle((fx0, fy0, fx1, fy1), outline=GOLD, width=max(SS, round(w * 0.03)))
        _text(c, (cx, h * 0.43), rank, h * 0.26, color)
        _suit(c, suit, cx, h * 0.65, w * 0.2, color)
    else:
        _suit(c, suit, cx, cy, w * (0.52 if rank == "A" else 0.4), color)
    return _finish(c, size)


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / points
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def _joker(size: str) -> Image.Image:
    c = _blank(size, _FACE, _EDGE)
    w, h = c.w, c.h
    ix = w * 0.17
    _text(c, (ix, h * 0.03), "JK", h * 0.15, _JOKER, anchor="mt")
    c.d.polygon(_star(ix, h * 0.27, w * 0.1), fill=RED_SUIT)
    _mirror_corner(c, (0, 0, round(w * 0.36), round(h * 0.4)))
    c.d.polygon(_star(w / 2, h * 0.47, w * 0.3), fill=GOLD, outline=_JOKER, width=max(SS, round(w * 0.025)))
    c.d.polygon(_star(w / 2, h * 0.47, w * 0.11), fill=RED_SUIT)
    _text(c, (w / 2, h * 0.76), "JOKER", h * 0.1, _JOKER)
    return _finish(c, size)


def _quarter(size: str) -> Image.Image:
    """Moleicki's 25 card: a gold coin with a milled edge, unlike any other face."""
    c = _blank(size, _COIN_FACE, _COIN_DARK)
    w, h = c.w, c.h
    ix = w * 0.17
    _text(c, (ix, h * 0.03), "25", h * 0.15, _COIN_DARK, anchor="mt")
    cx, cy, r = w / 2, h * 0.53, w * 0.38
    c.d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_COIN_DARK)
    for i in range(48):  # milled edge
        a = 2 * math.pi * i / 48
        p0 = (cx + r * 0.86 * math.cos(a), cy + r * 0.86 * math.sin(a))
        p1 = (cx + r * 0.99 * math.cos(a), cy + r * 0.99 * math.sin(a))
        c.d.line((p0, p1), fill=_COIN, width=max(SS, round(w * 0.012)))
    ri = r * 0.82
    c.d.ellipse((cx - ri, cy - ri, cx + ri, cy + ri), fill=_COIN)
    ri2 = r * 0.7
    c.d.ellipse((cx - ri2, cy - ri2, cx + ri2, cy + ri2), outline=_COIN_DARK, width=max(SS, round(w * 0.012)))
    _text(c, (cx, cy - r * 0.08), "25", r * 0.8, _COIN_DARK)
    _text(c, (cx, cy + r * 0.42), "CENTS", r * 0.2, _COIN_DARK)
    return _finish(c, size)


def _number(n: int, size: str) -> Image.Image:
    """A Dickory card: big numeral, corner index and a clock hand at position n."""
    c = _blank(size, _IVORY, _IVORY_EDGE)
    w, h = c.w, c.h
    # Index and clock stacked at the left edge, the part an overlapped row shows.
    ix = w * 0.2
    _text(c, (ix, h * 0.04), str(n), h * (0.21 if n < 10 else 0.18), _DICKORY_INK, anchor="mt")
    _mini_clock(c, n, ix, h * 0.36, w * 0.12)
    _text(c, (w * 0.62, h * 0.64), str(n), h * (0.42 if n < 10 else 0.32), _DICKORY_INK)
    return _finish(c, size)


def _mini_clock(c: _Canvas, n: int, cx: float, cy: float, r: float) -> None:
    lw = max(SS, round(r * 0.16))
    c.d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=_DICKORY_INK, width=lw)
    a = math.radians(n * 30 - 90)
    tip = (cx + r * 0.78 * math.cos(a), cy + r * 0.78 * math.sin(a))
    c.d.line(((cx, cy), tip), fill=_DICKORY_HAND, width=round(lw * 1.5))
    rd = r * 0.28
    c.d.ellipse((tip[0] - rd, tip[1] - rd, tip[0] + rd, tip[1] + rd), fill=_DICKORY_HAND)


def _back(size: str) -> Image.Image:
    c = _blank(size, _BACK, (80, 18, 28))
    w, h = c.w, c.h
    inset = w * 0.09
    step = w * 0.16
    lw = max(SS, round(w * 0.012))
    # A diamond lattice, clipped to the inner panel by drawing it on its own layer.
    lat = Image.new("L", (w, h), 0)
    ld = ImageDraw.Draw(lat)
    k = -h
    while k < w + h:
        ld.line(((k, 0), (k + h, h)), fill=255, width=lw)
        ld.line(((k + h, 0), (k, h)), fill=255, width=lw)
        k += step
    clip = Image.new("L", (w, h), 0)
    ImageDraw.Draw(clip).rounded_rectangle((inset, inset, w - inset, h - inset), round(w * 0.05), fill=255)
    lat = Image.composite(lat, clip.point(lambda v: 0), clip)
    c.img.paste(_BACK_LINE, (0, 0), lat)
    c.d.rounded_rectangle(
        (inset, inset, w - inset, h - inset), round(w * 0.05), outline=_BACK_TRIM, width=max(SS, round(w * 0.025))
    )
    r = w * 0.17
    c.d.ellipse(
        (w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r), fill=_BACK, outline=_BACK_TRIM, width=max(SS, round(w * 0.025))
    )
    c.d.polygon(_star(w / 2, h / 2, r * 0.7, 4, 0.4), fill=_BACK_TRIM)
    return _finish(c, size)


def _slot(size: str) -> Image.Image:
    w, h = card_size(size)
    bw, bh, r = w * SS, h * SS, corner_radius(size) * SS
    img = Image.new("RGBA", (bw, bh), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    lw = max(SS, round(bw / 45))
    d.rounded_rectangle((0, 0, bw - 1, bh - 1), r, fill=(0, 0, 0, 46))
    # Dashed outline: dashes along each straight edge.
    dash, gap = bw * 0.1, bw * 0.07
    col = (240, 232, 210, 170)
    for y in (lw // 2, bh - 1 - lw // 2):
        x = r
        while x < bw - r:
            d.line(((x, y), (min(x + dash, bw - r), y)), fill=col, width=lw)
            x += dash + gap
    for x in (lw // 2, bw - 1 - lw // 2):
        y = r
        while y < bh - r:
            d.line(((x, y), (x, min(y + dash, bh - r))), fill=col, width=lw)
            y += dash + gap
    for bx, by, start in ((0, 0, 180), (bw - 2 * r, 0, 270), (bw - 2 * r, bh - 2 * r, 0), (0, bh - 2 * r, 90)):
        d.arc((bx, by, bx + 2 * r - 1, by + 2 * r - 1), start, start + 90, fill=col, width=lw)
    return img.resize((w, h), Image.Resampling.LANCZOS)


# ---------------------------------------------------------------------------
# Public sprite API
# ---------------------------------------------------------------------------


def _normalize(code: CardCode) -> str:
    if isinstance(code, int):
        return str(code)
    return code.strip().upper() if code not in (BACK, SLOT) else code


# Card caches are bounded like the other render caches (tests/renderers/test_cache_memory.py
# prices each at its limit); unbounded, they held ~60 MB once every game had been drawn. The bot
# warms 260 French sprites (every code at the sizes the games use) and 160 Spanish ones, and the
# limits keep them all, so no move rebuilds a sprite (2-10 ms each). Shadows are kept for fewer
# (~450 warmed, ~330 pasted once every game had been played): a game's shadowed cards are ~100.
@functools.lru_cache(maxsize=288)  # ~35 KB each on average (10-70 KB by size): every French sprite
def _sprite(code: str, size: str) -> Image.Image:
    card_size(size)  # validates the size name
    if code == BACK:
        return _back(size)
    if code == SLOT:
        return _slot(size)
    if code == "JK":
        return _joker(size)
    if code == "25":
        return _quarter(size)
    if code.isdigit() and 1 <= int(code) <= 12:
        return _number(int(code), size)
    if len(code) >= 2 and code[:-1] in _RANKS and code[-1] in _SUITS:
        return _standard(code, size)
    raise ValueError(f"unknown card code {code!r}")


def _face(code: str, size: str, faces: str) -> Image.Image:
    """The sprite of an already normalised code in the named face style."""
    if faces == "french" or code in (BACK, SLOT):
        return _sprite(code, size)
    if faces == "spanish":
        from renderers.spanish_cards import spanish_image  # imported late: it builds on this module

        return spanish_image(code, size)
    raise ValueError(f"unknown card faces {faces!r}; use french or spanish")


def card_image(code: CardCode, size: str = "normal", faces: str = "french") -> Image.Image:
    """The cached RGBA sprite for `code` (see the module docstring); read-only."""
    return _face(_normalize(code), size, faces)


def number_image(n: int, size: str = "normal") -> Image.Image:
    """A Dickory number card, 1..12."""
    if not 1 <= n <= 12:
        raise ValueError(f"Dickory cards run 1..12, not {n}")
    return _sprite(str(n), size)


def back_image(size: str = "normal") -> Image.Image:
    """A face-down card."""
    return _sprite(BACK, size)


def slot_image(size: str = "normal") -> Image.Image:
    """A dashed outline marking an empty place for a card."""
    return _sprite(SLOT, size)


def warm(sizes: Sequence[str] = ("normal", "small"), dickory: bool = True, standard: bool = True) -> None:
    """Build sprites ahead of time (e.g. at bot start) so no render pays for them."""
    codes: list[str] = [BACK, SLOT]
    if dickory:
        codes += [str(n) for n in range(1, 13)]
    if standard:
        codes += [r + s for s in _SUITS for r in _RANKS] + ["JK", "25"]
    for size in sizes:
        for code in codes:
            ready(_sprite(code, size))


def ready(img: Image.Image) -> None:
    """A card sprite cut for pasting, with its shadow and without, as its first paste would
    (about 0.5 ms a card, which a hand or a deal of new cards would pay in one render)."""
    _shadowed(img)
    _plain_pieces(_Same(img))


@functools.lru_cache(maxsize=64)  # a fan's angles: a few dozen across the hands on show
def _rotated(code: str, size: str, angle: float, faces: str = "french") -> Image.Image:
    return _face(code, size, faces).rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)


@functools.lru_cache(maxsize=16)  # a size and a colour each (~50 KB at most)
def _outline(size: str, color: Color, width: int) -> Image.Image:
    """A glowing ring drawn just outside a card, to mark it (e.g. the clock setter)."""
    w, h = card_size(size)
    pad = width + 1
    ring = rounded_mask(w + 2 * pad, h + 2 * pad, corner_radius(size) + pad, width)
    layer = Image.new("RGBA", ring.size, (*color[:3], 0))
    layer.putalpha(ring)
    return layer


_SHADOW_OFFSET = (2, 3)
Pieces = list[tuple[int, int, Image.Image, Image.Image | None]]


class _Same:
    """A sprite as a cache key, equal only to itself (a PIL image compares by pixels and has no
    hash). The cache holding the key holds the sprite, so its id stays unique meanwhile."""

    __slots__ = ("img",)

    def __init__(self, img: Image.Image) -> None:
        self.img = img

    def __hash__(self) -> int:
        return id(self.img)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.img is self.img


def _shadowed(img: Image.Image) -> tuple[Pieces, int]:
    """The sprite over its soft drop shadow as one layer cut for pasting (built once per
    sprite), and how far the card sits inside it: one paste per card instead of two."""
    return _shadow_pieces(_Same(img))


@functools.lru_cache(maxsize=360)  # ~60 KB each on average: the cards the games paste with shadows
def _shadow_pieces(key: _Same) -> tuple[Pieces, int]:
    """Only the pieces are kept: the layer itself would take as much again."""
    layer, pad = _shadow_layer(key.img)
    return layer_pieces(layer), pad


@functools.lru_cache(maxsize=160)  # ~22 KB each on average: the cards the games paste bare or fanned
def _plain_pieces(key: _Same) -> Pieces:
    """A sprite (or a fanned or ringed one) cut for pasting bare: the pieces `paste_over` would
    cut, kept here, bounded, rather than in draw's cache of every layer."""
    return layer_pieces(key.img)


def _shadow_layer(img: Image.Image) -> tuple[Image.Image, int]:
    """The sprite over its soft drop shadow as one RGBA layer, and how far the card sits in it."""
    w, h = img.size
    blur = max(2, w // 28)
    pad = 2 * blur
    mask = shadow_mask(w, h, max(3, w // 12), blur)
    ox, oy = _SHADOW_OFFSET
    layer = Image.new("RGBA", (w + 2 * pad + ox, h + 2 * pad + oy), (0, 0, 0, 0))
    shade = Image.new("RGBA", mask.size, (0, 0, 0, 0))
    shade.putalpha(mask)
    layer.alpha_composite(shade, (ox, oy))
    layer.alpha_composite(img, (pad, pad))
    return layer, pad


def paste_card(canvas: Image.Image, img: Image.Image, xy: tuple[int, int], *, shadow: bool = True) -> None:
    """Composite a card sprite (a cached, read-only image) onto an opaque RGBA canvas
    at `xy`, with a soft drop shadow unless `shadow` is off."""
    x, y = int(xy[0]), int(xy[1])
    if shadow:
        pieces, pad = _shadowed(img)
        paste_pieces(canvas, pieces, (x - pad, y - pad))
    else:
        paste_pieces(canvas, _plain_pieces(_Same(img)), (x, y))


def row_width(n: int, size: str = "normal", *, gap: int = 8, max_width: int | None = None) -> int:
    """The width `paste_row` will use for `n` cards with these settings."""
    if n <= 0:
        return 0
    w = card_size(size)[0]
    step = _row_step(n, w, gap, max_width)
    return w + step * (n - 1)


def _row_step(n: int, w: int, gap: int, max_width: int | None) -> int:
    step = w + gap
    if max_width is not None and n > 1 and w + step * (n - 1) > max_width:
        step = max(6, (max_width - w) // (n - 1))
    return step


def paste_row(
    canvas: Image.Image,
    cards: Sequence[CardCode],
    xy: tuple[int, int],
    size: str = "normal",
    *,
    gap: int = 8,
    max_width: int | None = None,
    align: str = "left",
    fan: float = 0.0,
    raised: Sequence[int] = (),
    outlines: Mapping[int, Color] | None = None,
    shadow: bool = True,
    faces: str = "french",
) -> list[tuple[int, int, int, int]]:
    """Lay `cards` left to right on `canvas`; return each card's box (x0, y0, x1, y1).

    - `xy` is the top-left of the row (`align="center"` makes x its centre, "right"
      its right edge).
    - Cards sit `gap` px apart; if that would exceed `max_width` they overlap
      evenly instead, later cards on top, so each corner index stays visible.
    - `fan` spreads the cards over that many degrees, tilted about their feet, with
      the outer cards dropping slightly (boxes then give the unrotated positions).
    - `raised` lifts the cards at those indices by a fifth of a card height;
      `outlines` draws a coloured ring round the cards at those indices.
    - `faces` names the face style ("french" or "spanish").
    """
    n = len(cards)
    if n == 0:
        return []
    w, h = card_size(size)
    step = _row_step(n, w, gap, max_width)
    total = w + step * (n - 1)
    x0, y0 = int(xy[0]), int(xy[1])
    if align == "center":
        x0 -= total // 2
    elif align == "right":
        x0 -= total
    lift = h // 5
    outlines = outlines or {}
    ring_w = max(2, w // 22)
    boxes: list[tuple[int, int, int, int]] = []
    for i, code in enumerate(cards):
        x = x0 + i * step
        y = y0 - (lift if i in raised else 0)
        key = _normalize(code)
        if fan and n > 1:
            t = i / (n - 1) - 0.5  # -0.5 .. 0.5 across the fan
            angle = round(-fan * t, 1)
            y += round(abs(t) ** 2 * h * 0.35)
            img = _rotated(key, size, angle, faces)
            ox, oy = (img.width - w) // 2, (img.height - h) // 2
            paste_card(canvas, img, (x - ox, y - oy), shadow=False)
        else:
            paste_card(canvas, _face(key, size, faces), (x, y), shadow=shadow)
        if i in outlines:
            ring = _outline(size, outlines[i], ring_w)
            pad = ring_w + 1
            paste_pieces(canvas, _plain_pieces(_Same(ring)), (x - pad, y - pad))
        boxes.append((x, y, x + w, y + h))
    return boxes


# ---------------------------------------------------------------------------
# Grouped hands: equal cards stacked tightly, groups apart, wrapped into rows
# ---------------------------------------------------------------------------


def index_step(size: str = "normal") -> int:
    """How far apart stacked cards sit so each one's corner index shows (about 36% of a width)."""
    return round(card_size(size)[0] * 0.36)


def group_width(k: int, size: str = "normal", inner: int | None = None) -> int:
    """Width of a stack of `k` cards whose corner indices show."""
    w = card_size(size)[0]
    return w + (k - 1) * (index_step(size) if inner is None else inner)


def group_rows(
    groups: Sequence[Sequence[CardCode]],
    size: str = "normal",
    *,
    max_width: int,
    gap: int = 10,
    inner: int | None = None,
    balance: bool = True,
) -> list[list[Sequence[CardCode]]]:
    """Split groups into as few rows as fit in `max_width`, keeping groups whole and in order.

    With `balance` the rows are evened out (the narrowest widest-row that still
    needs no extra row), so a hand does not end in one lonely card.
    """
    rows = _wrap(groups, size, max_width, gap, inner)
    if balance and len(rows) > 1:
        lo = max(group_width(len(g), size, inner) for g in groups)
        hi = max_width
        while lo < hi:  # smallest width that keeps the same number of rows
            mid = (lo + hi) // 2
            if len(_wrap(groups, size, mid, gap, inner)) <= len(rows):
                hi = mid
            else:
                lo = mid + 1
        rows = _wrap(groups, size, lo, gap, inner)
    return rows


def _wrap(
    groups: Sequence[Sequence[CardCode]], size: str, max_width: int, gap: int, inner: int | None
) -> list[list[Sequence[CardCode]]]:
    rows: list[list[Sequence[CardCode]]] = [[]]
    width = 0
    for g in groups:
        gw = group_width(len(g), size, inner)
        if rows[-1] and width + gap + gw > max_width:
            rows.append([])
            width = 0
        width += gw + (gap if rows[-1] else 0)
        rows[-1].append(g)
    return [r for r in rows if r]


def paste_groups(
    canvas: Image.Image,
    groups: Sequence[Sequence[CardCode]],
    xy: tuple[int, int],
    size: str = "normal",
    *,
    gap: int = 10,
    inner: int | None = None,
    align: str = "left",
    faces: str = "french",
) -> list[tuple[int, int, int, int]]:
    """Paste one row of groups (e.g. a hand grouped by rank): cards in a group overlap
    so only their corner indices show, groups sit `gap` px apart. `align` as in
    `paste_row`. Returns every card's box in order. Whole faces stay visible on the
    top card of each group, so no face is ever cut through a numeral.
    """
    step = index_step(size) if inner is None else inner
    total = sum(group_width(len(g), size, step) for g in groups) + gap * max(0, len(groups) - 1)
    x, y = int(xy[0]), int(xy[1])
    if align == "center":
        x -= total // 2
    elif align == "right":
        x -= total
    w, h = card_size(size)
    boxes: list[tuple[int, int, int, int]] = []
    for g in groups:
        for j, code in enumerate(g):
            cx = x + j * step
            paste_card(canvas, _face(_normalize(code), size, faces), (cx, y))
            boxes.append((cx, y, cx + w, y + h))
        x += group_width(len(g), size, step) + gap
    return boxes


def sprite_sheet(
    codes: Sequence[CardCode], sizes: Sequence[str] = ("normal", "small"), faces: str = "french"
) -> Image.Image:
    """Every sprite of `codes` (and the back) at `sizes`, in rows on felt: a sample to learn a
    card table's PNG palette from once (see draw.to_png's `key` and `source`)."""
    rows = []
    for size in sizes:
        w, h = card_size(size)
        sprites = [card_image(c, size, faces=faces) for c in codes] + [back_image(size)]
        row = Image.new("RGBA", (w * 14, h * (1 + (len(sprites) - 1) // 14)), (0, 0, 0, 0))
        for i, sprite in enumerate(sprites):
            row.alpha_composite(sprite, ((i % 14) * w, (i // 14) * h))
        rows.append(row)
    return palette_sheet(rows)
