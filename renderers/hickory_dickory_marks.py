"""Hickory Dickory table marks for the last tick, read from the view's `last_tick` (public only).

So a player who looked away sees what happened: a mouse that moved wears a pink ring at its new
place, a faint ghost of it stays at the old one with a pink arrow between them, a claimed leaf space
gets a pink dashed ring, a seat's score that rose gets "+N", hunt spaces just filled and quests just
completed are ringed in pink in the seat's panel, and one caption line says it in words.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from engine.hickory_dickory_data import tile_words

CHANGE = (255, 70, 200)  # every last-tick mark; far from the seat colours, gold and the tile colours
Place = tuple[str, int]  # (where, number): "inner"/"outer" ring spaces, "hand" at a number


@dataclass(frozen=True)
class Marks:
    """What the last tick changed, in the picture's terms."""

    minute: int | None = None
    moved: dict[tuple[int, str], Place | None] = field(default_factory=dict)  # mouse -> old place (None: off-board)
    scored: tuple[int, ...] = ()
    hunt: frozenset[tuple[int, int]] = frozenset()  # (seat, index)
    quests: tuple[tuple[int, str], ...] = ()  # (seat, quest id)
    leaf: tuple[int, ...] = ()
    caption: str = ""

    def seat_key(self, seat: int) -> tuple[Any, ...]:
        """What the marks put on one seat's panel (part of its kept tile's key)."""
        return (
            self.scored[seat] if seat < len(self.scored) else 0,
            tuple(sorted(i for s, i in self.hunt if s == seat)),
            tuple(q for s, q in self.quests if s == seat),
            tuple(sorted(m for s, m in self.moved if s == seat)),
        )


NO_MARKS = Marks()


def marks_of(view: dict[str, Any], names: list[str]) -> Marks:
    rec = view.get("last_tick")
    if not rec or view.get("over"):
        return NO_MARKS
    moved: dict[tuple[int, str], Place | None] = {}
    for m in rec.get("moves") or []:
        old = m.get("from") or {}
        place = (old["where"], int(old["number"])) if old.get("where") in ("inner", "outer", "hand") else None
        moved[(int(m["seat"]), str(m["mouse"]))] = place
    quests = tuple((int(d["seat"]), str(d["quest"])) for d in rec.get("delivered") or [] if d.get("quest"))
    return Marks(
        minute=rec.get("minute"),
        moved=moved,
        scored=tuple(int(x) for x in rec.get("scored") or []),
        hunt=frozenset((int(h["seat"]), int(h["index"])) for h in rec.get("hunt") or []),
        quests=quests,
        leaf=tuple(int(n) for n in rec.get("leaf") or []),
        caption=caption(rec, names),
    )


# -- words ------------------------------------------------------------------------------------------


def _place_words(m: dict[str, Any]) -> str:
    old, new, by = m.get("from") or {}, m.get("to") or {}, m.get("by")
    fw, tw, tn = old.get("where"), new.get("where"), new.get("number")
    if by == "cat":
        return f"chased to {tn}"
    if tw == "hand":
        return "on the hand"
    if fw == "hand":
        return f"off to {tn}"
    if fw == "inner" and tw == "outer" and old.get("number") == tn:
        return f"out at {tn}"
    if fw in ("out", "unplaced"):
        return f"placed at {tn}"
    return f"leapt to {tn}"


