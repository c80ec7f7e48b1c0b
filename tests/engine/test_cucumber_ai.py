"""Cucumber's search evaluation: a seat further from going out is better, and search uses it."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import ISMCTSPlayer, evaluation, rewards
from engine.cucumber_ai import CUTOFF, evaluate

GAME = GAMES["cucumber"]


def test_search_finds_the_registered_evaluation_and_plays_a_hand_deep():
    state = GAME.new(4, seed=0)
    assert evaluation(state) is evaluate
    assert ISMCTSPlayer()._cutoff(state) == CUTOFF >= 7 * GAME.max_players
    assert ISMCTSPlayer(cutoff=3)._cutoff(state) == 3


def test_a_finished_match_scores_by_its_places():
    for seed in range(3):
        state = GAME.new(4, seed=seed)
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        values = evaluate(state)
        assert values == rewards(state)
        assert values[state.outcome().places.index(1)] == 1.0


def test_points_cucumbers_and_going_out_order_the_seats():
    state = GAME.new(4, seed=1)
    state.scores = [0, 15, 5, 0]
    state.cucumbers = [0, 0, 1, 0]
    state.eliminated = [False, False, False, True]
    state.out_order = [3]
    values = evaluate(state)
    assert values[0] > values[1] > values[2] > values[3]
    assert values[3] < 1e-6


def test_search_plays_legal_moves():
    state = GAME.new(5, seed=2)
    player = ISMCTSPlayer(iterations=30, seed=1)
    for _ in range(12):
        seat = state.to_move[0]
        action = player.choose(state, seat)
        assert action.text in {a.text for a in state.legal_actions(seat)}
        state.apply(seat, action)
