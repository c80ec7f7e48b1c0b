"""Shared drawing helpers for Parlour's renderers: fonts, colours, text, shapes, PNG.

Everything here is pure Pillow and cached: fonts, rasterised text, felt
backgrounds, anti-aliased masks, shadows and PNG palettes are built the first time
they are asked for and reused, so a render does no file I/O and little repeated
work. Cached images are shared: treat them as read-only.

The text face is DejaVu Sans Condensed (regular and bold), shipped in
renderers/fonts/ with its licence. It covers accented Latin, Greek, Cyrillic and
the card suits, so names keep their accents and card labels can use the suit
symbols (`card_label("5S")` -> "5♠"); `clean()` only drops what the face lacks
(emoji, CJK). Each (string, size, weight, anchor) is rasterised once into an `L`
mask and pasted in its colour afterwards, which is several times cheaper than
letting FreeType draw it again.

Shapes drawn straight with ImageDraw are aliased; `rounded_box` and `suit_mask`
draw at `SS` times the size and scale down, which is why they are cached.
"""

from __future__ import annotations

import functools
import io
import math
import re
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFilter, ImageFont, ImageMath

from renderers.png import mapped, palette_png

__all__ = [
    "BLACK_SUIT",
    "CREAM",
    "FELT",
    "FELT_DARK",
    "GOLD",
    "GOLD_DARK",
    "INK",
    "MUTED",
    "PANEL",
    "RED_SUIT",
    "SEAT_COLORS",
    "SS",
    "SUIT_SYMBOLS",
    "WHITE",
    "Color",
    "card_label",
    "clean",
    "ellipsize",
    "felt",
    "felt_patch",
    "felt_shades",
    "font",
    "layer_pieces",
    "named_colours",
    "palette_sheet",
    "paste_over",
    "paste_pieces",
    "paste_shadow",
    "paste_suit",
    "ready_to_paste",
    "rounded_box",
    "rounded_mask",
    "shadow_mask",
    "suit_mask",
    "text",
    "text_mask",
    "text_size",
    "to_png",
    "triangle",
]

Color = tuple[int, ...]

SS = 4  # supersampling factor for cached anti-aliased shapes

# Palette: a warm green baize, brass accents, ivory cards, dark ink.
FELT: Color = (40, 99, 72)
FELT_DARK: Color = (22, 58, 42)
PANEL: Color = (16, 44, 32, 150)  # translucent dark panel laid on the felt
GOLD: Color = (242, 190, 74)
GOLD_DARK: Color = (170, 120, 30)
CREAM: Color = (250, 244, 228)
WHITE: Color = (255, 255, 255)
INK: Color = (28, 34, 52)
MUTED: Color = (196, 214, 200)  # secondary text on felt
RED_SUIT: Color = (198, 30, 42)
BLACK_SUIT: Color = (24, 24, 28)
SEAT_COLORS: tuple[Color, ...] = ((110, 200, 255), (255, 150, 120), (190, 160, 255), (140, 230, 150))


# ---------------------------------------------------------------------------
# Fonts and text
# ---------------------------------------------------------------------------


