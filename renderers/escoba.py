"""Escoba pictures: the public table, a player's hand, and alt text.

Built from the view dicts of engine/escoba.py (plus `names`, added by the bot), with the
Spanish faces the game's deck declares (renderers/spanish_cards.py).

- `render_table(view)`: the seats round the table counter-clockwise from seat 0 at the
  bottom (play goes to the right), each with its name and card backs, the seat to move
  ringed in gold and the dealer marked; the board in the middle, every card showing its
  value, with the board's total; the stock; a direction arrow; and along the foot one
  panel per side: its score against the target, its face-down pile with the size, an
  escoba marker per sweep, its oros count and the 7 of oros when it has it.
- `render_hand(view)`: the viewer's cards large (those that can capture raised) and the
  board under them small, so a capture can be chosen from one picture.
- `alt_text(view)`: public facts only.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import pretty
from engine.escoba import GAME, SIETE, SUM, VALUE, subsets_summing
from renderers.cards import back_image, card_image, card_size, paste_card, paste_row, ready
from renderers.draw import (
    CREAM,
    GOLD,
    MUTED,
    PANEL,
    WHITE,
    Color,
    ellipsize,
    felt,
    palette_sheet,
    rounded_box,
    text,
    text_size,
    to_png,
)
from renderers.endings import final_alt, final_banner, final_of
from renderers.seat_ring import SEAT_BOX, cut_name, names_of, seat_panel
from renderers.spanish_cards import emblem

__all__ = [
    "BOARD_BOX",
    "HAND_W",
    "SIDE_COLOURS",
    "SIDE_Y",
    "TABLE_SIZE",
    "alt_text",
    "board_layout",
    "render_hand",
    "render_table",
    "seat_centers",
    "side_boxes",
]

FACES = GAME.deck.faces

# ---------------------------------------------------------------------------
# Layout (px). Tests sample pixels through these, so keep them the truth.
# ---------------------------------------------------------------------------

TABLE_SIZE = (960, 720)
_PAD = 16
_HEADER_H = 56
BOARD_BOX = (256, 204, 704, 470)  # where board cards go
SIDE_Y = (584, 710)  # the side panels' strip
_STOCK_XY = (40, 440)
_ARROW = (842, 470, 46)  # centre x, y and radius of the direction arrow
HAND_W = 960
SIDE_COLOURS: tuple[Color, ...] = ((110, 190, 255), (255, 150, 110), (170, 230, 120), (210, 160, 255))
_TURN = GOLD
_LABEL = (222, 236, 226)
_SIDE_FILL = (12, 36, 26, 200)
_ESCOBA = (255, 214, 90)

# Seat centres, seat 0 at the bottom and the next seats counter-clockwise (to its right).
_SEATS = {
    2: ((480, 518), (480, 118)),
    3: ((480, 518), (804, 150), (156, 150)),
    4: ((480, 518), (830, 318), (480, 118), (130, 318)),
}


def seat_centers(players: int) -> tuple[tuple[int, int], ...]:
    return _SEATS[max(2, min(4, players))]


def _players(view: dict[str, Any]) -> int:
    return max(2, min(4, int(view.get("players") or len(view.get("hand_sizes") or []) or 2)))


def _sides(view: dict[str, Any], players: int) -> list[list[int]]:
    sides = view.get("sides")
    if isinstance(sides, list) and sides:
        return [[int(s) for s in side] for side in sides]
    return [[s] for s in range(players)]


def side_boxes(count: int) -> list[tuple[int, int, int, int]]:
    """The side panels along the foot, left to right."""
    gap = 12
    width = (TABLE_SIZE[0] - 2 * _PAD - gap * (count - 1)) // count
    y0, y1 = SIDE_Y
    return [(_PAD + i * (width + gap), y0, _PAD + i * (width + gap) + width, y1) for i in range(count)]


def board_layout(n: int) -> tuple[str, list[int]]:
    """(card size, cards per row) for a board of n cards: normal up to ten, then small."""
    if n <= 5:
        return "normal", [n]
    if n <= 10:
        return "normal", [(n + 1) // 2, n // 2]
    per = max(7, math.ceil(n / 3))
    rows = [per] * (n // per) + ([n % per] if n % per else [])
    return "small", rows


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------


@functools.cache
def _chrome() -> Image.Image:
    """Felt, header panel and title: the same in every table picture."""
    canvas = felt(*TABLE_SIZE)
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (_PAD, 6, TABLE_SIZE[0] - _PAD, _HEADER_H), 14, fill=PANEL)
    text(d, (_PAD + 18, _HEADER_H / 2 + 4), "ESCOBA", 30, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    _arrow(canvas)
    return canvas


def _arrow(canvas: Image.Image) -> None:
    """A ring arrow turning counter-clockwise on screen: play passes to the right."""
    d = ImageDraw.Draw(canvas)
    cx, cy, r = _ARROW
    d.arc((cx - r, cy - r, cx + r, cy + r), 200, 160 + 360 - 20, fill=GOLD, width=6)
    # Counter-clockwise on screen: the head sits at the arc's start (200 degrees), pointing on.
    a = math.radians(200)
    tx, ty = cx + r * math.cos(a), cy + r * math.sin(a)
    dx, dy = math.sin(a), -math.cos(a)  # tangent towards decreasing screen angle
    px, py = -dy, dx
    size = 16
    d.polygon(
        [
            (tx + dx * size, ty + dy * size),
            (tx + px * size * 0.75, ty + py * size * 0.75),
            (tx - px * size * 0.75, ty - py * size * 0.75),
        ],
        fill=GOLD,
    )
    text(d, (cx, cy + r + 18), "play goes right", 18, _LABEL, bold=True, anchor="mm")


def _status(view: dict[str, Any], names: list[str]) -> str:
    movers = [s for s in view.get("to_move") or [] if 0 <= s < len(names)]
    target = int(view.get("target") or 21)
    if view.get("over") or not movers:
        return f"Game over - to {target}"
    return f"{names[movers[0]]} to play - hand {int(view.get('hand_no') or 1)}, to {target}"


def _header(view: dict[str, Any], names: list[str], width: int = 640) -> str:
    """The status within `width` px, a long mover's name cut first so "to play - hand 2,
    to 21" still shows."""
    movers = [s for s in view.get("to_move") or [] if 0 <= s < len(names)]
    status = _status(view, names)
    if text_size(status, 22)[0] <= width or not movers or view.get("over"):
        return ellipsize(status, 22, width)
    name = names[movers[0]]
    rest = status[len(name) :]
    return cut_name(name, 22, max(80, width - text_size(rest, 22)[0])) + ellipsize(rest, 22, width - 80)


