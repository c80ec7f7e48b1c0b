"""Hickory Dickory's clock, the left of the table picture (renderers/hickory_dickory.py lays it out).

- `draw_face(img, tokens)` draws what never changes in a game (cached in the table's base): the
  face, the ring between the action labels and the mice's band, the wedge lines, the twelve hour
  numbers and each number's action laid along its radius (read outwards on the right half,
  inwards on the left, so none is upside down).
- `draw_clock(canvas, view, marks)` draws its moving parts on every render: the lit, outlined wedge
  of the minute's number, cats' paws greying numbers out, the leaf tiles, inner-ring mice (inside
  the leaves) and outer-ring mice (at the rim), the acting mouse's gold halo, the last tick's moves
  (renderers/hickory_dickory_marks.py), the short brass hour hand and the minute hand, with the
  minute's number and action drawn again over the hand.
- `tile_chip` and `mouse_dot` are the tile and mouse pieces the rest of the table draws too.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from engine.hickory_dickory_data import HAND_SPACES, MICE
from renderers.draw import CREAM, GOLD, GOLD_DARK, INK, SEAT_COLORS, font, text, text_mask, text_size
from renderers.hickory_dickory_marks import NO_MARKS, Marks, arrow, dashed_ring, ghost, glow

__all__ = [
    "CLOCK_C",
    "CLOCK_R",
    "FACE",
    "FACE_EDGE",
    "HEADER_H",
    "LABEL_PX",
    "NOW",
    "NUMBER_PX",
    "PAWED",
    "R_INNER",
    "R_LABEL",
    "R_LEAF",
    "R_NUMBER",
    "R_OUTER",
    "R_RING",
    "SHORT",
    "TILE_COLOURS",
    "acting_mouse",
    "draw_clock",
    "draw_face",
    "label_lines",
    "label_mask",
    "letter_px",
    "mouse_dot",
    "number_mask",
    "number_xy",
    "paw_mask",
    "tile_chip",
]

HEADER_H = 52  # the table's title bar, above the clock
CLOCK_R = 292
CLOCK_C = (CLOCK_R + 14, HEADER_H + CLOCK_R + 8)
# The action labels run along their number's radius, from just outside the hour number to the
# ring, at LABEL_PX: 20 px is 8 px once a phone shows the table 400 px wide (11 px across the
# wedge read as 5). The mice's band outside the ring is narrower for it.
R_NUMBER, R_LABEL, R_INNER, R_LEAF, R_OUTER = 72, 98, 218, 248, 274
R_RING = 202  # the line between the action labels and the mice's band
NUMBER_PX, LABEL_PX, PAW_R = 27, 20, 44
NOW = (255, 236, 170)  # the wedge of the number the minute hand just reached
FACE = (232, 214, 178)
FACE_EDGE = (120, 84, 48)
PAWED = (150, 146, 140)
BRASS = (196, 150, 60)
TILE_COLOURS = {
    "R": (214, 58, 52),
    "Y": (240, 200, 40),
    "G": (70, 170, 80),
    "B": (60, 120, 220),
    "P": (150, 80, 190),
}
RELIC = {"CROWN": "Cr", "SCEPTER": "Sc", "GOBLET": "Gb"}
MOUSE_MARK = {"scavenger": "V", "scurrier": "R", "spotter": "P", "scamp": "M"}
SHORT = {
    "scamp": "SCAMP",
    "deliver": "DELIVER",
    "cuckoo": "CUCKOO",
    "climb3": "CLIMB 3",
    "search1": "SEARCH 1",
    "favor": "FAVOR",
    "market": "MARKET",
    "climb2market": "CLIMB 2+MARKET",
    "climb1search2": "CLIMB 1+SEARCH 2",
}
LABEL_LINES = {"climb2market": ("CLIMB 2", "MARKET"), "climb1search2": ("CLIMB 1", "SEARCH 2")}


def number_xy(n: int, r: float) -> tuple[float, float]:
    """A point at radius r in the direction of clock number n (12 straight up)."""
    a = math.radians(n * 30 - 90)
    return CLOCK_C[0] + r * math.cos(a), CLOCK_C[1] + r * math.sin(a)


def draw_face(img: Image.Image, tokens: tuple[str, ...]) -> None:
    """The clock's static art: face, ring, wedge lines, hour numbers and action labels."""
    d = ImageDraw.Draw(img)
    cx, cy = CLOCK_C
    d.ellipse((cx - CLOCK_R, cy - CLOCK_R, cx + CLOCK_R, cy + CLOCK_R), fill=FACE, outline=FACE_EDGE, width=6)
    ring = R_RING
    d.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=FACE_EDGE, width=2)
    for n in range(1, 13):
        a = math.radians(n * 30 - 90 + 15)
        inner_end = (cx + ring * math.cos(a), cy + ring * math.sin(a))
        d.line((*inner_end, cx + CLOCK_R * math.cos(a), cy + CLOCK_R * math.sin(a)), fill=(200, 176, 136), width=2)
        mask, _, x, y = number_mask(n)
        img.paste(INK, (x, y), mask)
        _label(img, n, tokens[n - 1])


