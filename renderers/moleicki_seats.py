"""Moleicki pictures: the grid of player panels under the centre band.

Each panel shows the seat number and name with tags (TO PLAY, OWES NEIN, PUNCHED,
WINNER, ...), the hand size, and the tableau rows, barrier first and the base last,
drawn by one `TableauPlan` shared by every seat so all panels are the same height.
Up to eight players fit in two columns.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from PIL import Image

from renderers.cards import BACK, card_size, paste_card, paste_row, slot_image
from renderers.draw import GOLD, INK, MUTED, WHITE, Color, KeptTiles, ellipsize, felt, rounded_box, text, text_size
from renderers.moleicki_centre import centre_chrome
from renderers.moleicki_layout import (
    DIM,
    HAND_COL_W,
    MAT,
    PANEL_HEAD,
    RED,
    RED_DARK,
    TABLE_W,
    TABLEAU_DX,
    TABLEAU_ROOM,
    badge,
    grid_height,
    panel_box,
    per_seat,
    pill,
    pill_w,
    seat_disc,
    seats,
)
from renderers.moleicki_tableau import Shape, TableauPlan, paste_tableau, plan

_PENDING_TAGS = {
    "play": "TO PLAY",
    "tied": "MUST BEAT",
    "eight": "BEAT THE 8",
    "again": "PLAYS AGAIN",
    "vector": "CALLS VECTOR",
    "give": "GIVES A PILE",
    "next": "PICKS NEXT",
}
_TAG_PX = 18
_NAME_PX = 28
_CLASSIC = Shape((1, 3), 2)  # one barrier pile over three base piles: the table before any deal
_MAX_TABLEAU_H = 420  # beyond this a panel's tableau takes smaller cards


@functools.lru_cache(maxsize=256)
def seat_plan(shape: Shape) -> TableauPlan:
    """The plan every panel's tableau follows for tableaux up to this shape."""
    return plan(shape, TABLEAU_ROOM, max_height=_MAX_TABLEAU_H)


def table_plan(view: dict[str, Any]) -> TableauPlan:
    tabs = [t for t in per_seat(view, "tableaux") if t]
    return seat_plan(Shape.of(tabs) if tabs else _CLASSIC)


def panel_height(p: TableauPlan) -> int:
    return PANEL_HEAD + max(p.height, 118) + 16


@functools.lru_cache(maxsize=4)  # ~5 MB each: the layouts of a table or two (one before the deal, one after)
def table_chrome(players: int, panel_h: int) -> Image.Image:
    """Everything on the table that never changes for this many players and panel
    height: felt, the centre panels and labels, the player panels. Read-only."""
    canvas = felt(TABLE_W, grid_height(players, panel_h))
    centre_chrome(canvas)
    for seat in range(players):
        x0, y0, x1, y1 = panel_box(seat, panel_h)
        rounded_box(canvas, (x0, y0, x1, y1), 14, fill=(16, 44, 32, 150))
        rounded_box(canvas, (x0 + TABLEAU_DX - 6, y0 + PANEL_HEAD - 4, x1 - 6, y1 - 6), 10, fill=MAT)
        text(canvas, (x0 + 10 + HAND_COL_W / 2, y1 - 16), "in hand", 18, MUTED, bold=True, anchor="mm")
    return canvas


def panel_tags(view: dict[str, Any], seat: int) -> list[tuple[str, Color, Color]]:
    over = bool(view.get("over"))
    tags: list[tuple[str, Color, Color]] = []
    if over:
        if view.get("winner") == seat:
            tags.append(("WINNER", GOLD, INK))
    else:
        phase = view.get("phase")
        if phase == "deal" and view.get("dealer") == seat:
            tags.append(("TO DEAL", GOLD, INK))
        elif phase == "follow" and seat in seats(view, "follow"):
            tags.append(("CAN FOLLOW", GOLD, INK))
        elif phase == "play" and view.get("current") == seat:
            tags.append((_PENDING_TAGS.get(str(view.get("pending")), "TO PLAY"), GOLD, INK))
        if phase == "play" and view.get("window") == seat and view.get("current") != seat:
            tags.append(("MAY ADD", (60, 90, 76), (250, 244, 228)))
        if seat in seats(view, "nein_owed"):
            n = per_seat(view, "nein_counts")[seat] or 1
            tags.append(("OWES NEIN" + (f" x{n}" if n > 1 else ""), RED, WHITE))
    if seat in seats(view, "punched"):
        tags.append(("PUNCHED", RED_DARK, WHITE))
    if view.get("krzywicka") == seat and view.get("phase") in ("deal", "opening"):
        tags.append(("KRZYWICKA", (90, 70, 120), (250, 244, 228)))
    return tags


# Full colour is 4 bytes a pixel (a panel of 8 seats is ~0.36 MB, a mat ~0.22 MB): the table
# keeps its panels mapped (renderers/moleicki.py), so these hold only what is drawn over.
_tiles = KeptTiles(8)  # the panels drawn last (a table's seats): the result banner lies over them
_mats = KeptTiles(32)  # tableaux on their mats, see _mat: the seats of a few tables in play


def player_panel(
    canvas: Image.Image, chrome: Image.Image, view: dict[str, Any], seat: int, names: Sequence[str], p: TableauPlan
) -> None:
    """Draw a seat's panel, or paste it as last drawn if nothing it shows has changed."""
    box, _, tile = panel_tile(chrome, view, seat, names, p)
    canvas.paste(tile(), box[:2])


