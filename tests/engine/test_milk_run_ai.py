"""Milk Run's seat AIs: the heuristic's ranking and the flat search of the normal and hard seats."""

from __future__ import annotations

import json
import random

import pytest

from engine import GAMES
from engine.ai import make_player
from engine.milk_run_ai import heuristic_action, ranked_plays
from engine.milk_run_search import HARD_EFFORT, NORMAL_EFFORT, Effort, MilkRunSearch, _candidates, _what_it_does
from tests.engine.test_milk_run import arrange, deal, stacked

MR = GAMES["milk_run"]
SMALL = {2: Effort(3, 6, 12), 3: Effort(3, 4, 12)}  # a quick search for tests


def mid_game(players, seed, moves):
    s = MR.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = s.to_move[0]
        s.apply(seat, heuristic_action(s, seat, rng))
    return s


def at_plays(s):
    """The first position from `s` on (by the heuristic) where the seat to move plays a card."""
    rng = random.Random(0)
    while s.draws < 2:
        seat = s.to_move[0]
        s.apply(seat, heuristic_action(s, seat, rng))
    return s


def winning_steal_position():
    """Seat 0 has 30 red and 26 black, a black limit of 4 and a joker. Stealing seat 1's 4S wins;
    the heuristic prefers stealing the leader's (seat 2's) 3C, which leaves it one short."""
    hands = [["JK", "2H", "3H", "5H", "8H", "9H"], stacked()[1], ["4C", "5C", "6C", "4D", "5D", "6D"]]
    piles = [
        (0, "red", "deliver", ["10H", "10D", "10H"]),
        (0, "black", "deliver", ["10S", "10C", "6S"]),
        (0, "black", "go", ["KC"]),
        (0, "black", "limit", ["4C"]),
        (1, "black", "go", ["QS"]),
        (1, "black", "deliver", ["4S"]),
        (2, "black", "go", ["KS"]),
        (2, "black", "deliver", ["3C"]),
        (2, "red", "deliver", ["10D", "9D", "8D"]),
    ]
    return arrange(deal(hands), piles=piles)


def test_ranked_plays_lead_with_the_heuristics_choice_and_list_every_play():
    for players, seed in ((2, 1), (5, 2), (8, 3)):
        s = at_plays(mid_game(players, seed, 9 * players))
        seat = s.to_move[0]
        ranked = ranked_plays(s, seat, random.Random(7))
        assert ranked[0] == heuristic_action(s, seat, random.Random(7))
        assert sorted(a.text for a in ranked) == sorted(a.text for a in s.legal_actions(seat))
    assert ranked_plays(MR.new(2, seed=0), 0, random.Random(0)) == []  # draws are not plays


def test_the_normal_and_hard_seats_are_the_search():
    normal = make_player("normal", seed=1, game="milk_run")
    hard = make_player("hard", seed=1, game="milk_run")
    assert isinstance(normal, MilkRunSearch) and isinstance(hard, MilkRunSearch)
    assert normal.efforts is NORMAL_EFFORT and hard.efforts is HARD_EFFORT
    assert hard.time_limit > normal.time_limit
    for players in (2, 3):
        more, less = HARD_EFFORT[players], NORMAL_EFFORT[players]
        assert more.worlds > less.worlds and more.candidates >= less.candidates


def test_search_finds_an_immediate_winning_steal_the_heuristic_passes_over():
    s = winning_steal_position()
    assert s.heuristic_action(0, random.Random(0)).text == "go jk black to 2"
    action = MilkRunSearch(seed=0, efforts=SMALL).choose(s, 0)
    assert action.text == "go jk black to 1"
    s.apply(0, action)
    assert s.winner == 0


def test_search_is_deterministic_for_a_seed_and_leaves_the_state_alone():
    s = at_plays(mid_game(4, 5, 30))
    before = json.dumps(s.dump(), sort_keys=True)
    seat = s.to_move[0]
    first = [MilkRunSearch(seed=11, efforts=SMALL).choose(s, seat).text for _ in range(2)]
    assert first[0] == first[1]
    assert json.dumps(s.dump(), sort_keys=True) == before


def test_search_plays_only_legal_moves_through_games_at_two_and_eight_seats():
    for players, moves in ((2, 400), (8, 160)):
        s = MR.new(players, seed=players)
        seats = [MilkRunSearch(seed=seat, efforts=SMALL) for seat in range(players)]
        searched = 0
        for _ in range(moves):
            if s.over:
                break
            seat = s.to_move[0]
            action = seats[seat].choose(s, seat)
            assert action.text in {a.text for a in s.legal_actions(seat)}
            searched += seats[seat].last_worlds > 0
            s.apply(seat, action)
        assert searched > 10  # the plays were searched, not only handed to the heuristic
        assert all(p.capped == 0 for p in seats)


def test_distinct_candidates_leave_out_plays_that_do_the_same_thing():
    s = at_plays(mid_game(4, 5, 30))
    seat = s.to_move[0]
    ranked = ranked_plays(s, seat, random.Random(3))
    some = _candidates(ranked, Effort(4, 1, 1))
    distinct = _candidates(ranked, Effort(4, 1, 1, distinct=True))
    assert some == ranked[:4]
    assert distinct[0] == ranked[0] and len(distinct) == min(4, len({_what_it_does(a) for a in ranked}))
    assert len({_what_it_does(a) for a in distinct}) == len(distinct)


def test_what_a_play_does_ignores_suit_and_face_within_a_colour():
    s = arrange(deal([["8C", "8S", "JC", "KS", "8H", "JK"], stacked()[1]]))
    same = [("limit 8c", "limit 8s"), ("go jc", "go ks"), ("discard 8c", "discard 8s")]
    for one, other in same:
        assert _what_it_does(s.parse(0, one)) == _what_it_does(s.parse(0, other))
    assert _what_it_does(s.parse(0, "limit 8c")) != _what_it_does(s.parse(0, "limit 8h"))
    assert _what_it_does(s.parse(0, "limit 8c")) != _what_it_does(s.parse(0, "limit 8c to 1"))


def test_plays_needed_with_raising_counts_a_held_higher_card_as_one_play_to_lift_the_limit():
    from engine.milk_run_ai import STUCK, plays_needed

    s = arrange(deal(stacked()))  # seat 0: 6S 9H KS AH JK 2C, every limit 5
    # black: raising with the 6S (1 + 2C + 28 / 4) ties keeping the 5 (2C + 28 / 3.5): 9 either
    # way; red: the 9H raises the limit to 9, then 30 at 5.5 a play.
    assert plays_needed(s, 0) == pytest.approx(1 + 1 + 28 / 3.5 + STUCK + 30 / 3.5)
    assert plays_needed(s, 0, raising=True) == pytest.approx(1 + 9 + STUCK + 1 + 30 / 5.5)
    lowered = arrange(deal(stacked()), piles=[(0, "red", "limit", ["2D"])])
    # a low limit costs one play to undo with the 9H, not the whole race at 2 a play
    assert plays_needed(lowered, 0, raising=True) == pytest.approx(plays_needed(s, 0, raising=True))
    assert plays_needed(lowered, 0) > plays_needed(s, 0) + 5
