"""Go Fish's (and Authors') position evaluation for ISMCTS cut-offs (registered with engine.ai).

The normal and hard seats are no longer ISMCTS but the flat search of go_fish_search.py
(registered below), which beat this one against the heuristic; the evaluation stays for
ISMCTS players of the game and for that search's playouts cut short (Effort.depth).

Search looks one ask deep: beyond it, the tree would let the other seats choose their asks
by what works in the sampled world, and as the searching seat's own hand is the same in
every world, they would learn to ask for exactly the ranks it holds, as if they saw its
cards. So past the root's ask the position is scored at once (optionally after a few asks
of the memory heuristic, which asks only what the table knows).

The score is a seat's strength against each other seat's: its books, a share of a book
for each rank it holds one, two or three cards of, a bonus for asking next and for each
card it can take with an ask it knows will hit. Weights fitted on heuristic self-play
were tried and misled search (cards the table knows of go with losing there, so taking
cards with a sure ask scored worse than missing): these are set by hand, in books; only
the spread (how much a lead of a book is worth with so many still to make) is fitted.
Cards the table knows a seat holds cost it a little: whoever draws the rest of their
rank will ask for them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.ai import Player, register_evaluation, register_player, rewards, standing
from engine.go_fish_knowledge import rank_count

if TYPE_CHECKING:
    from engine.go_fish import GoFishState

TOWARD = {4: (0.0, 0.05, 0.15, 0.35), 2: (0.0, 0.3)}  # of a book, for holding 1, 2 or 3 of its cards
TURN = 0.2  # asking next
SURE = 0.25  # each card the seat to ask can take with an ask it knows will hit
EXPOSED = 0.15  # each card the table knows of, times the share of its rank still out
BOOK = {2: 1.1, 4: 2.9}  # a book's weight in a logistic fitted on who won, by seats (4: three or more)
CUTOFF = 1  # the root's ask only; see the module docstring
ROLLOUT = 0  # asks the memory heuristic plays on before the position is scored
# Lean towards the memory heuristic's ask at the root: it asks for the rank it holds most
# and so gives little away, which the one-ask score sees only through EXPOSED. At 4 seats
# (30 games against the heuristic) seats beaten rose from 0.49 with no prior to 0.57.
PRIOR = 0.5


def strength(state: GoFishState, seat: int) -> float:
    hand = state.hands[seat]
    floors = state.know.floor
    toward = TOWARD[state.book_size]
    mover = state.turn == seat
    value = len(state.books[seat]) + (TURN if mover else 0.0)
    for r in range(13):
        n = rank_count(hand, r)
        if not n:
            continue
        value += toward[n]
        if floors[seat][r] and state.book_size == 4:  # whoever draws the rest of the rank will ask for it
            value -= EXPOSED * n * (4 - n) / 4
        if mover:  # the heuristic's known hits, which search (and a good memory) take
            others = (o for o in range(state.players) if o != seat and floors[o][r])
            value += SURE * sum(rank_count(state.hands[o], r) for o in others)
    return value


def score(state: GoFishState) -> list[float]:
    """Every seat's expected reward from the books and hands as they lie."""
    if state.over:
        return rewards(state)
    to_make = (52 - state.laid.bit_count()) / 4
    spread = math.sqrt(1.0 + to_make) / BOOK[2 if state.players == 2 else 4]
    return standing([strength(state, s) for s in range(state.players)], spread)


def evaluate(state: GoFishState) -> list[float]:
    """Play on ROLLOUT asks with the memory heuristic, then score."""
    if state.over or not ROLLOUT:
        return score(state)
    world = state.copy()
    rng = world.rng
    for _ in range(ROLLOUT):
        if world.over:
            break
        seat = world.turn
        world.apply(seat, world.heuristic_action(seat, rng))
    return score(world)


def seat_player(kind: str, seed: int | None) -> Player:
    """The normal and hard seats: a flat search over the asks (engine/go_fish_search.py),
    which beat ISMCTS with this evaluation against the heuristic (docs/rules/go_fish.md)."""
    from engine.go_fish_search import seat_player as search_player  # it builds on this module

    return search_player(kind, seed)


register_evaluation("go_fish", evaluate, cutoff=CUTOFF, prior=PRIOR)
register_player("go_fish", seat_player)
