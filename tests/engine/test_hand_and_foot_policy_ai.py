"""Hand and Foot's normal-seat policy: wilds kept for wild piles, the endgame, the opening, legal play."""

from __future__ import annotations

import json
import random
from itertools import chain

from engine import GAMES
from engine.ai import make_player
from engine.hand_and_foot_ai import heuristic
from engine.hand_and_foot_policy import EASY_STYLE, STYLE, PolicyPlayer, policy
from tests import positions
from tests.engine.test_hand_and_foot import piles, position
from tests.engine.test_hand_and_foot_ai import asked

HF = GAMES["hand_and_foot"]
OPEN_KINGS = ["K", ["KH"] * 5]  # an incomplete natural meld of five


def heuristic_states(seeds=range(2), every=7):
    """Every `every`-th position of seeded one-hand matches the heuristic plays."""
    for seed in seeds:
        s = HF.new(4, seed=seed, options={"hands": "1"})
        players = {seat: make_player("heuristic", seed=seed * 10 + seat) for seat in range(4)}
        step = 0
        while not s.over:
            if step % every == 0:
                yield s
            seat = s.to_move[0]
            s.apply(seat, players[seat].choose(s, seat))
            step += 1


def test_the_easy_style_plays_exactly_as_the_heuristic():
    for s in heuristic_states():
        seat = s.to_move[0]
        assert policy(s, seat, random.Random(0), EASY_STYLE).text == heuristic(s, seat, random.Random(0)).text


def test_policy_plays_only_legal_actions():
    # the generators go on changing the state they yield: check each as it comes
    for s in chain(positions.random_states(HF, 4, seeds=range(2), every=25), heuristic_states(range(1), every=11)):
        seat = s.to_move[0]
        assert policy(s, seat, random.Random(0)).text in {a.text for a in s.legal_actions(seat)}


def test_policy_starts_another_wild_meld_where_the_heuristic_dirties_a_natural_one():
    s = position(["2C", "2D", "JK", "9H", "5S"], melds=[[*piles(), OPEN_KINGS], []])
    assert heuristic(s, 0, random.Random(0)).text == "meld 2 on k"
    assert policy(s, 0, random.Random(0)).text == "meld 2 2 jk"


def test_policy_keeps_a_lone_wild_and_pairs_until_the_endgame():
    hand = ["2C", "9H", "9D", "5S"]
    early = position(hand, melds=[[*piles(), OPEN_KINGS], []])
    assert policy(early, 0, random.Random(0)).text.startswith("discard")
    late = position(hand, melds=[[*piles(), OPEN_KINGS], []], stock=["5S"] * (STYLE.endgame - 1))
    assert policy(late, 0, random.Random(0)).text == "meld 2 on k"


def test_policy_opens_with_wilds_alone_before_a_pair_and_a_wild():
    s = position(["2C", "2D", "JK", "9H", "9D", "5S", "6S"], opened=[False, False])
    assert heuristic(s, 0, random.Random(0)).text == "meld 9 9 jk"
    assert policy(s, 0, random.Random(0)).text == "meld 2 2 jk"


def test_the_normal_and_hard_seats_are_the_registered_policy():
    for kind in ("normal", "hard"):
        assert isinstance(make_player(kind, seed=1, game="hand_and_foot"), PolicyPlayer)


def test_normal_seat_plays_the_policy_and_leaves_the_state_alone():
    for s in heuristic_states(range(1), every=13):
        seat = s.to_move[0]
        before = json.dumps(s.dump(), sort_keys=True)
        move = make_player("normal", seed=5, game="hand_and_foot").choose(s, seat).text
        assert json.dumps(s.dump(), sort_keys=True) == before
        assert move == policy(s, seat, random.Random(0)).text


def test_normal_seat_answers_may_i_go_out_by_the_match_standing():
    win = asked(["9C", "9D", "9H"], ["JK", "JK", "AS", "AD"], options={"hands": "1"}, hand_no=1)
    lose = asked(["9C", "9D", "9H"], ["5S"], options={"hands": "1"}, hand_no=1, melds=[piles(), piles() + piles()])
    seat = make_player("normal", seed=1, game="hand_and_foot")
    assert seat.choose(win, 2).text == "yes" and seat.choose(lose, 2).text == "no"