def label_lines(token: str) -> tuple[str, ...]:
    """A token's action as the label's lines (two for the double actions)."""
    return LABEL_LINES.get(token, (SHORT.get(token, token),))


def _label_angle(n: int) -> float:
    """How far number n's label is turned (counter-clockwise, degrees) to lie along its radius:
    read outwards on the right half, inwards on the left, so no label is upside down."""
    a = (n % 12) * 30 - 90  # the radius's direction, clockwise from 3 o'clock
    return -a if n <= 6 else 180 - a


@functools.lru_cache(maxsize=108)  # ~5 KB each: 9 actions at 12 numbers
def label_mask(token: str, n: int) -> tuple[Image.Image, Image.Image, int, int]:
    """Number n's action label turned along its radius: its text mask, that mask grown by two
    pixels (the face's colour under it keeps it clear of the minute hand), and where the mask's
    centre sits from the canvas origin."""
    lines = label_lines(token)
    f = font(LABEL_PX, True)
    step = LABEL_PX + 2
    width = max(text_size(line, LABEL_PX, True)[0] for line in lines) + 6
    flat = Image.new("L", (width, step * len(lines) + 6), 0)
    fd = ImageDraw.Draw(flat)
    for i, line in enumerate(lines):
        fd.text((width / 2, 3 + step * i + step / 2), line, font=f, fill=255, anchor="mm")
    turned = flat.rotate(_label_angle(n), resample=Image.Resampling.BICUBIC, expand=True)
    halo = _grown(turned)
    cx, cy = number_xy(n, R_LABEL + width / 2 - 3)
    return turned, halo, round(cx - turned.width / 2), round(cy - turned.height / 2)


@functools.lru_cache(maxsize=12)  # ~2 KB each
def number_mask(n: int) -> tuple[Image.Image, Image.Image, int, int]:
    """Hour number n as drawn on the face: its text mask, the mask grown (see `label_mask`), and
    where it goes."""
    mask, dx, dy = text_mask(str(n), NUMBER_PX, True, "mm")
    framed = Image.new("L", (mask.width + 4, mask.height + 4), 0)
    framed.paste(mask, (2, 2))  # room to grow
    x, y = number_xy(n, R_NUMBER)
    return framed, _grown(framed), round(x) + dx - 2, round(y) + dy - 2


def _grown(mask: Image.Image) -> Image.Image:
    """A mask grown two pixels all round (within its frame, which leaves the room)."""
    return mask.filter(ImageFilter.MaxFilter(5))


@functools.lru_cache(maxsize=12)  # ~2 KB each
def paw_mask(n: int) -> tuple[Image.Image, int, int]:
    """The word PAW across number n's radius in its paw, between the ring and the leaf tile: laid
    along the rim, it stays clear of both where a level word would cross one (at 3 and 9)."""
    mask, _, _ = text_mask("PAW", LABEL_PX, True, "mm")
    framed = Image.new("L", (mask.width + 4, mask.height + 4), 0)
    framed.paste(mask, (2, 2))
    angle = (_label_angle(n) + 90) % 180
    turned = framed.rotate(angle - 180 if angle > 90 else angle, resample=Image.Resampling.BICUBIC, expand=True)
    x, y = number_xy(n, (R_RING + R_LEAF) / 2 + 2)
    return turned, round(x - turned.width / 2), round(y - turned.height / 2)


def _label(img: Image.Image, n: int, token: str, under: tuple[int, int, int] | None = None) -> None:
    mask, halo, x, y = label_mask(token, n)
    if under is not None:
        img.paste(under, (x, y), halo)
    img.paste(FACE_EDGE, (x, y), mask)


@functools.lru_cache(maxsize=12)
def _sector_mask(n: int) -> tuple[Image.Image, tuple[int, int]]:
    """The band of number n's wedge between the inner ring and the rim: an `L` mask cropped to
    its bounds, and where it goes on the canvas (pasting the bounds only is the cheap part)."""
    mask = Image.new("L", (2 * CLOCK_R, 2 * CLOCK_R), 0)
    d = ImageDraw.Draw(mask)
    start, end = n * 30 - 90 - 15, n * 30 - 90 + 15
    d.pieslice((4, 4, 2 * CLOCK_R - 4, 2 * CLOCK_R - 4), start, end, fill=255)
    c, r = CLOCK_R, R_RING + 2
    d.ellipse((c - r, c - r, c + r, c + r), fill=0)
    box = mask.getbbox() or (0, 0, 1, 1)
    return mask.crop(box), (CLOCK_C[0] - CLOCK_R + box[0], CLOCK_C[1] - CLOCK_R + box[1])


