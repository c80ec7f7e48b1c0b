"""Snip Snap Snorem's search evaluation: fewer ranks to play and the lead are better, and search uses it."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import ISMCTSPlayer, RandomPlayer, evaluation, rewards
from engine.cards import standard_deck
from engine.snip_snap_snorem_ai import CUTOFF, evaluate, strength

SSS = GAMES["snip_snap_snorem"]


def position(hands, pile=(), turn=0):
    """A mid-game position; every card not in a hand or the pile is in finished ranks."""
    placed = [c for h in hands for c in h] + list(pile)
    return SSS.load(
        {
            "players": len(hands),
            "options": {},
            "rng": 7,
            "hands": [list(h) for h in hands],
            "pile": list(pile),
            "done": [c for c in standard_deck() if c not in placed],
            "turn": turn,
            "last": None,
            "passes": [],
            "passed": [[] for _ in hands],
            "winner": None,
        }
    )


def unplayed(state):
    """How many cards of each rank are still in hands."""
    counts = {}
    for hand in state.hands:
        for c in hand:
            counts[c[:-1]] = counts.get(c[:-1], 0) + 1
    return counts


def test_search_finds_the_registered_evaluation_and_cut_off():
    state = SSS.new(4, seed=0)
    assert evaluation(state) is evaluate
    assert ISMCTSPlayer()._cutoff(state) == CUTOFF


def test_a_finished_game_scores_by_its_places():
    for players in (2, 5):
        state = SSS.new(players, seed=players)
        rng = random.Random(players)
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert evaluate(state) == rewards(state)
        assert evaluate(state)[state.winner] == 1.0


def test_values_are_place_rewards_that_add_up():
    state = position([["5H", "9S"], ["5D", "9H", "KD"], ["9D", "KH", "5S", "KS"]], turn=0)
    values = evaluate(state)
    assert all(0.0 < v < 1.0 for v in values)
    assert abs(sum(values) - 1.5) < 1e-9  # three seats share 1 + 1/2 + 0


def test_fewer_cards_and_ranks_score_higher():
    # Nobody holds a rank alone and nobody is due to lead.
    state = position([["5H", "9S"], ["5D", "9H", "7C"], ["7H", "9D", "5S", "7S", "2S", "2H"]], ["2D", "2C"], turn=2)
    values = evaluate(state)
    assert values[0] > values[1]


def test_a_rank_only_you_hold_is_worth_more_than_a_shared_one():
    alone = position([["5H", "5S", "9H"], ["9S", "KH"], ["9D", "KD"]], turn=2)
    shared = position([["5H", "KS", "9H"], ["9S", "KH", "5S"], ["9D", "KD"]], turn=2)
    assert strength(alone, 0, unplayed(alone)) > strength(shared, 0, unplayed(shared))


def test_one_rank_left_is_nearly_out():
    state = position([["5H", "5S", "5D"], ["9H", "KH"], ["9D", "KD"]], ["5C"], turn=0)
    values = evaluate(state)
    assert values[0] > values[1] and values[0] > values[2]


def test_the_lead_is_worth_having_and_more_than_holding_the_rank_in_play():
    hands = [["5H", "9H", "KH"], ["5S", "9S", "KS"], ["5D", "9D", "KD"]]
    assert evaluate(position(hands, turn=0))[0] > evaluate(position(hands, turn=1))[0]
    lead = strength(position(hands, turn=0), 0, unplayed(position(hands)))
    follow = strength(position(hands, ["5D"], turn=0), 0, unplayed(position(hands, ["5D"])))
    assert lead > follow


def test_search_plays_legal_moves_and_beats_random():
    wins = 0
    for seed in range(8):
        state = SSS.new(2, seed=seed)
        players = {seed % 2: ISMCTSPlayer(iterations=60, seed=seed), 1 - seed % 2: RandomPlayer(seed)}
        while not state.over:
            seat = state.to_move[0]
            action = players[seat].choose(state, seat)
            assert action.text in {a.text for a in state.legal_actions(seat)}
            state.apply(seat, action)
        wins += state.winner == seed % 2
    assert wins >= 6


def test_at_two_seats_the_evaluation_plays_the_hand_out_without_touching_it():
    state = SSS.new(2, seed=4)
    before = state.dump()
    values = evaluate(state)
    assert sorted(values) == [0.0, 1.0]
    assert state.dump() == before
    # A hand of one rank when leading goes out at once.
    lead = position([["5H", "5S", "5D", "5C"], ["9H", "9S", "KH"]], turn=0)
    assert evaluate(lead) == [1.0, 0.0]
