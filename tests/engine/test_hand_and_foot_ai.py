"""Hand and Foot AI as a partner: safe discards, the answer to "may I go out?", the evaluation, legal play."""

from __future__ import annotations

import json
import random

import pytest

from engine import GAMES
from engine.ai import ISMCTSPlayer, make_player
from engine.core import Action
from engine.hand_and_foot_ai import _keeping, evaluate, out_margin, pickup_risk
from engine.hand_and_foot_policy import STYLE
from engine.hand_and_foot_search import FlatPlayer, _clear_best, decision
from tests import positions
from tests.engine.test_hand_and_foot import piles, position

HF = GAMES["hand_and_foot"]

# Seat 0 discards; 9 is its loosest card (the Qs and Ks are pairs). Seat 1 (the next player, an
# opponent) holds two 9s, and the table saw them go into its hand when it picked up.
PILE_UNDER = ["4D", "5D", "6D", "8D", "10D", "JD"]
HAND = ["9H", "QS", "QC", "KD", "KC"]
OPPONENT = ["9D", "9C", "5H"]


def discard_position(known_pair: bool):
    return position(
        HAND,
        hands=[HAND, OPPONENT, ["5D", "6D", "8D"], ["5C", "6C", "8C"]],
        discard=PILE_UNDER,
        known=[[], ["9D", "9C"] if known_pair else [], [], []],
    )


def asked(asker, answerer, **kw):
    """Seat 0 (in its foot, piles done) has asked its partner, seat 2, "may I go out?"."""
    kw.setdefault("melds", [piles(), []])
    kw.setdefault("in_foot", [True, False, True, False])
    s = position(asker, hands=[asker, ["5H", "6H", "8H"], answerer, ["5C", "6C", "8C"]], **kw)
    s.apply(0, "ask")
    return s


def answer(s):
    return s.heuristic_action(2, random.Random(0)).text


# -- discards ------------------------------------------------------------------


def test_heuristic_keeps_wilds_longest():
    s = position(["JK", "2C", "9H", "9D", "5S"], discard=["5D"])
    keep = _keeping(s, 0)
    by = {a.text: keep(a) for a in s.full_actions(0) if a.parts["verb"] == "discard"}
    assert by["discard 5"] < by["discard 9"] < by["discard 2"] < by["discard jk"]


def test_pickup_risk_is_certain_for_a_pair_the_table_saw_and_nil_for_a_black_three():
    s = discard_position(known_pair=True)
    assert pickup_risk(s, 0, "9") == 1.0 and pickup_risk(s, 0, "3") == 0.0
    unknown = pickup_risk(discard_position(known_pair=False), 0, "9")
    assert 0.0 < unknown < 0.5


def test_pickup_risk_reads_letter_ranks_and_jokers_as_ranks_or_tokens():
    s = discard_position(known_pair=False)
    s.hands[1], s.known[1] = ["KD", "KS", "JK", "JK"], ["KD", "KS", "JK", "JK"]
    assert pickup_risk(s, 0, "K") == pickup_risk(s, 0, "k") == 1.0
    assert pickup_risk(s, 0, "JK") == pickup_risk(s, 0, "jk") == 1.0
    assert pickup_risk(s, 0, "Q") < 0.5


def test_pickup_risk_falls_as_copies_are_seen():
    s = discard_position(known_pair=False)
    before = pickup_risk(s, 0, "9")
    s.melds[0] = [["9", ["9S", "9S", "9S", "9D", "9D", "9D"]]]
    assert pickup_risk(s, 0, "9") < before


def test_heuristic_throws_its_loosest_card_when_nobody_is_known_to_want_it():
    assert discard_position(known_pair=False).heuristic_action(0, random.Random(0)).text == "discard 9"


def test_heuristic_keeps_the_card_that_would_hand_the_opponents_the_pile():
    assert discard_position(known_pair=True).heuristic_action(0, random.Random(0)).text != "discard 9"


