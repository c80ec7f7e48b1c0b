"""Rummy's search evaluation: search worlds end with the hand and score the match points."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import ROLLOUT_CAP, ISMCTSPlayer, evaluation, rewards
from engine.rummy_ai import evaluate

GAME = GAMES["rummy"]


def hand_played_out(state, seed: int):
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_search_finds_the_evaluation_and_plays_whole_hands():
    state = GAME.new(2, seed=0)
    assert evaluation(state) is evaluate
    assert ISMCTSPlayer()._cutoff(state) == ROLLOUT_CAP


def test_a_search_world_scores_the_hand_by_its_points():
    for seed in range(4):
        world = hand_played_out(GAME.new(2, seed=seed).determinize(0, random.Random(seed)), seed)
        values = evaluate(world)
        hand = world.last_hand
        if hand["winner"] is None:
            assert values == [0.5, 0.5]
            continue
        assert values[hand["winner"]] > 0.5 and abs(sum(values) - 1.0) < 1e-9


def test_a_bigger_win_scores_higher():
    state = GAME.new(2, seed=1)
    state.scores = [10, 0]
    small = evaluate(state)[0]
    state.scores = [40, 0]
    assert 0.5 < small < evaluate(state)[0]


def test_a_finished_match_scores_by_its_places():
    for seed in range(4):
        state = hand_played_out(GAME.new(3, seed=seed, options={"target": "one-hand"}), seed)
        assert evaluate(state) == rewards(state)
