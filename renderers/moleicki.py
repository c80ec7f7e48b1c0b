"""Moleicki pictures: the public table, a player's hand and tableau, and alt text.

Built only from the view dicts of engine/moleicki.py (plus `names`, added by the bot,
and `final`, added once a game has ended), so an image shows exactly what the view
allows: face-down tableau cards are None in every view and are drawn as backs;
`render_table` never draws a hand.

- `render_table(view)`: header, centre band (renderers/moleicki_centre.py), the rank
  strip, and a grid of player panels (renderers/moleicki_seats.py); the result
  banner once the game has ended.
- `render_hand(view)`: the viewer's hand beside the card to beat, and their tableau
  (renderers/moleicki_hand.py).
- `alt_text(view)`: public facts only.

Geometry, colours and view helpers live in renderers/moleicki_layout.py, tableau
drawing in renderers/moleicki_tableau.py, the vector glyphs in moleicki_glyphs.py.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.cards import pretty
from engine.moleicki_vectors import STRENGTH
from renderers.cards import warm as warm_cards
from renderers.draw import (
    KeptTiles,
    drawn,
    mapped_png,
    on_palette,
    palette_of,
    palette_sheet,
    ready_to_paste,
    to_png,
)
from renderers.endings import final_alt, final_banner, final_of, final_winners
from renderers.moleicki_centre import header, pile_box, pile_panel, side_panel, strip_patch, vector_panel
from renderers.moleicki_glyphs import seat_ring, vector_glyph
from renderers.moleicki_hand import hand_image
from renderers.moleicki_layout import (
    CENTRE_H,
    CENTRE_Y,
    GRID_Y,
    HAND_W,
    RING_R,
    SEAT_COLOURS,
    STRIP_Y,
    TABLE_W,
    grid_height,
    live,
    names_of,
    per_seat,
    players_of,
    rank_steps,
    reason,
    seats,
    vector_of,
)
from renderers.moleicki_layout import panel_box as _panel_box
from renderers.moleicki_seats import panel_height, panel_tile, player_panel, table_chrome, table_plan

__all__ = [
    "CENTRE_Y",
    "GRID_Y",
    "HAND_W",
    "SEAT_COLOURS",
    "TABLE_W",
    "alt_text",
    "panel_box",
    "pile_box",
    "rank_steps",
    "render_hand",
    "render_table",
    "table_height",
    "warm",
]


def panel_box(seat: int, view: dict[str, Any] | None = None) -> tuple[int, int, int, int]:
    """The (x0, y0, x1, y1) of a seat's panel on the table drawn for `view`."""
    return _panel_box(seat, panel_height(table_plan(view or {})))


def table_height(players: int, view: dict[str, Any] | None = None) -> int:
    """The table's height for this many players (and this view's tableau shapes)."""
    return grid_height(players, panel_height(table_plan(view or {})))


# ---------------------------------------------------------------------------
# Endings
# ---------------------------------------------------------------------------


