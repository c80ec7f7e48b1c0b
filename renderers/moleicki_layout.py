"""Moleicki pictures, shared part: the table's geometry, colours, view helpers and
small drawing pieces (tags, badges, seat discs, cards written as words).

Seats are numbered from 0 and good discard and tableau piles from 1, as in the
action notation, so `give 2 to 3` and `next 1` can be read off the picture. Sizes
are chosen for a phone: the table is 960 px wide and is shown about 380 px wide,
so nothing a player must read is set under ~22 px.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import rank
from engine.moleicki_vectors import STRENGTH
from renderers.draw import INK, WHITE, Color, clean, paste_suit, rounded_box, text, text_size

# ---------------------------------------------------------------------------
# Geometry (px). Tests sample pixels through these, so keep them the truth.
# ---------------------------------------------------------------------------

TABLE_W = 960
PAD = 16
HEADER_H = 58
CENTRE_Y = HEADER_H + 10  # top of the centre band
CENTRE_H = 330
STRIP_Y = CENTRE_Y + CENTRE_H + 10
STRIP_H = 44
GRID_Y = STRIP_Y + STRIP_H + 14  # top of the player grid
GRID_GAP = 10
COLUMNS = 2
PANEL_W = (TABLE_W - 2 * PAD - GRID_GAP) // COLUMNS
PANEL_HEAD = 48  # the name row of a player panel
HAND_COL_W = 64  # the little fan of backs and the hand count
TABLEAU_DX = 10 + HAND_COL_W + 12  # from a panel's left edge to its tableau
TABLEAU_ROOM = PANEL_W - TABLEAU_DX - 10  # width a tableau may take in a panel

VECTOR_X, VECTOR_W = PAD, 272
PILE_X, PILE_W = PAD + VECTOR_W + 10, 340
SIDE_X = PILE_X + PILE_W + 10
SIDE_W = TABLE_W - PAD - SIDE_X
RING_R = 50

PILE_SHOWN = 5  # top cards of the centre pile fanned out
GOOD_SHOWN = 8  # good discard piles drawn (the rest are counted)
PILE_CARD = "large"

HAND_W = 960
HAND_CARD = "large"

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
LABEL = (222, 236, 226)
DIM = (150, 175, 160)
RED = (214, 58, 58)
RED_DARK = (120, 24, 30)
AARGH = (120, 70, 160)
TILE = (238, 232, 214)
LOW_LABEL = (150, 200, 240)
DARK_PILE = (30, 30, 34)
MAT = (8, 30, 20, 90)  # the darker mat under a tableau


def panel_box(seat: int, panel_h: int) -> tuple[int, int, int, int]:
    """The (x0, y0, x1, y1) of a seat's panel on a table whose panels are `panel_h` tall."""
    row, col = divmod(seat, COLUMNS)
    x0 = PAD + col * (PANEL_W + GRID_GAP)
    y0 = GRID_Y + row * (panel_h + GRID_GAP)
    return x0, y0, x0 + PANEL_W, y0 + panel_h


