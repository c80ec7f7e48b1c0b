"""Moleicki's position evaluation and the cut-off search built on it."""

from __future__ import annotations

import json
import random

import pytest
from test_moleicki_support import position

from engine.ai import HeuristicPlayer, ISMCTSPlayer, RandomPlayer, evaluation
from engine.moleicki import GAME
from engine.moleicki_ai import AARGH_COST, CLOSENESS, burden, evaluate


def test_moleicki_states_are_found_to_have_an_evaluation():
    assert evaluation(GAME.new(3, seed=1)) is evaluate


def test_a_won_position_scores_one_and_the_rest_at_most_the_closeness_share():
    state = position([["5C", "5D"], ["4C", "6C", "7C"], ["4H", "6H", "7H", "8H", "9H"]], pile=["4S"])
    state.apply(0, "play 5c 5d")
    assert state.winner == 0
    values = evaluate(state)
    assert values[0] == 1.0
    # Losers are ordered by cards left: three cards beat five.
    assert CLOSENESS >= values[1] > values[2] >= 0.0


def test_the_seat_nearest_to_going_out_scores_highest():
    state = position([["4C", "6C", "7C", "9C", "JC"], ["5D"], ["4H", "6H", "7H"]], pile=["3S"])
    values = evaluate(state)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[1] > values[2] > values[0]


def test_face_down_tableau_cards_weigh_more_than_face_up_ones():
    up = position([["4C"], ["4D"]], tabs=[[[["6C"], ["7C"]]], [[["6D"], ["7D"]]]], pile=["3S"])
    down = position([["4C"], ["4D"]], tabs=[[[["6C"], ["7C"]]], [[["*6D"], ["*7D"]]]], pile=["3S"])
    assert burden(down, 1) > burden(up, 1)
    assert evaluate(down)[1] < evaluate(up)[1]


def test_aargh_cards_are_a_lighter_burden_than_ordinary_cards():
    aargh = position([["2C", "10C", "JK"], ["4D"]], pile=["3S"], current=1)
    plain = position([["4C", "5C", "6C"], ["4D"]], pile=["3S"], current=1)
    assert burden(aargh, 0) == pytest.approx(3 * AARGH_COST)
    assert burden(aargh, 0) < burden(plain, 0)


def test_facing_a_pile_you_cannot_beat_adds_part_of_it():
    cannot = position([["4C", "5C", "6C"], ["4D"]], pile=["8S", "9S", "AS"])
    can = position([["4C", "5C", "6C"], ["4D"]], pile=["3S"])
    assert burden(cannot, 0) > burden(can, 0)


def test_weak_cards_cost_more_than_strong_ones_in_the_vector():
    high = position([["AC", "KC"], ["4D"]], pile=[], current=1)
    low = position([["3C", "4C"], ["4D"]], pile=[], current=1)
    assert burden(low, 0) > burden(high, 0)
    flipped = position([["AC", "KC"], ["4D"]], pile=[], current=1, vector="down")
    assert burden(flipped, 0) > burden(high, 0)


def test_search_takes_the_winning_pair():
    state = position([["5C", "5D"], ["4C", "6C", "7C"], ["4H", "6H", "7H"]], pile=["4S"])
    assert len(state.legal_actions(0)) > 1  # a single 5 too, which does not win
    state.apply(0, ISMCTSPlayer(iterations=60, seed=3).choose(state, 0))
    assert state.over and state.winner == 0


def mid_game(players: int, seed: int) -> tuple:
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    heuristic = HeuristicPlayer(seed)
    for _ in range(rng.randrange(5, 50)):
        if state.over:
            break
        seat = rng.choice(state.to_move)
        state.apply(seat, heuristic.choose(state, seat))
    return state


def tree_depth(node) -> int:
    return max((1 + tree_depth(child) for child in node.children.values()), default=0)


@pytest.mark.parametrize("players", [2, 4, 8])
def test_cut_off_search_chooses_legal_actions_within_its_iteration_cap_and_horizon(players):
    searched = 0
    for seed in range(4):
        state = mid_game(players, seed)
        if state.over:
            continue
        before = json.dumps(state.dump(), sort_keys=True)
        for seat in state.to_move:
            player = ISMCTSPlayer(iterations=40, seed=seed, cutoff=3)
            action = player.choose(state, seat)
            assert action.text in {a.text for a in state.legal_actions(seat)}
            if player.last_root is not None:
                searched += 1
                assert player.last_iterations == 40
                assert sum(child.visits for child in player.last_root.children.values()) == 40
                assert tree_depth(player.last_root) <= 3
        assert json.dumps(state.dump(), sort_keys=True) == before
    assert searched


def test_cut_off_search_is_reproducible_from_its_seed():
    state = mid_game(4, 2)
    seat = state.to_move[0]
    picks = {ISMCTSPlayer(iterations=80, seed=5).choose(state, seat).text for _ in range(3)}
    assert len(picks) == 1


def play(players: dict, seed: int) -> int:
    """A seeded game; returns the winner's seat (a seeded draw picks who acts in races)."""
    state = GAME.new(len(players), seed=seed)
    pick = random.Random(seed)
    while not state.over:
        seat = pick.choice(state.to_move)
        state.apply(seat, players[seat].choose(state, seat))
    return state.outcome().places.index(1)


def test_cut_off_search_beats_random_players():
    # A small, shallow search against random play at two seats (chance alone wins half):
    # it must win clearly more, seeded so the figure is the same every run.
    wins = 0
    for seed in range(6):
        me = seed % 2
        players = {s: RandomPlayer(seed * 10 + s) for s in range(2)}
        players[me] = ISMCTSPlayer(iterations=40, seed=seed, cutoff=4)
        wins += play(players, seed) == me
    assert wins >= 4


@pytest.mark.parametrize(("seed", "steps"), [(77, 129), (288, 136)])
def test_the_ai_names_who_plays_next_when_a_tableau_flip_is_open_beside_it(seed, steps):
    # Three seats: the player beat an 8 and must say who plays next, and may flip a tableau
    # card meanwhile. The heuristic read "flip 3" as a seat and failed (seat 3 of 3).
    state, rng = GAME.new(3, seed=seed), random.Random(seed)
    for _ in range(steps):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).text)
    seat = state.to_move[0]
    texts = [a.text for a in state.legal_actions(seat)]
    assert any(t.startswith("flip") for t in texts) and any(t.startswith("next") for t in texts)
    chosen = state.heuristic_action(seat, random.Random(1))
    assert chosen.text.startswith("next ") and chosen.text in texts
    searched = ISMCTSPlayer(iterations=30, seed=1).choose(state, seat)  # its playouts ask the heuristic
    assert searched.text in texts
