"""Rummy: draw, meld sets and runs, lay off on anyone's melds, discard; first out scores.

Two to six players, one 52-card pack, aces low. A turn is a draw (stock or the discard
pile's top card), then any lay-offs and at most one meld in any order, then a discard.
The player who empties their hand scores every other hand's deadwood, doubled when
they went out in one turn without having melded before ("going rummy"). The match
runs to the `target` score or `target`/10 hands; `one-hand` is a single hand.
Card logic lives in engine/rummy_melds.py; the heuristic player in engine/rummy_ai.py.

Action notation (Action.text is canonical and lowercase):

    draw                draw the stock's top card
    take                take the discard pile's top card (everyone sees it)
    meld 5h 6h 7h       lay down one meld: runs low to high, sets in suit order S H D C
    layoff 8d on 2      add 8D to meld 2 (melds are numbered from 1 in the order laid)
    discard 7h          end the turn
    rummy               lay the whole hand down at once and go out (going rummy)

Parsing is forgiving: case, `t` for ten, suit symbols, commas, extra spaces, cards in
any order, "lay off 8d 2", "lay-off 8d on #2", "draw stock" / "draw discard".

Views add: phase (draw/play/over), stock (count), discard_pile (bottom to top),
melds [{"cards", "seat"}], taken (card taken this turn or None), melded (per seat:
melded or laid off this hand), scores, target, max_hands, known (per seat: cards the
table saw go into that hand, still held), last_hand (the previous hand's result).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.cards import deal_round, parse_card, pretty, sort_cards, stack_deck
from engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    SmallRng,
    State,
    copy_rng,
    dump_rng,
    is_number,
    load_rng,
    normalise,
    places_from_scores,
)
from engine.rummy_melds import CARDS, canonical, classify, deadwood, extended, layoff_cards, melds_in, rummy_plan

HAND_SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
TARGETS = ("100", "250", "500", "one-hand")
_SYNTAX_HELP = "Write a move like “draw”, “take”, “meld 5h 6h 7h”, “layoff 8d on 2”, “discard 7h” or “rummy”."


def _cards_text(cards: tuple[str, ...] | list[str]) -> str:
    return " ".join(c.lower() for c in cards)


def _pretty(cards: tuple[str, ...] | list[str]) -> str:
    return " ".join(pretty(c) for c in cards)


# -- actions ------------------------------------------------------------------

_ACTIONS: dict[str, Action] = {}


def _cached(text: str, label: str, parts: dict[str, Any]) -> Action:
    hit = _ACTIONS.get(text)
    if hit is None:
        hit = _ACTIONS[text] = Action(text, label, parts)
    return hit


def draw_action() -> Action:
    return _cached("draw", "Draw from the stock", {"verb": "draw", "to": "stock"})


def take_action(top: str) -> Action:
    # The label names the card, so the cache key must too.
    a = _ACTIONS.get("take " + top)
    if a is None:
        a = _ACTIONS["take " + top] = Action(
            "take",
            f"Take {pretty(top)} from the discard pile",
            {
                "verb": "draw",
                "to": "discard",
            },
        )
    return a


def meld_action(meld: tuple[str, ...]) -> Action:
    text = "meld " + _cards_text(meld)
    return _cached(text, f"Meld {_pretty(meld)}", {"verb": "meld", "cards": list(meld)})


def layoff_action(card: str, number: int) -> Action:
    text = f"layoff {card.lower()} on {number}"
    return _cached(
        text, f"Lay off {pretty(card)} on meld {number}", {"verb": "layoff", "cards": [card], "meld": number}
    )


def discard_action(card: str) -> Action:
    return _cached(f"discard {card.lower()}", f"Discard {pretty(card)}", {"verb": "discard", "cards": [card]})


def rummy_action() -> Action:
    return _cached("rummy", "Go rummy: lay down your whole hand", {"verb": "rummy"})


def parse_text(text: str) -> tuple[str, list[str], int | None]:
    """(verb, cards, meld number) from forgiving text; IllegalAction if unreadable."""
    tokens = normalise(text).split()
    if not tokens:
        raise IllegalAction(_SYNTAX_HELP)
    verb, rest = tokens[0], tokens[1:]
    if verb == "lay" and rest[:1] == ["off"]:
        verb, rest = "layoff", rest[1:]
    if verb == "lay-off":
        verb = "layoff"
    if verb == "draw" and rest in (["discard"], ["pile"], ["discard", "pile"]):
        verb, rest = "take", []
    if verb == "draw" and rest == ["stock"]:
        rest = []
    if verb in ("draw", "take", "rummy"):
        if rest:
            raise IllegalAction(f"“{verb}” takes no cards: just say “{verb}”.")
        return verb, [], None
    if verb not in ("meld", "layoff", "discard"):
        raise IllegalAction(_SYNTAX_HELP)
    number = None
    if verb == "layoff":
        # "on meld #2" names the meld as "on 2" does.
        rest = [t.lstrip("#") for t in rest if t not in ("on", "to", "onto", "meld", "#")]
        if len(rest) != 2 or not is_number(rest[1]):
            raise IllegalAction("Lay off one card on a numbered meld, like “layoff 8d on 2”.")
        number = int(rest[1])
        rest = rest[:1]
    try:
        cards = [parse_card(t) for t in rest]
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    if verb == "discard" and len(cards) != 1:
        raise IllegalAction("Discard exactly one card, like “discard 7h”.")
    if verb == "meld" and len(cards) < 3:
        raise IllegalAction("A meld is three or more cards, like “meld 5h 6h 7h” or “meld 9s 9h 9c”.")
    return verb, cards, number


# -- the game -----------------------------------------------------------------


class Rummy(Game):
    name = "rummy"
    title = "Rummy"
    min_players = 2
    max_players = 6
    options = (
        Option(
            "target",
            TARGETS,
            "100",
            "Play to this many points (or a tenth as many hands), or a single hand.",
        ),
    )

    # How the move panel names a step's choices: the piles a turn draws from, and "Lay off".
    _WORDS: ClassVar[dict[tuple[str, Any], str]] = {
        ("to", "stock"): "Stock",
        ("to", "discard"): "Discard pile",
        ("verb", "layoff"): "Lay off",
    }

    @classmethod
    def part_words(cls, key: str, value: Any) -> str | None:
        if isinstance(value, list):
            return None
        return cls._WORDS.get((key, value))


class TableMeld:
    """A meld on the table: its cards in canonical order and the seat that laid it."""

    __slots__ = ("cards", "seat")

    def __init__(self, cards: tuple[str, ...], seat: int) -> None:
        self.cards = cards
        self.seat = seat


class RummyState(State):
    game: ClassVar[type[Game]] = Rummy

    options: dict[str, str]
    players: int
    rng: random.Random
    hands: list[list[str]]
    known: list[list[str]]  # per seat: cards the table saw go into that hand, still held
    stock: list[str]  # stock[0] is drawn next
    stock_known: bool  # the stock is the turned-over discard pile, whose order everyone saw
    discard: list[str]  # bottom to top
    melds: list[TableMeld]
    phase: str  # "draw", "play" or "over"
    turn: int
    taken: str | None
    melded_now: bool  # a meld made this turn (one per turn)
    fresh: bool  # the seat to move had not melded or laid off before this turn
    melded: list[bool]
    turned: bool  # the discard pile was turned over this hand
    scores: list[int]
    hand_no: int
    dealer: int
    last_hand: dict[str, Any] | None
    # Search worlds only (see determinize): the match ends with the current hand.
    horizon: bool = False

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> RummyState:
        s = cls.__new__(cls)
        s.options = dict(options)
        s.players = players
        s.rng = rng
        s.scores = [0] * players
        s.hand_no = 0
        s.last_hand = None
        s._deal(players - 1, deck)
        return s

    def _deal(self, dealer: int, deck: list[str] | None = None) -> None:
        """Deal a hand: one card at a time from seat 0 (hand 1) or the dealer's left."""
        n = self.players
        order = stack_deck(CARDS, deck, self.rng)
        dealt = deal_round(order, n, HAND_SIZES[n])
        first = (dealer + 1) % n
        self.hands = [sort_cards(dealt[(s - first) % n]) for s in range(n)]
        self.known = [[] for _ in range(n)]
        self.discard = [order.pop(0)]
        self.stock = order
        self.stock_known = False
        self.melds = []
        self.phase = "draw"
        self.dealer = dealer
        self.turn = first
        self.taken = None
        self.melded_now = False
        self.fresh = True
        self.melded = [False] * n
        self.turned = False
        self.hand_no += 1

    @property
    def target(self) -> int | None:
        t = self.options["target"]
        return None if t == "one-hand" else int(t)

    @property
    def max_hands(self) -> int:
        t = self.target
        return 1 if t is None else t // 10

    def copy(self) -> RummyState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> RummyState:
        s = RummyState.__new__(RummyState)
        s.options = self.options
        s.players = self.players
        s.rng = rng
        s.hands = [h[:] for h in self.hands]
        s.known = [k[:] for k in self.known]
        s.stock = self.stock[:]
        s.stock_known = self.stock_known
        s.discard = self.discard[:]
        s.melds = [TableMeld(m.cards, m.seat) for m in self.melds]
        s.phase = self.phase
        s.turn = self.turn
        s.taken = self.taken
        s.melded_now = self.melded_now
        s.fresh = self.fresh
        s.melded = self.melded[:]
        s.turned = self.turned
        s.scores = self.scores[:]
        s.hand_no = self.hand_no
        s.dealer = self.dealer
        s.last_hand = self.last_hand
        s.horizon = self.horizon
        return s

    _FIELDS = ("players", "hands", "known", "stock", "stock_known", "discard", "phase", "turn", "taken")
    _FLAGS = ("melded_now", "fresh", "melded", "turned", "scores", "hand_no", "dealer", "last_hand")

    def dump(self) -> dict[str, Any]:
        d: dict[str, Any] = {"options": dict(self.options), "rng": dump_rng(self.rng)}
        for name in (*self._FIELDS, *self._FLAGS):
            value = getattr(self, name)
            d[name] = [x[:] if isinstance(x, list) else x for x in value] if isinstance(value, list) else value
        d["melds"] = [{"cards": list(m.cards), "seat": m.seat} for m in self.melds]
        return d

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> RummyState:
        s = cls.__new__(cls)
        s.options = dict(data["options"])
        s.rng = load_rng(data["rng"])
        for name in (*cls._FIELDS, *cls._FLAGS):
            value = data[name]
            setattr(s, name, [x[:] if isinstance(x, list) else x for x in value] if isinstance(value, list) else value)
        s.last_hand = None if data["last_hand"] is None else dict(data["last_hand"])
        s.melds = [TableMeld(tuple(m["cards"]), m["seat"]) for m in data["melds"]]
        return s

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.turn,)

    def _table(self) -> list[tuple[str, ...]]:
        return [m.cards for m in self.melds]

    def _leaves_only_taken(self, hand: list[str], cards: tuple[str, ...] | list[str]) -> bool:
        return self.taken is not None and len(hand) == len(cards) + 1 and self.taken in hand and self.taken not in cards

    def _melds_now(self, seat: int) -> list[tuple[str, ...]]:
        if self.melded_now:
            return []
        hand = self.hands[seat]
        return [m for m in melds_in(hand) if not self._leaves_only_taken(hand, m)]

    def _layoffs_now(self, seat: int) -> list[tuple[str, int]]:
        hand = self.hands[seat]
        held = set(hand)
        out = []
        for i, m in enumerate(self.melds):
            for c in layoff_cards(m.cards):
                if c in held and not self._leaves_only_taken(hand, (c,)):
                    out.append((c, i + 1))
        return out

    def _rummy_plan(self, seat: int) -> list[tuple] | None:
        if not self.fresh or self.phase != "play":
            return None
        return rummy_plan(self.hands[seat], self._table(), self.taken)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "over" or seat != self.turn:
            return []
        if self.phase == "draw":
            out = [draw_action()]
            if self.discard:
                out.append(take_action(self.discard[-1]))
            return out
        out = [meld_action(m) for m in self._melds_now(seat)]
        out += [layoff_action(c, n) for c, n in self._layoffs_now(seat)]
        out += [discard_action(c) for c in self.hands[seat] if c != self.taken]
        if self._rummy_plan(seat) is not None:
            out.append(rummy_action())
        return out

    def parse(self, seat: int, text: str) -> Action:
        """The canonical action for `text`, checked against the rules."""
        if self.phase == "over":
            raise IllegalAction("The game is over.")
        if seat != self.turn:
            raise IllegalAction("It isn't your turn.")
        verb, cards, number = parse_text(text)
        problem = self._problem(seat, verb, cards, number)
        if problem:
            raise IllegalAction(problem)
        if verb == "draw":
            return draw_action()
        if verb == "take":
            return take_action(self.discard[-1])
        if verb == "meld":
            return meld_action(canonical(cards))
        if verb == "layoff":
            assert number is not None
            return layoff_action(cards[0], number)
        if verb == "discard":
            return discard_action(cards[0])
        return rummy_action()

    def _problem(self, seat: int, verb: str, cards: list[str], number: int | None) -> str | None:
        """Why the move is illegal for seat now, or None if it is legal."""
        if verb in ("draw", "take"):
            if self.phase != "draw":
                return "You have already drawn this turn: meld, lay off or discard."
            if verb == "take" and not self.discard:
                return "The discard pile is empty: draw from the stock."
            return None
        if self.phase == "draw":
            return "Start your turn by drawing: “draw” from the stock or “take” the discard."
        hand = self.hands[seat]
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"You don't have {_pretty(missing)} in your hand."
        if verb == "discard":
            if cards[0] == self.taken:
                return f"You took {pretty(cards[0])} from the discard pile this turn, so you can't discard it."
            return None
        if verb == "rummy":
            if not self.fresh:
                return "Going rummy means laying your whole hand down in one turn before melding at all this hand."
            if self._rummy_plan(seat) is None:
                return "Your hand can't all be melded or laid off at once (keeping at most one card to discard)."
            return None
        if verb == "meld":
            if classify(cards) is None:
                return (
                    f"{_pretty(cards)} isn't a meld: make three or four of a kind, or three or more cards "
                    "in a row of one suit (aces are low; K-A-2 doesn't count)."
                )
            if self.melded_now:
                return "You have already melded this turn; lay off or discard (or go rummy with everything at once)."
            if self._leaves_only_taken(hand, cards):
                return "That would leave only the card you took, which you can't discard: keep another card."
            return None
        assert number is not None
        if not 1 <= number <= len(self.melds):
            if not self.melds:
                return "There are no melds on the table to lay off on yet."
            return f"There is no meld {number}: the melds are numbered 1 to {len(self.melds)}."
        meld = self.melds[number - 1].cards
        if cards[0] not in layoff_cards(meld):
            return f"{pretty(cards[0])} doesn't fit meld {number} ({_pretty(meld)})."
        if self._leaves_only_taken(hand, cards):
            return "That would leave only the card you took, which you can't discard: keep another card."
        return None

    # -- applying actions ------------------------------------------------------
    def _apply(self, seat: int, text: str) -> list[Event]:
        action = self.parse(seat, text)
        verb = action.parts["verb"]
        if verb == "draw":
            return self._take(seat) if action.parts["to"] == "discard" else self._draw(seat)
        if verb == "meld":
            return self._meld(seat, tuple(action.parts["cards"]))
        if verb == "layoff":
            return self._layoff(seat, action.parts["cards"][0], action.parts["meld"])
        if verb == "discard":
            return self._discard(seat, action.parts["cards"][0])
        return self._go_rummy(seat)

    def _draw(self, seat: int) -> list[Event]:
        p = f"{{p{seat}}}"
        events: list[Event] = []
        if not self.stock:
            if self.turned or len(self.discard) < 2:
                return self._dead_hand(seat)
            # The pile (less its top card) turns over unshuffled, oldest discard on top.
            self.stock = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.stock_known = True
            self.turned = True
            events.append(
                Event(
                    "turnover",
                    "The stock is empty: the discard pile is turned over as a new stock.",
                    {"stock": len(self.stock)},
                )
            )
        card = self.stock.pop(0)
        self._receive(seat, card, known=self.stock_known)
        self.phase = "play"
        data: dict[str, Any] = {"seat": seat, "stock": len(self.stock)}
        if self.stock_known:  # everyone watched this card go down the pile in order
            data["card"] = card
        events.append(Event("draw", f"{p} draws from the stock.", data))
        return events

    def _take(self, seat: int) -> list[Event]:
        card = self.discard.pop()
        self._receive(seat, card, known=True)
        self.taken = card
        self.phase = "play"
        return [Event("take", f"{{p{seat}}} takes {pretty(card)} from the discard pile.", {"seat": seat, "card": card})]

    def _receive(self, seat: int, card: str, known: bool) -> None:
        self.hands[seat] = sort_cards([*self.hands[seat], card])
        if known:
            self.known[seat].append(card)

    def _shed(self, seat: int, cards: tuple[str, ...] | list[str]) -> None:
        gone = set(cards)
        self.hands[seat] = [c for c in self.hands[seat] if c not in gone]
        if self.known[seat]:
            self.known[seat] = [c for c in self.known[seat] if c not in gone]

    def _meld(self, seat: int, cards: tuple[str, ...]) -> list[Event]:
        self._shed(seat, cards)
        self.melds.append(TableMeld(cards, seat))
        self.melded_now = True
        self.melded[seat] = True
        n = len(self.melds)
        text = f"{{p{seat}}} melds {_pretty(cards)} (meld {n})."
        events = [Event("meld", text, {"seat": seat, "cards": list(cards), "meld": n})]
        return events + self._maybe_out(seat)

    def _layoff(self, seat: int, card: str, number: int) -> list[Event]:
        return [self._lay(seat, card, number), *self._maybe_out(seat)]

    def _lay(self, seat: int, card: str, number: int) -> Event:
        self._shed(seat, (card,))
        meld = self.melds[number - 1]
        meld.cards = extended(meld.cards, card)
        self.melded[seat] = True
        text = f"{{p{seat}}} lays off {pretty(card)} on meld {number}."
        return Event("layoff", text, {"seat": seat, "card": card, "meld": number, "cards": list(meld.cards)})

    def _discard(self, seat: int, card: str) -> list[Event]:
        self._shed(seat, (card,))
        self.discard.append(card)
        events = [Event("discard", f"{{p{seat}}} discards {pretty(card)}.", {"seat": seat, "card": card})]
        if not self.hands[seat]:
            return events + self._hand_won(seat)
        self._next_turn()
        return events

    def _go_rummy(self, seat: int) -> list[Event]:
        plan = self._rummy_plan(seat)
        assert plan is not None
        events = [Event("rummy", f"{{p{seat}}} lays down the whole hand: rummy!", {"seat": seat})]
        for step in plan:
            if step[0] == "meld":
                self._shed(seat, step[1])
                self.melds.append(TableMeld(step[1], seat))
                n = len(self.melds)
                text = f"{{p{seat}}} melds {_pretty(step[1])} (meld {n})."
                events.append(Event("meld", text, {"seat": seat, "cards": list(step[1]), "meld": n}))
            elif step[0] == "layoff":
                events.append(self._lay(seat, step[1][0], step[2] + 1))
            else:
                self._shed(seat, step[1])
                self.discard.append(step[1][0])
                text = f"{{p{seat}}} discards {pretty(step[1][0])}."
                events.append(Event("discard", text, {"seat": seat, "card": step[1][0]}))
        self.melded[seat] = True
        assert not self.hands[seat]
        return events + self._hand_won(seat)

    def _maybe_out(self, seat: int) -> list[Event]:
        return self._hand_won(seat) if not self.hands[seat] else []

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players
        self.phase = "draw"
        self.taken = None
        self.melded_now = False
        self.fresh = not self.melded[self.turn]

    # -- ends of hands and of the match ------------------------------------------
    def _hand_won(self, seat: int) -> list[Event]:
        is_rummy = self.fresh
        counts = [deadwood(h) for h in self.hands]
        points = sum(counts) * (2 if is_rummy else 1)
        self.scores[seat] += points
        result = {"winner": seat, "points": points, "rummy": is_rummy, "deadwood": counts, "hand_no": self.hand_no}
        how = "goes rummy" if is_rummy else "goes out"
        text = f"{{p{seat}}} {how} and scores {points} point{'s' if points != 1 else ''}."
        return self._end_hand(result, text)

    def _dead_hand(self, seat: int) -> list[Event]:
        counts = [deadwood(h) for h in self.hands]
        result = {"winner": None, "points": 0, "rummy": False, "deadwood": counts, "hand_no": self.hand_no}
        text = f"{{p{seat}}} can't draw: the stock has run out again, so the hand is dead and nobody scores."
        return self._end_hand(result, text)

    def _end_hand(self, result: dict[str, Any], text: str) -> list[Event]:
        result["scores"] = list(self.scores)
        self.last_hand = result
        events = [Event("hand_end", text, dict(result))]
        target = self.target
        reached = target is not None and max(self.scores) >= target
        if reached or self.horizon or self.hand_no >= self.max_hands:
            self.phase = "over"
            best = max(self.scores)
            leaders = [s for s in range(self.players) if self.scores[s] == best]
            names = " and ".join(f"{{p{s}}}" for s in leaders)
            verb = "win" if len(leaders) > 1 else "wins"
            events.append(
                Event(
                    "game_end",
                    f"{names} {verb} the match with {best} points.",
                    {"scores": list(self.scores), "winners": leaders},
                )
            )
            return events
        self._deal((self.dealer + 1) % self.players)
        text = f"Hand {self.hand_no}: {{p{self.dealer}}} deals and {{p{self.turn}}} goes first."
        events.append(Event("deal", text, {"hand_no": self.hand_no, "dealer": self.dealer, "upcard": self.discard[-1]}))
        return events

    def outcome(self) -> Outcome:
        if self.phase != "over":
            raise ValueError("The game is not over yet.")
        if self.horizon:
            return self._horizon_outcome()
        places = places_from_scores(self.scores)
        best = max(self.scores)
        leaders = [s for s in range(self.players) if self.scores[s] == best]
        if len(leaders) == 1:
            reason = f"{{p{leaders[0]}}} won the match with {best} points."
        else:
            reason = " and ".join(f"{{p{s}}}" for s in leaders) + f" tied on {best} points."
        return Outcome(places, tuple(float(x) for x in self.scores), reason)

    def _horizon_outcome(self) -> Outcome:
        """A search world's result: the hand's winner first, then the others by less deadwood."""
        hand = self.last_hand
        assert hand is not None
        merit = [(1000 if s == hand["winner"] else 0) - hand["deadwood"][s] for s in range(self.players)]
        return Outcome(places_from_scores(merit), tuple(float(x) for x in merit), "The hand is over.")

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "rummy",
            "players": self.players,
            "seat": seat,
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "to_move": list(self.to_move),
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "over": self.phase == "over",
            "phase": self.phase,
            "stock": len(self.stock),
            "discard_pile": list(self.discard),
            "melds": [{"cards": list(m.cards), "seat": m.seat} for m in self.melds],
            "taken": self.taken,
            "melded": list(self.melded),
            "scores": list(self.scores),
            "target": self.options["target"],
            "max_hands": self.max_hands,
            "known": [sort_cards(k) for k in self.known],
            "last_hand": None if self.last_hand is None else dict(self.last_hand),
        }

    def hidden_cards(self, seat: int) -> list[str]:
        known = set(self.known[seat])
        return [c for c in self.hands[seat] if c not in known]

    def determinize(self, seat: int, rng: random.Random) -> RummyState:
        """Resample the other hands' unseen cards and the unseen stock.

        Kept: the seat's own hand, every card the table saw go into a hand (taken
        discards, draws from a turned-over stock) until it is played, the melds, the
        discard pile and a turned-over stock (its order was public).
        """
        from engine.rummy_ai import resample

        world = resample(self, seat, rng, self._copy(SmallRng(rng.getrandbits(64))))
        # A match runs to hundreds of moves, past the playout cap of the search, and its
        # later hands are fresh deals nobody can plan for: search worlds end with this hand.
        world.horizon = True
        return world

    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        from engine.rummy_ai import heuristic

        return heuristic(self, seat, rng)


Rummy.state_class = RummyState
GAME = Rummy
