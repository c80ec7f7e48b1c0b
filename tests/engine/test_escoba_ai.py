"""Escoba's search evaluation: places once over, obvious positions ordered right, legal choices."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import ISMCTSPlayer, evaluation
from engine.escoba_ai import evaluate, hand_points, setenta_strength

G = GAMES["escoba"]


def two_seat(board: list[str], hands: list[list[str]]):
    s = G.new(2, seed=4)
    s.board, s.hands = list(board), [list(h) for h in hands]
    return s


def test_search_uses_this_evaluation_and_it_agrees_with_places_once_over():
    s = G.new(4, seed=4)
    assert evaluation(s) is evaluate
    s.scores = [18, 6]
    live = evaluate(s)
    assert live[0] == live[2] > 0.5 > live[1] == live[3]
    s.turn = None
    assert evaluate(s) == [1.0, 0.0, 1.0, 0.0]


def test_banked_points_score_higher():
    s = two_seat(["AS"], [["2S"], ["3S"]])
    even = evaluate(s)
    assert even[0] == even[1] == 0.5
    s.captured = [["7D", "2S"], []]
    assert evaluate(s)[0] > 0.5 > evaluate(s)[1]
    s.captured = [[], []]
    s.escobas = [0, 1]
    assert evaluate(s)[1] > 0.5 > evaluate(s)[0]


def test_more_cards_more_oros_and_sevens_are_better():
    s = two_seat(["AS"], [["2S"], ["3S"]])
    s.captured = [["4C", "5C", "6C"], ["4H"]]
    cards = hand_points(s)
    assert cards[0] > cards[1]
    s.captured = [["4D", "5D"], ["4C", "5C"]]
    oros = hand_points(s)
    assert oros[0] > oros[1]
    assert setenta_strength(["7S", "7H", "7D", "7C"]) > setenta_strength(["KS", "KH", "KD", "KC"])
    assert setenta_strength(["7S", "7H", "7D", "KC"]) > setenta_strength(["7S", "7H", "7D"])  # a suit short


def test_leaving_the_mover_a_sweep_is_bad_for_the_side_that_left_it():
    # Seat 0 is to move on a board of 10: its 5 sweeps it; with a 4 it cannot.
    ready = two_seat(["KS"], [["5C"], ["2H"]])
    blocked = two_seat(["KS"], [["4C"], ["2H"]])
    assert hand_points(ready)[0] > hand_points(blocked)[0]
    assert evaluate(ready)[1] < evaluate(blocked)[1]


def test_the_siete_de_velo_in_hand_counts_for_its_holder():
    s = two_seat(["AS"], [["7D"], ["3S"]])
    assert hand_points(s)[0] > hand_points(s)[1]


def test_search_returns_legal_moves_and_takes_an_offered_escoba():
    s = two_seat(["7D", "5H"], [["3S", "KC", "2C"], ["AH", "2H", "4H"]])
    player = ISMCTSPlayer(iterations=120, seed=3)
    assert player.choose(s, 0).text == "play 3s take 7d 5h"
    rng = random.Random(5)
    state = G.new(3, seed=5)
    for _ in range(40):
        seat = state.to_move[0]
        choice = ISMCTSPlayer(iterations=30, seed=rng.randrange(99)).choose(state, seat)
        assert choice.text in {a.text for a in state.legal_actions(seat)}
        state.apply(seat, choice)
