"""Milk Run: deliver 30 of chocolate milk (black cards) and 30 of strawberry (red) first.

Every seat has a black (♠♣) and a red (♥♦) set of three piles: a limit pile (2-10; the top
card caps each delivery, 5 while empty), a go pile (a J/Q/K on top means go; an ace, a joker
or nothing means stop) and a deliver column (2-10, the deliveries made). A turn is two draws
(the stock, or once the discard pile's top card) and then two plays: a card on anyone's limit
or go pile, a delivery on your own column, a joker that stops another seat and steals the top
of their column, or a discard. The first seat with 30 of each colour delivered wins at once.

Action notation (Action.text is canonical and lowercase; seats are numbered from 0):

    draw / take          draw the stock's top card / take the discard pile's top card
    limit 9h             a 2-10 on your own limit pile of its colour
    limit 3c to 2        ... on seat 2's limit pile
    go ks / go ks to 2   a J/Q/K on your own / seat 2's go pile (only on a stop)
    go ah to 2           an ace on seat 2's go pile (only on a go): stops them
    go jk red to 2       a joker on seat 2's red go pile: stops them, steals their top delivery
    deliver 7s           a 2-10 on your own deliver column
    discard 7s           any card on the discard pile

Parsing is forgiving: case, `t` for ten, suit symbols (♠♥♦♣), commas, extra spaces, "to"
naming your own seat, "joker", and a joker's colour anywhere after it (or left out when
only one colour is possible). The house rules for the text's gaps are in
docs/rules/milk-run.md.
"""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

from engine.cards import JOKER, CardError, Deck, parse_card, pretty, stack_deck, standard_deck
from engine.core import (
    SUIT_SIGNS,
    Action,
    Event,
    Game,
    IllegalAction,
    Outcome,
    SmallRng,
    State,
    copy_rng,
    dump_rng,
    is_number,
    load_rng,
    places_from_scores,
)

# -- constants ----------------------------------------------------------------

HAND_SIZE = 6
TARGET = 30  # deliveries of each colour to win
EMPTY_LIMIT = 5
PACK = tuple(standard_deck(jokers=2))  # one pack; a game shuffles one per seat together
COLOURS = ("black", "red")
BLACK, RED = 0, 1
LIMIT, GO, DELIVER = 0, 1, 2  # a pile's index within its colour's set: piles[seat][colour * 3 + kind]
KINDS = ("limit", "go", "deliver")
FACES = frozenset("JQK")
_NUMBERS = {str(n): n for n in range(2, 11)}
_COLOUR_WORDS = {"black": BLACK, "b": BLACK, "chocolate": BLACK, "red": RED, "r": RED, "strawberry": RED}
_SYNTAX_HELP = (
    "Write a move like “draw”, “take”, “limit 9h”, “limit 3c to 2”, “go ks”, “go ah to 2”, "
    "“go jk red to 2”, “deliver 7s” or “discard 7s”."
)


def value(card: str) -> int:
    """A number card's value (2-10); 0 for aces, faces and jokers."""
    return _NUMBERS.get(card[:-1], 0)


def colour_of(card: str) -> int:
    """BLACK for ♠♣, RED for ♥♦ (not for jokers, which name one)."""
    return RED if card[-1] in "HD" else BLACK


def is_open(go: list[str]) -> bool:
    """A go pile means go while a J, Q or K is on top."""
    return bool(go) and go[-1] != JOKER and go[-1][:-1] in FACES


def limit_of(pile: list[str]) -> int:
    return value(pile[-1]) if pile else EMPTY_LIMIT


def deck_for(players: int) -> list[str]:
    """One 54-card pack per seat."""
    return list(PACK) * players


_KIND_ORDER = {"number": 0, "face": 1, "ace": 2}


def hand_order(cards: list[str]) -> list[str]:
    """Black before red, then number cards, faces, aces; jokers last; by rank within each."""

    def key(c: str) -> tuple[int, int, int, str]:
        if c == JOKER:
            return (2, 0, 0, c)
        r = c[:-1]
        kind = 0 if r in _NUMBERS else 1 if r in FACES else 2
        order = _NUMBERS.get(r) or {"J": 11, "Q": 12, "K": 13, "A": 14}[r]
        return (colour_of(c), kind, order, c[-1])

    return sorted(cards, key=key)


# -- actions --------------------------------------------------------------------


