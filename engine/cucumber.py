"""Cucumber (the Danish Agurk): a trick game where taking the last trick costs points.

Two to seven players get seven cards each; aces are high and suits do not matter. The
leader plays any card; each next player must *head* the trick (play a higher card, or
with the `equal` option an equal or higher one) if they can, choosing which, and
otherwise plays one of their lowest cards. The highest card takes the trick (the last
played among equals) and its player leads the next. Only the seventh trick scores: its
taker adds the card's value (A 14, K 13, Q 12, J 11, others face value) and whoever else
played that rank in it loses that much. Going over 21 gives a cucumber and resets the
score to the highest other score; going over 21 with a cucumber eliminates. The last
player left wins. The whole match, hand after hand, is one State.

Action notation (Action.text is canonical and lowercase):

    play 9h        lead, or follow with a legal card (ten is `10`: play 10c)

Parsing is forgiving: case, `t` for ten, suit symbols (♠ ♥ ♦ ♣), commas, extra spaces,
a missing verb ("qs") and a space before the suit ("10 h").

Stacked decks (`deck=`) may be longer than 52 cards: cards [52k, 52k + 52) stack hand
k + 1, each chunk dealt one card at a time round the active seats from the leader; hands
without a chunk are shuffled with the state's RNG. House rules: docs/rules/cucumber.md.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.cards import CardError, parse_card, pretty, rank, stack_deck, standard_deck, suit
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
    load_rng,
    quoted,
)

# -- constants ----------------------------------------------------------------

HAND_SIZE = 7
TRICKS = 7
LIMIT = 21  # a total above this earns a cucumber, or elimination with one already
FULL_DECK = tuple(standard_deck())
VALUES = {"A": 14, "K": 13, "Q": 12, "J": 11, **{str(v): v for v in range(2, 11)}}
VALUE = {c: VALUES[rank(c)] for c in FULL_DECK}  # card -> its rank's value, aces high
_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}
_SUIT_WORDS = frozenset("shdc♠♥♦♣")


def sort_key(card: str) -> tuple[int, int]:
    """High to low by rank, then spades, hearts, diamonds, clubs."""
    return -VALUE[card], _SUIT_ORDER[suit(card) or "S"]


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=sort_key)


# One shared Action per card: legal_actions and the heuristic hand them out without building.
PLAY = {
    c: Action(f"play {c.lower()}", label=f"Play {pretty(c)}", parts={"verb": "play", "cards": [c]}) for c in FULL_DECK
}
_CARD_BY_TEXT = {a.text: c for c, a in PLAY.items()}
PRETTY = {c: pretty(c) for c in FULL_DECK}


def rank_name(value: int) -> str:
    """`A`, `K`, ..., `2` for a value 14..2."""
    return {14: "A", 13: "K", 12: "Q", 11: "J"}.get(value, str(value))


def read_card(text: str) -> str:
    """The card named in `text` (forgiving); IllegalAction if it names none or several."""
    cached = _CARD_BY_TEXT.get(text)
    if cached is not None:
        return cached
    tokens = text.replace(",", " ").split()
    if tokens and tokens[0].lower() == "play":
        tokens = tokens[1:]
    if len(tokens) == 2 and tokens[1].lower() in _SUIT_WORDS:
        tokens = [tokens[0] + tokens[1]]
    if not tokens:
        raise IllegalAction("Say which card to play, like “play 9H”.")
    if len(tokens) > 1:
        raise IllegalAction("Play exactly one card, like “play 9H”.")
    try:
        return parse_card(tokens[0])
    except CardError:
        raise IllegalAction(f"“{quoted(tokens[0], 12)}” isn't a card; write rank then suit, like “play 10C”.") from None


# -- the game -----------------------------------------------------------------


class Cucumber(Game):
    name = "cucumber"
    title = "Cucumber"
    min_players = 2
    max_players = 7
    options = (
        Option(
            "heading",
            ("higher", "equal"),
            "higher",
            "What heads a trick: a strictly higher card, or an equal or higher one (the common Nordic rule).",
        ),
    )


# -- the state ----------------------------------------------------------------


class CucumberState(State):
    game: ClassVar[type[Game]] = Cucumber

    options: dict[str, str]
    equal: bool  # heading with an equal card is allowed
    rng: random.Random
    players: int
    hands: list[list[str]]  # per seat, sorted high to low
    trick: list[tuple[int, str]]  # (seat, card) in play order
    played: list[list[tuple[int, str]]]  # this hand's completed tricks
    scores: list[int]
    cucumbers: list[int]
    eliminated: list[bool]
    out_order: list[int]  # seats in the order they were eliminated
    dealer: int
    leader: int  # who led (or leads) the current trick
    turn: int | None
    hand_no: int
    stacked: tuple[tuple[str, ...], ...]  # stacked chunks for the hands still to come
    last_hand: dict[str, Any] | None  # the previous hand's last trick and its scoring

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> CucumberState:
        chunks = _chunks(deck)
        s = cls.__new__(cls)
        s.options = dict(options)
        s.equal = options["heading"] == "equal"
        s.rng = rng
        s.players = players
        s.scores = [0] * players
        s.cucumbers = [0] * players
        s.eliminated = [False] * players
        s.out_order = []
        s.hand_no = 0
        s.stacked = chunks
        s.last_hand = None
        s._deal(dealer=players - 1)
        return s

    def _deal(self, dealer: int) -> None:
        """A new hand: seven cards to each active seat, one at a time from the leader."""
        self.dealer = dealer
        self.leader = self._next_active(dealer)
        seats = self._active_from(self.leader)
        if self.stacked:
            order = stack_deck(FULL_DECK, self.stacked[0], self.rng)
            self.stacked = self.stacked[1:]
        else:  # only the dealt cards need drawing: the stub is never seen
            order = self.rng.sample(FULL_DECK, HAND_SIZE * len(seats))
        hands: list[list[str]] = [[] for _ in range(self.players)]
        for i in range(HAND_SIZE * len(seats)):
            hands[seats[i % len(seats)]].append(order[i])
        self.hands = [sort_hand(h) for h in hands]
        self.trick = []
        self.played = []
        self.turn = self.leader
        self.hand_no += 1

    def copy(self) -> CucumberState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> CucumberState:
        s = CucumberState.__new__(CucumberState)
        s.options = self.options
        s.equal = self.equal
        s.rng = rng
        s.players = self.players
        s.hands = [h[:] for h in self.hands]
        s.trick = self.trick[:]
        s.played = self.played[:]  # completed tricks are never changed, only replaced
        s.scores = self.scores[:]
        s.cucumbers = self.cucumbers[:]
        s.eliminated = self.eliminated[:]
        s.out_order = self.out_order[:]
        s.dealer = self.dealer
        s.leader = self.leader
        s.turn = self.turn
        s.hand_no = self.hand_no
        s.stacked = self.stacked
        s.last_hand = self.last_hand
        return s

    def dump(self) -> dict[str, Any]:
        return {
            "options": dict(self.options),
            "rng": dump_rng(self.rng),
            "players": self.players,
            "hands": [list(h) for h in self.hands],
            "trick": [[s, c] for s, c in self.trick],
            "played": [[[s, c] for s, c in t] for t in self.played],
            "scores": list(self.scores),
            "cucumbers": list(self.cucumbers),
            "eliminated": list(self.eliminated),
            "out_order": list(self.out_order),
            "dealer": self.dealer,
            "leader": self.leader,
            "turn": self.turn,
            "hand_no": self.hand_no,
            "stacked": [list(c) for c in self.stacked],
            "last_hand": _plain(self.last_hand),
        }

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> CucumberState:
        s = cls.__new__(cls)
        s.options = dict(data["options"])
        s.equal = s.options["heading"] == "equal"
        s.rng = load_rng(data["rng"])
        s.players = int(data["players"])
        s.hands = [list(h) for h in data["hands"]]
        s.trick = [(int(p), str(c)) for p, c in data["trick"]]
        s.played = [[(int(p), str(c)) for p, c in t] for t in data["played"]]
        s.scores = [int(x) for x in data["scores"]]
        s.cucumbers = [int(x) for x in data["cucumbers"]]
        s.eliminated = [bool(x) for x in data["eliminated"]]
        s.out_order = [int(x) for x in data["out_order"]]
        s.dealer = int(data["dealer"])
        s.leader = int(data["leader"])
        s.turn = data["turn"]
        s.hand_no = int(data["hand_no"])
        s.stacked = tuple(tuple(c) for c in data["stacked"])
        s.last_hand = _plain(data["last_hand"])
        return s

    # -- seats ----------------------------------------------------------------
    def _next_active(self, seat: int) -> int:
        """The next seat to the left that is still in the game."""
        n = self.players
        nxt = (seat + 1) % n
        while self.eliminated[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def _active_from(self, seat: int) -> list[int]:
        """Active seats in turn order starting with `seat` (itself active)."""
        n = self.players
        return [(seat + i) % n for i in range(n) if not self.eliminated[(seat + i) % n]]

    def _active_count(self) -> int:
        return self.eliminated.count(False)

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    def _top(self) -> int:
        """The value of the highest card in the current trick (0 before the lead)."""
        return max((VALUE[c] for _, c in self.trick), default=0)

    def _heads(self, value: int, top: int) -> bool:
        return value >= top if self.equal else value > top

    def _legal_cards(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if not self.trick:
            return hand
        top = self._top()
        heads = [c for c in hand if self._heads(VALUE[c], top)]
        if heads:
            return heads
        low = VALUE[hand[-1]]
        return [c for c in hand if VALUE[c] == low]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.turn is None or seat != self.turn:
            return []
        return [PLAY[c] for c in self._legal_cards(seat)]

    def parse(self, seat: int, text: str) -> Action:
        """The canonical action for `text`, checked against the rules."""
        if self.turn is None:
            raise IllegalAction("The game is over.")
        if seat != self.turn:
            raise IllegalAction("It isn't your turn.")
        card = read_card(text)
        problem = self._problem(seat, card)
        if problem:
            raise IllegalAction(problem)
        return PLAY[card]

    def _problem(self, seat: int, card: str) -> str | None:
        """Why playing `card` is illegal for seat now, or None if it is legal."""
        hand = self.hands[seat]
        if card not in hand:
            return f"You don't hold {pretty(card)}."
        if not self.trick:
            return None
        top = self._top()
        if self._heads(VALUE[card], top):
            return None
        name = rank_name(top)
        if any(self._heads(VALUE[c], top) for c in hand):
            if self.equal:
                return f"You hold a card as high as the {name} or higher: you must head the trick."
            return f"You hold a card higher than the {name}: you must head the trick."
        low = VALUE[hand[-1]]
        if VALUE[card] == low:
            return None
        lowest = " or ".join(pretty(c) for c in hand if VALUE[c] == low)
        return f"You can't head the {name}, so you must play your lowest card: {lowest}."

    # -- applying actions ------------------------------------------------------
    def _apply(self, seat: int, text: str) -> list[Event]:
        card = read_card(text)
        problem = self._problem(seat, card)
        if problem:
            raise IllegalAction(problem)
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events = [Event("play", f"{{p{seat}}} plays {PRETTY[card]}.", {"seat": seat, "card": card})]
        if len(self.trick) < self._active_count():
            self.turn = self._next_active(seat)
            return events
        return events + self._finish_trick()

    def _finish_trick(self) -> list[Event]:
        trick = self.trick
        top = max(VALUE[c] for _, c in trick)
        winner = next(s for s, c in reversed(trick) if VALUE[c] == top)  # the last of the highest rank
        self.played = [*self.played, trick]
        self.trick = []
        cards = [c for _, c in trick]
        data = {"winner": winner, "cards": cards, "seats": [s for s, _ in trick], "trick_no": len(self.played)}
        events = [Event("trick", f"{{p{winner}}} takes trick {len(self.played)}.", data)]
        if len(self.played) < TRICKS:
            self.leader = self.turn = winner
            return events
        return events + self._score_hand(trick, winner)

    def _score_hand(self, trick: list[tuple[int, str]], taker: int) -> list[Event]:
        """The seventh trick's penalty, then a cucumber or an elimination, then the next deal."""
        card = next(c for s, c in trick if s == taker)
        penalty = VALUE[card]
        self.scores[taker] += penalty
        relieved = [s for s, c in trick if s != taker and VALUE[c] == penalty]
        for s in relieved:
            self.scores[s] = max(0, self.scores[s] - penalty)
        text = f"{{p{taker}}} takes the last trick with {pretty(card)} and scores {penalty}"
        text += f" ({self.scores[taker]} in all)."
        if relieved:
            who = ", ".join(f"{{p{s}}}" for s in relieved)
            text += f" {who} also played {'an' if penalty in (8, 11, 14) else 'a'} {rank_name(penalty)}: {penalty} off."
        data = {
            "taker": taker,
            "card": card,
            "penalty": penalty,
            "relieved": relieved,
            "scores": list(self.scores),
            "hand_no": self.hand_no,
        }
        events = [Event("hand_end", text, data)]
        self.last_hand = {"hand_no": self.hand_no, "taker": taker, "penalty": penalty, "trick": _trick_dicts(trick)}
        if self.scores[taker] > LIMIT:
            events.append(self._over_limit(taker))
            self.last_hand["result"] = events[-1].kind  # "cucumber" or "eliminated", for the table
        if self._active_count() == 1:
            winner = self.eliminated.index(False)
            self.turn = None
            reason = f"{{p{winner}}} is the last player without two cucumbers."
            events.append(Event("game_end", reason, {"winner": winner}))
            return events
        self._deal(self._next_active(self.dealer))
        text = f"{{p{self.dealer}}} deals hand {self.hand_no}; {{p{self.leader}}} leads."
        events.append(Event("deal", text, {"dealer": self.dealer, "leader": self.leader, "hand_no": self.hand_no}))
        return events

    def _over_limit(self, taker: int) -> Event:
        if self.cucumbers[taker]:
            self.eliminated[taker] = True
            self.out_order.append(taker)
            text = f"{{p{taker}}} goes over {LIMIT} with a cucumber already and is out."
            return Event("eliminated", text, {"seat": taker, "score": self.scores[taker]})
        self.cucumbers[taker] = 1
        others = [self.scores[s] for s in range(self.players) if s != taker and not self.eliminated[s]]
        self.scores[taker] = max(others)
        text = f"{{p{taker}}} goes over {LIMIT} and gets a cucumber; their score resets to {self.scores[taker]}."
        return Event("cucumber", text, {"seat": taker, "score": self.scores[taker]})

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "cucumber",
            "heading": self.options["heading"],
            "players": self.players,
            "seat": seat,
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "to_move": list(self.to_move),
            "leader": self.leader,
            "trick": _trick_dicts(self.trick),
            "played": [_trick_dicts(t) for t in self.played],
            "trick_no": min(len(self.played) + 1, TRICKS),
            "scores": list(self.scores),
            "cucumbers": list(self.cucumbers),
            "eliminated": list(self.eliminated),
            "out_order": list(self.out_order),
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "last_hand": _plain(self.last_hand),
            "over": self.turn is None,
        }

    def hidden_cards(self, seat: int) -> list[str]:
        """Every card in a hand is unseen by the others until it is played."""
        return list(self.hands[seat])

    def outcome(self) -> Outcome:
        if self.turn is not None:
            raise ValueError("The game is not over yet.")
        survivor = self.eliminated.index(False)
        places = [0] * self.players
        places[survivor] = 1
        for i, seat in enumerate(reversed(self.out_order)):
            places[seat] = 2 + i
        reason = f"{{p{survivor}}} is the last player without two cucumbers."
        return Outcome(tuple(places), tuple(float(x) for x in self.scores), reason)

    # -- search support --------------------------------------------------------
    def deductions(self) -> dict[int, tuple[int, int]]:
        """Public limits on each seat's remaining cards this hand: seat -> (lowest, highest) value.

        A follower that could not head rank R held nothing above R (nothing of R or above
        with `equal` heading) and had to play its lowest card, so holds nothing below it.
        """
        limits: dict[int, tuple[int, int]] = {}
        for trick in (*self.played, self.trick):
            top = 0
            for seat, card in trick:
                value = VALUE[card]
                if top and not self._heads(value, top):
                    lo, hi = limits.get(seat, (2, 14))
                    ceiling = top - 1 if self.equal else top
                    limits[seat] = (max(lo, value), min(hi, ceiling))
                top = max(top, value)
        return limits

    def determinize(self, seat: int, rng: random.Random) -> CucumberState:
        """Deal the cards `seat` has not seen to the other hands by size, within the deductions."""
        world = self._copy(SmallRng(rng.getrandbits(64)))  # later deals must not be foreseen either
        world.stacked = ()
        seen = set(self.hands[seat])
        for trick in (*self.played, self.trick):
            seen.update(c for _, c in trick)
        pool = [c for c in FULL_DECK if c not in seen]
        need = {s: len(self.hands[s]) for s in range(self.players) if s != seat and self.hands[s]}
        dealt = _sample_hands(pool, need, self.deductions(), rng)
        for s, cards in dealt.items():
            world.hands[s] = sort_hand(cards)
        return world

    # -- heuristic player -----------------------------------------------------
    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        """Shed high cards while it is safe: lead your highest, head with your highest.

        Being forced to play your lowest card, you keep your high ones; otherwise the
        lowest card is what you keep for the seventh trick.
        """
        if self.turn is None or seat != self.turn:
            return None
        return PLAY[self._legal_cards(seat)[0]]


