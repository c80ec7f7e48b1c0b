"""Snip Snap Snorem: a matching game for 2-8 players; the first out of cards wins.

Every card is dealt. The leader plays any card; going left, each player who holds a card
of that rank must play one ("Snip", then "Snap"); a player without one passes, which the
engine does for them. The fourth card of the rank is the "Snorem": its player leads a new
rank. Play can come back round to the same player, who then plays again.

Action notation (Action.text is canonical and lowercase):

    play 7h         lead any card, or follow with a card of the rank being matched

Parsing is forgiving: case, `t` for ten, suit symbols (♠♥♦♣), extra spaces. House rules
are listed in docs/rules/snip-snap-snorem.md.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.cards import (
    RANKS,
    CardError,
    deal_greedy,
    deal_to_fit,
    parse_card,
    pretty,
    rank,
    sort_cards,
    stack_deck,
    standard_deck,
)
from engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Outcome,
    SmallRng,
    State,
    copy_rng,
    dump_rng,
    load_rng,
    places_from_scores,
)

FULL_DECK = tuple(standard_deck())
CALLS = ("lead", "snip", "snap", "snorem")  # event kinds for the 1st..4th card of a rank
_WORDS = {"lead": "leads", "snip": "snips with", "snap": "snaps with", "snorem": "says Snorem with"}
_RANK_NAMES = {"A": "an ace", "8": "an 8", "J": "a jack", "Q": "a queen", "K": "a king"}


def rank_name(r: str) -> str:
    """`a 7`, `an ace`: a rank with its article, for sentences."""
    return _RANK_NAMES.get(r, f"a {r}")


def play_action(card: str) -> Action:
    return Action(f"play {card.lower()}", f"Play {pretty(card)}", {"verb": "play", "cards": [card]})


class SnipSnapSnorem(Game):
    name = "snip_snap_snorem"
    title = "Snip Snap Snorem"
    min_players = 2
    max_players = 8


class SnipSnapSnoremState(State):
    game: ClassVar[type[Game]] = SnipSnapSnorem

    rng: random.Random
    hands: list[list[str]]
    pile: list[str]  # the cards of the rank being matched, in play order
    done: list[str]  # completed ranks, face up
    turn: int | None
    last: int | None  # who played the last card
    passes: list[int]  # seats that passed since the last card was played
    passed: list[list[str]]  # per seat, ranks it passed on: it holds none of them, for good
    winner: int | None

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> State:
        s = cls.__new__(cls)
        s.players = players
        s.options = dict(options)
        s.rng = rng
        order = stack_deck(FULL_DECK, deck, rng)
        s.hands = [order[seat::players] for seat in range(players)]  # position i goes to seat i % n
        s.pile = []
        s.done = []
        s.turn = 0
        s.last = None
        s.passes = []
        s.passed = [[] for _ in range(players)]
        s.winner = None
        return s

    def copy(self) -> SnipSnapSnoremState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> SnipSnapSnoremState:
        s = SnipSnapSnoremState.__new__(SnipSnapSnoremState)
        s.players = self.players
        s.options = self.options
        s.rng = rng
        s.hands = [h[:] for h in self.hands]
        s.pile = self.pile[:]
        s.done = self.done[:]
        s.turn = self.turn
        s.last = self.last
        s.passes = self.passes[:]
        s.passed = [p[:] for p in self.passed]
        s.winner = self.winner
        return s

    def dump(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": dict(self.options),
            "rng": dump_rng(self.rng),
            "hands": [h[:] for h in self.hands],
            "pile": self.pile[:],
            "done": self.done[:],
            "turn": self.turn,
            "last": self.last,
            "passes": self.passes[:],
            "passed": [p[:] for p in self.passed],
            "winner": self.winner,
        }

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> SnipSnapSnoremState:
        s = cls.__new__(cls)
        s.players = data["players"]
        s.options = dict(data["options"])
        s.rng = load_rng(data["rng"])
        s.hands = [list(h) for h in data["hands"]]
        s.pile = list(data["pile"])
        s.done = list(data["done"])
        s.turn = data["turn"]
        s.last = data["last"]
        s.passes = list(data["passes"])
        s.passed = [list(p) for p in data["passed"]]
        s.winner = data["winner"]
        return s

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    @property
    def rank(self) -> str | None:
        """The rank being matched, or None when a lead is due."""
        return rank(self.pile[0]) if self.pile else None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.turn is None or seat != self.turn:
            return []
        want = self.rank
        return [play_action(c) for c in self.hands[seat] if want is None or rank(c) == want]

    def parse(self, seat: int, text: str) -> Action:
        """The canonical action for `text`, with a sentence saying why if it is illegal now."""
        if self.turn is None:
            raise IllegalAction("The game is over.")
        if seat != self.turn:
            raise IllegalAction("It isn't your turn.")
        card = self._read(seat, text)
        return play_action(card)

    def _read(self, seat: int, text: str) -> str:
        """The card `text` plays, checked against the rules; IllegalAction otherwise."""
        tokens = text.replace(",", " ").split()
        want = self.rank
        must = (
            "You lead: play any card, like “play 7h”."
            if want is None
            else f"You hold {rank_name(want)}: you must play it."
        )
        if not tokens or tokens[0].lower() != "play" or len(tokens) != 2:
            raise IllegalAction(must)
        try:
            card = parse_card(tokens[1])
        except CardError as exc:
            raise IllegalAction(str(exc)) from None
        if card not in self.hands[seat]:
            raise IllegalAction(f"You don't have the {pretty(card)}.")
        if want is not None and rank(card) != want:
            raise IllegalAction(f"Play {rank_name(want)}: that is the rank being matched.")
        return card

    # -- applying actions ------------------------------------------------------
    def _apply(self, seat: int, text: str) -> list[Event]:
        card = self._read(seat, text)
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.last = seat
        self.passes = []
        kind = CALLS[len(self.pile) - 1]
        p = f"{{p{seat}}}"
        events = [Event(kind, f"{p} {_WORDS[kind]} {pretty(card)}.", {"seat": seat, "card": card})]
        snorem = len(self.pile) == 4
        if snorem:  # the rank is complete even when its last card also wins the game
            self.done.extend(self.pile)
            self.pile = []
        if not self.hands[seat]:
            self.turn = None
            self.winner = seat
            return [*events, Event("win", f"{p} has no cards left and wins!", {"seat": seat, "card": card})]
        if snorem:
            self.turn = seat  # the Snorem leads the next rank
            return events
        events.extend(self._pass_round(seat))
        return events

    def _pass_round(self, seat: int) -> list[Event]:
        """Move the turn left to the next seat holding the rank; the seats between pass."""
        want = self.rank
        assert want is not None
        card = self.pile[-1]  # the card each passing seat could not match
        events: list[Event] = []
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if any(rank(c) == want for c in self.hands[nxt]):
                self.turn = nxt
                return events
            self.passes.append(nxt)
            if want not in self.passed[nxt]:
                self.passed[nxt].append(want)
            events.append(Event("pass", f"{{p{nxt}}} passes.", {"seat": nxt, "card": card, "rank": want}))
        raise AssertionError("every card is dealt, so someone holds the rest of the rank")

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "snip_snap_snorem",
            "players": self.players,
            "seat": seat,
            "hand": None if seat is None else sort_cards(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "to_move": list(self.to_move),
            "dealer": self.players - 1,
            "hand_no": 1,
            "over": self.turn is None,
            "rank": self.rank,
            "pile": self.pile[:],
            "discards": len(self.done),
            "last": self.last,
            "passes": self.passes[:],
            "passed": [sorted(p, key=RANKS.index) for p in self.passed],
            "snorem": self._snorem(),
            "winner": self.winner,
        }

    def _snorem(self) -> list[str]:
        """The four cards of the rank a Snorem just finished, in play order, until the next lead
        (the table shows Snip, Snap and Snorem under them); empty otherwise."""
        if self.pile or self.last is None or len(self.done) < 4:
            return []
        return self.done[-4:]

    def hidden_cards(self, seat: int) -> list[str]:
        """Every card in hand: all were dealt face down."""
        return sort_cards(self.hands[seat])

    def outcome(self) -> Outcome:
        if self.winner is None:
            raise ValueError("The game is not over yet.")
        scores = tuple(float(len(h)) for h in self.hands)
        return Outcome(
            places_from_scores(scores, high_wins=False), scores, f"{{p{self.winner}}} ran out of cards first."
        )

    def determinize(self, seat: int, rng: random.Random) -> SnipSnapSnoremState:
        """Other hands resampled from the unseen cards, sizes kept, no seat given a rank it passed on."""
        world = self._copy(SmallRng(rng.getrandbits(64)))
        others = [o for o in range(self.players) if o != seat]
        pool = [c for o in others for c in self.hands[o]]
        # The seats that ruled out most ranks take their cards first.
        others.sort(key=lambda o: -len(self.passed[o]))
        wants = [(o, len(self.hands[o]), set(self.passed[o])) for o in others]
        for _ in range(30):
            rng.shuffle(pool)
            dealt = deal_greedy(pool, wants, key=rank)
            if dealt is not None:
                break
        else:  # greedy draws can get stuck where only a few deals fit: match exactly instead
            dealt = deal_to_fit(pool, wants, key=rank)
        for o, cards in dealt[0].items():
            world.hands[o] = cards
        return world

    # -- heuristic player -----------------------------------------------------
    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        """Lead the rank held most (others known not to hold it first); follow with any card."""
        if self.turn is None or seat != self.turn:
            return None
        hand = self.hands[seat]
        if self.rank is not None:
            return play_action(next(c for c in hand if rank(c) == self.rank))
        counts: dict[str, int] = {}
        for c in hand:
            counts[rank(c)] = counts.get(rank(c), 0) + 1
        lacking = {r: sum(1 for o in range(self.players) if o != seat and r in self.passed[o]) for r in counts}
        best = max(counts, key=lambda r: (counts[r], lacking[r], rng.random()))
        return play_action(next(c for c in hand if rank(c) == best))


SnipSnapSnorem.state_class = SnipSnapSnoremState
GAME = SnipSnapSnorem
