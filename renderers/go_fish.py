"""Go Fish and Authors pictures and alt text, from the views of engine/go_fish.py (plus `names`).

The table: a header with the stock (a card back and its count) and the last ask in
words ("Ann asked Bob for queens: got 2"), then one panel per seat, two to a row:
the name (the asker's panel ringed in gold with a TO ASK tag), the hand as card
backs with its size, the books laid as small face-up rank tiles, and the ranks the
table knows the seat holds. The hand picture groups the seat's cards by rank.
Nothing here reads a hidden card: the public view has none.
"""

from __future__ import annotations

import functools
from typing import Any

from PIL import Image

from renderers.cards import (
    BACK,
    back_image,
    card_size,
    group_rows,
    group_width,
    paste_card,
    paste_groups,
    paste_row,
    slot_image,
)
from renderers.draw import (
    CREAM,
    GOLD,
    INK,
    PANEL,
    WHITE,
    drawable,
    ellipsize,
    felt,
    palette_sheet,
    paste_over,
    rounded_box,
    text,
    text_size,
    to_png,
)
from renderers.endings import banner_height, final_alt, final_banner, final_of, final_winners

__all__ = ["alt_text", "hand_canvas", "render_hand", "render_table", "table_canvas", "warm"]

WIDTH = 760
MARGIN = 16
HEADER_H = 118
PANEL_W = (WIDTH - 3 * MARGIN) // 2
PANEL_H = 196
TILE_W, TILE_H, TILE_STEP = 24, 32, 26
_PLURAL = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}
_SUIT_WORDS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_TILE = (252, 247, 234)
_TILE_EDGE = (140, 122, 96)


def _names(view: dict[str, Any]) -> list[str]:
    names = list(view.get("names") or [])
    return [str(names[s]) if s < len(names) else f"Seat {s}" for s in range(int(view["players"]))]


def _asked(ask: str) -> str:
    """'queens' for a rank, 'Q♠' for an Authors card."""
    if ask in _PLURAL or ask.isdigit():
        return _PLURAL.get(ask, ask + "s")
    return ask[:-1] + _SUIT_WORDS.get(ask[-1], ask[-1])


def last_line(view: dict[str, Any]) -> str:
    last = view.get("last")
    if not last:
        return "No one has asked yet."
    names = _names(view)
    said = f"{names[last['seat']]} asked {names[last['target']]} for {_asked(last['ask'])}"
    if last["got"]:
        return f"{said}: got {last['got']}"
    return f"{said}: go fish" + (", and drew it!" if last["drew_match"] else "")


