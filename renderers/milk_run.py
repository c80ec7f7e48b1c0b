"""Milk Run pictures and alt text, from the views of engine/milk_run.py (plus `names`).

The table: a header with the title, whose turn it is (and how far through it), the stock
as a card back with its count and the discard pile's top three cards; then one panel per
seat, two to a row, each with a black and a red row: the limit (the top card's rank and
suit, or a plain 5 while the pile is empty), the go pile's top on green (go) or red (stop),
and the deliver column fanned with its total against 30 (the card that reached 30 lies
sideways). The hand picture shows the seat's cards sorted by colour, kind and rank, the
ones it can deliver or put on a go pile now raised. Nothing here reads a hidden card.
"""

from __future__ import annotations

import functools
from typing import Any

from PIL import Image, ImageDraw

from renderers.cards import back_image, card_image, card_size, paste_card, paste_row, slot_image
from renderers.draw import (
    BLACK_SUIT,
    CREAM,
    GOLD,
    INK,
    MUTED,
    PANEL,
    RED_SUIT,
    WHITE,
    Color,
    card_label,
    clean,
    ellipsize,
    felt,
    palette_sheet,
    paste_suit,
    rounded_box,
    text,
    text_size,
)
from renderers.draw import to_png as encode
from renderers.endings import banner_height, final_alt, final_banner, final_of, final_winners
from renderers.seat_ring import hand_picture

__all__ = ["GO_OPEN", "GO_STOP", "WIDTH", "alt_text", "hand_canvas", "panel_boxes", "render_hand", "render_table"]

WIDTH = 760
MARGIN = 16
HEADER_H = 132
PANEL_W = (WIDTH - 3 * MARGIN) // 2
PANEL_H = 190
ROW_H = 70  # one colour's row in a seat panel
TILE = 58  # limit and go tiles are TILE px square
TARGET = 30
GO_OPEN: Color = (46, 150, 78)
GO_STOP: Color = (196, 48, 48)
_TILE_FACE: Color = (252, 247, 234)
_TILE_EDGE: Color = (140, 122, 96)
_SUITS = {"black": ("S", "C"), "red": ("H", "D")}
_INK = {"black": BLACK_SUIT, "red": RED_SUIT}


def _players(view: dict[str, Any]) -> int:
    return max(2, min(8, int(view.get("players") or len(view.get("hand_sizes") or []) or 2)))


def _names(view: dict[str, Any]) -> list[str]:
    given = list(view.get("names") or [])
    return [clean(str(given[s]) if s < len(given) else "") or f"Player {s + 1}" for s in range(_players(view))]


def panel_boxes(players: int) -> list[tuple[int, int, int, int]]:
    """Each seat's panel (x0, y0, x1, y1): two to a row under the header, seat 0 first."""
    boxes = []
    for seat in range(players):
        col, row = seat % 2, seat // 2
        x = MARGIN + col * (PANEL_W + MARGIN)
        y = HEADER_H + MARGIN + row * (PANEL_H + MARGIN)
        boxes.append((x, y, x + PANEL_W, y + PANEL_H))
    return boxes


def row_boxes(box: tuple[int, int, int, int]) -> dict[str, tuple[int, int, int, int]]:
    """The black and red rows of a seat panel."""
    x0, y0, x1, _ = box
    top = y0 + 44
    return {c: (x0 + 8, top + i * (ROW_H + 4), x1 - 8, top + i * (ROW_H + 4) + ROW_H) for i, c in enumerate(_SUITS)}


def tile_boxes(row: tuple[int, int, int, int]) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """The limit tile and the go tile of a row."""
    x0, y0, _, y1 = row
    ty = y0 + (y1 - y0 - TILE) // 2
    lx = x0 + 40
    gx = lx + TILE + 8
    return (lx, ty, lx + TILE, ty + TILE), (gx, ty, gx + TILE, ty + TILE)


@functools.lru_cache(maxsize=4)  # ~3 MB each, by player count: the tables in play
def _background(players: int) -> Image.Image:
    """Felt, header and every seat's empty panel with its colour chips: what never changes."""
    rows = (players + 1) // 2
    canvas = felt(WIDTH, HEADER_H + MARGIN + rows * (PANEL_H + MARGIN)).copy()
    rounded_box(canvas, (MARGIN, 8, WIDTH - MARGIN, HEADER_H), 14, fill=PANEL)
    text(canvas, (MARGIN + 16, 16), "MILK RUN", 30, GOLD, bold=True, shadow=(0, 0, 0))
    for box in panel_boxes(players):
        rounded_box(canvas, box, 14, fill=PANEL)
        for colour, row in row_boxes(box).items():
            rounded_box(canvas, row, 10, fill=(0, 0, 0, 60))
            x0, y0, _, y1 = row
            cy = (y0 + y1) // 2
            for i, s in enumerate(_SUITS[colour]):
                paste_suit(canvas, s, (x0 + 16, cy - 12 + 24 * i), 20, _INK[colour] if colour == "red" else CREAM)
    return canvas


