"""Klondike pictures and alt text, from the views of engine/klondike.py (plus `names`).

The table: a header (draw one or three, the pass through the stock, the move
counter), the stock `s` with its card count, the waste `w` (its top card, or the
top three fanned when drawing three), the four foundations `f`, and the seven
columns `1`..`7` with their face-down cards drawn as backs. The view gives a
face-down card as None, so nothing hidden can be drawn or described.

There is nothing private in Klondike (face-down cards are hidden from the
player too), so `render_hand` draws the same table. Shared drawing lives in
renderers/solitaire.py.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from renderers import solitaire as S
from renderers.cards import back_image, card_image, paste_card, slot_image
from renderers.draw import CREAM, text

__all__ = ["FAN_PIP", "FAN_STEP", "alt_text", "render_hand", "render_table", "warm"]

FAN_STEP = round(S.CARD_W * 0.3)  # how far apart the waste's top three sit when drawing three
FAN_PIP = (round(S.CARD_W * 0.17), round(S.CARD_H * 0.29))  # a fanned card's suit mark, from its corner
_RECYCLE = (150, 196, 170)


def _columns(view: dict[str, Any]) -> list[list[str | None]]:
    cols = [list(c) for c in view.get("tableau") or []]
    return (cols + [[] for _ in range(7)])[:7]


def _passes(view: dict[str, Any]) -> str:
    number = int(view.get("pass") or 1)
    limit = view.get("passes")
    return f"pass {number} of {limit}" if limit not in (None, "unlimited") else f"pass {number}"


def _detail(view: dict[str, Any]) -> str:
    return f"Draw {int(view.get('draw') or 1)} · {_passes(view)}"


def _extra(view: dict[str, Any]) -> str:
    hints = int(view.get("hints") or 0)
    return f"{hints} hint{'s' if hints != 1 else ''}" if hints else ""


def _can_recycle(view: dict[str, Any]) -> bool:
    left = view.get("passes_left")
    return bool(view.get("waste_count")) and (left is None or left > 0)


def _recycle_mark(canvas: Image.Image, cx: float, cy: float) -> None:
    """A circular arrow on the empty stock: drawing now turns the waste over."""
    d = ImageDraw.Draw(canvas)
    r = S.CARD_W * 0.26
    d.arc((cx - r, cy - r, cx + r, cy + r), 40, 330, fill=_RECYCLE, width=7)
    a = math.radians(40)
    tip = (cx + r * math.cos(a), cy + r * math.sin(a))
    d.polygon([(tip[0] - 13, tip[1] - 2), (tip[0] + 9, tip[1] - 6), (tip[0] + 1, tip[1] + 14)], fill=_RECYCLE)


def _stock(canvas: Image.Image, view: dict[str, Any], x: int) -> None:
    count = int(view.get("stock") or 0)
    S.pile_tag(canvas, x + S.CARD_W / 2, S.TOP_TAG_Y, "s")
    if count:
        layers = min(3, (count + 7) // 8)  # a thicker pile for a fuller stock
        for k in range(layers - 1, -1, -1):
            paste_card(canvas, back_image(S.CARD), (x - 2 * k, S.TOP_Y - 2 * k), shadow=k == layers - 1)
        S.count_badge(canvas, x + S.CARD_W / 2 - 2 * (layers - 1), S.TOP_Y + S.CARD_H / 2, count)
        return
    paste_card(canvas, slot_image(S.CARD), (x, S.TOP_Y), shadow=False)
    if _can_recycle(view):
        _recycle_mark(canvas, x + S.CARD_W / 2, S.TOP_Y + S.CARD_H / 2)
    else:
        text(ImageDraw.Draw(canvas), (x + S.CARD_W / 2, S.TOP_Y + S.CARD_H / 2), "0", 34, CREAM, bold=True, anchor="mm")


def _waste(canvas: Image.Image, view: dict[str, Any], x: int) -> None:
    shown = [c for c in view.get("waste") or [] if c]
    total = int(view.get("waste_count") or len(shown))
    S.pile_tag(canvas, x + S.CARD_W / 2, S.TOP_TAG_Y, "w", note=str(total) if total else "")
    if not shown:
        paste_card(canvas, slot_image(S.CARD), (x, S.TOP_Y), shadow=False)
        return
    if total > len(shown):  # the edge of the older waste under the shown cards
        paste_card(canvas, back_image(S.CARD), (x - 3, S.TOP_Y - 3), shadow=True)
    # Cards under the fan overlap sideways, so they use the standard faces, whose
    # corner shows rank over suit in the left strip that stays visible.
    for i, code in enumerate(shown):
        xy = (x + i * FAN_STEP, S.TOP_Y)
        if i == len(shown) - 1:
            S.paste_face(canvas, code, xy)
        else:
            paste_card(canvas, card_image(code, S.CARD), xy)


def _table_image(view: dict[str, Any]) -> Image.Image:
    columns = _columns(view)
    lay = S.layout(columns, view)
    canvas = S.canvas_for(lay)
    S.header(canvas, "KLONDIKE", _detail(view), int(view.get("moves") or 0), _extra(view))
    _stock(canvas, view, lay.xs[0])
    _waste(canvas, view, lay.xs[1])
    return S.draw_common(canvas, view, columns, lay, lay.xs[3:], empty_mark="K")


def render_table(view: dict[str, Any]) -> bytes:
    """The whole table as PNG bytes; face-down cards are backs."""
    return S.finish(_table_image(view), "klondike")


def render_hand(view: dict[str, Any]) -> bytes:
    """The player's picture: the same table (the player can't see face-down cards either)."""
    return render_table(view)


def alt_text(view: dict[str, Any]) -> str:
    """The position in words, face-down cards counted but never named."""
    head = f"Klondike, {_detail(view).lower().replace(' · ', ', ')}, move {int(view.get('moves') or 0)}."
    stock = int(view.get("stock") or 0)
    shown = [c for c in view.get("waste") or [] if c]
    total = int(view.get("waste_count") or len(shown))
    waste = (
        "empty"
        if not shown
        else (
            f"{total} card{'s' if total != 1 else ''}, top {S.alt_card(shown[-1])}"
            + (f" over {' '.join(S.alt_card(c) for c in reversed(shown[:-1]))}" if len(shown) > 1 else "")
        )
    )
    piles = f"Stock {stock} card{'s' if stock != 1 else ''}; waste {waste}."
    parts = [
        head,
        S.alt_status(view),
        piles,
        S.alt_foundations(view.get("foundations") or {}),
        S.alt_columns(_columns(view)),
    ]
    return " ".join(p for p in parts if p)


def warm() -> None:
    S.warm()
