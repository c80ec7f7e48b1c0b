"""Rummy pictures and alt text, from the views of engine/rummy.py (plus `names`).

The table: a header (hand number, match length), the stock with its count, the
discard pile fanned with its top card whole, then one band per seat: name, score,
cards held (as a back with a count), the cards the table saw it take (the one taken
this turn ringed in gold) and, under it, the melds it laid, each with its number for
`layoff … on N`. The hand picture shows a seat's cards grouped by suit, the taken
card ringed, and the numbered melds. Only public view keys are drawn on the table.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers.cards import (
    back_image,
    card_size,
    index_step,
    paste_card,
    paste_groups,
    paste_row,
)
from renderers.draw import (
    CREAM,
    GOLD,
    INK,
    MUTED,
    PANEL,
    SEAT_COLORS,
    KeptTiles,
    card_label,
    drawable,
    ellipsize,
    felt,
    palette_sheet,
    rounded_box,
    text,
    to_png,
)
from renderers.endings import final_alt, final_banner, final_of

__all__ = ["alt_text", "render_hand", "render_table"]

W = 640
PAD = 16
HEADER_H = 48
PILES_H = 150
SEAT_HEAD = 66
MELD_SIZE = "small"
MELD_GAP = 14
NUMBER_H = 22
_SUITS = ("S", "H", "D", "C")


def _names(view: dict[str, Any]) -> list[str]:
    names = list(view.get("names") or [])
    n = int(view.get("players") or len(names) or 2)
    return [str(names[s]) if s < len(names) else f"Seat {s + 1}" for s in range(n)]


def _colour(seat: int) -> tuple[int, ...]:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def _match_text(view: dict[str, Any]) -> str:
    target = view.get("target", "100")
    hand = f"Hand {view.get('hand_no', 1)}"
    if target == "one-hand":
        return "One hand"
    return f"{hand} of {view.get('max_hands', 10)} · to {target}"


# -- melds ----------------------------------------------------------------------


def _meld_width(cards: list[str]) -> int:
    return card_size(MELD_SIZE)[0] + index_step(MELD_SIZE) * (len(cards) - 1)


def _meld_rows(melds: list[tuple[int, list[str]]], width: int) -> list[list[tuple[int, list[str]]]]:
    rows: list[list[tuple[int, list[str]]]] = [[]]
    used = 0
    for number, cards in melds:
        w = _meld_width(cards)
        if rows[-1] and used + MELD_GAP + w > width:
            rows.append([])
            used = 0
        used += w + (MELD_GAP if rows[-1] else 0)
        rows[-1].append((number, cards))
    return [r for r in rows if r]


def _melds_height(melds: list[tuple[int, list[str]]], width: int) -> int:
    if not melds:
        return 0
    return len(_meld_rows(melds, width)) * (NUMBER_H + card_size(MELD_SIZE)[1] + 8)


def _draw_melds(canvas: Image.Image, melds: list[tuple[int, list[str]]], x0: int, y: int, width: int) -> int:
    """Numbered melds wrapped into rows from (x0, y); returns the y below them."""
    h = card_size(MELD_SIZE)[1]
    d = ImageDraw.Draw(canvas)
    for row in _meld_rows(melds, width):
        x = x0
        for number, cards in row:
            rounded_box(canvas, (x, y, x + 30, y + NUMBER_H - 2), 6, fill=GOLD)
            text(d, (x + 15, y + NUMBER_H // 2 - 1), str(number), 17, INK, bold=True, anchor="mm")
            paste_groups(canvas, [cards], (x, y + NUMBER_H), MELD_SIZE)
            x += _meld_width(cards) + MELD_GAP
        y += NUMBER_H + h + 8
    return y


def _melds_by_seat(view: dict[str, Any]) -> dict[int, list[tuple[int, list[str]]]]:
    out: dict[int, list[tuple[int, list[str]]]] = {}
    for i, m in enumerate(view.get("melds") or []):
        out.setdefault(int(m["seat"]), []).append((i + 1, list(m["cards"])))
    return out


# -- the table --------------------------------------------------------------------


def _seat_height(view: dict[str, Any], seat: int, melds: dict[int, list[tuple[int, list[str]]]]) -> int:
    return SEAT_HEAD + _melds_height(melds.get(seat, []), W - 2 * PAD - 16) + 10


def _header(canvas: Image.Image, view: dict[str, Any]) -> None:
    d = ImageDraw.Draw(canvas)
    text(d, (PAD, HEADER_H // 2), "Rummy", 28, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    text(d, (W - PAD, HEADER_H // 2), _match_text(view), 20, CREAM, anchor="rm")


def _piles(canvas: Image.Image, view: dict[str, Any], y: int) -> None:
    d = ImageDraw.Draw(canvas)
    cw, ch = card_size("normal")
    paste_card(canvas, back_image("normal"), (PAD + 6, y + 22))
    stock = int(view.get("stock") or 0)
    text(d, (PAD + 6 + cw // 2, y + 10), "Stock", 17, MUTED, anchor="mm")
    rounded_box(
        canvas,
        (PAD + 6 + cw // 2 - 22, y + 22 + ch // 2 - 15, PAD + 6 + cw // 2 + 22, y + 22 + ch // 2 + 15),
        8,
        fill=(10, 14, 12, 220),
    )
    text(d, (PAD + 6 + cw // 2, y + 22 + ch // 2), str(stock), 22, CREAM, bold=True, anchor="mm")
    pile = list(view.get("discard_pile") or [])
    x = PAD + cw + 40
    text(d, (x, y + 10), f"Discard pile ({len(pile)})", 17, MUTED, anchor="lm")
    shown = pile[-9:]
    if shown:
        paste_row(canvas, shown, (x, y + 22), "normal", max_width=W - PAD - x)
    else:
        text(d, (x, y + 22 + ch // 2), "empty", 20, MUTED, anchor="lm")


def _seat_band(
    canvas: Image.Image,
    view: dict[str, Any],
    seat: int,
    y: int,
    h: int,
    names: list[str],
    melds: list[tuple[int, list[str]]],
) -> None:
    d = ImageDraw.Draw(canvas)
    moving = seat in (view.get("to_move") or [])
    rounded_box(canvas, (PAD, y, W - PAD, y + h - 6), 12, fill=PANEL)
    if moving:
        rounded_box(canvas, (PAD, y, W - PAD, y + h - 6), 12, outline=GOLD, width=3)
    colour = _colour(seat)
    x = PAD + 12
    cy = y + SEAT_HEAD // 2
    if moving:
        text(d, (x, cy), "▶", 20, GOLD, anchor="lm")
        x += 24
    name = ellipsize(names[seat], 22, 210, True)
    text(d, (x, cy), name, 22, colour, bold=True, anchor="lm")
    scores = view.get("scores") or []
    score = scores[seat] if seat < len(scores) else 0
    text(d, (x + 218, cy), f"{score} pts", 20, CREAM, anchor="lm")
    # Cards held: a tiny back with the count on it.
    sizes = view.get("hand_sizes") or []
    held = sizes[seat] if seat < len(sizes) else 0
    bx = 340
    paste_card(canvas, back_image("tiny"), (bx, y + 4), shadow=False)
    tw = card_size("tiny")[0]
    text(d, (bx + tw + 6, cy), f"{held}", 20, CREAM, bold=True, anchor="lm")
    # Cards the table saw this seat take, still held; this turn's take ringed.
    known = list((view.get("known") or [[]] * (seat + 1))[seat]) if seat < len(view.get("known") or []) else []
    if known:
        kx = bx + tw + 40
        text(d, (kx, cy), "took", 16, MUTED, anchor="lm")
        taken = view.get("taken") if moving else None
        rings = {i: GOLD for i, c in enumerate(known) if c == taken}
        paste_row(
            canvas,
            known,
            (kx + 38, y + 4),
            "tiny",
            gap=3,
            max_width=W - PAD - 10 - kx - 38,
            outlines=rings,
            shadow=False,
        )
    if melds:
        _draw_melds(canvas, melds, PAD + 10, y + SEAT_HEAD, W - 2 * PAD - 16)


# Seat bands (~0.2 MB each in full colour): a move changes one or two, the rest are pasted as
# they were. 32 hold the seats of 5 tables of 6; a table in play reuses only its own.
_bands = KeptTiles(32)


def _kept_band(
    canvas: Image.Image,
    view: dict[str, Any],
    seat: int,
    y: int,
    h: int,
    names: list[str],
    melds: list[tuple[int, list[str]]],
) -> None:
    """The seat's band as last drawn if nothing it shows has changed (the felt under it
    depends on the table's height and the band's place)."""
    moving = seat in (view.get("to_move") or [])
    per_seat = [(view.get(k) or [])[seat : seat + 1] for k in ("scores", "hand_sizes")]
    known = (view.get("known") or [])[seat : seat + 1]
    key = (
        canvas.height,
        y,
        h,
        seat,
        moving,
        names[seat],
        *(tuple(v) for v in per_seat),
        tuple(tuple(k) for k in known),
        view.get("taken") if moving else None,
        tuple((number, tuple(cards)) for number, cards in melds),
    )

    def draw() -> Image.Image:
        band = canvas.crop((0, y, W, y + h))
        _seat_band(band, view, seat, 0, h, names, melds)
        return band

    canvas.paste(_bands.get(key, draw), (0, y))


def _final(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """The bot's `final` (its standings given their points once the match is played out),
    or one built from a match that ended normally."""
    final = final_of(view)
    if not view.get("over"):
        return final
    scores = list(view.get("scores") or [0] * len(names))
    places = list(final["places"]) if final is not None and final.get("places") else None
    if places is None or len(places) != len(scores):
        places = [1 + sum(1 for o in scores if o > x) for x in scores]
    order = sorted(range(len(scores)), key=lambda s: (places[s], -scores[s], s))
    lines = [f"{places[s]}. {names[s]} · {scores[s]} pts" for s in order]
    if final is not None:
        return {**final, "lines": lines, "places": places}
    best = max(scores) if scores else 0
    leaders = [names[s] for s, x in enumerate(scores) if x == best]
    headline = f"{leaders[0]} wins" if len(leaders) == 1 else " and ".join(leaders) + " tie"
    return {"headline": headline, "lines": lines, "places": places}


def _table_image(view: dict[str, Any]) -> Image.Image:
    names = _names(view)
    n = len(names)
    melds = _melds_by_seat(view)
    final = _final(view, names)
    if final is not None:
        view = dict(view, to_move=[])
    heights = [_seat_height(view, s, melds) for s in range(n)]
    height = HEADER_H + PILES_H + sum(heights) + PAD
    canvas = felt(W, height)
    _header(canvas, view)
    _piles(canvas, view, HEADER_H)
    y = HEADER_H + PILES_H
    for s in range(n):
        _kept_band(canvas, view, s, y, heights[s], names, melds.get(s, []))
        y += heights[s]
    if final is not None:
        final_banner(canvas, final, height // 2)
    return canvas


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes."""
    return to_png(_table_image(drawable(view)), key="rummy.table", source=_palette_source)


