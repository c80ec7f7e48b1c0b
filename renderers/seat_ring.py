"""The seat ring: the table layout the round-the-table card games share.

Players sit round an oval (seat 0 at the bottom, then clockwise), each in a panel with
name, card count and a fan of backs; a header carries the title and whose turn it is; a
result banner ends the game; and the hand picture lays a seat's cards in rows, the ones
it may play raised. Jack Change It, Snip Snap Snorem, Bourré, Escoba and Milk Run draw on
these.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import SUIT_NAMES
from renderers.cards import back_image, card_size, paste_card, paste_row
from renderers.draw import (
    CREAM,
    GOLD,
    MUTED,
    PANEL,
    WHITE,
    clean,
    drawable,
    ellipsize,
    felt,
    rounded_box,
    text,
    text_size,
)

__all__ = [
    "DEBT",
    "HAND_W",
    "HEADER_H",
    "OVAL",
    "PAD",
    "SEAT_BOX",
    "TABLE_SIZE",
    "card_words",
    "cut_name",
    "hand_picture",
    "header_status",
    "names_of",
    "ranked_lines",
    "result_banner",
    "ring_chrome",
    "seat_centers",
    "seat_name",
    "seat_panel",
]

TABLE_SIZE = (960, 660)
PAD = 16
HEADER_H = 56
OVAL = (480, 370, 358, 220)  # centre x, centre y, radius x, radius y of the seat ring
SEAT_BOX = (224, 84)
NAME_PX, NAME_MIN_PX = 26, 20  # a seat's name; 20 px bold is 8 px on a phone, the least it reads at
HAND_W = 960
HAND_CARD = "large"
HAND_ROW = 13  # cards per row in the hand picture

TURN = GOLD
DEBT = (214, 48, 48)
SEAT_FILL = (12, 36, 26, 190)
BANNER = (10, 14, 12, 255)  # opaque: the pile under a result must not show through its words


def names_of(view: dict[str, Any], players: int) -> list[str]:
    """Display names for every seat, cleaned for the font; "Player N" where missing."""
    # drawable: a CJK or emoji name sharing a seat number ("王 #2") is no name either
    given = list(drawable(view).get("names") or [])
    out = []
    for seat in range(players):
        raw = given[seat] if seat < len(given) and given[seat] else ""
        out.append(clean(str(raw)) or f"Player {seat + 1}")
    return out


def seat_centers(players: int, oval: tuple[int, int, int, int] = OVAL) -> list[tuple[int, int]]:
    """Seat 0 at the bottom, the next seats going clockwise (to its left) round the oval."""
    cx, cy, rx, ry = oval
    out = []
    for seat in range(players):
        a = math.radians(90 + 360 * seat / players)
        out.append((round(cx + rx * math.cos(a)), round(cy + ry * math.sin(a))))
    return out


def seat_panel(
    canvas: Image.Image, center: tuple[int, int], name: str, count: int, *, to_move: bool, badge: str = ""
) -> tuple[int, int, int, int]:
    """A seat: name, card count and a little fan of backs; gold ring on the seat to move.

    `badge` (e.g. "+4") is drawn as a red pill on the panel's top-right corner. Returns the box.
    """
    w, h = SEAT_BOX
    x0, y0 = center[0] - w // 2, center[1] - h // 2
    box = (x0, y0, x0 + w, y0 + h)
    rounded_box(canvas, box, 14, fill=SEAT_FILL, outline=TURN if to_move else None, width=4)
    d = ImageDraw.Draw(canvas)
    fan = min(count, 3)
    bw, bh = card_size("tiny")
    for i in range(fan):
        paste_card(canvas, back_image("tiny"), (x0 + 10 + i * 5, y0 + (h - bh) // 2), shadow=i == 0)
    tx = x0 + 10 + bw + 5 * 2 + 10
    room = x0 + w - 10 - tx
    if badge:  # its pill covers the panel's top-right corner: the name stops 4 px short of it
        room = min(room, x0 + w + 6 - (text_size(badge, 22, True)[0] + 22) - 4 - tx)
    shown, size = seat_name(name, room)
    text(d, (tx, y0 + 12 + (NAME_PX - size) // 2), shown, size, WHITE if to_move else CREAM, bold=True)
    cards = "no cards" if count == 0 else "1 card" if count == 1 else f"{count} cards"
    text(d, (tx, y0 + 48), cards, 22, GOLD if to_move else MUTED)
    if badge:
        bw2 = text_size(badge, 22, True)[0] + 22
        bx1, by0 = x0 + w + 6, y0 - 12
        rounded_box(canvas, (bx1 - bw2, by0, bx1, by0 + 32), 16, fill=DEBT, outline=WHITE, width=2)
        text(d, (bx1 - bw2 / 2, by0 + 16), badge, 22, WHITE, bold=True, anchor="mm")
    return box


def seat_name(name: str, room: int) -> tuple[str, int]:
    """A seat panel's name and its size: smaller for a long name, down to what a phone
    still reads; past that cut with "…", keeping a seat number ("Bartholomew F… #2")
    so seats sharing a name stay apart."""
    for size in range(NAME_PX, NAME_MIN_PX - 1, -2):
        if text_size(name, size, True)[0] <= room:
            return name, size
    return cut_name(name, NAME_MIN_PX, room, True), NAME_MIN_PX


def cut_name(name: str, size: int, room: int, bold: bool = False) -> str:
    """`name` cut with "…" to fit `room` px, a seat number at its end kept ("Bartholomew
    F… #2"): seats sharing a long name stay apart."""
    head, sep, number = name.rpartition(" #")
    if not (sep and head and number.isdigit()) or text_size(name, size, bold)[0] <= room:
        return ellipsize(name, size, room, bold)
    tail = sep + number
    return ellipsize(head, size, room - text_size(tail, size, bold)[0], bold) + tail


def result_banner(
    canvas: Image.Image, headline: str, lines: Sequence[str], center: tuple[int, int], width: int
) -> None:
    """A dark gold-edged panel with the result headline and the places under it."""
    room = width - 36
    shown = _wrapped([clean(str(line)) for line in lines], room)
    height = 84 + 32 * len(shown)
    x0, y0 = center[0] - width // 2, center[1] - height // 2
    rounded_box(canvas, (x0, y0, x0 + width, y0 + height), 18, fill=BANNER, outline=GOLD, width=3)
    d = ImageDraw.Draw(canvas)
    size, title = _headline_fit(clean(headline), room)
    text(d, (center[0], y0 + 44), title, size, GOLD, bold=True, anchor="mm")
    for i, line in enumerate(shown):
        text(d, (center[0], y0 + 92 + 32 * i), ellipsize(line, 24, room), 24, CREAM, anchor="mm")


def _headline_fit(headline: str, room: int) -> tuple[int, str]:
    """The headline's size, smaller for a long name; past that its names are cut, never
    the verb ("Bartholomew Fair… wins.", not "Bartholomew Fairweather w…")."""
    size = 40
    while size > 28 and text_size(headline, size, True)[0] > room:
        size -= 4
    if text_size(headline, size, True)[0] <= room:
        return size, headline
    who, sep, verb = headline.rpartition(" win")
    if not sep:
        return size, ellipsize(headline, size, room, True)
    tail = sep + verb
    return size, ellipsize(who, size, room - text_size(tail, size, True)[0], True) + tail


def _wrapped(lines: list[str], room: int, most: int = 8) -> list[str]:
    """Lines too wide for the banner broken at their joins (" · " between places, then ", "
    between the names sharing one), so no place is cut off: eight rows hold eight places."""
    out: list[str] = []
    for line in lines:
        out += _broken(line, " · ", room, lambda part: _broken(part, ", ", room, lambda name: [name]))
    return out[:most]


def _broken(line: str, join: str, room: int, further: Any) -> list[str]:
    """`line` in rows of whole `join`-separated parts within `room`; a part wider than
    `room` alone is broken `further`."""
    rows: list[str] = []
    row = ""
    comma = "," if join == ", " else ""  # names go on after a comma: it must fit too
    for part in line.split(join):
        trial = f"{row}{join}{part}" if row else part
        if text_size(trial + comma, 24)[0] <= room:
            row = trial
            continue
        if row:
            rows.append(row + comma)
        if text_size(part + comma, 24)[0] <= room:
            row = part
            continue
        rows += further(part)  # a place broken over rows ends its last row: the next starts anew
        row = ""
    return [*rows, row] if row else rows


def ranked_lines(final: dict[str, Any], names: list[str]) -> list[str]:
    """The bot's final places as at most three lines, seats sharing a place on one line
    ("2. dave, hal"), so a ranking of eight still fits the result banner."""
    places = final.get("places")
    lines = [str(x) for x in final.get("lines") or []]
    if not isinstance(places, list) or len(places) != len(names) or len(lines) <= 3:
        return lines
    if not all(isinstance(p, int) for p in places):
        return lines
    groups = [(p, [names[i] for i, q in enumerate(places) if q == p]) for p in sorted(set(places))]
    out = [f"{p}. {', '.join(who)}" for p, who in groups]
    return [*out[:2], " · ".join(out[2:])] if len(out) > 3 else out


@functools.cache
def ring_chrome(title: str) -> Image.Image:
    """Felt, header panel and the game's title: the same in every render of a seat-ring table."""
    canvas = felt(*TABLE_SIZE)
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (PAD, 6, TABLE_SIZE[0] - PAD, HEADER_H), 14, fill=PANEL)
    text(d, (PAD + 18, HEADER_H / 2 + 4), title, 30, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    return canvas


def header_status(d: ImageDraw.ImageDraw, status: str, width: int, names: Sequence[str] = ()) -> None:
    """Whose turn it is, at the right of the header. A long name in it is cut first, so
    what follows it ("stay in or fold?") still shows."""
    for name in sorted({n for n in names if n and n in status}, key=len, reverse=True):
        if text_size(status, 24)[0] <= width:
            break
        rest = text_size(status.replace(name, ""), 24)[0]
        status = status.replace(name, cut_name(name, 24, max(80, width - rest)))
    text(d, (TABLE_SIZE[0] - PAD - 18, HEADER_H / 2 + 4), ellipsize(status, 24, width), 24, CREAM, anchor="rm")


_RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def card_words(card: str) -> str:
    """`7 of hearts`: the picture font has no suit glyphs, so text spells suits out."""
    r, s = card[:-1], card[-1]
    return f"{_RANK_WORDS.get(r, r)} of {SUIT_NAMES.get(s, s)}"


def hand_picture(
    view: dict[str, Any],
    ok: list[bool],
    hint: str,
    corner: Callable[[Image.Image, ImageDraw.ImageDraw], None] | None = None,
    sub_width: int = 300,
) -> Image.Image:
    """A seat's cards in rows under a YOUR HAND header and a hint, the playable ones raised;
    `corner` draws what the game shows at the header's right (the upcard, the rank to match)."""
    players = int(view.get("players") or len(view.get("hand_sizes") or []) or 2)
    names = names_of(view, players)
    hand = [str(c) for c in view.get("hand") or []]
    rows = [hand[i : i + HAND_ROW] for i in range(0, len(hand), HAND_ROW)] or [[]]
    ch = card_size(HAND_CARD)[1]
    lift = ch // 5
    top = 84 + 40 + lift
    row_h = ch + lift + 12
    canvas = felt(HAND_W, top + row_h * len(rows) + 4)
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (PAD, 6, HAND_W - PAD, 74), 14, fill=PANEL)
    text(d, (PAD + 18, 40), "YOUR HAND", 28, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    seat = view.get("seat")
    sub = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    if isinstance(seat, int) and 0 <= seat < players:
        sub = f"{names[seat]} - {sub}"
    sx = PAD + 18 + text_size("YOUR HAND", 28, True)[0] + 16
    text(d, (sx, 40), ellipsize(sub, 22, sub_width), 22, MUTED, anchor="lm")
    if corner is not None:
        corner(canvas, d)
    text(d, (HAND_W / 2, 102), ellipsize(hint, 24, HAND_W - 60), 24, CREAM, anchor="mm")
    if not hand:
        text(d, (HAND_W / 2, top + ch / 2), "No cards left", 28, CREAM, anchor="mm")
    start = 0
    for r, row in enumerate(rows):
        raised = [i for i, _ in enumerate(row) if ok[start + i]]
        xy = (HAND_W // 2, top + r * row_h)
        paste_row(canvas, row, xy, HAND_CARD, gap=8, max_width=HAND_W - 40, align="center", raised=raised)
        start += len(row)
    return canvas