_FONT_DIR = Path(__file__).resolve().parent / "fonts"
_FACES = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@functools.cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The text face at `size` px, regular or bold (loaded once per size)."""
    return ImageFont.truetype(str(_FONT_DIR / _FACES[bold]), size)


@functools.cache
def _notdef() -> bytes:
    return _glyph_bitmap("\ufffe")


def _glyph_bitmap(ch: str) -> bytes:
    im = Image.new("L", (32, 32))
    ImageDraw.Draw(im).text((4, 4), ch, font=font(16), fill=255)
    return im.tobytes()


@functools.lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    if " " <= ch <= "~":
        return True
    if unicodedata.category(ch) in ("Mn", "Me", "Cc", "Cf", "Cs", "Co", "Cn"):
        return False
    return _glyph_bitmap(ch) != _notdef()


@functools.lru_cache(maxsize=4096)
def clean(s: str) -> str:
    """`s` reduced to characters the face can draw, whitespace collapsed.

    Accents stay (`Zoë`); a character the face lacks is replaced by its unaccented
    base if that helps and dropped otherwise (emoji, CJK), so no tofu boxes appear.
    """
    out = []
    for ch in unicodedata.normalize("NFC", s):
        if _has_glyph(ch):
            out.append(ch)
            continue
        base = unicodedata.normalize("NFKD", ch)
        out.extend(c for c in base if _has_glyph(c) and not unicodedata.combining(c))
    return " ".join("".join(out).split())


def drawable(view: dict[str, Any]) -> dict[str, Any]:
    """`view` with its seat names as the face can draw them (`clean`), "Player N" for a
    name with nothing drawable (all emoji or CJK): no tofu boxes, and never a blank seat."""
    names = view.get("names")
    if not names:
        return view
    return {**view, "names": [_drawable_name(str(n), i) for i, n in enumerate(names)]}


def _drawable_name(name: str, seat: int) -> str:
    drawn = clean(name)
    # "王 #2" (a shared name and its seat) draws as "#2" alone: that is no name either
    return drawn if re.sub(r"\s*#\d+$", "", drawn) else f"Player {seat + 1}"


def card_label(code: str) -> str:
    """A card code as players read it: `5S` -> `5♠`, `10H` -> `10♥`; `JK` -> `Joker`."""
    code = str(code)
    if code == "JK":
        return "Joker"
    if len(code) >= 2 and code[-1] in SUIT_SYMBOLS:
        return code[:-1] + SUIT_SYMBOLS[code[-1]]
    return code


@functools.lru_cache(maxsize=8192)
def text_size(s: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width and height in px of `s` set at `size` (ascent to baseline + descent)."""
    left, top, right, bottom = font(size, bold).getbbox(s)
    return right - left, bottom - top


def ellipsize(s: str, size: int, max_width: int, bold: bool = False) -> str:
    """`s` cut with an ellipsis so it fits in `max_width` px."""
    if text_size(s, size, bold)[0] <= max_width:
        return s
    while s and text_size(s + "…", size, bold)[0] > max_width:
        s = s[:-1]
    return s.rstrip() + "…"


@functools.lru_cache(maxsize=1024)  # ~4 KB each on average: the words of a few tables at once
def text_mask(s: str, size: int, bold: bool = False, anchor: str = "la") -> tuple[Image.Image, int, int]:
    """`s` rasterised once: an `L` mask and its offset from the anchor point."""
    f = font(size, bold)
    x0, y0, x1, y1 = f.getbbox(s, anchor=anchor)
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), s, font=f, fill=255, anchor=anchor)
    return mask, x0, y0