# -- helpers ------------------------------------------------------------------


def _chunks(deck: list[str] | None) -> tuple[tuple[str, ...], ...]:
    """The stacked deck cut into one chunk of up to 52 cards per hand, each checked now."""
    if not deck:
        return ()
    cards = [parse_card(str(c)) for c in deck]
    chunks = tuple(tuple(cards[i : i + 52]) for i in range(0, len(cards), 52))
    for chunk in chunks:  # a bad later chunk fails at the start, not in hand five
        stack_deck(FULL_DECK, chunk, random.Random(0))
    return chunks


def _trick_dicts(trick: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return [{"seat": s, "card": c} for s, c in trick]


def _plain(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """A fresh JSON-safe copy of `last_hand`."""
    if last is None:
        return None
    return {**last, "trick": [dict(p) for p in last["trick"]]}


def _sample_hands(
    pool: list[str], need: dict[int, int], limits: dict[int, tuple[int, int]], rng: random.Random
) -> dict[int, list[str]]:
    """Random hands of the given sizes from `pool`, each within its seat's value limits.

    Random draws, most constrained seat first, almost always succeed; when one fails a
    few times an earliest-deadline matching (always possible: the true deal is one)
    finishes the job.
    """
    fits = {s: limits.get(s, (2, 14)) for s in need}
    order = sorted(need, key=lambda s: fits[s][1] - fits[s][0])
    for _ in range(6):
        rng.shuffle(pool)
        taken: set[str] = set()
        out: dict[int, list[str]] = {}
        for s in order:
            lo, hi = fits[s]
            got = [c for c in pool if c not in taken and lo <= VALUE[c] <= hi][: need[s]]
            if len(got) < need[s]:
                break
            taken.update(got)
            out[s] = got
        else:
            return out
    return _matching(pool, need, fits, rng)


def _matching(
    pool: list[str], need: dict[int, int], fits: dict[int, tuple[int, int]], rng: random.Random
) -> dict[int, list[str]]:
    """Glover's greedy: cards from low to high, each to the open seat whose limit ends first."""
    rng.shuffle(pool)
    out: dict[int, list[str]] = {s: [] for s in need}
    for card in sorted(pool, key=VALUE.__getitem__):
        value = VALUE[card]
        open_seats = [s for s in need if len(out[s]) < need[s] and fits[s][0] <= value <= fits[s][1]]
        if open_seats:
            out[min(open_seats, key=lambda s: fits[s][1])].append(card)
    if any(len(out[s]) < need[s] for s in need):
        raise AssertionError("no deal fits the public deductions")  # impossible for a real position
    return out


Cucumber.state_class = CucumberState
GAME = Cucumber
