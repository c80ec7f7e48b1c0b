"""Escoba: the Spanish fishing game where a card and the board cards it takes make fifteen.

Forty cards (A-7 and J Q K of four suits; J = sota 8, Q = caballo 9, K = rey 10). Three
cards each and four face up on the board; on a turn a player plays one card, either laying
it on the board or capturing board cards whose values plus the card's make exactly 15.
Clearing the board is an escoba. When every hand is empty the stock deals three more each;
after the last card the board goes to whoever captured last. A hand scores most cards,
most diamonds (oros), the 7 of diamonds (siete de velo), la setenta and one per escoba;
the first side to reach the target, strictly ahead, wins. Two to four players; four may
play as two partnerships (seats 0 and 2 against 1 and 3).

Play goes to the right, and seats are numbered in the direction of play: seat + 1 plays
next. The whole match, hand after hand, is one State.

Action notation (Action.text is canonical and lowercase; captured cards in board order):

    play 5c                 lay the 5 of clubs on the board
    play 5c take kd         the 5 of clubs takes the king of diamonds (5 + 10 = 15)
    play 3s take 7d 5h      the 3 of spades takes the 7 of diamonds and the 5 of hearts

Parsing is forgiving: case, `t`/`T` for ten, suit symbols, commas, extra spaces, a
missing "play", and captured cards in any order. A capture is checked by its sum, never
by listing every capture. House rules: docs/rules/escoba.md.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any, ClassVar

from engine.cards import SPANISH_DECK, CardError, parse_card, pretty, rank, stack_deck
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
    places_from_scores,
    quoted,
)

# -- constants ----------------------------------------------------------------

FULL_DECK: tuple[str, ...] = tuple(SPANISH_DECK.cards())
HAND_SIZE = 3
BOARD_SIZE = 4
SUM = 15
VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}
VALUE = {c: VALUES[rank(c)] for c in FULL_DECK}
# La setenta's card order: 7 > 6 > A > 5 > 4 > 3 > 2 > J = Q = K.
PRIMERA = {"7": 7, "6": 6, "A": 5, "5": 4, "4": 3, "3": 2, "2": 1, "J": 0, "Q": 0, "K": 0}
SIETE = "7D"
OROS = "D"
_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}
_SUIT_WORDS = frozenset("shdc")
_SIGNS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})
_RANK_WORDS = frozenset(["a", "j", "q", "k", "t", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"])
_EXAMPLES = "like “play 5c” or “play 3s take 7d 5h”"


def sort_hand(cards: list[str]) -> list[str]:
    """By value, then spades, hearts, diamonds, clubs."""
    return sorted(cards, key=lambda c: (VALUE[c], _SUIT_ORDER[c[-1]]))


def lay_action(card: str) -> Action:
    return Action(f"play {card.lower()}", label=f"Lay {pretty(card)}", parts={"verb": "play", "cards": [card]})


def capture_action(card: str, take: list[str]) -> Action:
    text = f"play {card.lower()} take " + " ".join(c.lower() for c in take)
    label = f"{pretty(card)} takes " + " ".join(pretty(c) for c in take)
    return Action(text, label=label, parts={"verb": "play", "cards": [card], "take": list(take)})


LAY = {c: lay_action(c) for c in FULL_DECK}
# Captures met before, built once and shared (Action is frozen); capped, as boards vary without end.
_CAPTURES: dict[tuple[str, tuple[str, ...]], Action] = {}
_CAPTURES_KEPT = 1 << 16


def _capture_action(card: str, take: tuple[str, ...]) -> Action:
    action = _CAPTURES.get((card, take))
    if action is None:
        action = capture_action(card, list(take))
        if len(_CAPTURES) < _CAPTURES_KEPT:
            _CAPTURES[(card, take)] = action
    return action


def subsets_summing(values: list[int], target: int) -> list[list[int]]:
    """Every set of indices into `values` (each >= 1) whose values add up to `target`.

    A depth-first search over the indices sorted by value (see `_sums_in_sorted`).
    """
    order = sorted(range(len(values)), key=values.__getitem__)
    vals = tuple(values[i] for i in order)
    return [sorted([order[j] for j in found]) for found in _sums_in_sorted(vals, target, _known_sums(vals))]


# Searches done before, by sorted board values, then target: boards repeat their values far more
# often than their cards. Capped, as boards vary without end.
Found = list[tuple[int, ...]]  # positions in sorted board values, one tuple per set
_SUMS: dict[tuple[int, ...], dict[int, Found]] = {}
_SUMS_KEPT = 1 << 15


def _known_sums(vals: tuple[int, ...]) -> dict[int, Found]:
    """The searches kept for these sorted values, by target (fill in with `_sums_in_sorted`)."""
    known = _SUMS.get(vals)
    if known is None:
        known = {}
        if len(_SUMS) < _SUMS_KEPT:
            _SUMS[vals] = known
    return known


def _sums_in_sorted(vals: tuple[int, ...], target: int, known: dict[int, Found]) -> Found:
    """Positions in `vals` (ascending, each >= 1) of every set adding up to `target`, depth first."""
    out = known.get(target)
    if out is None:
        out = known[target] = _tail_sums(vals[: bisect_right(vals, target)], target)
    return out


# Searches of the values past a chosen one, shared by every board that ends in them.
_TAILS: dict[tuple[tuple[int, ...], int], Found] = {}


def _tail_sums(vals: tuple[int, ...], left: int) -> Found:
    """`_sums_in_sorted` without the board's table, for values all at most `left`.

    Depth first: each value in turn, then every set of the values after it that makes up the
    rest (from this table when that tail was searched before). It stops at the first value
    that overshoots, so a swollen board costs the captures it offers, not its 2^n subsets.
    """
    key = (vals, left)
    out = _TAILS.get(key)
    if out is not None:
        return out
    out = []
    for j, v in enumerate(vals):
        if v > left:
            break  # sorted: everything further overshoots too
        if v == left:
            out.append((j,))
            continue
        shift = j + 1
        tail = vals[shift : bisect_right(vals, left - v, shift)]
        out.extend((j, *[shift + x for x in found]) for found in _tail_sums(tail, left - v))
    if len(_TAILS) < _SUMS_KEPT:
        _TAILS[key] = out
    return out


def splits_in_two(cards: list[str]) -> bool:
    """Whether cards worth 30 in all part into two groups of 15 each."""
    values = [VALUE[c] for c in cards]
    return sum(values) == 2 * SUM and bool(subsets_summing(values, SUM))


def setenta_key(cards: list[str]) -> tuple[int, ...] | None:
    """A pile's setenta (best card per suit by 7 6 A 5 4 3 2 face, sorted high to low),
    or None without all four suits."""
    best: dict[str, int] = {}
    for c in cards:
        s, v = c[-1], PRIMERA[rank(c)]
        if v >= best.get(s, -1):
            best[s] = v
    if len(best) < 4:
        return None
    return tuple(sorted(best.values(), reverse=True))


def sole_best(values: list[Any]) -> int | None:
    """The index of the single greatest value (None if a tie at the top, or all None)."""
    present = [v for v in values if v is not None]
    if not present:
        return None
    top = max(present)
    if present.count(top) > 1:
        return None
    return values.index(top)


def score_piles(piles: list[list[str]], escobas: list[int]) -> dict[str, Any]:
    """A hand's scoring per side: `last_hand` as the view shows it."""
    cards = sole_best([len(p) for p in piles])
    oros = sole_best([sum(1 for c in p if c[-1] == OROS) for p in piles])
    siete = next((i for i, p in enumerate(piles) if SIETE in p), None)
    setenta = sole_best([setenta_key(p) for p in piles])
    points = list(escobas)
    for winner in (cards, oros, siete, setenta):
        if winner is not None:
            points[winner] += 1
    return {
        "points": points,
        "cards": cards,
        "oros": oros,
        "siete": siete,
        "setenta": setenta,
        "escobas": list(escobas),
    }


