"""FreeCell pictures and alt text, from the views of engine/freecell.py (plus `names`).

The table: a header (deal number, move counter, how many cards one move may
carry), the four free cells `a`..`d` and the four foundations `f` across the top,
and the eight columns `1`..`8` below, every pile tagged with the name a move uses.
The drawing itself is shared with Klondike in renderers/solitaire.py.

Every card is public in FreeCell, so `render_hand` (the player's own view) draws
the same table.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from renderers import solitaire as S
from renderers.cards import paste_card, slot_image

__all__ = ["alt_text", "render_hand", "render_table", "warm"]

CELLS = "abcd"


def _columns(view: dict[str, Any]) -> list[list[str | None]]:
    cols = [list(c) for c in view.get("tableau") or []]
    return (cols + [[] for _ in range(8)])[:8]


def _detail(view: dict[str, Any]) -> str:
    deal = view.get("deal")
    return f"Deal #{deal}" if deal else "Practice deal"


def _extra(view: dict[str, Any]) -> str:
    bits = []
    if view.get("hints"):
        bits.append(f"{view['hints']} hint{'s' if view['hints'] != 1 else ''}")
    if not view.get("over"):
        bits.append(f"max run {view.get('max_run', 1)}")
    return " · ".join(bits)


def _table_image(view: dict[str, Any]) -> Image.Image:
    columns = _columns(view)
    lay = S.layout(columns, view)
    canvas = S.canvas_for(lay)
    S.header(canvas, "FREECELL", _detail(view), int(view.get("moves") or 0), _extra(view))
    cells = (list(view.get("cells") or []) + [None] * 4)[:4]
    for name, card, x in zip(CELLS, cells, lay.xs[:4], strict=True):
        S.pile_tag(canvas, x + S.CARD_W / 2, S.TOP_TAG_Y, name)
        if card:
            S.paste_face(canvas, card, (x, S.TOP_Y))
        else:
            paste_card(canvas, slot_image(S.CARD), (x, S.TOP_Y), shadow=False)
    return S.draw_common(canvas, view, columns, lay, lay.xs[4:])


def render_table(view: dict[str, Any]) -> bytes:
    """The whole table as PNG bytes."""
    return S.finish(_table_image(view), "freecell")


def render_hand(view: dict[str, Any]) -> bytes:
    """The player's picture: the same table (nothing in FreeCell is hidden)."""
    return render_table(view)


def alt_text(view: dict[str, Any]) -> str:
    """The position in words: deal, moves, free cells, foundations, columns."""
    deal = view.get("deal")
    head = f"FreeCell {'deal ' + str(deal) if deal else 'practice deal'}, move {int(view.get('moves') or 0)}."
    cells = (list(view.get("cells") or []) + [None] * 4)[:4]
    held = ", ".join(f"{n} {S.alt_card(c) if c else 'empty'}" for n, c in zip(CELLS, cells, strict=True))
    parts = [
        head,
        S.alt_status(view),
        f"Free cells: {held}.",
        S.alt_foundations(view.get("foundations") or {}),
        S.alt_columns(_columns(view)),
    ]
    return " ".join(p for p in parts if p)


def warm() -> None:
    S.warm()
