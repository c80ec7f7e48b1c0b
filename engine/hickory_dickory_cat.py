"""Hickory Dickory solo cat: paws that chase the minute hand and scratch the mice they land on."""

from __future__ import annotations

from engine.core import Event
from engine.hickory_dickory_data import MICE


class CatMixin:
    """Solo-only rules (mixed into the State)."""

    def _mice_at(self, number: int) -> list[tuple[int, str]]:
        """Mice at a number: on its inner or outer space, or on the hand pointing at it."""
        out = [
            (seat, mouse)
            for seat in range(self.players)
            for mouse in MICE
            if self.mice[seat][mouse].where in ("inner", "outer") and self.mice[seat][mouse].number == number
        ]
        if number == self.minute:
            out += list(self.hand)
        return out

    def _scratch(self, number: int, events: list[Event]) -> None:
        """A paw lands on mice: each costs its seat one tile (house rule: the newest on that mouse,
        else the newest on the seat's fullest card)."""
        for seat, mouse in self._mice_at(number):
            cards = self.mice[seat]
            source = mouse if cards[mouse].tiles else None
            if source is None:
                full = [m for m in MICE if cards[m].tiles]
                if not full:
                    continue
                source = max(full, key=lambda m: (len(cards[m].tiles), -MICE.index(m)))
            tile = cards[source].tiles.pop()
            self._log("scratch", seat, mouse, source, tile)
            self._return_tile(tile)
            events.append(
                Event("scratch", f"The cat scratches {self._name(seat, mouse)}: {tile} is lost.", {"seat": seat})
            )

    def _cat_at_minute(self, events: list[Event]) -> None:
        """The minute hand, with mice on it, reached a paw: roll for each paw there and place it."""
        here = [i for i, p in enumerate(self.paws) if p == self.minute]
        landed: list[int] = []
        for i in here:
            self.paws[i] = self._roll()
            self._log("paw", self.minute, self.paws[i])
            landed.append(self.paws[i])
            events.append(Event("paw", f"The cat's paw springs from {self.minute} to {self.paws[i]}.", {}))
        for number in sorted(set(landed)):
            if not self._mice_at(number):
                continue
            self._scratch(number, events)
            if number == self.minute:
                self._scatter_hand(events)
            self._shoo(number, events)
        if self.minute in self.paws:
            self.step = "end"

    def _scatter_hand(self, events: list[Event]) -> None:
        """Hand mice under a paw leap to the next uncovered outer space, front first (no Scurrier leap)."""
        target = self._next_free(self.minute)
        riders = list(self.hand)
        self.hand = []
        for seat, mouse in riders:
            self.activated.append(f"{seat}:{mouse}")
            self._log_move(seat, mouse, "outer", target, "cat")
            self.mice[seat][mouse].where = "outer"
            self.mice[seat][mouse].number = target
        for seat, mouse in reversed(riders):
            self._push(
                {"kind": "entry", "seat": seat, "mouse": mouse, "number": target, "claimed": False, "acted": False}
            )
        for seat, mouse in riders:
            events.append(Event("enter", f"{self._name(seat, mouse)} leaps to {target}.", {"seat": seat}))