def _board(canvas: Image.Image, board: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = BOARD_BOX
    cx = (x0 + x1) // 2
    total = sum(VALUE.get(c, 0) for c in board)
    label = f"Board: {len(board)} card{'s' if len(board) != 1 else ''}, worth {total}" if board else "Board: empty"
    text(d, (cx, y0 - 12), label, 20, _LABEL, bold=True, anchor="mm")
    if not board:
        return
    size, rows = board_layout(len(board))
    h = card_size(size)[1]
    gap = 8 if size == "normal" else 6
    block = len(rows) * h + (len(rows) - 1) * gap
    y = y0 + 6 + max(0, (y1 - y0 - 6 - block) // 2)
    start = 0
    for count in rows:
        row = board[start : start + count]
        paste_row(canvas, row, (cx, y), size, gap=gap, max_width=x1 - x0, align="center", faces=FACES)
        start += count
        y += h + gap


def _stock(canvas: Image.Image, stock: int) -> None:
    d = ImageDraw.Draw(canvas)
    x, y = _STOCK_XY
    w, h = card_size("small")
    if stock:
        for i in range(min(3, (stock + 9) // 10)):
            paste_card(canvas, back_image("small"), (x - i * 3, y - i * 3))
    else:
        rounded_box(canvas, (x, y, x + w, y + h), 6, outline=MUTED, width=2)
    text(d, (x + w + 12, y + h // 2), f"Stock {stock}", 20, _LABEL, bold=True, anchor="lm")


def _dealer_mark(canvas: Image.Image, center: tuple[int, int]) -> None:
    d = ImageDraw.Draw(canvas)
    x, y = center[0] - SEAT_BOX[0] // 2 - 4, center[1] - SEAT_BOX[1] // 2 - 4
    d.ellipse((x - 14, y - 14, x + 14, y + 14), fill=CREAM, outline=GOLD, width=3)
    text(d, (x, y + 1), "D", 18, (40, 40, 40), bold=True, anchor="mm")


def _side_tag(canvas: Image.Image, center: tuple[int, int], colour: Color) -> None:
    """A stripe in the side's colour under a seat panel, matching its side panel."""
    w, h = SEAT_BOX
    x0, y1 = center[0] - w // 2 + 14, center[1] + h // 2
    rounded_box(canvas, (x0, y1 - 6, x0 + w - 28, y1 + 2), 4, fill=colour)


def _side_panel(
    canvas: Image.Image, box: tuple[int, int, int, int], view: dict[str, Any], side: int, who: str, winner: bool
) -> None:
    """Name(s) and score against the target; the pile and its size, escobas, oros, the 7D."""
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, _ = box
    colour = SIDE_COLOURS[side % len(SIDE_COLOURS)]
    rounded_box(canvas, box, 14, fill=_SIDE_FILL, outline=GOLD if winner else colour, width=3)
    scores = list(view.get("scores") or [])
    score = int(scores[side]) if side < len(scores) else 0
    target = int(view.get("target") or 21)
    sw = text_size(str(score), 34, True)[0]
    tw = text_size(f"/{target}", 20, True)[0]  # bold: plain 18 px was 7 px on a phone
    text(d, (x1 - 12 - tw, y0 + 24), str(score), 34, GOLD, bold=True, anchor="rm")
    text(d, (x1 - 10, y0 + 30), f"/{target}", 20, MUTED, bold=True, anchor="rm")
    text(d, (x0 + 12, y0 + 22), ellipsize(who, 22, x1 - x0 - 40 - sw - tw, True), 22, colour, bold=True, anchor="lm")
    piles = view.get("captured") or []
    captured = [str(c) for c in piles[side]] if side < len(piles) else []
    counts = view.get("escobas") or []
    escobas = int(counts[side]) if side < len(counts) else 0
    bx, by = x0 + 12, y0 + 50
    bw, bh = card_size("tiny")
    mid = by + bh // 2
    if captured:
        paste_card(canvas, back_image("tiny"), (bx, by))
    else:
        rounded_box(canvas, (bx, by, bx + bw, by + bh), 5, outline=MUTED, width=2)
    x = bx + bw + 8
    text(d, (x, mid), str(len(captured)), 24, WHITE, bold=True, anchor="lm")
    x += text_size(str(len(captured)), 24, True)[0] + 12
    for i in range(min(escobas, 3)):  # face-up escoba markers
        ex = x + i * 12
        rounded_box(canvas, (ex, mid - 18, ex + 26, mid + 18), 5, fill=_ESCOBA, outline=(120, 80, 10), width=2)
    if escobas:
        ex = x + 12 * (min(escobas, 3) - 1)
        text(d, (ex + 13, mid), str(escobas) if escobas > 1 else "E", 18, (90, 56, 0), bold=True, anchor="mm")
        x = ex + 26 + 12
    emblem(d, "D", x + 12, mid, 24)
    text(d, (x + 28, mid), str(sum(1 for c in captured if c.endswith("D"))), 22, CREAM, bold=True, anchor="lm")
    if SIETE in captured:
        paste_card(canvas, card_image(SIETE, "tiny", faces=FACES), (x1 - 12 - bw, by), shadow=False)


_SHEET_ROWS = (("cards", "Most cards"), ("oros", "Most oros"), ("siete", "Siete de velo"), ("setenta", "Setenta"))


def _score_sheet(canvas: Image.Image, top: int, view: dict[str, Any], sides: list[list[int]], names: list[str]) -> None:
    """The last hand's score sheet: a row per way to score, a column per side, then the totals."""
    sheet = view.get("last_hand") or {}
    points = list(sheet.get("points") or [])
    if not points:
        return
    d = ImageDraw.Draw(canvas)
    row_h, label_w = 30, 190
    width = min(TABLE_SIZE[0] - 2 * _PAD, label_w + 170 * len(sides))
    x0 = (TABLE_SIZE[0] - width) // 2
    rows = 9
    y0 = top
    rounded_box(canvas, (x0, y0, x0 + width, y0 + 14 + rows * row_h), 12, fill=(10, 28, 20, 255), outline=GOLD, width=2)
    col = (width - label_w - 12) / len(sides)
    escobas = list(sheet.get("escobas") or [])
    scores = list(view.get("scores") or [])
    hand_no = int(view.get("hand_no") or 0)
    title = f"Hand {hand_no} score sheet" if hand_no else "Score sheet"
    text(d, (x0 + width // 2, y0 + 7 + row_h // 2), title, 22, GOLD, bold=True, anchor="mm")
    for i, side in enumerate(sides):
        cx = x0 + label_w + col * i + col / 2
        who = " & ".join(names[s] for s in side if 0 <= s < len(names))
        colour = SIDE_COLOURS[i % len(SIDE_COLOURS)]
        y = y0 + 7 + row_h + row_h // 2
        text(d, (cx, y), ellipsize(who, 18, int(col) - 8, True), 18, colour, bold=True, anchor="mm")
    lines: list[tuple[str, list[str], bool]] = []
    for key, label in _SHEET_ROWS:
        lines.append((label, ["1" if sheet.get(key) == i else "–" for i in range(len(sides))], False))
    lines.append(
        (
            "Escobas",
            [str(int(escobas[i])) if i < len(escobas) and escobas[i] else "–" for i in range(len(sides))],
            False,
        )
    )
    lines.append(("This hand", [str(int(points[i])) if i < len(points) else "0" for i in range(len(sides))], True))
    lines.append(("Match", [str(int(scores[i])) if i < len(scores) else "0" for i in range(len(sides))], True))
    for r, (label, cells, total) in enumerate(lines, start=2):
        y = y0 + 7 + r * row_h + row_h // 2
        if total:
            d.line(((x0 + 12, y - row_h // 2), (x0 + width - 12, y - row_h // 2)), fill=MUTED, width=1)
        text(d, (x0 + 14, y), label, 20, WHITE if total else _LABEL, bold=total, anchor="lm")
        for i, cell in enumerate(cells):
            cx = x0 + label_w + col * i + col / 2
            colour = GOLD if cell not in ("–", "0") else MUTED
            text(d, (cx, y), cell, 22, colour, bold=True, anchor="mm")


def _table_image(view: dict[str, Any]) -> Image.Image:
    players = _players(view)
    names = names_of(view, players)
    final = final_of(view)
    canvas = _chrome().copy()
    d = ImageDraw.Draw(canvas)
    if final is None:
        text(d, (TABLE_SIZE[0] - _PAD - 18, _HEADER_H / 2 + 4), _header(view, names), 22, CREAM, anchor="rm")
    sides = _sides(view, players)
    side_of = {s: i for i, side in enumerate(sides) for s in side}
    sizes = [int(x) for x in view.get("hand_sizes") or []] + [0] * players
    movers = set() if final is not None or view.get("over") else set(view.get("to_move") or [])
    dealer = view.get("dealer")
    for seat, center in enumerate(seat_centers(players)):
        seat_panel(canvas, center, names[seat], sizes[seat], to_move=seat in movers)
        if len(sides) < players:  # partnerships: show who plays with whom
            _side_tag(canvas, center, SIDE_COLOURS[side_of.get(seat, 0) % len(SIDE_COLOURS)])
        if seat == dealer:
            _dealer_mark(canvas, center)
    _board(canvas, [str(c) for c in view.get("board") or []])
    _stock(canvas, int(view.get("stock") or 0))
    places = (final or {}).get("places") or []
    for i, (side, box) in enumerate(zip(sides, side_boxes(len(sides)), strict=True)):
        who = " & ".join(names[s] for s in side if 0 <= s < players)
        won = bool(places) and all(0 <= s < len(places) and places[s] == 1 for s in side)
        _side_panel(canvas, box, view, i, who, won)
    if final is not None and view.get("last_hand"):  # the result up top, the last hand's sheet below it
        _top, bottom = final_banner(canvas, final, 0)
        _score_sheet(canvas, bottom + 8, view, sides, names)
    elif final is not None:
        final_banner(canvas, final, BOARD_BOX[1] + (BOARD_BOX[3] - BOARD_BOX[1]) // 2)
    return canvas


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes (a `hand` in the view is ignored)."""
    return to_png(_table_image(view), key="escoba.table", source=_palette_source)


# ---------------------------------------------------------------------------
# The hand
# ---------------------------------------------------------------------------


def _captures(card: str, board: list[str]) -> bool:
    return bool(subsets_summing([VALUE[c] for c in board], SUM - VALUE[card])) if card in VALUE else False


def _hand_image(view: dict[str, Any]) -> Image.Image:
    players = _players(view)
    names = names_of(view, players)
    hand = [str(c) for c in view.get("hand") or []]
    board = [str(c) for c in view.get("board") or []]
    seat = view.get("seat")
    my_turn = seat in (view.get("to_move") or []) and not view.get("over")
    can = [my_turn and _captures(c, board) for c in hand]
    lh = card_size("large")[1]
    # Up to ten board cards in one row at normal size (readable on a phone), more small, 14 a row.
    size, per_row = ("normal", 10) if len(board) <= 10 else ("small", 14)
    rows = [len(board[i : i + per_row]) for i in range(0, len(board), per_row)]
    sh = card_size(size)[1]
    top = 84 + 40 + lh // 5
    board_top = top + lh + 52
    height = board_top + max(1, len(rows)) * (sh + 8) + 12
    canvas = felt(HAND_W, height)
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (_PAD, 6, HAND_W - _PAD, 74), 14, fill=PANEL)
    text(d, (_PAD + 18, 40), "YOUR HAND", 28, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    sub = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    if isinstance(seat, int) and 0 <= seat < players:
        sub = f"{names[seat]} - {sub}"
    sx = _PAD + 18 + text_size("YOUR HAND", 28, True)[0] + 16
    text(d, (sx, 40), ellipsize(sub, 22, 420), 22, MUTED, anchor="lm")
    if view.get("over"):
        hint = "The game is over."
    elif not my_turn:
        hint = "Waiting for your turn."
    elif any(can):
        hint = "Raised cards can capture: with board cards they make 15. Or lay any card."
    else:
        hint = "No card makes 15 with the board: lay one."
    text(d, (HAND_W / 2, 102), ellipsize(hint, 24, HAND_W - 60), 24, CREAM, anchor="mm")
    if hand:
        raised = [i for i, ok in enumerate(can) if ok]
        paste_row(canvas, hand, (HAND_W // 2, top), "large", gap=14, align="center", raised=raised, faces=FACES)
    else:
        text(d, (HAND_W / 2, top + lh / 2), "No cards left", 28, CREAM, anchor="mm")
    total = sum(VALUE.get(c, 0) for c in board)
    label = f"Board: {len(board)} card{'s' if len(board) != 1 else ''}, worth {total}" if board else "Board: empty"
    text(d, (HAND_W / 2, board_top - 22), label, 22, _LABEL, bold=True, anchor="mm")
    for r, count in enumerate(rows):
        row = board[r * per_row : r * per_row + count]
        y = board_top + r * (sh + 8)
        paste_row(canvas, row, (HAND_W // 2, y), size, gap=6, max_width=HAND_W - 40, align="center", faces=FACES)
    return canvas


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's hand (capturing cards raised) over the board."""
    return to_png(_hand_image(view), key="escoba.hand", source=_palette_source)


def _palette_source() -> Image.Image:
    """A fixed table and hand showing every face, to learn the PNG palette from once."""
    cards = list(VALUE)
    sample = {
        "players": 4,
        "names": ["Ann", "Bob", "Cy", "Dee"],
        "hand_sizes": [3, 3, 2, 2],
        "to_move": [0],
        "dealer": 3,
        "hand_no": 1,
        "board": cards[:20],
        "stock": 12,
        "sides": [[0, 2], [1, 3]],
        "captured": [cards[20:30], cards[30:37]],
        "escobas": [2, 1],
        "scores": [12, 9],
        "target": 21,
    }
    hand = {**sample, "seat": 0, "hand": cards[37:], "board": cards[:20]}
    return palette_sheet([_table_image(sample), _hand_image(hand)])


# ---------------------------------------------------------------------------
# Alt text
# ---------------------------------------------------------------------------


def alt_text(view: dict[str, Any]) -> str:
    """Public facts only: never a hand, even if the view carries one."""
    players = _players(view)
    names = names_of(view, players)
    sides = _sides(view, players)
    pairs = " in partnerships" if len(sides) < players else ""
    parts = [f"Escoba, {players} players{pairs}, to {int(view.get('target') or 21)} points."]
    final = final_of(view)
    if final is not None:
        parts.append(final_alt(final))
    else:
        parts.append(_status(view, names) + ".")
    board = [str(c) for c in view.get("board") or []]
    if board:
        total = sum(VALUE.get(c, 0) for c in board)
        parts.append(f"Board ({total}): " + " ".join(pretty(c) for c in board) + ".")
    else:
        parts.append("The board is empty.")
    parts.append(f"Stock {int(view.get('stock') or 0)}. Play goes right.")
    sizes = [int(x) for x in view.get("hand_sizes") or []] + [0] * players
    parts.append(" ".join(f"{names[s]}: {sizes[s]} card{'s' if sizes[s] != 1 else ''}." for s in range(players)))
    scores = list(view.get("scores") or [])
    captured = list(view.get("captured") or [])
    escobas = list(view.get("escobas") or [])
    for i, side in enumerate(sides):
        who = " & ".join(names[s] for s in side if 0 <= s < players)
        pile = [str(c) for c in captured[i]] if i < len(captured) else []
        score = int(scores[i]) if i < len(scores) else 0
        bits = [f"{score} point{'s' if score != 1 else ''}", f"{len(pile)} card{'s' if len(pile) != 1 else ''} taken"]
        if i < len(escobas) and escobas[i]:
            bits.append(f"{escobas[i]} escoba{'s' if escobas[i] != 1 else ''}")
        bits.append(f"{sum(1 for c in pile if c.endswith('D'))} oros")
        if SIETE in pile:
            bits.append("the 7 of oros")
        parts.append(f"{who}: " + ", ".join(bits) + ".")
    sheet = view.get("last_hand") or {}
    if sheet.get("points"):
        hand_no = int(view.get("hand_no") or 0) - (0 if final is not None or view.get("over") else 1)
        rows = []
        for i, side in enumerate(sides):
            who = " & ".join(names[s] for s in side if 0 <= s < players)
            won = [label.lower() for key, label in _SHEET_ROWS if sheet.get(key) == i]
            sweeps = list(sheet.get("escobas") or [])
            if i < len(sweeps) and sweeps[i]:
                won.append(f"{sweeps[i]} escoba{'s' if sweeps[i] != 1 else ''}")
            points = int(sheet["points"][i]) if i < len(sheet["points"]) else 0
            rows.append(f"{who} {points}" + (f" ({', '.join(won)})" if won else ""))
        parts.append(f"Hand {hand_no} score sheet: " + "; ".join(rows) + ".")
    return " ".join(parts)[:1000]


def warm() -> None:
    """Build the chrome and the sprites before the first render."""
    _chrome()
    for code in VALUE:
        for size in ("large", "normal", "small", "tiny"):
            ready(card_image(code, size, faces=FACES))