SHEET_ROWS = (("cards", "most cards"), ("oros", "most oros"), ("siete", "siete de velo"), ("setenta", "la setenta"))


def _earned(result: dict[str, Any], side: int) -> str:
    """What a side scored in a hand, in words: " (most cards, the 7♦, 2 escobas)", or ""."""
    won = [words for key, words in SHEET_ROWS if result.get(key) == side]
    sweeps = int(result["escobas"][side])
    if sweeps:
        won.append(f"{sweeps} escoba{'s' if sweeps != 1 else ''}")
    return f" ({', '.join(won)})" if won else ""


def read_move(text: str) -> tuple[str, list[str] | None]:
    """(card, taken cards or None for a lay) from forgiving text; IllegalAction if unreadable."""
    tokens = text.translate(_SIGNS).lower().replace(",", " ").split()
    if tokens and tokens[0] == "play":
        tokens = tokens[1:]
    merged: list[str] = []
    for tok in tokens:  # "5 c" -> "5c"
        if tok in _SUIT_WORDS and merged and merged[-1] in _RANK_WORDS:
            merged[-1] += tok
        else:
            merged.append(tok)
    tokens = merged
    if not tokens or tokens[0] == "take":
        raise IllegalAction(f"Say which card to play, {_EXAMPLES}.")
    card = _card(tokens[0])
    rest = tokens[1:]
    if not rest:
        return card, None
    if rest[0] in ("take", "takes", "capture", "captures"):
        rest = rest[1:]
    if not rest:
        raise IllegalAction("Name the board cards to take after “take”, like “play 5c take kd”.")
    return card, [_card(t) for t in rest]


