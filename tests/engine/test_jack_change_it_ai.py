"""Jack Change It's search evaluation: what a hand can still do orders the seats, and search uses it."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import ISMCTSPlayer, RandomPlayer, evaluation, rewards
from engine.jack_change_it_ai import CUTOFF, MORE_SEATS, TWO_SEATS, evaluate, strength

GAME = GAMES["jack_change_it"]


def finished(players: int, seed: int):
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def position(hands: list[list[str]], upcard: str = "9S", turn: int = 0):
    """A two-seat (or more) position with these hands, the upcard on the pile and `turn` to move."""
    state = GAME.new(len(hands), seed=1)
    state.hands = [h[:] for h in hands]
    state.pile = [upcard]
    state.turn = turn
    return state


def test_search_finds_the_registered_evaluation_and_cut_off():
    state = GAME.new(2, seed=0)
    assert evaluation(state) is evaluate
    assert ISMCTSPlayer()._cutoff(state) == CUTOFF


def test_a_finished_game_scores_by_its_places():
    for seed in range(5):
        state = finished(3, seed)
        assert evaluate(state) == rewards(state)
        assert evaluate(state)[state.winner] == 1.0


def test_values_are_place_rewards_that_add_up():
    state = GAME.new(4, seed=3)
    values = evaluate(state)
    assert all(0.0 < v < 1.0 for v in values)
    assert abs(sum(values) - 2.0) < 1e-9  # four seats share 1 + 2/3 + 1/3 + 0


def test_the_seat_with_fewer_cards_scores_higher():
    state = position([["3C", "4C"], ["3D", "4D", "5D", "6D", "7D", "9D"]], turn=1)
    ahead, behind = evaluate(state)
    assert ahead > behind and abs(ahead + behind - 1.0) < 1e-9


def test_a_last_card_that_can_finish_beats_a_last_trick_card():
    plain = position([["3C"], ["3D", "4D"]], turn=1)
    trick = position([["2C"], ["3D", "4D"]], turn=1)
    assert evaluate(plain)[0] > evaluate(trick)[0]


def test_trick_cards_are_worth_more_than_plain_cards():
    for players, weights in ((2, TWO_SEATS), (4, MORE_SEATS)):
        hands = [["3C", "4C", "5C"]] * (players - 1)
        plain = position([["3D", "4D", "6D", "7H"], *hands], turn=1)
        tricks = position([["2D", "AH", "6D", "7H"], *hands], turn=1)
        assert strength(tricks, 0, weights) > strength(plain, 0, weights)
        assert evaluate(tricks)[0] > evaluate(plain)[0]


def test_a_seat_that_must_draw_or_owes_a_debt_is_behind():
    hands = [["3D", "4D", "6D"], ["3C", "4C", "5C"]]
    can_play = position(hands, upcard="9D")
    stuck = position(hands, upcard="9H")
    assert evaluate(stuck)[0] < evaluate(can_play)[0]
    owing = position(hands, upcard="9D")
    owing.pending = 4
    assert evaluate(owing)[0] < evaluate(can_play)[0]


def test_the_seat_to_move_has_the_tempo():
    hands = [["3D", "4D", "6H"], ["3H", "4H", "6D"]]  # either seat can follow the 9♦
    assert evaluate(position(hands, upcard="9D", turn=0))[0] > evaluate(position(hands, upcard="9D", turn=1))[0]


def played(state, players):
    """`state` played to the end by `players` (seat -> player), every move checked legal."""
    while not state.over:
        seat = state.to_move[0]
        action = players[seat].choose(state, seat)
        assert action.text in {a.text for a in state.legal_actions(seat)}
        state.apply(seat, action)
    return state


def test_cut_off_search_plays_legal_moves_and_beats_random():
    wins = 0
    for seed in range(10):
        state = played(GAME.new(2, seed=seed), {0: ISMCTSPlayer(iterations=60, seed=seed), 1: RandomPlayer(seed)})
        wins += state.winner == 0
    assert wins >= 6  # a luck-heavy game: random play wins about half
