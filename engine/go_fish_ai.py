"""Go Fish's (and Authors') position evaluation for ISMCTS cut-offs (registered with engine.ai).

Most books wins, so a seat's strength is its books plus a share of a book for the
cards toward one it holds, and the books still to be made set how much a lead is worth:
with many to come a lead of one book means little, near the end it decides the game.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.ai import register_evaluation, rewards, standing
from engine.go_fish_knowledge import RANK_COUNT, rank_count

if TYPE_CHECKING:
    from engine.go_fish import GoFishState

# Of a book, for holding 1, 2 or 3 of its cards (fours) or 1 (pairs). Cards in hand can
# still be taken, so they count for little until the book is laid: search then asks for
# the rank it holds most, as good players do, rather than the one likeliest to hit.
TOWARD = {4: (0.0, 0.05, 0.15, 0.35), 2: (0.0, 0.3)}
SPREAD = 0.3  # books, with none left to make; grows with the square root of those left
# Moves past the root. An ask's worth is mostly at once (a hit, another turn), and every
# further move of the other seats only adds noise: at 2 seats a cut-off of 8 moves asked
# for a rank the opponent was known to hold 3 times in 16, one of 4 moves 15 times.
CUTOFF = 4


def strength(state: GoFishState, seat: int) -> float:
    hand = state.hands[seat]
    toward = TOWARD[state.book_size]
    return len(state.books[seat]) + sum(toward[rank_count(hand, r)] for r in range(RANK_COUNT))


def evaluate(state: GoFishState) -> list[float]:
    if state.over:
        return rewards(state)
    to_make = (52 - state.laid.bit_count()) / state.book_size
    spread = SPREAD * math.sqrt(1.0 + to_make)
    return standing([strength(state, s) for s in range(state.players)], spread)


register_evaluation("go_fish", evaluate, cutoff=CUTOFF)