# Ranks written as numbers: the Escoba values 1 and 8-10, and the 11 and 12 printed on a
# Spanish caballo and rey (the pack has no eights, nines or tens to confuse them with).
_NUMBERED = {"1": "A", "8": "J", "9": "Q", "10": "K", "t": "K", "11": "Q", "12": "K"}


def _card(token: str) -> str:
    head, tail = token[:-1], token[-1:]
    try:
        card = parse_card(_NUMBERED.get(head.lower(), head) + tail)
    except CardError:  # quote what the player wrote, not the rewritten rank ("10" is not "A0")
        raise IllegalAction(f"“{quoted(token, 12)}” isn't a card: write rank then suit, {_EXAMPLES}.") from None
    if card not in VALUE:  # a joker or Moleicki's 25
        raise IllegalAction(f"There is no {card} in the Spanish deck: it runs A-7, J, Q, K of four suits.")
    return card


# -- the game -----------------------------------------------------------------


class Escoba(Game):
    name = "escoba"
    title = "Escoba"
    min_players = 2
    max_players = 4
    deck = SPANISH_DECK
    options = (
        Option(
            "partnerships",
            ("on", "off"),
            "on",
            "With four players: seats across the table share one score pile (ignored with 2 or 3).",
        ),
        Option("target", ("21", "11"), "21", "Points that win the match."),
    )


# -- the state ----------------------------------------------------------------


