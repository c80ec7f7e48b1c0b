"""Snip Snap Snorem pictures: the public table, a player's hand, and alt text.

Built from the view dicts of engine/snip_snap_snorem.py (plus `names`, added by the bot).

- `render_table(view)` seats the players round an oval (name, a fan of backs, card count;
  the seat to move ringed in gold). The centre shows "Match: 7" in large type, the cards of
  the rank in play overlapped left to right with Snip / Snap / Snorem under cards 2-4, and
  a line naming the players who just passed. It never draws a hand.
- `render_hand(view)` draws the viewer's cards sorted by rank, the ones it may play raised.
- `alt_text(view)` describes public facts only.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.cards import STANDARD_DECK, pretty, rank
from engine.snip_snap_snorem import rank_name
from renderers.cards import card_size, paste_row, sprite_sheet
from renderers.draw import (
    CREAM,
    GOLD,
    MUTED,
    ellipsize,
    text,
    to_png,
)
from renderers.seat_ring import (
    HAND_W,
    TABLE_SIZE,
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
    "HAND_W",
    "PILE_Y",
    "TABLE_SIZE",
    "alt_text",
    "names_of",
    "pile_boxes",
    "playable",
    "render_hand",
    "render_table",
]

_PAD = 16
_HEADER_H = 56
_CENTER = (480, 370)
PILE_Y = 290  # top of the cards in play
_PILE_CARD = "large"
_PILE_STEP = 72
_HAND_CARD = "large"
_HAND_ROW = 13
_WORDS = ("", "Snip", "Snap", "Snorem")
_LABEL = (222, 236, 226)


def _players(view: dict[str, Any]) -> int:
    return max(2, min(8, int(view.get("players") or len(view.get("hand_sizes") or []) or 2)))


def pile_boxes(n: int) -> list[tuple[int, int, int, int]]:
    """Where the n cards of the rank in play sit (left to right, centred)."""
    w, h = card_size(_PILE_CARD)
    total = w + _PILE_STEP * (n - 1) if n else 0
    x0 = _CENTER[0] - total // 2
    return [(x0 + i * _PILE_STEP, PILE_Y, x0 + i * _PILE_STEP + w, PILE_Y + h) for i in range(n)]


def _status(view: dict[str, Any], names: list[str]) -> str:
    movers = [s for s in view.get("to_move") or [] if 0 <= s < len(names)]
    if view.get("over") or not movers:
        return "Game over"
    who = names[movers[0]]
    want = view.get("rank")
    return f"{who} to play {rank_name(str(want))}" if want else f"{who} leads a new rank"


def _centre(canvas: Image.Image, view: dict[str, Any], names: list[str]) -> None:
    if view.get("over"):
        return  # the result banner takes the centre
    d = ImageDraw.Draw(canvas)
    pile = [str(c) for c in view.get("pile") or []][:4]
    want = view.get("rank")
    over = bool(view.get("over"))
    # Just after a Snorem its four cards stay in view, "Snorem" under the last, until the next lead.
    snorem = [str(c) for c in view.get("snorem") or []][:4] if not pile and not over else []
    # A winning Snorem ends the game with the pile cleared: no new rank is coming.
    title = f"Match: {want}" if want else "Snorem!" if snorem else "" if over else "New rank"
    if title:
        text(d, (_CENTER[0], PILE_Y - 36), title, 40, GOLD, bold=True, anchor="mm", shadow=(0, 0, 0))
    shown = pile or snorem
    if shown:
        boxes = pile_boxes(len(shown))
        paste_row(canvas, shown, (boxes[0][0], PILE_Y), _PILE_CARD, gap=_PILE_STEP - card_size(_PILE_CARD)[0])
        for i, (x0, _, x1, y1) in enumerate(boxes):
            if _WORDS[i]:
                # Overlapped cards show only their left strip: the word sits under that strip.
                cx = (x0 + x0 + _PILE_STEP) / 2 if i < len(shown) - 1 else (x0 + x1) / 2
                colour = GOLD if i == 3 else CREAM
                text(d, (cx, y1 + 16), _WORDS[i], 22, colour, bold=True, anchor="mm")
    if snorem:
        leader = [names[s] for s in view.get("to_move") or [] if 0 <= s < len(names)]
        if leader:
            line = ellipsize(f"{leader[0]} leads a new rank", 20, 300)
            text(d, (_CENTER[0], PILE_Y + card_size(_PILE_CARD)[1] + 46), line, 20, MUTED, anchor="mm")
    elif not pile:
        done = int(view.get("discards") or 0)
        note = "Any card may be led" if not over else ""
        text(d, (_CENTER[0], PILE_Y + 50), note, 24, MUTED, anchor="mm")
        if done and not over:  # the result banner covers this spot once the game is over
            finished = f"{done // 4} rank{'s' if done != 4 else ''} finished"
            text(d, (_CENTER[0], PILE_Y + 84), finished, 20, _LABEL, anchor="mm")
    passes = [names[s] for s in view.get("passes") or [] if 0 <= s < len(names)]
    if passes and not over:
        line = ellipsize("Passed: " + ", ".join(passes), 20, 300)
        text(d, (_CENTER[0], PILE_Y + card_size(_PILE_CARD)[1] + 46), line, 20, MUTED, anchor="mm")


def _final(view: dict[str, Any], names: list[str]) -> tuple[str, list[str]] | None:
    final = view.get("final")
    if isinstance(final, dict):
        return str(final.get("headline") or "Game over"), ranked_lines(final, names)
    if not view.get("over"):
        return None
    winner = view.get("winner")
    if isinstance(winner, int) and 0 <= winner < len(names):
        return f"{names[winner]} wins!", [f"{names[winner]} ran out of cards first."]
    return "Game over", []


def _table_image(view: dict[str, Any]) -> Image.Image:
    players = _players(view)
    names = names_of(view, players)
    canvas = ring_chrome("SNIP SNAP SNOREM").copy()
    result = _final(view, names)
    if result is None:
        header_status(ImageDraw.Draw(canvas), _status(view, names), 520, names)
    _centre(canvas, view, names)
    sizes = [int(x) for x in view.get("hand_sizes") or []] + [0] * players
    movers = set() if result else set(view.get("to_move") or [])
    for seat, center in enumerate(seat_centers(players)):
        seat_panel(canvas, center, names[seat], sizes[seat], to_move=seat in movers)
    if result:
        result_banner(canvas, result[0], result[1], _CENTER, 460)
    return canvas


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes (a `hand` in the view is ignored)."""
    return to_png(_table_image(view), key="snip_snap_snorem.table", source=_palette_source)


