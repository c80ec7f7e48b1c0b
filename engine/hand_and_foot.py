"""Hand and Foot: four players in two partnerships, five packs and ten jokers, a hand and a foot each.

Seats 0 and 2 play against 1 and 3. Each player holds an 11-card hand and, face down, an
11-card foot taken up once the hand is gone. A turn: draw two (or take the discard pile's top
seven), meld for the side, discard. Melds are three to seven cards of one rank (A, 4..K) with
at most one wild (2 or joker) up to five cards and two at six or seven, or all wilds; seven
make a pile. A side goes out with two clean piles, two dirty, a wild pile, both partners in
their feet and the partner's "yes". Card logic lives in engine/hand_and_foot_melds.py, the
notation in engine/hand_and_foot_notation.py, the AI in engine/hand_and_foot_ai.py.

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
    IllegalAction,
    Option,
    Outcome,
    SmallRng,
    State,
    copy_rng,
    dump_rng,
    load_rng,
    places_from_scores,
)
from engine.hand_and_foot_melds import (
    ASK_PENALTY,
    CARDS,
    DECK,
    MINIMUMS,
    NATURAL_RANKS,
    OUT_BONUS,
    PILE,
    RED_THREE_BONUS,
    TOKEN_RANK,
    WILD,
    canonical_tokens,
    fits,
    incomplete,
    is_red_three,
    is_wild,
    meld_ok,
    meld_points,
    opening_reach,
    piles_done,
    sort_hand,
    token,
    total,
    value,
)
from engine.hand_and_foot_notation import (
    discard_action,
    meld_action,
    parse_text,
    plain_action,
    rank_name,
    show,
)

HAND = 11
SIDES = ((0, 2), (1, 3))
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


class HandAndFootState(State):
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
        self.bottom = 0
        self.discard = []
        events: list[Event] = []
        while True:  # a wild or red 3 upcard goes to the stock's bottom
            card = self.stock.pop(0)
            if is_wild(card) or is_red_three(card):
                self.stock.append(card)
                self.bottom += 1
                events.append(Event("upcard_turned", f"The upcard {card} goes under the stock.", {"card": card}))
                continue
            self.discard.append(card)
            break
        for i in range(4):
            seat = (first + i) % 4
            self.hands[seat] = self._lay_red_threes(seat, self.hands[seat], events)
            self.hands[seat] = sort_hand(self.hands[seat])
        return events

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
            return [plain_action("yes"), plain_action("no")]
        if self.phase == "draw":
            out = [plain_action("draw")] if self.stock else [plain_action("end")]
            if self._pickup_problem(seat) is None:
                out.append(plain_action("pickup"))
            return out
        out = [a for a in self._listed_melds(seat) if self._meld_problem(seat, a) is None]
        if self.must_end:
            if self._discard_gate() is None:
                out.append(plain_action("end"))
        elif self._discard_gate() is None:
            hand = self.hands[seat]
            if len(hand) > 1 or not self.in_foot[seat] or self._can_go_out(seat):
                out += [discard_action(t) for t in dict.fromkeys(token(c) for c in hand)]
        if (self.staged and len(self.staged[0][1]) > self.locked) or len(self.staged) > 1:
            out.append(plain_action("takeback"))
        if self._ask_problem(seat) is None:
            out.append(plain_action("ask"))
        return out

    def _listed_melds(self, seat: int) -> list[Action]:
        """Per rank with an incomplete meld the one-card additions, else the three-card starts."""
        hand = self.hands[seat]
        melds = self._active(seat)
        nat = Counter(c[:-1] for c in hand if not is_wild(c) and c[:-1] != "3")
        n2 = sum(1 for c in hand if c[:-1] == "2")
        njk = sum(1 for c in hand if c == JOKER)
        out: list[Action] = []
        open_melds = {m[0]: m for m in melds if len(m[1]) < PILE}
        open_ranks = set(open_melds)
        for r in NATURAL_RANKS:
            t = r.lower()
            if r in open_ranks:
                if nat[r]:
                    out.append(meld_action([t], None))
                if (n2 or njk) and fits(r, open_melds[r][1], [JOKER]):
                    if n2:
                        out.append(meld_action(["2"], r))
                    if njk:
                        out.append(meld_action(["jk"], r))
            elif nat[r] >= 2:
                if nat[r] >= 3:
                    out.append(meld_action([t, t, t], None))
                if n2:
                    out.append(meld_action([t, t, "2"], None))
                if njk:
                    out.append(meld_action([t, t, "jk"], None))
        if WILD in open_ranks:
            if n2:
                out.append(meld_action(["2"], None))
            if njk:
                out.append(meld_action(["jk"], None))
        else:
            for k2 in range(3, -1, -1):
                if k2 <= n2 and 3 - k2 <= njk:
                    out.append(meld_action(["2"] * k2 + ["jk"] * (3 - k2), None))
        return out

    # -- checks ---------------------------------------------------------------
    def _pickup_problem(self, seat: int) -> str | None:
        if self.phase != "draw":
            return "You have already drawn this turn."
        if not self.discard:
            return "The discard pile is empty."
        top = self.discard[-1]
        if top[:-1] == "3":
            return "You can't pick up the discard pile while a black 3 is on top."
        pair = self._pickup_pair(seat, top)
        if pair is None:
            what = "jokers" if top == JOKER else "2s" if top[:-1] == "2" else f"natural {top[:-1]}s"
            return f"To pick up you need two {what} in your hand to meld with the {token(top).upper()} on top."
        r = WILD if is_wild(top) else top[:-1]
        side = seat % 2
        target = incomplete(self.melds[side], r) if self.opened[side] else None
        if target is not None and not fits(r, target[1], [top, *pair]):
            return f"The top card and your pair don't fit on your side's {rank_name(r)} meld."
        if not self.opened[side]:
            hand = list(self.hands[seat])
            for c in pair:
                hand.remove(c)
            reach, used = opening_reach(hand, [[r, [top, *pair]]])
            if reach < self.minimum:
                return f"Your side hasn't opened: the pickup must let you meld {self.minimum} points, and it can't."
            if self.in_foot[seat] and len(hand) - used < 2:
                return "You'd have too few cards left to open and still discard."
        elif self.in_foot[seat] and len(self.hands[seat]) - 2 + min(PILE - 1, len(self.discard) - 1) < 2:
            return "You'd have too few cards left to discard."
        return None

    def _pickup_pair(self, seat: int, top: str) -> list[str] | None:
        if is_wild(top):
            same = [c for c in self.hands[seat] if (c == JOKER) == (top == JOKER) and is_wild(c)]
        else:
            same = [c for c in self.hands[seat] if not is_wild(c) and c[:-1] == top[:-1]]
        return same[:2] if len(same) >= 2 else None

    def _discard_gate(self) -> str | None:
        """Why the turn can't end now (staged melds below the minimum), or None."""
        if self.staged:
            return (
                f"Your staged melds make {sum(total(m[1]) for m in self.staged)} of the {self.minimum} points "
                "needed to open: meld more or take them back."
            )
        return None

    def _ask_problem(self, seat: int) -> str | None:
        if self.phase != "play":
            return "Ask after drawing, during your turn."
        if self.permission is not None:
            return f"You already asked this turn; the answer was “{self.permission}”."
        if not (self.in_foot[seat] and self.in_foot[(seat + 2) % 4]):
            return "Going out needs both partners playing from their feet first."
        return None

    def _resolve(self, seat: int, specs: list[tuple[str, str]]) -> list[str]:
        """The hand's cards for the specs (a rank takes the first such card); IllegalAction if missing."""
        left = list(self.hands[seat])
        out = []
        for kind, val in specs:
            if kind == "card":
                pick = val if val in left else None
            else:
                pick = next((c for c in left if (c == val if val == JOKER else c[:-1] == val and c != JOKER)), None)
            if pick is None:
                shown = val if kind == "card" else show(val.lower())
                raise IllegalAction(f"You don't have {'another ' if out else ''}{shown} in your hand.")
            left.remove(pick)
            out.append(pick)
        return out

    def _meld_target(self, seat: int, cards: list[str], on: str | None) -> tuple[str, list | None]:
        """(rank, the incomplete meld it joins or None for a new meld); IllegalAction if it can't."""
        naturals = [c for c in cards if not is_wild(c)]
        if any(c[:-1] == "3" for c in naturals):
            raise IllegalAction("Black 3s never meld; discard them instead.")
        ranks = {c[:-1] for c in naturals}
        if len(ranks) > 1:
            raise IllegalAction("A meld is one rank (with wilds): meld each rank separately.")
        r = ranks.pop() if ranks else (on or WILD)
        if on and on != r:
            raise IllegalAction(f"Those cards aren't {on}s.")
        target = incomplete(self._active(seat), r)
        if target is not None:
            if not fits(r, target[1], cards):
                if len(target[1]) + len(cards) > PILE:
                    raise IllegalAction(f"The {rank_name(r)} meld has room for {PILE - len(target[1])} more card(s).")
                raise IllegalAction(
                    f"Too many wilds for the {rank_name(r)} meld: one up to five cards, two at six or seven."
                )
            return r, target
        if on:
            raise IllegalAction(f"Your side has no incomplete {rank_name(on)} meld to add wilds to.")
        if not meld_ok(r, cards):
            if len(cards) < 3:
                raise IllegalAction(f"A new {rank_name(r)} meld needs three cards or more.")
            if len(cards) > PILE:
                raise IllegalAction("A meld has seven cards at most.")
            raise IllegalAction("Too many wilds: one in a meld of three to five cards, two at six or seven.")
        return r, None

    def _meld_problem(self, seat: int, action: Action) -> str | None:
        """The foot rule for a listed meld: keep two cards unless this lets you go out."""
        k = len(action.parts["cards"])
        if not self.in_foot[seat] or len(self.hands[seat]) - k >= 2:
            return None
        return self._foot_check(seat, action.text)

    def _foot_check(self, seat: int, text: str) -> str | None:
        """A foot player keeps two cards before the discard unless this meld lets them go out."""
        cards, r, target = self._meld_args(seat, text)
        side = seat % 2
        melds = [[m[0], m[1] + cards] if m is target else m for m in self._active(seat)]
        if target is None:
            melds.append([r, cards])
        left = len(self.hands[seat]) - len(cards)
        if not self.opened[side]:
            if sum(total(m[1]) for m in melds) >= self.minimum:
                left += len(self.waiting)
            if left >= 2:
                return None
        elif left >= 2 or self._can_go_out(seat, melds):
            return None
        return "You can't go out yet, so keep at least two cards before discarding."

    def _meld_args(self, seat: int, text: str) -> tuple[list[str], str, list | None]:
        _, specs, on = parse_text(text)
        cards = self._resolve(seat, specs)
        r, target = self._meld_target(seat, cards, on)
        return cards, r, target

    # -- parse ----------------------------------------------------------------
    def parse(self, seat: int, text: str) -> Action:
        if self.phase == "over":
            raise IllegalAction("The game is over.")
        if seat not in self.to_move:
            raise IllegalAction("It isn't your turn.")
        verb, specs, _on = parse_text(text)
        if self.phase == "answer":
            if verb not in ("yes", "no"):
                raise IllegalAction("Your partner asked “May I go out?”: answer “yes” or “no”.")
            return plain_action(verb)
        if verb in ("yes", "no"):
            raise IllegalAction("Nobody has asked you anything.")
        if self.phase == "draw":
            if verb == "draw":
                if not self.stock:
                    raise IllegalAction("The stock is empty: pick up the discard pile or end the hand.")
                return plain_action("draw")
            if verb == "pickup":
                problem = self._pickup_problem(seat)
                if problem:
                    raise IllegalAction(problem)
                return plain_action("pickup")
            if verb == "end":
                if self.stock:
                    raise IllegalAction("The hand ends only when the stock is gone: draw instead.")
                return plain_action("end")
            raise IllegalAction("Start your turn with “draw” or “pickup”.")
        if verb in ("draw", "pickup"):
            raise IllegalAction("You have already drawn this turn.")
        if verb == "takeback":
            if not (len(self.staged) > 1 or (self.staged and len(self.staged[0][1]) > self.locked)):
                raise IllegalAction("You have no staged melds to take back.")
            return plain_action("takeback")
        if verb == "ask":
            problem = self._ask_problem(seat)
            if problem:
                raise IllegalAction(problem)
            return plain_action("ask")
        if verb == "end":
            if not self.must_end:
                raise IllegalAction("End your turn with a discard, like “discard 7”.")
            gate = self._discard_gate()
            if gate:
                raise IllegalAction(gate)
            return plain_action("end")
        if verb == "discard":
            return self._parse_discard(seat, specs)
        cards, r, target = self._meld_args(seat, text)
        action = self._canonical_meld(cards, r, target)
        if self.in_foot[seat] and len(self.hands[seat]) - len(cards) < 2:
            problem = self._foot_check(seat, action.text)
            if problem:
                raise IllegalAction(problem)
        return action

    def _canonical_meld(self, cards: list[str], r: str, target: list | None) -> Action:
        onto = r if (r != WILD and all(is_wild(c) for c in cards)) else None
        return meld_action(canonical_tokens(cards), onto)

    def _parse_discard(self, seat: int, specs: list[tuple[str, str]]) -> Action:
        if self.must_end:
            raise IllegalAction("The stock's last card was a red 3: meld if you like, then “end” (no discard).")
        gate = self._discard_gate()
        if gate:
            raise IllegalAction(gate)
        card = self._resolve(seat, specs)[0]
        if self.in_foot[seat] and len(self.hands[seat]) == 1 and not self._can_go_out(seat):
            if self.permission == "no":
                raise IllegalAction("Your partner said no: you can't go out this turn, so keep a card.")
            raise IllegalAction("You can't go out yet (piles, both feet and a “yes” are needed): keep a card.")
        return discard_action(token(card))

    # -- applying actions ------------------------------------------------------
    def _apply(self, seat: int, text: str) -> list[Event]:
        action = self.parse(seat, text)
        if self.horizon and self.first is None:
            self.first = (seat, action.text)
        verb = action.parts["verb"]
        if verb == "draw":
            return self._draw(seat)
        if verb == "pickup":
            return self._pickup(seat)
        if verb == "meld":
            return self._meld(seat, *self._meld_args(seat, action.text))
        if verb == "discard":
            return self._discard(seat, self._resolve(seat, [("rank", TOKEN_RANK[action.text.split()[1]])])[0])
        if verb == "takeback":
            return self._takeback(seat)
        if verb == "ask":
            self.phase = "answer"
            partner = (seat + 2) % 4
            return [Event("ask", f"{{p{seat}}} asks {{p{partner}}}: may I go out?", {"seat": seat})]
        if verb in ("yes", "no"):
            self.phase = "play"
            self.permission = verb
            return [Event("answer", f"{{p{seat}}} says {verb}.", {"seat": seat, "answer": verb})]
        return self._end_turn_ends_hand(seat)

    def _draw(self, seat: int) -> list[Event]:
        events: list[Event] = []
        need = min(2, len(self.stock))
        got = 0
        last = None
        while need and self.stock:
            last = self._pop_stock()
            if is_red_three(last):
                self.red_threes[seat % 2] += 1
                events.append(Event("red_three", f"{{p{seat}}} draws and lays a red 3.", {"seat": seat}))
                continue
            self.hands[seat].append(last)
            need -= 1
            got += 1
        self.hands[seat] = sort_hand(self.hands[seat])
        if not self.stock and last is not None and is_red_three(last):
            self.must_end = True
            events.append(Event("stock_out", "The stock's last card was a red 3: this is the last turn.", {}))
        self.phase = "play"
        text = f"{{p{seat}}} draws {got} card{'s' if got != 1 else ''}."
        events.insert(0, Event("draw", text, {"seat": seat, "count": got, "stock": len(self.stock)}))
        return events

    def _pickup(self, seat: int) -> list[Event]:
        top = self.discard.pop()
        taken = self.discard[-(PILE - 1) :] if self.discard else []
        del self.discard[len(self.discard) - len(taken) :]
        pair = self._pickup_pair(seat, top)
        assert pair is not None
        for c in pair:
            self.hands[seat].remove(c)
        self._forget(seat, pair)
        side = seat % 2
        r = WILD if is_wild(top) else top[:-1]
        three = [top, *pair]
        data = {"seat": seat, "card": top, "cards": list(taken), "rank": r}
        events = [
            Event("pickup", f"{{p{seat}}} picks up the discard pile ({len(taken) + 1} cards).", data),
        ]
        if self.opened[side]:
            target = incomplete(self.melds[side], r)
            if target is None:
                self.melds[side].append([r, three])
            else:
                target[1].extend(three)
            self._receive(seat, taken)
        else:
            self.staged = [[r, three]]
            self.locked = 3
            self.waiting = list(taken)
        self.phase = "play"
        events += self._after_meld(seat)
        return events

    def _receive(self, seat: int, cards: list[str]) -> None:
        self.hands[seat] = sort_hand(self.hands[seat] + cards)
        self.known[seat].extend(cards)

    def _forget(self, seat: int, cards: list[str]) -> None:
        known = self.known[seat]
        for c in cards:
            if c in known:
                known.remove(c)

    def _meld(self, seat: int, cards: list[str], r: str, target: list | None) -> list[Event]:
        for c in cards:
            self.hands[seat].remove(c)
        self._forget(seat, cards)
        if target is None:
            self._active(seat).append([r, list(cards)])
            size = len(cards)
        else:
            target[1].extend(cards)
            size = len(target[1])
        toks = " ".join(show(t) for t in canonical_tokens(cards))
        pile = " and makes a pile" if size == PILE else ""
        staged = "" if self.opened[seat % 2] else " (staged)"
        text = f"{{p{seat}}} melds {toks} on the {rank_name(r)}{pile}{staged}."
        data = {"seat": seat, "cards": list(cards), "rank": r, "size": size}
        return [Event("meld", text, data), *self._after_meld(seat)]

    def _after_meld(self, seat: int) -> list[Event]:
        """Open the side once staged melds reach the minimum; a hand emptied is replaced or goes out."""
        events: list[Event] = []
        side = seat % 2
        if not self.opened[side] and sum(total(m[1]) for m in self.staged) >= self.minimum:
            self.opened[side] = True
            self.melds[side] = self.staged
            self.staged = []
            self.locked = 0
            text = f"{{p{seat}}}'s side opens."
            events.append(Event("open", text, {"seat": seat, "waiting": list(self.waiting)}))
            if self.waiting:
                self._receive(seat, self.waiting)
                self.waiting = []
        if not self.hands[seat]:
            if self.in_foot[seat]:
                return events + self._hand_over(seat)
            events += self._take_foot(seat)
        return events

    def _take_foot(self, seat: int) -> list[Event]:
        foot = self.feet[seat]
        self.feet[seat] = []
        self.in_foot[seat] = True
        events = [Event("foot", f"{{p{seat}}} picks up the foot.", {"seat": seat})]
        self.hands[seat] = sort_hand(self._lay_red_threes(seat, foot, events))
        return events

    def _takeback(self, seat: int) -> list[Event]:
        back = [c for m in self.staged for c in m[1]][self.locked :]
        self.staged = [[self.staged[0][0], self.staged[0][1][: self.locked]]] if self.locked else []
        self.hands[seat] = sort_hand(self.hands[seat] + back)
        return [Event("takeback", f"{{p{seat}}} takes back the staged melds.", {"seat": seat, "count": len(back)})]

    def _discard(self, seat: int, card: str) -> list[Event]:
        self.hands[seat].remove(card)
        self._forget(seat, [card])
        self.discard.append(card)
        events = [Event("discard", f"{{p{seat}}} discards {show(token(card))}.", {"seat": seat, "card": card})]
        if not self.hands[seat] and self.in_foot[seat]:
            return events + self._hand_over(seat)
        return events + self._penalty(seat) + self._next_turn()

    def _penalty(self, seat: int) -> list[Event]:
        if self.permission != "yes":
            return []
        self.scores[seat % 2] -= ASK_PENALTY
        text = f"{{p{seat}}} was told yes but didn't go out: {ASK_PENALTY} points off."
        return [Event("penalty", text, {"seat": seat, "points": -ASK_PENALTY})]

    def _next_turn(self) -> list[Event]:
        self.turn = (self.turn + 1) % 4
        self.phase = "draw"
        self.permission = None
        self.staged = []
        self.locked = 0
        self.waiting = []
        self.must_end = False
        if not self.hands[self.turn] and not self.in_foot[self.turn]:
            return self._take_foot(self.turn)
        return []

    def _end_turn_ends_hand(self, seat: int) -> list[Event]:
        events = self._penalty(seat) if self.phase == "play" else []
        return events + self._hand_over(None)

    # -- ends of hands and of the match ------------------------------------------
    def _hand_over(self, out: int | None) -> list[Event]:
        sides = []
        for side in (0, 1):
            melded = meld_points(self.melds[side])
            held = sum(total(self.hands[s]) + total(self.feet[s]) for s in SIDES[side])
            bonus = self.red_threes[side] * RED_THREE_BONUS + (OUT_BONUS if out is not None and out % 2 == side else 0)
            points = melded + bonus - held
            self.scores[side] += points
            sides.append({"melds": melded, "bonus": bonus, "held": held, "points": points})
        result = {"hand_no": self.hand_no, "out": out, "sides": sides, "scores": list(self.scores)}
        self.last_hand = result
        pts = f"{sides[0]['points']} to {sides[1]['points']}"
        text = (f"{{p{out}}} goes out" if out is not None else "The hand ends with nobody out") + f": {pts}."
        events = [Event("hand_end", text, result)]
        if self.horizon or self.hand_no >= self.max_hands:
            self.phase = "over"
            a, b = self.scores
            if a == b:
                text = f"The match is tied at {a}."
            else:
                w = 0 if a > b else 1
                text = f"{{p{SIDES[w][0]}}} and {{p{SIDES[w][1]}}} win the match, {max(a, b)} to {min(a, b)}."
            events.append(Event("game_end", text, {"scores": list(self.scores)}))
            return events
        events += self._deal((self.dealer + 1) % 4)
        text = f"Hand {self.hand_no}: {{p{self.dealer}}} deals; the minimum is {self.minimum}."
        events.append(Event("deal", text, {"hand_no": self.hand_no, "dealer": self.dealer}))
        return events

    def outcome(self) -> Outcome:
        if self.phase != "over":
            raise ValueError("The game is not over yet.")
        side_places = places_from_scores(self.scores)
        a, b = self.scores
        if a == b:
            reason = f"The sides tied on {a} points."
        else:
            w = 0 if a > b else 1
            reason = f"{{p{SIDES[w][0]}}} and {{p{SIDES[w][1]}}} won, {max(a, b)} to {min(a, b)}."
        return Outcome(
            tuple(side_places[s % 2] for s in range(4)),
            tuple(float(self.scores[s % 2]) for s in range(4)),
            reason,
            sides=SIDES,
        )

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
