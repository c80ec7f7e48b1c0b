"""Hickory Dickory pictures: the table around the clock, a player's own favors, and alt text.

Built from the view dicts of engine/hickory_dickory.py (plus `names`, added by the bot).

- `render_table(view)` draws the clock on the left (renderers/hickory_dickory_clock.py: numbers,
  action labels, paws, leaf tiles, mice on the ring, the hands, the minute's lit wedge). Here: a
  header; on the right the chain with every Scaler and the next leaf value, the market, the
  minute hand's riders front first (blocked spaces greyed), the face-up quests, and a NOW box
  naming the number, its action and the decision owed. Below: the seats' panels two to a row
  (name, score, favors, mouse cards with their tiles, hunt grid); the seat owing the decision is
  ringed in gold, the acting mouse (the view's `active`) wears a gold halo on the clock and in its
  panel; a game's end lays its banner over the table.
- Every word is 19 px or more (8 px when a phone shows the table 400 px wide); a tile's letter is
  18 px, a mouse's initial 16.
- The last tick's changes (the view's `last_tick`) are marked in pink (renderers/hickory_dickory_marks.py)
  and told in one caption line under the panels.
- `render_hand(view)` draws the viewer's favors, any tiles its Spotter is sorting, and the prompt.
- `alt_text(view)` describes public facts only (never a favor card).

Speed: the static art (felt, face, labels, chain boxes, hand strip, headings) is drawn once per
token layout; seat panels and the right column are kept as tiles keyed by what they show; only the
clock's moving parts, the header and the NOW box are drawn on every render.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

from engine.hickory_dickory_data import BONUS_FAVORS, FAVOR_EFFECTS, HAND_SPACES, MICE, STORAGE, tile_words
from renderers.draw import (
    CREAM,
    GOLD,
    GOLD_DARK,
    INK,
    MUTED,
    PANEL,
    SEAT_COLORS,
    KeptTiles,
    drawable,
    ellipsize,
    felt,
    felt_shades,
    palette_sheet,
    rounded_box,
    text,
    text_size,
    to_png,
)
from renderers.endings import final_banner, final_of
from renderers.hickory_dickory_clock import (
    CLOCK_C,
    CLOCK_R,
    HEADER_H,
    NOW,
    PAWED,
    SHORT,
    TILE_COLOURS,
    acting_mouse,
    draw_clock,
    draw_face,
    letter_px,
    mouse_dot,
    tile_chip,
)
from renderers.hickory_dickory_marks import CHANGE, NO_MARKS, Marks, cell_ring, glow, marks_of

__all__ = [
    "CARD_H",
    "CARD_W",
    "CHIP",
    "HAND_CELL",
    "HAND_STRIP_Y",
    "HAND_W",
    "HEIGHT",
    "NOW_BOX",
    "PANEL_DOT_X",
    "PANEL_PITCH",
    "PANEL_ROWS",
    "RIGHT_X",
    "WIDTH",
    "alt_text",
    "caption_y",
    "clear_tiles",
    "hand_canvas",
    "panel_box",
    "render_hand",
    "render_table",
    "table_canvas",
    "table_height",
    "waiting_here",
]

WIDTH = 960
PANELS_Y = HEADER_H + 2 * CLOCK_R + 24
# Seat panels two to a row (three or four seats take two rows): each is wide enough for its mice's
# tiles and its hunt board side by side at sizes a phone reads, where four in a row had 12 px letters.
PANEL_W, PANEL_H, PANEL_GAP = (WIDTH - 10) // 2, 184, 8


def caption_y(players: int) -> int:
    """Where the "Last tick: ..." line sits: under one row of panels, or two from three seats."""
    return PANELS_Y + (1 if players <= 2 else 2) * (PANEL_H + PANEL_GAP)


def table_height(players: int) -> int:
    return caption_y(players) + 34


CAPTION_Y, HEIGHT = caption_y(2), table_height(2)  # a table of one or two seats
RIGHT_X = 2 * CLOCK_R + 40

HAND_STRIP_Y, HAND_CELL = HEADER_H + 214, 38
PANEL_ROWS, PANEL_PITCH, PANEL_DOT_X = 68, 29, 22  # a seat panel's mouse rows: the first's centre, apart
CHIP = 26  # a tile in a panel (carried or on the hunt board): its letter 18 px
SMALL_PX = 19  # the least size of any other word on the table: 7.9 px at phone width
CHAIN_CELL = 27  # spaces 0-9 of the chain; the leaf's space is wider, to hold its name
NOW_BOX = (2 * CLOCK_R + 36, HEADER_H + 458, WIDTH - 8, PANELS_Y - 12)  # what happens at that number, in words


def names_of(view: dict[str, Any]) -> list[str]:
    n = int(view.get("players") or 1)
    given = [str(x) for x in view.get("names") or []]
    return [given[i] if i < len(given) else f"Seat {i + 1}" for i in range(n)]


def _fill(text_: str, names: list[str]) -> str:
    return text_.format(**{f"p{i}": name for i, name in enumerate(names)}) if text_ else ""


# -- the static base (cached per token layout and hand size) -----------------------------------------
# Everything that never changes during a game is drawn once: felt, clock face, action labels, the
# chain's boxes, the minute-hand strip, headings and the legend. A render copies it and draws on top.


@functools.lru_cache(maxsize=3)  # ~3.6-4.3 MB each: a game's token layout, hand size and height
def _base(tokens: tuple[str, ...], slots: int, height: int = HEIGHT) -> Image.Image:
    img = felt(WIDTH, height).convert("RGB")
    draw_face(img, tokens)
    d = ImageDraw.Draw(img)
    for y, heading in ((8, "CHAIN"), (126, "MARKET"), (HAND_STRIP_Y - HEADER_H - 24, "MINUTE HAND (front first)")):
        text(d, (RIGHT_X, HEADER_H + y), heading, SMALL_PX, GOLD, bold=True)
    text(d, (RIGHT_X, HEADER_H + 262), "QUESTS", SMALL_PX, GOLD, bold=True)
    text(d, (RIGHT_X, HEADER_H + 408), "V Scavenger  R Scurrier", SMALL_PX, MUTED)
    text(d, (RIGHT_X, HEADER_H + 431), "P Spotter  M Scamp", SMALL_PX, MUTED)
    _chain_boxes(d)
    rounded_box(img, NOW_BOX, 10, fill=PANEL, outline=NOW, width=2)
    for k in range(8):
        fill = (70, 54, 40) if k < slots else PAWED
        x = RIGHT_X + k * HAND_CELL
        d.rounded_rectangle((x, HAND_STRIP_Y, x + HAND_CELL - 4, HAND_STRIP_Y + 30), radius=5, fill=fill, outline=INK)
    return img


# Tiles: a seat panel or the right column drawn once per distinct content and pasted whole, so a
# render after one mouse moved redraws one panel, not four. A tile is up to ~0.25 MB in full
# colour; a table pastes 5 (four seats and the column), so 32 hold those of about 6 tables.
_tiles = KeptTiles(32)


def clear_tiles() -> None:
    """Forget every kept tile (the bench times a full redraw with this)."""
    _tiles.clear()


def _tile(
    canvas: Image.Image, base: Image.Image, box: tuple[int, int, int, int], key: tuple[Any, ...], draw: Callable
) -> None:
    key = (box, *key)  # the felt under a tile is the same on every base

    def drawn() -> Image.Image:
        tile = base.crop(box)
        draw(tile)
        return tile

    tile = _tiles.get(key, drawn)
    canvas.paste(tile, box[:2])


# -- right column: chain, minute-hand riders, market, quests (one tile) -------------------------------


def _chain_boxes(d: ImageDraw.ImageDraw) -> None:
    x0, y0, cell = RIGHT_X, HEADER_H + 34, CHAIN_CELL
    icons = {3: "+1", 6: "+1", 9: "+2"}
    for i in range(10):
        x = x0 + i * cell
        d.rounded_rectangle((x, y0, x + cell - 3, y0 + 34), radius=5, fill=(70, 54, 40), outline=INK)
        text(d, (x + cell / 2 - 1, y0 + 47), icons.get(i, str(i)), SMALL_PX, GOLD if i in icons else MUTED,
             bold=i in icons, anchor="mm")  # fmt: skip
    leaf = (x0 + 10 * cell, y0, WIDTH - 10, y0 + 34)
    d.rounded_rectangle(leaf, radius=5, fill=(90, 140, 70), outline=INK)
    text(d, ((leaf[0] + leaf[2]) / 2, y0 + 17), "LEAF", SMALL_PX, CREAM, bold=True, anchor="mm")


def _right_column(canvas: Image.Image, base: Image.Image, view: dict[str, Any], marks: Marks = NO_MARKS) -> None:
    """Chain, riders, market and quests: one tile, redrawn only when one of them changed."""
    box = (RIGHT_X - 4, HEADER_H + 30, WIDTH, HEADER_H + 410)
    riders = tuple((int(r["seat"]), str(r["mouse"])) for r in view.get("minute_hand") or [])
    quests = tuple((q["id"], q["points"], tuple(q.get("items") or [])) for q in view.get("quests") or [])
    names = names_of(view)
    pri = tuple(names[s] for s in view.get("priority") or [] if 0 <= s < len(names))
    market = (tuple(view.get("bin") or []), view.get("wilds", 0), view.get("bag", 0))
    chain = (tuple(view.get("scaler") or []), view.get("weight", 9))
    lit = tuple(r for r in riders if r in marks.moved)
    key = ("right", int(view.get("hand_slots") or 8), chain, market, riders, acting_mouse(view), quests, pri, lit)

    def draw(tile: Image.Image) -> None:
        d = ImageDraw.Draw(tile)
        ox, oy = box[0], box[1]
        _chain(d, view, RIGHT_X - ox, HEADER_H - oy)
        _riders(d, riders, acting_mouse(view), RIGHT_X - ox, HAND_STRIP_Y - oy, set(lit))
        _market(d, view, RIGHT_X - ox, HEADER_H - oy)
        _quests(d, quests, pri, RIGHT_X - ox, HEADER_H - oy)

    _tile(canvas, base, box, key, draw)


def _riders(
    d: ImageDraw.ImageDraw,
    riders: tuple[tuple[int, str], ...],
    acting: tuple[int, str] | None,
    x0: int,
    y: int,
    lit: set[tuple[int, str]],
) -> None:
    """The riders, front first, over the hand's spaces (blocked ones are greyed in the base); those
    that jumped on in the last tick are ringed in pink."""
    used, cell = 0, HAND_CELL
    for seat, mouse in riders:
        size = HAND_SPACES.get(mouse, 1)
        xy = (x0 + (used + size / 2) * cell - 2, y + 15)
        if (seat, mouse) in lit:
            glow(d, xy, 12, 24 if size == 2 else 12)
        mouse_dot(d, xy, seat, mouse, 12, (seat, mouse) == acting)
        used += size


def _chain(d: ImageDraw.ImageDraw, view: dict[str, Any], x0: int, top: int) -> None:
    y0, cell = top + 34, CHAIN_CELL
    scaler = list(view.get("scaler") or [])
    for seat, pos in enumerate(scaler):
        x = x0 + int(pos) * cell + cell / 2 - 1
        stacked = [s for s, p in enumerate(scaler) if p == pos]
        y = y0 + 9 + stacked.index(seat) * 6 if pos == 0 else y0 + 17
        d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=SEAT_COLORS[seat % 4], outline=INK, width=2)
    text(d, (x0, y0 + 62), f"Next leaf: {view.get('weight', 9)} points", SMALL_PX, CREAM, bold=True)


def _market(d: ImageDraw.ImageDraw, view: dict[str, Any], x0: int, top: int) -> None:
    y = top + 168
    for i, code in enumerate(view.get("bin") or []):
        cx = x0 + 18 + i * 36
        if code:
            tile_chip(d, (cx, y), code, 28)
        else:
            d.rounded_rectangle((cx - 14, y - 14, cx + 14, y + 14), radius=4, outline=MUTED)
    text(d, (x0 + 152, y), f"wilds {view.get('wilds', 0)}  bag {view.get('bag', 0)}", SMALL_PX, CREAM, anchor="lm")


def _quests(
    d: ImageDraw.ImageDraw,
    quests: tuple[tuple[Any, Any, tuple[str, ...]], ...],
    pri: tuple[str, ...],
    x0: int,
    top: int,
) -> None:
    y = top + 302
    for qid, points, items in quests:
        text(d, (x0, y), f"{qid} {points}", SMALL_PX, CREAM, bold=True, anchor="lm")
        for i, slot in enumerate(items):
            cx = x0 + 78 + i * 32
            if slot.startswith("*"):
                d.rounded_rectangle((cx - 13, y - 13, cx + 13, y + 13), radius=4, fill=CREAM, outline=INK)
                text(d, (cx, y), slot[1], 18, INK, bold=True, anchor="mm")
            else:
                tile_chip(d, (cx, y), slot, 26)
        y += 36
    if pri:
        text(d, (x0, top + 380), _priority_line(pri, WIDTH - RIGHT_X - 10), SMALL_PX, MUTED)


def _priority_line(pri: tuple[str, ...], width: int) -> str:
    """ "Priority: " and the names in order, each name cut alike until the line fits: the order is
    what a player reads here, so every seat keeps a place rather than the last ones dropping off."""
    for keep in range(max(map(len, pri)), 0, -1):
        names = [name if len(name) <= keep else name[:keep].rstrip() + "…" for name in pri]
        line = "Priority: " + ", ".join(names)
        if text_size(line, SMALL_PX)[0] <= width:
            return line
    return ellipsize("Priority: " + ", ".join(pri), SMALL_PX, width)


# -- seat panels (one tile per seat) -----------------------------------------------------------------


def _panels(
    canvas: Image.Image, base: Image.Image, view: dict[str, Any], movers: set[int], marks: Marks = NO_MARKS
) -> None:
    n = int(view.get("players") or 1)
    names = names_of(view)
    scores = view.get("scores") or []
    counts = view.get("favor_counts") or []
    all_mice = view.get("mice") or []
    hunts = view.get("hunt") or []
    acting = acting_mouse(view)
    for seat in range(n):
        mice = all_mice[seat] if seat < len(all_mice) else {}
        hunt = hunts[seat] if seat < len(hunts) else {}
        key = (
            "seat", seat, names[seat], scores[seat] if seat < len(scores) else 0,
            counts[seat] if seat < len(counts) else 0,
            tuple((m, (mice.get(m) or {}).get("where"), (mice.get(m) or {}).get("number"),
                   tuple((mice.get(m) or {}).get("tiles") or [])) for m in MICE),
            hunt.get("board"), tuple(hunt.get("spaces") or []), tuple(hunt.get("filled") or []),
            seat in movers, acting[1] if acting and acting[0] == seat else None, marks.seat_key(seat),
        )  # fmt: skip
        box = panel_box(n, seat)

        def draw(tile: Image.Image, seat: int = seat, box: tuple[int, int, int, int] = box) -> None:
            local = (0, 0, box[2] - box[0], box[3] - box[1])
            _panel(tile, view, seat, names[seat], local, seat in movers, marks)

        _tile(canvas, base, box, key, draw)


def panel_box(players: int, seat: int) -> tuple[int, int, int, int]:
    """Where a seat's panel sits under the clock: two to a row, in seat order."""
    row, col = divmod(seat, 2)
    x0, y0 = 5 + col * PANEL_W, PANELS_Y + row * (PANEL_H + PANEL_GAP)
    return x0, y0, x0 + PANEL_W - 6, y0 + PANEL_H


