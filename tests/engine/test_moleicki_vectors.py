"""Moleicki: the eight vectors, equivalences, ties, matching and four of a kind."""

from __future__ import annotations

import itertools
import random

import pytest
from test_moleicki_support import position, refused

from engine.cards import rank
from engine.moleicki_vectors import (
    _HIGH_TO_LOW,
    BEATEN_BY,
    CARDS,
    RANKS_ABOVE,
    SEQUENCE,
    SEQUENCE_BIT,
    STRAIGHT_ENDS,
    STRENGTH,
    VECTORS,
    beats,
    is_aargh,
    parse_vector,
    straights_in,
    verdicts,
)


def card(r, s="S"):
    return r + s


def adjacent_pairs():
    """(vector, higher rank, lower rank) for every neighbouring step of every vector."""
    for v in VECTORS:
        steps = _HIGH_TO_LOW[v]
        for hi, lo in itertools.pairwise(steps):
            yield v, hi[0], lo[0]


@pytest.mark.parametrize(("vector", "high", "low"), list(adjacent_pairs()))
def test_each_step_of_each_vector_beats_the_next_and_not_back(vector, high, low):
    state = position([[card(high, "H"), "4D", "5D", "6D"], ["4C"]], pile=[card(low, "S")], vector=vector)
    events = state.apply(0, f"play {high.lower()}h")
    assert events[0].data["kind"] == "beat"
    if vector in ("up", "down") and high == "8":
        assert state.pending == "eight"  # the eight rule: beat your own 8 first
    else:
        assert state.current == 1  # the beat ended the turn
    state = position([[card(low, "H"), "4D", "5D", "6D"], ["4C"]], pile=[card(high, "S")], vector=vector)
    refused(state, 0, f"play {low.lower()}h", "doesn't beat")


def test_written_orders_high_to_low():
    def order(v):
        return sorted(STRENGTH[v], key=lambda r: -STRENGTH[v][r])

    assert order("up") == ["A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3"]
    assert order("down") == ["3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A"]
    assert order("north") == ["9", "J", "Q", "K", "A", "3", "4", "5", "6", "7"]
    # house rule: the south loop is the north loop reversed, J included
    assert order("south") == ["7", "6", "5", "4", "3", "A", "K", "Q", "J", "9"]
    assert STRENGTH["middle"]["7"] == STRENGTH["middle"]["9"] < STRENGTH["middle"]["8"]
    assert STRENGTH["antimiddle"]["3"] == STRENGTH["antimiddle"]["A"] > STRENGTH["antimiddle"]["4"]
    assert STRENGTH["into"]["6"] == STRENGTH["into"]["J"] > STRENGTH["into"]["7"] > STRENGTH["into"]["8"]
    assert STRENGTH["out"]["Q"] == STRENGTH["out"]["5"] > STRENGTH["out"]["K"] > STRENGTH["out"]["3"]
    assert "8" not in STRENGTH["north"] and "8" not in STRENGTH["south"]


@pytest.mark.parametrize("vector", ["middle", "antimiddle"])
def test_middle_equivalents_match_and_tie_each_other(vector):
    # "a 7 and a 9 ... can be played at the same time (matching), can be used to tie one another"
    state = position([["7H", "9D", "4D", "5D"], ["4C"]], pile=["9S"], vector=vector)
    assert state.parse(0, "play 9d 7h").text == "play 7h 9d"
    events = state.apply(0, "play 9d 7h")
    assert events[0].data["kind"] == "tie" and state.pending == "tied"


def test_middle_mixed_sevens_and_nines_make_four_of_a_kind():
    state = position([["7H", "9D", "9C", "5D"], ["4C"]], pile=["7S"], vector="middle")
    events = state.apply(0, "play 7h 9d 9c")
    assert "burn" in [e.kind for e in events]
    assert state.pile == [] and state.pending == "again" and state.current == 0


@pytest.mark.parametrize("vector", ["into", "out"])
def test_into_and_out_of_the_page_forbid_matching_or_tying_equivalents(vector):
    # "a player could play two Qs at once, but not a Q and a 5"
    state = position([["QH", "QD", "5D", "4C"], ["4H"]], pile=[], vector=vector)
    refused(state, 0, "play qh 5d", "equivalent")
    assert state.parse(0, "play qd qh").text == "play qh qd"
    # a 5 neither ties nor beats an equal-valued Q; a Q does tie a Q
    state = position([["5D", "QD", "4C", "4D"], ["4H"]], pile=["QS"], vector=vector)
    refused(state, 0, "play 5d", "doesn't beat")
    events = state.apply(0, "play qd")
    assert events[0].data["kind"] == "tie"


def test_one_higher_card_beats_several_lower_ones():
    state = position([["KS", "4D", "5D", "6D"], ["4C"]], pile=["7S", "7H", "7D"])
    state.apply(0, "play ks")
    assert state.pile[-1] == "KS" and state.current == 1


