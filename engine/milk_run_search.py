"""Milk Run's normal and hard seats: a flat Monte Carlo search over the heuristic's best plays.

At a play, the seat takes the heuristic's few favourite plays as candidates and tries each in
the same sampled worlds (`determinize`: other hands and the stock dealt afresh from the cards
it cannot see). In each world every candidate is followed by the heuristic playing every seat
for a fixed number of moves, with the same random numbers for every candidate, and the
position reached is scored by the evaluation (milk_run_ai.evaluate). The candidate with the
best mean wins. Draws (stock or discard) are the heuristic's: it already takes only cards
it wants, and searching them showed nothing at this size.

Why not ISMCTS: a Milk Run turn has dozens of plays at eight seats (every number card on
every seat's limit pile), and a tree spreads its few hundred iterations over all of them.
The heuristic's ranking is good enough that the best play is nearly always among its top
few, so all the work goes into telling those apart.

The work is a fixed count (worlds x candidates x depth), so a loaded machine does not
change the play; the time limit is only a safety cap (checked between worlds).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ai import HARD, NORMAL
from engine.cards import JOKER
from engine.core import Action
from engine.milk_run_ai import evaluate, heuristic_action, ranked_plays

if TYPE_CHECKING:
    from engine.milk_run import MilkRunState


@dataclass(frozen=True)
class Effort:
    """How hard a seat searches: candidates, worlds and moves played on in each world."""

    candidates: int
    worlds: int
    depth: int


# Per seat count: two seats are cheap (few plays, short turns), so they search wider and deeper.
NORMAL_EFFORT = {2: Effort(4, 48, 40), 3: Effort(4, 32, 32)}
HARD_EFFORT = {2: Effort(5, 96, 48), 3: Effort(5, 64, 40)}


def effort_for(table: dict[int, Effort], players: int) -> Effort:
    return table[2] if players == 2 else table[3]


class MilkRunSearch:
    """A seat player: `choose(state, seat)`; it never changes the state it is given."""

    def __init__(
        self,
        seed: int | None = None,
        efforts: dict[int, Effort] | None = None,
        time_limit: float | None = NORMAL[1],
    ) -> None:
        self.rng = random.Random(seed)
        self.efforts = efforts or NORMAL_EFFORT
        self.time_limit = time_limit
        self.capped = 0  # choices the time limit cut short (for benchmarks: it should not bite)
        self.last_worlds = 0  # worlds the last searched choice used

    def choose(self, state: MilkRunState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do in this position")
        self.last_worlds = 0
        if state.draws < 2:  # a draw: the heuristic's (take a wanted discard, else the stock)
            return heuristic_action(state, seat, self.rng) or legal[0]
        winning = _winning_play(state, seat, legal)
        if winning is not None:
            return winning
        effort = effort_for(self.efforts, state.players)
        candidates = ranked_plays(state, seat, self.rng)[: effort.candidates]
        if len(candidates) == 1:
            return candidates[0]
        return self._search(state, seat, candidates, effort)

    def _search(self, state: MilkRunState, seat: int, candidates: list[Action], effort: Effort) -> Action:
        totals = [0.0] * len(candidates)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        worlds = 0
        for _ in range(effort.worlds):
            if deadline is not None and time.perf_counter() > deadline:
                self.capped += 1
                break
            world = state.determinize(seat, self.rng)
            seed = self.rng.getrandbits(64)
            for i, action in enumerate(candidates):
                # Common random numbers: every candidate meets the same world and playout noise.
                totals[i] += _play_on(world.copy(), seat, action, effort.depth, random.Random(seed))
            worlds += 1
        self.last_worlds = worlds
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))  # ties: the heuristic's order
        return candidates[best]


def _play_on(world: MilkRunState, seat: int, action: Action, depth: int, rng: random.Random) -> float:
    """`seat`'s reward after `action` and `depth` more heuristic moves (or the game's end)."""
    world.apply(seat, action)
    for _ in range(depth):
        mover = world.turn
        if mover is None:
            break
        world.apply(mover, heuristic_action(world, mover, rng))
    return evaluate(world)[seat]


def _winning_play(state: MilkRunState, seat: int, legal: list[Action]) -> Action | None:
    """A delivery or steal that finishes 30 of each at once, if there is one."""
    for action in legal:
        verb = action.parts["verb"]
        if verb == "deliver" or (verb == "go" and action.parts["cards"][0] == JOKER):
            after = state.copy()
            after.apply(seat, action)
            if after.winner == seat:
                return action
    return None


def seat_player(kind: str, seed: int | None) -> MilkRunSearch:
    """The normal seat (NORMAL_EFFORT within 1 s) or the hard one (HARD_EFFORT within 2.5 s)."""
    if kind == "hard":
        return MilkRunSearch(seed=seed, efforts=HARD_EFFORT, time_limit=HARD[1])
    return MilkRunSearch(seed=seed)