@functools.lru_cache(maxsize=256)
def _tile(card: str, kind: str, state: str) -> Image.Image:
    """A limit or go tile: the top card's rank and suit on ivory (the limit), or on green / red (go)."""
    img = Image.new("RGBA", (TILE, TILE), (0, 0, 0, 0))
    fill = {"open": GO_OPEN, "stop": GO_STOP}.get(state, _TILE_FACE)
    rounded_box(img, (0, 0, TILE, TILE), 9, fill=fill, outline=_TILE_EDGE if state == "plain" else WHITE, width=2)
    ink = INK if state == "plain" else WHITE
    # 15 px: the smallest that reads at 7.5 px on a phone (a 760 px picture shown 400 wide)
    text(img, (TILE / 2, 11), kind, 15, _TILE_EDGE if state == "plain" else CREAM, bold=True, anchor="mm")
    if not card:
        word = "5" if kind == "limit" else "STOP"
        text(img, (TILE / 2, 36), word, 28 if kind == "limit" else 17, ink, bold=True, anchor="mm")
    elif card == "JK":
        text(img, (TILE / 2, 37), "JOKER", 15, ink, bold=True, anchor="mm")
    else:
        rank, suit = card[:-1], card[-1]
        if state == "plain":
            ink = RED_SUIT if suit in "HD" else BLACK_SUIT
        text(img, (TILE / 2 - 8, 37), rank, 26, ink, bold=True, anchor="mm")
        paste_suit(img, suit, (TILE / 2 + (16 if len(rank) > 1 else 12), 38), 16, ink)
    return img


@functools.lru_cache(maxsize=128)
def _sideways(card: str) -> Image.Image:
    return card_image(card, "tiny").rotate(90, expand=True)


