"""Snip Snap Snorem's position evaluation for ISMCTS cut-offs (registered with engine.ai).

The only real choice in the game is which rank to lead (a follower's choice of suit
changes nothing). Every card of a rank goes down once the rank is started, so a hand's
distance from going out is less its cards than its ranks, and above all the ranks only it
holds (it alone can start them, and playing them off keeps the lead). Search looks a few
moves ahead and scores the position with a weighted sum of such features per seat, and
`standing` turns the gaps into expected places.

The weights are a pairwise logistic fit (which of two seats finished ahead) over positions
from seeded four-seat games of the heuristic mixed with random moves. At two seats every
hand is known (all cards are dealt) and the fit judges worse than playing on: there the
evaluation plays the hand out with the heuristic, as a search without a cut-off would
(over 60 games against the heuristic, a 12-move cut-off scored 45%, whole playouts 77%).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ai import register_evaluation, rewards, standing
from engine.cards import rank

if TYPE_CHECKING:
    from engine.snip_snap_snorem import SnipSnapSnoremState

RANK = 0.078  # each rank held (fewer cards of more ranks is worse than the card count says)
CARD = -0.189  # each card held
LEAD = 0.342  # the seat due to lead picks the next rank
SOLE = 0.436  # each rank whose unplayed cards are all in this hand
SINGLE = -0.204  # each rank held as a single card: starting it hands the lead on
HOLDS_RANK = 0.178  # the seat to play mid-rank (it holds the rank being played)
ONE_RANK = 0.539  # a hand of one rank: it goes out as soon as that rank is played
CUTOFF = 12  # moves past the root before the evaluation scores


def strength(state: SnipSnapSnoremState, seat: int, unplayed: dict[str, int]) -> float:
    ranks = [rank(c) for c in state.hands[seat]]
    held = {r: ranks.count(r) for r in set(ranks)}
    total = (
        RANK * len(held)
        + CARD * len(ranks)
        + SOLE * sum(1 for r, n in held.items() if n == unplayed[r])
        + SINGLE * sum(1 for n in held.values() if n == 1)
        + (ONE_RANK if len(held) == 1 else 0.0)
    )
    if state.turn == seat:
        total += LEAD if state.rank is None else HOLDS_RANK
    return total


def played_out(state: SnipSnapSnoremState) -> list[float]:
    """Rewards after the heuristic plays the rest (the state is a world search may spend)."""
    while not state.over:
        seat = state.to_move[0]
        action = state.heuristic_action(seat, state.rng)
        assert action is not None
        state.apply(seat, action)
    return rewards(state)


def evaluate(state: SnipSnapSnoremState) -> list[float]:
    if state.over:
        return rewards(state)
    if state.players == 2:
        return played_out(state.copy())
    unplayed: dict[str, int] = {}
    for hand in state.hands:
        for c in hand:
            unplayed[rank(c)] = unplayed.get(rank(c), 0) + 1
    return standing([strength(state, s, unplayed) for s in range(state.players)], 1.0)


register_evaluation("snip_snap_snorem", evaluate, cutoff=CUTOFF)