def test_search_keeps_the_card_that_would_hand_the_opponents_the_pile():
    s = discard_position(known_pair=True)
    choice = ISMCTSPlayer(iterations=150, seed=3).choose(s, 0)
    assert choice.text in ("discard q", "discard k")


# -- "may I go out?" -----------------------------------------------------------


def test_answer_no_when_holding_over_100_in_an_early_hand():
    s = asked(["9C", "9D", "9H"], ["JK", "JK", "5S"])
    assert s.hand_no < s.max_hands and answer(s) == "no"
    s.hands[2] = ["JK", "5S"]
    assert answer(s) == "yes"


def test_answer_yes_in_an_early_hand_when_the_opponents_are_ready_to_go_out():
    s = asked(["9C", "9D", "9H"], ["JK", "JK", "5S"], melds=[piles(), piles()], in_foot=[True] * 4)
    assert answer(s) == "yes"


def test_last_hand_answer_yes_when_going_out_wins_whatever_the_answerer_holds():
    s = asked(["9C", "9D", "9H"], ["JK", "JK", "AS", "AD"], options={"hands": "1"}, hand_no=1)
    assert s.hand_no == s.max_hands and out_margin(s, 2) > 0
    assert answer(s) == "yes"


def test_last_hand_answer_no_when_going_out_would_lose_the_match():
    s = asked(["9C", "9D", "9H"], ["5S"], options={"hands": "1"}, hand_no=1, melds=[piles(), piles() + piles()])
    assert out_margin(s, 2) < 0 and answer(s) == "no"


def test_out_margin_counts_the_opponents_unseen_cards_and_feet_against_them():
    s = asked(["9C", "9D", "9H"], ["5S"], options={"hands": "1"}, hand_no=1, melds=[[], []])
    # Ours: +100 for going out, -5 held. Theirs: 3 + 3 unseen hand cards and two feet of 11, at 11 each.
    assert out_margin(s, 2) == 95 + 11 * (6 + 22)


def test_search_answers_yes_when_going_out_wins_the_last_hand():
    s = asked(["9C", "9D", "9H"], ["JK", "JK", "AS", "AD"], options={"hands": "1"}, hand_no=1)
    assert ISMCTSPlayer(iterations=60, seed=1).choose(s, 2).text == "yes"


def test_told_yes_the_heuristic_goes_out():
    s = asked(["9C", "9D", "9H"], ["5S"], options={"hands": "1"}, hand_no=1)
    s.apply(2, answer(s))
    s.apply(0, s.heuristic_action(0, random.Random(0)))
    assert s.over and s.last_hand["out"] == 0


def test_search_asks_when_its_side_can_go_out_in_a_level_race():
    # Both sides have their piles and all four players are in their feet: whoever goes out first wins.
    s = position(["9C", "9D", "9H", "KS"], melds=[piles(), piles()], in_foot=[True] * 4, options={"hands": "1"})
    s.hands[2] = ["5S", "6S"]
    assert ISMCTSPlayer(iterations=60, seed=2).choose(s, 0).text == "ask"


def test_told_yes_a_search_world_only_goes_out_the_heuristics_way():
    s = asked(["9C", "9D", "9H", "KS", "KD", "KH"], ["5S"])
    s.apply(2, "yes")
    assert len(s.legal_actions(0)) > 3
    world = s.determinize(0, random.Random(4))
    assert [a.text for a in world.legal_actions(0)] == [s.heuristic_action(0, random.Random(0)).text]


# -- evaluation and play ---------------------------------------------------------


def test_evaluation_prefers_melded_cards_to_loose_ones():
    melded = position(["5S"], melds=[[["K", ["KH"] * 5]], []])
    loose = position(["5S", "KH", "KH", "KH", "KH", "KH"], melds=[[], []])
    assert evaluate(melded)[0] > evaluate(loose)[0]


