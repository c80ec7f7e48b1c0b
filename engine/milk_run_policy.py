"""Milk Run's policy screens: the easy heuristic's habits as `Style` weights, each changed alone.

The easy heuristic (engine/milk_run_ai.heuristic_action) is the yardstick and keeps playing as
it does; `Style` names the habits a normal-seat policy could play differently, and `EASY_STYLE`
plays exactly as the heuristic (the same scores and the same random numbers, tested), so each
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

from engine.cards import JOKER
from engine.core import Action
from engine.milk_run import COLOURS, DELIVER, DRAW, TARGET, colour_of, take_action, value
from engine.milk_run_ai import leader, plays_needed, progress, usefulness

if TYPE_CHECKING:
    from engine.milk_run import MilkRunState


@dataclass(frozen=True)
class Style:
    """The weights of the heuristic's scores that this policy may change."""

    take_at: float = 5.0  # take the discard pile's top card when it is at least this useful
    deliver: float = 50.0  # a delivery of your own: deliver + deliver_per x its value
    deliver_per: float = 3.0
    raise_base: float = 30.0  # raising your own limit: raise_base + raise_per x the rise
    raise_per: float = 4.0
    open_own: float = 80.0  # a face card opening your own go pile
    attack: float = 1.0  # every attack's score (aces, low limits, empty steals) times this
    limit_attack: float = 1.0  # a low limit put on another seat, times this too
    ace_attack: float = 1.0  # an ace stopping another seat, times this too
    leader_bonus: float = 1.0  # the extra for attacking the leader, times this
    steal: float = 55.0  # a joker stealing a delivery: steal + 3 x its value
    next_discard: float = 0.5  # how much the next seat's use of the card left on top counts
    behind: float = 1.0  # attacks on a seat behind you (less progress) times this
    lead_by: str = "progress"  # whom attacks favour: progress, deliveries, need, near, ahead_near
    weigh_target: float = 1.0  # the target's progress term in an attack's score, times this
    shield: float = 0.0  # deliveries: the first play of a turn per value less this, the second more
    greedy: float = 0.0  # weight of the standing after the play (plays needed, others' public) added
    spread: float = 3.0  # plays needed fewer that make 0.73 against a seat, in that standing


EASY_STYLE = Style()  # the heuristic
STYLE = Style()


def policy(state: MilkRunState, seat: int, rng: random.Random, style: Style = STYLE) -> Action | None:
    if state.turn is None or seat != state.turn:
        return None
    if state.draws < 2:
        if state.discard and not state.took and usefulness(state, seat, state.discard[-1]) >= style.take_at:
            return take_action(state.discard[-1])
        return DRAW
    top = _target(state, seat, style)
    nxt = (seat + 1) % state.players
    best, best_score = None, -1e9
    for action in state.legal_actions(seat):
        score = _score(state, seat, action, top, nxt, style) + rng.random()
        if style.greedy:
            after = state.copy()
            after.apply(seat, action)
            score += style.greedy * _standing(after, seat, style.spread)
        if score > best_score:
            best, best_score = action, score
    return best


def _score(state: MilkRunState, seat: int, action: Action, top: int, nxt: int, style: Style) -> float:
    parts = action.parts
    verb = parts["verb"]
    card = parts["cards"][0]
    if verb == "discard":
        keep = usefulness(state, seat, card)
        if state.plays == 1:  # the card left on top: the next seat may take it
            keep += style.next_discard * usefulness(state, nxt, card)
        return -keep
    if card == JOKER:
        return _steal_score(state, seat, parts["to"], COLOURS.index(parts["colour"]), top, style)
    colour = colour_of(card)
    target = parts.get("to", seat)
    mine = state.totals[seat][colour]
    if verb == "deliver":
        v = value(card)
        other = state.totals[seat][1 - colour]
        if mine + v >= TARGET and other >= TARGET:
            return 1000.0
        per = style.deliver_per + (style.shield if state.plays == 1 else -style.shield)
        return style.deliver + per * v if mine < TARGET else 4.0 + v
    if verb == "limit":
        v = value(card)
        lim = state.limit(target, colour)
        if target == seat:
            return style.raise_base + style.raise_per * (v - lim) if v > lim and mine < TARGET else -20.0
        if v >= lim or state.totals[target][colour] >= TARGET:
            return -30.0
        lead = 10.0 * style.leader_bonus if target == top else 0.0
        base = 15.0 + 2.0 * (lim - v) + lead + style.weigh_target * progress(state, target) / 6.0
        return style.attack * style.limit_attack * base * _behind(state, seat, target, style)
    if card[0] == "A":
        if target == seat:
            return -20.0
        lead = 15.0 * style.leader_bonus if target == top else 0.0
        base = 20.0 + lead + style.weigh_target * progress(state, target) / 4.0
        return style.attack * style.ace_attack * base * _behind(state, seat, target, style)
    if target == seat:
        return style.open_own if mine < TARGET else 5.0
    return -40.0


def _steal_score(state: MilkRunState, seat: int, target: int, colour: int, top: int, style: Style) -> float:
    column = state.piles[target][colour * 3 + DELIVER]
    lead = 10.0 * style.leader_bonus if target == top else 0.0
    if not column:
        return style.attack * (10.0 + lead)
    gain = value(column[-1]) if state.totals[seat][colour] < TARGET else 1.0
    return style.steal + 3.0 * gain + lead


def _behind(state: MilkRunState, seat: int, target: int, style: Style) -> float:
    if style.behind == 1.0:
        return 1.0
    return style.behind if progress(state, target) < progress(state, seat) else 1.0


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


class PolicyPlayer:
    """A seat playing the policy alone, no search."""

    def __init__(self, seed: int | None = None, style: Style = STYLE) -> None:
        self.rng = random.Random(seed)
        self.style = style

    def choose(self, state: MilkRunState, seat: int) -> Action:
        action = policy(state, seat, self.rng, self.style)
        if action is None:
            raise ValueError(f"seat {seat} has nothing to do in this position")
        return action