DRAW = Action("draw", "Draw from the stock", {"verb": "draw"})


@functools.cache
def take_action(card: str) -> Action:
    return Action("take", f"Take {pretty(card)} from the discard pile", {"verb": "take"})


@functools.cache
def play_action(verb: str, card: str, target: int, own: bool, colour: int | None = None) -> Action:
    """One play; `own` is whether `target` is the acting seat (the text then omits "to")."""
    shown = pretty(card)
    where = "" if own else f" to {target}"
    parts: dict[str, Any] = {"verb": verb, "cards": [card], "to": target}
    if verb == "discard":
        return Action(f"discard {card.lower()}", f"Discard {shown}", {"verb": verb, "cards": [card]})
    if verb == "deliver":  # always onto your own pile; `to` names it for the move panel
        return Action(f"deliver {card.lower()}", f"Deliver {shown}", parts)
    other = f"{{p{target}}}"  # the bot fills in the seat's name
    whose = "your" if own else f"{other}'s"
    if verb == "limit":
        return Action(f"limit {card.lower()}{where}", f"Limit {shown} on {whose} pile", parts)
    if card == JOKER:
        assert colour is not None
        parts["colour"] = COLOURS[colour]
        text = f"go jk {COLOURS[colour]}{where}"
        return Action(text, f"Steal from {other} with a joker ({COLOURS[colour]})", parts)
    if card[:-1] == "A":
        label = f"Stop your own {COLOURS[colour_of(card)]} with {shown}" if own else f"Stop {other} with {shown}"
        return Action(f"go {card.lower()}{where}", label, parts)
    label = f"Go {shown} on your pile" if own else f"Go {shown} on {other}'s pile"
    return Action(f"go {card.lower()}{where}", label, parts)


Move = tuple[str, str, int, int | None]  # (verb, card, target seat, joker colour)


def parse_text(seat: int, text: str) -> Move | tuple[str]:
    """(verb,) for draws, else (verb, card, target, colour); IllegalAction if unreadable."""
    tokens = text.translate(SUIT_SIGNS).lower().replace(",", " ").split()
    if not tokens:
        raise IllegalAction(_SYNTAX_HELP)
    verb, rest = tokens[0], tokens[1:]
    if verb in ("draw", "take"):
        if rest:
            raise IllegalAction(f"Just say “{verb}”.")
        return (verb,)
    if verb not in ("limit", "go", "deliver", "discard"):
        raise IllegalAction(_SYNTAX_HELP)
    target, colour, words = seat, None, []
    i = 0
    while i < len(rest):
        tok = rest[i]
        if tok == "to" and i + 1 < len(rest):
            if not is_number(rest[i + 1]):
                raise IllegalAction("Name the seat by its number, like “to 2”.")
            target = int(rest[i + 1])
            i += 2
            continue
        if tok in _COLOUR_WORDS:  # no card is written like a colour word
            colour = _COLOUR_WORDS[tok]
        else:
            words.append(tok)
        i += 1
    if len(words) != 1:
        raise IllegalAction(f"Name one card, like “{verb} 7s”." if words[1:] or not words else _SYNTAX_HELP)
    try:
        card = parse_card(words[0])
    except CardError as exc:
        raise IllegalAction(str(exc)) from None
    if colour is not None and card != JOKER:
        raise IllegalAction("Only a joker names a colour: other cards have their own.")
    return (verb, card, target, colour)


# -- the game -----------------------------------------------------------------


class MilkRun(Game):
    name = "milk_run"
    title = "Milk Run"
    min_players = 2
    max_players = 8
    # One pack with two jokers per seat, shuffled together: the pack count follows the seats.
    deck = Deck(jokers=2)
    # The move panel asks for the card, then where: whose pile (or the discard pile), then
    # which of its piles when the card could go on more than one.
    step_order: ClassVar[tuple[str, ...]] = ("cards", "to", "verb")

    @classmethod
    def part_words(cls, key: str, value: Any) -> str | None:
        return "Discard pile" if key == "to" and value is None else None


# -- the state ----------------------------------------------------------------