class EscobaState(State):
    game: ClassVar[type[Game]] = Escoba

    options: dict[str, str]
    partnered: bool  # four players with partnerships on
    target: int
    rng: random.Random
    players: int
    hands: list[list[str]]  # per seat, sorted
    board: list[str]  # in the order laid
    stock: list[str]  # the next card dealt first
    captured: list[list[str]]  # per side, this hand, in capture order
    escobas: list[int]  # per side, this hand
    set_aside: list[str]  # a hand's leftovers when nobody captured
    last_capture: int | None  # side index
    scores: list[int]  # per side, match totals
    dealer: int
    turn: int | None  # None once the match is over
    hand_no: int
    last_hand: dict[str, Any] | None
    # The first deal's dealer sweep happens before anyone can act, so its event waits here
    # and goes out with the match's first action (apply is the only way events are reported).
    unreported: list[Event]
    # parse and apply answer from the menu legal_actions just listed (State.listed); apply
    # forgets it before changing anything.

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> EscobaState:
        stacked = [parse_card(str(c)) for c in deck] if deck else None
        order = stack_deck(FULL_DECK, stacked, rng)  # checks the stacked cards are in the pack
        s = cls.__new__(cls)
        s.options = dict(options)
        s.partnered = players == 4 and options["partnerships"] == "on"
        s.target = int(options["target"])
        s.rng = rng
        s.players = players
        sides = 2 if s.partnered else players
        s.scores = [0] * sides
        s.hand_no = 0
        s.last_hand = None
        s.unreported = s._deal_hand(players - 1, order)
        return s

    @property
    def side_count(self) -> int:
        return len(self.scores)

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnered else seat

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        return ((0, 2), (1, 3)) if self.partnered else None

    def side_seats(self) -> list[list[int]]:
        return [[s for s in range(self.players) if self.side_of(s) == i] for i in range(self.side_count)]

    def _deal_hand(self, dealer: int, order: list[str]) -> list[Event]:
        """A new hand from `order`: three each from the dealer's right, four to the board."""
        n = self.players
        self.dealer = dealer
        self.hand_no += 1
        self.hands = [[] for _ in range(n)]
        self.captured = [[] for _ in range(self.side_count)]
        self.escobas = [0] * self.side_count
        self.set_aside = []
        self.last_capture = None
        self.stock = list(order)
        self._deal_round()
        self.board = self.stock[:BOARD_SIZE]
        del self.stock[:BOARD_SIZE]
        self.turn = (dealer + 1) % n
        return self._dealer_sweep()

    def _deal_round(self) -> None:
        """Three cards to each seat, one at a time, from the seat after the dealer."""
        n = self.players
        first = (self.dealer + 1) % n
        for i in range(HAND_SIZE * n):
            self.hands[(first + i) % n].append(self.stock[i])
        del self.stock[: HAND_SIZE * n]
        self.hands = [sort_hand(h) for h in self.hands]

    def _dealer_sweep(self) -> list[Event]:
        """A first board worth 15 (or 30 in two fifteens) goes to the dealer's side as escobas."""
        total = sum(VALUE[c] for c in self.board)
        sweeps = 1 if total == SUM else 2 if splits_in_two(self.board) else 0
        if not sweeps:
            return []
        side = self.side_of(self.dealer)
        cards = self.board
        self.captured[side] += cards
        self.escobas[side] += sweeps
        self.last_capture = side
        self.board = []
        what = "an escoba" if sweeps == 1 else "two escobas"
        words = " ".join(pretty(c) for c in cards)
        text = f"The board {words} makes {total}: {{p{self.dealer}}} (the dealer) sweeps it for {what}."
        return [Event("escoba", text, {"seat": self.dealer, "side": side, "cards": list(cards), "escobas": sweeps})]

    def copy(self) -> EscobaState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> EscobaState:
        s = EscobaState.__new__(EscobaState)
        s.options = self.options
        s.partnered = self.partnered
        s.target = self.target
        s.rng = rng
        s.players = self.players
        s.hands = [h[:] for h in self.hands]
        s.board = self.board[:]
        s.stock = self.stock[:]
        s.captured = [p[:] for p in self.captured]
        s.escobas = self.escobas[:]
        s.set_aside = self.set_aside[:]
        s.last_capture = self.last_capture
        s.scores = self.scores[:]
        s.dealer = self.dealer
        s.turn = self.turn
        s.hand_no = self.hand_no
        s.last_hand = self.last_hand  # replaced, never changed in place
        s.unreported = self.unreported  # replaced, never changed in place
        return s

    def dump(self) -> dict[str, Any]:
        return {
            "options": dict(self.options),
            "rng": dump_rng(self.rng),
            "players": self.players,
            "hands": [list(h) for h in self.hands],
            "board": list(self.board),
            "stock": list(self.stock),
            "captured": [list(p) for p in self.captured],
            "escobas": list(self.escobas),
            "set_aside": list(self.set_aside),
            "last_capture": self.last_capture,
            "scores": list(self.scores),
            "dealer": self.dealer,
            "turn": self.turn,
            "hand_no": self.hand_no,
            "last_hand": _plain(self.last_hand),
            "unreported": [e.to_dict() for e in self.unreported],
        }

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> EscobaState:
        s = cls.__new__(cls)
        s.options = dict(data["options"])
        s.players = int(data["players"])
        s.partnered = s.players == 4 and s.options["partnerships"] == "on"
        s.target = int(s.options["target"])
        s.rng = load_rng(data["rng"])
        s.hands = [list(h) for h in data["hands"]]
        s.board = list(data["board"])
        s.stock = list(data["stock"])
        s.captured = [list(p) for p in data["captured"]]
        s.escobas = [int(x) for x in data["escobas"]]
        s.set_aside = list(data["set_aside"])
        s.last_capture = None if data["last_capture"] is None else int(data["last_capture"])
        s.scores = [int(x) for x in data["scores"]]
        s.dealer = int(data["dealer"])
        s.turn = None if data["turn"] is None else int(data["turn"])
        s.hand_no = int(data["hand_no"])
        s.last_hand = _plain(data["last_hand"])
        s.unreported = [Event.from_dict(e) for e in data.get("unreported", [])]  # absent in older dumps
        return s

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    @property
    def over(self) -> bool:
        return self.turn is None  # as State.over (no seat to move), without building to_move

    def captures_for(self, card: str) -> list[list[str]]:
        """Every set of board cards `card` can take, each in board order."""
        values = [VALUE[c] for c in self.board]
        return [[self.board[i] for i in idx] for idx in subsets_summing(values, SUM - VALUE[card])]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.turn is None or seat != self.turn:
            return []
        board = self.board
        values = [VALUE[c] for c in board]
        order = sorted(range(len(board)), key=values.__getitem__)  # as subsets_summing orders them
        vals = tuple([values[i] for i in order])
        known = _known_sums(vals)
        takes_for: dict[int, list[tuple[str, ...]]] = {}  # cards of one value take the same board cards
        out: list[Action] = []
        for card in self.hands[seat]:
            out.append(LAY[card])
            need = SUM - VALUE[card]
            takes = takes_for.get(need)
            if takes is None:
                found = known.get(need)
                if found is None:
                    found = _sums_in_sorted(vals, need, known)
                takes = takes_for[need] = [tuple([board[i] for i in sorted([order[j] for j in f])]) for f in found]
            for take in takes:
                out.append(_CAPTURES.get((card, take)) or _capture_action(card, take))
        self.remember_menu(seat, out)
        return out

    def parse(self, seat: int, text: str) -> Action:
        """The canonical action for `text`, checked against the rules (by sum, not by listing)."""
        if self.turn is None:
            raise IllegalAction("The game is over.")
        if seat != self.turn:
            raise IllegalAction("It isn't your turn.")
        listed = self.listed(seat, text)
        if listed is not None:
            return listed
        card, take = read_move(text)
        return self._check(seat, card, take)

    def _check(self, seat: int, card: str, take: list[str] | None) -> Action:
        if card not in self.hands[seat]:
            raise IllegalAction(f"You don't hold {pretty(card)}.")
        if take is None:
            return LAY[card]
        if len(set(take)) < len(take):
            raise IllegalAction("Name each board card to take once.")
        missing = [c for c in take if c not in self.board]
        if missing:
            raise IllegalAction(f"{pretty(missing[0])} isn't on the board.")
        total = VALUE[card] + sum(VALUE[c] for c in take)
        if total != SUM:
            cards = " + ".join(pretty(c) for c in (card, *take))
            raise IllegalAction(f"{cards} make {total}, not 15: a capture must add up to exactly 15.")
        ordered = [c for c in self.board if c in take]
        return capture_action(card, ordered)

    # -- applying actions ------------------------------------------------------
    def _apply(self, seat: int, text: str) -> list[Event]:
        action = self.listed(seat, text) or self.parse(seat, text)
        self.forget_menu()
        card = action.parts["cards"][0]
        take = action.parts.get("take")
        self.hands[seat].remove(card)
        events, self.unreported = list(self.unreported), []  # copies share the old list
        if take is None:
            self.board.append(card)
            events.append(Event("play", f"{{p{seat}}} lays {pretty(card)}.", {"seat": seat, "card": card}))
        else:
            events.append(self._capture(seat, card, take))
        return events + self._advance(seat)

    def _capture(self, seat: int, card: str, take: list[str]) -> Event:
        side = self.side_of(seat)
        taken = set(take)
        self.board = [c for c in self.board if c not in taken]
        self.captured[side] += [card, *take]
        self.last_capture = side
        escoba = not self.board
        if escoba:
            self.escobas[side] += 1
        words = " ".join(pretty(c) for c in take)
        text = f"{{p{seat}}} plays {pretty(card)} and takes {words}" + (": escoba!" if escoba else ".")
        data = {"seat": seat, "side": side, "card": card, "take": list(take), "escoba": escoba}
        return Event("capture", text, data)

    def _advance(self, seat: int) -> list[Event]:
        """The next seat; a new round of three when every hand is empty; the hand's end after the last card."""
        n = self.players
        if any(self.hands):
            self.turn = (seat + 1) % n
            return []
        if self.stock:
            self._deal_round()
            self.turn = (seat + 1) % n
            text = f"{{p{self.dealer}}} deals three more cards each ({len(self.stock)} left in the stock)."
            return [Event("deal", text, {"dealer": self.dealer, "stock": len(self.stock)})]
        return self._end_hand()

    def _end_hand(self) -> list[Event]:
        events: list[Event] = []
        if self.board:
            left = self.board
            if self.last_capture is None:
                self.set_aside += left
                text = "Nobody captured this hand: the board's cards are set aside."
            else:
                self.captured[self.last_capture] += left
                text = f"The last cards on the board go to {self._side_words(self.last_capture)}, who captured last."
            events.append(Event("sweep_up", text, {"side": self.last_capture, "cards": list(left)}))
            self.board = []
        result = score_piles(self.captured, self.escobas)
        for i, p in enumerate(result["points"]):
            self.scores[i] += p
        self.last_hand = result
        events.append(
            Event("hand_end", self._hand_text(result), {"last_hand": _plain(result), "hand_no": self.hand_no})
        )
        winner = self._winner()
        if winner is not None:
            self.turn = None
            text = f"{self._side_words(winner)} win with {self.scores[winner]} points."
            events.append(Event("game_end", text, {"side": winner, "scores": list(self.scores)}))
            return events
        dealer = (self.dealer + 1) % self.players
        order = list(FULL_DECK)
        self.rng.shuffle(order)
        sweep = self._deal_hand(dealer, order)
        text = f"{{p{dealer}}} deals hand {self.hand_no}; {{p{self.turn}}} plays first."
        events.append(Event("deal", text, {"dealer": dealer, "hand_no": self.hand_no}))
        return events + sweep

    def _winner(self) -> int | None:
        top = max(self.scores)
        if top >= self.target and self.scores.count(top) == 1:
            return self.scores.index(top)
        return None

    def _side_words(self, side: int) -> str:
        return " and ".join(f"{{p{s}}}" for s in self.side_seats()[side])

    def _hand_text(self, result: dict[str, Any]) -> str:
        """The hand's score sheet in one line: each side's points and what earned them."""
        parts = [f"{self._side_words(i)} {p}{_earned(result, i)}" for i, p in enumerate(result["points"])]
        totals = ", ".join(str(x) for x in self.scores)
        return f"Hand {self.hand_no} scores: " + "; ".join(parts) + f" (match {totals})."

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "escoba",
            "players": self.players,
            "seat": seat,
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "to_move": list(self.to_move),
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "over": self.turn is None,
            "board": list(self.board),
            "stock": len(self.stock),
            "sides": self.side_seats(),
            "captured": [list(p) for p in self.captured],
            "escobas": list(self.escobas),
            "last_capture": self.last_capture,
            "scores": list(self.scores),
            "target": self.target,
            "last_hand": _plain(self.last_hand),
            "partnerships": self.partnered,
        }

    def hidden_cards(self, seat: int) -> list[str]:
        """A hand is unseen by the others until its cards are played."""
        return list(self.hands[seat])

    def outcome(self) -> Outcome:
        if self.turn is not None:
            raise ValueError("The game is not over yet.")
        side_places = places_from_scores(self.scores)
        places = tuple(side_places[self.side_of(s)] for s in range(self.players))
        scores = tuple(float(self.scores[self.side_of(s)]) for s in range(self.players))
        winner = side_places.index(1)
        reason = f"{self._side_words(winner)} reached {self.scores[winner]} points."
        return Outcome(places, scores, reason, sides=self.sides)

    # -- search support --------------------------------------------------------
    def seen_cards(self, seat: int) -> set[str]:
        """Cards `seat` has seen: its hand, the board, every capture and the set-aside cards."""
        seen = set(self.hands[seat]) | set(self.board) | set(self.set_aside)
        for pile in self.captured:
            seen.update(pile)
        return seen

    def determinize(self, seat: int, rng: random.Random) -> EscobaState:
        """Deal the unseen cards to the other hands (by size) and the stock; later hands
        are reshuffled from a fresh RNG so they cannot be foreseen."""
        world = self._copy(SmallRng(rng.getrandbits(64)))
        seen = self.seen_cards(seat)
        pool = [c for c in FULL_DECK if c not in seen]
        rng.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                k = len(self.hands[s])
                world.hands[s] = sort_hand(pool[:k])
                del pool[:k]
        world.stock = pool
        return world

    # -- heuristic player -----------------------------------------------------
    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        """An escoba first, then the capture with the most at stake, else the safest lay."""
        if self.turn is None or seat != self.turn:
            return None
        best: tuple[float, Action] | None = None
        for card in self.hands[seat]:
            for take in self.captures_for(card):
                worth = capture_worth(card, take, len(take) == len(self.board))
                if best is None or worth > best[0]:
                    best = (worth, capture_action(card, take))
        if best is not None:
            return best[1]
        board = sum(VALUE[c] for c in self.board)
        return LAY[min(self.hands[seat], key=lambda c: lay_risk(c, board))]


def capture_worth(card: str, take: list[str], escoba: bool) -> float:
    """How much a capture is worth to the heuristic: escobas, the 7D, sevens, oros, cards."""
    cards = [card, *take]
    worth = len(cards) + 100.0 * escoba
    for c in cards:
        worth += 20 * (c == SIETE) + 3 * (rank(c) == "7") + 2 * (c[-1] == OROS) + (rank(c) == "6")
    return worth


def lay_risk(card: str, board: int) -> tuple[int, int]:
    """Lower is a safer lay: first a board the next player cannot sweep with one card
    (worth under 5 or over 14 afterwards), then giving away little of value."""
    after = board + VALUE[card]
    sweepable = 5 <= after <= 14
    value = 10 * (card == SIETE) + 3 * (rank(card) == "7") + 2 * (card[-1] == OROS) + (rank(card) == "6")
    return int(sweepable), value


def _plain(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """A fresh JSON-safe copy of `last_hand`."""
    if last is None:
        return None
    return {**last, "points": list(last["points"]), "escobas": list(last["escobas"])}


Escoba.state_class = EscobaState
GAME = Escoba
