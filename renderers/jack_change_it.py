"""Jack Change It pictures: the public table, a player's hand, and alt text.

Built from the view dicts of engine/jack_change_it.py (plus `names`, added by the bot).

- `render_table(view)` seats the players round an oval (name, card count, a little fan of
  backs; the seat to move ringed in gold, with a red "+4" badge when it owes cards), and
  in the middle the stock, the discard pile with the upcard large, a badge for the suit a
  jack called and an arrow for the direction of play. It never draws a hand.
- `render_hand(view)` draws the viewer's hand sorted by suit then rank, the cards it may
  play now raised.
- `alt_text(view)` describes public facts only.

The seat ring it sits on is renderers/seat_ring.py, shared with the other round-the-table games.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import STANDARD_DECK, SUIT_NAMES, pretty
from engine.jack_change_it import FIVE_OF_HEARTS, is_trick, match_set
from renderers.cards import back_image, card_image, card_size, paste_card, sprite_sheet
from renderers.draw import (
    BLACK_SUIT,
    CREAM,
    GOLD,
    MUTED,
    RED_SUIT,
    clean,
    paste_suit,
    rounded_box,
    text,
    text_size,
    to_png,
)
from renderers.seat_ring import (
    DEBT,
    HAND_W,
    OVAL,
    PAD,
    SEAT_BOX,
    TABLE_SIZE,
    card_words,
    hand_picture,
    header_status,
    names_of,
    ranked_lines,
    result_banner,
    ring_chrome,
    seat_centers,
    seat_panel,
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

PILE_XY = (480 - card_size("large")[0] // 2, 296)  # top-left of the upcard
_STOCK_XY = (PILE_XY[0] - 150, PILE_XY[1] + 18)
_LABEL = (222, 236, 226)


def _final(view: dict[str, Any], names: list[str], reason: str) -> tuple[str, list[str]] | None:
    """(headline, lines) once the game is over: the bot's `final` if given, else from the view."""
    final = view.get("final")
    if isinstance(final, dict):  # places shared on one line, so six seats fit the banner's three
        return str(final.get("headline") or "Game over"), ranked_lines(final, names)
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
    cx, cy, rx, ry = OVAL[0], OVAL[1] + 10, 222, 118
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
        header_status(ImageDraw.Draw(canvas), _status(view, names), 560, names)
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
        result_banner(canvas, result[0], result[1], (OVAL[0], OVAL[1]), 460)
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


def _upcard_corner(view: dict[str, Any]) -> Callable[[Image.Image, ImageDraw.ImageDraw], None]:
    def draw(canvas: Image.Image, d: ImageDraw.ImageDraw) -> None:
        up = view.get("upcard")
        if up:
            sw = card_size("tiny")[0]
            paste_card(canvas, card_image(str(up), "tiny"), (HAND_W - PAD - 14 - sw, 11), shadow=False)
            text(d, (HAND_W - PAD - 24 - sw, 40), "upcard", 20, MUTED, anchor="rm")

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


def _palette_source() -> Image.Image:
    """Every face on felt: the sample the PNG palette is learnt from once (named colours are kept exact)."""
    return sprite_sheet([*STANDARD_DECK.cards(), "JK"])