def panel_tile(
    chrome: Image.Image, view: dict[str, Any], seat: int, names: Sequence[str], p: TableauPlan
) -> tuple[tuple[int, int, int, int], Hashable, Callable[[], Image.Image]]:
    """A seat's panel: its box on the table, the key it is kept by, and what gives the
    opaque tile, which covers the box (drawn then only if not kept): the table pastes its
    panels mapped, so most are never wanted in full colour."""
    box = panel_box(seat, panel_height(p))
    tab = per_seat(view, "tableaux")[seat] or []
    key = (
        chrome.size,
        box,
        p,
        names[seat],
        view.get("seat") == seat,
        tuple(panel_tags(view, seat)),
        _outline(view, seat),
        int(per_seat(view, "hands")[seat] or 0),
        tuple(tuple(tuple(pile) for pile in row) for row in tab),
        view.get("phase") == "deal",
    )

    def draw() -> Image.Image:
        tile = chrome.crop(box)
        _draw_panel(tile, key[:2], view, seat, names, p, key[6])
        return tile

    return box, key, lambda: _tiles.get(key, draw)


def _outline(view: dict[str, Any], seat: int) -> Color | None:
    over = bool(view.get("over"))
    if seat in seats(view, "nein_owed") and not over:
        return RED
    # In the race to open, who may move is who holds an opening card: not shown.
    racing = view.get("phase") == "opening"
    if (seat in seats(view, "to_move") and not over and not racing) or (over and view.get("winner") == seat):
        return GOLD
    return None


def _draw_panel(
    tile: Image.Image,
    where: tuple[Any, ...],
    view: dict[str, Any],
    seat: int,
    names: Sequence[str],
    p: TableauPlan,
    outline: Color | None,
) -> None:
    x0, y0, x1, y1 = 0, 0, tile.width, tile.height
    _name_row(tile, view, seat, names, (x0, y0, x1))
    _hand_count(tile, int(per_seat(view, "hands")[seat] or 0), x0 + 10, y0 + PANEL_HEAD)
    tab = per_seat(view, "tableaux")[seat] or []
    _mat(tile, where, tab, p, view.get("phase") == "deal")
    if outline is not None:  # last, so a kept mat never carries another turn's outline
        rounded_box(tile, (x0, y0, x1, y1), 14, outline=outline, width=4)


def _mat(
    tile: Image.Image,
    where: tuple[Any, ...],
    tab: Sequence[Sequence[Sequence[str | None]]],
    p: TableauPlan,
    dealing: bool,
) -> None:
    """The tableau on its mat, pasted as last drawn when the same cards lie there: the turn
    passing changes two panels' names and outlines, not their tableaux. `where` is the
    panel's place on the table (the felt's shading under the mat differs from place to place)."""
    box = (TABLEAU_DX - 6, PANEL_HEAD - 4, tile.width - 6, tile.height - 6)
    key = (where, p, tuple(tuple(tuple(pile) for pile in row) for row in tab), dealing)

    def draw() -> Image.Image:
        mat = tile.crop(box)
        tx0, ty0 = TABLEAU_DX - box[0], PANEL_HEAD + 2 - box[1]
        if not tab or not any(pile for row in tab for pile in row):
            msg = "waiting for the deal" if dealing else "tableau cleared"
            text(mat, (tx0 + 8, ty0 + 40), msg, 22, DIM, anchor="lm")
        else:
            paste_tableau(mat, tab, (tx0, ty0), p)
        return mat

    mat = _mats.get(key, draw)
    tile.paste(mat, box[:2])


def _name_row(
    canvas: Image.Image, view: dict[str, Any], seat: int, names: Sequence[str], box: tuple[int, int, int]
) -> None:
    x0, y0, x1 = box
    ny = y0 + 25
    seat_disc(canvas, x0 + 24, ny, seat)
    tags = panel_tags(view, seat)
    tag_w = sum(pill_w(t[0], _TAG_PX) + 6 for t in tags[:2])
    name = names[seat] + (" (you)" if view.get("seat") == seat else "")
    name = ellipsize(name, _NAME_PX, max(80, x1 - 12 - (x0 + 46) - tag_w - 8), bold=True)
    text(canvas, (x0 + 46, ny), name, _NAME_PX, WHITE, bold=True, anchor="lm")
    tx = x0 + 46 + text_size(name, _NAME_PX, True)[0] + 10
    for label, bg, fg in tags:
        if tx + pill_w(label, _TAG_PX) > x1 - 8:
            break
        tx = pill(canvas, tx, ny - (_TAG_PX + 10) // 2, label, _TAG_PX, bg, fg) + 6


def _hand_count(canvas: Image.Image, n: int, x: int, y: int) -> None:
    """A little fan of backs with the number of cards in hand on it."""
    w = card_size("tiny")[0]
    cx = x + HAND_COL_W // 2
    if n:
        k = min(n, 3)
        paste_row(canvas, [BACK] * k, (cx, y + 2), "tiny", gap=12 - w, align="center", fan=24 if k > 1 else 0)
    else:
        paste_card(canvas, slot_image("tiny"), (cx - w // 2, y + 2), shadow=False)
    badge(canvas, cx, y + 64, n, 28)
