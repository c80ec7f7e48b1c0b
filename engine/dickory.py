"""Dickory: a two-player climbing game whose rank order turns like a clock.

Cards are the ranks 1..12, four of each. The rightmost card of a face-up queue of six
names the highest rank; the ranks run on round the clock from just after it, so with
7 highest the order is 8 9 10 11 12 1 2 3 4 5 6 7. Players climb with melds of the type
led, may take cards off the right of the queue to turn the clock, or pass (which ends
the round and refills the queue). Emptying your hand wins at once.

Action notation (Action.text is canonical and lowercase):

    play 7 7            play a meld; sets are written as a repeated rank
    play 12 1 2         sequences are written in clock order (12 is followed by 1)
    take 2 play 3 3     take the two rightmost queue cards into hand, then beat
    pass                give up the round; the queue loses its rightmost card and refills
    add 6               Hickory only: add one card to the meld on the table
    take 1 add 6        Hickory only: take, then add

Parsing is forgiving: case, commas, hyphens ("3-3"), the filler words "and"/"then",
"t" for 10, suit letters or signs on cards (ignored: "7h"), trailing punctuation, and
ranks in any order ("play 2 12 1" is read as "play 12 1 2").

Meld types: single, double, triple, quad (one to four cards of one rank) and run
(three ranks in a row on the clock, 12-1-2 included); Hickory adds step (two in a row)
and bobtail (four in a row). Sequences rank by their last card in clock order. House
rules are listed in docs/rules/dickory.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.cards import Deck, deal_round, stack_deck
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
    quoted,
)

# -- constants ----------------------------------------------------------------

RANKS = tuple(range(1, 13))
COPIES = 4
HAND_SIZE = 11
QUEUE_SIZE = 6
FULL_DECK = tuple(str(r) for r in RANKS for _ in range(COPIES))

SET_TYPES = {1: "single", 2: "double", 3: "triple", 4: "quad"}
SEQ_TYPES = {2: "step", 3: "run", 4: "bobtail"}
HICKORY_ONLY = frozenset({"step", "bobtail"})
CLASSIC_TYPES = ("single", "double", "triple", "quad", "run")
HICKORY_TYPES = ("single", "double", "step", "triple", "run", "quad", "bobtail")

_FILLER = frozenset({"and", "then"})
# Dickory ignores suits, but players with a suited pack may type them: "7h", "7♥".
_SUIT_SIGNS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"})
_SYNTAX_HELP = "Write a move like “play 7 7”, “take 2 play 3 3” or “pass”."


def clock(rank: int, steps: int) -> int:
    """The rank `steps` places clockwise from `rank` (12 is followed by 1)."""
    return (rank - 1 + steps) % 12 + 1


def pos(rank: int, highest: int) -> int:
    """0 for the lowest rank up to 11 for the highest, given the highest rank."""
    return (rank - highest - 1) % 12


def rank_order(highest: int) -> list[int]:
    """The twelve ranks from low to high when `highest` is the highest."""
    return [clock(highest, i) for i in range(1, 13)]


@dataclass(frozen=True, slots=True)
class MeldDef:
    """One possible meld: its type, cards in canonical order and what it needs in hand."""

    type: str
    cards: tuple[int, ...]
    need: tuple[tuple[int, int], ...]  # (rank, copies) pairs
    text: str
    key: int  # the card that ranks it: a set's rank, a sequence's last card
    is_set: bool


def _all_melds() -> dict[str, tuple[MeldDef, ...]]:
    melds: dict[str, list[MeldDef]] = {t: [] for t in HICKORY_TYPES}
    for r in RANKS:
        for n, t in SET_TYPES.items():
            melds[t].append(MeldDef(t, (r,) * n, ((r, n),), " ".join([str(r)] * n), r, True))
        for n, t in SEQ_TYPES.items():
            cards = tuple(clock(r, i) for i in range(n))
            text = " ".join(map(str, cards))
            melds[t].append(MeldDef(t, cards, tuple((c, 1) for c in cards), text, cards[-1], False))
    return {t: tuple(ms) for t, ms in melds.items()}


MELDS_BY_TYPE = _all_melds()
MELD_BY_CARDS = {md.cards: md for ms in MELDS_BY_TYPE.values() for md in ms}
# RANKED[type][highest][p] is the meld of that type whose key has position p (0 = lowest):
# each type has exactly one meld per key, so "what beats this" is a slice.
RANKED = {
    t: {h: tuple(sorted(ms, key=lambda md, h=h: pos(md.key, h))) for h in RANKS} for t, ms in MELDS_BY_TYPE.items()
}


def holds(counts: list[int], md: MeldDef) -> bool:
    if md.is_set:
        return counts[md.key] >= len(md.cards)
    for c in md.cards:  # noqa: SIM110 -- a plain loop is faster than all() in search
        if not counts[c]:
            return False
    return True


def classify(ranks: list[int] | tuple[int, ...]) -> MeldDef | None:
    """The meld these ranks form (any order), or None if they form none."""
    if not 1 <= len(ranks) <= 4:
        return None
    if len(set(ranks)) == 1:
        return MELD_BY_CARDS[tuple(ranks)]
    distinct = set(ranks)
    if len(distinct) != len(ranks):
        return None
    for start in distinct:
        cards = tuple(clock(start, i) for i in range(len(ranks)))
        if distinct == set(cards):
            return MELD_BY_CARDS[cards]
    return None


def extensions(md: MeldDef) -> list[tuple[int, MeldDef]]:
    """Hickory: each (card, new meld) made by adding one card to `md`.

    A set grows by another of its rank; a single, step or run grows by the rank just
    before its first card or just after its last card on the clock.
    """
    out: list[tuple[int, MeldDef]] = []
    n = len(md.cards)
    if md.type in ("single", "double", "triple"):
        out.append((md.key, MELD_BY_CARDS[(*md.cards, md.key)]))
    if md.type in ("single", "step", "run"):
        after, before = clock(md.cards[-1], 1), clock(md.cards[0], -1)
        out.append((before, MELD_BY_CARDS[(before, *md.cards)]))
        out.append((after, MELD_BY_CARDS[(*md.cards, after)]))
    assert all(len(new.cards) == n + 1 for _, new in out)
    return out


EXTENSIONS = {md.cards: extensions(md) for md in MELD_BY_CARDS.values()}


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(map(str, cards))


# -- action parsing and formatting -------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """A parsed action: take `take` cards, then play a meld, add a card, or pass."""

    take: int
    verb: str  # "play", "add" or "pass"
    meld: MeldDef | None  # the meld played (play) or None
    card: int  # the card added (add) or 0
    text: str  # canonical notation


_PARSE_CACHE: dict[str, Move | str] = {}
_ACTIONS: dict[str, Action] = {}


def _action(text: str) -> Action:
    """The Action for canonical `text`, with its parts (verb, cards played, cards taken)."""
    hit = _ACTIONS.get(text)
    if hit is None:
        move = parse_move(text)
        cards = move.meld.text.split() if move.meld else ([str(move.card)] if move.card else [])
        parts: dict[str, Any] = {"verb": move.verb, "cards": cards}
        if move.take:
            parts["take"] = move.take
        hit = _ACTIONS[text] = Action(text, parts=parts)
    return hit


def parse_move(text: str) -> Move:
    """The Move for `text` regardless of the position; IllegalAction if unreadable."""
    hit = _PARSE_CACHE.get(text)
    if hit is None:
        try:
            hit = _parse_move(text)
        except IllegalAction as exc:
            hit = str(exc)
        if len(_PARSE_CACHE) > 20000:  # texts a bot could send are few; users' typos are not
            _PARSE_CACHE.clear()
        _PARSE_CACHE[text] = hit
    if isinstance(hit, str):
        raise IllegalAction(hit)
    return hit


def _rank_token(tok: str) -> str:
    """A card token without its suit letter, with "t" read as 10 (DESIGN's 10/T)."""
    if len(tok) >= 2 and tok[-1] in "shdc":
        tok = tok[:-1]
    return "10" if tok == "t" else tok


def _ranks(tokens: list[str]) -> list[int]:
    ranks = []
    for typed in tokens:
        tok = _rank_token(typed)
        if not is_number(tok) or not 1 <= int(tok) <= 12:
            raise IllegalAction(f"Dickory cards are numbered 1 to 12; “{quoted(typed, 12)}” isn't one.")
        ranks.append(int(tok))
    return ranks


def _parse_move(text: str) -> Move:
    plain = text.translate(_SUIT_SIGNS).lower().replace(",", " ").replace("-", " ").strip().rstrip(".!?;:")
    tokens = [t for t in plain.split() if t not in _FILLER]
    take = 0
    if tokens and tokens[0] == "take":
        if len(tokens) < 2 or not is_number(tokens[1]):
            raise IllegalAction("Say how many cards you take, like “take 2 play 3 3”.")
        take = int(tokens[1])
        if take < 1:
            raise IllegalAction("Take at least one card, or just play.")
        tokens = tokens[2:]
        if not tokens:
            raise IllegalAction("After taking you must beat the meld: say it too, like “take 2 play 3 3”.")
    prefix = f"take {take} " if take else ""
    if not tokens:
        raise IllegalAction(_SYNTAX_HELP)
    if tokens == ["pass"]:
        if take:
            raise IllegalAction("You can't take from the queue and then pass; taking means you beat the meld.")
        return Move(0, "pass", None, 0, "pass")
    verb = tokens[0]
    if verb in ("play", "add"):
        tokens = tokens[1:]
    elif is_number(verb):
        verb = "play"
    else:
        raise IllegalAction(_SYNTAX_HELP)
    ranks = _ranks(tokens)
    if verb == "add":
        if len(ranks) != 1:
            raise IllegalAction("Add exactly one card, like “add 6”.")
        return Move(take, "add", None, ranks[0], f"{prefix}add {ranks[0]}")
    md = classify(ranks)
    if md is None:
        what = cards_text(ranks) or "nothing"
        raise IllegalAction(
            f"“{what}” isn't a meld: play one to four cards of one rank, or three ranks in a row "
            "on the clock like 12 1 2."
        )
    return Move(take, "play", md, 0, f"{prefix}play {md.text}")


# -- the game -----------------------------------------------------------------


class Dickory(Game):
    name = "dickory"
    title = "Dickory"
    min_players = 2
    max_players = 2
    deck = Deck(ranks=tuple(str(n) for n in range(1, 13)), suits=(), packs=COPIES, faces="numbers")
    options = (
        Option(
            "variant",
            ("classic", "hickory"),
            "classic",
            "Classic Dickory, or Hickory with steps, bobtails and adding a card to the meld.",
        ),
        Option("match", ("single", "best-of-3"), "single", "One hand, or first to win two hands."),
    )

    @classmethod
    def part_words(cls, key: str, value: Any) -> str | None:
        """The panel's words for how many cards a move takes from the queue first."""
        if key == "take":
            return f"Take {value} from the queue" if value else "Take nothing"
        return None


# -- the state ----------------------------------------------------------------


def _counts(cards: list[int] | tuple[int, ...]) -> list[int]:
    counts = [0] * 13
    for c in cards:
        counts[c] += 1
    return counts


def _expand(counts: list[int]) -> list[int]:
    return [r for r in RANKS for _ in range(counts[r])]


def _sorted(counts: list[int], highest: int) -> list[int]:
    return [r for r in rank_order(highest) for _ in range(counts[r])]


@dataclass(frozen=True, slots=True)
class Meld:
    """The meld on the table: what it is and who put it there (last player or adder)."""

    md: MeldDef
    seat: int


class DickoryState(State):
    game: ClassVar[type[Game]] = Dickory
    players = 2

    # Fields are plain lists of ints so copy() is a handful of slices.
    options: dict[str, str]
    hickory: bool
    best_of_3: bool
    rng: random.Random
    hands: list[list[int]]  # per seat, counts indexed by rank (index 0 unused)
    known: list[list[int]]  # per seat, counts of cards taken from the queue and not yet played
    queue: list[int]  # left to right; the rightmost card is the highest rank
    draw: list[int]  # draw[0] is drawn next
    discards: list[int]
    round_cards: list[int]  # every card played to the table this round
    meld: Meld | None
    round_type: str | None
    leader: int
    turn: int | None
    scores: list[int]
    hand_no: int
    dealer: int
    winner: int | None

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None) -> DickoryState:
        s = cls.__new__(cls)
        s.options = dict(options)
        s.hickory = options["variant"] == "hickory"
        s.best_of_3 = options["match"] == "best-of-3"
        s.rng = rng
        s.scores = [0, 0]
        s.hand_no = 0
        s.winner = None
        s._deal(dealer=1, deck=deck)
        return s

    def _deal(self, dealer: int, deck: list[str] | None = None) -> None:
        """Start a new hand: the non-dealer leads; only the first hand can be stacked."""
        order = [int(c) for c in stack_deck(FULL_DECK, [str(c) for c in deck] if deck else None, self.rng)]
        hands = deal_round(order, 2, HAND_SIZE)
        self.hands = [_counts(h) for h in hands]
        self.known = [[0] * 13, [0] * 13]
        self.queue = order[:QUEUE_SIZE]
        self.draw = order[QUEUE_SIZE:]
        self.discards = []
        self.round_cards = []
        self.meld = None
        self.round_type = None
        self.dealer = dealer
        self.leader = 1 - dealer
        self.turn = self.leader
        self.hand_no += 1

    def copy(self) -> DickoryState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> DickoryState:
        """A copy that uses `rng` as its RNG."""
        s = DickoryState.__new__(DickoryState)
        s.options = self.options
        s.hickory = self.hickory
        s.best_of_3 = self.best_of_3
        s.rng = rng
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.known = [self.known[0][:], self.known[1][:]]
        s.queue = self.queue[:]
        s.draw = self.draw[:]
        s.discards = self.discards[:]
        s.round_cards = self.round_cards[:]
        s.meld = self.meld
        s.round_type = self.round_type
        s.leader = self.leader
        s.turn = self.turn
        s.scores = self.scores[:]
        s.hand_no = self.hand_no
        s.dealer = self.dealer
        s.winner = self.winner
        return s

    def dump(self) -> dict[str, Any]:
        meld = None if self.meld is None else {"cards": list(self.meld.md.cards), "seat": self.meld.seat}
        return {
            "options": dict(self.options),
            "rng": dump_rng(self.rng),
            "hands": [_expand(h) for h in self.hands],
            "known": [_expand(k) for k in self.known],
            "queue": list(self.queue),
            "draw": list(self.draw),
            "discards": list(self.discards),
            "round_cards": list(self.round_cards),
            "meld": meld,
            "round_type": self.round_type,
            "leader": self.leader,
            "turn": self.turn,
            "scores": list(self.scores),
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "winner": self.winner,
        }

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> DickoryState:
        s = cls.__new__(cls)
        s.options = dict(data["options"])
        s.hickory = s.options["variant"] == "hickory"
        s.best_of_3 = s.options["match"] == "best-of-3"
        s.rng = load_rng(data["rng"])
        s.hands = [_counts(h) for h in data["hands"]]
        s.known = [_counts(k) for k in data["known"]]
        s.queue = list(data["queue"])
        s.draw = list(data["draw"])
        s.discards = list(data["discards"])
        s.round_cards = list(data["round_cards"])
        m = data["meld"]
        s.meld = None if m is None else Meld(MELD_BY_CARDS[tuple(m["cards"])], m["seat"])
        s.round_type = data["round_type"]
        s.leader = data["leader"]
        s.turn = data["turn"]
        s.scores = list(data["scores"])
        s.hand_no = data["hand_no"]
        s.dealer = data["dealer"]
        s.winner = data["winner"]
        return s

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    def _after_take(self, seat: int, take: int) -> tuple[list[int], int]:
        """The seat's hand counts and the highest rank once `take` cards are taken."""
        if not take:
            return self.hands[seat], self.queue[-1]
        counts = self.hands[seat][:]
        for c in self.queue[len(self.queue) - take :]:
            counts[c] += 1
        return counts, self.queue[-1 - take]

    def _beats(self, counts: list[int], highest: int) -> list[MeldDef]:
        """Melds in `counts` that beat the meld on the table, cheapest first."""
        assert self.meld is not None
        table = self.meld.md
        return [md for md in RANKED[table.type][highest][pos(table.key, highest) + 1 :] if holds(counts, md)]

    def _adds(self, counts: list[int]) -> list[tuple[int, MeldDef]]:
        """Hickory: cards in `counts` that can be added to the meld on the table."""
        if not self.hickory or self.meld is None:
            return []
        return sorted(((x, new) for x, new in EXTENSIONS[self.meld.md.cards] if counts[x]), key=lambda e: e[0])

    def _leads(self, counts: list[int]) -> list[MeldDef]:
        highest = self.queue[-1]
        out: list[MeldDef] = []
        for t in HICKORY_TYPES if self.hickory else CLASSIC_TYPES:
            out.extend(md for md in RANKED[t][highest] if holds(counts, md))
        return out

    def legal_actions(self, seat: int) -> list[Action]:
        if self.turn is None or seat != self.turn:
            return []
        if self.meld is None:
            return [_action("play " + md.text) for md in self._leads(self.hands[seat])]
        out: list[Action] = []
        for take in range(len(self.queue)):
            counts, highest = self._after_take(seat, take)
            prefix = f"take {take} " if take else ""
            out.extend(_action(f"{prefix}play {md.text}") for md in self._beats(counts, highest))
            out.extend(_action(f"{prefix}add {x}") for x, _ in self._adds(counts))
        out.append(_action("pass"))
        return out

    def parse(self, seat: int, text: str) -> Action:
        """The canonical action for `text`, checked against the rules (not a list lookup)."""
        if self.turn is None:
            raise IllegalAction("The game is over.")
        if seat != self.turn:
            raise IllegalAction("It isn't your turn.")
        move = parse_move(text)
        problem = self._problem(seat, move)
        if problem:
            raise IllegalAction(problem)
        return _action(move.text)

    def _problem(self, seat: int, move: Move) -> str | None:
        """Why `move` is illegal for seat now, or None if it is legal."""
        md = move.meld
        if move.verb == "add" and not self.hickory:
            return "Adding a card to the meld is only allowed in the Hickory variant."
        if md is not None and md.type in HICKORY_ONLY and not self.hickory:
            what = "two" if md.type == "step" else "four"
            return f"{what.capitalize()} ranks in a row aren't a meld in classic Dickory (runs are exactly three)."
        table = self.meld
        if table is None:
            if move.verb == "pass":
                return "You have the lead, so you must play a meld; you can't pass."
            if move.take:
                return "You have the lead: play a meld from your hand without taking from the queue."
            if move.verb == "add":
                return "There is no meld to add to: you have the lead, so play a meld."
            assert md is not None
            return None if holds(self.hands[seat], md) else f"You don't have {md.text} in your hand."
        if move.verb == "pass":
            return None
        if move.take >= len(self.queue):
            if len(self.queue) == 1:
                return "The queue has only one card, and its last card can never be taken."
            return f"You can take at most {len(self.queue) - 1} cards: the queue's last card always stays."
        counts, highest = self._after_take(seat, move.take)
        where = "your hand and the cards you take" if move.take else "your hand"
        if move.verb == "add":
            if not any(x == move.card for x, _ in EXTENSIONS[table.md.cards]):
                return f"{move.card} can't be added to the {table.md.type} {table.md.text}."
            return None if counts[move.card] else f"You don't have a {move.card} in {where}."
        assert md is not None
        if not holds(counts, md):
            return f"You don't have {md.text} in {where}."
        if md.type != table.md.type:
            return f"Beat the {table.md.type} {table.md.text} with a {table.md.type}."
        if pos(md.key, highest) <= pos(table.md.key, highest):
            after = " after taking" if move.take else ""
            return f"{md.text} doesn't beat {table.md.text} while {highest} is the highest rank{after}."
        return None

    # -- applying actions ------------------------------------------------------
    def _apply(self, seat: int, text: str) -> list[Event]:
        move = parse_move(text)
        problem = self._problem(seat, move)
        if problem:
            raise IllegalAction(problem)
        if move.verb == "pass":
            return self._pass(seat)
        events: list[Event] = []
        taken: list[int] = []
        if move.take:
            taken = self.queue[len(self.queue) - move.take :]
            del self.queue[len(self.queue) - move.take :]
            hand, known = self.hands[seat], self.known[seat]
            for c in taken:
                hand[c] += 1
                known[c] += 1
        p = f"{{p{seat}}}"
        if move.verb == "add":
            assert self.meld is not None
            new = next(m for x, m in EXTENSIONS[self.meld.md.cards] if x == move.card)
            self._shed(seat, (move.card,))
            self.meld = Meld(new, seat)
            did = f"adds {move.card}, making the {new.type} {new.text}"
            data = {"seat": seat, "card": move.card, "cards": list(new.cards), "type": new.type}
            kind = "add"
        else:
            md = move.meld
            assert md is not None
            self._shed(seat, md.cards)
            if self.meld is None:
                self.round_type = md.type
                self.leader = seat
            self.meld = Meld(md, seat)
            did = f"plays {md.text}"
            data = {"seat": seat, "cards": list(md.cards), "type": md.type}
            kind = "play"
        if taken:
            n = len(taken)
            events.append(Event("take", f"{p} takes {n} from the queue and {did}.", {**data, "taken": taken}))
        else:
            events.append(Event(kind, f"{p} {did}.", data))
        if not any(self.hands[seat]):
            events.extend(self._hand_won(seat))
        else:
            self.turn = 1 - seat
        return events

    def _shed(self, seat: int, cards: tuple[int, ...]) -> None:
        hand, known = self.hands[seat], self.known[seat]
        for c in cards:
            hand[c] -= 1
            if known[c]:  # the public knows one fewer of this rank is still held
                known[c] -= 1
        self.round_cards.extend(cards)

    def _pass(self, seat: int) -> list[Event]:
        assert self.meld is not None
        p = f"{{p{seat}}}"
        q = self.queue
        if len(q) > 1:
            gone = q.pop()
            self.discards.append(gone)
            text = f"{p} passes; {gone} leaves the queue and {q[-1]} is now the highest rank."
        else:
            gone = None
            text = f"{p} passes; the queue's only card, {q[-1]}, stays."
        events = [Event("pass", text, {"seat": seat, "discarded": gone})]
        need = QUEUE_SIZE - len(q)
        drawn = self.draw[:need]
        if drawn:
            del self.draw[:need]
            # Cards are laid one by one to the left, so the first drawn sits next to the old queue.
            self.queue = drawn[::-1] + q
            events.append(
                Event(
                    "refill",
                    f"{len(drawn)} cards from the draw pile join the queue."
                    if len(drawn) > 1
                    else "1 card from the draw pile joins the queue.",
                    {"added": drawn[::-1], "queue": list(self.queue)},
                )
            )
        self.discards.extend(self.round_cards)
        self.round_cards = []
        lead = self.meld.seat
        self.meld = None
        self.round_type = None
        self.leader = lead
        self.turn = lead
        events.append(Event("round_end", f"{{p{lead}}} played last and leads the next round.", {"leader": lead}))
        return events

    def _hand_won(self, seat: int) -> list[Event]:
        self.scores[seat] += 1
        p = f"{{p{seat}}}"
        score = f"{self.scores[seat]}–{self.scores[1 - seat]}"  # the winner's count first
        done = not self.best_of_3 or self.scores[seat] >= 2
        data = {"winner": seat, "hand_no": self.hand_no, "scores": list(self.scores)}
        if done:
            self.turn = None
            self.winner = seat
            text = f"{p} empties their hand and wins" + (f" hand {self.hand_no} ({score})." if self.best_of_3 else ".")
            end = "the match " + score if self.best_of_3 else "the game"
            return [Event("hand_end", text, data), Event("game_end", f"{p} wins {end}.", {"winner": seat})]
        self._deal(dealer=1 - self.dealer)
        text = (
            f"{p} empties their hand and wins hand {self.hand_no - 1} ({score}); "
            f"{{p{self.dealer}}} deals hand {self.hand_no} and {{p{self.leader}}} leads."
        )
        return [Event("hand_end", text, {**data, "next_dealer": self.dealer, "queue": list(self.queue)})]

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        highest = self.queue[-1]
        meld = self.meld
        v: dict[str, Any] = {
            "game": "dickory",
            "variant": self.options["variant"],
            "match": self.options["match"],
            "players": 2,
            "seat": seat,
            "hand": None if seat is None else _sorted(self.hands[seat], highest),
            "queue": list(self.queue),
            "highest": highest,
            "order": rank_order(highest),
            "meld": None if meld is None else {"cards": list(meld.md.cards), "type": meld.md.type, "seat": meld.seat},
            "round_type": self.round_type,
            "leader": self.leader,
            "to_move": list(self.to_move),
            "hand_sizes": [sum(h) for h in self.hands],
            "known": [_sorted(k, highest) for k in self.known],
            "draw_pile": len(self.draw),
            "discards": len(self.discards),
            "scores": list(self.scores),
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "over": self.turn is None,
            "winner": self.winner,
        }
        return v

    def hidden_cards(self, seat: int) -> list[str]:
        """The seat's cards the opponent cannot know (its hand less the cards it took)."""
        hidden = [h - k for h, k in zip(self.hands[seat], self.known[seat], strict=True)]
        return [str(r) for r in _sorted(hidden, self.queue[-1])]

    def outcome(self) -> Outcome:
        if self.winner is None:
            raise ValueError("The game is not over yet.")
        w = self.winner
        places = tuple(1 if s == w else 2 for s in range(2))
        if self.best_of_3:
            reason = f"{{p{w}}} won the match {self.scores[w]}–{self.scores[1 - w]}."
        else:
            reason = f"{{p{w}}} emptied their hand first."
        return Outcome(places, tuple(float(x) for x in self.scores), reason)

    def determinize(self, seat: int, rng: random.Random) -> DickoryState:
        """Resample the opponent's unknown cards and the draw pile from the unseen cards."""
        world = self._copy(SmallRng(rng.getrandbits(64)))  # later deals must not be foreseen either
        opp = 1 - seat
        unseen = [COPIES] * 13
        unseen[0] = 0
        for cards in (self.queue, self.discards, self.round_cards):
            for c in cards:
                unseen[c] -= 1
        for r in RANKS:
            unseen[r] -= self.hands[seat][r] + self.known[opp][r]
        pool = _expand(unseen)
        rng.shuffle(pool)
        hidden = sum(self.hands[opp]) - sum(self.known[opp])
        hand = self.known[opp][:]
        for c in pool[:hidden]:
            hand[c] += 1
        world.hands[opp] = hand
        world.draw = pool[hidden:]
        assert len(world.draw) == len(self.draw)
        return world

    # -- heuristic player -----------------------------------------------------
    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        """Shed many low cards, beat as cheaply as possible, take only when it pays."""
        if self.turn is None or seat != self.turn:
            return None
        hand = self.hands[seat]
        size = sum(hand)
        if self.meld is None:
            leads = self._leads(hand)
            best = self._pick(hand, [(md.cards, "play " + md.text) for md in leads], self.queue[-1], size, rng)
            return Action(best)
        opp_size = sum(self.hands[1 - seat])
        for take in range(len(self.queue)):
            counts, highest = self._after_take(seat, take)
            options = [(md.cards, "play " + md.text) for md in self._beats(counts, highest)]
            options += [((x,), f"add {x}") for x, _ in self._adds(counts)]
            if not options:
                continue
            best_cards = max(len(c) for c, _ in options)
            # Taking adds cards to your hand and shows them: only when it sheds at least as
            # many, or when the opponent is about to go out.
            if take and best_cards < take and opp_size > 2:
                break
            prefix = f"take {take} " if take else ""
            return Action(prefix + self._pick(counts, options, highest, size + take, rng))
        return Action("pass")

    @staticmethod
    def _pick(
        counts: list[int], options: list[tuple[tuple[int, ...], str]], highest: int, size: int, rng: random.Random
    ) -> str:
        best, best_score = options[0][1], -1e9
        for cards, text in options:
            if len(cards) == size:  # going out wins at once
                return text
            score = 2.0 * len(cards) + rng.random() * 0.3
            for c in set(cards):
                used = cards.count(c)
                score -= 0.2 * pos(c, highest) * used
                if counts[c] > used:  # breaks up a set
                    score -= 1.0 if len(set(cards)) == 1 else 0.6
            if score > best_score:
                best, best_score = text, score
        return best


Dickory.state_class = DickoryState
GAME = Dickory
