"""Milk Run's hand-written player, its ranking of plays, and the position evaluation that
the normal and hard seats' search (engine/milk_run_search.py) and ISMCTS score positions with.

The heuristic scores every legal play: win at once, steal big deliveries, open your own go
piles, deliver the largest card you may, raise your limits; then slow the leader (aces on
their go piles, low cards on their limits); otherwise discard the card worth least to you,
and as the second play the one worth least to the next seat too (it may take the top card).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ai import Player, register_evaluation, register_player, standing
from engine.cards import JOKER
from engine.core import Action
from engine.milk_run import BLACK, COLOURS, DELIVER, DRAW, RED, TARGET, colour_of, take_action, value

if TYPE_CHECKING:
    from engine.milk_run import MilkRunState

SPREAD = 3.0  # plays needed fewer than another seat that make a reward of 0.73 against it
STUCK = 2.5  # plays a stopped go pile costs with no face card of its colour in hand (to draw one)
CUTOFF = 8  # moves past the root: two turns at two seats (4 and 16 searched no better)


def progress(state: MilkRunState, seat: int) -> float:
    """A seat's public standing: deliveries (capped at 30 a colour) plus a little for open go
    piles and high limits."""
    out = 0.0
    for colour in (BLACK, RED):
        total = state.totals[seat][colour]
        out += min(total, TARGET)
        if total < TARGET:
            # A high limit and an open go pile pay off on every later delivery.
            out += 3.0 * state.go_open(seat, colour) + 0.4 * (state.limit(seat, colour) - 5)
    return out


def plays_needed(state: MilkRunState, seat: int, raising: bool = False) -> float:
    """About how many plays `seat` still needs to deliver 30 of each colour.

    Per colour short of 30: one play to reopen a stopped go pile (more with no face card to
    do it), one per deliverable card in hand, largest first, and the rest at the average
    card its limit lets through, (2 + limit) / 2 a play. Tempo is what wins the race, so
    every play that delivers, raises a limit or opens a pile lowers it, and every stop, low
    limit or steal suffered raises it. With `raising`, a seat may first spend a play raising
    its limit with a higher card it holds, when that needs fewer plays (a low limit put on
    it then costs one play to undo, not the whole race).
    """
    out = 0.0
    hand = state.hands[seat]
    for colour in (BLACK, RED):
        left = TARGET - state.totals[seat][colour]
        if left <= 0:
            continue
        if not state.go_open(seat, colour):
            out += 1.0 if any(_is_face(c) and colour_of(c) == colour for c in hand) else STUCK
        lim = state.limit(seat, colour)
        numbers = sorted((v for c in hand if c != JOKER and colour_of(c) == colour and (v := value(c))), reverse=True)
        keep = _plays_at(out, left, lim, numbers)
        if raising:
            for i, v in enumerate(numbers):
                if v > lim:
                    keep = min(keep, _plays_at(out + 1.0, left, v, numbers[:i] + numbers[i + 1 :]))
        out = keep
    return out


def _plays_at(out: float, left: int, lim: int, numbers: list[int]) -> float:
    """`out` plus the plays to deliver `left` more at limit `lim`: the held `numbers` (largest
    first) it lets through, one play each, then the average card it lets through."""
    for v in numbers:
        if left <= 0:
            break
        if v <= lim:
            left -= v
            out += 1.0
    if left > 0:
        out += left / ((2 + lim) / 2)
    return out


def _is_face(card: str) -> bool:
    return card != JOKER and card[0] in "JQK"


def evaluate(state: MilkRunState, raising: bool = False) -> list[float]:
    """Each seat's expected reward (1 first, 0 last): the chance of finishing ahead of each
    other seat, from how many plays each still needs (the sampled world's hands included;
    `raising` as in plays_needed)."""
    n = state.players
    if state.turn is None:
        places = state.outcome().places
        worst = max(places)
        if worst == 1:
            return [0.5] * n
        return [(worst - p) / (worst - 1) for p in places]
    return standing([-plays_needed(state, s, raising) for s in range(n)], SPREAD)


def usefulness(state: MilkRunState, seat: int, card: str) -> float:
    """How much `seat` would like to hold `card` now."""
    if card == JOKER:
        return 6.0
    colour = colour_of(card)
    done = state.totals[seat][colour] >= TARGET
    v = value(card)
    if not v:
        if card[0] == "A":
            return 2.5
        return 1.0 if done or state.go_open(seat, colour) else 7.0
    if done:
        return 0.5
    lim = state.limit(seat, colour)
    if v > lim:
        return 1.0 + (v - lim) * 0.8
    return v * 0.7


def leader(state: MilkRunState, seat: int) -> int:
    """The other seat nearest to winning."""
    others = [s for s in range(state.players) if s != seat]
    return max(others, key=lambda s: progress(state, s))


@dataclass(frozen=True)
class Weights:
    """The heuristic's scores of a play. The easy seat plays `EASY`; engine/milk_run_policy.py
    screens others (none has beaten these)."""

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
    weigh_target: float = 1.0  # the target's progress term in an attack's score, times this
    shield: float = 0.0  # deliveries: the first play of a turn per value less this, the second more


EASY = Weights()


def heuristic_action(
    state: MilkRunState, seat: int, rng: random.Random, weights: Weights = EASY, top: int | None = None
) -> Action | None:
    """The best-scored play (`top`: the seat attacks favour, by default the leader)."""
    if state.turn is None or seat != state.turn:
        return None
    if state.draws < 2:
        if state.discard and not state.took and usefulness(state, seat, state.discard[-1]) >= weights.take_at:
            return take_action(state.discard[-1])
        return DRAW
    best, best_score = None, -1e9
    for score, action in scored_plays(state, seat, rng, weights, top):
        if score > best_score:
            best, best_score = action, score
    return best


def scored_plays(
    state: MilkRunState, seat: int, rng: random.Random, weights: Weights = EASY, top: int | None = None
) -> list[tuple[float, Action]]:
    """The heuristic's score of every legal play, in legal order; each score has up to 1 of
    noise from `rng` so that near ties fall either way (one draw a play, in that order)."""
    top = leader(state, seat) if top is None else top
    nxt = (seat + 1) % state.players
    return [
        (_score(state, seat, action, top, nxt, weights) + rng.random(), action) for action in state.legal_actions(seat)
    ]


def ranked_plays(state: MilkRunState, seat: int, rng: random.Random) -> list[Action]:
    """The legal plays, the heuristic's favourite first (its choice with the same `rng` state);
    empty while `seat` is not at its plays."""
    if state.turn is None or seat != state.turn or state.draws < 2:
        return []
    scored = scored_plays(state, seat, rng)
    # Stable and descending: among equal scores the first listed leads, as in heuristic_action.
    return [action for _, action in sorted(scored, key=lambda pair: pair[0], reverse=True)]


def _score(state: MilkRunState, seat: int, action: Action, top: int, nxt: int, w: Weights) -> float:
    parts = action.parts
    verb = parts["verb"]
    card = parts["cards"][0]
    if verb == "discard":
        keep = usefulness(state, seat, card)
        if state.plays == 1:  # the card left on top: the next seat may take it
            keep += w.next_discard * usefulness(state, nxt, card)
        return -keep
    if card == JOKER:
        return _steal_score(state, seat, parts["to"], COLOURS.index(parts["colour"]), top, w)
    colour = colour_of(card)
    target = parts.get("to", seat)
    mine = state.totals[seat][colour]
    if verb == "deliver":
        v = value(card)
        other = state.totals[seat][1 - colour]
        if mine + v >= TARGET and other >= TARGET:
            return 1000.0
        per = w.deliver_per + (w.shield if state.plays == 1 else -w.shield)
        return w.deliver + per * v if mine < TARGET else 4.0 + v
    if verb == "limit":
        v = value(card)
        lim = state.limit(target, colour)
        if target == seat:
            return w.raise_base + w.raise_per * (v - lim) if v > lim and mine < TARGET else -20.0
        if v >= lim or state.totals[target][colour] >= TARGET:
            return -30.0
        lead = 10.0 * w.leader_bonus if target == top else 0.0
        base = 15.0 + 2.0 * (lim - v) + lead + w.weigh_target * progress(state, target) / 6.0
        return w.attack * w.limit_attack * base * _behind(state, seat, target, w)
    if card[0] == "A":
        if target == seat:
            return -20.0
        lead = 15.0 * w.leader_bonus if target == top else 0.0
        base = 20.0 + lead + w.weigh_target * progress(state, target) / 4.0
        return w.attack * w.ace_attack * base * _behind(state, seat, target, w)
    if target == seat:  # a face card opening your own go pile
        return w.open_own if mine < TARGET else 5.0
    return -40.0


def _steal_score(state: MilkRunState, seat: int, target: int, colour: int, top: int, w: Weights) -> float:
    column = state.piles[target][colour * 3 + DELIVER]
    lead = 10.0 * w.leader_bonus if target == top else 0.0
    if not column:
        return w.attack * (10.0 + lead)
    gain = value(column[-1]) if state.totals[seat][colour] < TARGET else 1.0
    return w.steal + 3.0 * gain + lead


def _behind(state: MilkRunState, seat: int, target: int, w: Weights) -> float:
    if w.behind == 1.0:
        return 1.0
    return w.behind if progress(state, target) < progress(state, seat) else 1.0


def seat_player(kind: str, seed: int | None) -> Player:
    """The normal and hard seats: a flat search over the heuristic's best plays
    (engine/milk_run_search.py; it beat ISMCTS against the heuristic: docs/rules/milk-run.md)."""
    from engine.milk_run_search import seat_player as search_player  # it builds on this module

    return search_player(kind, seed)


register_evaluation("milk_run", evaluate, cutoff=CUTOFF)
register_player("milk_run", seat_player)