# -- small pieces ------------------------------------------------------------------------------


def letter_px(size: int) -> int:
    """A chip's symbol letter: as large as the chip holds from 26 px up (18 px and more, read on a
    phone), as before in the panels' small chips."""
    return size - 8 if size >= 26 else size // 2 + 2


def tile_chip(d: ImageDraw.ImageDraw, xy: tuple[float, float], code: str, size: int = 22) -> None:
    """An item as a coloured square with its symbol letter; wilds white, relics gold, favors cream."""
    x, y = xy
    box = (x - size / 2, y - size / 2, x + size / 2, y + size / 2)
    if code in RELIC:
        d.rounded_rectangle(box, radius=4, fill=GOLD, outline=INK)
        text(d, (x, y), RELIC[code], size // 2 + (3 if size >= 26 else 0), INK, bold=True, anchor="mm")
    elif code == "W":
        d.rounded_rectangle(box, radius=4, fill=(255, 255, 255), outline=(200, 60, 160), width=2)
        text(d, (x, y), "W", letter_px(size), INK, bold=True, anchor="mm")
    elif len(code) == 2 and code[0] in TILE_COLOURS:
        d.rounded_rectangle(box, radius=4, fill=TILE_COLOURS[code[0]], outline=INK)
        ink = INK if code[0] == "Y" else (255, 255, 255)
        text(d, (x, y), code[1], letter_px(size), ink, bold=True, anchor="mm")
    else:
        d.rounded_rectangle(box, radius=4, fill=CREAM, outline=INK)
        text(d, (x, y), code, size // 2 - 1, INK, bold=True, anchor="mm")


def mouse_dot(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    seat: int,
    mouse: str,
    r: int = 10,
    acting: bool = False,
    tall: bool = False,
) -> None:
    """A mouse as a disc in its seat's colour with its letter; the acting mouse wears a gold halo.
    The Scavenger (two spaces) is an oval, `tall` where its number lies beside the centre."""
    x, y = xy
    wide = r * 2 if HAND_SPACES[mouse] == 2 else r
    rx, ry = (r, wide) if tall else (wide, r)
    if acting:
        h = max(4, r // 2)
        d.ellipse((x - rx - h, y - ry - h, x + rx + h, y + ry + h), fill=GOLD, outline=INK, width=1)
    d.ellipse((x - rx, y - ry, x + rx, y + ry), fill=SEAT_COLORS[seat % 4], outline=INK, width=2)
    text(d, (x, y), MOUSE_MARK[mouse], r + 4, INK, bold=True, anchor="mm")


def _gap(group: list[tuple[int, str]]) -> int:
    """How far apart a space's mice stand: further where a Scavenger's oval is among them."""
    return 44 if any(HAND_SPACES[mouse] == 2 for _, mouse in group) and len(group) > 1 else 32


def _spread(n: int, r: float, count: int, i: int, gap: float = 24) -> tuple[float, float]:
    """Position i of count markers side by side across the radius line of number n."""
    x, y = number_xy(n, r)
    a = math.radians(n * 30 - 90)
    off = (i - (count - 1) / 2) * gap
    return x - off * math.sin(a), y + off * math.cos(a)


# -- the clock ----------------------------------------------------------------------------------


def acting_mouse(view: dict[str, Any]) -> tuple[int, str] | None:
    """The mouse acting now (the engine's `active`), as (seat, mouse)."""
    act = view.get("active") or {}
    if isinstance(act.get("seat"), int) and act.get("mouse") in MICE:
        return act["seat"], act["mouse"]
    return None


def draw_clock(canvas: Image.Image, view: dict[str, Any], marks: Marks = NO_MARKS) -> None:
    """The clock's moving parts over the cached face: lit wedge, paws, leaves, mice, last-tick marks, hands."""
    d = ImageDraw.Draw(canvas)
    minute = int(view.get("minute") or 12)
    # The last tick: the wedge the minute hand just reached is lit and outlined in gold.
    mask, at = _sector_mask(minute)
    canvas.paste(NOW, at, mask)
    paws = set(view.get("paws") or [])
    for n in paws:
        x, y = number_xy(n, (R_INNER + R_OUTER) / 2)
        d.ellipse((x - PAW_R, y - PAW_R, x + PAW_R, y + PAW_R), fill=PAWED)
        mask, x, y = paw_mask(n)
        canvas.paste(INK, (x, y), mask)
    cx, cy = CLOCK_C
    box = (cx - CLOCK_R + 4, cy - CLOCK_R + 4, cx + CLOCK_R - 4, cy + CLOCK_R - 4)
    d.arc(box, minute * 30 - 105, minute * 30 - 75, fill=GOLD_DARK, width=6)
    for edge in (-15, 15):
        a = math.radians(minute * 30 - 90 + edge)
        d.line(
            (cx + R_RING * math.cos(a), cy + R_RING * math.sin(a), cx + (CLOCK_R - 4) * math.cos(a),
             cy + (CLOCK_R - 4) * math.sin(a)),
            fill=GOLD_DARK, width=3,
        )  # fmt: skip
    leaf = view.get("leaf") or []
    for n in range(1, 13):
        code = leaf[n - 1] if n - 1 < len(leaf) else None
        if code:
            tile_chip(d, number_xy(n, R_LEAF), code, 26)
    for n in marks.leaf:
        dashed_ring(d, number_xy(n, R_LEAF), 17)
    ring: dict[tuple[str, int], list[tuple[int, str]]] = {}
    for seat, mice in enumerate(view.get("mice") or []):
        for mouse in MICE:
            m = mice.get(mouse) or {}
            if m.get("where") in ("inner", "outer") and m.get("number"):
                ring.setdefault((m["where"], m["number"]), []).append((seat, mouse))
    acting = acting_mouse(view)
    # beside the centre (2-4, 8-10) the band runs up and down, so a Scavenger's oval stands up in it
    tall = {key for (_, n), group in ring.items() if n in (2, 3, 4, 8, 9, 10) for key in group}
    spots = {
        key: _spread(n, R_INNER if where == "inner" else R_OUTER, len(group), i, _gap(group))
        for (where, n), group in ring.items()
        for i, key in enumerate(group)
    }
    if marks.moved:
        _moved_marks(d, view, marks, ring, spots, minute, tall)
    for key, xy in spots.items():
        mouse_dot(d, xy, key[0], key[1], 12, key == acting, key in tall)
    _hands(d, view, minute)
    tokens = view.get("tokens") or []
    if minute - 1 < len(tokens):  # the minute hand lies along its number and label: keep them legible
        _label(canvas, minute, tokens[minute - 1], FACE)
    mask, halo, x, y = number_mask(minute)
    canvas.paste(FACE, (x, y), halo)
    canvas.paste(INK, (x, y), mask)


def _moved_marks(
    d: ImageDraw.ImageDraw,
    view: dict[str, Any],
    marks: Marks,
    ring: dict[tuple[str, int], list[tuple[int, str]]],
    spots: dict[tuple[int, str], tuple[float, float]],
    minute: int,
    tall: set[tuple[int, str]],
) -> None:
    """Ghosts where the moved mice were, arrows to where they are, and a ring round each (a rider's
    ring is on the minute-hand strip; its arrow ends at the hand's tip)."""
    riders = {(int(r["seat"]), str(r["mouse"])) for r in view.get("minute_hand") or []}
    for (seat, mouse), old in marks.moved.items():
        now = spots.get((seat, mouse)) or (number_xy(minute, R_RING + 6) if (seat, mouse) in riders else None)
        if old is None or now is None:
            if (seat, mouse) in spots:
                glow(d, spots[(seat, mouse)], 12, 24 if HAND_SPACES[mouse] == 2 else 12, (seat, mouse) in tall)
            continue
        where, n = old
        if where == "hand":
            was = number_xy(n, R_RING + 6)
        else:
            # the ghost stands one place past the mice still there, as far off as a mouse would
            stayed, r = ring.get((where, n), []), R_INNER if where == "inner" else R_OUTER
            gap = _gap([*stayed, (seat, mouse)])
            was = _spread(n, r, len(stayed), len(stayed), gap) if stayed else number_xy(n, r)
        if math.dist(was, now) > 4:
            ghost(d, was, SEAT_COLORS[seat % 4], FACE)
            arrow(d, was, now, 20 if (seat, mouse) in spots else 12)
        if (seat, mouse) in spots:
            glow(d, now, 12, 24 if HAND_SPACES[mouse] == 2 else 12, (seat, mouse) in tall)


def _hands(d: ImageDraw.ImageDraw, view: dict[str, Any], minute: int) -> None:
    cx, cy = CLOCK_C
    hour = int(view.get("hour") or 12)
    hx, hy = number_xy(hour % 12 or 12, 46)
    d.line((cx, cy, hx, hy), fill=BRASS, width=10)
    mx, my = number_xy(minute, R_RING - 4)
    d.line((cx, cy, mx, my), fill=INK, width=6)
    tx, ty = number_xy(minute, R_RING + 6)
    d.ellipse((tx - 9, ty - 9, tx + 9, ty + 9), fill=INK, outline=GOLD_DARK, width=2)
    d.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=BRASS, outline=INK)