def _tile_rows(books: list[str], width: int, step: int) -> int:
    per_row = max(1, width // step)
    return (len(books) + per_row - 1) // per_row


@functools.lru_cache(maxsize=64)
def _tile(rank: str, small: bool) -> Image.Image:
    """A book: an ivory tile with its rank (built once per rank and size)."""
    tw, th, px = (24, 32, 17) if small else (30, 38, 21)
    tile = Image.new("RGBA", (tw, th), (0, 0, 0, 0))
    rounded_box(tile, (0, 0, tw, th), 5, fill=_TILE, outline=_TILE_EDGE, width=1)
    # a "10" is set smaller to fit, but never under 15 px: 7.5 px on a phone showing 760 px 400 wide
    text(tile, (tw / 2, th / 2), rank, px if len(rank) < 2 else max(15, px - 4), INK, bold=True, anchor="mm")
    return tile


@functools.lru_cache(maxsize=16)
def _backs(count: int) -> Image.Image:
    """A hand of `count` face-down cards as one strip (built once per count)."""
    strip = Image.new("RGBA", (160, card_size("tiny")[1] + 2), (0, 0, 0, 0))
    paste_row(strip, [BACK] * count, (0, 0), "tiny", max_width=150, shadow=False)
    return strip


def _book_tiles(canvas: Image.Image, books: list[str], x: int, y: int, width: int, height: int) -> int:
    """Books as ivory tiles with the rank, smaller when many; returns the height used."""
    small = _tile_rows(books, width, 33) * 42 > height
    step, th = (26, 32) if small else (33, 38)
    per_row = max(1, width // step)
    for i, rank in enumerate(books):
        paste_over(canvas, _tile(rank, small), (x + (i % per_row) * step, y + (i // per_row) * (th + 4)))
    return _tile_rows(books, width, step) * (th + 4)


def _panel(canvas: Image.Image, view: dict[str, Any], seat: int, box: tuple[int, int, int, int], live: bool) -> None:
    x0, y0, x1, y1 = box
    asking = live and seat in view.get("to_move", [])
    final = final_of(view)
    won = final is not None and seat in final_winners(final)
    if asking or won:  # the panel itself is part of the cached background
        rounded_box(canvas, box, 14, outline=GOLD, width=4)
    name = _names(view)[seat]
    tag = "TO ASK" if asking else ("WINNER" if won else "")
    tag_w = text_size(tag, 16, True)[0] + 16 if tag else 0
    text(canvas, (x0 + 14, y0 + 10), ellipsize(name, 26, x1 - x0 - 40 - tag_w, True), 26, WHITE, bold=True)
    if tag:
        rounded_box(canvas, (x1 - 12 - tag_w, y0 + 12, x1 - 12, y0 + 36), 10, fill=GOLD)
        text(canvas, (x1 - 12 - tag_w / 2, y0 + 24), tag, 16, INK, bold=True, anchor="mm")
    size = int(view["hand_sizes"][seat])
    cy = y0 + 48
    if size:
        paste_over(canvas, _backs(min(size, 12)), (x0 + 14, cy))
    text(canvas, (x0 + 176, cy + 4), f"{size} card{'s' if size != 1 else ''}", 22, CREAM)
    books = list(view["books"][seat])
    kind = "pairs" if view.get("book_size") == 2 else "books"
    text(canvas, (x0 + 176, cy + 30), f"{len(books)} {kind if len(books) != 1 else kind[:-1]}", 22, GOLD, bold=True)
    by = cy + card_size("tiny")[1] + 8
    used = _book_tiles(canvas, books, x0 + 14, by, x1 - x0 - 28, y1 - by - 30)
    known = view.get("known", [[]] * (seat + 1))[seat]
    if known and by + used + 26 <= y1:  # the table's record of asks, big enough for a phone
        line = ellipsize("Holds " + " ".join(known), 22, x1 - x0 - 28)
        text(canvas, (x0 + 14, max(by + used + 2, y1 - 32)), line, 22, CREAM)


def _grid(players: int) -> list[tuple[int, int, int, int]]:
    boxes = []
    for seat in range(players):
        col, row = seat % 2, seat // 2
        x = MARGIN + col * (PANEL_W + MARGIN)
        y = HEADER_H + MARGIN + row * (PANEL_H + MARGIN)
        boxes.append((x, y, x + PANEL_W, y + PANEL_H))
    return boxes


@functools.lru_cache(maxsize=4)  # ~2.3 MB each, by player count: the tables in play
def _background(players: int) -> Image.Image:
    """The felt with every seat's empty panel: the part of the table that never changes."""
    rows = (players + 1) // 2
    canvas = felt(WIDTH, HEADER_H + MARGIN + rows * (PANEL_H + MARGIN)).copy()
    for box in _grid(players):
        rounded_box(canvas, box, 14, fill=PANEL)
    return canvas


def _scored(view: dict[str, Any]) -> dict[str, Any] | None:
    """The bot's `final`, its standings given their books once every book is laid."""
    final = final_of(view)
    if final is None or not view.get("over"):
        return final
    names = _names(view)
    books = [len(b) for b in view["books"]]
    places = final.get("places")
    if not places or len(places) != len(books):
        places = [1 + sum(1 for o in books if o > x) for x in books]
    kind = "pair" if view.get("book_size") == 2 else "book"
    order = sorted(range(len(books)), key=lambda s: (places[s], s))
    lines = [f"{places[s]}. {names[s]} · {_count(books[s], kind)}" for s in order]
    return {**final, "lines": lines, "places": list(places)}


def render_table(view: dict[str, Any]) -> bytes:
    return to_png(table_canvas(drawable(view)), key="go_fish.table", source=_table_sample)


def table_canvas(view: dict[str, Any]) -> Image.Image:
    """The table picture before encoding (tests read its pixels)."""
    players = int(view["players"])
    final = _scored(view)
    canvas = _background(players).copy()
    height = canvas.height
    title = "Authors" if view.get("variant") == "authors" else "Go Fish"
    stock = int(view.get("stock") or 0)
    cw, ch = card_size("small")
    if stock:
        paste_card(canvas, back_image("small"), (MARGIN + 4, 18))
        text(canvas, (MARGIN + 4 + cw / 2, 18 + ch + 12), f"{stock}", 20, CREAM, bold=True, anchor="mm")
    else:
        paste_card(canvas, slot_image("small"), (MARGIN + 4, 18), shadow=False)
    tx = MARGIN + cw + 28
    text(canvas, (tx, 16), f"{title} · stock {stock}" if stock else f"{title} · stock empty", 30, GOLD, bold=True)
    text(canvas, (tx, 58), ellipsize("→ " + last_line(view), 24, WIDTH - tx - MARGIN), 24, WHITE)
    for seat, box in enumerate(_grid(players)):
        _panel(canvas, view, seat, box, live=final is None and not view.get("over"))
    if final is not None:
        final_banner(canvas, final, max(height // 2, banner_height(final, WIDTH) // 2))
    return canvas


_SAMPLE = {
    "players": 4,
    "variant": "go-fish",
    "names": ["Ann", "Bob", "Cy", "Di"],
    "hand_sizes": [7, 3, 12, 1],
    "books": [["Q", "7"], ["10"], [], ["A", "2", "3", "K"]],
    "known": [["Q"], [], ["5", "J"], []],
    "stock": 20,
    "to_move": [0],
    "last": {"seat": 0, "target": 2, "ask": "Q", "got": 2, "drew_match": False},
}


def _table_sample() -> Image.Image:
    """A fixed table to learn the PNG palette from once, so every picture shares it."""
    return palette_sheet([table_canvas(_SAMPLE), hand_canvas({**_SAMPLE, "seat": 0, "hand": _SAMPLE_HAND})])


_SAMPLE_HAND = ["AS", "3H", "3D", "7C", "10S", "JH", "QD", "KC", "KS"]


def _groups(hand: list[str]) -> list[list[str]]:
    groups: list[list[str]] = []
    for card in hand:
        if groups and groups[-1][0][:-1] == card[:-1]:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def render_hand(view: dict[str, Any]) -> bytes:
    return to_png(hand_canvas(drawable(view)), key="go_fish.hand", source=_table_sample)


def hand_canvas(view: dict[str, Any]) -> Image.Image:
    """The seat's hand picture before encoding: its cards grouped by rank."""
    hand = list(view.get("hand") or [])
    groups = _groups(hand)
    size = "normal"
    rows = group_rows(groups, size, max_width=WIDTH - 2 * MARGIN) if groups else []
    card_h = card_size(size)[1]
    height = 64 + max(1, len(rows)) * (card_h + 14) + 10
    canvas = felt(WIDTH, height).copy()
    seat = view.get("seat")
    name = _names(view)[seat] if isinstance(seat, int) else "Your hand"
    books = len(view["books"][seat]) if isinstance(seat, int) else 0
    kind = "pair" if view.get("book_size") == 2 else "book"
    head = f"{name} · {len(hand)} card{'s' if len(hand) != 1 else ''} · {books} {kind}{'s' if books != 1 else ''}"
    text(canvas, (MARGIN, 14), ellipsize(head, 28, WIDTH - 2 * MARGIN, True), 28, GOLD, bold=True)
    if not rows:
        text(canvas, (WIDTH / 2, 64 + card_h / 2), "No cards in hand", 26, CREAM, anchor="mm")
    y = 60
    for row in rows:
        width = sum(group_width(len(g), size) for g in row) + 10 * (len(row) - 1)
        paste_groups(canvas, row, ((WIDTH - width) // 2, y), size)
        y += card_h + 14
    return canvas


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")


def alt_text(view: dict[str, Any]) -> str:
    names = _names(view)
    title = "Authors" if view.get("variant") == "authors" else "Go Fish"
    parts = [f"{title} table, {view['players']} players, {view.get('stock', 0)} cards in the stock."]
    for seat, name in enumerate(names):
        books = view["books"][seat]
        kind = "pair" if view.get("book_size") == 2 else "book"
        line = f"{name}: {_count(view['hand_sizes'][seat], 'card')}, {_count(len(books), kind)}"
        if books:
            line += " (" + " ".join(books) + ")"
        if view["known"][seat]:
            line += ", known to hold " + " ".join(view["known"][seat])
        parts.append(line + ".")
    parts.append(last_line(view).rstrip("!.") + ".")
    final = _scored(view)
    if final is not None:
        parts.append(final_alt(final))
    elif not view.get("over") and view.get("to_move"):
        parts.append(f"{names[view['to_move'][0]]} to ask.")
    return " ".join(parts)


def warm() -> None:
    """Build the tiles, backgrounds and palettes ahead of time (the bot calls this at start)."""
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
        _tile(rank, False)
        _tile(rank, True)
    for players in range(2, 7):
        _background(players)
    render_table(_SAMPLE)
    render_hand({**_SAMPLE, "seat": 0, "hand": _SAMPLE_HAND})
