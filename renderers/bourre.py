"""Bourré pictures: the public table, a player's hand, and alt text.

Built from the view dicts of engine/bourre.py (plus `names`, added by the bot).

- `render_table(view)` seats the players round an oval: name, net chips, a little fan of
  backs (the dealer's turned-up trump card face up in front of it, by the D button), a
  PLAY / PASS tag with the cards drawn, and the tricks won as a crossed pile. The current
  trick lies in front of the seats that played to it (the leader's card ringed in gold); in
  the middle are the trump card and the pot. It never draws a hand.
- `render_hand(view)` draws the viewer's hand, trump first, the cards it may play raised.
- `alt_text(view)` describes public facts only.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.bourre_rules import allowed
from engine.cards import STANDARD_DECK, SUIT_NAMES, pretty
from renderers.cards import back_image, card_image, card_size, paste_card, sprite_sheet
from renderers.draw import (
    BLACK_SUIT,
    CREAM,
    GOLD,
    MUTED,
    RED_SUIT,
    WHITE,
    Color,
    ellipsize,
    paste_suit,
    rounded_box,
    text,
    text_size,
    to_png,
)
from renderers.endings import final_alt, final_banner, final_of
from renderers.seat_ring import (
    HAND_W,
    header_status,
    names_of,
    ring_chrome,
    seat_centers,
)
from renderers.seat_ring import hand_picture as _hand_picture

__all__ = ["CENTRE", "PANEL_BOX", "TITLE", "alt_text", "playable", "render_hand", "render_table", "trick_spot"]

TITLE = "BOURRÉ"
OVAL = (480, 372, 352, 222)  # centre x, centre y, radius x, radius y of the seat ring
CENTRE = (OVAL[0], OVAL[1])
PANEL_BOX = (236, 88)
_TRICK_CARD = "small"
_TRICK_REACH = (0.52, 0.56)  # a played card lies this far (x, y) from the centre towards its seat
_TRUMP_TOP = 288  # top of the trump card in the middle
_SEAT_FILL = (12, 36, 26, 205)
_PLAY_TAG = (46, 140, 82)
_PASS_TAG = (110, 110, 110)
_CHIP = (200, 52, 52)
_CHIP_EDGE = (250, 236, 210)
_PILE = (236, 226, 200)
_PILE_EDGE = (90, 70, 50)


def _players(view: dict[str, Any]) -> int:
    return max(2, min(8, int(view.get("players") or len(view.get("hand_sizes") or []) or 2)))


def _seq(view: dict[str, Any], key: str, n: int, fill: Any = 0) -> list[Any]:
    out = list(view.get(key) or [])
    return (out + [fill] * n)[:n]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def trick_spot(seat: int, players: int) -> tuple[int, int]:
    """Top-left of the card `seat` plays to the trick: in front of its seat, towards the middle."""
    cx, cy = CENTRE
    sx, sy = seat_centers(players, OVAL)[seat]
    w, h = card_size(_TRICK_CARD)
    x = cx + (sx - cx) * _TRICK_REACH[0]
    y = cy + (sy - cy) * _TRICK_REACH[1]
    return round(x - w / 2), round(y - h / 2)


# ---------------------------------------------------------------------------
# Seats
# ---------------------------------------------------------------------------


def _crossed_pile(canvas: Image.Image, xy: tuple[int, int], count: int) -> None:
    """Tricks won, each laid across the one below (as players stack them to count them)."""
    d = ImageDraw.Draw(canvas)
    x, y = xy
    for i in range(count):
        long_w, long_h = (22, 14) if i % 2 == 0 else (14, 22)
        ox, oy = x + 11 - long_w // 2 + i, y + 11 - long_h // 2 - i
        d.rounded_rectangle((ox, oy, ox + long_w, oy + long_h), 3, fill=_PILE, outline=_PILE_EDGE, width=1)


def _tag(canvas: Image.Image, right: int, top: int, label: str, fill: Color) -> None:
    d = ImageDraw.Draw(canvas)
    w = text_size(label, 18, True)[0] + 20
    rounded_box(canvas, (right - w, top, right, top + 28), 14, fill=fill, outline=WHITE, width=2)
    text(d, (right - w / 2, top + 14), label, 18, WHITE, bold=True, anchor="mm")


def _dealer_button(canvas: Image.Image, center: tuple[int, int]) -> None:
    d = ImageDraw.Draw(canvas)
    x, y = center
    d.ellipse((x - 15, y - 15, x + 15, y + 15), fill=WHITE, outline=(40, 40, 40), width=2)
    text(d, (x, y + 1), "D", 20, (28, 34, 52), bold=True, anchor="mm")


def _seat(canvas: Image.Image, center: tuple[int, int], info: dict[str, Any]) -> None:
    w, h = PANEL_BOX
    x0, y0 = center[0] - w // 2, center[1] - h // 2
    moving = info["moving"]
    rounded_box(canvas, (x0, y0, x0 + w, y0 + h), 14, fill=_SEAT_FILL, outline=GOLD if moving else None, width=4)
    d = ImageDraw.Draw(canvas)
    count = info["cards"]
    bw, bh = card_size("tiny")
    fy = y0 + (h - bh) // 2
    upcard = info["upcard"]
    backs = min(count - (1 if upcard else 0), 3)
    for i in range(max(0, backs)):
        paste_card(canvas, back_image("tiny"), (x0 + 8 + i * 5, fy), shadow=i == 0)
    if upcard:
        paste_card(canvas, card_image(upcard, "tiny"), (x0 + 8 + max(0, backs) * 5, fy))
    tx = x0 + 8 + 3 * 5 + bw + 10  # past the widest stack (three backs, or two and the upcard)
    room = x0 + w - 10 - tx
    text(d, (tx, y0 + 10), ellipsize(info["name"], 24, room, bold=True), 24, WHITE if moving else CREAM, bold=True)
    chips = info["chips"]
    cy = y0 + h - 24
    d.ellipse((tx, cy - 9, tx + 18, cy + 9), fill=_CHIP, outline=_CHIP_EDGE, width=2)
    colour = GOLD if chips > 0 else (255, 140, 130) if chips < 0 else CREAM
    text(d, (tx + 24, cy), _signed(chips), 22, colour, bold=True, anchor="lm")
    tricks = info["tricks"]
    if tricks:
        px = x0 + w - 58
        _crossed_pile(canvas, (px, cy - 13), tricks)
        text(d, (x0 + w - 10, cy), f"×{tricks}", 20, CREAM, bold=True, anchor="rm")
    declared = info["declared"]
    if declared == "play":
        drew = info["drew"]
        label = f"PLAY · drew {drew}" if drew else "PLAY"
        _tag(canvas, x0 + w + 4, y0 - 14, label, _PLAY_TAG)
    elif declared == "pass":
        _tag(canvas, x0 + w + 4, y0 - 14, "PASS", _PASS_TAG)
    if info["dealer"]:
        _dealer_button(canvas, (x0 - 2, y0 - 2))


def _seat_infos(view: dict[str, Any], players: int, names: list[str], over: bool) -> list[dict[str, Any]]:
    sizes = _seq(view, "hand_sizes", players)
    chips = _seq(view, "chips", players)
    tricks = _seq(view, "tricks", players)
    declared = _seq(view, "declared", players, None)
    drew = _seq(view, "drew", players)
    movers = set() if over else set(view.get("to_move") or [])
    dealer = view.get("dealer")
    held = bool(view.get("upcard_held")) and not over
    up = str(view.get("trump_card") or "")
    return [
        {
            "name": names[s],
            "cards": int(sizes[s]),
            "chips": int(chips[s]),
            "tricks": int(tricks[s]),
            "declared": declared[s],
            "drew": int(drew[s]),
            "moving": s in movers,
            "dealer": s == dealer,
            "upcard": up if s == dealer and held and up else None,
        }
        for s in range(players)
    ]


# ---------------------------------------------------------------------------
# The middle: trump, pot, trick
# ---------------------------------------------------------------------------


def _centre(canvas: Image.Image, view: dict[str, Any]) -> None:
    d = ImageDraw.Draw(canvas)
    cx = CENTRE[0]
    up = view.get("trump_card")
    w, h = card_size("normal")
    tx, ty = cx - 16 - w, _TRUMP_TOP
    if up:
        paste_card(canvas, card_image(str(up), "normal"), (tx, ty))
        suit = str(up)[-1]
        text(d, (tx + w / 2 - 12, ty + h + 16), "Trump", 18, MUTED, bold=True, anchor="mm")
        paste_suit(canvas, suit, (tx + w / 2 + 26, ty + h + 16), 18, RED_SUIT if suit in "HD" else BLACK_SUIT)
    pot = int(view.get("pot") or 0)
    px, py = cx + 20, _TRUMP_TOP + 30
    for i in range(min(5, 1 + pot // 3) if pot else 0):
        y = py + 22 - i * 7
        d.ellipse((px, y - 9, px + 46, y + 9), fill=_CHIP, outline=_CHIP_EDGE, width=2)
    text(d, (px, py + 52), "Pot", 18, MUTED, bold=True, anchor="lm")
    text(d, (px, py + 80), str(pot), 30, GOLD, bold=True, anchor="lm")


def _trick(canvas: Image.Image, view: dict[str, Any], players: int) -> None:
    trick = [t for t in view.get("trick") or [] if isinstance(t, dict)]
    w, h = card_size(_TRICK_CARD)
    d = ImageDraw.Draw(canvas)
    for i, entry in enumerate(trick):
        seat = int(entry.get("seat", 0))
        if not 0 <= seat < players:
            continue
        x, y = trick_spot(seat, players)
        paste_card(canvas, card_image(str(entry.get("card")), _TRICK_CARD), (x, y))
        if i == 0:
            d.rounded_rectangle((x - 4, y - 4, x + w + 4, y + h + 4), 8, outline=GOLD, width=4)


def _status(view: dict[str, Any], names: list[str]) -> str:
    movers = [s for s in view.get("to_move") or [] if 0 <= s < len(names)]
    hand = f"Hand {int(view.get('hand_no') or 1)}/{int(view.get('hands') or 1)}"
    if view.get("over") or not movers:
        return "Game over"
    who = names[movers[0]]
    phase = view.get("phase")
    if phase == "declare":
        return f"{hand} · {who}: stay in or fold?"
    if phase == "discard":
        return f"{hand} · {who} is exchanging"
    return f"{hand} · {who} to play"


def _final(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    final = final_of(view)
    if final is not None or not view.get("over"):
        return final
    chips = [int(c) for c in _seq(view, "chips", len(names))]
    best = max(range(len(names)), key=lambda s: chips[s])
    lines = [f"{names[s]}: {_signed(chips[s])}" for s in sorted(range(len(names)), key=lambda s: -chips[s])]
    return {"headline": f"{names[best]} wins!", "lines": lines, "places": None}


def _table_image(view: dict[str, Any]) -> Image.Image:
    players = _players(view)
    names = names_of(view, players)
    canvas = ring_chrome(TITLE).copy()
    final = _final(view, names)
    if final is None:
        header_status(ImageDraw.Draw(canvas), _status(view, names), 600, names)
    _centre(canvas, view)
    _trick(canvas, view, players)
    infos = _seat_infos(view, players, names, final is not None)
    for seat, center in enumerate(seat_centers(players, OVAL)):
        _seat(canvas, center, infos[seat])
    if final is not None:
        final_banner(canvas, final, CENTRE[1])
    return canvas


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes (a `hand` in the view is ignored)."""
    return to_png(_table_image(view), key="bourre.table", source=_palette_source)


