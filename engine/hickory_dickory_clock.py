"""Hickory Dickory clock: ticks, activation order, the minute hand, round ends and the final score."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.hickory_dickory_data import (
    BOARD_STARTS,
    CAT_DIE,
    FACE_UP_QUESTS,
    HAND_SPACES,
    MICE,
    MOON_SPACES,
    SUN_SPACES,
)
from engine.hickory_dickory_scoring import deliver_points, hunt_points, is_item

Frame = dict[str, Any]
PLACED = ("scurrier", "scavenger", "spotter")  # the order a hunt board lists start numbers


def clockwise(number: int, steps: int = 1) -> int:
    return (number - 1 + steps) % 12 + 1


class ClockMixin:
    """The engine turns the clock until some seat owes a decision (mixed into the State)."""

    # -- helpers ---------------------------------------------------------------
    def _name(self, seat: int, mouse: str) -> str:
        return f"{{p{seat}}}'s {mouse.title()}"

    def _next_free(self, number: int) -> int:
        """The next number clockwise that no paw covers."""
        n = clockwise(number)
        while n in self.paws:
            n = clockwise(n)
        return n

    def _ahead(self, number: int, upto: int) -> list[int]:
        """Uncovered numbers 1..upto ahead of number, in clockwise order."""
        return [n for n in (clockwise(number, k) for k in range(1, upto + 1)) if n not in self.paws]

    def _hand_used(self) -> int:
        return sum(HAND_SPACES[m] for _, m in self.hand)

    def _push(self, frame: Frame) -> None:
        self.stack.append(frame)

    # -- the main loop ----------------------------------------------------------
    def _settle(self, events: list[Event]) -> None:
        """Resolve everything that needs nobody's choice, stopping at the next decision."""
        self.forget_menu()  # the menu parse may answer from is gone (State.listed)
        for _ in range(100000):
            if self.done:
                return
            if self.stack:
                if self._auto(self.stack[-1], events):
                    continue
                return
            self._next_activation(events)
        raise RuntimeError("the clock did not settle")

    def _auto(self, frame: Frame, events: list[Event]) -> bool:
        """Pop a frame that offers nothing to choose; True if the state moved on."""
        kind = frame["kind"]
        if kind == "overflow":
            if not self._overfull(frame["seat"]):
                self.stack.pop()
                return True
            return False
        if kind == "discard":
            if len(self.favors[frame["seat"]]) <= 2:
                self.stack.pop()
                return True
            return False
        if kind == "entry":
            if not self._entry_open(frame):
                self.stack.pop()
                return True
            return False
        if kind == "activate":  # staying on the hand is always a choice
            return False
        if kind == "inner" and self._waiting_inner(frame["seat"]):
            return False
        if kind == "wild":
            if frame["count"] <= 0 or None not in self.filled[frame["seat"]]:
                self.wilds += max(frame["count"], 0)
                self.stack.pop()
                return True
            return False
        if not self._frame_actions(frame):
            self.stack.pop()
            return True
        return False

    def _next_activation(self, events: list[Event]) -> None:
        if self.step == "next":
            self._begin_tick(events)
        elif self.step == "hand":
            for seat, mouse in self.hand:
                if f"{seat}:{mouse}" not in self.activated:
                    self.activated.append(f"{seat}:{mouse}")
                    self._push({"kind": "activate", "seat": seat, "mouse": mouse, "number": self.minute})
                    return
            self.step = "inner"
        elif self.step == "inner":
            seat = self._next_inner_seat()
            if seat is None:
                self.step = "end"
            else:
                self.pass_seats.append(seat)
                self._push({"kind": "inner", "seat": seat, "mouse": None, "number": self.minute})
        elif self.step == "end":
            if self.minute == 12:
                self._end_round(events)
            self.step = "next"
        elif self.step == "place":
            self._next_placement(events)

    def _begin_tick(self, events: list[Event]) -> None:
        self._close_tick()
        self.minute = clockwise(self.minute)
        self.activated, self.pass_seats, self.moved, self.thrown = [], [], {}, []
        self.step = "hand"
        if self.minute in self.paws:
            if self.players == 1 and self.hand:
                self._cat_at_minute(events)
            else:
                self.step = "end"

    def _waiting_inner(self, seat: int) -> list[str]:
        mice, minute, activated = self.mice[seat], self.minute, self.activated
        return [
            m for m in MICE if (x := mice[m]).number == minute and x.where == "inner" and f"{seat}:{m}" not in activated
        ]

    def _next_inner_seat(self) -> int | None:
        order = self.priority_order()
        waiting = [s for s in order if self._waiting_inner(s)]
        if not waiting:
            return None
        fresh = [s for s in waiting if s not in self.pass_seats]
        if not fresh:  # everyone with a mouse here has had a turn: a new pass round the track
            self.pass_seats = []
            fresh = waiting
        return fresh[0]

    def priority_order(self) -> list[int]:
        return [(self.marker + i) % self.players for i in range(self.players)]

    # -- the minute hand ---------------------------------------------------------
    def _jump_on(self, seat: int, mouse: str, events: list[Event]) -> None:
        m = self.mice[seat][mouse]
        self._log_move(seat, mouse, "hand", None)
        m.where, m.number = "hand", None
        self.hand.append((seat, mouse))
        events.append(Event("jump_on", f"{self._name(seat, mouse)} jumps on the minute hand.", {"seat": seat}))
        bumped: list[tuple[int, str]] = []
        while self._hand_used() > self.hand_slots:
            bumped.append(self.hand.pop(0))
        for s, b in reversed(bumped):  # the front mouse chooses first
            mb = self.mice[s][b]
            self._log_move(s, b, "outer", self.minute)
            mb.where, mb.number = "outer", self.minute
            self._push({"kind": "bumped", "seat": s, "mouse": b, "number": self.minute})
        for s, b in bumped:
            events.append(Event("bumped", f"{self._name(s, b)} is bumped off the minute hand.", {"seat": s}))

    def _leave_hand(self, seat: int, mouse: str) -> None:
        if (seat, mouse) in self.hand:
            self.hand.remove((seat, mouse))

    def _enter(self, seat: int, mouse: str, number: int, events: list[Event]) -> None:
        """Put a mouse on an outer ring space and open its entry (claim, act, favors)."""
        self._log_move(seat, mouse, "outer", number)
        self._leave_hand(seat, mouse)
        m = self.mice[seat][mouse]
        m.where, m.number = "outer", number
        events.append(
            Event("enter", f"{self._name(seat, mouse)} enters the outer ring at {number}.", {"seat": seat, "n": number})
        )
        self._push({"kind": "entry", "seat": seat, "mouse": mouse, "number": number, "claimed": False, "acted": False})

    # -- round end ------------------------------------------------------------------
    def _roll(self) -> int:
        return self.rng.choice(CAT_DIE)

    def _place_paws(self, events: list[Event]) -> None:
        rolls = [self._roll() for _ in range(1 if self.players == 4 else 2)]
        for i, to in enumerate(rolls):
            self._log("paw", self.paws[i] if i < len(self.paws) else None, to)
        self.paws = rolls
        events.append(Event("paws", f"The cat's paws cover {' and '.join(map(str, sorted(set(rolls))))}.", {}))
        for number in sorted(set(rolls)):
            if self.players == 1:
                self._scratch(number, events)
            self._shoo(number, events)

    def _shoo(self, number: int, events: list[Event]) -> None:
        """Move ring mice off a covered number to the next uncovered one, same ring."""
        target = self._next_free(number)
        for seat in range(self.players):
            for mouse in MICE:
                m = self.mice[seat][mouse]
                if m.where in ("inner", "outer") and m.number == number:
                    self._log_move(seat, mouse, m.where, target, "cat")
                    m.number = target
                    events.append(Event("shoo", f"{self._name(seat, mouse)} scurries on to {target}.", {"seat": seat}))

    def _end_round(self, events: list[Event]) -> None:
        self._place_paws(events)
        self.hour += 1
        self._log("hour", self.hour)
        if self.hour == 12:
            self._final_scoring(events)
            return
        self.round_no += 1
        for seat in range(self.players):
            for mouse in MICE:
                if self.mice[seat][mouse].where == "outer":
                    self.mice[seat][mouse].where = "inner"
        self._refill()
        self.marker = (self.marker + 1) % self.players
        events.append(Event("round", f"The hour hand moves to {self.hour}: round {self.round_no} begins.", {}))

    def _refill(self) -> None:
        for i in range(FACE_UP_QUESTS):
            if self.quests[i] is None:
                if not self.quest_deck and self.quest_discard:
                    self.quest_deck = self.quest_discard
                    self.quest_discard = []
                    self.rng.shuffle(self.quest_deck)
                if self.quest_deck:
                    self.quests[i] = self.quest_deck.pop()
        for i in range(11):
            if self.leaf[i] is None and self.bag:
                self.leaf[i] = self.bag.pop()
        for i in range(4):
            if self.bin[i] is None and self.bag:
                self.bin[i] = self.bag.pop()

    def _final_scoring(self, events: list[Event]) -> None:
        self.done = True
        self.stack = []
        for seat in range(self.players):
            lines = hunt_points(self.filled[seat])
            pool = [t for m in MICE for t in self.mice[seat][m].tiles if is_item(t)]
            pool += [f for f in self.favors[seat] if f in ("F9", "F10", "F11", "F12", "F13")]
            items = deliver_points(pool)
            self.scores[seat] += lines + items
            self._log("score", seat, lines + items)
            events.append(
                Event(
                    "final",
                    f"{{p{seat}}} scores {lines} for hunt lines and {items} for items left: {self.scores[seat]}.",
                    {"seat": seat, "lines": lines, "items": items},
                )
            )

    # -- advanced setup -------------------------------------------------------------------
    def _next_placement(self, events: list[Event]) -> None:
        for seat in self._placement_order():
            self._push({"kind": "place", "seat": seat, "mouse": None, "number": None})
            return
        if self.players == 1:
            self._place_paws(events)
        self.step = "next"

    def _placement_order(self) -> list[int]:
        order = self.priority_order()
        counts = [sum(1 for m in PLACED if self.mice[s][m].where == "unplaced") for s in order]
        if not any(counts):
            return []
        most = max(counts)
        return [s for s, c in zip(order, counts, strict=True) if c == most]

    def _place_numbers(self, seat: int) -> list[int]:
        own = [self.mice[seat][m].number for m in PLACED if self.mice[seat][m].where != "unplaced"]
        left = sum(1 for m in PLACED if self.mice[seat][m].where == "unplaced") - 1
        out = []
        for n in range(2, 12):
            if n in own:
                continue
            after = [*own, n]
            need = (not any(x in SUN_SPACES for x in after)) + (not any(x in MOON_SPACES for x in after))
            if need <= left:
                out.append(n)
        return out

    def _board_start(self, seat: int) -> None:  # setup, not a move: not logged
        for mouse, number in zip(PLACED, BOARD_STARTS[self.boards[seat]], strict=True):
            self.mice[seat][mouse].where, self.mice[seat][mouse].number = "inner", number
