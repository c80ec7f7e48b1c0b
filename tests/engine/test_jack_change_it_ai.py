"""Jack Change It's search evaluation: fewer cards to shed is better, and search uses it."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import ISMCTSPlayer, RandomPlayer, evaluation, rewards
from engine.jack_change_it_ai import evaluate

GAME = GAMES["jack_change_it"]


def finished(players: int, seed: int):
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_search_finds_the_registered_evaluation():
    assert evaluation(GAME.new(2, seed=0)) is evaluate


def test_a_finished_game_scores_by_its_places():
    for seed in range(5):
        state = finished(3, seed)
        assert evaluate(state) == rewards(state)
        assert evaluate(state)[state.winner] == 1.0


def test_the_seat_with_fewer_cards_scores_higher():
    state = GAME.new(2, seed=1)
    state.hands[0], state.hands[1] = ["3C"], state.hands[1] + ["4D", "5D", "6D", "7D"]
    ahead, behind = evaluate(state)
    assert ahead > 0.9 and behind < 0.1 and abs(ahead + behind - 1.0) < 1e-9


def test_a_debt_counts_against_the_seat_that_owes_it():
    state = GAME.new(2, seed=1)
    state.hands[1] = state.hands[0][:]
    state.turn = 0
    before = evaluate(state)[0]
    state.pending = 4
    assert evaluate(state)[0] < before


def test_cut_off_search_plays_legal_moves_and_beats_random():
    wins = 0
    for seed in range(10):
        state = GAME.new(2, seed=seed)
        players = {0: ISMCTSPlayer(iterations=60, seed=seed), 1: RandomPlayer(seed)}
        while not state.over:
            seat = state.to_move[0]
            action = players[seat].choose(state, seat)
            assert action.text in {a.text for a in state.legal_actions(seat)}
            state.apply(seat, action)
        wins += state.winner == 0
    assert wins >= 6  # a luck-heavy game: random play wins about half