# -- a seat's hand -------------------------------------------------------------------


def _by_suit(hand: list[str]) -> list[list[str]]:
    """The hand grouped by suit, each group low to high, so runs read at a glance."""
    from engine.rummy_melds import RANK

    groups = []
    for s in _SUITS:
        g = sorted((c for c in hand if c.endswith(s)), key=lambda c: RANK.get(c, 0))
        if g:
            groups.append(g)
    return groups


def _hand_image(view: dict[str, Any]) -> Image.Image:
    names = _names(view)
    seat = view.get("seat")
    hand = list(view.get("hand") or [])
    cw, ch = card_size("normal")
    groups = _by_suit(hand)
    # Two rows at most: suits split where they fit.
    rows: list[list[list[str]]] = [[]]
    used = 0
    for g in groups:
        gw = cw + index_step("normal") * (len(g) - 1)
        if rows[-1] and used + 14 + gw > W - 2 * PAD:
            rows.append([])
            used = 0
        used += gw + (14 if rows[-1] else 0)
        rows[-1].append(g)
    melds = [(i + 1, list(m["cards"])) for i, m in enumerate(view.get("melds") or [])]
    melds_h = _melds_height(melds, W - 2 * PAD)
    height = HEADER_H + len(rows) * (ch + 16) + 40 + (30 + melds_h if melds else 0) + PAD
    canvas = felt(W, height)
    d = ImageDraw.Draw(canvas)
    who = names[seat] if isinstance(seat, int) and seat < len(names) else "Your"
    text(
        d,
        (PAD, HEADER_H // 2),
        ellipsize(f"{who} · {len(hand)} cards", 24, W - 200, True),
        24,
        GOLD,
        bold=True,
        anchor="lm",
    )
    pile = view.get("discard_pile") or []
    top = f"Discard: {card_label(pile[-1])}" if pile else "Discard pile empty"
    text(d, (W - PAD, HEADER_H // 2), top, 20, CREAM, anchor="rm")
    y = HEADER_H + 8
    taken = view.get("taken") if seat in (view.get("to_move") or []) else None
    for row in rows:
        boxes = paste_groups(canvas, row, (W // 2, y), "normal", gap=14, align="center")
        flat = [c for g in row for c in g]
        for code, box in zip(flat, boxes, strict=True):
            if code == taken:
                rounded_box(canvas, (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), 9, outline=GOLD, width=4)
        y += ch + 16
    note = "Ringed: the card you took (you can't discard it this turn)." if taken in hand else ""
    phase = view.get("phase")
    if not note and seat in (view.get("to_move") or []):
        note = "Your turn: draw or take." if phase == "draw" else "Your turn: meld, lay off, then discard."
    text(d, (W // 2, y + 12), note, 18, MUTED, anchor="mm")
    y += 40
    if melds:
        text(d, (PAD, y + 10), "Melds on the table", 18, MUTED, anchor="lm")
        _draw_melds(canvas, melds, PAD, y + 28, W - 2 * PAD)
    return canvas


def render_hand(view: dict[str, Any]) -> bytes:
    """A seat's private picture: its hand grouped by suit and the numbered melds."""
    return to_png(_hand_image(drawable(view)), key="rummy.hand", source=_palette_source)


def _palette_source() -> Image.Image:
    """A sample of the art (felt, panels, every card face, backs, gold) to learn one palette from."""
    deck = [r + s for s in _SUITS for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    melds = [{"cards": deck[i : i + 4], "seat": i // 13 % 2} for i in range(0, 52, 4)]
    view = {
        "players": 2,
        "names": ["A", "B"],
        "melds": melds,
        "discard_pile": deck[:9],
        "to_move": [0],
        "known": [deck[9:12], []],
        "taken": deck[9],
        "hand_sizes": [3, 4],
        "stock": 9,
        "seat": 0,
        "hand": deck[:11],
    }
    return palette_sheet([_table_image(view), _hand_image(view)])


# -- alt text ---------------------------------------------------------------------------


def alt_text(view: dict[str, Any]) -> str:
    """The table in words, public facts only (never a hand)."""
    names = _names(view)
    parts = [f"Rummy, {_match_text(view).replace(' · ', ', ').lower()}."]
    final = _final(view, names)
    if final is not None:
        parts.append(final_alt(final))
    pile = view.get("discard_pile") or []
    top = f"top card {card_label(pile[-1])}" if pile else "empty"
    parts.append(f"Stock {view.get('stock', 0)} cards; discard pile {len(pile)} cards, {top}.")
    melds = _melds_by_seat(view)
    sizes = view.get("hand_sizes") or []
    scores = view.get("scores") or []
    known = view.get("known") or []
    for s, name in enumerate(names):
        bits = [f"{scores[s] if s < len(scores) else 0} points", f"{sizes[s] if s < len(sizes) else 0} cards"]
        if s < len(known) and known[s]:
            bits.append("took " + " ".join(card_label(c) for c in known[s]))
        for number, cards in melds.get(s, []):
            bits.append(f"meld {number}: " + " ".join(card_label(c) for c in cards))
        parts.append(f"{name}: " + ", ".join(bits) + ".")
    if final is None and view.get("to_move"):
        mover = view["to_move"][0]
        doing = "to draw" if view.get("phase") == "draw" else "to play"
        parts.append(f"{names[mover]} {doing}.")
    return " ".join(parts)
