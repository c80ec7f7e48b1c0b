"""Jack Change It: a shedding game for 2-6 players in the Crazy Eights family, with trick cards.

Match the upcard by suit or rank, or draw one card when you cannot. Trick cards act on the
next player: a 2 makes them draw two (they may pass it on with another 2), an 8 skips them,
a jack lets you name the suit they must follow, a queen (three or more players) reverses the
direction, and the A♥ makes them draw five unless they block it with the 5♥. A trick card can
never be your last card. The first player out of cards wins.

Action notation (Action.text is canonical and lowercase):

    play 7h         play one card that matches the upcard (or the called suit)
    play 2s ah      a 2, then the A♥ on top, as one move (always written 2 first)
    draw            take the pending penalty, or draw one card when you cannot play
    suit d          after your jack: the suit the next player must follow (not the jack's)

Parsing is forgiving: case, `t` for ten, suit symbols (♠♥♦♣), commas, extra spaces, the
combination in either order and suit names (`suit diamonds`). House rules are listed in
docs/rules/jack-change-it.md.
"""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

from engine.cards import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    CardError,
    deal_greedy,
    deal_round,
    deal_to_fit,
    parse_card,
    pretty,
    rank,
    rank_index,
    stack_deck,
    standard_deck,
)
from engine.cards import suit as suit_of
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

# -- constants ----------------------------------------------------------------

HAND_SIZE = 7
FULL_DECK = tuple(standard_deck())
ACE_OF_HEARTS = "AH"
FIVE_OF_HEARTS = "5H"
TWO_DEBT = 2
ACE_DEBT = 5
_SUIT_WORDS = {**{s.lower(): s for s in SUITS}, **{name: s for s, name in SUIT_NAMES.items()}}
_SUIT_WORDS.update({name[:-1]: s for s, name in SUIT_NAMES.items()})  # "heart", "spade" ...
_SUIT_WORDS.update({sym: s for s, sym in SUIT_SYMBOLS.items()})
_SYNTAX_HELP = "Write a move like “play 7h”, “play 2s ah”, “draw” or “suit d”."


def is_trick(card: str, players: int) -> bool:
    """Trick cards act on the next player and may never be a player's final card."""
    r = rank(card)
    return r in ("2", "8", "J") or card == ACE_OF_HEARTS or (r == "Q" and players >= 3)


def hand_order(cards: list[str]) -> list[str]:
    """Cards sorted by suit (♠ ♥ ♦ ♣) then rank, as a hand is held."""
    return sorted(cards, key=lambda c: (SUITS.index(suit_of(c) or "S"), rank_index(c)))


@functools.cache
def match_set(upcard: str, called: str | None) -> frozenset[str]:
    """Every card that may be played on `upcard` (or on the called suit after a jack)."""
    if called is not None:
        return frozenset(c for c in FULL_DECK if c[-1] == called)
    return frozenset(c for c in FULL_DECK if c[-1] == upcard[-1] or rank(c) == rank(upcard))


# -- parsing --------------------------------------------------------------------


def _card_label(cards: list[str]) -> str:
    return " then ".join(pretty(c) for c in cards)


def parse_text(text: str) -> tuple[str, list[str], str | None]:
    """(verb, cards, suit) for `text`, whatever the position; IllegalAction if unreadable."""
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise IllegalAction(_SYNTAX_HELP)
    verb, rest = tokens[0].lower(), tokens[1:]
    if verb == "draw":
        if rest:
            raise IllegalAction("Just say “draw”: you take the whole penalty, or one card.")
        return "draw", [], None
    if verb == "suit":
        if len(rest) != 1 or rest[0].lower() not in _SUIT_WORDS:
            raise IllegalAction("Name one suit, like “suit d” (S, H, D or C).")
        return "suit", [], _SUIT_WORDS[rest[0].lower()]
    if verb != "play":
        raise IllegalAction(_SYNTAX_HELP)
    try:
        cards = [parse_card(t) for t in rest]
    except CardError as exc:
        raise IllegalAction(str(exc)) from None
    if not cards:
        raise IllegalAction("Say which card you play, like “play 7h”.")
    if len(cards) == 2:
        if ACE_OF_HEARTS not in cards or not any(rank(c) == "2" for c in cards):
            raise IllegalAction("Only a 2 with the A♥ may be played together, like “play 2s ah”.")
        cards = sorted(cards, key=lambda c: c == ACE_OF_HEARTS)  # the 2 first
    elif len(cards) > 2:
        raise IllegalAction("Play one card at a time (only a 2 with the A♥ go together).")
    return "play", cards, None


