"""Tiny Relay: shed your cards first; with four players, in two partnerships.

Notation: `play 2h` (one card) or `play 2h 2s` (a pair of one rank), and `give 3s to 1`
(hand a card to the next seat but one, your partner in a partnership game).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.core import Action, Event, Game, IllegalAction, Option, Outcome, State, copy_rng, dump_rng, load_rng

DECK = [f"{r}{s}" for r in "123" for s in "SH"]
HAND = 2


class TinyRelay(Game):
    name = "tiny_relay"
    title = "Tiny Relay"
    min_players = 2
    max_players = 4
    options = (Option("teams", ("off", "on"), "off", "Partners sit opposite (four players)."),)


class TinyState(State):
    game: ClassVar[type[Game]] = TinyRelay

    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> TinyState:
        s = cls()
        s.players, s.options, s.rng = players, options, rng
        cards = list(deck or DECK)
        if deck is None:
            rng.shuffle(cards)
        s.hands = [sorted(cards[i * HAND : (i + 1) * HAND]) for i in range(players)]
        s.turn, s.winner = 0, None
        return s

    def copy(self) -> TinyState:
        s = TinyState()
        s.players, s.options, s.rng = self.players, self.options, copy_rng(self.rng)
        s.hands, s.turn, s.winner = [list(h) for h in self.hands], self.turn, self.winner
        return s

    def dump(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": self.options,
            "hands": self.hands,
            "turn": self.turn,
            "winner": self.winner,
            "rng": dump_rng(self.rng),
        }

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> TinyState:
        s = cls()
        s.players, s.options, s.rng = data["players"], data["options"], load_rng(data["rng"])
        s.hands, s.turn, s.winner = data["hands"], data["turn"], data["winner"]
        return s

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn,)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        if self.options["teams"] == "on" and self.players == 4:
            return ((0, 2), (1, 3))
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        hand = self.hands[seat]
        out = [Action(f"play {c.lower()}", f"Play {c}", {"verb": "play", "cards": [c]}) for c in hand]
        pairs = {(a, b) for a in hand for b in hand if a < b and a[0] == b[0]}
        for a, b in sorted(pairs):
            out.append(Action(f"play {a.lower()} {b.lower()}", "", {"verb": "play", "cards": [a, b]}))
        target = (seat + 2) % self.players
        if target != seat and len(hand) > 1:
            for c in hand:
                out.append(Action(f"give {c.lower()} to {target}", "", {"verb": "give", "cards": [c], "to": target}))
        return out

    def parse(self, seat: int, text: str) -> Action:
        if " ".join(text.lower().split()) == "wait":  # a refusal naming a seat, as real games' do
            raise IllegalAction(f"{{p{seat}}} may not wait: Tiny Relay has no passing.")
        return super().parse(seat, text)

    def _apply(self, seat: int, text: str) -> list[Event]:
        legal = {a.text: a for a in self.legal_actions(seat)}
        words = " ".join(text.lower().split())
        if words not in legal:
            raise IllegalAction(f"“{text[:40]}” isn't a legal move in Tiny Relay now.")
        parts = legal[words].parts
        for card in parts["cards"]:
            self.hands[seat].remove(card)
        if parts["verb"] == "give":
            self.hands[parts["to"]] = sorted([*self.hands[parts["to"]], *parts["cards"]])
            events = [Event("give", f"{{p{seat}}} hands a card to {{p{parts['to']}}}.")]
        else:
            events = [Event("play", f"{{p{seat}}} plays {' '.join(parts['cards'])}.")]
        if not self.hands[seat]:
            self.winner = seat
            events.append(Event("win", f"{{p{seat}}} is out of cards."))
        else:
            self.turn = (seat + 1) % self.players
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        v = {
            "game": TinyRelay.name,
            "players": self.players,
            "seat": seat,
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "to_move": list(self.to_move),
            "over": self.over,
        }
        return v

    def outcome(self) -> Outcome:
        assert self.winner is not None
        sides = self.sides
        if sides:
            winners = next(side for side in sides if self.winner in side)
            places = tuple(1 if s in winners else 2 for s in range(self.players))
        else:
            places = tuple(1 if s == self.winner else 2 for s in range(self.players))
        scores = tuple(1.0 if p == 1 else 0.0 for p in places)
        return Outcome(places, scores, f"{{p{self.winner}}} went out first.", sides)

    def determinize(self, seat: int, rng: random.Random) -> TinyState:
        world = self.copy()
        pool = [c for s, h in enumerate(self.hands) if s != seat for c in h]
        rng.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                world.hands[s] = sorted(pool[: len(self.hands[s])])
                pool = pool[len(self.hands[s]) :]
        return world

    def hidden_cards(self, seat: int) -> list[str]:
        return list(self.hands[seat])


TinyRelay.state_class = TinyState
GAME = TinyRelay
