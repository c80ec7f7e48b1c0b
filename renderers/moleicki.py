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
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from PIL import Image

from engine.cards import pretty
from engine.moleicki_vectors import STRENGTH
from renderers import moleicki_hand
from renderers.cards import warm as warm_cards
from renderers.draw import KeptTiles, drawn, on_palette, palette_of, palette_sheet, ready_to_paste
from renderers.endings import banner_height, final_alt, final_banner, final_of, final_winners
from renderers.moleicki_centre import (
    draw_header,
    header,
    header_lines,
    pile_box,
    pile_panel,
    pile_reach,
    side_panel,
    strip_patch,
    title_reach,
    vector_panel,
)
from renderers.moleicki_glyphs import seat_ring, vector_glyph
from renderers.moleicki_hand import hand_image, hand_layout, hand_parts
from renderers.moleicki_layout import (
    CENTRE_H,
    CENTRE_Y,
    GRID_Y,
    HAND_W,
    PILE_W,
    PILE_X,
    RING_R,
    SEAT_COLOURS,
    SIDE_X,
    STRIP_H,
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
from renderers.moleicki_mapped import Box, Part, draw_part, kept_canvas, paste_mapped, row_bytes, widened
from renderers.moleicki_seats import panel_height, panel_tile, player_panel, table_chrome, table_plan
from renderers.png import rows_png

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

    Put together on its palette (the file `to_png` makes of `_table_image`, see
    renderers/moleicki_mapped.py): the mapped chrome, then the parts of the top and the
    player panels, each pasted as mapped when it last showed the same, drawn and mapped
    anew if not; the result banner, once the game has ended, over the rows it covers."""
    names = names_of(view)
    final = _final(view, names)
    if final is not None:
        view = _ended(view, final)
    ref = palette_of("moleicki.table", _palette_source)
    p = table_plan(view)
    players, panel_h = players_of(view), panel_height(p)
    chrome = table_chrome(players, panel_h)
    if final is None:  # the thread's canvas for this layout, as its last table left it
        kept = kept_canvas(("table", players, panel_h), lambda: _mapped_chrome(players, panel_h))
        for box, key, draw in _top_parts(chrome, view, names, False):
            kept.put(box, key, _mapped_tops, lambda b=box, k=key, d=draw: on_palette(_top_drawn(chrome, b, k, d), ref))
        for seat in range(players):
            box, key, panel = panel_tile(chrome, view, seat, names, p)
            kept.put(box, key, _mapped_panels, lambda panel=panel: on_palette(panel(), ref))
        canvas = kept.canvas
    else:
        canvas = _last_table(chrome, view, names, final, p, ref)
    drawn()
    return rows_png(row_bytes(canvas), chrome.size, ref)


def _drawn(
    chrome: Image.Image, box: Box, draw: Callable[[Image.Image], None], ref: Image.Image
) -> Callable[[], Image.Image]:
    """A part's drawing, mapped: what to keep for it when none is kept."""
    return lambda: on_palette(draw_part(chrome, box, draw), ref)


def _top_drawn(chrome: Image.Image, box: Box, key: Hashable, draw: Callable[[Image.Image], None]) -> Image.Image:
    """A part of the top in full colour, kept a while: the last table's banner lies over the
    parts the table before it showed."""
    return _full_tops.get(key, lambda: draw_part(chrome, box, draw))


def _last_table(
    chrome: Image.Image, view: dict[str, Any], names: list[str], final: dict[str, Any], p: Any, ref: Image.Image
) -> Image.Image:
    """The table with the result banner, on a fresh canvas (the banner lies across parts)."""
    players, panel_h = players_of(view), panel_height(p)
    canvas = _mapped_chrome(players, panel_h).copy()
    rows = _banner_rows(final, chrome.size)
    under: list[tuple[Box, Callable[[], Image.Image]]] = []  # the parts under the banner, in full colour
    for box, key, draw in _top_parts(chrome, view, names, True):
        full = functools.partial(_top_drawn, chrome, box, key, draw)
        if box[1] < rows[1] and box[3] > rows[0]:
            under.append((box, full))
        paste_mapped(canvas, _mapped_tops.get(key, lambda full=full: on_palette(full(), ref)), box[:2])
    for seat in range(players):
        box, key, panel = panel_tile(chrome, view, seat, names, p)
        paste_mapped(canvas, _mapped_panels.get(key, lambda panel=panel: on_palette(panel(), ref)), box[:2])
        under.append((box, panel))
    _banner(canvas, chrome, final, rows, under, ref)
    return canvas


# Sized by what a table in play pastes again: the thread's canvas holds what its last table
# showed, so these serve a part showing again what it showed a few moves before (a seat's
# panel, the ring of seats as the turn comes round) and tables taking turns on one layout.
_mapped_panels = KeptTiles(64)  # the player panels on the table's palette (~0.09 MB): 8 tables of 8 seats
_mapped_tops = KeptTiles(32)  # the parts of the top on the table's palette (up to ~0.2 MB), by what they show
_full_tops = KeptTiles(6)  # the same in full colour, the last table's (see _top_drawn): up to ~0.8 MB each

# The top in parts that each hold all their own drawing (so each can be drawn alone): the
# header; the vector panel's glyph and title, its ring of seats, and the centre pile; the side
# panel; the rank strip. What lies between them is the chrome's. A title may run past its
# panel ("Anti-middle") and the pile's "+N" badge reaches left of the pile panel: when the
# two would cross `_VECTOR_CUT`, the vector and the pile are one part.
_SIDE_CUT = (PILE_X + PILE_W + SIDE_X) // 2
_VECTOR_CUT = 272
_RING_Y = CENTRE_Y + CENTRE_H - 2 * RING_R - 16 - 3  # the ring and its words lie below, the title above
_HEADER_BOX = (0, 0, TABLE_W, CENTRE_Y)
_PLAY_BOX = (0, CENTRE_Y, _SIDE_CUT, STRIP_Y)
_TITLE_BOX = (0, CENTRE_Y, _VECTOR_CUT, _RING_Y)
_RING_BOX = (0, _RING_Y, _VECTOR_CUT, STRIP_Y)
_PILE_BOX = (_VECTOR_CUT, CENTRE_Y, _SIDE_CUT, STRIP_Y)
_SIDE_BOX = (_SIDE_CUT, CENTRE_Y, TABLE_W, STRIP_Y)
_STRIP_BOX = (0, STRIP_Y, TABLE_W, STRIP_Y + STRIP_H)


def _top_parts(chrome: Image.Image, view: dict[str, Any], names: list[str], ended: bool) -> list[Part]:
    """(box, key, draw) for each part of the top: the key holds all of the view the part reads."""
    at = chrome.size  # the felt under a part differs with the table's height
    lines = header_lines(view, names, ended)
    pile, base = live(view)
    last = view.get("last_play") or {}
    pile_key = (
        *(view.get(k) for k in ("phase", "dealer", "opening")),
        tuple(pile),
        base,
        last.get("seat"),
        str(last.get("kind")),
        tuple(names),
    )
    title_key = (view.get("vector"), view.get("vector_title"))
    ring_key = (players_of(view), view.get("direction"), view.get("current"))
    goods = tuple((str(g.get("top") or ""), int(g.get("size") or 0)) for g in view.get("good_discards") or [])
    side = (int(view.get("draw_pile") or 0), int(view.get("bad_discard") or 0), view.get("quarters_left"), goods)
    vector = vector_of(view)

    def strip(canvas: Image.Image) -> None:
        canvas.paste(strip_patch(canvas.width, chrome.height, vector), (0, STRIP_Y))

    parts: list[Part] = [(_HEADER_BOX, (at, "header", lines), lambda c: draw_header(c, *lines))]
    if title_reach(view) <= _VECTOR_CUT <= pile_reach(view):
        parts += [
            (_TITLE_BOX, (at, "title", title_key), lambda c: vector_panel(c, view)),
            (_RING_BOX, (at, "ring", ring_key), lambda c: vector_panel(c, view)),
            (_PILE_BOX, (at, "pile", pile_key), lambda c: pile_panel(c, view, names)),
        ]
    else:
        play = (title_key, ring_key, pile_key)
        parts.append((_PLAY_BOX, (at, "play", play), lambda c: (vector_panel(c, view), pile_panel(c, view, names))))
    parts += [
        (_SIDE_BOX, (at, "side", side), lambda c: side_panel(c, view)),
        (_STRIP_BOX, (at, "strip", vector), strip),
    ]
    return parts


def _banner_rows(final: dict[str, Any], size: tuple[int, int]) -> tuple[int, int, int]:
    """The rows the result banner changes (its rules are 3 px thick, drawn on its edges), and
    its top: `final_banner` keeps a banner inside its canvas."""
    w, h = size
    tall = banner_height(final, w)
    y0 = max(0, min(h - tall, _BANNER_CY - tall // 2))
    return max(0, y0 - 2), min(h, y0 + tall + 2), y0


def _banner(
    canvas: Image.Image,
    chrome: Image.Image,
    final: dict[str, Any],
    rows: tuple[int, int, int],
    parts: list[tuple[Box, Callable[[], Image.Image]]],
    ref: Image.Image,
) -> None:
    """The result banner over the rows it covers: those rows put together in full colour
    (the chrome and the parts, as drawn), the banner drawn on them where it lies on the
    whole table, mapped."""
    top, bottom, y0 = rows
    band = chrome.crop((0, top, chrome.width, bottom))
    for (x, y, _, y1), tile in parts:
        if y < bottom and y1 > top:
            band.paste(tile(), (x, y - top))
    final_banner(band, final, y0 - top + banner_height(final, chrome.width) // 2)
    paste_mapped(canvas, on_palette(band, ref), (0, top))


_BANNER_CY = CENTRE_Y + CENTRE_H // 2


@functools.lru_cache(maxsize=4)  # as table_chrome's, mapped
def _mapped_chrome(players: int, panel_h: int) -> Image.Image:
    return widened(table_chrome(players, panel_h), palette_of("moleicki.table", _palette_source))


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
        final_banner(canvas, final, _BANNER_CY)
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
    """The viewer's hand beside the card to beat, and their tableau, as PNG bytes.

    Put together on its palette as the table is (the file `to_png` makes of `hand_image`):
    the mapped chrome for the layout, then each band, pasted as mapped when it last showed
    the same (the header, the rank strip, the tableau), drawn and mapped anew if not."""
    ref = palette_of("moleicki.hand", _palette_source)
    lay = hand_layout(view)
    chrome = lay.chrome
    at = (lay.height, lay.cards_y, lay.tab_y, lay.tab_h)
    kept = kept_canvas(("hand", at), lambda: _mapped_hand_chromes.get(at, lambda: widened(chrome, ref)))
    for box, key, draw in hand_parts(view, lay):
        bands = moleicki_hand._tableaux if key[1] == "tableau" else _mapped_hand_parts
        kept.put(box, key, bands, _drawn(chrome, box, draw, ref))
    drawn()
    return rows_png(row_bytes(kept.canvas), chrome.size, ref)


_mapped_hand_chromes = KeptTiles(16)  # a hand layout's chrome on the hand's palette (~0.8 MB): a few tables'
_mapped_hand_parts = KeptTiles(48)  # the hand picture's other bands on its palette (up to ~0.2 MB), by what they show


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
    render_hand(sample_view())  # a hand of two rows
    render_hand(dict(sample_view(), hand=["3D", "6D", "KC"]))  # and of one, the most common layout


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
