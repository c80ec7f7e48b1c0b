"""Hickory Dickory's last-tick record: what changed since the minute hand last moved, in public terms.

While the engine applies a move it appends short entries (JSON-safe lists) to the state's `log`;
when the minute hand moves on, a log that holds anything becomes `last_log` (a tick where nobody
chose anything joins the one before). The view's `last_tick`
sums the current tick's log once anything happened in it, else the last tick's that had changes,
so a player who looked away sees the latest changes. Entries name only public things: a drawn
favor, a discarded favor and the tile a Spotter puts back are logged without naming them.

Entries (tuples while playing, lists once stored; seat and mouse first where they apply):
    ["move", seat, mouse, from_where, from_n, to_where, to_n, by]   by: "cat" (shooed, scattered) or ""
    ["leaf", seat, mouse, n, tile]            claimed the leaf tile at n
    ["take", seat, mouse, source, tiles, drawn]  source: market, web, bag (drawn: how many were drawn)
    ["deliver", seat, mouse, tiles, points, quest, hunt_indexes, back]
    ["wild", seat, index]                     a delivered wild put on a hunt space
    ["spend", seat, mouse, tiles] / ["drop", seat, mouse, tiles] / ["relic", seat, mouse, tiles]
    ["climb", seat, from_pos, to_pos, leaf]
    ["favor", seat, id_or_None, how]          how: play, draw, discard
    ["trade", seat, tile, from_mouse, to_mouse]
    ["scratch", seat, mouse, source_mouse, tile]
    ["paw", from_n_or_None, to_n]
    ["score", seat, points]
    ["hour", hour]
"""

from __future__ import annotations

from typing import Any

Entry = list[Any] | tuple[Any, ...]
# Entries a seat's own choice caused (the rest the cat or the clock did), and which name a mouse.
CHOSEN = frozenset({"leaf", "take", "deliver", "wild", "spend", "drop", "relic", "climb", "favor", "trade"})
BY_MOUSE = frozenset({"leaf", "take", "deliver", "spend", "drop", "relic"})


class TickMixin:
    """Appending to the tick log (mixed into the State)."""

    def _log(self, *entry: Any) -> None:
        self.log.append(entry)  # a tuple: never changed, and storage turns it into a list

    def _log_move(self, seat: int, mouse: str, to_where: str, to_n: int | None, by: str = "") -> None:
        """Log a mouse's move from where it is now (call before changing it)."""
        m = self.mice[seat][mouse]
        here = self.minute if m.where == "hand" else m.number
        self.log.append(("move", seat, mouse, m.where, here, to_where, self.minute if to_where == "hand" else to_n, by))

    def _close_tick(self) -> None:
        """The minute hand is about to move: keep this tick's log if anything happened in it. A tick
        where only the cat or the clock moved things (a round end at an empty 12) joins the last kept
        one, so the moves made just before it stay in the record."""
        if not self.log:
            return
        if self.last_log and not any(_chosen(e) for e in self.log):
            self.last_log = [self.last_log[0], self.last_log[1] + self.log]
        else:
            self.last_log = [self.minute, self.log]
        self.log = []

    def tick_record(self) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        """The view's `last_tick` and `acted`."""
        if self.log:
            return summarise(self.minute, self.log, True, self.players)
        if self.last_log:
            return summarise(self.last_log[0], self.last_log[1], False, self.players)
        return None, []


def _chosen(e: Entry) -> bool:
    return e[0] in CHOSEN or (e[0] == "move" and e[-1] != "cat")


def summarise(
    minute: int, entries: list[Entry], current: bool, players: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Sum a tick's entries: each mouse's first place and last place, what came and went, points."""
    rec: dict[str, Any] = {
        "minute": minute,
        "current": current,
        "moves": [],
        "taken": [],
        "leaf": [],
        "delivered": [],
        "returned": [],
        "hunt": [],
        "quests": [],
        "scored": [0] * players,
        "climbed": [],
        "favors": [],
        "traded": [],
        "paws": [],
        "scratches": [],
        "hour": None,
    }
    moves: dict[tuple[int, str], dict[str, Any]] = {}
    acted: list[tuple[int, str | None]] = []
    for e in entries:
        kind = e[0]
        if kind == "move":
            _, seat, mouse, fw, fn, tw, tn, by = e
            key = (seat, mouse)
            if key in moves:
                moves[key]["to"] = {"where": tw, "number": tn}
                moves[key]["by"] = by if by == moves[key]["by"] else "both"
            else:
                moves[key] = {"seat": seat, "mouse": mouse, "from": {"where": fw, "number": fn},
                              "to": {"where": tw, "number": tn}, "by": by}  # fmt: skip
            if by != "cat":
                acted.append(key)
        elif kind == "score":
            rec["scored"][e[1]] += e[2]
        elif kind == "paw":
            rec["paws"].append({"from": e[1], "to": e[2]})
        elif kind == "hour":
            rec["hour"] = e[1]
        else:
            _summarise_seat_entry(rec, e)
            if kind in CHOSEN:
                acted.append((e[1], e[2] if kind in BY_MOUSE else None))
    # A mouse that came back to where it started (out and back by a paw, say) did not move.
    rec["moves"] = [m for m in moves.values() if m["from"] != m["to"]]
    return rec, _acted(acted)


def _summarise_seat_entry(rec: dict[str, Any], e: Entry) -> None:
    kind, seat = e[0], e[1]
    if kind == "leaf":
        rec["leaf"].append(e[3])
        rec["taken"].append({"seat": seat, "mouse": e[2], "tiles": [e[4]], "from": "leaf", "number": e[3]})
    elif kind == "take":
        rec["taken"].append({"seat": seat, "mouse": e[2], "tiles": list(e[4]), "from": e[3], "drawn": e[5]})
    elif kind == "deliver":
        _, _, mouse, tiles, points, quest, spaces, back = e
        rec["delivered"].append({"seat": seat, "mouse": mouse, "tiles": list(tiles), "points": points, "quest": quest})
        rec["hunt"] += [{"seat": seat, "index": i} for i in spaces]
        if quest:
            rec["quests"].append(quest)
        if back:
            rec["returned"].append({"seat": seat, "mouse": mouse, "tiles": list(back), "why": "deliver"})
    elif kind == "wild":
        rec["hunt"].append({"seat": seat, "index": e[2]})
    elif kind in ("spend", "drop", "relic"):
        rec["returned"].append({"seat": seat, "mouse": e[2], "tiles": list(e[3]), "why": kind})
    elif kind == "climb":
        rec["climbed"].append({"seat": seat, "from": e[2], "to": e[3], "leaf": e[4]})
    elif kind == "favor":
        rec["favors"].append({"seat": seat, "favor": e[2], "how": e[3]})
    elif kind == "trade":
        rec["traded"].append({"seat": seat, "tile": e[2], "from": e[3], "to": e[4]})
    elif kind == "scratch":
        rec["scratches"].append({"seat": seat, "mouse": e[2], "from": e[3], "tile": e[4]})


def _acted(keys: list[tuple[int, str | None]]) -> list[dict[str, Any]]:
    """Seats and mice in the order they first acted; a seat-level act (a favor) names no mouse unless
    none of that seat's mice acted."""
    out: list[dict[str, Any]] = []
    seen: set[tuple[int, str | None]] = set()
    for seat, mouse in keys:
        if (seat, mouse) in seen:
            continue
        seen.add((seat, mouse))
        out.append({"seat": seat, "mouse": mouse})
    with_mouse = {a["seat"] for a in out if a["mouse"]}
    return [a for a in out if a["mouse"] or a["seat"] not in with_mouse]
