"""Go Fish and Authors: ask another player for cards and collect books of a kind.

One engine serves both games (option `variant`): in Go Fish you ask a seat for a rank
and it hands over every card of that rank; in Authors you ask for one exact card of a
rank you hold. A hit lets you ask again; a miss sends you to the stock ("go fish"), and
drawing what you asked for (the rank in Go Fish, the very card in Authors) also lets you
ask again. Books (four of a kind; pairs with `books: pairs`) are laid automatically, and
the game ends when every card lies in a book. Most books wins.

Action notation (Action.text is canonical and lowercase; seats are numbered from 0):

    ask 2 q       Go Fish: ask seat 2 for queens (ranks a 2 3 ... 10 j q k)
    ask 2 qs      Authors: ask seat 2 for the queen of spades

Parsing is forgiving: case, suit signs (♠♥♦♣), t for ten, commas, extra spaces and
words ("ask 2 for queens", "ask 2 for the queen of spades", "ask 2 QS"). In Go Fish a
card names its rank ("ask 2 qh" asks for queens).

Answers and draws are automatic. A hand that empties draws a card at once while the
stock lasts; seats left without cards once the stock is gone are skipped. The house
rules for the text's gaps are in docs/rules/go_fish.md.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.cards import RANKS, SUIT_NAMES, pretty, stack_deck, standard_deck
from engine.core import (
    SUIT_SIGNS,
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
    places_from_scores,
    quoted,
)
from engine.go_fish_knowledge import (
    ALL_CARDS,
    CODE_INDEX,
    CODES,
    RANK_MASKS,
    Knowledge,
    bit,
    cards_of,
    codes_of,
    mask_of,
    rank_count,
    ranks_held,
    sample_hands,
)

# -- constants ----------------------------------------------------------------

HAND_SIZE = 7
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
RANK_PLURAL = ("aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings")
RANK_SINGULAR = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")

# Words a player may type for a rank: "q", "queen", "queens", "qs" (Go Fish), "10", "t", "tens", "twos"...
_NUMBER_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
RANK_WORDS: dict[str, int] = {}
for _i, _r in enumerate(RANKS):
    for _w in (_r.lower(), RANK_SINGULAR[_i], RANK_PLURAL[_i], _r.lower() + "s"):
        RANK_WORDS[_w] = _i
for _i, _w in enumerate(_NUMBER_WORDS, start=1):
    RANK_WORDS[_w] = RANK_WORDS[_w + "s"] = _i
RANK_WORDS.update({"t": 9, "1": 0, "11": 10, "12": 11, "13": 12, "sixes": 5})
SUIT_WORDS = {"s": "S", "h": "H", "d": "D", "c": "C"}
for _s, _name in SUIT_NAMES.items():
    SUIT_WORDS[_name] = SUIT_WORDS[_name[:-1]] = _s
_FILLER = frozenset(
    {"for", "any", "the", "a", "an", "of", "seat", "player", "do", "you", "have", "got", "your", "please", "me"}
)


def handed_words(rank: int, count: int) -> str:
    """What a hand-over gives, in words: "a queen", "an 8", "an ace", "3 queens"."""
    if count != 1:
        return f"{count} {RANK_PLURAL[rank]}"
    return a_rank(rank)


def a_rank(rank: int) -> str:
    """One card of a rank with its article: "a queen", "an 8", "an ace"."""
    word = RANK_SINGULAR[rank]
    return ("an " if word[0] in "a8" else "a ") + word


# -- notation -----------------------------------------------------------------


def ask_text(target: int, rank: int, card: int | None) -> str:
    return f"ask {target} {(CODES[card] if card is not None else RANKS[rank]).lower()}"


_ACTIONS: dict[str, Action] = {}


def ask_action(target: int, rank: int, card: int | None) -> Action:
    """The Action for an ask, with parts for the step-by-step panel (whom, then what).

    Its label names the seat both ways, "Ask seat 2 ({p2}) for queens", for the bot fills
    in names ("Ask seat 2 (Bob) for queens"): the table shows names, typed asks use numbers.
    """
    text = ask_text(target, rank, card)
    hit = _ACTIONS.get(text)
    if hit is None:
        what = pretty(CODES[card]) if card is not None else RANK_PLURAL[rank]
        parts = {"verb": "ask", "to": target, "cards": [CODES[card] if card is not None else RANKS[rank]]}
        hit = _ACTIONS[text] = Action(text, label=f"Ask seat {target} ({{p{target}}}) for {what}", parts=parts)
    return hit


_PARSED: dict[tuple[str, bool], tuple[int, int, int | None]] = {}


def parse_ask(text: str, authors: bool) -> tuple[int, int, int | None]:
    """(target seat, rank, card or None) for an ask written forgivingly; IllegalAction if unreadable."""
    hit = _PARSED.get((text, authors))
    if hit is None:
        hit = _parse_ask(text, authors)
        if len(_PARSED) > 20000:  # canonical texts are few; players' typos are not
            _PARSED.clear()
        _PARSED[(text, authors)] = hit
    return hit


def _parse_ask(text: str, authors: bool) -> tuple[int, int, int | None]:
    example = "“ask 2 qs” (seat 2, the queen of spades)" if authors else "“ask 2 q” (seat 2, queens)"
    tokens = text.translate(SUIT_SIGNS).lower().replace(",", " ").replace("?", " ").replace("#", " ").split()
    tokens = [t.strip(".!:;") for t in tokens]
    # Filler words go, but a last "a" is an ace ("ask 2 a"), not an article.
    tokens = [t for i, t in enumerate(tokens) if t and (t not in _FILLER or i == len(tokens) - 1)]
    if tokens and tokens[0] == "ask":
        tokens = tokens[1:]
    if len(tokens) < 2 or not is_number(tokens[0]):
        raise IllegalAction(f"Write an ask like {example}.")
    target = int(tokens[0])
    rank, suit = _read_what(tokens[1:])
    if rank is None:
        raise IllegalAction(f"“{quoted(' '.join(tokens[1:]), 30)}” isn't a rank or card; write an ask like {example}.")
    if not authors:
        return target, rank, None
    if suit is None:
        raise IllegalAction(f"In Authors you ask for one card: name its suit too, like {example}.")
    return target, rank, CODE_INDEX[RANKS[rank] + suit]


def _read_what(tokens: list[str]) -> tuple[int | None, str | None]:
    """The rank and suit (or None) named by the words after the seat."""
    if len(tokens) == 2 and tokens[0] in RANK_WORDS and tokens[1] in SUIT_WORDS:
        return RANK_WORDS[tokens[0]], SUIT_WORDS[tokens[1]]
    if len(tokens) != 1:
        return None, None
    word = tokens[0]
    card_rank, card_suit = word[:-1], word[-1:]
    # "qs", "10h", "th" name a card; "kings" or "tens" are plural words, read below.
    short = len(card_rank) == 1 or (card_rank.isdigit() and len(card_rank) <= 2)
    if short and card_suit in SUIT_WORDS and card_rank in RANK_WORDS:
        return RANK_WORDS[card_rank], SUIT_WORDS[card_suit]
    if word in RANK_WORDS:
        return RANK_WORDS[word], None
    return None, None


# -- the game -----------------------------------------------------------------


class GoFish(Game):
    name = "go_fish"
    title = "Go Fish"
    aliases: ClassVar[dict[str, tuple[str, dict[str, str]]]] = {"authors": ("Authors", {"variant": "authors"})}
    # The order the move panel asks for an ask's parts: whom, then what (the spec's two selects).
    step_order: ClassVar[tuple[str, ...]] = ("verb", "to", "cards")
    min_players = 2
    max_players = 6
    options = (
        Option(
            "variant",
            ("go-fish", "authors"),
            "go-fish",
            "Go Fish (ask for a rank, get every card of it) or Authors (ask for one exact card).",
        ),
        Option("books", ("fours", "pairs"), "fours", "Books of four of a kind, or pairs for young players."),
    )


class GoFishState(State):
    game: ClassVar[type[Game]] = GoFish

    options: dict[str, str]
    authors: bool
    book_size: int
    rng: random.Random
    hands: list[int]  # per seat, a mask of cards (see go_fish_knowledge)
    stock: list[int]  # the next card to draw is the LAST item
    books: list[list[int]]  # per seat, the ranks of its books in the order laid
    laid: int  # every card lying in a book
    know: Knowledge
    turn: int
    last: dict[str, Any] | None
    done: bool

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> GoFishState:
        s = cls._bare(players, options, rng)
        order = [CODE_INDEX[c] for c in stack_deck(standard_deck(), deck, rng)]
        for i, card in enumerate(order[: HAND_SIZE * players]):
            s.hands[i % players] |= bit(card)
        s.stock = order[HAND_SIZE * players :][::-1]
        s.know = Knowledge(players)
        for seat in range(players):  # books in the deal are laid before the first ask
            for rank in ranks_held(s.hands[seat]):
                s._lay(seat, rank)
        return s

    @classmethod
    def _bare(cls, players: int, options: dict[str, str], rng: random.Random) -> GoFishState:
        s = cls.__new__(cls)
        s.players = players
        s.options = dict(options)
        s.authors = options["variant"] == "authors"
        s.book_size = 2 if options["books"] == "pairs" else 4
        s.rng = rng
        s.hands = [0] * players
        s.books = [[] for _ in range(players)]
        s.laid = 0
        s.turn = 0
        s.last = None
        s.done = False
        return s

    def copy(self) -> GoFishState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> GoFishState:
        s = GoFishState.__new__(GoFishState)
        s.players = self.players
        s.options = self.options
        s.authors = self.authors
        s.book_size = self.book_size
        s.rng = rng
        s.hands = self.hands[:]
        s.stock = self.stock[:]
        s.books = [b[:] for b in self.books]
        s.laid = self.laid
        s.know = self.know.copy()
        s.turn = self.turn
        s.last = self.last  # never mutated, only replaced
        s.done = self.done
        return s

    def dump(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": dict(self.options),
            "rng": dump_rng(self.rng),
            "hands": [codes_of(h) for h in self.hands],
            "stock": [CODES[c] for c in reversed(self.stock)],  # front (next to draw) first
            "books": [[RANKS[r] for r in b] for b in self.books],
            "laid": codes_of(self.laid),
            "know": self.know.dump(),
            "turn": self.turn,
            "last": None if self.last is None else dict(self.last),
            "done": self.done,
        }

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> GoFishState:
        s = cls._bare(data["players"], data["options"], load_rng(data["rng"]))
        s.hands = [mask_of(h) for h in data["hands"]]
        s.stock = [CODE_INDEX[c] for c in reversed(data["stock"])]
        s.books = [[RANK_INDEX[r] for r in b] for b in data["books"]]
        s.laid = mask_of(data["laid"])
        s.know = Knowledge.load(data["know"])
        s.turn = data["turn"]
        s.last = None if data["last"] is None else dict(data["last"])
        s.done = data["done"]
        return s

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.done else (self.turn,)

    def _targets(self, seat: int) -> list[int]:
        return [t for t in range(self.players) if t != seat and self.hands[t]]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.done or seat != self.turn:
            return []
        hand = self.hands[seat]
        out: list[Action] = []
        for target in self._targets(seat):
            for rank in ranks_held(hand):
                if self.authors:
                    missing = RANK_MASKS[rank] & ~hand & ~self.laid
                    out.extend(ask_action(target, rank, c) for c in cards_of(missing))
                else:
                    out.append(ask_action(target, rank, None))
        return out

    def parse(self, seat: int, text: str) -> Action:
        return ask_action(*self._read(seat, text))

    def _read(self, seat: int, text: str) -> tuple[int, int, int | None]:
        """(target, rank, card or None) of a legal ask; IllegalAction with the reason otherwise."""
        if self.done:
            raise IllegalAction("The game is over.")
        if seat != self.turn:
            raise IllegalAction("It isn't your turn.")
        target, rank, card = parse_ask(text, self.authors)
        problem = self._problem(seat, target, rank, card)
        if problem:
            raise IllegalAction(problem)
        return target, rank, card

    def _problem(self, seat: int, target: int, rank: int, card: int | None) -> str | None:
        """Why this ask is illegal for seat now, or None if it is legal."""
        if not 0 <= target < self.players:
            return f"There is no seat {target}; the seats are 0 to {self.players - 1}."
        if target == seat:
            return "You can't ask yourself; ask another seat."
        if not self.hands[target]:
            return f"Seat {target} has no cards left, so there is nothing to ask them for."
        if not self.hands[seat] & RANK_MASKS[rank]:
            return f"You may only ask for a rank you hold, and you have no {RANK_PLURAL[rank]}."
        if card is not None:
            if self.hands[seat] & bit(card):
                return f"You already hold the {pretty(CODES[card])}; ask for {a_rank(rank)} you don't have."
            if self.laid & bit(card):
                return f"The {pretty(CODES[card])} already lies in a book; ask for another card."
        return None

    # -- applying actions ------------------------------------------------------
    def _apply(self, seat: int, text: str) -> list[Event]:
        return self._ask(seat, *self._read(seat, text))

    def _ask(self, seat: int, target: int, rank: int, card: int | None) -> list[Event]:
        p, q = f"{{p{seat}}}", f"{{p{target}}}"
        what = f"the {pretty(CODES[card])}" if card is not None else RANK_PLURAL[rank]
        asked = CODES[card] if card is not None else RANKS[rank]
        events = [Event("ask", f"{p} asks {q} for {what}.", {"seat": seat, "target": target, "ask": asked})]
        self.know.asked(seat, rank, card)
        wanted = bit(card) if card is not None else RANK_MASKS[rank]
        given = self.hands[target] & wanted
        self.last = {"seat": seat, "target": target, "ask": asked, "got": given.bit_count(), "drew_match": False}
        if given:
            self.hands[target] ^= given
            self.hands[seat] |= given
            self.know.handed(target, seat, rank, given, given if card is not None else 0)
            n = given.bit_count()
            got = what if card is not None else handed_words(rank, n)
            data = {"seat": target, "to": seat, "count": n, "rank": RANKS[rank]}
            if card is not None:
                data["card"] = CODES[card]
            events.append(Event("give", f"{q} hands over {got}.", data))
            events += self._lay(seat, rank)
            events += self._refill((seat, target))
            return events + self._next(seat, again=True)
        self.know.denied(target, RANK_MASKS[rank] if card is None else wanted)
        events.append(Event("go_fish", f"{q} says “Go fish!”", {"seat": target, "to": seat}))
        if not self.stock:
            events.append(Event("no_stock", f"The stock is empty, so {p}'s turn ends.", {"seat": seat}))
            return events + self._next(seat, again=False)
        drawn = self.stock.pop()
        match = drawn == card if card is not None else drawn >> 2 == rank
        self.hands[seat] |= bit(drawn)
        # A miss in Authors was not the card asked for, which the asker still lacks.
        self.know.drew(seat, drawn if match else None, bit(card) if card is not None and not match else 0)
        if match:
            self.last = {**self.last, "drew_match": True}
            text = f"{p} draws the {pretty(CODES[drawn])}, what they asked for, and asks again."
            events.append(Event("draw", text, {"seat": seat, "card": CODES[drawn], "match": True}))
        else:
            events.append(Event("draw", f"{p} draws a card.", {"seat": seat, "match": False}))
        events += self._lay(seat, drawn >> 2)
        events += self._refill((seat,))
        return events + self._next(seat, again=match)

    def _lay(self, seat: int, rank: int) -> list[Event]:
        """Lay every book of `rank` the seat's hand now makes (pairs: one card may stay)."""
        events = []
        while rank_count(self.hands[seat], rank) >= self.book_size:
            held = self.hands[seat] & RANK_MASKS[rank]
            cards = held
            if self.book_size == 2:  # three of a rank only ever come in the deal: lay the two lowest suits
                low = cards_of(held)
                cards = bit(low[0]) | bit(low[1])
            self.hands[seat] ^= cards
            self.laid |= cards
            self.know.laid(seat, rank, cards)
            self.books[seat].append(rank)
            codes = codes_of(cards)
            kind = "pair" if self.book_size == 2 else "book"
            text = f"{{p{seat}}} lays a {kind} of {RANK_PLURAL[rank]}."
            events.append(Event("book", text, {"seat": seat, "rank": RANKS[rank], "cards": codes}))
        return events

    def _refill(self, seats: tuple[int, ...]) -> list[Event]:
        """An emptied hand draws one card at once while the stock lasts (unseen by others)."""
        events = []
        for seat in seats:
            if not self.hands[seat] and self.stock:
                self.hands[seat] |= bit(self.stock.pop())
                self.know.drew(seat, None)
                text = f"{{p{seat}}}'s hand is empty, so they draw a card."
                events.append(Event("refill", text, {"seat": seat}))
        return events

    def _next(self, seat: int, again: bool) -> list[Event]:
        if self.laid == ALL_CARDS:
            self.done = True
            return [Event("game_end", self.outcome().reason, {"scores": [len(b) for b in self.books]})]
        if again and self.hands[seat]:
            return []
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.hands[nxt]:
                self.turn = nxt
                break
        return [Event("turn", f"{{p{self.turn}}} asks next.", {"seat": self.turn})]

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "go_fish",
            "variant": self.options["variant"],
            "players": self.players,
            "seat": seat,
            "hand": None if seat is None else codes_of(self.hands[seat]),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "to_move": list(self.to_move),
            "dealer": self.players - 1,
            "hand_no": 1,
            "over": self.done,
            "books": [[RANKS[r] for r in b] for b in self.books],
            "book_size": self.book_size,  # 2 when books are pairs
            "stock": len(self.stock),
            "turn": self.turn,
            "known": [[RANKS[r] for r in self.know.known_ranks(s)] for s in range(self.players)],
            "last": None if self.last is None else dict(self.last),
        }

    def hidden_cards(self, seat: int) -> list[str]:
        """The seat's cards whose identity the table has not seen (Go Fish hand-overs show ranks only)."""
        return codes_of(self.hands[seat] & ~self.know.exact[seat])

    def outcome(self) -> Outcome:
        if not self.done:
            raise ValueError("The game is not over yet.")
        scores = [len(b) for b in self.books]
        places = places_from_scores(scores)
        kind = "pairs" if self.book_size == 2 else "books"
        best = max(scores)
        winners = [s for s in range(self.players) if scores[s] == best]
        if len(winners) == 1:
            reason = f"{{p{winners[0]}}} wins with {best} {kind}."
        else:
            names = ", ".join(f"{{p{s}}}" for s in winners[:-1]) + f" and {{p{winners[-1]}}}"
            reason = f"{names} share the win with {best} {kind} each."
        return Outcome(places, tuple(float(x) for x in scores), reason)

    def determinize(self, seat: int, rng: random.Random) -> GoFishState:
        """Deal the cards `seat` cannot see into the other hands and the stock, keeping every deduction.

        Other hands keep their exact known cards (to the table, or to this seat: the suits
        it handed over in Go Fish), at least the counts of the ranks they are
        known to hold, none of the cards they are known to lack, and their sizes; and no hand
        gets a whole book, since a book is laid the moment it is made.
        """
        world = self._copy(SmallRng(rng.getrandbits(64)))
        others = {s: self.hands[s].bit_count() for s in range(self.players) if s != seat}
        know = self.know.for_seat(seat)  # plus the suits this seat handed over itself
        pool = ALL_CARDS & ~self.laid & ~self.hands[seat]
        for s in others:
            pool &= ~know.exact[s]
        dealt = sample_hands(know, pool, others, self.book_size, rng)
        if dealt is None:  # cannot happen while the knowledge is sound; never guess silently
            raise RuntimeError("go_fish: no deal fits what the table knows")
        hands, stock = dealt
        for s, hand in hands.items():
            world.hands[s] = hand
        world.stock = stock
        # What the other seats privately saw was of the real cards: the world must not carry it.
        world.know.seen = [row if o == seat else [0] * self.players for o, row in enumerate(world.know.seen)]
        return world

    # -- heuristic player -----------------------------------------------------
    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        """Ask where a hit is known; else for the rank held most, of a seat not known to lack it.

        Like a player with a good memory: a seat known to hold a rank (it asked for it,
        received it or showed it) is asked first, and a seat that said "go fish" to a
        rank is not asked for it again until it has drawn.
        """
        if self.done or seat != self.turn:
            return None
        hand = self.hands[seat]
        know = self.know
        askable = [(r, RANK_MASKS[r] & ~hand & ~self.laid, rank_count(hand, r)) for r in ranks_held(hand)]
        best, ties = (-1, 0, 0), 0
        for target in self._targets(seat):
            void, exact, floor = know.void[target], know.exact[target], know.floor[target]
            size = self.hands[target].bit_count()
            for rank, free, mine in askable:
                wanted = free & ~void
                if not wanted:
                    continue  # the target is known to have none of what we could ask for
                if self.authors:
                    hit = 2 if wanted & exact else (1 if floor[rank] > rank_count(exact, rank) else 0)
                else:
                    hit = 2 if floor[rank] else 0
                score = 1000 * hit + 10 * mine + size
                if score > best[0]:
                    best, ties = (score, target, rank), 1
                elif score == best[0]:  # an even choice among equals
                    ties += 1
                    if rng.random() * ties < 1:
                        best = (score, target, rank)
        if not ties:  # every seat is known to lack everything we hold: any ask will do
            return rng.choice(self.legal_actions(seat))
        _, target, rank = best
        if not self.authors:
            return ask_action(target, rank, None)
        wanted = RANK_MASKS[rank] & ~hand & ~self.laid & ~know.void[target]
        return ask_action(target, rank, rng.choice(cards_of(wanted & know.exact[target] or wanted)))


GoFish.state_class = GoFishState
GAME = GoFish