def playable(view: dict[str, Any]) -> list[bool]:
    """For each card of the view's hand: may it be played now?"""
    hand = [str(c) for c in view.get("hand") or []]
    if view.get("seat") not in (view.get("to_move") or []) or view.get("over"):
        return [False] * len(hand)
    want = view.get("rank")
    return [want is None or rank(c) == want for c in hand]


def _hint(view: dict[str, Any]) -> str:
    if view.get("over"):
        return "The game is over."
    if view.get("seat") not in (view.get("to_move") or []):
        want = view.get("rank")
        return f"Waiting. The rank in play: {rank_name(str(want))}." if want else "Waiting for a new rank to be led."
    if not view.get("rank"):
        return "Lead any card: its rank is the one to match."
    return f"Play {rank_name(str(view['rank']))}: raised cards can be played."


def _hand_image(view: dict[str, Any]) -> Image.Image:
    def match(canvas: Image.Image, d: ImageDraw.ImageDraw) -> None:
        want = view.get("rank")
        if want:
            text(d, (HAND_W - _PAD - 18, 40), f"Match: {want}", 28, GOLD, bold=True, anchor="rm")

    return hand_picture(view, playable(view), _hint(view), match, sub_width=380)


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's cards sorted by rank, playable ones raised."""
    return to_png(_hand_image(view), key="snip_snap_snorem.hand", source=_palette_source)


def alt_text(view: dict[str, Any]) -> str:
    """Public facts only: never a hand, even if the view carries one."""
    players = _players(view)
    names = names_of(view, players)
    parts = [f"Snip Snap Snorem, {players} players."]
    final = view.get("final")
    result = _final(view, names)
    if isinstance(final, dict) or result:
        headline = (result or ("Game over", []))[0]
        parts.append(headline if headline.endswith((".", "!")) else headline + ".")
    else:
        parts.append(_status(view, names) + ".")
    pile = [str(c) for c in view.get("pile") or []]
    if pile:
        parts.append(f"Cards of the rank in play: {' '.join(pretty(c) for c in pile)}.")
    elif view.get("snorem") and not view.get("over"):
        parts.append(f"Snorem! The rank is complete: {' '.join(pretty(str(c)) for c in view['snorem'])}.")
    passes = [names[s] for s in view.get("passes") or [] if 0 <= s < len(names)]
    if passes:
        parts.append(f"Passed: {', '.join(passes)}.")
    parts.append(f"Finished ranks: {int(view.get('discards') or 0) // 4}.")
    sizes = [int(x) for x in view.get("hand_sizes") or []] + [0] * players
    parts.append(" ".join(f"{names[s]}: {sizes[s]} card{'s' if sizes[s] != 1 else ''}." for s in range(players)))
    return " ".join(parts)[:1000]


def warm() -> None:
    """Build the sprites and the chrome before the first render."""
    from renderers.cards import warm as warm_cards

    warm_cards(("large", "normal", "tiny"), dickory=False)
    ring_chrome("SNIP SNAP SNOREM")


def _palette_source() -> Image.Image:
    """Every face on felt: the sample the PNG palette is learnt from once (named colours are kept exact)."""
    return sprite_sheet([*STANDARD_DECK.cards(), "JK"])