def _final(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """The result to show: the bot's `final`, or one built from a normally finished game."""
    final = final_of(view)
    if final is not None or not view.get("over"):
        return final
    winner = view.get("winner")
    won = isinstance(winner, int) and 0 <= winner < len(names)
    why = reason(view, names)
    places = [1 if seat == winner else 2 for seat in range(len(names))] if won else None
    return {
        "headline": f"{names[winner]} wins!" if won else "Game over",
        "lines": [why] if why else [],
        "places": places,
    }


def _ended(view: dict[str, Any], final: dict[str, Any]) -> dict[str, Any]:
    """The view as drawn once the game has ended: nobody to move, first places win."""
    winners = final_winners(final)
    winner = next(iter(winners)) if len(winners) == 1 else view.get("winner")
    return dict(view, to_move=[], over=True, winner=winner)


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def render_table(view: dict[str, Any]) -> bytes:
    """The public table as PNG bytes (a `hand` in the view is ignored).

    Put together on its palette (the same file as `to_png` of `_table_image`): the top
    (header, centre, rank strip) is drawn and mapped anew, the player panels are pasted as
    mapped when they were last drawn, and the gaps between them are the mapped chrome."""
    names = names_of(view)
    if _final(view, names) is not None:  # the result banner lies across the panels
        return to_png(_table_image(view), key="moleicki.table", source=_palette_source)
    ref = palette_of("moleicki.table", _palette_source)
    p = table_plan(view)
    players = players_of(view)
    chrome = table_chrome(players, panel_height(p))
    top = _top(chrome.crop((0, 0, chrome.width, GRID_Y)), view, names, False, chrome.height)
    panels = [panel_tile(chrome, view, seat, names, p) for seat in range(players)]
    drawn()
    canvas = _mapped_chrome(players, panel_height(p)).copy()
    canvas.paste(on_palette(top, ref))
    for box, key, tile in panels:
        canvas.paste(_mapped_panels.get(key, lambda tile=tile: on_palette(tile, ref)), box[:2])
    return mapped_png(canvas, ref)


_mapped_panels = KeptTiles(512)  # the player panels on the table's palette, by what they show


@functools.lru_cache(maxsize=64)
def _mapped_chrome(players: int, panel_h: int) -> Image.Image:
    return on_palette(table_chrome(players, panel_h), palette_of("moleicki.table", _palette_source))


def _table_image(view: dict[str, Any]) -> Image.Image:
    names = names_of(view)
    final = _final(view, names)
    if final is not None:
        view = _ended(view, final)
    players = players_of(view)
    p = table_plan(view)
    chrome = table_chrome(players, panel_height(p))
    canvas = _top(chrome.copy(), view, names, final is not None, chrome.height)
    for seat in range(players):
        player_panel(canvas, chrome, view, seat, names, p)
    if final is not None:
        final_banner(canvas, final, CENTRE_Y + CENTRE_H // 2)
    return canvas


def _top(canvas: Image.Image, view: dict[str, Any], names: list[str], ended: bool, height: int) -> Image.Image:
    """Header, centre band and rank strip, drawn onto `canvas` (the chrome, or its top
    down to the player grid); `height` is the whole table's, which the strip's felt follows."""
    header(canvas, view, names, ended)
    vector_panel(canvas, view)
    pile_panel(canvas, view, names)
    side_panel(canvas, view)
    canvas.paste(strip_patch(canvas.width, height, vector_of(view)), (0, STRIP_Y))
    return canvas


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's hand beside the card to beat, and their tableau, as PNG bytes."""
    return to_png(hand_image(view), key="moleicki.hand", source=_palette_source)


def sample_view(players: int = 4, rows: Sequence[int] = (1, 3), depth: int = 2) -> dict[str, Any]:
    """A hand-built mid-game view in the engine's keys, for warming caches, learning
    the palette and testing deal designs the engine does not make yet."""
    suits, ranks = "SHDC", ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    deck = [r + s for s in suits for r in ranks]

    def pile(i: int) -> list[str | None]:
        return [None] * (depth - 1) + [deck[i % len(deck)]]

    tableaux = [[[pile(seat * 7 + r * 3 + k) for k in range(n)] for r, n in enumerate(rows)] for seat in range(players)]
    return {
        "game": "moleicki",
        "players": players,
        "names": ["Alice", "Bob", "Zoë", "Dmitri", "Eve", "Mallory", "Trent", "Peggy"][:players],
        "decks": 1,
        "phase": "play",
        "design": {"preset": "classic"},
        "vector": "up",
        "vector_title": "Up",
        "direction": 1,
        "to_move": [0],
        "current": 0,
        "pending": "play",
        "window": 1,
        "pile": ["4H", "2C", "7D", "9S"],
        "pile_base": 2,
        "top": "9S",
        "good_discards": [{"top": "AD", "size": 4}, {"top": "7H", "size": 2}, {"top": "10C", "size": 0}],
        "bad_discard": 3,
        "quarters_left": 1,
        "draw_pile": 12,
        "hands": [5] * players,
        "tableaux": tableaux,
        "tableau_sizes": [sum(rows) * depth] * players,
        "nein_owed": [min(1, players - 1)],
        "nein_counts": [0] * players,
        "punched": [],
        "last_play": {"seat": 1 % players, "cards": ["9S"], "kind": "beat"},
        "over": False,
        "winner": None,
        "reason": "",
        "seat": 0,
        "hand": ["3D", "6D", "6S", "QH", "KC", "JK", "25"],
    }


def _palette_source() -> Image.Image:
    """Sample art the table and hand palettes are learnt from, once per process."""
    view = sample_view()
    over = dict(view, over=True, winner=1, reason="{p1} emptied their hand and tableau first")
    return palette_sheet([_table_image(view), _table_image(over), hand_image(dict(view, vector="north"))])


def warm() -> None:
    """Build the cached sprites, glyphs, table chrome, rank strips and palettes before the first render."""
    warm_cards(("large", "normal", "small", "tiny"), dickory=False)
    for vector in STRENGTH:
        ready_to_paste(vector_glyph(vector, 44))
        ready_to_paste(vector_glyph(vector, 16))
    # every seat ring a table can show (about 5 ms each to draw): the first deal of a big
    # table would otherwise draw several at once
    for players in range(2, 9):
        for direction in (0, 1, -1):
            for current in range(-1, players):
                ready_to_paste(seat_ring(players, direction, current, RING_R))
    for players in range(2, 9):
        render_table(sample_view(players))
    render_hand(sample_view())


# ---------------------------------------------------------------------------
# Alt text
# ---------------------------------------------------------------------------


def _cards_text(cards: Sequence[str]) -> str:
    return " ".join(pretty(str(c)) for c in cards)


def alt_text(view: dict[str, Any]) -> str:
    """Public facts only: never a hand or a face-down card, even if the view has one."""
    names = names_of(view, drawable=False)
    n = players_of(view)
    parts: list[str] = []
    vector = str(view.get("vector_title") or view.get("vector") or "")
    way = {1: ", play goes left", -1: ", play goes right"}.get(view.get("direction"), "")
    parts.append(f"Moleicki table, {n} players, {vector} vector{way}.")
    phase = view.get("phase")
    final = _final(view, names)
    if final is not None:
        parts.append(final_alt(final))
    else:
        if phase == "deal":
            parts.append(f"{names[int(view.get('dealer') or 0) % n]} is designing the deal.")
        # in the race to open, who may move would show who holds an opening card
        movers = [names[s] for s in sorted(seats(view, "to_move")) if s < n] if phase != "opening" else []
        if phase == "opening":
            parts.append("Race to open.")
        if movers:
            parts.append(f"To move: {', '.join(movers)}.")
        owe = [names[s] for s in sorted(seats(view, "nein_owed")) if s < n]
        if owe:
            parts.append(f"Owes Nein: {', '.join(owe)}.")
    punched = [names[s] for s in sorted(seats(view, "punched")) if s < n]
    if punched:
        parts.append(f"Punched: {', '.join(punched)}.")
    parts += _piles_alt(view, phase)
    hands, tabs, sizes = per_seat(view, "hands"), per_seat(view, "tableaux"), per_seat(view, "tableau_sizes")
    for seat in range(n):
        line = f"{names[seat]}: {int(hands[seat] or 0)} in hand"
        if tabs[seat]:
            up = [str(c) for row in tabs[seat] for p in row for c in p if c is not None]
            line += f", tableau {int(sizes[seat] or 0)}"
            if up:
                line += f" ({_cards_text(up)} face up)"
        parts.append(line + ".")
    out = ""
    for p in parts:
        if len(out) + len(p) + 1 > 1000:
            break
        out = f"{out} {p}".strip()
    return out


def _piles_alt(view: dict[str, Any], phase: Any) -> list[str]:
    parts = []
    pile, base = live(view)
    if pile:
        top = f"{pretty(pile[-1])} to beat" if len(pile) > base else "reset, any card may follow"
        parts.append(f"Pile: {len(pile)} card{'s' if len(pile) != 1 else ''}, {top}.")
    elif phase != "deal":
        parts.append("The pile is empty.")
    goods = list(view.get("good_discards") or [])
    good_txt = "; ".join(f"{i + 1}: {pretty(str(g['top']))} x{int(g['size'])}" for i, g in enumerate(goods))
    parts.append(
        f"Draw pile {int(view.get('draw_pile') or 0)}, bad discard {int(view.get('bad_discard') or 0)}"
        + (f", good discards {good_txt}." if goods else ", no good discards.")
    )
    return parts