# ---------------------------------------------------------------------------
# The hand
# ---------------------------------------------------------------------------


def _trick_pairs(view: dict[str, Any]) -> list[tuple[int, str]]:
    return [(int(t["seat"]), str(t["card"])) for t in view.get("trick") or [] if isinstance(t, dict)]


def playable(view: dict[str, Any]) -> list[bool]:
    """For each card of the view's hand: may it go to the trick now by suit, trump and beating?

    The cinch can narrow this further (it rests on what the seat remembers throwing away,
    which the picture does not see); the move list is exact.
    """
    hand = [str(c) for c in view.get("hand") or []]
    if view.get("phase") != "trick" or view.get("seat") not in (view.get("to_move") or []) or view.get("over"):
        return [False] * len(hand)
    ok = set(allowed(hand, _trick_pairs(view), str(view.get("trump") or "S"), cinch=False))
    return [c in ok for c in hand]


def _hint(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    trump = SUIT_NAMES.get(str(view.get("trump") or ""), "")
    if view.get("over"):
        return "The game is over."
    if seat not in (view.get("to_move") or []):
        return f"Waiting for your turn. Trump is {trump}."
    phase = view.get("phase")
    if phase == "declare":
        return f"Trump is {trump}. Stay in (play) or fold (pass)?"
    if phase == "discard":
        return "Discard the cards you want to swap, then draw replacements."
    if not view.get("trick"):
        return f"Your lead. Trump is {trump}."
    return "Follow suit and beat if you can, else trump. Raised cards can be played."


def _trump_corner(view: dict[str, Any]):
    def draw(canvas: Image.Image, d: ImageDraw.ImageDraw) -> None:
        up = view.get("trump_card")
        if up:
            sw = card_size("tiny")[0]
            paste_card(canvas, card_image(str(up), "tiny"), (HAND_W - 16 - 14 - sw, 11), shadow=False)
            text(d, (HAND_W - 16 - 24 - sw, 40), "trump", 20, MUTED, anchor="rm")

    return draw


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's hand, trump first then by suit, high cards first; playable cards raised."""
    return to_png(
        _hand_picture(view, playable(view), _hint(view), _trump_corner(view)), key="bourre.hand", source=_palette_source
    )


# ---------------------------------------------------------------------------
# Alt text
# ---------------------------------------------------------------------------


def alt_text(view: dict[str, Any]) -> str:
    """Public facts only: never a hand, even if the view carries one."""
    players = _players(view)
    names = names_of(view, players)
    parts = [f"Bourré, {players} players, hand {int(view.get('hand_no') or 1)} of {int(view.get('hands') or 1)}."]
    final = _final(view, names)
    parts.append(final_alt(final) if final is not None else _status(view, names).split(" · ", 1)[-1] + ".")
    up = view.get("trump_card")
    dealer = view.get("dealer")
    if up:
        who = names[dealer] if isinstance(dealer, int) and 0 <= dealer < players else "the dealer"
        parts.append(f"Trump {SUIT_NAMES.get(str(up)[-1], '')}: {pretty(str(up))} turned up by {who}.")
    parts.append(f"Pot {int(view.get('pot') or 0)}.")
    trick = _trick_pairs(view)
    if trick:
        parts.append("Trick: " + ", ".join(f"{names[s]} {pretty(c)}" for s, c in trick if 0 <= s < players) + ".")
    sizes = _seq(view, "hand_sizes", players)
    chips = _seq(view, "chips", players)
    tricks = _seq(view, "tricks", players)
    declared = _seq(view, "declared", players, None)
    seats = []
    for s in range(players):
        state = {"play": "in", "pass": "folded"}.get(declared[s] or "", "undecided")
        seats.append(
            f"{names[s]}: {_signed(int(chips[s]))} chips, {sizes[s]} cards, {state}, {tricks[s]} "
            f"trick{'s' if tricks[s] != 1 else ''}."
        )
    parts.append(" ".join(seats))
    return " ".join(parts)[:1000]


def warm() -> None:
    """Build the sprites and the chrome before the first render."""
    from renderers.cards import warm as warm_cards

    warm_cards(("large", "normal", "small", "tiny"), dickory=False)
    ring_chrome(TITLE)


def _palette_source() -> Image.Image:
    """Every face on felt: the sample the PNG palette is learnt from once (named colours are kept exact)."""
    return sprite_sheet([*STANDARD_DECK.cards(), "JK"])
