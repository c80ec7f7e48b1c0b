"""Hand and Foot pictures and alt text, from the views of engine/hand_and_foot.py (plus `names`).

The table: a header (hand number, opening minimum), the stock and the discard pile's top card
with their counts, then one band per side: both partners (cards held, hand or foot, the feet
still down), the side's score, red 3s and whether it has opened; under it the side's melds,
incomplete ones fanned and piles squared into one card with a coloured edge (red: clean, black:
dirty, gold: wild) and the mover's staged melds in a dashed frame. The hand picture shows a
seat's cards grouped by rank. Only public view keys are drawn on the table.

Speed: the PNG palette is learnt once from a fixed sample (`_palette_source`), the felt with
its header is built once per height and header text, and each side band is kept as a tile
keyed by everything it shows, so a move redraws only the band (and the piles) it changed.
"""

from __future__ import annotations

import functools
from typing import Any

from PIL import Image, ImageDraw

from renderers.cards import back_image, card_image, card_size, group_rows, group_width, paste_card, paste_groups
from renderers.draw import (
    BLACK_SUIT,
    CREAM,
    GOLD,
    MUTED,
    PANEL,
    RED_SUIT,
    SEAT_COLORS,
    KeptTiles,
    card_label,
    drawable,
    ellipsize,
    felt,
    felt_patch,
    palette_sheet,
    paste_over,
    rounded_box,
    text,
    text_size,
    to_png,
)
from renderers.endings import final_alt, final_banner, final_of

__all__ = ["alt_text", "clear_tiles", "render_hand", "render_table"]

W = 640
PAD = 14
HEADER_H = 46
PILES_H = 138
SIDE_HEAD = 74
MELD = "small"
GAP = 12
LABEL_H = 20
PILE_EDGE = {"clean": RED_SUIT, "dirty": BLACK_SUIT, "wild": GOLD}
PILE_TOP = {"clean": "H", "dirty": "S"}


def _names(view: dict[str, Any]) -> list[str]:
    names = list(view.get("names") or [])
    return [str(names[s]) if s < len(names) else f"Seat {s + 1}" for s in range(4)]


def _kind(meld: dict[str, Any]) -> str | None:
    cards = list(meld["cards"])
    if len(cards) < 7:
        return None
    if meld["rank"] == "wild":
        return "wild"
    return "dirty" if any(c == "JK" or c[:-1] == "2" for c in cards) else "clean"


def _rank_word(rank: str) -> str:
    return "wild" if rank == "wild" else f"{rank}s"


# -- melds ----------------------------------------------------------------------


def _item_width(meld: dict[str, Any]) -> int:
    if _kind(meld):
        return card_size(MELD)[0] + 8
    return group_width(len(meld["cards"]), MELD)


def _rows(melds: list[dict[str, Any]], width: int) -> list[list[dict[str, Any]]]:
    rows: list[list[dict[str, Any]]] = [[]]
    used = 0
    for m in melds:
        w = _item_width(m)
        if rows[-1] and used + GAP + w > width:
            rows.append([])
            used = 0
        used += w + (GAP if rows[-1] else 0)
        rows[-1].append(m)
    return [r for r in rows if r]


def _row_h() -> int:
    return LABEL_H + card_size(MELD)[1] + 8


def _melds_height(melds: list[dict[str, Any]], width: int) -> int:
    return len(_rows(melds, width)) * _row_h() if melds else 0


def _draw_pile(canvas: Image.Image, meld: dict[str, Any], x: int, y: int) -> None:
    """A pile squared up: a few offset edges under one card, ringed in its colour."""
    kind = _kind(meld)
    assert kind is not None
    top = "JK" if kind == "wild" else meld["rank"] + PILE_TOP[kind]
    paste_over(canvas, _pile_sprite(top, kind), (x - 4, y - 4))


@functools.lru_cache(maxsize=64)
def _pile_sprite(top: str, kind: str) -> Image.Image:
    w, h = card_size(MELD)
    edge = PILE_EDGE[kind]
    img = Image.new("RGBA", (w + 16, h + 16), (0, 0, 0, 0))
    for k in (3, 2, 1):
        box = (4 + 2 * k, 4 + 2 * k, 4 + w + 2 * k, 4 + h + 2 * k)
        rounded_box(img, box, 5, fill=(235, 230, 220), outline=edge)
    img.alpha_composite(card_image(top, MELD), (4, 4))
    rounded_box(img, (2, 2, 4 + w + 2, 4 + h + 2), 7, outline=edge, width=4)
    return img


