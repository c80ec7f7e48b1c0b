"""Jack Change It pictures: the public table, a player's hand, and alt text.

Built from the view dicts of engine/jack_change_it.py (plus `names`, added by the bot).

- `render_table(view)` seats the players round an oval (name, card count, a little fan of
  backs; the seat to move ringed in gold, with a red "+4" badge when it owes cards), and
  in the middle the stock, the discard pile with the upcard large, a badge for the suit a
  jack called and an arrow for the direction of play. It never draws a hand.
- `render_hand(view)` draws the viewer's hand sorted by suit then rank, the cards it may
  play now raised.
- `alt_text(view)` describes public facts only.

The seat-ring helpers (`seat_centers`, `seat_panel`, `result_banner`, `names_of`) are
shared with the Snip Snap Snorem renderer.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import STANDARD_DECK, SUIT_NAMES, pretty
from engine.jack_change_it import FIVE_OF_HEARTS, is_trick, match_set
from renderers.cards import back_image, card_image, card_size, paste_card, paste_row, sprite_sheet
from renderers.draw import (
    BLACK_SUIT,
    CREAM,
    GOLD,
    MUTED,
    PANEL,
    RED_SUIT,
    WHITE,
    Color,
    clean,
    ellipsize,
    felt,
    paste_suit,
    rounded_box,
    text,
    text_size,
    to_png,
)

__all__ = [
    "DEBT",
    "HAND_W",
    "PILE_XY",
    "SEAT_BOX",
    "TABLE_SIZE",
    "alt_text",
    "card_words",
    "names_of",
    "playable",
    "render_hand",
    "render_table",
    "result_banner",
    "seat_centers",
    "seat_panel",
]

# ---------------------------------------------------------------------------
# Layout (px). Tests sample pixels through these, so keep them the truth.
# ---------------------------------------------------------------------------

TABLE_SIZE = (960, 660)
_PAD = 16
_HEADER_H = 56
_OVAL = (480, 370, 358, 220)  # centre x, centre y, radius x, radius y of the seat ring
SEAT_BOX = (224, 84)
PILE_XY = (480 - card_size("large")[0] // 2, 296)  # top-left of the upcard
_STOCK_XY = (PILE_XY[0] - 150, PILE_XY[1] + 18)
HAND_W = 960
_HAND_CARD = "large"
_HAND_ROW = 13  # cards per row in the hand picture

_TURN = GOLD
_DEBT = (214, 48, 48)
_LABEL = (222, 236, 226)
_SEAT_FILL = (12, 36, 26, 190)
_BANNER = (10, 14, 12, 235)


# ---------------------------------------------------------------------------
# Shared seat-ring helpers
# ---------------------------------------------------------------------------


def names_of(view: dict[str, Any], players: int) -> list[str]:
    """Display names for every seat, cleaned for the font; "Player N" where missing."""
    given = list(view.get("names") or [])
    out = []
    for seat in range(players):
        raw = given[seat] if seat < len(given) and given[seat] else ""
        out.append(clean(str(raw)) or f"Player {seat + 1}")
    return out


def seat_centers(players: int, oval: tuple[int, int, int, int] = _OVAL) -> list[tuple[int, int]]:
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
    rounded_box(canvas, box, 14, fill=_SEAT_FILL, outline=_TURN if to_move else None, width=4)
    d = ImageDraw.Draw(canvas)
    fan = min(count, 3)
    bw, bh = card_size("tiny")
    for i in range(fan):
        paste_card(canvas, back_image("tiny"), (x0 + 10 + i * 5, y0 + (h - bh) // 2), shadow=i == 0)
    tx = x0 + 10 + bw + 5 * 2 + 10
    room = x0 + w - 10 - tx
    text(d, (tx, y0 + 12), ellipsize(name, 26, room, bold=True), 26, WHITE if to_move else CREAM, bold=True)
    cards = "no cards" if count == 0 else "1 card" if count == 1 else f"{count} cards"
    text(d, (tx, y0 + 48), cards, 22, GOLD if to_move else MUTED)
    if badge:
        bw2 = text_size(badge, 22, True)[0] + 22
        bx1, by0 = x0 + w + 6, y0 - 12
        rounded_box(canvas, (bx1 - bw2, by0, bx1, by0 + 32), 16, fill=_DEBT, outline=WHITE, width=2)
        text(d, (bx1 - bw2 / 2, by0 + 16), badge, 22, WHITE, bold=True, anchor="mm")
    return box


def result_banner(
    canvas: Image.Image, headline: str, lines: Sequence[str], center: tuple[int, int], width: int
) -> None:
    """A dark gold-edged panel with the result headline and up to three lines."""
    shown = [clean(str(line)) for line in lines][:3]
    height = 84 + 32 * len(shown)
    x0, y0 = center[0] - width // 2, center[1] - height // 2
    rounded_box(canvas, (x0, y0, x0 + width, y0 + height), 18, fill=_BANNER, outline=GOLD, width=3)
    d = ImageDraw.Draw(canvas)
    room = width - 36
    text(d, (center[0], y0 + 44), ellipsize(clean(headline), 40, room, True), 40, GOLD, bold=True, anchor="mm")
    for i, line in enumerate(shown):
        text(d, (center[0], y0 + 92 + 32 * i), ellipsize(line, 24, room), 24, CREAM, anchor="mm")


def _final(view: dict[str, Any], names: list[str], reason: str) -> tuple[str, list[str]] | None:
    """(headline, lines) once the game is over: the bot's `final` if given, else from the view."""
    final = view.get("final")
    if isinstance(final, dict):
        return str(final.get("headline") or "Game over"), [str(x) for x in final.get("lines") or []]
    if not view.get("over"):
        return None
    winner = view.get("winner")
    if isinstance(winner, int) and 0 <= winner < len(names):
        return f"{names[winner]} wins!", [reason]
    return "Game over", [reason]


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------


