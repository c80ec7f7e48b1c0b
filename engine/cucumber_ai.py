"""Cucumber's position evaluation for ISMCTS cut-offs (registered with engine.ai).

A match runs hand after hand until one seat is left, too long for whole playouts at
four or more seats, but only the seventh trick of a hand scores, so search plays each
iteration to the end of the hand at least (CUTOFF moves covers a hand at seven seats)
and scores the match there. Places go by how long a seat lasts, so a seat still in is
judged by how near it is to going out: its points, plus a whole limit for a cucumber
already taken; a seat that is out keeps the place it went out in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ai import register_evaluation, rewards, standing
from engine.cucumber import LIMIT

if TYPE_CHECKING:
    from engine.cucumber import CucumberState

CUTOFF = 50  # moves: the seven tricks of a hand at seven seats, and the first lead of the next
SPREAD = 6.0  # points toward going out: a gap this large is about 73 to 27 to last longer
OUT = 1000.0  # a seat that is out is behind every seat still in, and behind those out later


def strength(state: CucumberState, seat: int) -> float:
    if state.eliminated[seat]:
        return -OUT * (state.players - state.out_order.index(seat))
    return -(state.scores[seat] + (LIMIT + 1) * state.cucumbers[seat])


def evaluate(state: CucumberState) -> list[float]:
    if state.over:
        return rewards(state)
    return standing([strength(state, s) for s in range(state.players)], SPREAD)


register_evaluation("cucumber", evaluate, cutoff=CUTOFF)
