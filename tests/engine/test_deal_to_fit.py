"""The shared card helpers that `determinize` deals with: greedy, then exact."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.cards import deal_greedy, deal_to_fit, rank, standard_deck


def test_a_deal_that_greedy_order_misses_is_found():
    # Seat 1 may hold anything but is served first; only seat 2's cards restrict it.
    pool = ["AS", "AH", "KS", "KH"]
    hands, left = deal_to_fit(pool, [(1, 2, set()), (2, 2, {"K"})], key=rank)
    assert sorted(hands[2]) == ["AH", "AS"] and sorted(hands[1]) == ["KH", "KS"] and left == []


def test_the_cards_no_seat_takes_are_left_over_in_pool_order():
    pool = ["2C", "3C", "4C", "5C", "6C"]
    hands, left = deal_to_fit(pool, [(0, 2, {"2C", "3C", "5C"})])
    assert sorted(hands[0]) == ["4C", "6C"] and left == ["2C", "3C", "5C"]


def test_no_fitting_deal_is_a_value_error():
    with pytest.raises(ValueError, match="no deal fits"):
        deal_to_fit(["AS", "KS"], [(0, 1, {"KS"}), (1, 1, {"KS"})])


def test_random_constraints_with_a_true_deal_always_fit():
    """Whatever each seat is known to lack, the true deal fits, so a deal is found; every
    card is used once and no seat gets a rank it lacks."""
    rng = random.Random(7)
    for _ in range(300):
        deck = standard_deck()
        rng.shuffle(deck)
        sizes = [rng.randint(0, 9) for _ in range(4)]
        starts = list(itertools.accumulate([0, *sizes]))
        truth = [deck[a:b] for a, b in itertools.pairwise(starts)]
        pool = deck[: starts[-1] + rng.randint(0, 5)]
        rng.shuffle(pool)
        lacks = [{rank(c) for c in deck if rng.random() < 0.3} - {rank(c) for c in held} for held in truth]
        hands, left = deal_to_fit(pool, [(s, sizes[s], lacks[s]) for s in range(4)], key=rank)
        assert sorted([*itertools.chain.from_iterable(hands.values()), *left]) == sorted(pool)
        for s in range(4):
            assert len(hands[s]) == sizes[s] and all(rank(c) not in lacks[s] for c in hands[s])


def test_a_greedy_deal_takes_the_first_cards_each_seat_may_hold_in_turn():
    pool = ["AS", "2S", "AH", "3S", "KH"]
    hands, left = deal_greedy(pool, [(1, 1, {"AS", "2S", "3S"}), (2, 2, set()), (1, 1, set())])
    assert hands == {1: ["AH", "3S"], 2: ["AS", "2S"]} and left == ["KH"]
    assert deal_greedy(pool, [(0, 2, {"A", "2", "3"})], key=rank) is None
