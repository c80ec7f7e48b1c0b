"""Moleicki turn mechanics: checking a play, then carrying it out.

`PlayRules` is a mixin for `engine.moleicki.MoleickiState`; it holds no state of its
own. Checking (`check_play`, `resolve`) never mutates; the `do_*` methods mutate and
return events. The flow of one turn:

- pending "play": the turn has just begun; beat the top card, tie it, play an aargh
  or a junction, or pick up the pile when nothing you can see beats it.
- pending "tied": you tied; now beat (or match your tie further, or play an aargh).
- pending "eight": you played an 8 in up or down; beat it or pick up.
- pending "again": the pile is blank after your aargh, or four of a kind took away the
  card you still owed a beat: play anything.
- pending "vector" / "give": a joker or 25 waits for its vector call / its gift.
- pending "next": you beat an 8; say who plays next.

A turn ends after a beat (not an 8 in up or down), a junction, or a pick-up; a beat
that makes four of a kind ends it too, leaving the next player a blank pile.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import filterfalse, groupby
from typing import Any

from engine.cards import pretty, rank
from engine.core import Event, IllegalAction
from engine.moleicki_notation import PLAY_ONE, play_text
from engine.moleicki_tableau import (
    bare,
    blind_piles,
    copy_tableau,
    count,
    face_up_tops,
    flippable,
    locate,
    open_row,
    pile_number,
    take_face_up,
)
from engine.moleicki_vectors import (
    AARGH_CARDS,
    AARGH_RANKS,
    BEATEN_BY,
    CARD_SET,
    CARD_STRENGTH,
    CARDS,
    EIGHT_RULE,
    GROUP,
    LOOPS,
    MERGED_PAIRS,
    ORDINARY_RANKS,
    RANK_OF,
    RANKS_ABOVE,
    SEQUENCE,
    SEQUENCE_BIT,
    SORT_KEY,
    STRAIGHT_ENDS,
    VECTOR_TITLES,
    VECTORS,
    beats,
    group,
    is_aargh,
    is_match,
    sort_for,
    straight_order,
    ties,
    verdicts,
)

MIN_HAND = 3  # while the draw pile lasts
NINES = frozenset(c for c in RANK_OF if RANK_OF[c] == "9")
# Faces that are no ordinary card in a vector: the aargh cards, and the 8 in the loops (the junction).
SPECIAL_FACES = {v: AARGH_RANKS | ({"8"} if v in LOOPS else set()) for v in VECTORS}
BURN = 4  # four or more of one rank on top of the pile go to the bad discard


def show(cards: list[str]) -> str:
    try:
        return " ".join(map(SHOWN.__getitem__, cards))
    except KeyError:  # a card outside the pack (hand-made test positions)
        return " ".join(map(pretty, cards))


SHOWN = {c: pretty(c) for c in CARDS}


_PLAY_WORDS = {"tie": "ties with", "extend": "adds", "junction": "plays the junction"}


# A play legal_actions listed: (ctx, then the fields of its Plan in order). The Plan
# itself is made only for the play that is applied (see `Plan.of`).
Listed = tuple[str, list[str], str, list[str] | None, list | None, bool]


@dataclass(slots=True)
class Plan:
    """A checked play: what is played, from where, and what kind of play it is."""

    cards: list[str]  # canonical order, as laid on the pile
    kind: str  # beat, tie, extend, aargh, junction
    hand: list[str] | None  # the hand after the play (None: the hand less the cards, worked out when played)
    tab: list | None  # the tableau after the play (None: untouched)
    straight: bool = False

    @classmethod
    def of(cls, listed: Listed) -> Plan:
        return cls(*listed[1:])

    def listed(self, ctx: str) -> Listed:
        return (ctx, self.cards, self.kind, self.hand, self.tab, self.straight)


class PlayRules:
    """Play checking and effects; mixed into MoleickiState."""

    # -- what the seat may play with -------------------------------------------------
    def live(self) -> list[str]:
        return self.pile[self.base :]

    def top(self) -> str | None:
        return self.pile[-1] if len(self.pile) > self.base else None

    def accessible(self, seat: int) -> list[str]:
        """Cards seat may name in a play now: the hand, else the open face-up tableau cards."""
        if self.hands[seat]:
            return list(self.hands[seat])
        if self.draw:
            return []
        return [c for _, _, c in face_up_tops(self.tabs[seat])]

    def cards_left(self, seat: int) -> int:
        return len(self.hands[seat]) + count(self.tabs[seat])

    def resolve(self, seat: int, cards: list[str]) -> tuple[list[str], list | None]:
        """Hand and tableau after taking `cards`: from the hand first, then (fluidly, once
        the hand is empty and the draw pile gone) from the open face-up tableau cards."""
        hand = list(self.hands[seat])
        rest = []
        for c in cards:
            if c in hand:
                hand.remove(c)
            else:
                rest.append(c)
        if not rest:
            return hand, None
        tableau_cards = [bare(c) for row in self.tabs[seat] for p in row for c in p if not c.startswith("*")]
        missing = [c for c in rest if c not in tableau_cards]
        if missing:
            raise IllegalAction(f"You don't have {pretty(missing[0])}.")
        if hand or self.draw:
            raise IllegalAction(
                f"{pretty(rest[0])} is in your tableau; you can play from it only once your hand is empty "
                "and the draw pile is gone."
            )
        tab = copy_tableau(self.tabs[seat])
        while rest:
            # Taking one open card may open the next row, so sweep until nothing moves.
            still = [c for c in rest if not take_face_up(tab, c)]
            if len(still) == len(rest):
                raise IllegalAction(
                    f"{pretty(rest[0])} can't be played yet: clear the rows in front of it and its "
                    "row's face-up cards first."
                )
            rest = still
        return hand, tab

    # -- checking --------------------------------------------------------------------
    def check_play(self, seat: int, cards: list[str], ctx: str, blind: list | None = None) -> Plan:
        """Validate a play without changing anything. ctx: race, turn or window.

        `blind` is the tableau left after taking a blind card (which is not named by
        the player, so it isn't looked up in the hand or among the open cards).
        """
        hand, tab = (list(self.hands[seat]), blind) if blind is not None else self.resolve(seat, cards)
        v = self.vector
        top = self.top()
        ranks = [RANK_OF[c] for c in cards]  # cards are canonical codes by now
        if ctx == "race" and self.opening != "any" and any(r != self.opening for r in ranks):
            article = "an" if self.opening in ("A", "8") else "a"
            raise IllegalAction(f"The game opens with {article} {self.opening}; play only {self.opening}s.")
        if not AARGH_CARDS.isdisjoint(cards):
            if len(set(ranks)) > 1:
                raise IllegalAction("Aargh cards (2, 10, joker, 25) go only with others of the same rank.")
            if ctx == "window":
                raise IllegalAction("After your turn you may only add cards matching the one you played.")
            return Plan(sort_for(list(cards), v), "aargh", hand, tab)
        if v in LOOPS and "8" in ranks:
            if any(r != "8" for r in ranks):
                raise IllegalAction("A junction (8) can only go with other 8s.")
            if ctx == "window":
                raise IllegalAction("After your turn you may only add cards matching the one you played.")
            if self.pending == "tied" and ctx == "turn":
                raise IllegalAction("You tied, so now beat the card: a junction doesn't beat it.")
            return Plan(sort_for(list(cards), v), "junction", hand, tab)
        match = is_match(cards, v)
        ordered = straight_order(list(cards), v) if len(cards) == 4 and not match else None
        if ordered is None and not match:
            if v in ("into", "out") and len(set(ranks)) > 1:
                raise IllegalAction("In into/out of the page, equivalent cards of different faces can't go together.")
            raise IllegalAction(
                "Those cards don't go together: play cards of one rank"
                + (", or a straight of four in a row." if v in EIGHT_RULE else ".")
            )
        plan = Plan(ordered or sort_for(list(cards), v), "beat", hand, tab, ordered is not None)
        mine = ctx == "window" or (self.top_mine and seat == self.current)
        if top is None:
            if ctx == "window":
                raise IllegalAction("There is no card of yours on the pile to match.")
            return plan
        lowest = plan.cards[0]
        if ordered is None and ties(lowest, top, v):
            if not mine and v in EIGHT_RULE and RANK_OF[top] == "8":
                raise IllegalAction("An 8 in up or down can't be tied; it has to be beaten.")
            plan.kind = "extend" if mine else "tie"
            return plan
        if ctx == "window":
            raise IllegalAction(f"You may only add cards matching your {pretty(top)}.")
        if beats(lowest, top, v):
            return plan
        what = "That straight's lowest card" if ordered else pretty(lowest)
        raise IllegalAction(f"{what} doesn't beat the {pretty(top)} on the pile in the {VECTOR_TITLES[v]} vector.")

    def hand_plays(self, seat: int, ctx: str, moves: dict[str, Any]) -> None:
        """Add to `moves` the plays `legal_actions` offers from a non-empty hand, each
        under its text as a `Listed` play (the plan `check_play` would make): the first
        card and every copy of each face, matched equivalent faces (middle, antimiddle),
        and straights. The shape of each is known here, so only how it meets the top card
        is judged: by a table per vector and top card (`verdicts`) for single faces."""
        v = self.vector
        # Sorted along the vector, each face's cards lie together (strength, then face,
        # then suit), and so do the equivalent faces of middle and antimiddle.
        hand = sorted(self.hands[seat], key=SORT_KEY[v].__getitem__)
        # In a race only the opening rank may be played (a group of several faces never).
        opening = self.opening if ctx == "race" and self.opening != "any" else None
        if opening is not None:
            hand = [c for c in hand if RANK_OF[c] == opening]
        tied = self.pending == "tied" and ctx == "turn"  # a junction doesn't beat a tie
        pile = self.pile
        verdict = verdicts(v, pile[-1] if len(pile) > self.base else None, ctx == "window")
        one, add = PLAY_ONE, moves.setdefault
        for _, run in groupby(hand, RANK_OF.__getitem__):
            cards = list(run)
            kind = verdict[cards[0]]
            if kind is None:
                continue
            if kind != "beat":
                if kind == "tie":  # a tie, or an extension of one's own play
                    kind = self._top_terms(seat, ctx)[3]
                    if kind is None:
                        continue
                elif tied and kind == "junction":
                    continue
            add(one[cards[0]], (ctx, cards[:1], kind, None, None, False))
            if len(cards) > 1:
                add(play_text(cards), (ctx, cards, kind, None, None, False))
        if opening is not None:
            return
        if v in MERGED_PAIRS:  # elsewhere a matching key is a single face
            self._equivalent_plays(seat, ctx, hand, verdict, moves)
        elif v in EIGHT_RULE and len(hand) >= 4:  # a straight needs four cards of four faces
            # The first (lowest-sorting) card of each face: later cards are overwritten by earlier ones.
            firsts = dict(zip(map(RANK_OF.__getitem__, reversed(hand)), reversed(hand), strict=True))
            ends = STRAIGHT_ENDS[sum(map(SEQUENCE_BIT[v].__getitem__, firsts))]
            if ends:
                self._straight_plays(seat, ctx, firsts, ends, moves)

    def _equivalent_plays(
        self, seat: int, ctx: str, hand: list[str], verdict: dict[str, str | None], moves: dict[str, Any]
    ) -> None:
        """hand_plays' matches of equivalent faces (middle, antimiddle) from the sorted hand,
        judged as a single face is, by their lowest card."""
        ordinary = filterfalse(AARGH_CARDS.__contains__, hand)
        for _, run in groupby(ordinary, GROUP[self.vector].__getitem__):
            cards = list(run)
            if RANK_OF[cards[0]] != RANK_OF[cards[-1]]:  # sorted: faces differ at the ends
                kind = verdict[cards[0]]
                if kind == "tie":
                    kind = self._top_terms(seat, ctx)[3]
                if kind is not None:
                    moves.setdefault(play_text(cards), (ctx, cards, kind, None, None, False))

    def _straight_plays(
        self, seat: int, ctx: str, firsts: dict[str, str], ends: tuple[int, ...], moves: dict[str, Any]
    ) -> None:
        """hand_plays' straights (up, down): as straights_in, the lowest-sorting card of each
        face (`firsts`), for every four faces in a row (ending at `ends` in the sequence)."""
        judge = self._judge_top(seat, ctx)
        seq = SEQUENCE[self.vector]
        for i in ends:
            cards = [firsts[face] for face in seq[i - 3 : i + 1]]
            kind = judge(cards[0], True)
            if kind is not None:
                moves.setdefault(play_text(cards), (ctx, cards, kind, None, None, True))

    def _top_terms(self, seat: int, ctx: str) -> tuple[str | None, str | None, int | None, str | None]:
        """The top card, its matching key and strength, and what a play of that key is
        (tie, or extend when the top is the seat's own; None: an 8 in up or down can't
        be tied by anyone but its own player)."""
        pile = self.pile
        if len(pile) <= self.base:  # as top(): a blank pile
            return None, None, None, None
        top, v = pile[-1], self.vector
        mine = ctx == "window" or (self.top_mine and seat == self.current)
        tie_kind = "extend" if mine else (None if v in EIGHT_RULE and RANK_OF[top] == "8" else "tie")
        return top, GROUP[v][top], CARD_STRENGTH[v][top], tie_kind

    def _judge_top(self, seat: int, ctx: str) -> Callable[[str, bool], str | None]:
        """How an ordinary match or straight meets the top card, by its lowest card: the
        kind (beat, tie, extend), or None where check_play refuses it (its last part)."""
        top, top_key, top_strength, tie_kind = self._top_terms(seat, ctx)
        window = ctx == "window"
        if top is None:
            kind = None if window else "beat"
            return lambda lowest, straight: kind
        v = self.vector
        groups, strengths = GROUP[v], CARD_STRENGTH[v]

        def judge(lowest: str, straight: bool) -> str | None:
            if not straight and groups[lowest] == top_key:
                return tie_kind
            if window:
                return None
            s = strengths[lowest]
            return "beat" if s is not None and top_strength is not None and s > top_strength else None

        return judge

    def can_beat(self, seat: int) -> bool:
        """Whether a card seat can see (hand, or open face-up tableau cards) beats the top."""
        top = self.top()
        if top is None:
            return True
        cards = self.hands[seat] or self.accessible(seat)
        beaten_by = BEATEN_BY[self.vector].get(top)
        if beaten_by is not None and CARD_SET.issuperset(cards):
            return not beaten_by.isdisjoint(cards)
        return any(not is_aargh(c) and beats(c, top, self.vector) for c in cards)

    def may_pick_up(self, seat: int) -> bool:
        return (
            self.pending in ("play", "tied", "eight")
            and not self.can_beat(seat)  # a blank pile can be "beaten" by anything
            and not self.must_play_tableau_unseen(seat)
        )

    def must_play_tableau_unseen(self, seat: int) -> bool:
        """Playing from the tableau with no face-up card open, the seat has a face-down
        card to turn up or play blind: the text makes them play it rather than pick up."""
        if self.hands[seat] or self.draw or face_up_tops(self.tabs[seat]):
            return False
        return bool(blind_piles(self.tabs[seat]) or self.open_flips(seat))

    def open_flips(self, seat: int) -> list[int]:
        """Face-down tops that can be turned up in the open row (the row in play)."""
        tab = self.tabs[seat]
        r = open_row(tab)
        if r is None:
            return []
        first = pile_number(tab, r, 0)
        return [n for n in flippable(tab) if first <= n < first + len(tab[r])]

    # -- effects ---------------------------------------------------------------------
    def do_play(self, seat: int, plan: Plan) -> list[Event]:
        """Lay a checked play on the pile and follow every rule it sets off."""
        ev: list[Event] = []
        played, kind = plan.cards, plan.kind
        if plan.hand is None:
            hand = list(self.hands[seat])
            for c in played:
                hand.remove(c)
            self.hands[seat] = hand
        else:
            self.hands[seat] = plan.hand
        if plan.tab is not None:
            self.tabs[seat] = plan.tab
            self.tableau_changed()
        if self.known[seat]:
            self._forget_known(seat, played)
        self.pile.extend(played)
        self.last_play = {"seat": seat, "cards": list(played), "kind": kind}
        words = _PLAY_WORDS.get(kind, "plays")
        ev.append(
            Event(
                "play",
                f"{{p{seat}}} {words} {show(played)}.",
                {"seat": seat, "cards": list(played), "kind": kind, "straight": plan.straight},
            )
        )
        turn_over = False
        if kind == "aargh":
            self._aargh(seat, played, ev)
        elif kind == "junction":
            self.vector = "south" if self.vector == "north" else "north"
            self.base = len(self.pile)
            self.top_mine = False
            ev.append(Event("vector", f"The junction switches play to the {VECTOR_TITLES[self.vector]}.", {}))
            turn_over = True
        else:
            if self.pending == "eight" and kind == "beat":
                self.eights_beaten += 1
                if self.direction is not None:
                    self.direction = -self.direction
                ev.append(Event("eight", f"{{p{seat}}} beats the 8; the direction of play reverses.", {}))
            self.top_mine = True
            if kind == "tie":
                self.pending = "tied"
            elif kind == "beat":
                eight = self.vector in EIGHT_RULE and RANK_OF[played[-1]] == "8"
                self.pending = "eight" if eight else "play"
                turn_over = not eight
            elif self.pending not in ("tied", "eight"):  # matching your own beat
                turn_over = True
        burned = self._burn(ev)
        if burned and kind not in ("junction", "aargh") and not turn_over:
            # A tie or an 8 still owed a beat, but the card to beat has gone: go on
            # onto the blank pile. A completed beat simply passes the turn.
            self.pending = "again"
        if not NINES.isdisjoint(played):
            self._owe_neins(seat, played, ev)
        if self.debts:
            self._deadline(seat, ev)
        return self._after_play(seat, turn_over, ev)

    def _after_play(self, seat: int, turn_over: bool, ev: list[Event]) -> list[Event]:
        """Draw, then check for a win, a forced pick-up or the end of the turn."""
        drew = self._draw(seat, ev) if self.draw and len(self.hands[seat]) < MIN_HAND else 0
        if not self.hands[seat] and self.cards_left(seat) == 0:
            if self.pending in ("tied", "eight") and not turn_over:
                ev.append(Event("stuck", f"{{p{seat}}} has no card left to complete the turn.", {}))
                return ev + self.do_pickup(seat, forced=True)
            self._win(seat, "played their last card", ev)
            return ev
        if turn_over:
            ev += self.end_turn(seat, drew)
        return ev

    def _aargh(self, seat: int, cards: list[str], ev: list[Event]) -> None:
        """Matched aargh cards act once, as matched 8s make one junction (the 25s all count
        as played, though)."""
        r = rank(cards[0])
        self.top_mine = False
        self.pending = "again"
        if r == "2":
            self.base = len(self.pile)
            ev.append(Event("reset", "The pile is reset: any card may follow.", {}))
        elif r == "JK":
            self.base = len(self.pile)
            self.pending = "vector"
            ev.append(Event("reset", f"The joker resets the pile; {{p{seat}}} may change the vector.", {}))
        elif r == "10":
            tens = self.pile[-len(cards) :]
            cleared, self.pile, self.base = self.pile[: -len(cards)], [], 0
            if self.quarters_out >= self.quarters:
                self.bad += [*cleared, *tens]
            elif cleared:
                self.good.append(cleared)
                self.good_marker.append(None)
                self.bad += tens
            else:
                self.good.append([])
                self.good_marker.append(tens[0])
                self.bad += tens[1:]
            word = "The 10 clears" if len(tens) == 1 else f"{len(tens)} 10s clear"
            ev.append(Event("clear", f"{word} the pile ({len(cleared)} cards).", {"cards": len(cleared)}))
        else:  # the 25 card
            self.bad += self.pile
            n = len(self.pile)
            self.pile, self.base = [], 0
            self.quarters_out += len(cards)
            self.pending = "vector"
            self.after_quarter = True
            word = "The 25 sends" if len(cards) == 1 else f"{len(cards)} 25s send"
            ev.append(Event("quarter", f"{word} the pile ({n} cards) to the bad discard.", {"cards": n}))

    def _burn(self, ev: list[Event]) -> bool:
        """Four or more of one rank on top of the pile send it all to the bad discard."""
        pile = self.pile
        if len(pile) < BURN:
            return False
        v, last = self.vector, pile[-BURN:]  # only a run of BURN or more counts
        if CARD_SET.issuperset(last):
            if len(set(map(GROUP[v].__getitem__, last))) > 1:
                return False
        elif any(group(c, v) != group(pile[-1], v) for c in last):
            return False
        n = len(self.pile)
        self.bad += self.pile
        self.pile, self.base = [], 0
        self.top_mine = False
        ev.append(Event("burn", f"Four of a kind! The pile ({n} cards) goes to the bad discard.", {"cards": n}))
        return True

    def _draw(self, seat: int, ev: list[Event]) -> int:
        hand = self.hands[seat]
        if len(hand) >= MIN_HAND or not self.draw:
            return 0
        drawn = []
        while len(hand) + len(drawn) < MIN_HAND and self.draw:
            drawn.append(self.draw.pop(0))
        if drawn:
            hand += drawn
            self.lacks[seat] = []
            ev.append(
                Event(
                    "draw",
                    f"{{p{seat}}} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''}.",
                    {"seat": seat, "count": len(drawn), "private": {str(seat): drawn}},
                )
            )
        return len(drawn)

    def _forget_known(self, seat: int, cards: list[str]) -> None:
        known = self.known[seat]
        for c in cards:
            if c in known:
                known.remove(c)

    # -- the nine rule ---------------------------------------------------------------
    def _owe_neins(self, seat: int, played: list[str], ev: list[Event]) -> None:
        if NINES.isdisjoint(played):
            return
        nines = [RANK_OF[c] for c in played].count("9")
        everyone = nines >= 4
        self.debts.append([seat, seat, nines, int(everyone)])
        if everyone:
            self.debts += [[seat, s, 1, 1] for s in range(self.players) if s != seat]
            ev.append(Event("nein", f"{nines} nines! Everyone must say “Nein” before the next card.", {}))
        else:
            ev.append(
                Event("nein", f"{{p{seat}}} must say “Nein” {nines} time{'s' if nines > 1 else ''}.", {"seat": seat})
            )

    def _deadline(self, seat: int, ev: list[Event]) -> None:
        """A card played by `seat` ends the time to say Nein for everyone else's nines."""
        if not self.debts:
            return
        due = [d for d in self.debts if d[0] != seat]
        if not due:
            return
        self.debts = [d for d in self.debts if d[0] == seat]
        if any(d[3] for d in due):
            self.punched = sorted({d[1] for d in due if d[3] and d[2] > 0})
            for s in self.punched:
                ev.append(Event("punch", f"{{p{s}}} didn't say “Nein” and is punched in the face.", {"seat": s}))
        for by, debtor, owed, _ in due:
            if by == debtor and owed > 0:
                ev.append(Event("penalty", f"{{p{debtor}}} forgot to say “Nein”.", {"seat": debtor}))
                self._take_pile(debtor, ev)
                if self.pending in ("tied", "eight"):
                    self.pending = "again"  # the card to beat has gone

    def do_nein(self, seat: int) -> list[Event]:
        for d in self.debts:
            if d[1] == seat and d[2] > 0:
                d[2] -= 1
                break
        return [Event("nein", f"{{p{seat}}}: “Nein!”", {"seat": seat})]

    def owed(self, seat: int) -> int:
        debts = self.debts
        return sum(d[2] for d in debts if d[1] == seat) if debts else 0

    # -- picking up, turning cards, playing blind ----------------------------------------
    def _take_pile(self, seat: int, ev: list[Event]) -> None:
        cards = self.pile
        self.hands[seat] += cards
        self.known[seat] += cards
        self.pile, self.base = [], 0
        self.top_mine = False
        ev.append(
            Event("pickup", f"{{p{seat}}} picks up the pile ({len(cards)} cards).", {"seat": seat, "cards": cards})
        )

    def do_pickup(self, seat: int, forced: bool = False) -> list[Event]:
        ev: list[Event] = []
        if not forced and self.hands[seat]:
            top = self.top()
            # Public deduction: nothing in the unseen part of this hand beat the top.
            higher = RANKS_ABOVE[self.vector].get(top) if top is not None else frozenset()
            if higher is None:
                higher = {r for r in ORDINARY_RANKS if beats(r + "S", top, self.vector)}
            self.lacks[seat] = sorted(set(self.lacks[seat]) | higher)
        self._take_pile(seat, ev)
        self.eights_beaten = 0
        ev += self.end_turn(seat, 0, picked_up=True)
        return ev

    def do_flip(self, seat: int, number: int) -> list[Event]:
        r, p = locate(self.tabs[seat], number)  # checked by the caller
        pile = self.tabs[seat][r][p]
        pile[-1] = bare(pile[-1])
        self.tableau_changed()
        return [
            Event(
                "flip", f"{{p{seat}}} turns up {pretty(pile[-1])} on pile {number}.", {"seat": seat, "card": pile[-1]}
            )
        ]

    def check_flip(self, seat: int, number: int) -> None:
        if number not in flippable(self.tabs[seat]):
            if locate(self.tabs[seat], number) is None:
                raise IllegalAction(f"You have no tableau pile {number}.")
            raise IllegalAction(
                f"Pile {number} has no face-down top card resting on another card; a lone face-down card is "
                "played blind."
            )

    def check_blind(self, seat: int, number: int) -> None:
        if self.hands[seat] or self.draw:
            raise IllegalAction("You can play blind only once your hand is empty and the draw pile is gone.")
        if number not in blind_piles(self.tabs[seat]):
            if locate(self.tabs[seat], number) is None:
                raise IllegalAction(f"You have no tableau pile {number}.")
            raise IllegalAction(
                f"Pile {number} can't be played blind now: play the open row's face-up cards first, and only a "
                "lone face-down card is played blind."
            )

    def do_blind(self, seat: int, number: int) -> list[Event]:
        tab = copy_tableau(self.tabs[seat])
        r, p = locate(tab, number)
        card = bare(tab[r][p].pop())
        ev = [
            Event("blind", f"{{p{seat}}} turns up pile {number} blind: {pretty(card)}.", {"seat": seat, "card": card})
        ]
        try:
            plan = self.check_play(seat, [card], "turn", blind=tab)
        except IllegalAction:
            plan = None
        # Only a card that beats (or an aargh, or a junction, always playable) counts;
        # one that merely ties or matches the top card doesn't beat it.
        if plan is not None and plan.kind not in ("tie", "extend"):
            return ev + self.do_play(seat, plan)
        # Not a legal play: it joins the pile and the player takes the lot.
        self.tabs[seat] = tab
        self.tableau_changed()
        self.pile.append(card)
        self.last_play = {"seat": seat, "cards": [card], "kind": "blind-miss"}
        ev.append(Event("miss", f"{pretty(card)} doesn't beat the pile.", {"seat": seat, "card": card}))
        ev += self.do_pickup(seat, forced=True)
        self._deadline(seat, ev)  # a card was played, so the time for Nein is up
        return ev

    # -- jokers and 25s --------------------------------------------------------------
    def do_vector(self, seat: int, vector: str) -> list[Event]:
        changed = vector != self.vector
        self.vector = vector
        ev = [
            Event(
                "vector",
                f"{{p{seat}}} {'changes' if changed else 'keeps'} the vector: {VECTOR_TITLES[vector]}.",
                {"vector": vector},
            )
        ]
        if self.after_quarter and self.good:
            self.pending = "give"
        else:
            self.after_quarter = False
            self._merge_good(ev)
            self.pending = "again"
        return ev

    def do_give(self, seat: int, number: int, target: int) -> list[Event]:
        cards = self.good.pop(number - 1)
        marker = self.good_marker.pop(number - 1)
        ev: list[Event] = []
        if marker is not None:
            self.bad.append(marker)
            ev.append(Event("give", f"{{p{seat}}} gives the empty pile to {{p{target}}}: nothing changes hands.", {}))
        else:
            self.hands[target] += cards
            self.known[target] += cards
            ev.append(
                Event(
                    "give",
                    f"{{p{seat}}} gives good discard pile {number} ({len(cards)} cards) to {{p{target}}}.",
                    {"seat": seat, "to": target, "cards": cards},
                )
            )
        self.after_quarter = False
        self._merge_good(ev)
        self.pending = "again"
        return ev

    def _merge_good(self, ev: list[Event]) -> None:
        """Once every 25 has been played the good discards join the bad one for good."""
        if self.quarters_out < self.quarters or not self.good:
            return
        for cards, marker in zip(self.good, self.good_marker, strict=True):
            self.bad += cards + ([marker] if marker else [])
        self.good, self.good_marker = [], []
        ev.append(Event("merge", "Every 25 has been played: the good discard piles join the bad discard.", {}))

    # -- ends of turns and of the game ---------------------------------------------------
    def start_turn(self, seat: int) -> None:
        self._version += 1  # what was worked out for the position before no longer holds
        self.current = seat
        self.pending = "play"
        self.top_mine = False
        self.eights_beaten = 0
        self.window = None
        self.turns += 1

    def end_turn(self, seat: int, drew: int, picked_up: bool = False) -> list[Event]:
        """Pass the turn on: follow-up race, the eight's chooser, or the next seat."""
        if self.opening_turn:
            self.opening_turn = False
            self.phase = "follow"
            n = self.players
            self.follow = sorted({(seat + 1) % n, (seat - 1) % n})
            self.current = None
            self.pending = "play"
            self.top_mine = False
            return [Event("follow", "Either neighbour of the opener may follow up.", {"seats": list(self.follow)})]
        if self.eights_beaten and not picked_up:
            others = [s for s in range(self.players) if s != seat]
            if len(others) > 1:
                self.pending = "next"
                return []
            self.start_turn(others[0])
            return []
        top_mine = self.top_mine
        self.start_turn((seat + (self.direction or 1)) % self.players)
        if drew and top_mine and not picked_up and self.hands[seat] and self.top() is not None:
            self.window = seat
        return []

    def _win(self, seat: int, how: str, ev: list[Event]) -> None:
        self.winner = seat
        self.reason = f"{{p{seat}}} {how} and wins."
        self.phase = "over"
        self.window = None
        ev.append(Event("win", self.reason, {"seat": seat}))
