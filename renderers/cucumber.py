"""Cucumber pictures: the public table, a player's hand, and alt text.

Built from engine/cucumber.py's view dicts (plus `names`, added by the bot), never from
engine objects, so a picture shows exactly what the view allows.

- `render_table(view)`: a panel per seat (name, a cucumber per mark, greyed once out,
  penalty score, cards left, dealer button, whose turn), the trick in play in the
  middle with its high card ringed, this hand's earlier tricks small underneath, and
  "Trick 5 of 7". With `view["final"]` the result replaces the turn marker.
- `render_hand(view)`: the viewer's cards high to low; when it is their turn the cards
  they may play are raised.
- `alt_text(view)`: public facts only.
"""

from __future__ import annotations

import functools
from typing import Any

from PIL import Image, ImageDraw

from engine.cards import STANDARD_DECK
from renderers.cards import card_size, paste_row, slot_image, sprite_sheet
from renderers.draw import (
    CREAM,
    GOLD,
    INK,
    MUTED,
    PANEL,
    SEAT_COLORS,
    SS,
    WHITE,
    Color,
    clean,
    ellipsize,
    felt,
    rounded_box,
    text,
    text_size,
    to_png,
)

__all__ = ["HAND_WIDTH", "TABLE_WIDTH", "alt_text", "legal_cards", "render_hand", "render_table", "seat_box"]

# ---------------------------------------------------------------------------
# Layout (px). Tests sample pixels through these, so keep them the truth.
# ---------------------------------------------------------------------------

TABLE_WIDTH = 960
HAND_WIDTH = 960
_PAD = 16
_HEADER_H = 64
_SEAT_W = (TABLE_WIDTH - 2 * _PAD - 3 * 10) // 4
_SEAT_H = 104
_SEAT_GAP = 10
_TRICK_H = 214
_EARLIER_H = 118
_FOOT_H = 44

TRICKS = 7
_CUKE = (74, 150, 60)
_CUKE_DARK = (36, 88, 34)
_CUKE_LIGHT = (150, 206, 110)
_GREY = (130, 136, 132)
_GREY_DARK = (86, 90, 88)
_OUT_PANEL = (30, 30, 34, 190)
_EXTRA_COLORS: tuple[Color, ...] = ((255, 214, 110), (120, 220, 220), (240, 140, 200))
_COLORS = SEAT_COLORS + _EXTRA_COLORS
_VALUES = {"A": 14, "K": 13, "Q": 12, "J": 11}
_CUKE_PX = 52  # a cucumber mark's width on the scoreboard
_A_RANK = {"A": "an ace", "K": "a king", "Q": "a queen", "J": "a jack", "8": "an 8"}
_RESULT = {"cucumber": " - a cucumber!", "eliminated": " - out!"}


def _value(card: str) -> int:
    r = card[:-1]
    return _VALUES.get(r) or int(r)


def _names(view: dict[str, Any]) -> list[str]:
    given = list(view.get("names") or [])
    out = []
    for seat in range(int(view.get("players") or len(view.get("scores") or []) or 2)):
        raw = given[seat] if seat < len(given) and given[seat] else ""
        out.append(clean(str(raw)) or f"Player {seat + 1}")
    return out


def _list(view: dict[str, Any], key: str, n: int, fill: Any) -> list[Any]:
    vals = list(view.get(key) or [])[:n]
    return vals + [fill] * (n - len(vals))


def _rows(n: int) -> int:
    return 1 if n <= 4 else 2


def seat_box(seat: int, players: int) -> tuple[int, int, int, int]:
    """Where a seat's panel sits on the table picture (x0, y0, x1, y1)."""
    per_row = players if players <= 4 else (players + 1) // 2
    row, col = divmod(seat, per_row)
    in_row = per_row if row == 0 else players - per_row
    width = in_row * _SEAT_W + (in_row - 1) * _SEAT_GAP
    x0 = (TABLE_WIDTH - width) // 2 + col * (_SEAT_W + _SEAT_GAP)
    y0 = _HEADER_H + 10 + row * (_SEAT_H + _SEAT_GAP)
    return x0, y0, x0 + _SEAT_W, y0 + _SEAT_H


