"""Moleicki pictures: tableaux (rows of piles, barriers first and the base last).

A deal design may have any number of rows, piles per row and cards per pile, so
drawing starts with a `TableauPlan`: the largest card size at which the tableau
fits the room, with the rows side by side when they fit and one under another when
they do not, piles squeezed sideways (corner indices still showing) only as a last
resort, and the cards of a deep pile stacked closer. Face-down cards arrive as
None and are drawn as backs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.cards import back_image, card_image, card_size, paste_card, slot_image
from renderers.draw import GOLD, MUTED, text, text_size

Tableau = Sequence[Sequence[Sequence[str | None]]]  # rows -> piles -> cards, bottom card first

SIZES = ("normal", "small", "tiny")
GAP = 5  # between piles of a row
ROW_GAP = 16  # between rows side by side (a divider line sits in it)
ROW_GAP_V = 8  # between rows one under another
LABEL_H = 22  # "BARRIER" / "BASE" over a row
LABEL_PX = 18  # those words' size: 7.5 px on a phone showing the 960 px hand 400 wide
NUMBER_H = 22  # "#3" over a pile


@dataclass(frozen=True)
class Shape:
    """The bounding shape of one or more tableaux: piles per row and the deepest pile."""

    rows: tuple[int, ...]
    depth: int

    @staticmethod
    def of(tableaux: Sequence[Tableau]) -> Shape:
        rows: list[int] = []
        depth = 1
        for tab in tableaux:
            for i, row in enumerate(tab):
                if i == len(rows):
                    rows.append(0)
                rows[i] = max(rows[i], len(row))
                depth = max(depth, *(len(p) for p in row), 1)
        return Shape(tuple(rows), depth)


@dataclass(frozen=True)
class TableauPlan:
    size: str
    stacked: bool  # rows one under another instead of side by side
    step_x: int  # from one pile's left edge to the next
    dy: int  # from one card of a pile to the next
    width: int
    height: int
    head: int  # label and number lines over each row

    @property
    def row_h(self) -> int:
        """Height of one row: its head and its deepest pile."""
        return self.height if not self.stacked else self.head + card_size(self.size)[1] + self.depth_px

    @property
    def depth_px(self) -> int:
        return self.pile_h - card_size(self.size)[1]

    pile_h: int = 0  # height of the deepest pile


def stack_step(size: str, depth: int) -> int:
    """How far apart the cards of a pile sit: a seventh of a card, closer for deep piles."""
    h = card_size(size)[1]
    return max(6, min(h // 7, (h // 2) // max(1, depth - 1)))


def pile_height(size: str, depth: int) -> int:
    return card_size(size)[1] + stack_step(size, depth) * (max(1, depth) - 1)


def row_label(r_i: int, rows: int) -> str:
    return "BASE" if r_i == rows - 1 else "BARRIER"


def _label_widths(rows: int) -> list[int]:
    """How wide each row's label is: side by side, a narrow row still leaves its label room."""
    return [text_size(row_label(i, rows), LABEL_PX, True)[0] for i in range(rows)]


def _measure(
    shape: Shape, size: str, stacked: bool, head: int, step_x: int | None = None, labels: bool = False
) -> tuple[int, int, int]:
    w = card_size(size)[0]
    step = w + GAP if step_x is None else step_x
    widths = [w + step * (n - 1) if n else w for n in shape.rows] or [w]
    if labels and not stacked:
        widths = [max(a, b) for a, b in zip(widths, _label_widths(len(widths)), strict=True)]
    row_h = head + pile_height(size, max(2, shape.depth))
    if stacked:
        return max(widths), len(widths) * row_h + ROW_GAP_V * (len(widths) - 1), step
    return sum(widths) + ROW_GAP * (len(widths) - 1), row_h, step


def plan(
    shape: Shape,
    max_width: int,
    *,
    max_height: int | None = None,
    head: int = 0,
    sizes: Sequence[str] = SIZES,
    labels: bool = False,
) -> TableauPlan:
    """The best way to draw tableaux of this shape in `max_width` (and `max_height`) px."""
    for size in sizes:
        for stacked in (False, True):
            if stacked and len(shape.rows) < 2:
                continue
            width, height, step = _measure(shape, size, stacked, head, labels=labels)
            if width <= max_width and (max_height is None or height <= max_height):
                return _plan(shape, size, stacked, step, width, height, head)
    # Nothing fits: the smallest cards, rows one under another, piles overlapping sideways.
    size = sizes[-1]
    w = card_size(size)[0]
    widest = max(shape.rows or (1,))
    step = max(w // 4, (max_width - w) // max(1, widest - 1)) if widest > 1 else w + GAP
    width, height, step = _measure(shape, size, len(shape.rows) > 1, head, min(step, w + GAP), labels)
    return _plan(shape, size, len(shape.rows) > 1, step, width, height, head)


def _plan(shape: Shape, size: str, stacked: bool, step: int, width: int, height: int, head: int) -> TableauPlan:
    depth = max(2, shape.depth)
    return TableauPlan(size, stacked, step, stack_step(size, depth), width, height, head, pile_height(size, depth))


def paste_tableau(
    canvas: Image.Image,
    rows: Tableau,
    xy: tuple[int, int],
    p: TableauPlan,
    *,
    numbers: bool = False,
    labels: bool = False,
) -> None:
    """Draw `rows` at `xy` following plan `p`; each pile stacked downwards so its top
    card shows whole and the cards under it as slivers. `numbers` writes each pile's
    number as `flip N` and `blind N` use it; `labels` names the rows."""
    d = ImageDraw.Draw(canvas)
    w, _ = card_size(p.size)
    x, y = xy
    number = 0
    label_ws = _label_widths(len(rows)) if labels and not p.stacked else [0] * len(rows)
    for r_i, row in enumerate(rows):
        top = y + (LABEL_H if labels else 0)
        card_y = top + (NUMBER_H if numbers else 0)
        if labels:
            text(d, (x, y), row_label(r_i, len(rows)), LABEL_PX, MUTED, bold=True)
        for p_i, pile in enumerate(row):
            number += 1
            px = x + p_i * p.step_x
            if numbers:
                text(d, (px + w / 2, top), f"#{number}", 18, GOLD, bold=True, anchor="ma")
            if not pile:
                paste_card(canvas, slot_image(p.size), (px, card_y), shadow=False)
            for k, card in enumerate(pile):
                img = back_image(p.size) if card is None else card_image(str(card), p.size)
                paste_card(canvas, img, (px, card_y + k * p.dy), shadow=k == 0)
        row_w = max((len(row) - 1) * p.step_x + w if row else w, label_ws[r_i])
        if p.stacked:
            y += p.row_h + ROW_GAP_V
        else:
            x += row_w + ROW_GAP
            if r_i < len(rows) - 1:
                sx = x - ROW_GAP // 2
                d.line(((sx, card_y + 4), (sx, y + p.height - 4)), fill=(120, 150, 130), width=2)
