"""Milk Run's policy screens: the easy heuristic's habits as `Style` weights, each changed alone.

The easy heuristic (engine/milk_run_ai.heuristic_action) is the yardstick and keeps playing as
it does. It scores plays by `milk_run_ai.Weights`; `Style` adds whom attacks favour and a greedy
look at the standing after a play. `EASY_STYLE` plays exactly as the heuristic (tested), so each
habit can be screened alone on the same deals, as Hand and Foot's policy was found.

Screened (issue #16): one policy seat against three heuristic seats, no search, seeds 0..399,
the seat seed % 4, pairwise share of the other seats beaten (ties not beaten; one game's share
has an sd of about 0.4, so 400 games tell apart only gaps of about 0.04). The heuristic in that
seat: 0.500. Every change was worse or within the noise:
- all attacks (aces, low limits, empty steals) x0 / x0.5 / x1.5: 0.449 / 0.491 / 0.409; low
  limits alone x0.7 / x1.3: 0.492 / 0.463; aces alone x0.7 / x1.3: 0.499 / 0.510;
- the leader's extra x0 / x2: 0.526 / 0.471 (x0 on seeds 400..799: 0.490, the heuristic 0.493;
  at eight seats 0.526 on seeds 0..199 and 0.484 on 200..399, the heuristic 0.489 and
  0.459: perhaps +0.03 there, far from the 0.60 bar); x0.5 on 400..799: 0.468;
- whom to attack: the leader by deliveries 0.496, by plays needed from the piles 0.493, the
  seat nearest in progress 0.504, the nearest seat ahead 0.483; attacks on seats behind x0 /
  x0.5 / x0.75: 0.472 / 0.487 / 0.487; the target's progress term x0 / x2: 0.503 / 0.472;
- raising your own limit at 15 / 45 / 60 (30): 0.452 / 0.481 / 0.443; a delivery 2 / 4 a pip
  (3): 0.502 / 0.506; opening your own go pile at 60 (80): 0.503;
- taking the discard at usefulness 3 / 7 (5): 0.484 / 0.497; steals at 30 / 80 (55): 0.501 /
  0.490; the next seat's use of a discard x0 / x3: 0.495 / 0.499;
- the smaller delivery first, the larger left on top against steals (shield 1 / 2): 0.502 /
  0.485;
- a greedy play by the standing after it (own plays needed with the hand, the others' from
  their piles), added at 100 / 300 / 1000: 0.488 / 0.484 / 0.482.
The heuristic's weights sit at a local best: its habits are not where the 4-seat races are lost.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import ai
from engine.core import Action
from engine.milk_run import TARGET
from engine.milk_run_ai import Weights, heuristic_action, leader, plays_needed, progress, scored_plays

if TYPE_CHECKING:
    from engine.milk_run import MilkRunState


@dataclass(frozen=True)
class Style(Weights):
    """The heuristic's weights (milk_run_ai.Weights), and how this policy may leave its choices."""

    lead_by: str = "progress"  # whom attacks favour: progress, deliveries, need, near, ahead_near
    greedy: float = 0.0  # weight of the standing after the play (plays needed, others' public) added
    spread: float = 3.0  # plays needed fewer that make 0.73 against a seat, in that standing


EASY_STYLE = Style()  # the heuristic
STYLE = Style()


def policy(state: MilkRunState, seat: int, rng: random.Random, style: Style = STYLE) -> Action | None:
    top = None if style.lead_by == "progress" else _target(state, seat, style)
    if not style.greedy or state.turn is None or seat != state.turn or state.draws < 2:
        return heuristic_action(state, seat, rng, style, top)
    best, best_score = None, -1e9
    for score, action in scored_plays(state, seat, rng, style, top):
        after = state.copy()
        after.apply(seat, action)
        score += style.greedy * _standing(after, seat, style.spread)
        if score > best_score:
            best, best_score = action, score
    return best


def _target(state: MilkRunState, seat: int, style: Style) -> int:
    """The seat the attacks favour."""
    if style.lead_by == "progress":
        return leader(state, seat)
    others = [s for s in range(state.players) if s != seat]
    if style.lead_by == "deliveries":
        return max(others, key=lambda s: sum(min(t, TARGET) for t in state.totals[s]))
    if style.lead_by == "need":
        return min(others, key=lambda s: public_need(state, s))
    mine = progress(state, seat)
    if style.lead_by == "near":
        return min(others, key=lambda s: abs(progress(state, s) - mine))
    ahead = [s for s in others if progress(state, s) >= mine]  # "ahead_near"
    if not ahead:
        return leader(state, seat)
    return min(ahead, key=lambda s: progress(state, s))


def _standing(state: MilkRunState, seat: int, spread: float) -> float:
    """`seat`'s mean chance of finishing ahead of each other seat, from plays needed: its own
    with its hand, the others' from their piles alone."""
    if state.turn is None:
        return 1.0 if state.winner == seat else 0.0
    mine = plays_needed(state, seat, raising=True)
    others = [public_need(state, s) for s in range(state.players) if s != seat]
    return sum(1.0 / (1.0 + math.exp(max(-40.0, min(40.0, (mine - o) / spread)))) for o in others) / len(others)


def public_need(state: MilkRunState, seat: int) -> float:
    """About how many plays `seat` needs, from what the table sees (its piles, not its hand)."""
    out = 0.0
    for colour in (0, 1):
        left = TARGET - state.totals[seat][colour]
        if left <= 0:
            continue
        out += 0.0 if state.go_open(seat, colour) else 1.5
        out += left / ((2 + state.limit(seat, colour)) / 2)
    return out


class PolicyPlayer(ai.PolicyPlayer):
    """A seat playing the policy alone, no search."""

    def __init__(self, seed: int | None = None, style: Style = STYLE) -> None:
        super().__init__(policy, style, seed)
