"""Hand and Foot: four players in two partnerships, five packs and ten jokers, a hand and a foot each.

Seats 0 and 2 play against 1 and 3. Each player holds an 11-card hand and, face down, an
11-card foot taken up once the hand is gone. A turn: draw two (or take the discard pile's top
seven), meld for the side, discard. Melds are three to seven cards of one rank (A, 4..K) with
at most one wild (2 or joker) up to five cards and two at six or seven, or all wilds; seven
make a pile. A side goes out with two clean piles, two dirty, a wild pile, both partners in
their feet and the partner's "yes". This module holds the state (deal, copy, dump, turn order,
legal actions, views); the checks and parser are in engine/hand_and_foot_checks.py, the effects
of actions in engine/hand_and_foot_play.py, the end of a hand in engine/hand_and_foot_scoring.py,
card logic in engine/hand_and_foot_melds.py, the notation in engine/hand_and_foot_notation.py
and the AI in engine/hand_and_foot_ai.py.

Action notation (Action.text is canonical and lowercase; suits ignored, ranks as tokens
`a 4 .. 10 j q k 2 jk 3`, naturals first, then 2s, then jokers):

    draw                draw two from the stock (red 3s are laid and replaced)
    pickup              take the discard pile's top seven, melding its top card at once
    meld 7 7 2          onto the side's incomplete 7s, else a new meld of 7s
    meld 2 on 7         wilds alone onto the side's incomplete 7s
    meld 2 2 jk         wilds alone: onto the incomplete wild meld, else a new one
    takeback            return the melds staged toward the opening (not a pickup's three)
    discard 7           end the turn (`discard 3`: a black 3)
    ask                 "May I go out?"; the partner answers `yes` or `no` (binding)
    end                 stock out: end the hand (also after drawing the stock's last card, a red 3)

Parsing is forgiving: case, `t` for ten, card codes (`meld 7h 7c 2d`), suit symbols, commas.

Views add: sides, melds (per side, [{"rank", "cards"}] in the order started), staged (the
mover's provisional melds), waiting (int), opened, minimum, red_threes (per side), in_foot,
foot_sizes, discard_top, discard_size, stock, phase, permission, scores (per side), known
(per seat: cards the table saw go into that hand, still held), last_hand.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from engine.cards import JOKER, stack_deck
from engine.core import (
    Action,
    Event,
    Game,
    Option,
    SmallRng,
    State,
    copy_rng,
    dump_rng,
    load_rng,
)
from engine.hand_and_foot_checks import ChecksMixin
from engine.hand_and_foot_melds import (
    CARDS,
    DECK,
    MINIMUMS,
    NATURAL_RANKS,
    PILE,
    RANK_OF,
    TOKEN_OF,
    WILD,
    is_red_three,
    is_wild,
    piles_done,
    sort_hand,
    takes_a_wild,
    value,
)
from engine.hand_and_foot_notation import (
    DISCARDS,
    RANK_MELDS,
    WILD_ADDS,
    WILD_STARTS,
    plain_action,
)
from engine.hand_and_foot_play import PlayMixin
from engine.hand_and_foot_scoring import SIDES, ScoringMixin

HAND = 11


# -- the game -----------------------------------------------------------------


class HandAndFoot(Game):
    name = "hand_and_foot"
    title = "Hand and Foot"
    min_players = 4
    max_players = 4
    deck = DECK
    options = (
        Option("hands", ("4", "2", "1"), "4", "How many hands the match lasts (opening minimums 50, 90, 120, 150)."),
    )
    table_buttons = (("Yes, go out", "yes"), ("No, not yet", "no"))  # the partner's answer, asked in public


class HandAndFootState(ChecksMixin, PlayMixin, ScoringMixin, State):
    game: ClassVar[type[Game]] = HandAndFoot

    options: dict[str, str]
    players: int
    rng: random.Random
    hands: list[list[str]]
    feet: list[list[str]]  # untouched feet (emptied when taken up)
    in_foot: list[bool]
    known: list[list[str]]  # per seat: cards the table saw go into that hand, still held
    stock: list[str]  # stock[0] is drawn next
    bottom: int  # cards at the stock's bottom everyone saw go there (turned-down upcards)
    discard: list[str]  # bottom to top
    melds: list[list[list]]  # per side: [rank, cards]
    staged: list[list]  # the mover's provisional melds before the side opens
    locked: int  # cards of staged[0] from a pickup, which takeback keeps
    waiting: list[str]  # a pickup's other cards, until the side opens
    opened: list[bool]
    red_threes: list[int]
    phase: str  # draw, play, answer, over
    turn: int
    permission: str | None
    must_end: bool  # drew the stock's last card, a red 3: meld, then end
    scores: list[int]
    hand_no: int
    dealer: int
    last_hand: dict[str, Any] | None
    horizon: bool = False  # search worlds end with the current hand
    # Search worlds only: the searcher's seat and the heuristic's move for it at the root, and
    # the first move played in the world (see hand_and_foot_ai.evaluate's prior).
    prior: tuple[int, str] | None = None
    first: tuple[int, str] | None = None
    # parse answers from the menu full_actions just listed (State.listed); every applied move
    # forgets it first.

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(
        cls, players: int, rng: random.Random, options: dict[str, str], deck: list[str] | None
    ) -> HandAndFootState:
        s = cls.__new__(cls)
        s.options = dict(options)
        s.players = players
        s.rng = rng
        s.scores = [0, 0]
        s.hand_no = 0
        s.last_hand = None
        s._deal(players - 1, deck)
        return s

    def _deal(self, dealer: int, deck: list[str] | None = None) -> list[Event]:
        order = stack_deck(CARDS, deck, self.rng)
        first = (dealer + 1) % 4
        # Position p of the first 44 goes to the p-th seat round from the first player; the feet likewise.
        self.hands = [[] for _ in range(4)]
        self.feet = [[] for _ in range(4)]
        for p in range(4 * HAND):
            self.hands[(first + p) % 4].append(order[p])
            self.feet[(first + p) % 4].append(order[4 * HAND + p])
        self.stock = order[8 * HAND :]
        self.in_foot = [False] * 4
        self.known = [[] for _ in range(4)]
        self.melds = [[], []]
        self.staged = []
        self.locked = 0
        self.waiting = []
        self.opened = [False, False]
        self.red_threes = [0, 0]
        self.dealer = dealer
        self.turn = first
        self.phase = "draw"
        self.permission = None
        self.must_end = False
        self.hand_no += 1
        events = self._turn_upcard()
        for i in range(4):
            seat = (first + i) % 4
            self.hands[seat] = self._lay_red_threes(seat, self.hands[seat], events)
            self.hands[seat] = sort_hand(self.hands[seat])
        return events

    def _turn_upcard(self) -> list[Event]:
        """Start the discard pile from the stock; a wild or red 3 upcard goes to the stock's bottom."""
        self.bottom = 0
        self.discard = []
        events: list[Event] = []
        while True:
            card = self.stock.pop(0)
            if not (is_wild(card) or is_red_three(card)):
                self.discard.append(card)
                return events
            self.stock.append(card)
            self.bottom += 1
            events.append(Event("upcard_turned", f"The upcard {card} goes under the stock.", {"card": card}))

    def _lay_red_threes(self, seat: int, cards: list[str], events: list[Event]) -> list[str]:
        """Lay the red 3s among `cards` for the side, replacing each from the stock."""
        out = [c for c in cards if not is_red_three(c)]
        count = len(cards) - len(out)
        while count:
            count -= 1
            self.red_threes[seat % 2] += 1
            events.append(Event("red_three", f"{{p{seat}}} lays a red 3.", {"seat": seat}))
            if self.stock:
                c = self._pop_stock()
                if is_red_three(c):
                    count += 1
                else:
                    out.append(c)
        return out

    def _pop_stock(self) -> str:
        card = self.stock.pop(0)
        self.bottom = min(self.bottom, len(self.stock))
        return card

    @property
    def minimum(self) -> int:
        return MINIMUMS[min(self.hand_no, 4) - 1]

    @property
    def max_hands(self) -> int:
        return int(self.options["hands"])

    def copy(self) -> HandAndFootState:
        return self._copy(copy_rng(self.rng))

    def _copy(self, rng: random.Random) -> HandAndFootState:
        s = HandAndFootState.__new__(HandAndFootState)
        s.options = self.options
        s.players = self.players
        s.rng = rng
        s.hands = [h[:] for h in self.hands]
        s.feet = [f[:] for f in self.feet]
        s.in_foot = self.in_foot[:]
        s.known = [k[:] for k in self.known]
        s.stock = self.stock[:]
        s.bottom = self.bottom
        s.discard = self.discard[:]
        s.melds = [[[m[0], m[1][:]] for m in side] for side in self.melds]
        s.staged = [[m[0], m[1][:]] for m in self.staged]
        s.locked = self.locked
        s.waiting = self.waiting[:]
        s.opened = self.opened[:]
        s.red_threes = self.red_threes[:]
        s.phase = self.phase
        s.turn = self.turn
        s.permission = self.permission
        s.must_end = self.must_end
        s.scores = self.scores[:]
        s.hand_no = self.hand_no
        s.dealer = self.dealer
        s.last_hand = self.last_hand
        s.horizon = self.horizon
        s.prior = self.prior
        s.first = self.first
        return s

    _FIELDS = (
        "players",
        "hands",
        "feet",
        "in_foot",
        "known",
        "stock",
        "bottom",
        "discard",
        "melds",
        "staged",
        "locked",
        "waiting",
        "opened",
        "red_threes",
        "phase",
        "turn",
        "permission",
        "must_end",
        "scores",
        "hand_no",
        "dealer",
        "last_hand",
    )

    def dump(self) -> dict[str, Any]:
        d: dict[str, Any] = {"options": dict(self.options), "rng": dump_rng(self.rng)}
        for name in self._FIELDS:
            d[name] = _deep(getattr(self, name))
        return d

    @classmethod
    def from_dump(cls, data: dict[str, Any]) -> HandAndFootState:
        s = cls.__new__(cls)
        s.options = dict(data["options"])
        s.rng = load_rng(data["rng"])
        for name in cls._FIELDS:
            setattr(s, name, _deep(data[name]))
        return s

    # -- turn structure -------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "answer":
            return ((self.turn + 2) % 4,)
        return (self.turn,)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        return SIDES

    def _active(self, seat: int) -> list[list]:
        """The melds this seat's melding goes to: the side's, or its staged ones before opening."""
        return self.melds[seat % 2] if self.opened[seat % 2] else self.staged

    def _can_go_out(self, seat: int, melds: list[list] | None = None) -> bool:
        side = seat % 2
        return (
            self.permission == "yes"
            and self.in_foot[seat]
            and self.in_foot[(seat + 2) % 4]
            and piles_done(self.melds[side] if melds is None else melds)
        )

    def legal_actions(self, seat: int) -> list[Action]:
        actions = self.full_actions(seat)
        if self.horizon and self.phase == "play" and len(actions) > 3:
            # A search world (see determinize) offers a turn's few sensible moves, so a search
            # spends its time on choices rather than on random melds after the root.
            from engine.hand_and_foot_ai import candidates

            return candidates(self, seat, actions)
        return actions

    def full_actions(self, seat: int) -> list[Action]:
        """Every listed legal action (legal_actions, less the pruning of search worlds)."""
        if seat not in self.to_move:
            return []
        if self.phase == "answer":
            out = [plain_action("yes"), plain_action("no")]
        elif self.phase == "draw":
            out = [plain_action("draw")] if self.stock else [plain_action("end")]
            if self._pickup_problem(seat) is None:
                out.append(plain_action("pickup"))
        else:
            out = self._play_actions(seat)
        self.remember_menu(seat, out)
        return out

    def _play_actions(self, seat: int) -> list[Action]:
        """After drawing: melds, then the discards (or end), takeback and ask."""
        out = self._listed_melds(seat)
        if self.in_foot[seat]:  # only a foot player's meld can break the keep-two-cards rule
            out = [a for a in out if self._meld_problem(seat, a) is None]
        if self.must_end:
            if self._discard_gate() is None:
                out.append(plain_action("end"))
        elif self._discard_gate() is None:
            hand = self.hands[seat]
            if len(hand) > 1 or not self.in_foot[seat] or self._can_go_out(seat):
                out += [DISCARDS[t] for t in dict.fromkeys(map(TOKEN_OF.__getitem__, hand))]
        if (self.staged and len(self.staged[0][1]) > self.locked) or len(self.staged) > 1:
            out.append(plain_action("takeback"))
        if self._ask_problem(seat) is None:
            out.append(plain_action("ask"))
        return out

    def _listed_melds(self, seat: int) -> list[Action]:
        """Per rank with an incomplete meld the one-card additions, else the three-card starts."""
        counts = Counter(map(RANK_OF.__getitem__, self.hands[seat]))
        n2, njk = counts["2"], counts[JOKER]
        out: list[Action] = []
        open_melds = {m[0]: m for m in self._active(seat) if len(m[1]) < PILE}
        for r in NATURAL_RANKS:
            n = counts[r]
            one, add2, addjk, three, pair2, pairjk = RANK_MELDS[r]
            if r in open_melds:
                if n:
                    out.append(one)
                if (n2 or njk) and takes_a_wild(r, open_melds[r][1]):
                    if n2:
                        out.append(add2)
                    if njk:
                        out.append(addjk)
            elif n >= 2:
                if n >= 3:
                    out.append(three)
                if n2:
                    out.append(pair2)
                if njk:
                    out.append(pairjk)
        if WILD in open_melds:
            if n2:
                out.append(WILD_ADDS[0])
            if njk:
                out.append(WILD_ADDS[1])
        else:
            for k2 in range(3, -1, -1):
                if k2 <= n2 and 3 - k2 <= njk:
                    out.append(WILD_STARTS[k2])
        return out

    # -- information ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "hand_and_foot",
            "players": 4,
            "seat": seat,
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "to_move": list(self.to_move),
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "over": self.phase == "over",
            "sides": [list(s) for s in SIDES],
            "melds": [[{"rank": m[0], "cards": list(m[1])} for m in side] for side in self.melds],
            "staged": [{"rank": m[0], "cards": list(m[1])} for m in self.staged],
            "waiting": len(self.waiting),
            "opened": list(self.opened),
            "minimum": self.minimum,
            "red_threes": list(self.red_threes),
            "in_foot": list(self.in_foot),
            "foot_sizes": [len(f) for f in self.feet],
            "discard_top": self.discard[-1] if self.discard else None,
            "discard_size": len(self.discard),
            "stock": len(self.stock),
            "phase": self.phase,
            "permission": self.permission,
            "scores": list(self.scores),
            "hands": self.max_hands,
            "known": [sort_hand(k) for k in self.known],
            "last_hand": _deep(self.last_hand),
        }

    def hidden_cards(self, seat: int) -> list[str]:
        known = Counter(self.known[seat])
        out = []
        for c in self.hands[seat]:
            if known[c]:
                known[c] -= 1
            else:
                out.append(c)
        return out

    def determinize(self, seat: int, rng: random.Random) -> HandAndFootState:
        from engine.hand_and_foot_ai import resample

        world = resample(self, seat, rng, self._copy(SmallRng(rng.getrandbits(64))))
        world.horizon = True
        if seat in self.to_move:
            pick = self.heuristic_action(seat, random.Random(0))
            world.prior = None if pick is None else (seat, pick.text)
        return world

    def heuristic_action(self, seat: int, rng: random.Random) -> Action | None:
        from engine.hand_and_foot_ai import heuristic

        return heuristic(self, seat, rng)

    def evaluate(self) -> list[float]:
        from engine.hand_and_foot_ai import evaluate

        return evaluate(self)


def _deep(x: Any) -> Any:
    if isinstance(x, list):
        return [_deep(v) for v in x]
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    return x


HandAndFoot.state_class = HandAndFootState
GAME = HandAndFoot

__all__ = ["GAME", "HandAndFoot", "HandAndFootState", "value"]
