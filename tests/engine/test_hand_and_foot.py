"""Hand and Foot: the rule text's rules on stacked decks, the spec's house rules, notation, views, AI support."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine import GAMES, IllegalAction
from engine.hand_and_foot_melds import CARDS, meld_ok, opening_reach, piles_done, value

HF = GAMES["hand_and_foot"]

FILLER = ["5S", "6S", "8S", "9S", "10S", "JS", "QS", "KS"] * 6


# -- helpers ------------------------------------------------------------------


def deal(hands, feet=None, stock=(), seed=0, hands_opt="4"):
    """A new game with the hands, the feet and the top of the stock stacked; short hands and
    feet are padded with plain naturals (no 3s, no wilds) the deck still has."""
    feet = feet or [[] for _ in range(4)]
    left = Counter(CARDS)
    left.subtract(c for part in (*hands, *feet, stock) for c in part)
    pad = [c for c in CARDS if c[:-1] in ("6", "8", "9", "J", "Q") for _ in range(1) if left[c] > 0]
    pad = [c for c in dict.fromkeys(pad) for _ in range(left[c])]

    def full(cards):
        return list(cards) + [pad.pop() for _ in range(11 - len(cards))]

    hands = [full(h) for h in hands]
    feet = [full(f) for f in feet]
    deck = [hands[p % 4][p // 4] for p in range(44)] + [feet[p % 4][p // 4] for p in range(44)] + list(stock)
    return HF.new(4, seed=seed, options={"hands": hands_opt}, deck=deck)


def position(hand, **kw):
    """A position built from its parts (seat 0 to move in `play` unless told otherwise)."""
    data = HF.new(4, seed=1).dump()
    hands = kw.pop("hands", None) or [list(hand), ["5H", "6H", "8H"], ["5D", "6D", "8D"], ["5C", "6C", "8C"]]
    data.update(
        hands=[list(h) for h in hands],
        feet=kw.pop("feet", [["4C"] * 11 for _ in range(4)]),
        in_foot=kw.pop("in_foot", [False] * 4),
        known=[[] for _ in range(4)],
        stock=list(kw.pop("stock", FILLER)),
        bottom=0,
        discard=list(kw.pop("discard", ["9D"])),
        melds=kw.pop("melds", [[], []]),
        staged=[],
        locked=0,
        waiting=[],
        opened=kw.pop("opened", [True, True]),
        red_threes=[0, 0],
        phase=kw.pop("phase", "play"),
        turn=kw.pop("turn", 0),
        permission=kw.pop("permission", None),
        must_end=False,
        scores=[0, 0],
    )
    data.update(kw)
    return HF.load(data)


def texts(state, seat=None):
    return [a.text for a in state.legal_actions(state.to_move[0] if seat is None else seat)]


def piles(clean=2, dirty=2, wild=1):
    out = [["K", ["KH"] * 7]] * clean + [["Q", ["QH"] * 6 + ["2C"]]] * dirty + [["wild", ["JK"] * 7]] * wild
    return [[r, list(c)] for r, c in out]


def refused(state, seat, text, words):
    before = json.dumps(state.dump(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, text)
    assert words in str(err.value)
    assert json.dumps(state.dump(), sort_keys=True) == before


# -- the deal -----------------------------------------------------------------


def test_stacked_deal_hands_feet_and_upcard():
    ranks = ("A", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    hands = [[r + suit for r in ranks] for suit in "SHDC"]
    feet = [["KD"] * 4 + ["QD"] * 4 + ["JD"] * 3, ["KC"] * 4 + ["QC"] * 4 + ["JC"] * 3, [], ["10H"] * 4]
    s = deal(hands, feet, stock=["9C", "8C", "7C"])
    assert s.hands[0] == ["AS", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    assert s.hands[3] == [r + "C" for r in ranks]
    assert s.feet[1] == ["KC"] * 4 + ["QC"] * 4 + ["JC"] * 3 and s.feet[3][:4] == ["10H"] * 4
    assert s.discard == ["9C"]
    assert s.stock[:2] == ["8C", "7C"]
    assert s.dealer == 3 and s.to_move == (0,) and s.phase == "draw"
    assert s.view(None)["minimum"] == 50


def test_wild_or_red_three_upcard_goes_under_the_stock():
    s = deal([[], [], [], []], stock=["JK", "3H", "2C", "9C", "8C"])
    assert s.discard == ["9C"]
    assert s.stock[0] == "8C"
    assert s.stock[-3:] == ["JK", "3H", "2C"]
    assert s.bottom == 3


def test_red_threes_in_hands_are_laid_and_replaced_seat_zero_first():
    s = deal([["3H"], [], ["3D"], []], stock=["9C", "AC", "AD"])
    assert "AC" in s.hands[0] and "AD" in s.hands[2]
    assert s.red_threes == [2, 0]
    assert all(len(h) == 11 for h in s.hands)


def test_card_values():
    assert [value(c) for c in ("JK", "2C", "AS", "KD", "8H", "7S", "4C", "3S", "3H")] == [
        50,
        20,
        20,
        10,
        10,
        5,
        5,
        5,
        100,
    ]


# -- drawing ------------------------------------------------------------------


def test_draw_takes_two_and_lays_a_drawn_red_three():
    s = position(["KS", "QS"], phase="draw", stock=["9C", "3D", "8C", "7C"])
    s.apply(0, "draw")
    assert sorted(s.hands[0]) == sorted(["KS", "QS", "9C", "8C"])
    assert s.red_threes == [1, 0] and s.stock == ["7C"] and s.phase == "play"


def test_pickup_needs_two_naturals_and_melds_the_top_card():
    discard = ["4D", "5D", "6D", "8D", "9D", "10D", "JD", "7H"]
    s = position(["7S", "7C", "KS", "QS"], phase="draw", discard=discard)
    assert "pickup" in texts(s)
    s.apply(0, "pickup")
    assert s.melds[0] == [["7", ["7H", "7S", "7C"]]]
    assert s.discard == ["4D"]
    assert sorted(s.hands[0]) == sorted(["KS", "QS", "5D", "6D", "8D", "9D", "10D", "JD"])
    assert Counter(s.known[0]) == Counter(["5D", "6D", "8D", "9D", "10D", "JD"])


def test_pickup_refused_with_one_natural_or_a_wild_pair():
    s = position(["7S", "2C", "JK", "KS"], phase="draw", discard=["7H"])
    assert "pickup" not in texts(s)
    refused(s, 0, "pickup", "two natural 7s")


def test_no_pickup_under_a_black_three():
    s = position(["3S", "3C", "KS"], phase="draw", discard=["3C"])
    refused(s, 0, "pickup", "black 3")


def test_joker_on_top_needs_two_jokers_not_twos():
    s = position(["2S", "2C", "KS"], phase="draw", discard=["JK"])
    refused(s, 0, "pickup", "two jokers")
    s = position(["JK", "JK", "KS"], phase="draw", discard=["9H", "JK"])
    s.apply(0, "pickup")
    assert s.melds[0] == [["wild", ["JK", "JK", "JK"]]]


def test_pickup_joins_the_incomplete_meld_only_if_it_fits():
    melds = [[["7", ["7D", "7D", "7D", "7D"]]], []]
    s = position(["7S", "7C", "KS"], phase="draw", discard=["7H"], melds=melds)
    s.apply(0, "pickup")
    assert s.melds[0] == [["7", ["7D"] * 4 + ["7H", "7S", "7C"]]]
    melds = [[["7", ["7D"] * 5]], []]
    s = position(["7S", "7C", "KS"], phase="draw", discard=["7H"], melds=melds)
    refused(s, 0, "pickup", "don't fit")


# -- melds --------------------------------------------------------------------


def test_meld_wild_limits():
    assert meld_ok("7", ["7S", "7S", "2C"])
    assert not meld_ok("7", ["7S", "2S", "2C"])
    assert not meld_ok("7", ["7S"] * 3 + ["2C", "JK"])
    assert meld_ok("7", ["7S"] * 4 + ["2C", "JK"])
    assert meld_ok("wild", ["2S", "2C", "JK"])
    assert not meld_ok("7", ["7S"] * 8)


def test_second_wild_waits_for_six_cards():
    s = position(["2C", "2D", "7S", "KS", "KS"], melds=[[["7", ["7H"] * 4 + ["JK"]]], []])
    assert "meld 2 on 7" in texts(s)
    s = position(["2C", "7S", "KS", "KS"], melds=[[["7", ["7H"] * 3 + ["JK"]]], []])
    assert "meld 2 on 7" not in texts(s)
    refused(s, 0, "meld 2 on 7", "Too many wilds")


def test_one_incomplete_meld_per_rank_and_a_new_one_after_a_pile():
    s = position(["7S", "7C", "7D", "KS", "KS"], melds=[[["7", ["7H"] * 3]], []])
    assert "meld 7" in texts(s) and "meld 7 7 7" not in texts(s)
    s.apply(0, "meld 7 7 7")  # goes onto the incomplete 7s
    assert s.melds[0] == [["7", ["7H"] * 3 + ["7S", "7C", "7D"]]]
    s = position(["7S", "7C", "7D", "KS", "KS"], melds=[[["7", ["7H"] * 7]], []])
    assert "meld 7 7 7" in texts(s)
    s.apply(0, "meld 7 7 7")
    assert len(s.melds[0]) == 2


def test_a_pile_takes_no_more():
    s = position(["7S", "KS", "KS"], melds=[[["7", ["7H"] * 7]], []])
    refused(s, 0, "meld 7", "three cards")


def test_black_threes_never_meld():
    s = position(["3S", "3C", "3S", "KS"])
    refused(s, 0, "meld 3 3 3", "Black 3s never meld")
    assert "discard 3" in texts(s)


def test_wilds_alone_need_an_incomplete_meld():
    s = position(["2S", "KS", "KS"])
    refused(s, 0, "meld 2 on 7", "no incomplete 7s")


def test_melds_go_to_the_movers_side_only():
    s = position(["9S", "9S", "9S", "KS", "QS"], turn=1, hands=[["KS"], ["9S", "9S", "9S", "KS", "QS"], [], []])
    s.apply(1, "meld 9 9 9")
    assert s.melds == [[], [["9", ["9S"] * 3]]]


# -- opening ------------------------------------------------------------------


def test_staged_melds_open_at_the_minimum_and_takeback():
    s = position(["7S"] * 4 + ["KS"] * 4 + ["4D", "5D"], opened=[False, False])
    s.apply(0, "meld 7 7 7")
    assert s.staged == [["7", ["7S"] * 3]] and not s.opened[0]
    refused(s, 0, "discard 4", "to open")
    assert "discard 4" not in texts(s)
    s.apply(0, "takeback")
    assert s.staged == [] and len(s.hands[0]) == 10
    s.apply(0, "meld 7 7 7")
    s.apply(0, "meld k k k")  # 15 + 30 = 45 < 50
    assert not s.opened[0]
    s.apply(0, "meld 7")  # 50: open
    assert s.opened[0] and s.staged == []
    s.apply(0, "meld k")
    assert s.melds[0] == [["7", ["7S"] * 4], ["K", ["KS"] * 4]]  # 55 ≥ 50
    s.apply(0, "discard 4")
    assert s.turn == 1


def test_unopened_pickup_stays_staged_until_the_minimum_then_the_six_join():
    discard = ["4D", "5D", "6D", "8D", "9D", "10D", "JD", "9H"]
    s = position(["9S", "9C", "KS", "KS", "KS", "4C"], phase="draw", discard=discard, opened=[False, False])
    s.apply(0, "pickup")
    assert s.staged == [["9", ["9H", "9S", "9C"]]] and len(s.waiting) == 6
    assert s.view(None)["waiting"] == 6
    assert "takeback" not in texts(s)
    s.apply(0, "meld k k k")  # 30 + 30 = 60 ≥ 50
    assert s.opened[0] and s.waiting == [] and len(s.hands[0]) == 7


def test_unopened_pickup_needs_the_minimum_reachable():
    s = position(["7S", "7C", "KS", "QS", "4C"], phase="draw", discard=["7H"], opened=[False, False])
    refused(s, 0, "pickup", "50 points")


def test_takeback_keeps_a_pickups_three():
    discard = ["4D", "9H"]
    hand = ["9S", "9C", "5S", "5S", "5S", "6S", "6S", "6S", "4C", "4C"]
    s = position(hand, phase="draw", discard=discard, opened=[False, False], hands=[hand, ["KH"], ["KH"], ["KH"]])
    rest = ["5S", "5S", "5S", "6S", "6S", "6S", "4C", "4C"]
    assert opening_reach(rest, [["9", ["9H", "9S", "9C"]]]) == (60, 6)
    s.apply(0, "pickup")
    s.apply(0, "meld 5 5 5")
    assert not s.opened[0]  # 30 + 15 = 45
    s.apply(0, "takeback")
    assert s.staged == [["9", ["9H", "9S", "9C"]]]
    assert Counter(s.hands[0]) == Counter(rest)
    refused(s, 0, "meld 4 4 5", "one rank")


# -- the foot -----------------------------------------------------------------


def test_hand_emptied_by_melding_takes_up_the_foot_at_once():
    feet = [["9C"] * 10 + ["3H"], [], [], []]
    s = position(["KS", "KS", "KS"], feet=feet, stock=["8C", *FILLER])
    s.apply(0, "meld k k k")
    assert s.in_foot[0] and s.feet[0] == []
    assert sorted(s.hands[0]) == sorted(["9C"] * 10 + ["8C"])  # the red 3 laid and replaced
    assert s.red_threes == [1, 0] and s.turn == 0


def test_hand_emptied_by_discarding_takes_up_the_foot_next_turn():
    s = position(["KS"], hands=[["KS"], ["5H", "6H", "7H"], ["5D"], ["5C"]])
    s.apply(0, "discard k")
    assert not s.in_foot[0] and s.hands[0] == []
    for seat in (1, 2, 3):
        s.apply(seat, "draw")
        s.apply(seat, f"discard {s.hands[seat][0][:-1].lower()}")
    assert s.in_foot[0] and len(s.hands[0]) == 11 and s.phase == "draw"


def test_foot_player_keeps_two_cards_unless_going_out():
    s = position(["KS", "KS", "KS", "9C"], in_foot=[True, False, False, False])
    assert "meld k k k" not in texts(s)
    refused(s, 0, "meld k k k", "keep at least two cards")
    s = position(["9C"], in_foot=[True, False, False, False])
    assert "discard 9" not in texts(s)
    refused(s, 0, "discard 9", "keep a card")


# -- going out ----------------------------------------------------------------


def test_going_out_by_melding_after_a_yes():
    melds = [[*piles(), ["K", ["KH"] * 3]], []]
    s = position(["KS", "KS"], melds=melds, in_foot=[True, False, True, False])
    assert "meld k" not in texts(s)
    s.apply(0, "ask")
    assert s.to_move == (2,) and texts(s) == ["yes", "no"]
    refused(s, 0, "meld k", "isn't your turn")
    s.apply(2, "yes")
    s.apply(0, "meld k")
    events = s.apply(0, "meld k")
    end = next(e for e in events if e.kind == "hand_end")
    assert end.data["out"] == 0
    side0 = end.data["sides"][0]
    # two clean 500 + two dirty 300 + wild 1500; cards: 2×70 + 2×80 + 350 + 5 kings 50
    assert side0["melds"] == 2 * 500 + 2 * 300 + 1500 + 140 + 160 + 350 + 50
    assert side0["bonus"] == 100
    assert s.hand_no == 2 and s.view(None)["minimum"] == 90


def test_going_out_by_discarding_the_last_card():
    s = position(["5D"], melds=[piles(), []], in_foot=[True, False, True, False], permission="yes")
    assert "discard 5" in texts(s)
    events = s.apply(0, "discard 5")
    assert any(e.kind == "hand_end" and e.data["out"] == 0 for e in events)


def test_no_means_no_going_out_and_no_penalty():
    s = position(["5D"], melds=[piles(), []], in_foot=[True, False, True, False], permission="no")
    refused(s, 0, "discard 5", "said no")


def test_yes_then_no_going_out_costs_100():
    s = position(["9C", "5D", "6D"], melds=[piles(), []], in_foot=[True, False, True, False], permission="yes")
    s.apply(0, "discard 9")
    assert s.scores == [-100, 0] and s.turn == 1


def test_going_out_needs_the_piles_and_both_feet():
    s = position(["5D"], melds=[piles(wild=0), []], in_foot=[True, False, True, False], permission="yes")
    refused(s, 0, "discard 5", "keep a card")
    s = position(["9C", "5D"], in_foot=[True, False, False, False])
    assert "ask" not in texts(s)
    refused(s, 0, "ask", "both partners")


def test_extra_clean_piles_stand_in_for_dirty_ones():
    assert piles_done(piles(clean=4, dirty=0))
    assert not piles_done(piles(clean=1, dirty=3))


# -- stock out ----------------------------------------------------------------


def test_stock_out_offers_pickup_or_end():
    s = position(["7S", "7C", "KS"], phase="draw", stock=[], discard=["7H"])
    assert set(texts(s)) == {"end", "pickup"}
    events = s.apply(0, "end")
    assert any(e.kind == "hand_end" and e.data["out"] is None for e in events)


def test_last_stock_card_a_red_three_means_meld_then_end():
    s = position(["KS", "KS", "KS", "4C"], phase="draw", stock=["3H"])
    s.apply(0, "draw")
    assert s.must_end and not any(t.startswith("discard") for t in texts(s))
    s.apply(0, "meld k k k")
    refused(s, 0, "discard 4", "then “end”")
    events = s.apply(0, "end")
    assert any(e.kind == "hand_end" for e in events)


# -- scoring and the match ------------------------------------------------------


def test_scoring_counts_hands_and_untouched_feet_against_the_side():
    feet = [["3H"] + ["4C"] * 10, [], [], []]
    s = position(["KS"], phase="draw", stock=[], feet=feet, in_foot=[False, True, True, True])
    s.hands = [["KS"], ["5H"], ["JK"], ["2C"]]
    s.red_threes = [1, 0]
    events = s.apply(0, "end")
    end = next(e for e in events if e.kind == "hand_end")
    assert end.data["sides"][0] == {"melds": 0, "bonus": 100, "held": 10 + 100 + 50 + 50, "points": 100 - 210}
    assert end.data["sides"][1]["held"] == 25


def test_one_hand_match_outcome_ranks_the_sides():
    s = position(["KS"], phase="draw", stock=[], options={"hands": "1"}, hand_no=1)
    s.apply(0, "end")
    assert s.over
    out = s.outcome()
    assert out.sides == ((0, 2), (1, 3))
    assert out.places[0] == out.places[2] and out.places[1] == out.places[3]
    assert out.scores[0] == s.scores[0] and out.scores[3] == s.scores[1]


def test_minimums_by_hand():
    s = HF.new(4, seed=3)
    assert [s.minimum] == [50]
    for hand_no, want in ((2, 90), (3, 120), (4, 150)):
        s.hand_no = hand_no
        assert s.minimum == want


# -- notation -----------------------------------------------------------------


def test_notation_round_trip_and_forgiving_parse():
    s = position(["7S", "7C", "7D", "2C", "JK", "JK", "JK", "3S", "10H", "10C"], melds=[[["K", ["KH"] * 3]], []])
    for a in s.legal_actions(0):
        assert s.parse(0, a.text).text == a.text
    assert s.parse(0, "MELD 7♠ 7♣ 2♣").text == "meld 7 7 2"
    assert s.parse(0, "Meld 7s, 7c, 2c").text == "meld 7 7 2"
    assert s.parse(0, "meld 2 7 7").text == "meld 7 7 2"
    assert s.parse(0, "meld T t jk").text == "meld 10 10 jk"
    assert s.parse(0, "meld joker on K").text == "meld jk on k"
    assert s.parse(0, "  discard   3 ").text == "discard 3"
    assert s.parse(0, "discard 10h").text == "discard 10"
    parts = s.parse(0, "meld 2 on k").parts
    assert parts == {"verb": "meld", "cards": ["2"], "to": "K"}


def test_listed_melds_are_additions_or_three_card_starts():
    s = position(["7S", "7C", "7D", "2C", "JK", "KS"], melds=[[["K", ["KH"] * 3]], []])
    listed = {t for t in texts(s) if t.startswith("meld")}
    assert listed == {"meld 7 7 7", "meld 7 7 2", "meld 7 7 jk", "meld k", "meld 2 on k", "meld jk on k"}
    assert s.parse(0, "meld jk 7 7 7").text == "meld 7 7 7 jk"  # any legal count parses


def test_bad_text_is_refused_helpfully():
    s = position(["7S", "KS"])
    refused(s, 0, "frobnicate", "Write a move like")
    refused(s, 0, "meld 8 8 8", "don't have")
    refused(s, 0, "draw", "already drawn")
    refused(s, 0, "yes", "Nobody has asked")
    refused(s, 1, "discard 7", "isn't your turn")


# -- views and hidden information ---------------------------------------------------


def test_views_differ_only_in_seat_and_hand_and_hide_feet():
    s = HF.new(4, seed=5)
    public = s.view(None)
    assert public["hand"] is None and public["foot_sizes"] == [11] * 4
    for seat in range(4):
        v = s.view(seat)
        assert {k for k in v if v[k] != public[k]} <= {"seat", "hand"}
        assert v["hand"] == s.hands[seat]
    assert "feet" not in json.dumps(public)


def test_determinize_keeps_what_the_seat_knows():
    s = HF.new(4, seed=7)
    rng = random.Random(1)
    for _ in range(200):
        seat = s.to_move[0]
        s.apply(seat, s.heuristic_action(seat, rng))
    world = s.determinize(1, random.Random(2))
    assert world.hands[1] == s.hands[1]
    assert world.view(1) == s.view(1) and world.view(None) == s.view(None)
    for seat in range(4):
        assert Counter(s.known[seat]) <= Counter(world.hands[seat])
    everything = Counter(CARDS)
    world_cards = Counter(c for part in (*world.hands, *world.feet, world.stock, world.discard) for c in part)
    world_cards.update(c for side in world.melds for m in side for c in m[1])
    assert sum(world_cards.values()) + sum(world.red_threes) == sum(everything.values())
    assert world.feet != s.feet or not any(s.feet)


def test_hidden_cards_exclude_picked_up_cards():
    discard = ["4D", "5D", "6D", "8D", "9D", "10D", "JD", "7H"]
    s = position(["7S", "7C", "KS", "QS"], phase="draw", discard=discard)
    s.apply(0, "pickup")
    assert sorted(s.hidden_cards(0)) == ["KS", "QS"]


# -- AI -----------------------------------------------------------------------------


def test_heuristic_answers_no_when_holding_over_100():
    s = position(["9C", "5D"], melds=[piles(), []], in_foot=[True, False, True, False])
    s.apply(0, "ask")
    s.hands[2] = ["JK", "JK", "5S"]
    assert s.heuristic_action(2, random.Random(0)).text == "no"
    s.hands[2] = ["JK", "5S"]
    assert s.heuristic_action(2, random.Random(0)).text == "yes"


def test_heuristic_picks_up_when_it_can():
    s = position(["7S", "7C", "KS", "QS"], phase="draw", discard=["9D", "7H"])
    assert s.heuristic_action(0, random.Random(0)).text == "pickup"


def test_heuristic_games_finish():
    for seed in range(2):
        s = HF.new(4, seed=seed, options={"hands": "1"})
        rng = random.Random(seed)
        steps = 0
        while not s.over and steps < 3000:
            seat = s.to_move[0]
            s.apply(seat, s.heuristic_action(seat, rng))
            steps += 1
        assert s.over


def test_evaluation_agrees_with_the_result_and_credits_progress():
    s = position(["KS"], phase="draw", stock=[], options={"hands": "1"}, hand_no=1, melds=[piles(), []])
    before = s.evaluate()
    assert before[0] == before[2] > 0.9 and before[1] == before[3] == pytest.approx(1 - before[0])
    s.apply(0, "end")
    assert s.over and s.evaluate() == [1.0, 0.0, 1.0, 0.0]
    half = position(["KS"], melds=[[["K", ["KH"] * 6]], [["K", ["KH"] * 3]]])
    assert half.evaluate()[0] > 0.5


def test_draw_takes_one_when_one_is_left():
    s = position(["KS", "QS"], phase="draw", stock=["9C"])
    s.apply(0, "draw")
    assert sorted(s.hands[0]) == ["9C", "KS", "QS"] and s.stock == [] and not s.must_end
    assert "discard 9" in texts(s)


# -- audit additions ------------------------------------------------------------


def test_unopened_pickup_counts_a_spare_wild_onto_a_meld():
    # 7H + 7S 7C = 15, K K K = 30, and the 2 on the kings makes 65 ≥ 50: the minimum is reachable.
    hand = ["7S", "7C", "KS", "KS", "KS", "2C", "4C", "5C"]
    s = position(hand, phase="draw", discard=["9D", "7H"], opened=[False, False])
    assert "pickup" in texts(s)
    s.apply(0, "pickup")
    s.apply(0, "meld k k k")
    assert not s.opened[0]
    s.apply(0, "meld 2 on k")
    assert s.opened[0] and s.melds[0] == [["7", ["7H", "7S", "7C"]], ["K", ["KS", "KS", "KS", "2C"]]]


def test_opening_reach_adds_wilds_within_the_wild_limit():
    # Five kings take two wilds (seven cards), the third wild has nowhere to go.
    assert opening_reach(["KS"] * 5 + ["JK", "JK"], []) == (50 + 100, 7)
    assert opening_reach(["KS"] * 3 + ["2C", "2D"], []) == (30 + 20, 4)


def test_card_codes_name_ranks_whatever_the_suit():
    s = position(["7S", "7C", "7D", "2C", "3S", "KS"])
    assert s.parse(0, "meld 7h 7h 2d").text == "meld 7 7 2"
    assert s.parse(0, "discard 3c").text == "discard 3"
    refused(s, 0, "discard 3h", "don't have")  # a red 3 is another card
    s.apply(0, "meld 7h 7h 7h")
    assert s.melds[0] == [["7", ["7S", "7C", "7D"]]]


def test_foot_player_pickup_counts_the_cards_that_join_on_opening():
    # Melding all four kings opens the side (15 + 40 = 55), and the three cards under the 7 then
    # join the hand, so the foot player still has cards to discard.
    hand = ["7S", "7C", "KS", "KS", "KS", "KS"]
    hands = [hand, ["5H", "6H", "8H"], ["5D", "6D", "8D"], ["5C", "6C", "8C"]]
    s = position(hand, hands=hands, phase="draw", discard=["4D", "5D", "6D", "7H"], opened=[False, False])
    s.in_foot[0] = True
    assert "pickup" in texts(s)
    s.apply(0, "pickup")
    s.apply(0, "meld k k k k")
    assert s.opened[0] and sorted(s.hands[0]) == ["4D", "5D", "6D"]