def grid_height(players: int, panel_h: int) -> int:
    """The whole table's height for this many players and panel height."""
    rows = -(-max(1, players) // COLUMNS)
    return GRID_Y + rows * panel_h + (rows - 1) * GRID_GAP + PAD


# ---------------------------------------------------------------------------
# View helpers
# ---------------------------------------------------------------------------


def players_of(view: dict[str, Any]) -> int:
    return max(1, min(8, int(view.get("players") or len(view.get("hands") or []) or 2)))


def names_of(view: dict[str, Any], drawable: bool = True) -> list[str]:
    """Display names per seat; `drawable` keeps only what the face can draw."""
    given = list(view.get("names") or [])
    out = []
    for seat in range(players_of(view)):
        raw = str(given[seat]).strip() if seat < len(given) and given[seat] else ""
        out.append((clean(raw) if drawable else " ".join(raw.split())) or f"Player {seat}")
    return out


def seats(view: dict[str, Any], key: str) -> set[int]:
    return {int(s) for s in view.get(key) or [] if s is not None}


def per_seat(view: dict[str, Any], key: str) -> list[Any]:
    vals = list(view.get(key) or [])
    return vals + [None] * (players_of(view) - len(vals))


def reason(view: dict[str, Any], names: Sequence[str]) -> str:
    """The engine's reason with its `{pN}` seat placeholders filled in."""
    raw = str(view.get("reason") or "")

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return names[seat] if seat < len(names) else f"seat {seat}"

    return re.sub(r"\{p(\d+)\}", name, raw)


def vector_of(view: dict[str, Any]) -> str:
    vector = str(view.get("vector") or "up")
    return vector if vector in STRENGTH else "up"


def rank_steps(vector: str) -> list[list[str]]:
    """The vector's ordinary ranks from low to high; equal ranks share a step."""
    table = STRENGTH.get(vector, STRENGTH["up"])
    steps: dict[int, list[str]] = {}
    for r, s in table.items():
        steps.setdefault(s, []).append(r)
    face = ("3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A")
    return [sorted(steps[s], key=face.index) for s in sorted(steps)]


def live(view: dict[str, Any]) -> tuple[list[str], int]:
    """The centre pile and how many of its bottom cards lie under a reset."""
    pile = [str(c) for c in view.get("pile") or []]
    base = int(view.get("pile_base") or 0)
    return pile, min(base, len(pile))


# ---------------------------------------------------------------------------
# Small drawing pieces
# ---------------------------------------------------------------------------


def pill(canvas: Image.Image, x: int, y: int, s: str, size: int, bg: Color, fg: Color) -> int:
    """A rounded tag with text; (x, y) is its top-left. Returns its right edge."""
    h, w = size + 10, pill_w(s, size)
    rounded_box(canvas, (x, y, x + w, y + h), h // 2, fill=bg)
    text(canvas, (x + w / 2, y + h / 2), s, size, fg, bold=True, anchor="mm")
    return x + w


def pill_w(s: str, size: int) -> int:
    return text_size(s, size, True)[0] + 18


def badge(canvas: Image.Image, cx: float, cy: float, n: int | str, size: int = 22) -> None:
    """A dark rounded count badge centred on (cx, cy)."""
    s = str(n)
    tw, _ = text_size(s, size, True)
    r = max(size // 2 + 6, tw // 2 + 8)
    half = size // 2 + 5
    rounded_box(canvas, (cx - r, cy - half, cx + r, cy + half), half, fill=(20, 20, 24, 215))
    text(canvas, (cx, cy), s, size, WHITE, bold=True, anchor="mm")


def seat_disc(canvas: Image.Image, cx: int, cy: int, seat: int, r: int = 15) -> None:
    d = ImageDraw.Draw(canvas)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SEAT_COLOURS[seat % len(SEAT_COLOURS)])
    text(canvas, (cx, cy), str(seat), r + 5, INK, bold=True, anchor="mm")


def card_words(canvas: Image.Image, x: float, cy: float, card: str, size: int, fill: Color) -> float:
    """A card written as rank and suit symbol (`7♣`, red suits in red); returns the right edge."""
    r = rank(card)
    label = {"JK": "Joker", "25": "25"}.get(r, r)
    text(canvas, (x, cy), label, size, fill, bold=True, anchor="lm")
    x += text_size(label, size, True)[0] + 1
    if len(card) >= 2 and card[-1] in "SHDC" and r not in ("JK", "25"):
        px = round(size * 0.8)
        colour = (235, 90, 90) if card[-1] in "HD" else fill
        paste_suit(canvas, card[-1], (x + px / 2, cy), px, colour)
        x += px + 2
    return x


def card_words_w(card: str, size: int) -> int:
    r = rank(card)
    label = {"JK": "Joker", "25": "25"}.get(r, r)
    w = text_size(label, size, True)[0] + 1
    if r not in ("JK", "25"):
        w += round(size * 0.8) + 2
    return w


def wrap(s: str, size: int, width: int, bold: bool = True) -> list[str]:
    words, lines, line = s.split(), [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if line and text_size(trial, size, bold)[0] > width:
            lines.append(line)
            line = w
        else:
            line = trial
    return [*lines, line] if line else lines