def _panel(
    canvas: Image.Image,
    view: dict[str, Any],
    seat: int,
    name: str,
    box: tuple[int, int, int, int],
    ringed: bool,
    marks: Marks = NO_MARKS,
) -> None:
    rounded_box(canvas, box, 10, fill=PANEL, outline=GOLD if ringed else None, width=4)
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, _ = box
    colour = SEAT_COLORS[seat % 4]
    scores = view.get("scores") or []
    score = scores[seat] if seat < len(scores) else 0
    gained = marks.scored[seat] if seat < len(marks.scored) else 0
    gain = f"+{gained}" if gained > 0 else ""
    # the name gives way to "+N", which stands clear of the score: "+2 4" read as "+24" on a phone
    room = x1 - x0 - 70 - (text_size(gain, 22, True)[0] + 14 if gain else 0)
    text(d, (x0 + 10, y0 + 8), ellipsize(name, 20, room, bold=True), 20, colour, bold=True)
    text(d, (x1 - 10, y0 + 6), str(score), 28, GOLD, bold=True, anchor="ra")
    if gain:
        text(d, (x1 - 24 - text_size(str(score), 28, True)[0], y0 + 10), gain, 22, CHANGE, bold=True, anchor="ra")
    favors = (view.get("favor_counts") or [0] * (seat + 1))[seat]
    text(d, (x0 + 10, y0 + 33), f"favors {favors}", SMALL_PX, MUTED)
    done = [q for s, q in marks.quests if s == seat]
    if done:
        text(d, (x0 + 96, y0 + 33), " ".join(f"{q} done" for q in done), SMALL_PX, CHANGE, bold=True)
    mice = (view.get("mice") or [{}] * (seat + 1))[seat]
    acting = acting_mouse(view)
    y = y0 + PANEL_ROWS
    for mouse in MICE:
        m = mice.get(mouse) or {}
        where = m.get("where")
        place = {"hand": "hand", "inner": f"in {m.get('number')}", "outer": f"out {m.get('number')}"}.get(where, "-")
        here = acting == (seat, mouse)
        dot = (x0 + PANEL_DOT_X + (6 if mouse == "scavenger" else 0), y)
        if (seat, mouse) in marks.moved:
            glow(d, dot, 12, 24 if mouse == "scavenger" else 12)
        mouse_dot(d, dot, seat, mouse, 12, here)
        text(d, (x0 + 60, y), place, SMALL_PX, GOLD if here else CREAM, bold=True, anchor="lm")
        for i in range(STORAGE[mouse]):
            cx = x0 + 141 + i * (CHIP + 3)
            if i < len(m.get("tiles") or []):
                tile_chip(d, (cx, y), m["tiles"][i], CHIP)
            else:
                h = CHIP / 2 - 1
                d.rounded_rectangle((cx - h, y - h, cx + h, y + h), radius=4, outline=(90, 110, 100))
        y += PANEL_PITCH
    hunt_x = x1 - 10 - 36 - 4 * (CHIP + 3) + 3 - CHIP // 2  # the board's letter, then its 4 x 3 spaces
    _hunt(d, view, seat, (hunt_x, y0 + PANEL_ROWS - 8), x1, {i for s, i in marks.hunt if s == seat})


