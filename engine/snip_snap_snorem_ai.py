"""Snip Snap Snorem's position evaluation for ISMCTS cut-offs (registered with engine.ai).

The first seat out of cards wins and the rest are placed by the cards they hold, so a
seat's strength is minus its cards, less a little for holding the lead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ai import register_evaluation, rewards, standing

if TYPE_CHECKING:
    from engine.snip_snap_snorem import SnipSnapSnoremState

SPREAD = 2.0  # cards: a lead this large is about 73 to 27 to finish ahead
LEAD = 0.5  # the seat about to lead chooses the next rank, worth about half a card


def evaluate(state: SnipSnapSnoremState) -> list[float]:
    if state.over:
        return rewards(state)
    leader = state.turn if state.rank is None else None
    strength = [-len(h) + (LEAD if s == leader else 0.0) for s, h in enumerate(state.hands)]
    return standing(strength, SPREAD)


register_evaluation("snip_snap_snorem", evaluate)
