"""Escoba's position evaluation for ISMCTS cut-offs (the hand-written player lives in engine/escoba.py).

Search scores a position a few moves past the root by projecting each side's match total:
the points already banked this hand (escobas, the 7 of oros once captured), the chance of
each contested point (most cards, most oros, la setenta) from the lead so far against the
cards still to come, the 7 of oros still in a hand, and the sweep the seat to move can make
on the board it was left. Sides then score their chance of finishing ahead of each other
side, sharper as the leader nears the target; a finished match scores its places.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.ai import register_evaluation
from engine.escoba import FULL_DECK, OROS, PRIMERA, SIETE, SUM, VALUE

if TYPE_CHECKING:
    from engine.escoba import EscobaState

CUTOFF = 6  # moves past the root: two rounds of play at three seats, one and a half at four
SIETE_HELD = 0.6  # the 7 of oros in a hand: usually captured by its holder's side, not always
SWEEP_READY = 0.7  # the mover holds a card that sweeps the board: an escoba, unless it prefers else
PRIOR = 0.3  # lean towards the heuristic's move at the root: it weighs captures by what they are worth
_ORO_TOTAL = sum(1 for c in FULL_DECK if c[-1] == OROS)


def evaluate(state: EscobaState) -> list[float]:
    """Each seat's expected reward (1 first, 0 last); on a finished match, its places."""
    if state.turn is None:
        places = state.outcome().places
        worst = max(places)
        return [0.5] * state.players if worst == 1 else [(worst - p) / (worst - 1) for p in places]
    projected = [float(score) for score in state.scores]
    for side, points in enumerate(hand_points(state)):
        projected[side] += points
    spread = 1.5 + 0.35 * max(0.0, state.target - max(projected))
    side_reward = []
    for i, mine in enumerate(projected):
        others = [p for j, p in enumerate(projected) if j != i]
        side_reward.append(sum(_ahead(mine - p, spread) for p in others) / len(others))
    return [side_reward[state.side_of(s)] for s in range(state.players)]


def hand_points(state: EscobaState) -> list[float]:
    """Each side's expected points from the hand under way."""
    piles = state.captured
    sides = len(piles)
    points = [float(e) + (SIETE in pile) for e, pile in zip(state.escobas, piles, strict=True)]
    unplayed = len(FULL_DECK) - sum(len(p) for p in piles) - len(state.set_aside)
    counts = [len(p) for p in piles]
    oros = [sum(1 for c in p if c[-1] == OROS) for p in piles]
    oros_left = _ORO_TOTAL - sum(oros)
    setenta = [setenta_strength(p) for p in piles]
    contests = (
        (counts, 1.0 + 0.35 * math.sqrt(unplayed)),
        (oros, 0.6 + 0.35 * math.sqrt(oros_left)),
        (setenta, 1.5 + 0.25 * unplayed),
    )
    for values, spread in contests:
        for side, chance in enumerate(_most(values, spread)):
            points[side] += chance
    for seat, hand in enumerate(state.hands):
        if SIETE in hand:
            points[state.side_of(seat)] += SIETE_HELD
    mover = state.turn
    if mover is not None and state.board and sides > 1:
        left = SUM - sum(VALUE[c] for c in state.board)
        if any(VALUE[c] == left for c in state.hands[mover]):
            points[state.side_of(mover)] += SWEEP_READY
    return points


def setenta_strength(pile: list[str]) -> float:
    """How good a pile's setenta is so far: its best card per suit (a missing suit counts
    below every card, since the pile cannot compete without it)."""
    best: dict[str, int] = {}
    for c in pile:
        v = PRIMERA[c[:-1]]
        if v >= best.get(c[-1], -1):
            best[c[-1]] = v
    return sum(best.values()) - 3.0 * (4 - len(best))


def _most(values: list[float], spread: float) -> list[float]:
    """Each side's chance of ending with strictly the most, from the gaps so far."""
    return [
        math.prod(_ahead(mine - other, spread) for j, other in enumerate(values) if j != i)
        for i, mine in enumerate(values)
    ]


def _ahead(gap: float, spread: float) -> float:
    return 1.0 / (1.0 + math.exp(max(-40.0, min(40.0, -gap / spread))))


register_evaluation("escoba", evaluate, cutoff=CUTOFF, prior=PRIOR)