def _deliveries(canvas: Image.Image, cards: list[str], total: int, x0: int, row: tuple[int, int, int, int]) -> None:
    """The deliver column fanned left to right, the card that reached 30 sideways, and the total."""
    _, y0, x1, y1 = row
    label = f"{total}"
    done = total >= TARGET
    tw = max(text_size(label, 28, True)[0], text_size("/30", 18, True)[0])
    room = x1 - x0 - tw - 14
    cw, ch = card_size("tiny")
    cy = (y0 + y1) // 2
    if cards:
        step = min(cw + 2, max(6, (room - ch) // max(1, len(cards) - 1))) if len(cards) > 1 else 0
        running, turned = 0, -1
        for i, card in enumerate(cards):
            running += int(card[:-1]) if card[:-1].isdigit() else 0
            if turned < 0 and running >= TARGET:
                turned = i
        x = x0
        for i, card in enumerate(cards):
            if i == turned:
                img = _sideways(card)
                paste_card(canvas, img, (x, cy - img.height // 2), shadow=False)
                x += step + (ch - cw)
            else:
                paste_card(canvas, card_image(card, "tiny"), (x, cy - ch // 2), shadow=False)
                x += step
    else:
        text(canvas, (x0 + 4, cy), "no deliveries", 16, MUTED, anchor="lm")
    colour = GOLD if done else WHITE
    text(canvas, (x1 - 6, cy - 6), label, 28, colour, bold=True, anchor="rm")
    # the target at 18 px: at 14 it was 7 px once a phone shrinks the table
    text(canvas, (x1 - 6, cy + 21), "/30", 18, colour if done else MUTED, bold=True, anchor="rm")


def _panel(canvas: Image.Image, view: dict[str, Any], seat: int, box: tuple[int, int, int, int], live: bool) -> None:
    x0, y0, x1, _ = box
    names = _names(view)
    moving = live and seat in (view.get("to_move") or [])
    final = final_of(view)
    won = (final is not None and seat in final_winners(final)) or view.get("winner") == seat
    if moving or won:
        rounded_box(canvas, box, 14, outline=GOLD, width=4)
    size = int((view.get("hand_sizes") or [0] * (seat + 1))[seat])
    cards = f"{size} card{'s' if size != 1 else ''}"
    tag = "TO PLAY" if moving else ("WINNER" if won else "")
    tag_w = text_size(tag, 15, True)[0] + 14 if tag else 0
    cw = text_size(cards, 18)[0]
    text(canvas, (x1 - 14 - tag_w - (8 if tag else 0), y0 + 22), cards, 18, MUTED, anchor="rm")
    room = x1 - x0 - 40 - tag_w - cw
    text(canvas, (x0 + 14, y0 + 22), ellipsize(names[seat], 24, room, True), 24, WHITE, bold=True, anchor="lm")
    if tag:
        rounded_box(canvas, (x1 - 12 - tag_w, y0 + 11, x1 - 12, y0 + 33), 10, fill=GOLD)
        text(canvas, (x1 - 12 - tag_w / 2, y0 + 22), tag, 15, INK, bold=True, anchor="mm")
    piles = (view.get("piles") or [])[seat]
    totals = (view.get("deliveries") or [])[seat]
    for colour, row in row_boxes(box).items():
        mine = piles[colour]
        limit_top = mine["limit"][-1] if mine["limit"] else ""
        go_top = mine["go"][-1] if mine["go"] else ""
        layer = _row_layer(limit_top, go_top, tuple(str(c) for c in mine["deliver"]), int(totals[colour]))
        canvas.alpha_composite(layer, row[:2])


@functools.lru_cache(maxsize=64)  # ~0.1 MB each: a table shows 2 rows a seat, 12 at 6 seats: ~5 tables
def _row_layer(limit_top: str, go_top: str, deliver: tuple[str, ...], total: int) -> Image.Image:
    """One colour's row (limit tile, go tile, deliveries) on a clear layer: rows change
    one at a time, so a table redraw mostly reuses them."""
    x0, y0, x1, y1 = row_boxes(panel_boxes(1)[0])["black"]
    row = (0, 0, x1 - x0, y1 - y0)
    layer = Image.new("RGBA", row[2:], (0, 0, 0, 0))
    limit_box, go_box = tile_boxes(row)
    layer.alpha_composite(_tile(limit_top, "limit", "plain"), limit_box[:2])
    is_go = bool(go_top) and go_top != "JK" and go_top[:-1] in ("J", "Q", "K")
    layer.alpha_composite(_tile(go_top, "go", "open" if is_go else "stop"), go_box[:2])
    _deliveries(layer, list(deliver), total, go_box[2] + 10, row)
    return layer


def _status(view: dict[str, Any], names: list[str]) -> str:
    movers = [s for s in view.get("to_move") or [] if 0 <= s < len(names)]
    if view.get("over") or not movers:
        return "Game over"
    who = names[movers[0]]
    if int(view.get("draws") or 0) < 2:
        return f"{who} draws ({int(view.get('draws') or 0) + 1} of 2)"
    return f"{who} plays ({int(view.get('plays') or 0) + 1} of 2)"


def _header(canvas: Image.Image, view: dict[str, Any], names: list[str], live: bool) -> None:
    d = ImageDraw.Draw(canvas)
    status = _status(view, names) if live else "Game over"
    text(d, (MARGIN + 16, 62), ellipsize(status, 24, 300), 24, CREAM, bold=live)
    stock = int(view.get("stock") or 0)
    text(d, (MARGIN + 16, 98), f"Stock {stock} · discards {len(view.get('discard') or [])}", 20, MUTED)
    cw, ch = card_size("small")
    sx, sy = WIDTH - MARGIN - 16 - 3 * (cw + 6) - cw - 30, 8 + (HEADER_H - 8 - ch) // 2
    paste_card(canvas, back_image("small") if stock else slot_image("small"), (sx, sy), shadow=bool(stock))
    text(d, (sx + cw / 2, sy + ch / 2), str(stock), 22, WHITE, bold=True, anchor="mm", shadow=(0, 0, 0))
    top3 = [str(c) for c in (view.get("discard") or [])[-3:]]
    dx = sx + cw + 30
    if top3:
        paste_row(canvas, top3, (dx, sy), "small", gap=6)
    else:
        paste_card(canvas, slot_image("small"), (dx, sy), shadow=False)


def table_canvas(view: dict[str, Any]) -> Image.Image:
    """The table picture before encoding (tests read its pixels)."""
    players = _players(view)
    names = _names(view)
    final = final_of(view)
    live = final is None and not view.get("over")
    canvas = _background(players).copy()
    _header(canvas, view, names, live)
    for seat, box in enumerate(panel_boxes(players)):
        _panel(canvas, view, seat, box, live)
    if final is not None:
        final_banner(canvas, final, max(canvas.height // 2, banner_height(final, WIDTH) // 2))
    return canvas


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes (a `hand` in the view is ignored)."""
    return encode(table_canvas(view), key="milk_run", source=_sample)


# ---------------------------------------------------------------------------
# The hand
# ---------------------------------------------------------------------------


def _is_open(go: list[str]) -> bool:
    return bool(go) and go[-1] != "JK" and go[-1][:-1] in ("J", "Q", "K")


def useful_now(view: dict[str, Any]) -> list[bool]:
    """For each card of the view's hand: can it go on your column or a go pile now?

    (Every number card fits a limit pile and every card the discard pile, so those don't count.)
    """
    hand = [str(c) for c in view.get("hand") or []]
    seat = view.get("seat")
    if seat not in (view.get("to_move") or []) or view.get("over") or int(view.get("draws") or 0) < 2:
        return [False] * len(hand)
    piles = view["piles"]
    limits = view["limits"][seat]
    out = []
    for card in hand:
        if card == "JK":
            out.append(
                any(
                    _is_open(piles[seat][c]["go"]) and _is_open(piles[o][c]["go"])
                    for c in ("black", "red")
                    for o in range(len(piles))
                    if o != seat
                )
            )
            continue
        colour = "red" if card[-1] in "HD" else "black"
        rank = card[:-1]
        if rank.isdigit():
            out.append(_is_open(piles[seat][colour]["go"]) and int(rank) <= int(limits[colour]))
        elif rank == "A":
            out.append(any(_is_open(p[colour]["go"]) for o, p in enumerate(piles) if o != seat))
        else:
            out.append(not _is_open(piles[seat][colour]["go"]))
    return out


def _hint(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    if view.get("over"):
        return "The game is over."
    if seat not in (view.get("to_move") or []):
        return "Waiting for your turn."
    if int(view.get("draws") or 0) < 2:
        took = view.get("took")
        return "Draw from the stock." if took or not view.get("discard") else "Draw, or take the top discard."
    if any(useful_now(view)):
        return "Play two cards. Raised: deliveries, go cards, stops and steals."
    return "Play two cards: limits or discards."


def hand_canvas(view: dict[str, Any]) -> Image.Image:
    """The seat's hand picture before encoding."""
    return hand_picture(view, useful_now(view), _hint(view))


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's hand sorted by colour, kind and rank, cards with a real play raised."""
    return encode(hand_canvas(view), key="milk_run", source=_sample)


# ---------------------------------------------------------------------------
# Alt text
# ---------------------------------------------------------------------------


def _seat_words(view: dict[str, Any], seat: int, name: str) -> str:
    piles = view["piles"][seat]
    totals = view["deliveries"][seat]
    limits = view["limits"][seat]
    bits = []
    for colour in ("black", "red"):
        go = piles[colour]["go"]
        state = "go" if _is_open(go) else "stop"
        top = f" ({card_label(go[-1])})" if go else ""
        bits.append(f"{colour} limit {limits[colour]}, {state}{top}, delivered {totals[colour]} of 30")
    size = view["hand_sizes"][seat]
    return f"{name}: {size} card{'s' if size != 1 else ''}; " + "; ".join(bits) + "."


def alt_text(view: dict[str, Any]) -> str:
    """Public facts only: never a hand, even if the view carries one."""
    names = _names(view)
    players = _players(view)
    parts = [f"Milk Run, {players} players."]
    final = final_of(view)
    if final is not None:
        parts.append(final_alt(final))
    elif view.get("over"):
        winner = view.get("winner")
        parts.append(f"{names[winner]} delivered 30 of each." if isinstance(winner, int) else "The stock is spent.")
    else:
        parts.append(_status(view, names) + ".")
    discard = [card_label(str(c)) for c in (view.get("discard") or [])[-3:]]
    parts.append(f"Stock {int(view.get('stock') or 0)}.")
    parts.append("Discard pile top: " + ", ".join(discard) + "." if discard else "Discard pile empty.")
    parts.extend(_seat_words(view, seat, names[seat]) for seat in range(players))
    return " ".join(parts)[:1500]


def _sample() -> Image.Image:
    """A seeded eight-seat game part played, to learn the PNG palette from once."""
    import random

    from engine.milk_run import MilkRun

    state = MilkRun.new(8, seed=1)
    rng = random.Random(1)
    for _ in range(200):
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng) or state.legal_actions(seat)[0])
    table = table_canvas({**state.view(None), "names": [f"Player {i}" for i in range(8)]})
    hand = hand_canvas({**state.view(seat), "names": [f"Player {i}" for i in range(8)]})
    return palette_sheet([table, hand])


def warm() -> None:
    """Build the sprites and backgrounds before the first render."""
    from renderers.cards import warm as warm_cards

    warm_cards(("large", "small", "tiny"), dickory=False)
    for players in range(2, 9):
        _background(players)
    encode(_sample(), key="milk_run", source=_sample)