def _players(view: dict[str, Any]) -> int:
    return max(2, min(6, int(view.get("players") or len(view.get("hand_sizes") or []) or 2)))


@functools.cache
def ring_chrome(title: str) -> Image.Image:
    """Felt, header panel and the game's title: the same in every render of a seat-ring table."""
    canvas = felt(*TABLE_SIZE)
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (_PAD, 6, TABLE_SIZE[0] - _PAD, _HEADER_H), 14, fill=PANEL)
    text(d, (_PAD + 18, _HEADER_H / 2 + 4), title, 30, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    return canvas


def header_status(d: ImageDraw.ImageDraw, status: str, width: int) -> None:
    """Whose turn it is, at the right of the header."""
    text(d, (TABLE_SIZE[0] - _PAD - 18, _HEADER_H / 2 + 4), ellipsize(status, 24, width), 24, CREAM, anchor="rm")


def _status(view: dict[str, Any], names: list[str]) -> str:
    movers = [s for s in view.get("to_move") or [] if 0 <= s < len(names)]
    if view.get("over") or not movers:
        return "Game over"
    who = names[movers[0]]
    if view.get("naming"):
        return f"{who} names a suit"
    owed = int(view.get("pending") or 0)
    if owed:
        answer = "the 5 of hearts" if view.get("pending_ace") else "a 2"
        return f"{who}: answer with {answer} or draw {owed}"
    return f"{who} to play"


def _badge_suit(canvas: Image.Image, xy: tuple[int, int], suit: str, label: str) -> None:
    """A cream pill with a suit shape and a word ("called")."""
    d = ImageDraw.Draw(canvas)
    tw = text_size(label, 22, True)[0]
    x0, y0 = xy
    w = 56 + tw
    rounded_box(canvas, (x0, y0, x0 + w, y0 + 44), 22, fill=CREAM, outline=GOLD, width=3)
    paste_suit(canvas, suit, (x0 + 26, y0 + 22), 28, RED_SUIT if suit in "HD" else BLACK_SUIT)
    text(d, (x0 + 46, y0 + 22), label, 22, (28, 34, 52), bold=True, anchor="lm")


def _direction_arrow(canvas: Image.Image, direction: int) -> None:
    """An arc under the pile, arrowhead showing which way play goes round the seats."""
    d = ImageDraw.Draw(canvas)
    cx, cy, rx, ry = _OVAL[0], _OVAL[1] + 10, 222, 118
    start, end = (20, 160)  # degrees, the lower part of the ring (y grows downwards)
    d.arc((cx - rx, cy - ry, cx + rx, cy + ry), start, end, fill=GOLD, width=5)
    # Clockwise on screen (direction 1) runs from seat 0 at the bottom towards the left.
    tip_deg = end if direction == 1 else start
    a = math.radians(tip_deg)
    tx, ty = cx + rx * math.cos(a), cy + ry * math.sin(a)
    # Tangent along increasing angle, flipped for anticlockwise.
    dx, dy = -rx * math.sin(a), ry * math.cos(a)
    if direction != 1:
        dx, dy = -dx, -dy
    n = math.hypot(dx, dy)
    dx, dy = dx / n, dy / n
    px, py = -dy, dx
    size = 18
    pts = [
        (tx + dx * size, ty + dy * size),
        (tx + px * size * 0.7, ty + py * size * 0.7),
        (tx - px * size * 0.7, ty - py * size * 0.7),
    ]
    d.polygon(pts, fill=GOLD)
    label = "play goes left" if direction == 1 else "play goes right"
    text(d, (cx, cy + ry + 20), label, 20, _LABEL, bold=True, anchor="mm")


def _piles(canvas: Image.Image, view: dict[str, Any]) -> None:
    d = ImageDraw.Draw(canvas)
    stock = int(view.get("stock") or 0)
    sw, sh = card_size("normal")
    sx, sy = _STOCK_XY
    if stock:
        for i in range(min(3, (stock + 9) // 10)):
            paste_card(canvas, back_image("normal"), (sx - i * 3, sy - i * 3))
    else:
        rounded_box(canvas, (sx, sy, sx + sw, sy + sh), 8, outline=MUTED, width=2)
    text(d, (sx + sw / 2, sy + sh + 16), f"Stock {stock}", 18, _LABEL, bold=True, anchor="mm")
    up = view.get("upcard")
    lw, lh = card_size("large")
    px, py = PILE_XY
    discards = int(view.get("discards") or 0)
    for i in range(min(2, max(0, discards - 1))):  # a hint of the pile under the upcard
        paste_card(canvas, back_image("large"), (px + 4 * (2 - i), py + 3 * (2 - i)))
    if up:
        paste_card(canvas, card_image(str(up), "large"), (px, py))
    text(d, (px + lw / 2, py + lh + 16), f"Discards {discards}", 18, _LABEL, bold=True, anchor="mm")
    called = view.get("called")
    if called in SUIT_NAMES:
        _badge_suit(canvas, (px + lw + 22, py + 20), str(called), "called")


def _table_image(view: dict[str, Any]) -> Image.Image:
    players = _players(view)
    names = names_of(view, players)
    canvas = ring_chrome("JACK CHANGE IT").copy()
    result = _final(view, names, _reason(view, names))
    if result is None:
        header_status(ImageDraw.Draw(canvas), _status(view, names), 560)
    _direction_arrow(canvas, int(view.get("direction") or 1))
    _piles(canvas, view)
    sizes = [int(x) for x in view.get("hand_sizes") or []] + [0] * players
    movers = set() if result else {s for s in view.get("to_move") or []}
    owed = int(view.get("pending") or 0)
    for seat, center in enumerate(seat_centers(players)):
        moving = seat in movers
        badge = f"+{owed}" if moving and owed else ""
        seat_panel(canvas, center, names[seat], sizes[seat], to_move=moving, badge=badge)
    if result:
        result_banner(canvas, result[0], result[1], (_OVAL[0], _OVAL[1]), 460)
    return canvas


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes (a `hand` in the view is ignored)."""
    return to_png(_table_image(view), key="jack_change_it.table", source=_palette_source)


# ---------------------------------------------------------------------------
# The hand
# ---------------------------------------------------------------------------


def playable(view: dict[str, Any]) -> list[bool]:
    """For each card of the view's hand: may it be played now (by itself or as the 2 of 2+A♥)?"""
    hand = [str(c) for c in view.get("hand") or []]
    seat = view.get("seat")
    if seat not in (view.get("to_move") or []) or view.get("naming") or view.get("over") or not view.get("upcard"):
        return [False] * len(hand)
    players = _players(view)
    if view.get("pending_ace"):
        return [c == FIVE_OF_HEARTS for c in hand]
    last = len(hand) == 1
    if int(view.get("pending") or 0):
        return [c[:-1] == "2" and not last for c in hand]
    ok = match_set(str(view["upcard"]), view.get("called"))
    return [c in ok and not (last and is_trick(c, players)) for c in hand]


_RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def card_words(card: str) -> str:
    """`7 of hearts`: the picture font has no suit glyphs, so text spells suits out."""
    r, s = card[:-1], card[-1]
    return f"{_RANK_WORDS.get(r, r)} of {SUIT_NAMES.get(s, s)}"


def _hint(view: dict[str, Any], hand: list[str]) -> str:
    seat = view.get("seat")
    if view.get("over"):
        return "The game is over."
    if seat not in (view.get("to_move") or []):
        return "Waiting for your turn."
    if view.get("naming"):
        return "Name the suit the next player must follow."
    owed = int(view.get("pending") or 0)
    if owed:
        what = "the 5 of hearts" if view.get("pending_ace") else "a 2"
        return f"Answer with {what}, or draw {owed}."
    called = view.get("called")
    target = f"a {SUIT_NAMES[called][:-1]}" if called in SUIT_NAMES else f"the {card_words(str(view.get('upcard')))}"
    if not any(playable(view)):
        return f"Nothing matches {target}: draw a card."
    return f"Match {target}. Raised cards can be played."


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
    rows = [hand[i : i + _HAND_ROW] for i in range(0, len(hand), _HAND_ROW)] or [[]]
    ch = card_size(_HAND_CARD)[1]
    lift = ch // 5
    top = 84 + 40 + lift
    row_h = ch + lift + 12
    canvas = felt(HAND_W, top + row_h * len(rows) + 4)
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (_PAD, 6, HAND_W - _PAD, 74), 14, fill=PANEL)
    text(d, (_PAD + 18, 40), "YOUR HAND", 28, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    seat = view.get("seat")
    sub = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    if isinstance(seat, int) and 0 <= seat < players:
        sub = f"{names[seat]} - {sub}"
    sx = _PAD + 18 + text_size("YOUR HAND", 28, True)[0] + 16
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
        paste_row(canvas, row, xy, _HAND_CARD, gap=8, max_width=HAND_W - 40, align="center", raised=raised)
        start += len(row)
    return canvas


def _upcard_corner(view: dict[str, Any]) -> Callable[[Image.Image, ImageDraw.ImageDraw], None]:
    def draw(canvas: Image.Image, d: ImageDraw.ImageDraw) -> None:
        up = view.get("upcard")
        if up:
            sw = card_size("tiny")[0]
            paste_card(canvas, card_image(str(up), "tiny"), (HAND_W - _PAD - 14 - sw, 11), shadow=False)
            text(d, (HAND_W - _PAD - 24 - sw, 40), "upcard", 20, MUTED, anchor="rm")

    return draw


def _hand_image(view: dict[str, Any]) -> Image.Image:
    hand = [str(c) for c in view.get("hand") or []]
    return hand_picture(view, playable(view), _hint(view, hand), _upcard_corner(view))


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's hand sorted by suit then rank, playable cards raised."""
    return to_png(_hand_image(view), key="jack_change_it.hand", source=_palette_source)


# ---------------------------------------------------------------------------
# Alt text
# ---------------------------------------------------------------------------


def _reason(view: dict[str, Any], names: list[str]) -> str:
    if view.get("blocked"):
        return "Blocked: nobody can play or draw."
    winner = view.get("winner")
    if isinstance(winner, int) and 0 <= winner < len(names):
        return f"{names[winner]} went out."
    return ""


def alt_text(view: dict[str, Any]) -> str:
    """Public facts only: never a hand, even if the view carries one."""
    players = _players(view)
    names = names_of(view, players)
    parts = [f"Jack Change It, {players} players."]
    final = view.get("final")
    if isinstance(final, dict):
        parts.append(clean(str(final.get("headline") or "Game over")) + ".")
    elif view.get("over"):
        parts.append(_reason(view, names) or "The game is over.")
    else:
        parts.append(_status(view, names) + ".")
    up = view.get("upcard")
    if up:
        parts.append(f"Upcard {pretty(str(up))}.")
    called = view.get("called")
    if called in SUIT_NAMES:
        parts.append(f"A jack called {SUIT_NAMES[called]}.")
    parts.append("Play goes left." if int(view.get("direction") or 1) == 1 else "Play goes right.")
    parts.append(f"Stock {int(view.get('stock') or 0)}, discard pile {int(view.get('discards') or 0)}.")
    sizes = [int(x) for x in view.get("hand_sizes") or []] + [0] * players
    parts.append(" ".join(f"{names[s]}: {sizes[s]} card{'s' if sizes[s] != 1 else ''}." for s in range(players)))
    return " ".join(parts)[:1000]


def warm() -> None:
    """Build the sprites and the chrome before the first render."""
    from renderers.cards import warm as warm_cards

    warm_cards(("large", "normal", "tiny"), dickory=False)
    ring_chrome("JACK CHANGE IT")


# Colour of the debt badge and the turn ring, for tests.
DEBT: Color = _DEBT


def _palette_source() -> Image.Image:
    """Every face on felt: the sample the PNG palette is learnt from once (named colours are kept exact)."""
    return sprite_sheet([*STANDARD_DECK.cards(), "JK"])