def text(
    draw: ImageDraw.ImageDraw | Image.Image,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: Color,
    *,
    bold: bool = False,
    anchor: str = "la",
    shadow: Color | None = None,
) -> None:
    """Draw `s` at `xy` (Pillow anchor codes: `la` left-ascender, `mm` centre, ...).

    `draw` is an ImageDraw or the image itself; `shadow` adds a small drop shadow.
    """
    canvas = draw if isinstance(draw, Image.Image) else draw._image  # type: ignore[attr-defined]
    if not s:
        return
    mask, dx, dy = text_mask(s, size, bold, anchor)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    if shadow is not None:
        off = max(1, size // 16)
        canvas.paste(shadow[:3], (x + off, y + off), mask)
    canvas.paste(fill[:3], (x, y), mask)


# ---------------------------------------------------------------------------
# Backgrounds, boxes, shadows
# ---------------------------------------------------------------------------


# The felt of a size is kept twice: opaque RGBA (4 bytes a pixel, an 8-seat table's is 5 MB),
# which `felt` copies for nearly every picture, for the sizes drawn lately; and its shades
# (`P`, 1 byte a pixel), which make the RGBA again in about 1 ms where working the vignette
# out takes 5, for more. Tables that grow (a long column, more melds) make new sizes.
@functools.lru_cache(maxsize=4)  # the sizes a table draws on (a table's and its hands')
def _felt_rgba(w: int, h: int, base: Color, edge: Color) -> Image.Image:
    """The felt of a size, opaque RGBA (`_felt_mapped` converted)."""
    return _felt_mapped(w, h, base, edge).convert("RGBA")


@functools.lru_cache(maxsize=16)  # up to ~2.4 MB each: the sizes of a few tables
def _felt_mapped(w: int, h: int, base: Color, edge: Color) -> Image.Image:
    """The felt of a size as its shades: a radial vignette from `base` at its centre (a
    little above the middle) to `edge` at the rim: its lean (`felt_lean`) on a palette of
    256 shades between the two, which converts to RGBA in one step. A new size, say a taller
    hand or a table whose tableau grew, costs about 5 ms for a 960x1304 table (10.6 when each
    channel went through its own table and the three were merged).
    """
    lean = felt_lean(w, h)
    lean.putpalette([v for shade in zip(*shade_tables(base, edge), strict=True) for v in shade])
    return settled(lean)


def settled(img: Image.Image) -> Image.Image:
    """`img` with its new palette handed to Pillow's core now, before render threads share it.

    Pillow hands a palette over at the image's first load, unlocked: two threads loading a
    shared image at once could both do it, one freeing the palette the other was already
    mapping or converting with, without the GIL (a crash, or stray pixels in a picture).
    """
    img.load()
    return img


def shade_tables(base: Color, edge: Color) -> list[list[int]]:
    """Per channel, the colour at each lean from 0 (`base`) to 255 (`edge`)."""
    return [[round(b + (e - b) * i / 255) for i in range(256)] for b, e in zip(base[:3], edge[:3], strict=True)]


def felt_lean(w: int, h: int) -> Image.Image:
    """How far each point of the felt leans to the rim's colour, 0 to 255 (`L`).

    t = (r / rmax) ** 1.6 is worked out on a grid of one point per 8 pixels by Pillow's image
    arithmetic and scaled up bicubically: working each grid point out in Python took 20-25 ms
    for a large table, a move's whole budget. The gradient is smooth and compresses well.
    """
    sw, sh = max(2, w // 8), max(2, h // 8)
    cx, cy = (sw - 1) / 2, (sh - 1) / 2.4
    rmax = math.hypot(max(cx, sw - cx), max(cy, sh - cy))
    across, down = Image.new("F", (sw, 1)), Image.new("F", (1, sh))
    across.putdata([((x - cx) / rmax) ** 2 for x in range(sw)])
    down.putdata([((y - cy) / rmax) ** 2 for y in range(sh)])
    nearest = Image.Resampling.NEAREST
    grid = ImageMath.lambda_eval(
        lambda m: m["min"](m["across"] + m["down"], 1.0) ** 0.8 * 255,
        across=across.resize((sw, sh), nearest),
        down=down.resize((sw, sh), nearest),
    )
    return grid.convert("L").resize((w, h), Image.Resampling.BICUBIC)


def felt(w: int, h: int, base: Color = FELT, edge: Color = FELT_DARK) -> Image.Image:
    """A fresh opaque RGBA canvas of warm baize with a soft vignette (built once per size)."""
    return _felt_rgba(w, h, base, edge).copy()


def felt_patch(w: int, h: int, box: tuple[int, int, int, int]) -> Image.Image:
    """The part `box` of a `w` x `h` felt, fresh, without copying the whole felt first."""
    return _felt_rgba(w, h, FELT, FELT_DARK).crop(box)


# Canvases stay opaque (alpha 255 everywhere). Compositing a translucent layer onto
# an opaque canvas is a masked paste of the layer's colours through its alpha,
# which Pillow does about twice as fast as alpha_composite; the layer's colours
# and alpha are split once and kept with the cached layer.
#
# A masked paste blends every pixel, where a plain one copies it: about twelve times
# the cost (75 against 6 us for a large card). Where a mask is 255 the blend gives the
# layer's pixel exactly, and where it is 0 the canvas's, so a large mask is cut once
# into pieces: its uniform core pasted plainly (or left out where it is 0) and only the
# rim around it blended. The pixels are the same as one masked paste.
PIECES_FROM = 6000  # mask pixels: below this, one masked paste is as quick as several

Piece = tuple[int, int, int, int, "Image.Image | None"]  # a box within the mask, its mask (None: plain)

_split_cache: dict[int, tuple[Image.Image, list[tuple[int, int, Image.Image, Image.Image | None]]]] = {}


def _split(layer: Image.Image) -> list[tuple[int, int, Image.Image, Image.Image | None]]:
    """The layer's pieces: (dx, dy, colours, mask or None for a plain paste)."""
    hit = _split_cache.get(id(layer))
    if hit is not None and hit[0] is layer:
        return hit[1]
    parts = layer_pieces(layer)
    if len(_split_cache) > 8192:
        _split_cache.clear()
    _split_cache[id(layer)] = (layer, parts)  # the layer is held, so its id stays unique
    return parts


def layer_pieces(layer: Image.Image) -> list[tuple[int, int, Image.Image, Image.Image | None]]:
    """An RGBA layer cut for pasting (see `_split`), not kept: for a caller that keeps the
    pieces and not the layer (the layer is as large again)."""
    opaque = layer.copy()
    opaque.putalpha(255)
    return [(x0, y0, opaque.crop((x0, y0, x1, y1)), m) for x0, y0, x1, y1, m in mask_pieces(layer.getchannel("A"))]


def mask_pieces(mask: Image.Image) -> list[Piece]:
    """`mask` as pieces that paste like it: its uniform core (plain if 255, left out if 0)
    and the rim around it, each rim band cut to where the mask is not 0."""
    w, h = mask.size
    whole: list[Piece] = [(0, 0, w, h, mask)]
    if w * h < PIECES_FROM:
        return whole
    core = _uniform_core(mask)
    if core is None:
        return whole
    (x0, y0, x1, y1), value = core
    if (x1 - x0) * (y1 - y0) * 5 < w * h * 2:  # under 40% of the mask: not worth the extra pastes
        return whole
    pieces: list[Piece] = [(x0, y0, x1, y1, None)] if value == 255 else []
    for band in ((0, 0, w, y0), (0, y1, w, h), (0, y0, x0, y1), (x1, y0, w, y1)):
        if band[2] <= band[0] or band[3] <= band[1]:
            continue
        part = mask.crop(band)
        inked = part.getbbox()
        if inked is not None:
            bx, by = band[0], band[1]
            pieces.append((bx + inked[0], by + inked[1], bx + inked[2], by + inked[3], part.crop(inked)))
    return pieces


def _uniform_core(mask: Image.Image) -> tuple[tuple[int, int, int, int], int] | None:
    """A large rectangle round the mask's centre where it is all 0 or all 255: grown from
    the centre pixel, one side at a time, each as far as it stays uniform (a binary search,
    since a smaller rectangle inside a uniform one is uniform too)."""
    w, h = mask.size
    cx, cy = w // 2, h // 2
    value = mask.getpixel((cx, cy))
    if value not in (0, 255):
        return None
    box = [cx, cy, cx + 1, cy + 1]

    def uniform(b: Sequence[int]) -> bool:
        return mask.crop(tuple(b)).getextrema() == (value, value)

    for _ in range(2):
        for side, limit in ((0, 0), (1, 0), (2, w), (3, h)):
            lo, hi = sorted((box[side], limit))  # the side may move from its place to its limit
            good = box[side]
            while lo <= hi:
                mid = (lo + hi) // 2
                trial = list(box)
                trial[side] = mid
                if uniform(trial):
                    good = mid
                    if side < 2:
                        hi = mid - 1
                    else:
                        lo = mid + 1
                elif side < 2:
                    lo = mid + 1
                else:
                    hi = mid - 1
            box[side] = good
    return (box[0], box[1], box[2], box[3]), int(value)


def ready_to_paste(layer: Image.Image) -> None:
    """Cut a cached layer into its pasting pieces now (at start-up), not on its first paste."""
    _split(layer)


def paste_over(canvas: Image.Image, layer: Image.Image, xy: tuple[int, int]) -> None:
    """Composite a cached RGBA `layer` (a sprite, glyph, clock) onto an opaque canvas
    at `xy`, clipped at the edges: `alpha_composite` for read-only cached layers."""
    paste_pieces(canvas, _split(layer), xy)


def paste_pieces(
    canvas: Image.Image, pieces: Sequence[tuple[int, int, Image.Image, Image.Image | None]], xy: tuple[int, int]
) -> None:
    """Paste a layer's pieces (`layer_pieces`) at `xy`: the pixels of `paste_over`."""
    x, y = int(xy[0]), int(xy[1])
    for dx, dy, colours, mask in pieces:
        canvas.paste(colours, (x + dx, y + dy), mask)


@functools.cache
def rounded_mask(w: int, h: int, radius: int, width: int = 0) -> Image.Image:
    """An anti-aliased `L` mask of a rounded rectangle (or its outline if `width`).

    Away from the corners every column of the mask is the same, and so is every row, so only
    a square as large as the corners and the filter reach is drawn, and its middle column and
    row are repeated out to the full size: the same pixels as drawing the whole box, which cost
    17 ms for a 612x300 panel and 0.7 ms this way (a table that grows makes new sizes).
    """
    reach = radius + width + 4  # the corner's arc and outline, and 3 px of the filter, from each side
    core = _drawn_mask(min(w, 2 * reach + 1), min(h, 2 * reach + 1), radius, width)
    return _stretched(core, w, h)


def _drawn_mask(w: int, h: int, radius: int, width: int) -> Image.Image:
    """The mask drawn SS times larger and scaled down across, then down: one axis a pass, in a
    fixed order (a single `resize` picks its own order by size, which would make the middle
    rows of a tall box differ from those of a short one)."""
    big = Image.new("L", (w * SS, h * SS), 0)
    d = ImageDraw.Draw(big)
    box = (0, 0, w * SS - 1, h * SS - 1)
    if width:
        d.rounded_rectangle(box, radius * SS, outline=255, width=width * SS)
    else:
        d.rounded_rectangle(box, radius * SS, fill=255)
    lanczos = Image.Resampling.LANCZOS
    return big.resize((w, h * SS), lanczos).resize((w, h), lanczos)


def _stretched(core: Image.Image, w: int, h: int) -> Image.Image:
    """`core` made `w` x `h` by repeating its middle column, then its middle row."""
    for axis, size in ((0, w), (1, h)):
        have, across = core.size[axis], core.size[1 - axis]
        if have >= size:
            continue

        def span(a: int, b: int, axis: int = axis, across: int = across) -> tuple[int, int, int, int]:
            return (a, 0, b, across) if axis == 0 else (0, a, across, b)

        middle = have // 2
        out = Image.new("L", span(0, size)[2:])
        out.paste(core, span(size - have, size)[:2])
        out.paste(core.crop(span(0, middle + 1)), (0, 0))
        repeated = core.crop(span(middle, middle + 1)).resize(span(0, size - have)[2:], Image.Resampling.NEAREST)
        out.paste(repeated, span(middle + 1, size)[:2])
        core = out
    return core


def rounded_box(
    canvas: Image.Image,
    box: Sequence[int],
    radius: int,
    fill: Color | None = None,
    outline: Color | None = None,
    width: int = 2,
) -> None:
    """Composite an anti-aliased rounded rectangle onto an RGBA `canvas`.

    Colours may carry alpha (e.g. `PANEL`) for translucent panels.
    """
    x0, y0, x1, y1 = (int(v) for v in box)
    w, h = x1 - x0, y1 - y0
    if w <= 0 or h <= 0:
        return
    for color, width_ in ((fill, 0), (outline, width)):
        if color is None:
            continue
        alpha = color[3] if len(color) == 4 else 255
        for px0, py0, px1, py1, mask in _box_mask(w, h, radius, width_, alpha):
            canvas.paste(color[:3], (x0 + px0, y0 + py0, x0 + px1, y0 + py1), mask)


@functools.lru_cache(maxsize=512)  # ~22 KB each on average: the boxes of a few kinds of table
def _box_mask(w: int, h: int, radius: int, width: int, alpha: int) -> list[Piece]:
    """The box's mask in pieces (an outline is its four edges, not the whole box)."""
    mask = rounded_mask(w, h, radius, width)
    return mask_pieces(mask if alpha == 255 else mask.point(lambda v: v * alpha // 255))


@functools.cache
def shadow_mask(w: int, h: int, radius: int, blur: int = 4, strength: int = 110) -> Image.Image:
    """A blurred `L` mask for a soft drop shadow under a `w`x`h` rounded shape.

    It is `2 * blur` px larger on every side than the shape.
    """
    pad = 2 * blur
    m = Image.new("L", (w + 2 * pad, h + 2 * pad), 0)
    ImageDraw.Draw(m).rounded_rectangle((pad, pad, pad + w - 1, pad + h - 1), radius, fill=strength)
    return m.filter(ImageFilter.GaussianBlur(blur))


def paste_shadow(
    canvas: Image.Image,
    xy: tuple[int, int],
    w: int,
    h: int,
    radius: int,
    *,
    blur: int = 4,
    offset: tuple[int, int] = (2, 3),
    strength: int = 110,
) -> None:
    """Drop a soft shadow for a `w`x`h` shape whose top-left corner is `xy`."""
    pad = 2 * blur
    mask = shadow_mask(w, h, radius, blur, strength)
    canvas.paste((0, 0, 0), (int(xy[0]) - pad + offset[0], int(xy[1]) - pad + offset[1]), mask)


def triangle(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Color, up: bool = True) -> None:
    """A small isosceles pointer triangle centred on (cx, cy)."""
    s = size / 2
    if up:
        pts = [(cx, cy - s), (cx + s, cy + s * 0.8), (cx - s, cy + s * 0.8)]
    else:
        pts = [(cx, cy + s), (cx + s, cy - s * 0.8), (cx - s, cy - s * 0.8)]
    draw.polygon(pts, fill=fill)


# ---------------------------------------------------------------------------
# Suits as vector shapes
# ---------------------------------------------------------------------------


@functools.cache
def _heart_points(n: int = 96) -> tuple[tuple[float, float], ...]:
    """The classic parametric heart, scaled to a unit box (0..1, tip at the bottom)."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return tuple(((x - x0) / (x1 - x0), (y - y0) / (y1 - y0)) for x, y in pts)


def _heart(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], flip: bool = False) -> None:
    """A heart filling `box`; `flip` turns it point-up (the body of a spade)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    pts = [(x0 + u * w, y0 + ((1 - v) if flip else v) * h) for u, v in _heart_points()]
    d.polygon(pts, fill=255)


def _stem(d: ImageDraw.ImageDraw, s: float, top: float) -> None:
    """The flared foot of a spade or club."""
    d.polygon([(s * 0.5, top), (s * 0.5 + s * 0.2, s * 0.98), (s * 0.5 - s * 0.2, s * 0.98)], fill=255)


@functools.cache
def suit_mask(suit: str, px: int) -> Image.Image:
    """An anti-aliased `L` mask, `px` square, of a suit: `S`, `H`, `D` or `C`.

    Each suit has its own silhouette (pointed, rounded, rhombus, trefoil), so the
    suits stay apart by shape even in grey.
    """
    s = px * SS
    big = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(big)
    if suit == "H":
        _heart(d, (s * 0.04, s * 0.1, s * 0.96, s * 0.92))
    elif suit == "S":
        _heart(d, (s * 0.06, s * 0.02, s * 0.94, s * 0.78), flip=True)
        _stem(d, s, s * 0.5)
    elif suit == "D":
        d.polygon([(s * 0.5, 0), (s * 0.9, s * 0.5), (s * 0.5, s - 1), (s * 0.1, s * 0.5)], fill=255)
    elif suit == "C":
        r = s * 0.215
        for cx, cy in ((s * 0.5, s * 0.25), (s * 0.27, s * 0.56), (s * 0.73, s * 0.56)):
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
        d.rectangle((s * 0.42, s * 0.3, s * 0.58, s * 0.62), fill=255)
        _stem(d, s, s * 0.45)
    else:
        raise ValueError(f"unknown suit {suit!r}")
    return big.resize((px, px), Image.Resampling.LANCZOS)


def paste_suit(canvas: Image.Image, suit: str, center: tuple[float, float], px: int, color: Color) -> None:
    """Paint a `px`-square suit symbol centred on `center` (e.g. beside text, where
    the built-in font has no suit glyphs)."""
    x, y = round(center[0] - px / 2), round(center[1] - px / 2)
    canvas.paste(color[:3], (x, y), suit_mask(suit, px))


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


@functools.cache
def felt_shades(base: Color = FELT, edge: Color = FELT_DARK, panel: Color = PANEL) -> tuple[Color, ...]:
    """Colours of a felt gradient, bare and under a `panel` overlay, for `to_png` to keep.

    A 256-colour octree spends few entries on a smooth background, which then
    shows bands; reserving these shades keeps the baize smooth.
    """
    shades: list[Color] = []
    a = panel[3] / 255 if len(panel) == 4 else 1.0
    for i in range(48):
        t = i / 47
        c = tuple(round(b + (e - b) * t) for b, e in zip(base, edge, strict=False))
        shades.append(c)
        if i % 3 == 0:
            shades.append(tuple(round(v * (1 - a) + p * a) for v, p in zip(c, panel[:3], strict=False)))
    return tuple(shades)


_palettes: dict[str, Image.Image] = {}
_palette_lock = threading.Lock()


def named_colours() -> tuple[Color, ...]:
    """The named colours of this module, kept exact in every palette."""
    return (FELT, FELT_DARK, GOLD, GOLD_DARK, CREAM, WHITE, INK, MUTED, RED_SUIT, BLACK_SUIT, *SEAT_COLORS)


def _learn(img: Image.Image, keep: Sequence[Color]) -> Image.Image:
    """A `P` reference image: an octree palette of `img` plus the `keep` colours."""
    octree = img.quantize(256 - len(keep), method=Image.Quantize.FASTOCTREE)
    pal = octree.getpalette()[: 3 * (256 - len(keep))]  # type: ignore[index]
    pal += [0] * (3 * (256 - len(keep)) - len(pal))
    pal += [v for c in keep for v in c[:3]]
    ref = Image.new("P", (1, 1))
    ref.putpalette(pal)
    return settled(ref)


def palette_sheet(images: Sequence[Image.Image]) -> Image.Image:
    """Pictures stacked into one RGB sheet (RGBA ones laid on felt) to learn a palette from."""
    w = max(i.width for i in images)
    out = felt(w, sum(i.height for i in images))
    y = 0
    for i in images:
        if i.mode == "RGBA":
            out.alpha_composite(i, (0, y))
        else:
            out.paste(i.convert("RGBA"), (0, y))
        y += i.height
    return out.convert("RGB")


def _palette(
    img: Image.Image | None, keep: Sequence[Color], key: str | None, source: Callable[[], Image.Image] | None
) -> Image.Image:
    """The palette for `img`: learnt from it alone, or, with a `key` and a `source`,
    learnt once from the source sheet and reused. Learning costs more than the whole
    PNG encode, and a fixed sample keeps a view's PNG the same whatever came before."""
    if key is None or source is None:
        assert img is not None
        return _learn(img.reduce(2), keep)
    with _palette_lock:
        ref = _palettes.get(key)
        if ref is None:
            ref = _palettes[key] = _learn(source().convert("RGB"), keep)
        return ref


class KeptTiles:
    """Parts of pictures kept drawn by what they show (the key), the least recently used
    dropped past `kept`: a move changes a panel or two, and the rest are pasted as they
    were. The render threads share them, hence the lock."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._tiles: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
        """The tile kept for `key`, or `draw()`'s, kept from now on."""
        with self._lock:
            tile = self._tiles.get(key)
            if tile is not None:
                self._tiles.move_to_end(key)
                return tile
        tile = draw()
        with self._lock:
            self._tiles[key] = tile
            while len(self._tiles) > self.kept:
                self._tiles.popitem(last=False)
        return tile

    def clear(self) -> None:
        with self._lock:
            self._tiles.clear()

    def __len__(self) -> int:
        return len(self._tiles)


_encoding = threading.local()


def on_encode(callback: Callable[[], None] | None) -> None:
    """Have the next `to_png` in this thread call `callback` as it starts encoding: the
    drawing is done, and what follows runs mostly without the GIL (bot/drawing.py)."""
    _encoding.callback = callback


def to_png(
    img: Image.Image,
    *,
    palette: bool = True,
    reserve: Sequence[Color] | None = None,
    compress_level: int = 1,
    key: str | None = None,
    source: Callable[[], Image.Image] | None = None,
) -> bytes:
    """Encode a canvas as PNG bytes.

    By default the image is reduced to 256 colours: `reserve` colours (the felt
    shades and named colours unless given) plus an octree palette of the rest,
    mapped without dithering. For flat table art that keeps the look and makes
    files about four times smaller. With a `key` (e.g. "moleicki.table") and a
    `source` (a callable returning a sample sheet of that picture's art, see
    `palette_sheet`) the palette is learnt once from the sample and reused.
    Deflate level 1 is nearly as small as the default and about twice as fast; the file
    is written by renderers/png.py (ISA-L's deflate, a large picture in two bands at once).
    `palette=False` keeps full colour.
    """
    drawn()
    if palette:
        keep = _kept_colours(reserve)
        if (key is None or source is None) and img.mode != "RGB":
            img = img.convert("RGB")  # the palette is learnt from this picture's own colours
        return palette_png(img, _palette(img, keep, key, source), compress_level)
    if img.mode != "RGB":
        img = img.convert("RGB")
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()


def drawn() -> None:
    """The picture being made in this thread is drawn: what is left (mapping, deflating)
    runs mostly without the GIL, so a render waiting on it may start (see `on_encode`)."""
    callback = getattr(_encoding, "callback", None)
    if callback is not None:
        _encoding.callback = None
        callback()


def _kept_colours(reserve: Sequence[Color] | None = None) -> list[Color]:
    return list(dict.fromkeys([*named_colours(), *(felt_shades() if reserve is None else reserve)]))[:128]


# Pictures made of kept parts can be put together on their palette rather than in full
# colour: a part is mapped once, when it is drawn, and pasted mapped (a byte a pixel)
# after that, so a render maps only what it drew anew. A pixel maps to the same index
# wherever it is, so the file is the one `to_png` makes of the whole canvas.


def palette_of(key: str, source: Callable[[], Image.Image]) -> Image.Image:
    """The `P` reference image `to_png(..., key=key, source=source)` maps onto."""
    return _palette(None, _kept_colours(), key, source)


def on_palette(img: Image.Image, ref: Image.Image) -> Image.Image:
    """`img` (RGB or opaque RGBA) mapped onto `ref`'s palette, as `to_png` maps it."""
    return mapped(img, ref)
