"""Reaching positions in real games for tests: play until a wanted position, or sample along the way."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from engine import Game, State


def play_until(game: type[Game], players: int, seed: int, wanted: Callable[[State], bool], limit: int = 3000) -> State:
    """A seeded game played by the heuristic until `wanted` holds, it ends, or `limit` moves."""
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.over or wanted(state):
            break
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng))
    return state


def find(
    game: type[Game], players: int, wanted: Callable[[State], bool], *, seeds: int = 100, limit: int = 3000
) -> State:
    """The first seeded game (by seed) that reaches a position where `wanted` holds."""
    for seed in range(seeds):
        state = play_until(game, players, seed, wanted, limit)
        if not state.over and wanted(state):
            return state
    raise AssertionError("no game reached that position")


def random_states(game: type[Game], players: int, seeds=range(3), every: int = 4) -> Iterator[State]:
    """Every `every`-th position of seeded games of uniformly random moves (the state goes on changing)."""
    for seed in seeds:
        state = game.new(players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.over:
            if step % every == 0:
                yield state
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
