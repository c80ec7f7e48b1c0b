"""Go Fish's search evaluation: books and cards toward them, and search uses it."""

from __future__ import annotations

import random

import pytest

from engine import GAMES
from engine.ai import ISMCTSPlayer, RandomPlayer, evaluation, rewards
from engine.go_fish_ai import evaluate, score

GAME = GAMES["go_fish"]


def test_search_finds_the_registered_evaluation():
    assert evaluation(GAME.new(2, seed=0)) is evaluate


@pytest.mark.parametrize("options", [{}, {"variant": "authors"}, {"books": "pairs"}])
def test_a_finished_game_scores_by_its_places(options):
    for seed in range(4):
        state = GAME.new(3, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        values = evaluate(state)
        assert values == rewards(state)
        best = max(len(b) for b in state.books)
        assert all((v == 1.0) == (len(b) == best) for v, b in zip(values, state.books, strict=True))


def test_books_count_more_as_fewer_are_left_to_make():
    state = GAME.new(2, seed=3)
    state.books = [[0], []]
    early = score(state)[0]
    state.laid = (1 << 48) - 1  # twelve books down, one to go
    late = score(state)[0]
    assert 0.5 < early < late


def test_cut_off_search_plays_legal_moves_and_beats_random():
    wins = 0
    for seed in range(6):
        state = GAME.new(4, seed=seed)
        players = {s: RandomPlayer(seed + s) for s in range(1, 4)} | {0: ISMCTSPlayer(iterations=40, seed=seed)}
        while not state.over:
            seat = state.to_move[0]
            action = players[seat].choose(state, seat)
            assert action.text in {a.text for a in state.legal_actions(seat)}
            state.apply(seat, action)
        wins += state.outcome().places[0] == 1
    assert wins >= 4  # random seats win a quarter
