"""Shared drawing for the two solitaires (renderers/klondike.py, renderers/freecell.py).

Both tables are drawn the same way: a header with the game, deal and move counter,
a top row of piles (free cells or stock and waste, and the four foundations), and
the tableau columns below, every pile tagged with the letter or number a player
types in a move (`1`..`8`, `a`..`d`, `f`, `w`, `s`). Cards are the large sprites of
renderers/cards.py with a second suit mark in the top right corner, so a card
overlapped down to its top strip still shows rank *and* suit. A column keeps a
comfortable overlap while short and tightens as it grows; only when even the
tightest overlap would not fit does the picture grow taller.

Everything here reads the view dict only (see engine/solitaire.py `_view_common`);
face-down cards arrive as None and are drawn as backs.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderers.cards import back_image, card_image, card_size, paste_card, slot_image
from renderers.draw import (
    BLACK_SUIT,
    CREAM,
    GOLD,
    MUTED,
    PANEL,
    RED_SUIT,
    WHITE,
    Color,
    KeptTiles,
    ellipsize,
    felt,
    felt_patch,
    font,
    palette_sheet,
    paste_suit,
    rounded_box,
    suit_mask,
    text,
    text_size,
    to_png,
)
from renderers.endings import banner_height, final_alt, final_banner, final_of

__all__ = [
    "BASE_HEIGHT",
    "CARD",
    "CARD_H",
    "CARD_W",
    "COLUMNS_Y",
    "COL_TAG_Y",
    "DOWN_STEP",
    "MIN_STEP",
    "PIP_BOX",
    "PREF_STEP",
    "SUITS",
    "TOP_TAG_Y",
    "TOP_Y",
    "WIDTH",
    "Layout",
    "alt_card",
    "alt_columns",
    "alt_foundations",
    "alt_status",
    "banner",
    "canvas_for",
    "column_offsets",
    "column_tags",
    "column_xs",
    "count_badge",
    "draw_column",
    "draw_columns",
    "draw_foundations",
    "face",
    "finish",
    "header",
    "home_count",
    "layout",
    "paste_face",
    "pile_tag",
    "status_banner",
    "warm",
]

# ---------------------------------------------------------------------------
# Layout constants (px). Tests sample pixels through these: keep them the truth.
# ---------------------------------------------------------------------------

CARD = "large"
CARD_W, CARD_H = card_size(CARD)
WIDTH = 1000
BASE_HEIGHT = 924  # the picture keeps this size unless a column can't fit (14 cards do)
HEADER_H = 50
TAG_H = 28
_TAG_PX = 24  # pile names are what players type: keep them readable on a phone
TOP_TAG_Y = HEADER_H + 8  # pile tags of the top row
TOP_Y = TOP_TAG_Y + TAG_H + 4  # top of the free cells / stock / foundations
COL_TAG_Y = TOP_Y + CARD_H + 10  # column number tags
COLUMNS_Y = COL_TAG_Y + TAG_H + 4  # top of the tableau columns
BOTTOM_PAD = 14

PREF_STEP = round(CARD_H * 0.3)  # overlap of face-up cards in a short column
MIN_STEP = 35  # tightest overlap that still shows the whole index strip (rank and suit)
DOWN_STEP = round(CARD_H * 0.1)  # face-down cards need to show only that they are there

SUITS = ("S", "H", "D", "C")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_CARD_FACE: Color = (253, 252, 248)  # renderers/cards.py's face colour
_INDEX_PX = 34  # rank text size on a solitaire face
_PIP_PX = 27  # suit mark size beside it

# Where the suit mark of the index strip sits on a face (x0, y0, x1, y1), for tests too.
PIP_BOX = (CARD_W - 7 - _PIP_PX, 4, CARD_W - 7, 4 + _PIP_PX)

_TAG_BG: Color = (12, 30, 22, 200)
_TAG_FG: Color = (250, 226, 160)
_SLOT_SUIT: Color = (92, 140, 116)
_STUCK: Color = (236, 120, 96)


@dataclass(frozen=True)
class Layout:
    """Where the piles go: the left x of each column, the picture's height and the
    band kept under the columns for a result banner (0 while the game runs)."""

    xs: tuple[int, ...]
    height: int
    banner: int = 0

    @property
    def room(self) -> int:
        """Height available to a column, from COLUMNS_Y to the banner or bottom margin."""
        return self.height - COLUMNS_Y - BOTTOM_PAD - self.banner


def column_xs(n: int) -> tuple[int, ...]:
    """Left edges of n columns spread evenly across the picture."""
    gap = (WIDTH - n * CARD_W) // (n + 1)
    pad = (WIDTH - n * CARD_W - (n - 1) * gap) // 2
    return tuple(pad + i * (CARD_W + gap) for i in range(n))


def layout(columns: Sequence[Sequence[str | None]], view: dict[str, Any] | None = None) -> Layout:
    """The picture fitted to its content: as tall as the longest column at the easy
    overlap, up to BASE_HEIGHT (longer columns tighten first), taller only if even the
    tightest overlap needs it; plus a band for the result once the game has ended."""
    easy = max((_column_extent(c, 10**6) for c in columns), default=CARD_H)
    tight = max((_column_extent(c, None) for c in columns), default=CARD_H)
    need = max(tight, min(easy, BASE_HEIGHT - COLUMNS_Y - BOTTOM_PAD))
    result = _result(view) if view is not None else None
    band = banner_height(result, WIDTH) + 12 if result else 0
    return Layout(column_xs(len(columns)), COLUMNS_Y + need + BOTTOM_PAD + band, band)


# ---------------------------------------------------------------------------
# Cards: the large sprite with a suit mark in the top-right corner too
# ---------------------------------------------------------------------------


@functools.cache
def face(code: str) -> Image.Image:
    """The card as drawn in a solitaire (cached, read-only): a big rank top left and
    its suit top right, both inside the top INDEX_H px.

    The standard sprite stacks a small suit under the rank, which a tight overlap
    cuts in half; here the corner is cleared and redrawn as one strip, so a card
    overlapped down to MIN_STEP still shows rank and suit at a size a phone can read.
    """
    img = card_image(code, CARD).copy()
    rank, suit = code[:-1], code[-1]
    colour = RED_SUIT if suit in "HD" else BLACK_SUIT
    d = ImageDraw.Draw(img)
    # Clear the old index (rank over pip) down to just above the centre art.
    clear_w = round(CARD_W * (0.34 if rank == "10" else 0.285))
    d.rectangle((3, 3, clear_w, round(CARD_H * 0.365)), fill=_CARD_FACE)
    size = _INDEX_PX - (4 if rank == "10" else 0)
    top = font(size, True).getbbox(rank, anchor="ls")[1]  # cap top above the baseline (negative)
    text(d, (8, 4 - top), rank, size, colour, bold=True, anchor="ls")
    px = _PIP_PX
    img.paste(colour[:3], PIP_BOX[:2], suit_mask(suit, px))
    return img


def paste_face(canvas: Image.Image, code: str | None, xy: tuple[int, int], *, shadow: bool = True) -> None:
    """A face-up card by code, or a back for None."""
    paste_card(canvas, back_image(CARD) if code is None else face(code), xy, shadow=shadow)


# ---------------------------------------------------------------------------
# Columns
# ---------------------------------------------------------------------------


def _face_down(cards: Sequence[str | None]) -> int:
    n = 0
    while n < len(cards) and cards[n] is None:
        n += 1
    return n


def _up_step(cards: Sequence[str | None], room: int | None) -> int:
    """The overlap of face-up cards: PREF_STEP, tightened to fit `room`, never below MIN_STEP."""
    down = _face_down(cards)
    up = len(cards) - down
    if up <= 1 or room is None:
        return MIN_STEP if room is None else PREF_STEP
    fit = (room - CARD_H - down * DOWN_STEP) // (up - 1)
    return max(MIN_STEP, min(PREF_STEP, fit))


def column_offsets(cards: Sequence[str | None], room: int | None) -> list[int]:
    """The y offset of each card in a column (bottom card first) given `room` px of height.

    Face-down cards sit DOWN_STEP apart; face-up ones PREF_STEP apart, tightened
    evenly so the column fits `room`, but never below MIN_STEP (room=None asks for
    the tightest layout).
    """
    down = _face_down(cards)
    step = _up_step(cards, room)
    offsets = []
    y = 0
    for i in range(len(cards)):
        offsets.append(y)
        y += DOWN_STEP if i < down else step
    return offsets


def _column_extent(cards: Sequence[str | None], room: int | None) -> int:
    if not cards:
        return CARD_H
    return column_offsets(cards, room)[-1] + CARD_H


def draw_column(
    canvas: Image.Image, cards: Sequence[str | None], x: int, y: int, room: int, empty_mark: str = ""
) -> int:
    """Draw one column from its bottom card; an empty column is a slot (with a faint mark).

    Returns the bottom edge of the column's last card.
    """
    if not cards:
        paste_card(canvas, slot_image(CARD), (x, y), shadow=False)
        if empty_mark:
            text(
                ImageDraw.Draw(canvas),
                (x + CARD_W / 2, y + CARD_H / 2),
                empty_mark,
                44,
                _SLOT_SUIT,
                bold=True,
                anchor="mm",
            )
        return y + CARD_H
    offsets = column_offsets(cards, room)
    for code, dy in zip(cards, offsets, strict=True):
        paste_face(canvas, code, (x, y + dy))
    return y + offsets[-1] + CARD_H


# ---------------------------------------------------------------------------
# Header, tags, foundations, banners
# ---------------------------------------------------------------------------


def header(canvas: Image.Image, title: str, detail: str, moves: int, extra: str = "") -> None:
    """The strip across the top: game name, deal details, and the move counter."""
    d = ImageDraw.Draw(canvas)
    w = canvas.width
    rounded_box(canvas, (12, 6, w - 12, HEADER_H), 14, fill=PANEL)
    cy = (6 + HEADER_H) / 2 + 2
    text(d, (28, cy), title, 30, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    x = 28 + text_size(title, 30, True)[0] + 16
    right = f"Move {moves}"
    rw = text_size(right, 28, True)[0]
    text(d, (w - 28, cy), right, 28, CREAM, bold=True, anchor="rm")
    room = w - 28 - rw - 20 - x
    if extra:
        ew = min(text_size(extra, 21)[0], room // 2)
        text(d, (w - 28 - rw - 18, cy), ellipsize(extra, 21, ew), 21, MUTED, anchor="rm")
        room -= ew + 18
    text(d, (x, cy), ellipsize(detail, 24, room), 24, CREAM, anchor="lm")


def pile_tag(canvas: Image.Image, cx: float, y: int, label: str, *, note: str = "") -> None:
    """A small dark pill naming a pile as the notation does ("3", "a", "f", "w", "s")."""
    d = ImageDraw.Draw(canvas)
    lw = text_size(label, _TAG_PX, True)[0]
    nw = text_size(note, 20)[0] + 8 if note else 0
    w = max(TAG_H + 8, lw + 20 + nw)
    x0 = round(cx - w / 2)
    rounded_box(canvas, (x0, y, x0 + w, y + TAG_H), TAG_H // 2, fill=_TAG_BG)
    text(d, (x0 + 10 + lw / 2 if note else cx, y + TAG_H / 2 + 1), label, _TAG_PX, _TAG_FG, bold=True, anchor="mm")
    if note:
        text(d, (x0 + 10 + lw + 6, y + TAG_H / 2 + 1), note, 20, MUTED, anchor="lm")


def draw_foundations(canvas: Image.Image, foundations: dict[str, int], xs: Sequence[int], y: int) -> None:
    """Four foundations, spades hearts diamonds clubs: the top card, or a slot with the suit."""
    for suit, x in zip(SUITS, xs, strict=True):
        pile_tag(canvas, x + CARD_W / 2, TOP_TAG_Y, "f")
        top = int(foundations.get(suit, 0) or 0)
        if top:
            paste_face(canvas, _RANKS[min(top, 13) - 1] + suit, (x, y))
        else:
            paste_card(canvas, slot_image(CARD), (x, y), shadow=False)
            paste_suit(canvas, suit, (x + CARD_W / 2, y + CARD_H / 2), round(CARD_W * 0.42), _SLOT_SUIT)


def banner(canvas: Image.Image, cy: int, title: str, sub: str, colour: Color = GOLD) -> None:
    """A dark band across the table with a big title and one line under it."""
    final_banner(canvas, {"headline": title, "lines": [sub] if sub else [], "places": None}, cy, colour)


def home_count(view: dict[str, Any]) -> int:
    return sum(int(v or 0) for v in (view.get("foundations") or {}).values())


def _result(view: dict[str, Any]) -> dict[str, Any] | None:
    """The result to show: the bot's `final`, else solved, resigned or stuck in our words."""
    final = final_of(view)
    if final is not None:
        return final
    moves = int(view.get("moves") or 0)
    hints = int(view.get("hints") or 0)
    helped = f" · {hints} hint{'s' if hints != 1 else ''}" if hints else ""
    if view.get("won"):
        return {"headline": "SOLVED!", "lines": [f"All 52 cards home in {moves} moves{helped}"], "places": [1]}
    if view.get("resigned"):
        return {
            "headline": "RESIGNED",
            "lines": [f"{home_count(view)} of 52 cards home after {moves} moves"],
            "places": None,
        }
    if view.get("stuck"):
        return {"headline": "NO USEFUL MOVE LEFT", "lines": ["Undo a move, or resign"], "places": None}
    return None