def caption(rec: dict[str, Any], names: list[str]) -> str:
    """One line, seat by seat: each mouse that moved and what it got, climbs and points; then the cat."""
    per: dict[int, dict[str | None, list[str]]] = {}

    def say(seat: int, mouse: str | None, words: str) -> None:
        per.setdefault(seat, {}).setdefault(mouse, []).append(words)

    for m in rec.get("moves") or []:
        say(m["seat"], m["mouse"], _place_words(m))
    for t in rec.get("taken") or []:
        say(t["seat"], t["mouse"], "took " + ", ".join(map(tile_words, t["tiles"])) if t["tiles"] else "drew nothing")
    for d in rec.get("delivered") or []:
        say(d["seat"], d["mouse"], f"delivered {len(d['tiles'])}" + (f" ({d['quest']})" if d.get("quest") else ""))
    for x in rec.get("returned") or []:
        if x["why"] == "relic":
            say(x["seat"], x["mouse"], "returned " + ", ".join(map(tile_words, x["tiles"])))
    for c in rec.get("climbed") or []:
        say(c["seat"], None, "chain to the leaf" if c.get("leaf") else f"chain {c['to']}")
    scored = rec.get("scored") or []
    parts = []
    for seat in sorted(set(per) | {s for s, p in enumerate(scored) if p}):
        name = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
        did = [f"{m.title() + ' ' if m else ''}{', '.join(w)}" for m, w in per.get(seat, {}).items()]
        gain = f" (+{scored[seat]})" if seat < len(scored) and scored[seat] > 0 else ""
        parts.append(f"{name}: {', '.join(did)}{gain}" if did else f"{name}{gain}")
    if rec.get("scratches"):
        parts.append("cat scratched " + ", ".join(tile_words(x["tile"]) for x in rec["scratches"]))
    paws = [str(p["to"]) for p in rec.get("paws") or []]
    if paws:
        parts.append("paws to " + ", ".join(paws))
    if rec.get("hour"):
        parts.append(f"hour {rec['hour']}")
    head = f"Last tick ({rec.get('minute')})"
    return f"{head}: {' · '.join(parts)}." if parts else f"{head}: nothing changed."


# -- drawing ------------------------------------------------------------------------------------------


def glow(
    d: ImageDraw.ImageDraw, xy: tuple[float, float], r: float, wide: float | None = None, tall: bool = False
) -> None:
    """A pink ring around a mouse, drawn under its disc and wide enough to show round a gold halo
    (`tall`: round an oval standing up)."""
    x, y = xy
    pad = r // 2 + 3
    w, h = (wide if wide is not None else r) + pad, r + pad
    if tall:
        w, h = h, w
    d.ellipse((x - w, y - h, x + w, y + h), outline=CHANGE, width=3)


def ghost(
    d: ImageDraw.ImageDraw, xy: tuple[float, float], colour: tuple[int, int, int], under: tuple[int, ...]
) -> None:
    """A faint disc where a mouse was: its seat colour mostly faded into what lies beneath."""
    x, y = xy
    faint = tuple(round(c * 0.35 + b * 0.65) for c, b in zip(colour, under, strict=False))
    d.ellipse((x - 10, y - 10, x + 10, y + 10), fill=faint, outline=CHANGE, width=1)


def arrow(d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], stop: float = 18) -> None:
    """A thin pink arrow from a to b, its head `stop` short of b (outside the mouse's disc)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < stop + 14:
        return
    ux, uy = dx / length, dy / length
    start = (a[0] + ux * 11, a[1] + uy * 11)
    tip = (b[0] - ux * stop, b[1] - uy * stop)
    d.line((*start, *tip), fill=CHANGE, width=2)
    back = (tip[0] - ux * 10, tip[1] - uy * 10)
    d.polygon([tip, (back[0] - uy * 5, back[1] + ux * 5), (back[0] + uy * 5, back[1] - ux * 5)], fill=CHANGE)


def dashed_ring(d: ImageDraw.ImageDraw, xy: tuple[float, float], r: float) -> None:
    """Where a leaf tile was claimed."""
    x, y = xy
    for k in range(0, 360, 40):
        d.arc((x - r, y - r, x + r, y + r), k, k + 22, fill=CHANGE, width=3)


def cell_ring(d: ImageDraw.ImageDraw, xy: tuple[float, float], cell: float) -> None:
    """A hunt space just filled."""
    x, y = xy
    h = cell / 2 + 3
    d.rounded_rectangle((x - h, y - h, x + h, y + h), radius=4, outline=CHANGE, width=2)
