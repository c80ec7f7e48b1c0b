"""Jack Change It's position evaluation for ISMCTS cut-offs (registered with engine.ai).

The first seat out of cards wins and the rest are placed by the cards they hold, so a
seat's strength is minus what it still has to shed: its cards, the debt it owes if it
is the one to move, and a little for each trick card (none can be a last card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ai import register_evaluation, rewards, standing
from engine.jack_change_it import is_trick

if TYPE_CHECKING:
    from engine.jack_change_it import JackChangeItState

SPREAD = 1.5  # cards: a lead this large is about 73 to 27 to finish ahead
TRICK_WEIGHT = 0.3  # extra burden of a trick card, which has to go before the last card


def burden(state: JackChangeItState, seat: int) -> float:
    hand = state.hands[seat]
    total = len(hand) + TRICK_WEIGHT * sum(1 for c in hand if is_trick(c, state.players))
    if seat == state.turn:
        total += state.pending
    return total


def evaluate(state: JackChangeItState) -> list[float]:
    if state.over:
        return rewards(state)
    return standing([-burden(state, s) for s in range(state.players)], SPREAD)


register_evaluation("jack_change_it", evaluate)