def status_banner(canvas: Image.Image, view: dict[str, Any], lay: Layout) -> None:
    """The result (the bot's `final`, solved, resigned or stuck) in a band under the
    columns, so the cards a player may want to undo to stay readable."""
    result = _result(view)
    if result is None:
        return
    colour = GOLD
    if final_of(view) is None:
        colour = MUTED if view.get("resigned") else _STUCK if view.get("stuck") and not view.get("won") else GOLD
    cy = lay.height - BOTTOM_PAD - lay.banner // 2
    final_banner(canvas, result, cy, colour)


def finish(canvas: Image.Image, game: str = "solitaire") -> bytes:
    """PNG bytes, with the palette learnt once from `palette_source`."""
    return to_png(canvas, key="solitaire.table", source=palette_source)


def palette_source() -> Image.Image:
    """Sample art both solitaires' palette is learnt from: every face, the back and slot
    on felt, the tags, header, badges and each result band."""
    cards = felt(13 * (CARD_W + 4), 4 * (CARD_H + 8) + CARD_H + 8)
    for i, code in enumerate(r + s for s in SUITS for r in _RANKS):
        paste_face(cards, code, ((i % 13) * (CARD_W + 4), (i // 13) * (CARD_H + 8)))
    paste_face(cards, None, (0, 4 * (CARD_H + 8)))
    paste_card(cards, slot_image(CARD), (CARD_W + 8, 4 * (CARD_H + 8)), shadow=False)
    paste_suit(cards, "S", (CARD_W * 1.5 + 8, 4 * (CARD_H + 8) + CARD_H / 2), round(CARD_W * 0.42), _SLOT_SUIT)
    chrome = felt(WIDTH, 520)
    header(chrome, "FREECELL", "Deal #1 · draw 3", 12, "max run 4")
    for i, label in enumerate("abcdfsw12345678"):
        pile_tag(chrome, 30 + i * 60, 70, label, note="3" if label == "w" else "")
    count_badge(chrome, 40, 130, 24)
    for j, (title, colour) in enumerate((("SOLVED!", GOLD), ("RESIGNED", MUTED), ("NO USEFUL MOVE", _STUCK))):
        final_banner(chrome, {"headline": title, "lines": ["a line"], "places": None}, 210 + j * 125, colour)
    return palette_sheet([cards, chrome])


def canvas_for(lay: Layout) -> Image.Image:
    return felt(WIDTH, lay.height)


def column_tags(canvas: Image.Image, xs: Sequence[int]) -> None:
    for i, x in enumerate(xs):
        pile_tag(canvas, x + CARD_W / 2, COL_TAG_Y, str(i + 1))


# A move changes one or two columns; the others are pasted as last drawn. A column tile is up
# to ~0.25 MB in full colour: 64 hold the columns of 8 tables (FreeCell has 8, Klondike 7).
_columns_kept = KeptTiles(64)


def draw_columns(
    canvas: Image.Image, columns: Sequence[Sequence[str | None]], lay: Layout, empty_mark: str = ""
) -> None:
    """Draw every column, each as a tile reused while that column and the layout stay the same."""
    half = (lay.xs[1] - lay.xs[0] - CARD_W) // 2 if len(lay.xs) > 1 else 8
    for cards, x in zip(columns, lay.xs, strict=True):
        box = (x - half, COLUMNS_Y - 4, x + CARD_W + half, COLUMNS_Y + lay.room + BOTTOM_PAD // 2)
        key = (tuple(cards), box, lay.height, empty_mark)

        def draw(cards: Sequence[str | None] = cards, box: tuple[int, int, int, int] = box) -> Image.Image:
            tile = felt_patch(WIDTH, lay.height, box)
            draw_column(tile, cards, half, 4, lay.room, empty_mark)
            return tile

        tile = _columns_kept.get(key, draw)
        canvas.paste(tile, box[:2])


def draw_common(
    canvas: Image.Image,
    view: dict[str, Any],
    columns: Sequence[Sequence[str | None]],
    lay: Layout,
    foundation_xs: Sequence[int],
    empty_mark: str = "",
) -> Image.Image:
    """What both tables draw after their own top-row piles: the foundations, the column
    tags, the columns and the result banner under them. Returns the canvas."""
    draw_foundations(canvas, view.get("foundations") or {}, foundation_xs, TOP_Y)
    column_tags(canvas, lay.xs)
    draw_columns(canvas, columns, lay, empty_mark)
    status_banner(canvas, view, lay)
    return canvas


def count_badge(canvas: Image.Image, cx: float, cy: float, n: int) -> None:
    """A dark rounded badge with a number (the stock's size)."""
    s = str(n)
    tw = text_size(s, 28, True)[0]
    r = max(22, tw // 2 + 10)
    rounded_box(canvas, (round(cx - r), round(cy - 20), round(cx + r), round(cy + 20)), 20, fill=(16, 16, 20, 238))
    text(ImageDraw.Draw(canvas), (cx, cy + 1), s, 28, WHITE, bold=True, anchor="mm")


# ---------------------------------------------------------------------------
# Alt text pieces (public facts only; face-down cards are never named)
# ---------------------------------------------------------------------------


def alt_card(code: str) -> str:
    return code[:-1] + _SYMBOLS.get(code[-1], code[-1])


def alt_foundations(foundations: dict[str, int]) -> str:
    parts = []
    for suit in SUITS:
        top = int(foundations.get(suit, 0) or 0)
        parts.append(f"{SUIT_WORDS[suit]} {'empty' if not top else 'up to ' + _RANKS[min(top, 13) - 1]}")
    return "Foundations: " + ", ".join(parts) + "."


def alt_columns(columns: Sequence[Sequence[str | None]]) -> str:
    parts = []
    for i, cards in enumerate(columns):
        down = _face_down(cards)
        shown = " ".join(alt_card(c) for c in cards[down:] if c)
        bits = ([f"{down} face down"] if down else []) + ([shown] if shown else [])
        parts.append(f"{i + 1}: {', '.join(bits) if bits else 'empty'}")
    return "Columns, bottom to top: " + "; ".join(parts) + "."


def alt_status(view: dict[str, Any]) -> str:
    final = final_of(view)
    if final is not None:
        return final_alt(final)
    moves = int(view.get("moves") or 0)
    if view.get("won"):
        return f"Solved in {moves} moves."
    if view.get("resigned"):
        return f"Resigned with {home_count(view)} cards home."
    if view.get("stuck"):
        return "No useful move is left."
    return ""


def warm() -> None:
    """Build the 52 faces, back, slot and felt before the first render."""
    for suit in SUITS:
        for rank in _RANKS:
            face(rank + suit)
    back_image(CARD)
    slot_image(CARD)
    felt(WIDTH, BASE_HEIGHT)
    finish(felt(8, 8))  # learns the palette