def _hunt(
    d: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, xy: tuple[int, int], right: int, new: set[int]
) -> None:
    hunt = (view.get("hunt") or [{}] * (seat + 1))[seat]
    spaces = hunt.get("spaces") or []
    filled = hunt.get("filled") or []
    cell = CHIP
    text(d, (xy[0], xy[1] + 6), str(hunt.get("board", "")), 24, GOLD, bold=True)
    for i, code in enumerate(spaces):
        r, c = divmod(i, 4)
        cx = xy[0] + 36 + c * (cell + 3)
        cy = xy[1] + 8 + r * (cell + 3)
        got = filled[i] if i < len(filled) else None
        if i in new:
            cell_ring(d, (cx, cy), cell)
        if got:
            tile_chip(d, (cx, cy), str(got), cell)
        else:
            colour = TILE_COLOURS.get(code[0], MUTED)
            d.rounded_rectangle(
                (cx - cell / 2, cy - cell / 2, cx + cell / 2, cy + cell / 2), radius=3, outline=colour, width=2
            )
            text(d, (cx, cy), code[1], letter_px(cell), colour, bold=True, anchor="mm")


# -- whole pictures --------------------------------------------------------------------------------------


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    title = f"HICKORY DICKORY  ·  hour {view.get('hour')}  ·  minute {view.get('minute')}  ·  round {view.get('round')}"
    text(d, (14, HEADER_H // 2), ellipsize(title, 24, WIDTH - 28, bold=True), 24, GOLD, bold=True, anchor="lm")


def _wrap(s: str, size: int, width: int) -> list[str]:
    lines, line = [], ""
    for word in s.split():
        trial = f"{line} {word}".strip()
        if line and text_size(trial, size, True)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def waiting_here(view: dict[str, Any]) -> str:
    """Who is still to act at this tick's number, told from the view alone: a mouse on the inner
    ring of the minute's number has not acted yet (acting moves it out or onto the hand); a paw
    there means the tick passes. Riders still to decide are not in the view, so not told."""
    if view.get("over") or final_of(view):
        return ""
    minute = int(view.get("minute") or 12)
    if minute in (view.get("paws") or []):
        return f"A cat's paw covers {minute}: no mouse acts there."
    names, acting = names_of(view), acting_mouse(view)
    waiting = [
        f"{names[seat]}'s {mouse.title()}"
        for seat, mice in enumerate(view.get("mice") or [])
        for mouse in MICE
        if (mice.get(mouse) or {}).get("where") == "inner"
        and (mice.get(mouse) or {}).get("number") == minute
        and (seat, mouse) != acting
        and seat < len(names)
    ]
    return f"Still to act at {minute}: {', '.join(waiting)}." if waiting else ""


def _now(d: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    """The box beside the clock: the number the minute hand reached, its action, whose decision
    it is, and who else is still to act there."""
    x0, y0, x1, y1 = NOW_BOX
    width = x1 - x0 - 24
    minute = int(view.get("minute") or 12)
    tokens = view.get("tokens") or []
    action = SHORT.get(tokens[minute - 1], "") if minute - 1 < len(tokens) else ""
    head = f"NOW  ·  {minute}  ·  {action.replace('+', ' + ')}" if action else f"NOW  ·  {minute}"
    if text_size(head, 19, True)[0] > width:  # a double action at 10-12: tighter, rather than cut
        head = f"NOW {minute} · {action}"
    text(d, (x0 + 12, y0 + 10), ellipsize(head, 19, width, bold=True), 19, GOLD, bold=True)
    lines = _wrap(_fill(str(view.get("prompt") or ""), names), 19, width)
    if len(lines) > 3:
        lines = [*lines[:2], ellipsize(" ".join(lines[2:]), 19, width, bold=True)]
    y = y0 + 40
    for line in lines:
        text(d, (x0 + 12, y), line, 19, CREAM, bold=True)
        y += 25
    for line in _wrap(waiting_here(view), SMALL_PX, width):
        if y + 23 > y1 - 4:
            break
        text(d, (x0 + 12, y + 2), line, SMALL_PX, MUTED, bold=True)
        y += 23


def _caption(d: ImageDraw.ImageDraw, caption: str, top: int = CAPTION_Y) -> None:
    """The last tick in words on one line: smaller type before cutting it short."""
    width = WIDTH - 28
    size = 20 if text_size(caption, 20, True)[0] <= width else SMALL_PX
    text(d, (14, top + 14), ellipsize(caption, size, width, bold=True), size, CHANGE, bold=True, anchor="lm")


def _final(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """The bot's `final`, its places given their points once a game of 2 to 4 reaches midnight."""
    final = final_of(view)
    scores = list(view.get("scores") or [])
    places = final.get("places") if final else None
    if not final or not view.get("over") or len(scores) < 2 or not places or len(places) != len(scores):
        return final
    order = sorted(range(len(scores)), key=lambda s: (places[s], -scores[s], s))
    return {**final, "lines": [f"{places[s]}. {names[s]} · {scores[s]} pts" for s in order]}


def table_canvas(view: dict[str, Any]) -> Image.Image:
    """The table as an RGB image: the cached base, the clock drawn fresh, the rest pasted as tiles."""
    names = names_of(view)
    players = int(view.get("players") or 1)
    base = _base(tuple(view.get("tokens") or [""] * 12), int(view.get("hand_slots") or 8), table_height(players))
    canvas = base.copy()
    final = _final(view, names)
    d = ImageDraw.Draw(canvas)
    marks = marks_of(view, names)
    _header(d, view)
    _now(d, view, names)
    draw_clock(canvas, view, marks)
    _right_column(canvas, base, view, marks)
    movers = set() if final or view.get("over") else set(view.get("to_move") or [])
    _panels(canvas, base, view, movers, marks)
    if marks.caption:
        _caption(d, marks.caption, caption_y(players))
    if final:
        canvas = canvas.convert("RGBA")  # the banner is translucent
        final_banner(canvas, final, CLOCK_C[1])
    return canvas


def render_table(view: dict[str, Any]) -> bytes:
    return to_png(table_canvas(drawable(view)), key="hickory_dickory.table", source=_palette_source, reserve=_RESERVE)


_RESERVE = (*felt_shades(), CHANGE)  # the marks' pink kept exact in the palette


@functools.cache
def _sample_views() -> tuple[dict[str, Any], ...]:
    """Views of a seeded four-seat game part-way through, to learn one palette from."""
    from engine.hickory_dickory import HickoryDickory  # the picture's sample only

    state = HickoryDickory.new(4, seed=5)
    rng = random.Random(5)
    for _ in range(150):
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng))
    state.paws = [3, 8]
    return ({**state.view(None), "names": ["Ann", "Bob", "Cy", "Di"]},)


def _palette_source() -> Image.Image:
    return palette_sheet([table_canvas(v) for v in _sample_views()])


def render_hand(view: dict[str, Any]) -> bytes:
    return to_png(hand_canvas(drawable(view)), key="hickory_dickory.hand", source=_palette_source)


HAND_W, CARD_W, CARD_H = 640, 200, 70  # narrow, so the private picture reads at phone width


def _favor_label(fav: str) -> str:
    if fav in BONUS_FAVORS:
        return f"bonus {tile_words(BONUS_FAVORS[fav])}"
    effect = FAVOR_EFFECTS.get(fav, ("bonus item", 0))
    return f"{effect[0]} {effect[1]}" if effect[1] else effect[0]


def hand_canvas(view: dict[str, Any]) -> Image.Image:
    """The viewer's favors (three to a row), any tiles its Spotter drew, and its prompt."""
    names = names_of(view)
    seat = view.get("seat")
    favors = [str(f) for f in view.get("favors") or []]
    drawn = [str(t) for t in view.get("hand") or []]
    mine = isinstance(seat, int) and seat in (view.get("to_move") or [])
    line = _fill(str(view.get("prompt") or ""), names) if mine else "Waiting for the clock."
    lines = _wrap(line, 20, HAND_W - 28)
    rows = max(1, -(-len(favors) // 3))
    y_drawn = 42 + rows * (CARD_H + 10)
    y_prompt = y_drawn + (56 if drawn else 0) + 8
    canvas = felt(HAND_W, y_prompt + 28 * len(lines) + 12).convert("RGB")
    d = ImageDraw.Draw(canvas)
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "You"
    text(d, (14, 10), ellipsize(f"{who}: your favors", 22, HAND_W - 28, bold=True), 22, GOLD, bold=True)
    for i, fav in enumerate(favors):
        r, c = divmod(i, 3)
        x, y = 14 + c * (CARD_W + 8), 42 + r * (CARD_H + 10)
        rounded_box(canvas, (x, y, x + CARD_W, y + CARD_H), 10, fill=CREAM, outline=GOLD_DARK, width=3)
        text(d, (x + 12, y + 8), fav, 22, INK, bold=True)
        text(d, (x + 12, y + 38), ellipsize(_favor_label(fav), 18, CARD_W - 20), 18, INK)
    if not favors:
        text(d, (14, 60), "No favor cards.", 20, MUTED)
    if drawn:
        text(d, (14, y_drawn + 28), "Drawn:", 20, CREAM, bold=True, anchor="lm")
        for i, code in enumerate(drawn):
            tile_chip(d, (110 + i * 38, y_drawn + 28), code, 32)
    for i, row in enumerate(lines):
        text(d, (14, y_prompt + 28 * i), row, 20, GOLD if mine else MUTED, bold=True)
    return canvas


def alt_text(view: dict[str, Any]) -> str:
    names = names_of(view)
    final = final_of(view)
    scores = view.get("scores") or []
    parts = [
        f"Hickory Dickory, hour {view.get('hour')}, minute hand at {view.get('minute')}, round {view.get('round')}."
    ]
    told = marks_of(view, names).caption  # early: the bot keeps the first 1,000 characters
    if told:
        parts.append(told)
    riders = view.get("minute_hand") or []
    if riders:
        ride = ", ".join(f"{names[r['seat']]}'s {r['mouse']}" for r in riders if 0 <= r["seat"] < len(names))
        parts.append(f"Riding the minute hand, front first: {ride}.")
    if view.get("paws"):
        parts.append(f"Cat paws on {', '.join(str(p) for p in sorted(set(view['paws'])))}.")
    parts.append("Scores: " + ", ".join(f"{names[s]} {scores[s]}" for s in range(min(len(names), len(scores)))) + ".")
    if final:
        parts.append(str(final.get("headline") or "Game over."))
        ranked = _final(view, names)
        if ranked is not final and ranked is not None:
            parts.append("; ".join(ranked["lines"]) + ".")
    elif view.get("prompt"):
        parts.append(_fill(str(view["prompt"]), names) + ".")
    still = "" if final else waiting_here(view)
    if still:
        parts.append(still)
    return " ".join(parts)