def test_evaluation_prefers_fewer_loose_cards_held():
    few = position(["5S"], melds=[[["K", ["KH"] * 4]], []])
    many = position(["5S", "9C", "JD", "AH"], melds=[[["K", ["KH"] * 4]], []])
    assert evaluate(few)[0] > evaluate(many)[0]
    assert sum(evaluate(few)[:2]) == pytest.approx(1.0)


def test_evaluation_of_a_finished_match_agrees_with_its_places():
    s = asked(["9C", "9D", "9H"], ["5S"], options={"hands": "1"}, hand_no=1)
    s.apply(2, "yes")
    s.apply(0, "meld 9 9 9")
    assert s.over and evaluate(s) == [1.0, 0.0, 1.0, 0.0]


def test_heuristic_plays_only_legal_actions():
    for s in positions.random_states(HF, 4, seeds=range(2), every=25):
        seat = s.to_move[0]
        legal = {a.text for a in s.legal_actions(seat)}
        assert s.heuristic_action(seat, random.Random(0)).text in legal


# -- the flat search (engine/hand_and_foot_search.py), kept for trials: no seat uses it now --


def normal(seed=0, worlds=4):
    return FlatPlayer(worlds=worlds, time_limit=None, seed=seed)


def test_the_flat_search_builds_on_the_normal_seats_policy():
    assert normal().style == STYLE and make_player("normal", seed=1, game="hand_and_foot").style == STYLE


def test_normal_seat_plays_legal_moves_deterministically_and_leaves_the_state_alone():
    for s in positions.random_states(HF, 4, seeds=range(1), every=40):
        seat = s.to_move[0]
        before = json.dumps(s.dump(), sort_keys=True)
        first = normal(seed=5).choose(s, seat).text
        assert json.dumps(s.dump(), sort_keys=True) == before
        assert first in {a.text for a in s.legal_actions(seat)}
        assert normal(seed=5).choose(s, seat).text == first


def test_normal_seat_judges_the_pickup_and_the_discard_but_not_melds_or_answers():
    s = discard_position(known_pair=True)
    pick = s.heuristic_action(0, random.Random(0))
    options = decision(s, 0, pick)
    assert options[0].text == pick.text
    assert len(options) == 3 and all(a.parts["verb"] == "discard" for a in options)
    asked_state = asked(["9C", "9D", "9H"], ["JK", "JK", "5S"])
    assert len(decision(asked_state, 2, asked_state.heuristic_action(2, random.Random(0)))) == 1


def test_normal_seat_does_not_hand_the_opponents_the_pile_when_it_has_a_safe_discard():
    s = discard_position(known_pair=True)
    player = normal(seed=2, worlds=8)
    assert player.choose(s, 0).text in ("discard q", "discard k")
    assert player.searched == 1


def test_normal_seat_answers_may_i_go_out_by_the_match_standing():
    win = asked(["9C", "9D", "9H"], ["JK", "JK", "AS", "AD"], options={"hands": "1"}, hand_no=1)
    lose = asked(["9C", "9D", "9H"], ["5S"], options={"hands": "1"}, hand_no=1, melds=[piles(), piles() + piles()])
    assert normal().choose(win, 2).text == "yes" and normal().choose(lose, 2).text == "no"
    early = asked(["9C", "9D", "9H"], ["JK", "JK", "5S"])
    assert normal().choose(early, 2).text == "no"


def test_clear_best_keeps_the_heuristic_move_unless_another_is_clearly_better():
    a, b = (Action(t, parts={"verb": "discard"}) for t in ("discard 5", "discard 9"))
    assert _clear_best([a, b], [[0, 0, 0, 0], [500, -400, 300, -300]]) is a  # noisy: keep
    assert _clear_best([a, b], [[0, 0, 0, 0], [20, 30, 25, 35]]) is a  # too small a gain
    assert _clear_best([a, b], [[0, 100, 0, 100], [300, 380, 290, 420]]) is b