def play_action(cards: list[str]) -> Action:
    return Action(
        "play " + " ".join(c.lower() for c in cards),
        f"Play {_card_label(cards)}",
        {"verb": "play", "cards": list(cards)},
    )


def suit_action(s: str) -> Action:
    return Action(f"suit {s.lower()}", f"Call {SUIT_SYMBOLS[s]} {SUIT_NAMES[s]}", {"verb": "suit", "suit": s})


def draw_action(count: int) -> Action:
    label = "Draw a card" if count == 1 else f"Draw the {count}-card penalty"
    return Action("draw", label, {"verb": "draw", "count": count})


# -- the game -----------------------------------------------------------------


class JackChangeIt(Game):
    name = "jack_change_it"
    title = "Jack Change It"
    min_players = 2
    max_players = 6

    @classmethod
    def part_words(cls, key: str, value: Any) -> str | None:
        """The panel's suit picker names each suit in full ("♦ Diamonds"), not by its letter."""
        if key == "suit" and value in SUIT_NAMES:
            return f"{SUIT_SYMBOLS[value]} {SUIT_NAMES[value].title()}"
        return None


# -- the state ----------------------------------------------------------------

Layer = tuple[int, frozenset[str]]  # (cards, the cards none of them can be)


class JackChangeItState(State):
    game: ClassVar[type[Game]] = JackChangeIt

    rng: random.Random
    hands: list[list[str]]
    stock: list[str]  # stock[0] is drawn next
    pile: list[str]  # the discard pile; pile[-1] is the upcard
    called: str | None  # suit named by the last jack, while in force
    pending: int  # cards owed by the seat to move
    pending_ace: bool  # the debt is an A♥ debt (only the 5♥ answers)
    direction: int
    turn: int | None
    naming: bool  # the seat to move just played a jack and must name a suit
    empty_draws: int  # draws in a row by seats that could not play and found no card
    ace_played: bool  # the A♥ has been seen on the pile
    winner: int | None
    blocked: bool
    # Public deductions per seat, oldest cards first: a seat that drew for want of a play
    # held none of the playable cards then. Older layers' exclusions contain newer ones'.
    layers: list[list[Layer]]

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> State:
        s = cls.__new__(cls)
        s.players = players
        s.options = dict(options)
        s.rng = rng
        order = stack_deck(FULL_DECK, deck, rng)
        s.hands = deal_round(order, players, HAND_SIZE)
        s.pile = [order.pop(0)]
        s.stock = order
        s.called = None
        s.pending = 0
        s.pending_ace = False
        s.direction = 1
        s.turn = 0
        s.naming = False
        s.empty_draws = 0
        s.ace_played = s.pile[0] == ACE_OF_HEARTS
        s.winner = None
        s.blocked = False
        s.layers = [[(HAND_SIZE, frozenset())] for _ in range(players)]
        return s

    def copy(self) -> JackChangeItState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> JackChangeItState:
        s = JackChangeItState.__new__(JackChangeItState)
        s.players = self.players
        s.options = self.options
        s.rng = rng
        s.hands = [h[:] for h in self.hands]
        s.stock = self.stock[:]
        s.pile = self.pile[:]
        s.called = self.called
        s.pending = self.pending
        s.pending_ace = self.pending_ace
        s.direction = self.direction
        s.turn = self.turn
        s.naming = self.naming
        s.empty_draws = self.empty_draws
        s.ace_played = self.ace_played
        s.winner = self.winner
        s.blocked = self.blocked
        s.layers = [ls[:] for ls in self.layers]
        return s

    def dump(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": dict(self.options),
            "rng": dump_rng(self.rng),
            "hands": [h[:] for h in self.hands],
            "stock": self.stock[:],
            "pile": self.pile[:],
            "called": self.called,
            "pending": self.pending,
            "pending_ace": self.pending_ace,
            "direction": self.direction,
            "turn": self.turn,
            "naming": self.naming,
            "empty_draws": self.empty_draws,
            "ace_played": self.ace_played,
            "winner": self.winner,
            "blocked": self.blocked,
            "layers": [[[n, sorted(ex)] for n, ex in ls] for ls in self.layers],
        }

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> JackChangeItState:
        s = cls.__new__(cls)
        s.players = data["players"]
        s.options = dict(data["options"])
        s.rng = load_rng(data["rng"])
        s.hands = [list(h) for h in data["hands"]]
        s.stock = list(data["stock"])
        s.pile = list(data["pile"])
        s.called = data["called"]
        s.pending = data["pending"]
        s.pending_ace = data["pending_ace"]
        s.direction = data["direction"]
        s.turn = data["turn"]
        s.naming = data["naming"]
        s.empty_draws = data["empty_draws"]
        s.ace_played = data["ace_played"]
        s.winner = data["winner"]
        s.blocked = data["blocked"]
        s.layers = [[(n, frozenset(ex)) for n, ex in ls] for ls in data["layers"]]
        return s

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    @property
    def upcard(self) -> str:
        return self.pile[-1]

    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + steps * self.direction) % self.players

    def _playable(self, hand: list[str]) -> list[str]:
        """Single cards this hand may play now, ignoring any debt."""
        ok = match_set(self.upcard, self.called)
        last = len(hand) == 1
        return [c for c in hand if c in ok and not (last and is_trick(c, self.players))]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.turn is None or seat != self.turn:
            return []
        if self.naming:
            jack_suit = self.upcard[-1]
            return [suit_action(s) for s in SUITS if s != jack_suit]
        return [play_action(cards) for cards in self._plays(seat)] + self._draws(seat)

    def _plays(self, seat: int) -> list[list[str]]:
        hand = self.hands[seat]
        if self.pending_ace:
            return [[FIVE_OF_HEARTS]] if FIVE_OF_HEARTS in hand else []
        if self.pending:
            twos = [c for c in hand if rank(c) == "2"] if len(hand) > 1 else []
        else:
            singles = self._playable(hand)
            twos = [c for c in singles if rank(c) == "2"]
        out = [[c] for c in hand_order(twos if self.pending else singles)]
        if ACE_OF_HEARTS in hand and len(hand) > 2:  # the combination can never be a final play
            out.extend([two, ACE_OF_HEARTS] for two in hand_order(twos))
        return out

    def _draws(self, seat: int) -> list[Action]:
        if self.pending:
            return [draw_action(self.pending)]
        return [] if self._playable(self.hands[seat]) else [draw_action(1)]

    def parse(self, seat: int, text: str) -> Action:
        """The canonical action for `text`, with a sentence saying why if it is illegal now."""
        if self.turn is None:
            raise IllegalAction("The game is over.")
        if seat != self.turn:
            raise IllegalAction("It isn't your turn.")
        verb, cards, called = parse_text(text)
        problem = self._problem(seat, verb, cards, called)
        if problem:
            raise IllegalAction(problem)
        if verb == "draw":
            return draw_action(self.pending or 1)
        if verb == "suit":
            assert called is not None
            return suit_action(called)
        return play_action(cards)

    def _problem(self, seat: int, verb: str, cards: list[str], called: str | None) -> str | None:
        """Why the move is illegal for seat now, or None if it is legal."""
        if self.naming:
            if verb != "suit":
                return "You played a jack: name the suit the next player must follow, like “suit d”."
            if called == self.upcard[-1]:
                return f"Name one of the other three suits, not the jack's own {SUIT_NAMES[called]}."
            return None
        if verb == "suit":
            return "You can only name a suit straight after playing a jack."
        if verb == "draw":
            if self.pending or not self._playable(self.hands[seat]):
                return None
            return "You have a card you can play, so you may not draw."
        return self._play_problem(seat, cards)

    def _play_problem(self, seat: int, cards: list[str]) -> str | None:
        hand = self.hands[seat]
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"You don't have the {pretty(missing[0])}."
        if len(cards) == len(hand) and (len(cards) == 2 or is_trick(cards[0], self.players)):
            return f"The {_card_label(cards)} is a trick card and can't be your last card: draw instead."
        if self.pending_ace and cards != [FIVE_OF_HEARTS]:
            return f"The A♥ is against you: block it with the 5♥ or draw {self.pending}."
        first = cards[0]
        if self.pending_ace:
            return None
        if self.pending and rank(first) != "2":
            return f"You owe {self.pending} cards: answer with a 2 (or a 2 with the A♥), or draw them."
        if not self.pending and first not in match_set(self.upcard, self.called):
            if self.called:
                return f"The jack called {SUIT_NAMES[self.called]}: play a {SUIT_SYMBOLS[self.called]} card or draw."
            up = pretty(self.upcard)
            return f"The {pretty(first)} doesn't match the {up}: play the same suit or rank."
        return None

    # -- applying actions ------------------------------------------------------
    def _apply(self, seat: int, text: str) -> list[Event]:
        verb, cards, called = parse_text(text)
        problem = self._problem(seat, verb, cards, called)
        if problem:
            raise IllegalAction(problem)
        if verb == "suit":
            assert called is not None
            return self._call(seat, called)
        if verb == "draw":
            return self._draw(seat)
        return self._play(seat, cards)

    def _call(self, seat: int, s: str) -> list[Event]:
        self.called = s
        self.naming = False
        self.turn = self._next(seat)
        text = f"{{p{seat}}} changes it to {SUIT_NAMES[s]} {SUIT_SYMBOLS[s]}."
        return [Event("suit", text, {"seat": seat, "suit": s})]

    def _play(self, seat: int, cards: list[str]) -> list[Event]:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
            self._forget(seat, c)
        self.pile.extend(cards)
        self.called = None
        self.empty_draws = 0
        p = f"{{p{seat}}}"
        top = cards[-1]
        events = [Event("play", f"{p} plays {_card_label(cards)}.", {"seat": seat, "cards": list(cards)})]
        if ACE_OF_HEARTS in cards:
            self.ace_played = True
        if top == FIVE_OF_HEARTS and self.pending_ace:  # before the win check: a last 5♥ cancels too
            events.append(
                Event("block", f"{p} blocks the A♥: nobody draws.", {"seat": seat, "cancelled": self.pending})
            )
            self.pending, self.pending_ace = 0, False
        if not hand:
            self.turn = None
            self.winner = seat
            return [*events, Event("win", f"{p} has no cards left and wins!", {"seat": seat})]
        if len(hand) == 1:  # what players call out at the table, said with the play (the spec's event kinds)
            events[0] = Event("play", f"{events[0].text} 📣 Last card!", {**events[0].data, "last_card": True})
        nxt = self._next(seat)
        if len(cards) == 2:
            self.pending += TWO_DEBT + ACE_DEBT
            self.pending_ace = True
        elif top == ACE_OF_HEARTS:
            self.pending, self.pending_ace = ACE_DEBT, True
        elif rank(top) == "2":
            self.pending += TWO_DEBT
        elif rank(top) == "8":
            events.append(Event("skip", f"{{p{nxt}}} is skipped.", {"seat": nxt}))
            nxt = self._next(seat, 2)
        elif rank(top) == "J":
            self.naming = True
            nxt = seat
        elif rank(top) == "Q" and self.players >= 3:
            self.direction = -self.direction
            nxt = self._next(seat)
            way = "left" if self.direction == 1 else "right"
            events.append(Event("reverse", f"Play now goes to the {way}.", {"direction": self.direction}))
        self.turn = nxt
        return events

    def _forget(self, seat: int, card: str) -> None:
        """The played card leaves the oldest layer that could hold it (exact, as exclusions nest)."""
        layers = self.layers[seat]
        i = next((i for i, (_, ex) in enumerate(layers) if card not in ex), len(layers) - 1)
        n, ex = layers[i]  # the fallback (newest layer) cannot happen in a true state
        if n == 1:
            del layers[i]
        else:
            layers[i] = (n - 1, ex)

    def _draw(self, seat: int) -> list[Event]:
        owed = self.pending
        if not owed:  # drawing for want of a play tells the table what this hand lacks
            hand = self.hands[seat]
            lacks = match_set(self.upcard, self.called)
            if len(hand) == 1:
                lacks = frozenset(c for c in lacks if not is_trick(c, self.players))
            self._exclude(seat, lacks)
        want = owed or 1
        events: list[Event] = []
        got: list[str] = []
        while len(got) < want:
            if not self.stock and not self._reshuffle(events):
                break
            take = min(want - len(got), len(self.stock))
            got += self.stock[:take]
            del self.stock[:take]
        self.hands[seat].extend(got)
        if got:
            self.layers[seat].append((len(got), frozenset()))
        self.pending, self.pending_ace = 0, False
        p = f"{{p{seat}}}"
        n = len(got)
        what = "no card (the stock is empty)" if not n else "1 card" if n == 1 else f"{n} cards"
        events.append(Event("draw", f"{p} draws {what}.", {"seat": seat, "count": n, "owed": owed}))
        if n:
            self.empty_draws = 0
        elif not owed:  # only a seat that could neither play nor draw counts towards a block
            self.empty_draws += 1
        if self.empty_draws >= self.players:
            self.turn = None
            self.blocked = True
            events.append(Event("blocked", "Nobody can play or draw: the game is blocked.", {}))
            return events
        self.turn = self._next(seat)
        return events

    def _exclude(self, seat: int, lacks: frozenset[str]) -> None:
        merged: list[Layer] = []
        for n, ex in self.layers[seat]:
            ex = ex | lacks
            if merged and merged[-1][1] == ex:
                merged[-1] = (merged[-1][0] + n, ex)
            else:
                merged.append((n, ex))
        self.layers[seat] = merged

    def _reshuffle(self, events: list[Event]) -> bool:
        """Turn the discard pile under the upcard into a new stock; False if there is none."""
        if len(self.pile) < 2:
            return False
        self.stock = self.pile[:-1]
        self.pile = self.pile[-1:]
        self.rng.shuffle(self.stock)
        events.append(Event("reshuffle", "The discard pile is shuffled into a new stock.", {"count": len(self.stock)}))
        return True

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "jack_change_it",
            "players": self.players,
            "seat": seat,
            "hand": None if seat is None else hand_order(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "to_move": list(self.to_move),
            "dealer": self.players - 1,
            "hand_no": 1,
            "over": self.turn is None,
            "upcard": self.upcard,
            "called": self.called,
            "naming": self.naming,
            "pending": self.pending,
            "pending_ace": self.pending_ace,
            "direction": self.direction,
            "stock": len(self.stock),
            "discards": len(self.pile),
            "winner": self.winner,
            "blocked": self.blocked,
        }

    def hidden_cards(self, seat: int) -> list[str]:
        """Every card in hand: all of them were dealt or drawn face down."""
        return hand_order(self.hands[seat])

    def outcome(self) -> Outcome:
        if self.turn is not None:
            raise ValueError("The game is not over yet.")
        scores = tuple(float(len(h)) for h in self.hands)
        reason = "Blocked: nobody can play or draw." if self.blocked else f"{{p{self.winner}}} went out."
        return Outcome(places_from_scores(scores, high_wins=False), scores, reason)

    def determinize(self, seat: int, rng: random.Random) -> JackChangeItState:
        """Other hands and the stock resampled from the unseen cards, honouring every layer."""
        world = self._copy(SmallRng(rng.getrandbits(64)))  # later reshuffles must not be foreseen
        pool = [c for h in (self.hands[o] for o in range(self.players) if o != seat) for c in h] + self.stock
        wants = [(o, n, ex) for o in range(self.players) if o != seat for n, ex in self.layers[o]]
        wants.sort(key=lambda w: -len(w[2]))  # the most constrained cards are placed first
        for _ in range(20):
            rng.shuffle(pool)
            dealt = deal_greedy(pool, wants)
            if dealt is not None:
                break
        else:  # greedy draws can get stuck where few deals fit: match exactly instead
            dealt = deal_to_fit(pool, wants)
        hands, rest = dealt
        for o, cards in hands.items():
            world.hands[o] = cards
        world.stock = rest
        return world

    # -- heuristic player -----------------------------------------------------
    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        """Answer debts, shed trick cards early, attack a short next hand, call the longest suit."""
        if self.turn is None or seat != self.turn:
            return None
        hand = self.hands[seat]
        if self.naming:
            jack_suit = self.upcard[-1]
            counts = {s: sum(1 for c in hand if c[-1] == s) + rng.random() * 0.5 for s in SUITS if s != jack_suit}
            return suit_action(max(counts, key=counts.__getitem__))
        plays = self._plays(seat)
        if not plays:
            return draw_action(self.pending or 1)
        nxt_size = len(self.hands[self._next(seat)])
        best, best_score = plays[0], -1e9
        for cards in plays:
            score = self._score(hand, cards, nxt_size) + rng.random() * 0.2
            if score > best_score:
                best, best_score = cards, score
        return play_action(best)

    def _score(self, hand: list[str], cards: list[str], nxt_size: int) -> float:
        if len(cards) == len(hand):
            return 100.0  # going out wins
        top = cards[-1]
        r = rank(top)
        score = 0.0
        if any(is_trick(c, self.players) for c in cards):
            score += 1.0  # trick cards can never finish, so shed them while they still can go
        if r in ("2", "8") or ACE_OF_HEARTS in cards:
            score += 2.0 + (4.0 if nxt_size <= 3 else 0.0)  # attack, harder when the next hand is short
        if r == "8" and self.players == 2:
            score += 3.0  # a free extra turn
        if len(cards) == 2:
            score += 1.0 if nxt_size <= 4 else -1.0
        if top == FIVE_OF_HEARTS and not self.pending_ace and not self.ace_played:
            score -= 5.0  # keep the only answer to the A♥ while it is still out there
        left = [c for c in hand if c not in cards]
        score += 0.3 * sum(1 for c in left if c[-1] == top[-1] or rank(c) == r)
        return score


JackChangeIt.state_class = JackChangeItState
GAME = JackChangeIt