class MilkRunState(State):
    game: ClassVar[type[Game]] = MilkRun

    rng: random.Random
    hands: list[list[str]]
    stock: list[str]  # stock[0] is drawn next
    discard: list[str]  # bottom to top, face up
    piles: list[list[list[str]]]  # piles[seat][colour * 3 + kind], each bottom to top
    totals: list[list[int]]  # deliver column totals, [seat][colour]
    taken: list[list[str]]  # cards a seat took from the discard pile and still holds (public)
    turn: int | None
    draws: int  # draws made this turn (0-2); plays follow
    took: bool  # the discard pile was drawn from this turn
    plays: int  # plays made this turn (0-1)
    winner: int | None
    spent: bool

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> State:
        s = cls.__new__(cls)
        s.players = players
        s.options = dict(options)
        s.rng = rng
        order = stack_deck(deck_for(players), deck, rng)
        s.hands = [order[seat : HAND_SIZE * players : players] for seat in range(players)]
        s.stock = order[HAND_SIZE * players :]
        s.discard = []
        s.piles = [[[] for _ in range(6)] for _ in range(players)]
        s.totals = [[0, 0] for _ in range(players)]
        s.taken = [[] for _ in range(players)]
        s.turn, s.draws, s.took, s.plays = 0, 0, False, 0
        s.winner, s.spent = None, False
        return s

    def copy(self) -> MilkRunState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> MilkRunState:
        s = MilkRunState.__new__(MilkRunState)
        s.players = self.players
        s.options = self.options
        s.rng = rng
        s.hands = [h[:] for h in self.hands]
        s.stock = self.stock[:]
        s.discard = self.discard[:]
        s.piles = [[p[:] for p in ps] for ps in self.piles]
        s.totals = [t[:] for t in self.totals]
        s.taken = [t[:] for t in self.taken]
        s.turn, s.draws, s.took, s.plays = self.turn, self.draws, self.took, self.plays
        s.winner, s.spent = self.winner, self.spent
        return s

    def dump(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": dict(self.options),
            "rng": dump_rng(self.rng),
            "hands": [h[:] for h in self.hands],
            "stock": self.stock[:],
            "discard": self.discard[:],
            "piles": [[p[:] for p in ps] for ps in self.piles],
            "taken": [t[:] for t in self.taken],
            "turn": self.turn,
            "draws": self.draws,
            "took": self.took,
            "plays": self.plays,
            "winner": self.winner,
            "spent": self.spent,
        }

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> MilkRunState:
        s = cls.__new__(cls)
        s.players = data["players"]
        s.options = dict(data["options"])
        s.rng = load_rng(data["rng"])
        s.hands = [list(h) for h in data["hands"]]
        s.stock = list(data["stock"])
        s.discard = list(data["discard"])
        s.piles = [[list(p) for p in ps] for ps in data["piles"]]
        s.totals = [[sum(value(c) for c in ps[colour * 3 + DELIVER]) for colour in (BLACK, RED)] for ps in s.piles]
        s.taken = [list(t) for t in data["taken"]]
        s.turn, s.draws, s.took, s.plays = data["turn"], data["draws"], data["took"], data["plays"]
        s.winner, s.spent = data["winner"], data["spent"]
        return s

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    def limit(self, seat: int, colour: int) -> int:
        return limit_of(self.piles[seat][colour * 3 + LIMIT])

    def go_open(self, seat: int, colour: int) -> bool:
        return is_open(self.piles[seat][colour * 3 + GO])

    def legal_actions(self, seat: int) -> list[Action]:
        if self.turn is None or seat != self.turn:
            return []
        if self.draws < 2:
            out = [DRAW]
            if self.discard and not self.took:
                out.append(take_action(self.discard[-1]))
            return out
        out = []
        for card in hand_order(list(dict.fromkeys(self.hands[seat]))):
            out.extend(self._plays_of(seat, card))
        return out

    def _plays_of(self, seat: int, card: str) -> list[Action]:
        """Every play of one card, discard last."""
        out: list[Action] = []
        n = self.players
        if card == JOKER:
            for colour in (BLACK, RED):
                if not self.go_open(seat, colour):
                    continue
                mine = self.limit(seat, colour)
                for other in range(n):
                    if other != seat and self._stealable(other, colour, mine):
                        out.append(play_action("go", card, other, False, colour))
        else:
            colour = colour_of(card)
            v = value(card)
            if v:
                out.extend(play_action("limit", card, t, t == seat) for t in range(n))
                if v <= self.limit(seat, colour) and self.go_open(seat, colour):
                    out.append(play_action("deliver", card, seat, True))
            else:
                ace = card[0] == "A"
                k = colour * 3 + GO
                for t in range(n):
                    if is_open(self.piles[t][k]) == ace:
                        out.append(play_action("go", card, t, t == seat))
        out.append(play_action("discard", card, seat, True))
        return out

    def _stealable(self, other: int, colour: int, my_limit: int) -> bool:
        if not self.go_open(other, colour):
            return False
        column = self.piles[other][colour * 3 + DELIVER]
        return not column or value(column[-1]) <= my_limit

    def parse(self, seat: int, text: str) -> Action:
        """The canonical action for `text`, with a sentence saying why if it is illegal now."""
        if self.turn is None:
            raise IllegalAction("The game is over.")
        if seat != self.turn:
            raise IllegalAction("It isn't your turn.")
        move = self._checked(seat, text)
        if len(move) == 1:
            return DRAW if move[0] == "draw" else take_action(self.discard[-1])
        verb, card, target, colour = move  # type: ignore[misc]
        return play_action(verb, card, target, target == seat, colour)

    def _checked(self, seat: int, text: str) -> Move | tuple[str]:
        """The move `text` names, with a joker's colour filled in; IllegalAction if illegal now."""
        move = parse_text(seat, text)
        if len(move) == 1:
            problem = self._draw_problem(move[0])
        else:
            verb, card, target, colour = move  # type: ignore[misc]
            if card == JOKER and verb == "go" and colour is None:
                colour = self._joker_colour(seat, target)
                move = (verb, card, target, colour)
            problem = self._play_problem(seat, verb, card, target, colour)
        if problem:
            raise IllegalAction(problem)
        return move

    def _joker_colour(self, seat: int, target: int) -> int:
        ok = [c for c in (BLACK, RED) if self._play_problem(seat, "go", JOKER, target, c) is None]
        if len(ok) == 1:
            return ok[0]
        if not ok:  # neither colour works: the black check says why
            return BLACK
        raise IllegalAction("Name the joker's colour, like “go jk red to 2” or “go jk black to 2”.")

    def _draw_problem(self, verb: str) -> str | None:
        if self.draws >= 2:
            return "You have drawn your two cards: now play two, like “limit 9h” or “discard 7s”."
        if verb == "take":
            if not self.discard:
                return "The discard pile is empty: draw from the stock."
            if self.took:
                return "You may take only one card a turn from the discard pile: draw from the stock."
        return None

    def _play_problem(self, seat: int, verb: str, card: str, target: int, colour: int | None) -> str | None:
        """Why the play is illegal for seat now, or None if it is legal."""
        if self.draws < 2:
            return "Draw two cards first (“draw”, or “take” for the discard pile's top card)."
        if card not in self.hands[seat]:
            return f"You don't have {'a joker' if card == JOKER else 'the ' + pretty(card)}."
        if not 0 <= target < self.players:
            return f"There is no seat {target}: seats are numbered 0 to {self.players - 1}."
        if verb == "discard":
            return None if target == seat else "Discards go on the discard pile, not in front of a seat."
        if verb == "limit":
            if not value(card):
                return "Only number cards (2 to 10) go on a limit pile."
            return None
        if verb == "deliver":
            return self._deliver_problem(seat, card, target)
        return self._go_problem(seat, card, target, colour)

    def _deliver_problem(self, seat: int, card: str, target: int) -> str | None:
        if target != seat:
            return "You can only deliver to your own column."
        v = value(card)
        if not v:
            return "Only number cards (2 to 10) can be delivered."
        colour = colour_of(card)
        if not self.go_open(seat, colour):
            return f"Your {COLOURS[colour]} go pile shows stop: open it with a J, Q or K first."
        lim = self.limit(seat, colour)
        if v > lim:
            return f"Your {COLOURS[colour]} limit is {lim}: you can't deliver {pretty(card)}."
        return None

    def _go_problem(self, seat: int, card: str, target: int, colour: int | None) -> str | None:
        if card == JOKER:
            assert colour is not None
            name = COLOURS[colour]
            if target == seat:
                return "A joker goes on another seat's go pile, not your own."
            if not self.go_open(target, colour):
                return f"Seat {target}'s {name} go pile already shows stop: a joker needs a J, Q or K there."
            if not self.go_open(seat, colour):
                return f"Your own {name} go pile must show a J, Q or K before you can steal."
            column = self.piles[target][colour * 3 + DELIVER]
            lim = self.limit(seat, colour)
            if column and value(column[-1]) > lim:
                return f"Their top delivery {pretty(column[-1])} is over your {name} limit of {lim}."
            return None
        if value(card):
            return "Number cards go on a limit pile or your deliver column, not a go pile."
        opened = self.go_open(target, colour_of(card))
        whose = "Your" if target == seat else f"Seat {target}'s"
        if card[0] == "A" and not opened:
            return f"{whose} {COLOURS[colour_of(card)]} go pile shows stop already: an ace only goes on a J, Q or K."
        if card[0] != "A" and opened:
            return f"{whose} {COLOURS[colour_of(card)]} go pile shows go already: a J, Q or K only goes on a stop."
        return None

    # -- applying actions ------------------------------------------------------
    def _apply(self, seat: int, text: str) -> list[Event]:
        move = self._checked(seat, text)
        if len(move) == 1:
            return self._draw(seat) if move[0] == "draw" else self._take(seat)
        verb, card, target, colour = move  # type: ignore[misc]
        return self._play(seat, verb, card, target, colour)

    def _draw(self, seat: int) -> list[Event]:
        self.hands[seat].append(self.stock.pop(0))
        self.draws += 1
        events = [Event("draw", f"{{p{seat}}} draws from the stock.", {"seat": seat})]
        if not self.stock:
            self._rebuild(events)
        return events

    def _take(self, seat: int) -> list[Event]:
        card = self.discard.pop()
        self.hands[seat].append(card)
        self.taken[seat].append(card)
        self.draws += 1
        self.took = True
        return [Event("take", f"{{p{seat}}} takes {pretty(card)} from the discard pile.", {"seat": seat, "card": card})]

    def _rebuild(self, events: list[Event]) -> None:
        """Limit and go piles but their tops, and the discards but the top three, become the stock."""
        cards: list[str] = []
        for ps in self.piles:
            for k in (LIMIT, GO, 3 + LIMIT, 3 + GO):
                if len(ps[k]) > 1:
                    cards.extend(ps[k][:-1])
                    del ps[k][:-1]
        if len(self.discard) > 3:
            cards.extend(self.discard[:-3])
            del self.discard[:-3]
        self.rng.shuffle(cards)
        self.stock = cards
        if cards:
            events.append(Event("rebuild", f"The stock is rebuilt from {len(cards)} cards.", {"count": len(cards)}))
            return
        self.turn = None
        self.spent = True
        events.append(Event("spent", "The stock is spent and cannot be rebuilt: the game ends.", {}))

    def _play(self, seat: int, verb: str, card: str, target: int, colour: int | None) -> list[Event]:
        self.hands[seat].remove(card)
        taken = self.taken[seat]
        if card in taken:
            taken.remove(card)
        if verb == "discard":
            self.discard.append(card)
            events = [Event("play", f"{{p{seat}}} discards {pretty(card)}.", {"seat": seat, "card": card})]
        elif card == JOKER:
            assert colour is not None
            events = self._steal(seat, target, colour)
        else:
            events = self._place(seat, verb, card, target)
        if self.totals[seat][BLACK] >= TARGET and self.totals[seat][RED] >= TARGET:
            self.turn = None
            self.winner = seat
            events.append(Event("win", f"{{p{seat}}} delivered 30 of each and wins!", {"seat": seat}))
            return events
        self.plays += 1
        if self.plays == 2:
            self.turn = (seat + 1) % self.players
            self.draws, self.took, self.plays = 0, False, 0
        return events

    def _place(self, seat: int, verb: str, card: str, target: int) -> list[Event]:
        colour = colour_of(card)
        name = COLOURS[colour]
        shown = pretty(card)
        data = {"seat": seat, "card": card, "to": target, "pile": verb, "colour": name}
        whose = "their" if target == seat else f"{{p{target}}}'s"
        if verb == "deliver":
            self.piles[seat][colour * 3 + DELIVER].append(card)
            self.totals[seat][colour] += value(card)
            text = f"{{p{seat}}} delivers {shown} ({name} {self.totals[seat][colour]} of 30)."
        elif verb == "limit":
            self.piles[target][colour * 3 + LIMIT].append(card)
            text = f"{{p{seat}}} sets {whose} {name} limit to {value(card)} with {shown}."
        else:
            self.piles[target][colour * 3 + GO].append(card)
            if card[0] == "A":
                who = f"their own {name}" if target == seat else f"{{p{target}}}"
                text = f"{{p{seat}}} stops {who} with {shown}."
            else:
                text = f"{{p{seat}}} opens {whose} {name} go pile with {shown}."
        return [Event("play", text, data)]

    def _steal(self, seat: int, target: int, colour: int) -> list[Event]:
        k = colour * 3
        self.piles[target][k + GO].append(JOKER)
        column = self.piles[target][k + DELIVER]
        data: dict[str, Any] = {"seat": seat, "from": target, "colour": COLOURS[colour], "card": None}
        if not column:
            text = f"{{p{seat}}} stops {{p{target}}}'s {COLOURS[colour]} deliveries with a joker."
            return [Event("play", text, data)]
        card = column.pop()
        self.totals[target][colour] -= value(card)
        self.piles[seat][k + DELIVER].append(card)
        self.totals[seat][colour] += value(card)
        data["card"] = card
        return [Event("steal", f"{{p{seat}}} steals {{p{target}}}'s {pretty(card)} with a joker.", data)]

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        return {
            "game": "milk_run",
            "players": n,
            "seat": seat,
            "hand": None if seat is None else hand_order(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "to_move": list(self.to_move),
            "dealer": n - 1,
            "hand_no": 1,
            "over": self.turn is None,
            "stock": len(self.stock),
            "discard": self.discard[:],
            "piles": [
                {COLOURS[c]: {KINDS[k]: ps[c * 3 + k][:] for k in (LIMIT, GO, DELIVER)} for c in (BLACK, RED)}
                for ps in self.piles
            ],
            "deliveries": [{"black": t[BLACK], "red": t[RED]} for t in self.totals],
            "limits": [{"black": self.limit(s, BLACK), "red": self.limit(s, RED)} for s in range(n)],
            "taken": [hand_order(t) for t in self.taken],
            "draws": self.draws,
            "took": self.took,
            "plays": self.plays,
            "winner": self.winner,
            "spent": self.spent,
        }

    def hidden_cards(self, seat: int) -> list[str]:
        """The hand less the cards the table saw it take from the discard pile."""
        return hand_order(self._unseen(seat))

    def _unseen(self, seat: int) -> list[str]:
        """hidden_cards, unsorted (cheap for search)."""
        if not self.taken[seat]:
            return self.hands[seat]
        left = self.hands[seat][:]
        for card in self.taken[seat]:
            left.remove(card)
        return left

    def scores(self) -> tuple[float, ...]:
        return tuple(float(min(t[BLACK], TARGET) + min(t[RED], TARGET)) for t in self.totals)

    def outcome(self) -> Outcome:
        if self.turn is not None:
            raise ValueError("The game is not over yet.")
        scores = self.scores()
        if self.winner is None:
            return Outcome(places_from_scores(scores), scores, "The stock is spent: deliveries decide.")
        others = [sc for s, sc in enumerate(scores) if s != self.winner]
        places = tuple(1 if s == self.winner else 2 + sum(1 for o in others if o > sc) for s, sc in enumerate(scores))
        return Outcome(places, scores, f"{{p{self.winner}}} delivered 30 of each.")

    def determinize(self, seat: int, rng: random.Random) -> MilkRunState:
        """Other hands (less the discards they took) and the stock resampled from unseen cards."""
        world = self._copy(SmallRng(rng.getrandbits(64)))  # later rebuilds must not be foreseen
        pool = list(self.stock)
        for other in range(self.players):
            if other != seat:
                pool.extend(self._unseen(other))
        rng.shuffle(pool)
        for other in range(self.players):
            if other == seat:
                continue
            n = len(self.hands[other]) - len(self.taken[other])
            world.hands[other] = pool[:n] + self.taken[other]
            del pool[:n]
        world.stock = pool
        return world

    # -- heuristic player -----------------------------------------------------
    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        from engine.milk_run_ai import heuristic_action

        return heuristic_action(self, seat, rng)

    def evaluate(self) -> list[float]:
        """Each seat's expected reward, for ISMCTS playout cut-offs (engine.ai)."""
        from engine.milk_run_ai import evaluate

        return evaluate(self)


MilkRun.state_class = MilkRunState
GAME = MilkRun
