"""Hand and Foot's normal-seat policy: the easy heuristic's habits, retuned where they lose points.

The easy heuristic (engine/hand_and_foot_ai.heuristic) is the yardstick and keeps playing as it
does; this policy is the normal and hard seats' own (`PolicyPlayer`, registered for both).
`Style` names the habits that differ; `EASY_STYLE` plays exactly as the heuristic, so each habit
can be screened alone on the same deals.

Why wilds go to wild melds: a wild pile is worth 1500, about 214 a card, where a wild in a
natural meld turns a clean pile (500, 71 a card) into a dirty one (300). The heuristic puts most
of its wilds into natural melds once it has one wild pile; this policy keeps building wild melds
and adds a wild to a natural meld only in the endgame, when a held card counts against.

Screened on one-hand matches, a side of this policy against a heuristic side, no search (win
share; heuristic seats in its place win 0.490 of seeds 0..399):
- wild melds only, no pair-and-wild starts: 0.703 (400 seeds); keeping the heuristic's
  pair-and-wild starts: 0.529; wild melds kept but dirty starts allowed: 0.618 (wild_piles
  alone off); a wild onto a natural meld of 6 (or 5): 0.560 (0.443);
- endgame (stock under 20 / 40 / 60): 0.725 / 0.720 / 0.698; opening with wilds alone before
  pairs with a wild: +0.007; together (this STYLE): 0.715..0.720 on 600 and 800 seeds.
Tried and not kept (no gain beyond the ~0.01 noise of 600..800 seeds): the endgame also when
the opponents are ready to go out (0.714); melting the hand down once our piles are done, to go
out sooner (0.678..0.692: fewer wild piles); pair-and-wild starts while still in the hand
(0.657); answering "yes" with a slack of +-200 / 500 points (0.718); taking the pile only when
it holds 3 / 5 cards (0.707 / 0.705; never: 0.520); pickup_risk weighed x0.5 / x2 / x4 (0.710 /
0.727 / 0.723); pairs kept harder or softer (0.713 / 0.715); the dearest loose card thrown in
the endgame (0.721); on seeds 0..799 (this STYLE 0.715): no endgame 0.701, endgame under 20
0.722; in the endgame a wild first where it finishes a pile 0.699 (0.649 under 60), a wild only
onto a natural meld already dirty 0.709; no pickup once the stock is under 10 / 20 (0.715 /
0.714); pairs with a wild while in the hand with 3 / 5 cards or fewer, to reach the foot sooner
(0.709 / 0.649). Wild piles decide it: every habit that spends wilds on naturals loses.
When the opponents go out this side loses every time (they go out only ahead), when it goes
out it wins; with neither out (about half the hands) it wins 0.86. The same style in four-hand
matches: 0.760 of seeds 0..99 (heuristic seats 0.460).

The flat search (engine/hand_and_foot_search.FlatPlayer, 12 worlds) on top of this policy, its
playouts with the policy in our side's seats: 0.683 of seeds 0..59 where the policy alone wins
0.750, at twice the time (140 ms a move, p99 863 ms on a loaded machine, 261 moves capped), so
both seats play the policy alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import ai
from engine.core import Action
from engine.hand_and_foot_ai import _choose, _opening_meld
from engine.hand_and_foot_melds import PILE, WILD, incomplete, opening_reach, pile_counts, value

if TYPE_CHECKING:
    from engine.hand_and_foot import HandAndFootState


@dataclass(frozen=True)
class Style:
    """The habits where the normal seat leaves the easy heuristic."""

    wild_piles: bool = True  # wilds go to wild melds, a new one whenever the last is a pile
    dirty_starts: bool = False  # start a natural meld with a pair and a wild
    endgame: int = 40  # stock size under which any meld goes down (held cards count against)
    wild_open: bool = True  # open with wilds alone before pairs with a wild


STYLE = Style()
EASY_STYLE = Style(wild_piles=False, dirty_starts=True, endgame=0, wild_open=False)  # the heuristic


def policy(state: HandAndFootState, seat: int, rng: random.Random, style: Style = STYLE) -> Action | None:
    actions = state.full_actions(seat)
    if not actions:
        return None
    return choose(state, seat, actions, rng, style)


def choose(state: HandAndFootState, seat: int, actions: list[Action], rng: random.Random, style: Style) -> Action:
    """The heuristic's turn (hand_and_foot_ai._choose) with the style's melding."""

    def meld_step(state: HandAndFootState, seat: int, melds: list[Action]) -> Action | None:
        if not state.opened[seat % 2]:
            return _opening(state, seat, melds) if style.wild_open else _opening_meld(state, seat, melds)
        return _meld_choice(state, seat, melds, style)

    return _choose(state, seat, actions, rng, meld_step)


def _opening(state: HandAndFootState, seat: int, melds: list[Action]) -> Action | None:
    """Before the side opens: naturals onto staged melds, clean threes, wilds alone, pairs with a
    wild: the first of these after which the minimum is still within reach (opening_reach), else
    the heuristic's opening step."""
    staged_ranks = {m[0] for m in state.staged if len(m[1]) < PILE}

    def order(a: Action) -> tuple[int, int]:
        cards = a.parts["cards"]
        wilds = sum(1 for c in cards if c in ("2", "JK"))
        if "to" in a.parts:
            return (9, 0)
        if wilds < len(cards) and len(cards) == 1 and cards[0] in staged_ranks:
            return (0, 0)
        if wilds == 0:
            return (1, 0)
        if wilds == len(cards):
            return (2, 0)
        return (3, -value(cards[0].upper() + "S") * 10 - (50 if "JK" in cards else 20))

    for a in sorted(melds, key=order):
        if order(a)[0] == 9:
            break
        after = state.copy()
        after.apply(seat, a.text)
        if after.opened[seat % 2] or opening_reach(after.hands[seat], after.staged)[0] >= state.minimum:
            return a
    # None kept the minimum in reach: follow the heuristic's plan, which never stages and takes back in turn
    return _opening_meld(state, seat, melds)


def _meld_choice(state: HandAndFootState, seat: int, melds: list[Action], style: Style) -> Action | None:
    """An opened side: naturals onto melds and new clean melds; wilds to the wild meld, onto
    naturals and with pairs only in the endgame (or as the easy style does)."""
    side_melds = state.melds[seat % 2]
    late = len(state.stock) < style.endgame
    want_wild = style.wild_piles or pile_counts(side_melds)["wild"] < 1 or incomplete(side_melds, WILD) is not None
    best, best_score = None, 0
    for a in melds:
        cards = a.parts["cards"]
        wilds = sum(1 for c in cards if c in ("2", "JK"))
        if wilds < len(cards):
            target = incomplete(side_melds, cards[0])
            if len(cards) == 1:
                score = 20 + (len(target[1]) if target else 0)
            elif wilds == 0:
                score = 15
            else:
                score = 5 if style.dirty_starts or late else 0
        elif "to" in a.parts:
            target = incomplete(side_melds, a.parts["to"])
            finish = not style.wild_piles and target is not None and len(target[1]) >= 5 and not want_wild
            score = 12 if finish or late else 0
        else:
            score = 14 if want_wild else 0
        if score > best_score:
            best, best_score = a, score
    return best


class PolicyPlayer(ai.PolicyPlayer):
    """The normal and hard seats: the policy, with no search (see the module docstring)."""

    def __init__(self, seed: int | None = None, style: Style = STYLE) -> None:
        super().__init__(policy, style, seed)


def seat_player(kind: str, seed: int | None) -> PolicyPlayer:
    """The normal and hard seats alike (the search on top measured no better)."""
    return PolicyPlayer(seed)