def _trick_top(players: int) -> int:
    return _HEADER_H + 10 + _rows(players) * (_SEAT_H + _SEAT_GAP) + 4


def _table_height(players: int) -> int:
    return _trick_top(players) + _TRICK_H + _EARLIER_H + _FOOT_H


def legal_cards(view: dict[str, Any]) -> list[str]:
    """The cards the viewer may play now (none when it is not their turn)."""
    hand = list(view.get("hand") or [])
    seat = view.get("seat")
    if not hand or seat not in (view.get("to_move") or []) or view.get("final") or view.get("over"):
        return []
    trick = [p["card"] for p in view.get("trick") or []]
    if not trick:
        return hand
    top = max(_value(c) for c in trick)
    equal = view.get("heading") == "equal"
    heads = [c for c in hand if (_value(c) >= top if equal else _value(c) > top)]
    if heads:
        return heads
    low = min(_value(c) for c in hand)
    return [c for c in hand if _value(c) == low]


# ---------------------------------------------------------------------------
# Pieces
# ---------------------------------------------------------------------------


@functools.cache
def _cucumber(px: int, grey: bool) -> Image.Image:
    """A little cucumber lying at a slant, `px` wide, drawn at SS x and reduced."""
    w, h = px * SS, round(px * 0.52) * SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    body, dark, light = (_GREY, _GREY_DARK, (190, 194, 190)) if grey else (_CUKE, _CUKE_DARK, _CUKE_LIGHT)
    d.rounded_rectangle((SS, h * 0.18, w - SS, h * 0.86), radius=h * 0.34, fill=dark)
    d.rounded_rectangle((3 * SS, h * 0.22, w - 3 * SS, h * 0.78), radius=h * 0.28, fill=body)
    d.rounded_rectangle((w * 0.2, h * 0.32, w * 0.78, h * 0.42), radius=h * 0.05, fill=light)
    for i in range(5):  # warts
        cx, cy = w * (0.22 + i * 0.14), h * (0.62 if i % 2 else 0.55)
        r = SS * 1.6 * px / 30
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=dark)
    d.rectangle((w - 4 * SS, h * 0.42, w - SS, h * 0.58), fill=dark)  # the stalk end
    img = img.rotate(12, resample=Image.Resampling.BICUBIC, expand=True)
    return img.resize((img.width // SS, img.height // SS), Image.Resampling.LANCZOS)


def _pill(canvas: Image.Image, x: int, y: int, label: str, size: int, bg: Color, fg: Color) -> int:
    tw, _ = text_size(label, size, True)
    h = size + 10
    rounded_box(canvas, (x, y, x + tw + 16, y + h), h // 2, fill=bg)
    text(ImageDraw.Draw(canvas), (x + 8 + tw / 2, y + h / 2 + 1), label, size, fg, bold=True, anchor="mm")
    return x + tw + 16


def _header(canvas: Image.Image, view: dict[str, Any]) -> None:
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (_PAD, 6, TABLE_WIDTH - _PAD, _HEADER_H), 14, fill=PANEL)
    cy = (_HEADER_H + 6) / 2 + 2
    text(d, (_PAD + 16, cy), "CUCUMBER", 32, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    x = _PAD + 16 + text_size("CUCUMBER", 32, True)[0] + 14
    text(d, (x, cy), f"Hand {int(view.get('hand_no') or 1)}", 28, CREAM, bold=True, anchor="lm")
    if not view.get("final"):
        n = min(TRICKS, int(view.get("trick_no") or 1))
        label = "Last trick!" if n == TRICKS else f"Trick {n} of {TRICKS}"
        text(d, (TABLE_WIDTH - _PAD - 16, cy), label, 28, GOLD if n == TRICKS else CREAM, bold=True, anchor="rm")


def _seat_panel(canvas: Image.Image, view: dict[str, Any], seat: int, names: list[str]) -> None:
    n = len(names)
    x0, y0, x1, y1 = seat_box(seat, n)
    d = ImageDraw.Draw(canvas)
    out = bool(_list(view, "eliminated", n, False)[seat])
    moving = seat in (view.get("to_move") or []) and not view.get("final") and not view.get("over")
    rounded_box(canvas, (x0, y0, x1, y1), 14, fill=_OUT_PANEL if out else PANEL)
    if moving:
        rounded_box(canvas, (x0, y0, x1, y1), 14, outline=GOLD, width=4)
    color = _COLORS[seat % len(_COLORS)]
    d.ellipse((x0 + 12, y0 + 16, x0 + 26, y0 + 30), fill=_GREY if out else color)
    name = names[seat] + (" (you)" if view.get("seat") == seat else "")
    dealer = view.get("dealer") == seat and not out  # the last hand's dealer may go out in it
    room = x1 - x0 - 44 - (34 if dealer else 64 if out else 0)  # "OUT" is 51 px: keep a gap before it
    text(
        d, (x0 + 32, y0 + 23), ellipsize(name, 24, room, bold=True), 24, MUTED if out else WHITE, bold=True, anchor="lm"
    )
    if dealer:  # the dealer button
        cx, cy = x1 - 22, y0 + 23
        d.ellipse((cx - 14, cy - 14, cx + 14, cy + 14), fill=CREAM, outline=INK, width=2)
        text(d, (cx, cy + 1), "D", 18, INK, bold=True, anchor="mm")
    score = int(_list(view, "scores", n, 0)[seat])
    text(d, (x0 + 14, y0 + 72), str(score), 44, MUTED if out else CREAM, bold=True, anchor="lm")
    sx = x0 + 14 + text_size(str(score), 44, True)[0] + 6
    text(d, (sx, y0 + 80), "pts", 18, MUTED, anchor="lm")
    marks = 2 if out else int(_list(view, "cucumbers", n, 0)[seat])
    cx = max(x0 + 100, sx + text_size("pts", 18)[0] + 4)
    for _ in range(marks):
        cuke = _cucumber(_CUKE_PX if out else _CUKE_PX + 6, out)
        canvas.alpha_composite(cuke, (cx, y0 + 40))
        cx += cuke.width - 4
    if out:  # on the name's line, clear of the cucumbers (an eliminated seat never deals)
        text(d, (x1 - 14, y0 + 23), "OUT", 24, (230, 120, 110), bold=True, anchor="rm")
    else:
        left = int(_list(view, "hand_sizes", n, 0)[seat])
        text(d, (x1 - 14, y0 + 68), str(left), 30, WHITE, bold=True, anchor="rm")
        text(d, (x1 - 14, y0 + 92), "cards", 18, MUTED, anchor="rm")


def _trick(canvas: Image.Image, view: dict[str, Any], names: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    y = _trick_top(len(names))
    trick = list(view.get("trick") or [])
    w, h = card_size("normal")
    cy = y + 16
    if not trick:
        leader = view.get("leader")
        canvas.alpha_composite(slot_image("normal"), (TABLE_WIDTH // 2 - w // 2, cy))
        if leader in range(len(names)) and not view.get("final") and not view.get("over"):
            msg = f"{names[leader]} to lead"
            text(d, (TABLE_WIDTH / 2, cy + h + 26), ellipsize(msg, 26, 700, True), 26, CREAM, bold=True, anchor="mm")
        return
    cards = [p["card"] for p in trick]
    top = max(_value(c) for c in cards)
    high = max(i for i, c in enumerate(cards) if _value(c) == top)  # the later of equal cards takes
    boxes = paste_row(
        canvas,
        cards,
        (TABLE_WIDTH // 2, cy),
        "normal",
        gap=14,
        max_width=TABLE_WIDTH - 60,
        align="center",
        outlines={high: GOLD},
    )
    for (bx0, _, bx1, by1), p in zip(boxes, trick, strict=True):
        seat = int(p["seat"])
        who = ellipsize(names[seat], 22, bx1 - bx0 + 12, True) if seat < len(names) else "?"
        text(d, ((bx0 + bx1) / 2, by1 + 20), who, 22, _COLORS[seat % len(_COLORS)], bold=True, anchor="mm")


def _earlier(canvas: Image.Image, view: dict[str, Any], players: int) -> None:
    d = ImageDraw.Draw(canvas)
    played = list(view.get("played") or [])
    y = _trick_top(players) + _TRICK_H
    text(d, (_PAD + 4, y), "EARLIER TRICKS", 18, MUTED, bold=True)
    if not view.get("final"):
        rule = "Head with an equal or higher card" if view.get("heading") == "equal" else "Head with a higher card"
        text(d, (TABLE_WIDTH - _PAD - 4, y), rule, 18, MUTED, bold=True, anchor="ra")
    if not played:
        text(d, (_PAD + 4 + 190, y), "none yet this hand", 18, MUTED)
        return
    col_w = (TABLE_WIDTH - 2 * _PAD) // TRICKS
    for i, trick in enumerate(played[:TRICKS]):
        cards = [p["card"] for p in trick]
        x = _PAD + i * col_w
        paste_row(canvas, cards, (x + 4, y + 24), "tiny", gap=2, max_width=col_w - 12, shadow=False)
        text(d, (x + 6, y + 24 + card_size("tiny")[1] + 14), f"{i + 1}", 15, MUTED, bold=True, anchor="lm")


def _footer(canvas: Image.Image, view: dict[str, Any], names: list[str]) -> None:
    d = ImageDraw.Draw(canvas)
    y = canvas.height - _FOOT_H / 2 - 4
    last = view.get("last_hand")
    if not last or last.get("taker") not in range(len(names)):
        tip = "Avoid taking the last trick: over 21 points earns a cucumber, two and you're out"
        text(d, (TABLE_WIDTH / 2, y), ellipsize(tip, 20, TABLE_WIDTH - 40), 20, MUTED, anchor="mm")
        return
    card = str(last["trick"][-1]["card"]) if last.get("trick") else ""
    for p in last.get("trick") or []:
        if p.get("seat") == last["taker"]:
            card = str(p["card"])
    what = _A_RANK.get(card[:-1], f"a {card[:-1]}")
    result = _RESULT.get(str(last.get("result")), "")
    msg = f"Hand {last['hand_no']}: {names[last['taker']]} took the last trick with {what}, +{last['penalty']}{result}"
    colour = (230, 120, 110) if result else CREAM
    text(d, (TABLE_WIDTH / 2, y), ellipsize(msg, 26, TABLE_WIDTH - 40), 26, colour, anchor="mm")


def _ranking(final: dict[str, Any]) -> list[str]:
    return [clean(str(s)) for s in final.get("lines") or []]


def _final_banner(canvas: Image.Image, final: dict[str, Any], players: int) -> None:
    ranked = _ranking(final)
    # every place fits: three to a line once there are more than four
    lines = ranked if len(ranked) <= 4 else ["   ".join(ranked[i : i + 3]) for i in range(0, len(ranked), 3)]
    y0 = _trick_top(players)
    y1 = y0 + 84 + 34 * len(lines)
    band = Image.new("RGBA", (TABLE_WIDTH, y1 - y0), (10, 14, 12, 245))
    canvas.alpha_composite(band, (0, y0))
    d = ImageDraw.Draw(canvas)
    d.line(((0, y0), (TABLE_WIDTH, y0)), fill=GOLD, width=3)
    d.line(((0, y1), (TABLE_WIDTH, y1)), fill=GOLD, width=3)
    headline = ellipsize(clean(str(final.get("headline") or "Game over")), 44, TABLE_WIDTH - 60, True)
    text(d, (TABLE_WIDTH / 2, y0 + 44), headline, 44, GOLD, bold=True, anchor="mm", shadow=(0, 0, 0))
    for i, line in enumerate(lines):
        text(d, (TABLE_WIDTH / 2, y0 + 96 + 34 * i), ellipsize(line, 26, TABLE_WIDTH - 60), 26, CREAM, anchor="mm")


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes (a hand in the view is never drawn)."""
    return to_png(_table_image(view), key="cucumber.table", source=_palette_source)


def _table_image(view: dict[str, Any]) -> Image.Image:
    names = _names(view)
    n = len(names)
    canvas = felt(TABLE_WIDTH, _table_height(n))
    _header(canvas, view)
    for seat in range(n):
        _seat_panel(canvas, view, seat, names)
    _trick(canvas, view, names)
    _earlier(canvas, view, n)
    _footer(canvas, view, names)
    final = view.get("final")
    if isinstance(final, dict):
        _final_banner(canvas, final, n)
    return canvas


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's hand high to low; playable cards raised when it is their turn."""
    return to_png(_hand_image(view), key="cucumber.hand", source=_palette_source)


_HAND_CARD = "large"


def _hand_image(view: dict[str, Any]) -> Image.Image:
    hand = sorted(view.get("hand") or [], key=lambda c: -_value(c))
    legal = set(legal_cards(view))
    h = card_size(_HAND_CARD)[1]
    cards_y = 70 + h // 5 + 8
    canvas = felt(HAND_WIDTH, cards_y + h + 20)
    d = ImageDraw.Draw(canvas)
    rounded_box(canvas, (_PAD, 6, HAND_WIDTH - _PAD, 58), 14, fill=PANEL)
    text(d, (_PAD + 16, 33), "YOUR HAND", 28, GOLD, bold=True, anchor="lm", shadow=(0, 0, 0))
    names = _names(view)
    seat = view.get("seat")
    if legal:
        status = "your turn: raised cards can be played"
    elif seat in range(len(names)) and _list(view, "eliminated", len(names), False)[seat]:
        status = "you are out"
    else:
        status = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    x = _PAD + 16 + text_size("YOUR HAND", 28, True)[0] + 14
    text(d, (x, 33), ellipsize(status, 24, HAND_WIDTH - x - 40), 24, CREAM if legal else MUTED, anchor="lm")
    if not hand:
        text(d, (HAND_WIDTH / 2, cards_y + h / 2), "No cards in hand", 30, CREAM, anchor="mm")
        return canvas
    raised = [i for i, c in enumerate(hand) if c in legal]
    paste_row(
        canvas,
        hand,
        (HAND_WIDTH // 2, cards_y),
        _HAND_CARD,
        gap=12,
        max_width=HAND_WIDTH - 40,
        align="center",
        raised=raised,
    )
    return canvas


def alt_text(view: dict[str, Any]) -> str:
    """Public facts in a few sentences: never the viewer's hand."""
    names = _names(view)
    n = len(names)
    scores = _list(view, "scores", n, 0)
    cukes = _list(view, "cucumbers", n, 0)
    out = _list(view, "eliminated", n, False)
    sizes = _list(view, "hand_sizes", n, 0)
    seats = []
    for s in range(n):
        if out[s]:
            seats.append(f"{names[s]} out ({scores[s]})")
        else:
            mark = ", a cucumber" if cukes[s] else ""
            seats.append(f"{names[s]} {scores[s]} points{mark}, {sizes[s]} cards")
    head = f"Cucumber, hand {view.get('hand_no', 1)}"
    final = view.get("final")
    if isinstance(final, dict):
        headline = clean(str(final.get("headline") or "")).rstrip(".")
        return f"{head}, game over: {headline}. {'; '.join(seats)}. Ranked: {', '.join(_ranking(final))}."
    trick = [f"{names[p['seat']]} {p['card'][:-1]}" for p in view.get("trick") or [] if p["seat"] in range(n)]
    where = f"trick {view.get('trick_no', 1)} of {TRICKS}"
    in_play = f"in play: {', '.join(trick)}" if trick else "no card in play yet"
    movers = [names[s] for s in view.get("to_move") or [] if s in range(n)]
    turn = f" {movers[0]} to play." if movers and not view.get("over") else ""
    last = view.get("last_hand")
    before = ""
    if isinstance(last, dict) and last.get("taker") in range(n):
        result = {"cucumber": ", a cucumber", "eliminated": ", and is out"}.get(str(last.get("result")), "")
        taker = names[last["taker"]]
        before = f" Hand {last.get('hand_no')}: {taker} took the last trick, +{last.get('penalty')}{result}."
    rule = " Heading needs an equal or higher card." if view.get("heading") == "equal" else ""
    return f"{head}, {where}, {in_play}. {'; '.join(seats)}.{turn}{before}{rule}"


def _palette_source() -> Image.Image:
    """Every face on felt: the sample the PNG palette is learnt from once (named colours are kept exact)."""
    return sprite_sheet([*STANDARD_DECK.cards(), "JK"])