def test_tie_then_beat():
    state = position([["7H", "9D", "4D", "5D"], ["4C"]], pile=["7S"])
    events = state.apply(0, "play 7h")
    assert events[0].data["kind"] == "tie"
    assert state.to_move == (0,) and state.pending == "tied"
    refused(state, 0, "play 4d", "doesn't beat")
    state.apply(0, "play 9d")
    assert state.current == 1


def test_tie_then_unable_to_beat_picks_up():
    state = position([["7H", "4D", "5D", "6D"], ["4C"]], pile=["3S", "7S"])
    state.apply(0, "play 7h")
    assert [a.text for a in state.legal_actions(0)][-1] == "pickup"
    state.apply(0, "pickup")
    assert sorted(state.hands[0]) == sorted(["4D", "5D", "6D", "3S", "7S", "7H"])
    assert state.current == 1 and state.pile == []


def test_pick_up_only_when_nothing_visible_beats():
    state = position([["9H", "4D", "5D", "6D"], ["4C"]], pile=["7S"])
    refused(state, 0, "pickup", "only when nothing you can see beats")
    state = position([["2H", "4D", "5D", "6D"], ["4C"]], pile=["7S"])
    state.apply(0, "pick up")  # an aargh card doesn't oblige you to play it
    assert state.current == 1


def test_four_of_a_kind_by_tying_burns_and_the_player_goes_again():
    state = position([["7D", "7C", "5D", "6D"], ["4C"]], pile=["3S", "7S", "7H"])
    events = state.apply(0, "play 7c 7d")
    assert events[0].data["kind"] == "tie"
    assert [e.kind for e in events][1] == "burn"
    assert state.pile == [] and "7S" in state.bad and "3S" in state.bad
    assert state.to_move == (0,) and state.pending == "again"
    state.apply(0, "play 5d")
    assert state.current == 1


def test_vector_names_are_forgiving():
    assert parse_vector("Anti-Middle") == "antimiddle"
    assert parse_vector("into the page") == "into"
    assert parse_vector("Out of the page") == "out"
    assert parse_vector("north loop") == "north"
    assert parse_vector("sideways") is None


def test_tie_with_several_then_beat_with_several():
    # "tie a card with several cards at once, and then beat the card with several matching cards"
    state = position([["7H", "7D", "KS", "KH", "4D"], ["4C"]], pile=["7S"])
    state.apply(0, "play 7h 7d")
    assert state.pending == "tied"
    state.apply(0, "play kh ks")
    assert state.pile[-2:] == ["KS", "KH"] and state.current == 1


def test_an_eight_in_up_or_down_cannot_be_tied():
    state = position([["8H", "9D", "4D"], ["4C"]], pile=["8S"])
    refused(state, 0, "play 8h", "can't be tied")
    state = position([["8H", "9D", "4D"], ["4C"]], pile=["8S"], vector="middle")
    assert state.apply(0, "play 8h")[0].data["kind"] == "tie"  # elsewhere an 8 is an ordinary card


# -- the lookup tables the move lists read agree with the functions they stand for --------


def test_tables_of_beating_cards_and_ranks_agree_with_beats():
    for v in VECTORS:
        for top in CARDS:
            beaters = {c for c in CARDS if not is_aargh(c) and beats(c, top, v)}
            assert BEATEN_BY[v][top] == beaters
            assert RANKS_ABOVE[v][top] == {rank(c) for c in beaters}


@pytest.mark.parametrize("vector", ["up", "down"])
def test_straight_ends_find_the_straights_straights_in_finds(vector):
    rng = random.Random(vector)
    found = 0
    for _ in range(400):
        hand = rng.sample(CARDS, rng.randint(4, 14))
        faces = {rank(c) for c in hand}
        ends = STRAIGHT_ENDS[sum(SEQUENCE_BIT[vector][f] for f in faces)]
        seq = SEQUENCE[vector]
        assert [seq[i - 3 : i + 1] for i in ends] == [tuple(rank(c) for c in s) for s in straights_in(hand, vector)]
        found += len(ends)
    assert found > 50


def test_verdicts_say_what_a_lead_card_makes_of_the_top():
    assert verdicts("up", "7S", False)["9H"] == "beat"
    assert verdicts("up", "7S", False)["5H"] is None
    assert verdicts("up", "7S", False)["7D"] == "tie"
    assert verdicts("up", "7S", True)["9H"] is None  # adding to one's own play: only ties
    assert verdicts("up", "7S", True)["7D"] == "tie"
    assert verdicts("middle", "7S", False)["9D"] == "tie"  # 7 and 9 are equivalent there
    assert verdicts("into", "6S", False)["JD"] is None  # equivalent but different faces: no tie
    assert verdicts("north", None, False)["8D"] == "junction"
    assert verdicts("north", None, True)["8D"] is None
    assert verdicts("up", None, False)["2C"] == "aargh"
    assert verdicts("up", None, False)["4C"] == "beat"  # anything goes on a blank pile
