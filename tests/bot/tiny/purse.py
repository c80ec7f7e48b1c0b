"""Tiny Purse: Tiny Relay for one to four, with a running net of chips per seat.

A seat's chips are how far it has shed cards beside the others (zero-sum): enough to
prove the bot's ledger and the one-seat (solo) start with no game named in `bot/`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import Game, Outcome
from tests.bot.tiny.engine import TinyRelay, TinyState


class TinyPurse(TinyRelay):
    name = "tiny_purse"
    title = "Tiny Purse"
    min_players = 1
    ledger = "chips"


class PurseState(TinyState):
    game: ClassVar[type[Game]] = TinyPurse

    def copy(self) -> PurseState:
        s = super().copy()
        s.__class__ = PurseState
        return s

    def view(self, seat: int | None) -> dict[str, Any]:
        v = super().view(seat)
        total = sum(len(h) for h in self.hands)
        v["game"] = TinyPurse.name
        v["chips"] = [total - self.players * len(h) for h in self.hands]
        v["won"] = self.winner is not None if self.players == 1 else None
        return v

    def outcome(self) -> Outcome:
        if self.players == 1:
            return Outcome((1,), (10.0,), "{p0} shed every card.")
        return super().outcome()


TinyPurse.state_class = PurseState
GAME = TinyPurse
