"""Hand and Foot's flat search: a policy, checked by flat Monte Carlo where it matters (no seat uses it now).

Most of a turn (melding card by card) is bookkeeping a policy does well; the choices that
decide a hand are few: whether to take the discard pile and which card to throw. At those
points the player deals W worlds it cannot tell from the real one (`determinize`), plays each
candidate in every world (the same worlds for each, so luck cancels out), lets the policy play
our side's seats and the heuristic the opponents' on to the end of the hand, and compares the
side's final margin. It keeps the policy's move unless another candidate is better by a clear
margin on the paired worlds (`EDGE` points and `SPREAD` standard errors), so noise can only
cost little. Asking to go out and answering stay the policy's rules: in sampled worlds the
partner's hand is random, which misjudges both (see hand_and_foot_ai.GOING_OUT_PRIOR).

The work is a fixed count (worlds, candidates); the time budget only caps it on a slow machine
(`capped` counts the moves where it did).

Measured (bench/out/hand_and_foot_ai.json, one-hand matches): on the easy heuristic, a side of
this search won 0.541 of 120 games where heuristic seats in its place won 0.504 (plain ISMCTS
here: 0.375 where the heuristic won 0.542). On the normal seat's own policy
(engine/hand_and_foot_policy.py, `style`; playouts with the policy in our side's seats) it won
0.683 of seeds 0..59 where the policy alone wins 0.750, at 140 ms a move (p99 863 ms, loaded
machine): the seats play the policy alone and this search is kept for further trials (more
worlds with a stricter SPREAD: about 10% of the judged moves are overruled, near what chance
alone gives at SPREAD 1.5 with two alternatives).
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from engine.ai import HARD, NORMAL
from engine.core import Action
from engine.hand_and_foot_ai import _keeping, heuristic
from engine.hand_and_foot_policy import STYLE, Style, policy

if TYPE_CHECKING:
    from engine.hand_and_foot import HandAndFootState

WORLDS = {"normal": 12, "hard": 32}
DISCARDS = 3  # the heuristic's discard and the next cheapest ones to keep
EDGE = 40.0  # points a candidate must beat the heuristic's move by, on average over the worlds
SPREAD = 1.5  # ... and by this many standard errors of the paired differences
PLAYOUT_CAP = 600  # moves; a hand still running after this is scored as it stands


class FlatPlayer:
    """A policy (`style`, or the heuristic for None), its draw and discard choices checked in sampled worlds."""

    def __init__(
        self,
        worlds: int = WORLDS["normal"],
        time_limit: float | None = NORMAL[1],
        seed: int | None = None,
        style: Style | None = STYLE,
    ):
        self.worlds = worlds
        self.style = style  # the side's own policy (None: the easy heuristic's)
        self.time_limit = time_limit
        self.rng = random.Random(seed)
        self.capped = 0  # moves whose worlds the time limit cut short
        self.searched = 0  # moves judged in worlds
        self.overruled = 0  # of those, moves where the search beat the heuristic

    def choose(self, state: HandAndFootState, seat: int) -> Action:
        pick = self.policy(state, seat, self.rng)
        if pick is None:
            raise ValueError(f"seat {seat} has nothing to do in this position")
        options = decision(state, seat, pick)
        if len(options) < 2:
            return pick
        self.searched += 1
        best = self._judge(state, seat, options)
        if best is not options[0]:
            self.overruled += 1
        return best

    def policy(self, state: HandAndFootState, seat: int, rng: random.Random) -> Action | None:
        return heuristic(state, seat, rng) if self.style is None else policy(state, seat, rng, self.style)

    def _judge(self, state: HandAndFootState, seat: int, options: list[Action]) -> Action:
        """The option with the best margin over the worlds, if clearly better than options[0]."""
        start = time.perf_counter()
        margins: list[list[float]] = [[] for _ in options]
        for _ in range(self.worlds):
            if self.time_limit is not None and time.perf_counter() - start > 0.8 * self.time_limit:
                self.capped += 1
                break
            world = state.determinize(seat, self.rng)
            seed = self.rng.getrandbits(32)
            for i, option in enumerate(options):
                margins[i].append(play_on(world, seat, option, seed, self.style))
        return _clear_best(options, margins)


def decision(state: HandAndFootState, seat: int, pick: Action) -> list[Action]:
    """The moves worth comparing here, the heuristic's first; one or none where it just decides."""
    if state.permission == "yes":
        return [pick]  # told yes: go out the heuristic's way
    verb = pick.parts["verb"]
    if state.phase == "draw" and verb in ("pickup", "draw"):
        other = "draw" if verb == "pickup" else "pickup"
        menu = {a.text: a for a in state.full_actions(seat)}
        return [pick, menu[other]] if other in menu else [pick]
    if verb == "discard":
        discards = [a for a in state.full_actions(seat) if a.parts["verb"] == "discard" and a.text != pick.text]
        discards.sort(key=_keeping(state, seat))
        return [pick, *discards[: DISCARDS - 1]]
    return [pick]


def play_on(world: HandAndFootState, seat: int, option: Action, seed: int, style: Style | None = None) -> float:
    """`seat`'s side's margin at the end of the hand after `option`, then our side playing the
    policy of `style` (None: the heuristic) and the opponents the heuristic."""
    w = world.copy()
    rng = random.Random(seed)
    w.apply(seat, option.text)
    side = seat % 2
    for _ in range(PLAYOUT_CAP):
        if w.over:
            break
        mover = w.to_move[0]
        ours = style is not None and mover % 2 == side
        w.apply(mover, policy(w, mover, rng, style) if ours else heuristic(w, mover, rng))
    return float(w.scores[side] - w.scores[1 - side]) if w.over else _standing(w, side)


def _standing(w: HandAndFootState, side: int) -> float:
    """A hand cut short: the sides' margin as the evaluation estimates it (logit back to points)."""
    p = min(max(w.evaluate()[side], 1e-6), 1 - 1e-6)
    return 600.0 * math.log(p / (1 - p))


def _clear_best(options: list[Action], margins: list[list[float]]) -> Action:
    base = margins[0]
    n = len(base)
    if n < 2:
        return options[0]
    best, best_gain = options[0], 0.0
    for option, ms in zip(options[1:], margins[1:], strict=True):
        diffs = [m - b for m, b in zip(ms, base, strict=True)]
        mean = sum(diffs) / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        if mean > EDGE and mean > SPREAD * sd / math.sqrt(n) and mean > best_gain:
            best, best_gain = option, mean
    return best


def seat_player(kind: str, seed: int | None) -> FlatPlayer:
    """A flat search for a normal seat (WORLDS["normal"] within 1 s) or a hard one (more worlds,
    2.5 s); not registered now (see the module docstring)."""
    if kind == "hard":
        return FlatPlayer(worlds=WORLDS["hard"], time_limit=HARD[1], seed=seed)
    return FlatPlayer(worlds=WORLDS["normal"], time_limit=NORMAL[1], seed=seed)