def _dashed(canvas: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, ...]) -> None:
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = box
    dash = 8
    for x in range(x0, x1, 2 * dash):
        d.line(((x, y0), (min(x + dash, x1), y0)), fill=colour, width=3)
        d.line(((x, y1), (min(x + dash, x1), y1)), fill=colour, width=3)
    for y in range(y0, y1, 2 * dash):
        d.line(((x0, y), (x0, min(y + dash, y1))), fill=colour, width=3)
        d.line(((x1, y), (x1, min(y + dash, y1))), fill=colour, width=3)


def _draw_melds(canvas: Image.Image, melds: list[dict[str, Any]], x0: int, y: int, width: int, staged: bool) -> int:
    d = ImageDraw.Draw(canvas)
    for row in _rows(melds, width):
        x = x0
        for m in row:
            kind = _kind(m)
            if kind:
                label = kind if m["rank"] == "wild" else f"{kind} {m['rank']}"
            else:
                label = f"{len(m['cards'])} wild" if m["rank"] == "wild" else str(len(m["cards"]))
            text(d, (x + 2, y + LABEL_H // 2), label, 15, GOLD if kind else MUTED, bold=bool(kind), anchor="lm")
            if kind:
                _draw_pile(canvas, m, x, y + LABEL_H)
            else:
                paste_groups(canvas, [list(m["cards"])], (x, y + LABEL_H), MELD)
            x += _item_width(m) + GAP
        if staged:
            _dashed(canvas, (x0 - 6, y + 2, x - GAP + 6, y + _row_h() - 2), GOLD)
        y += _row_h()
    return y


# -- the table --------------------------------------------------------------------


def _side_height(view: dict[str, Any], side: int) -> int:
    melds = (view.get("melds") or [[], []])[side]
    staged = view.get("staged") or [] if _staging_side(view) == side else []
    inner = W - 2 * PAD - 20
    h = SIDE_HEAD + _melds_height(melds, inner) + (_melds_height(staged, inner) + 6 if staged else 0)
    return h + 10


def _staging_side(view: dict[str, Any]) -> int | None:
    movers = view.get("to_move") or []
    if not view.get("staged") or not movers:
        return None
    return int(movers[0]) % 2


def _header(canvas: Image.Image, view: dict[str, Any]) -> None:
    d = ImageDraw.Draw(canvas)
    text(d, (PAD, HEADER_H // 2), "Hand and Foot", 26, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    info = f"Hand {view.get('hand_no', 1)} of {view.get('hands', 4)} · minimum {view.get('minimum', 50)}"
    text(d, (W - PAD, HEADER_H // 2), info, 19, CREAM, anchor="rm")


def _piles(canvas: Image.Image, view: dict[str, Any], y: int, names: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    cw, ch = card_size("normal")
    x = PAD + 6
    text(d, (x + cw // 2, y + 10), "Stock", 17, MUTED, anchor="mm")
    paste_card(canvas, back_image("normal"), (x, y + 22))
    _badge(canvas, (x + cw // 2, y + 22 + ch // 2), str(view.get("stock", 0)))
    x += cw + 26
    size = int(view.get("discard_size") or 0)
    text(d, (x + cw // 2, y + 10), "Discard", 17, MUTED, anchor="mm")
    top = view.get("discard_top")
    if top:
        paste_card(canvas, card_image(top, "normal"), (x, y + 22))
        _badge(canvas, (x + cw - 12, y + 22 + ch - 12), str(size))
    else:
        rounded_box(canvas, (x, y + 22, x + cw, y + 22 + ch), 8, outline=MUTED, width=2)
    x += cw + 26
    lines = _status_lines(view, names)
    for i, line in enumerate(lines):
        text(d, (x, y + 34 + 28 * i), ellipsize(line, 19, W - PAD - x), 19, CREAM if i else GOLD, anchor="lm")


def _badge(canvas: Image.Image, centre: tuple[int, int], label: str) -> None:
    d = ImageDraw.Draw(canvas)
    cx, cy = centre
    w = 18 + 11 * len(label)
    rounded_box(canvas, (cx - w // 2, cy - 14, cx + w // 2, cy + 14), 8, fill=(10, 14, 12, 225))
    text(d, (cx, cy), label, 20, CREAM, bold=True, anchor="mm")


def _status_lines(view: dict[str, Any], names: list[str]) -> list[str]:
    movers = view.get("to_move") or []
    if not movers:
        return []
    m = int(movers[0])
    phase = view.get("phase")
    if phase == "answer":
        asker = (m + 2) % 4
        first = f"{names[m]} to answer"
        return [first, f"{names[asker]} asks: may I go out?"]
    first = f"{names[m]} to {'draw' if phase == 'draw' else 'play'}"
    lines = [first]
    if view.get("permission"):
        lines.append(f"Partner said {view['permission']}")
    if view.get("waiting"):
        lines.append(f"{view['waiting']} picked-up cards wait for the opening")
    return lines


def _outlined(view: dict[str, Any], side: int) -> bool:
    return any(m % 2 == side for m in view.get("to_move") or [])


@functools.lru_cache(maxsize=8)  # up to ~1.3 MB each: two sides, outlined or not, of a table or two
def _band_frame(height: int, y: int, h: int, outlined: bool) -> Image.Image:
    """The felt under a side band of a table this tall, with the band's panel (and the mover's
    gold outline) drawn: built once, as the panel's big masked fill is the band's dearest part."""
    tile = felt_patch(W, height, (0, y, W, y + h))
    rounded_box(tile, (PAD, 0, W - PAD, h - 6), 12, fill=PANEL)
    if outlined:
        rounded_box(tile, (PAD, 0, W - PAD, h - 6), 12, outline=GOLD, width=3)
    return tile


def _side_band(canvas: Image.Image, view: dict[str, Any], side: int, y: int, names: list[str]) -> None:
    """What a side band shows, drawn on its frame: partners, counts, score, red 3s, melds, staged melds."""
    d = ImageDraw.Draw(canvas)
    movers = view.get("to_move") or []
    scores = view.get("scores") or [0, 0]
    reds = (view.get("red_threes") or [0, 0])[side]
    opened = (view.get("opened") or [False, False])[side]
    head = f"{scores[side]} pts"
    text(d, (W - PAD - 12, y + 18), head, 22, CREAM, bold=True, anchor="rm")
    extra = ("opened" if opened else "not opened") + (f" · red 3s ×{reds}" if reds else "")
    text(d, (W - PAD - 12, y + 46), extra, 16, MUTED, anchor="rm")
    sizes = view.get("hand_sizes") or [0] * 4
    feet = view.get("foot_sizes") or [0] * 4
    in_foot = view.get("in_foot") or [False] * 4
    for i, seat in enumerate((side, side + 2)):
        cy = y + 18 + 28 * i
        x = PAD + 12
        if seat in movers:
            text(d, (x, cy), "▶", 18, GOLD, anchor="lm")
        x += 22
        text(d, (x, cy), ellipsize(names[seat], 20, 170, True), 20, SEAT_COLORS[seat], bold=True, anchor="lm")
        where = "in foot" if in_foot[seat] else f"hand · foot {feet[seat]}"
        count = f"{sizes[seat]} card{'' if sizes[seat] == 1 else 's'}"
        text(d, (x + 178, cy), f"{count}, {where}", 17, CREAM, anchor="lm")
    inner = W - 2 * PAD - 20
    my = y + SIDE_HEAD
    melds = (view.get("melds") or [[], []])[side]
    if melds:
        my = _draw_melds(canvas, melds, PAD + 10, my, inner, staged=False)
    elif _staging_side(view) != side:
        text(d, (PAD + 12, my - 4), "no melds yet", 15, MUTED, anchor="lm")
    if _staging_side(view) == side:
        text(d, (PAD + 12, my + 2), "staged toward the opening:", 15, GOLD, anchor="lm")
        _draw_melds(canvas, list(view.get("staged") or []), PAD + 16, my + 6, inner - 12, staged=True)


def _final(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """The bot's `final` given the sides' points once the match is played out, or one built
    from the view."""
    final = final_of(view)
    a, b = (view.get("scores") or [0, 0])[:2]
    pair = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
    if final is not None:
        if view.get("over"):
            order = (0, 1) if a >= b else (1, 0)
            lines = [f"{pair[s]} · {(a, b)[s]} pts" for s in order]
            return {**final, "lines": lines}
        return final
    if not view.get("over"):
        return None
    headline = "Tied match" if a == b else f"{pair[0 if a > b else 1]} win"
    places = [1 if a >= b else 2, 1 if b >= a else 2] * 2
    return {"headline": headline, "lines": [f"{pair[0]} {a}", f"{pair[1]} {b}"], "places": places}


@functools.lru_cache(maxsize=4)  # up to ~2.9 MB each: a table's height and hand number, a table or two
def _chrome(height: int, header: tuple[Any, Any, Any]) -> Image.Image:
    """The felt of a table this tall with its header drawn (read-only: callers copy it)."""
    canvas = felt(W, height)
    _header(canvas, {"hand_no": header[0], "hands": header[1], "minimum": header[2]})
    return canvas


# Side bands kept drawn (up to ~1 MB each in full colour): a move changes one band, the other
# is pasted as it was, so a table reuses only its own two; 16 hold those of 8 tables.
_tiles = KeptTiles(16)


def clear_tiles() -> None:
    """Forget every kept side band (the bench times a full redraw with this)."""
    _tiles.clear()


def _frozen(melds: list[dict[str, Any]]) -> tuple[Any, ...]:
    return tuple((m["rank"], tuple(m["cards"])) for m in melds)


def _band_key(view: dict[str, Any], side: int, names: list[str]) -> tuple[Any, ...]:
    """Everything `_side_band` reads for this side, so equal keys draw equal bands."""
    seats = (side, side + 2)
    staging = _staging_side(view) == side
    per_seat = [tuple((view.get(k) or [0] * 4)[s] for s in seats) for k in ("hand_sizes", "foot_sizes", "in_foot")]
    return (
        side,
        tuple(names[s] for s in seats),
        tuple(m for m in view.get("to_move") or [] if m % 2 == side),
        (view.get("scores") or [0, 0])[side],
        (view.get("red_threes") or [0, 0])[side],
        (view.get("opened") or [False, False])[side],
        *per_seat,
        _frozen((view.get("melds") or [[], []])[side]),
        _frozen(list(view.get("staged") or [])) if staging else None,
    )


def _band(canvas: Image.Image, view: dict[str, Any], side: int, y: int, h: int, names: list[str]) -> None:
    """Paste the side band as last drawn if nothing it shows changed, else draw it on the felt under it."""
    box = (0, y, W, y + h)
    key = (canvas.height, box, *_band_key(view, side, names))  # the felt under a band depends on both

    def draw() -> Image.Image:
        tile = _band_frame(canvas.height, y, h, _outlined(view, side)).copy()
        _side_band(tile, view, side, 0, names)
        return tile

    tile = _tiles.get(key, draw)
    canvas.paste(tile, box[:2])


def _table_image(view: dict[str, Any]) -> Image.Image:
    names = _names(view)
    final = _final(view, names)
    if final is not None:
        view = dict(view, to_move=[])
    heights = [_side_height(view, s) for s in (0, 1)]
    height = HEADER_H + PILES_H + sum(heights) + PAD
    canvas = _chrome(height, (view.get("hand_no", 1), view.get("hands", 4), view.get("minimum", 50))).copy()
    y = HEADER_H + PILES_H
    for side in (0, 1):
        _band(canvas, view, side, y, heights[side], names)
        y += heights[side]
    # after the bands: the pile cards' shadows and the discard count overhang the first band's top
    _piles(canvas, view, HEADER_H, names)
    if final is not None:
        final_banner(canvas, _banner_lines(final), height // 2)
    return canvas


def _banner_lines(final: dict[str, Any]) -> dict[str, Any]:
    """`final` with each side's line cut in its names, never in its points: the banner
    would cut a line too wide for the table at its end, where the points are."""
    room = W - 44  # the banner's room for a line, less a little for kerning
    lines = []
    for line in final["lines"]:
        who, sep, pts = line.rpartition(" · ")
        if sep and text_size(line, 26)[0] > room:
            line = ellipsize(who, 26, room - text_size(sep + pts, 26)[0]) + sep + pts
        lines.append(line)
    return {**final, "lines": lines}


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes."""
    return to_png(_table_image(drawable(view)), key="hand_and_foot.table", source=_palette_source)


# -- a seat's hand -------------------------------------------------------------------


def _by_rank(hand: list[str]) -> list[list[str]]:
    groups: list[list[str]] = []
    for c in hand:  # the engine sorts hands by rank
        key = "JK" if c == "JK" else c[:-1]
        if groups and ("JK" if groups[-1][0] == "JK" else groups[-1][0][:-1]) == key:
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


def _hand_image(view: dict[str, Any]) -> Image.Image:
    names = _names(view)
    seat = view.get("seat")
    hand = list(view.get("hand") or [])
    _cw, ch = card_size("normal")
    rows = group_rows(_by_rank(hand), "normal", max_width=W - 2 * PAD, gap=12) if hand else []
    height = HEADER_H + max(1, len(rows)) * (ch + 14) + 44 + PAD
    canvas = felt(W, height)
    d = ImageDraw.Draw(canvas)
    in_foot = bool(isinstance(seat, int) and (view.get("in_foot") or [False] * 4)[seat])
    who = names[seat] if isinstance(seat, int) else "Your"
    title = f"{who} · {len(hand)} cards {'(foot)' if in_foot else '(hand)'}"
    text(d, (PAD, HEADER_H // 2), ellipsize(title, 22, W - 230, True), 22, GOLD, bold=True, anchor="lm")
    top = view.get("discard_top")
    right = f"Discard: {card_label(top)}" if top else "Discard pile empty"
    text(d, (W - PAD, HEADER_H // 2), right, 19, CREAM, anchor="rm")
    y = HEADER_H + 6
    if not rows:
        text(d, (W // 2, y + ch // 2), "No cards in hand", 22, MUTED, anchor="mm")
    for row in rows:
        paste_groups(canvas, row, (W // 2, y), "normal", gap=12, align="center")
        y += ch + 14
    if not rows:
        y += ch + 14
    side = seat % 2 if isinstance(seat, int) else 0
    opened = (view.get("opened") or [False, False])[side]
    note = f"Minimum to open: {view.get('minimum', 50)}" if not opened else "Your side has opened"
    if isinstance(seat, int) and seat in (view.get("to_move") or []):
        phase = view.get("phase")
        note += " · your turn: " + {"draw": "draw or pick up", "answer": "answer yes or no"}.get(
            str(phase), "meld, then discard"
        )
    text(d, (W // 2, y + 14), ellipsize(note, 18, W - 2 * PAD), 18, MUTED, anchor="mm")
    return canvas


def render_hand(view: dict[str, Any]) -> bytes:
    """A seat's private picture: its cards grouped by rank."""
    return to_png(_hand_image(drawable(view)), key="hand_and_foot.hand", source=_palette_source)


def _palette_source() -> Image.Image:
    """A sample of the art (felt, panels, card faces, backs, pile edges) to learn one palette from."""
    ranks = ("A", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    melds = [{"rank": r, "cards": [r + s for s in "SHDC"]} for r in ranks[:5]]
    piles = [
        {"rank": "K", "cards": ["KH"] * 7},
        {"rank": "Q", "cards": ["QS"] * 6 + ["2C"]},
        {"rank": "wild", "cards": ["JK"] * 7},
    ]
    view = {
        "names": ["A", "B", "C", "D"],
        "melds": [melds + piles, [{"rank": r, "cards": [r + "D"] * 3 + ["2H"]} for r in ranks[5:]]],
        "staged": [],
        "to_move": [0],
        "hand_sizes": [11, 11, 11, 11],
        "foot_sizes": [11, 11, 11, 11],
        "in_foot": [False] * 4,
        "scores": [0, 0],
        "discard_top": "7H",
        "discard_size": 3,
        "stock": 100,
        "seat": 0,
        "hand": ["3S", "AH", "4D", "5C", "6S", "7H", "8D", "9C", "10S", "JH", "QD", "KC", "2S", "JK"],
    }
    return palette_sheet([_table_image(view), _hand_image(view)])


# -- alt text ---------------------------------------------------------------------------


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def alt_text(view: dict[str, Any]) -> str:
    """The table in words, public facts only (never a hand or a foot)."""
    names = _names(view)
    parts = [f"Hand and Foot, hand {view.get('hand_no', 1)} of {view.get('hands', 4)}, minimum {view.get('minimum')}."]
    final = _final(view, names)
    if final is not None:
        parts.append(final_alt(final))
    top = view.get("discard_top")
    parts.append(
        f"Stock {_cards(view.get('stock', 0))}; discard pile {_cards(view.get('discard_size', 0))}"
        + (f", top card {card_label(top)}." if top else ".")
    )
    sizes = view.get("hand_sizes") or [0] * 4
    in_foot = view.get("in_foot") or [False] * 4
    scores = view.get("scores") or [0, 0]
    for side in (0, 1):
        seats = (side, side + 2)
        who = " and ".join(f"{names[s]} ({_cards(sizes[s])}{', in foot' if in_foot[s] else ''})" for s in seats)
        bits = [f"{scores[side]} points", f"red 3s {(view.get('red_threes') or [0, 0])[side]}"]
        for m in (view.get("melds") or [[], []])[side]:
            kind = _kind(m)
            bits.append(
                ("wild pile" if kind == "wild" else f"{kind} pile of {_rank_word(m['rank'])}")
                if kind
                else f"{len(m['cards'])} {_rank_word(m['rank'])}"
            )
        parts.append(f"{who}: " + ", ".join(bits) + ".")
    staged = view.get("staged") or []
    if staged and final is None:
        parts.append("Staged: " + ", ".join(f"{len(m['cards'])} {_rank_word(m['rank'])}" for m in staged) + ".")
    if final is None and view.get("to_move"):
        lines = _status_lines(view, names)
        parts.append(lines[0] + ".")
    return " ".join(parts)
