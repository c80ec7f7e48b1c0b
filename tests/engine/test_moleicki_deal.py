"""Moleicki: the pack, the dealer's design, presets, custom bounds and the all-tens win."""

from __future__ import annotations

from collections import Counter

import pytest
from test_moleicki_support import dealt, position, refused, texts

from engine.moleicki import GAME
from engine.moleicki_deal import PRESETS, Design, build_deck, preset_design, stacked_deck


def test_pack_has_jokers_and_a_25_per_deck():
    one = Counter(build_deck(1))
    assert sum(one.values()) == 55 and one["JK"] == 2 and one["25"] == 1 and one["10H"] == 1
    two = Counter(build_deck(2))
    assert sum(two.values()) == 110 and two["JK"] == 4 and two["25"] == 2 and two["10H"] == 2


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (4, 1), (5, 2), (8, 2)])
def test_decks_auto_is_one_up_to_four_players_then_two(players, decks):
    assert GAME.new(players, seed=1).decks == decks


def test_decks_option_overrides():
    assert GAME.new(2, seed=1, options={"decks": "3"}).decks == 3
    assert GAME.new(8, seed=1, options={"decks": "1"}).decks == 1


def test_the_deal_is_the_dealers_first_action_with_classic_first():
    state = GAME.new(3, seed=2)
    assert state.phase == "deal" and state.to_move == (2,)
    offered = texts(state, 2)
    assert offered[0] == "deal classic"
    assert set(offered) == {f"deal {name}" for name in PRESETS}
    assert texts(state, 0) == []
    refused(state, 2, "play 3s", "dealer deals first")
    assert "deal double" not in texts(GAME.new(4, seed=2), 3)  # 4 x (4 + 12) cards won't fit


def test_classic_deal_is_barrier_then_three_piles_face_down_under_face_up():
    state = GAME.new(2, seed=5)
    state.apply(1, "deal classic")
    view = state.view(0)
    assert view["hands"] == [4, 4]
    assert len(view["hand"]) == 4
    for rows in view["tableaux"]:
        barrier, base = rows
        assert len(barrier) == 1 and barrier[0] == [None]
        assert len(base) == 3
        for pile in base:
            assert pile[0] is None and pile[1] is not None
    assert view["draw_pile"] == 55 - 2 * (4 + 7)
    assert view["design"]["text"] == "deal classic"


def test_stacked_deal_puts_every_card_where_the_order_says():
    hands = [["3S", "4S", "5S", "6S"], ["3H", "4H", "5H", "6H"]]
    tabs = [
        [[["KS"]], [["7S", "8S"], ["9S", "JS"], ["QS", "AS"]]],
        [[["KH"]], [["7H", "8H"], ["9H", "JH"], ["QH", "AH"]]],
    ]
    state = dealt(2, hands, tabs, draw=["2C", "10C"])
    assert state.hands == hands
    assert state.tabs[0] == [[["*KS"]], [["*7S", "8S"], ["*9S", "JS"], ["*QS", "AS"]]]
    assert state.tabs[1][1][2] == ["*QH", "AH"]
    assert state.draw[:2] == ["2C", "10C"]


def test_preset_with_bigger_hand_and_custom_designs_round_trip():
    state = GAME.new(3, seed=1)
    assert state.parse(2, "Deal Classic Hand 6").text == "deal classic hand 6"
    assert state.parse(2, "deal classic hand 4").text == "deal classic"
    custom = state.parse(2, "deal custom barrier d base du,du,du hand 5")
    assert custom.text == "deal custom hand 5 barrier d base du du du"
    assert state.parse(2, custom.text).text == custom.text
    two = state.parse(2, "deal custom hand 4 barrier d d barrier u base ddu ddu")
    assert two.text == "deal custom hand 4 barrier d d barrier u base ddu ddu"
    state.apply(2, two.text)
    rows = state.view(None)["tableaux"][0]
    assert [len(r) for r in rows] == [2, 1, 2]
    assert rows[1] == [[rows[1][0][0]]] and rows[1][0][0] is not None  # the face-up barrier card
    assert rows[2][0][:2] == [None, None] and rows[2][0][2] is not None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("deal custom hand 3 base du", "at least 4"),
        ("deal classic hand 2", "at least 4"),
        ("deal custom hand 4 base dx", "letters u (face up) or d"),
        ("deal custom hand 4 barrier base d", "at least one pile"),
        ("deal custom hand 4 barrier d", "needs a base"),
        ("deal custom hand 4 base d barrier d", "base is the last row"),
        ("deal custom hand 20 base ddd ddd ddd", "the pack has 55"),
        ("deal fancy", "isn't a deal"),
    ],
)
def test_custom_deal_bounds_are_refused_with_a_sentence(text, fragment):
    state = GAME.new(3, seed=1)
    refused(state, 2, text, fragment)


def test_two_decks_need_a_hand_of_eight():
    state = GAME.new(5, seed=1)
    refused(state, 4, "deal custom hand 7 base du", "at least 8")
    assert state.parse(4, "deal classic").text == "deal classic"
    state.apply(4, "deal classic")
    assert state.view(None)["hands"] == [8] * 5


def test_only_presets_that_fit_are_offered():
    state = GAME.new(8, seed=1)  # two decks: 8 x (8 + 7) = 120 > 110 cards
    offered = texts(state, 7)
    assert "deal classic" not in offered and "deal small" in offered
    refused(state, 7, "deal classic", "the pack has 110")
    tight = GAME.new(8, seed=1, options={"decks": "1"})
    assert texts(tight, 7) == ["deal mini"]


def test_only_the_dealer_deals_and_only_once():
    state = GAME.new(3, seed=1)
    refused(state, 0, "deal classic", "isn't your turn")
    state.apply(2, "deal classic")
    assert state.phase in ("opening", "over")
    assert not any(t.startswith("deal") for s in state.to_move for t in texts(state, s))


def test_every_player_gets_the_same_tableau():
    state = GAME.new(6, seed=4)
    state.apply(5, "deal tower")
    shapes = {str([[len(p) for p in row] for row in rows]) for rows in state.view(None)["tableaux"]}
    assert shapes == {"[[3, 3, 3]]"}


def test_a_player_dealt_every_ten_wins_at_once():
    hands = [["4S", "5S", "6S", "7S"], ["10S", "10H", "10D", "10C"]]
    state = dealt(2, hands)
    assert state.over and state.winner == 1
    assert "all 4 tens" in state.outcome().reason
    assert state.outcome().places == (2, 1)


def test_two_decks_need_all_eight_tens():
    tens = ["10S", "10H", "10D", "10C"] * 2
    pairs = [("4", "5"), ("6", "7"), ("8", "9"), ("J", "Q")]
    hands = [tens] + [[r + s for r in pair for s in "SHDC"] for pair in pairs]
    state = dealt(5, hands, preset="mini")
    assert state.over and state.winner == 0
    near = [["10S", "10H", "10D", "10C", "10S", "10H", "10D", "4C"], *hands[1:]]
    state = dealt(5, near, preset="mini")
    assert not state.over


def test_stacked_deck_helper_matches_design_order():
    design = preset_design("tower", 1)
    hands = [["3S", "4S", "5S", "6S"], ["3H", "4H", "5H", "6H"]]
    tabs = [
        [[["7S", "8S", "9S"], ["JS", "QS", "KS"], ["AS", "2S", "10S"]]],
        [[["7H", "8H", "9H"], ["JH", "QH", "KH"], ["AH", "2H", "10H"]]],
    ]
    deck = stacked_deck(2, design, hands, tabs)
    # layer by layer: bottom cards of all three piles first, seat 0 then seat 1
    assert deck[8:14] == ["7S", "7H", "JS", "JH", "AS", "AH"]
    assert Design.from_json(design.to_json()) == design


# -- any design the pack can deal (issue 8) ----------------------------------------------
# "As many piles of cards as are desired may be made, and each pile may contain any
# number of cards, one or more... Piles may be organized in any number of rows, and
# each row may contain any number of piles."


def test_three_barriers_four_piles_and_four_card_piles_are_dealt():
    big = "deal custom hand 4 barrier d barrier uu dd barrier d base dddu du du du"
    state = GAME.new(2, seed=1)
    assert state.parse(1, big).text == big
    state.apply(1, big)
    rows = state.view(None)["tableaux"][0]
    assert [len(r) for r in rows] == [1, 2, 1, 4]
    assert [len(p) for p in rows[-1]] == [4, 2, 2, 2]
    assert rows[1][0] != [None, None] and rows[1][1] == [None, None]
    assert state.view(None)["tableau_sizes"] == [16, 16]
    assert state.view(None)["draw_pile"] == 55 - 2 * 20


def test_a_big_design_deals_in_the_documented_order():
    design = Design(4, (("dd",), ("dddu", "u")))
    hands = [["3S", "4S", "5S", "6S"], ["3H", "4H", "5H", "6H"]]
    tabs = [
        [[["7S", "8S"]], [["9S", "JS", "QS", "KS"], ["AS"]]],
        [[["7H", "8H"]], [["9H", "JH", "QH", "KH"], ["AH"]]],
    ]
    deck = stacked_deck(2, design, hands, tabs, draw=["2C"])
    state = GAME.new(2, seed=1, deck=deck)
    state.apply(1, design.text(1))
    assert state.tabs[0] == [[["*7S", "*8S"]], [["*9S", "*JS", "*QS", "KS"], ["AS"]]]
    assert state.tabs[1][1][0] == ["*9H", "*JH", "*QH", "KH"] and state.draw[0] == "2C"


def test_a_design_is_refused_only_when_the_pack_cannot_deal_it():
    state = GAME.new(2, seed=1)  # 55 cards: hand 4 + tableau 23 = 27 each fits, 28 doesn't
    fits = "deal custom hand 4 base " + " ".join(["d"] * 21) + " du"
    state.parse(1, fits)
    refused(state, 1, fits + " d", "needs 56 cards but the pack has 55")


def test_the_presets_are_still_offered():
    assert texts(GAME.new(3, seed=1), 2) == [f"deal {name}" for name in PRESETS]


# -- the pack's jokers and 25 cards (issue 8) -----------------------------------------------
# "fewer jokers or 25 cards can be employed, so, e.g., a double deck can contain three
# jokers and one 25 card"


def test_a_double_deck_with_three_jokers_and_one_quarter():
    state = GAME.new(5, seed=1, options={"jokers": "3", "quarters": "1"})
    state.apply(4, "deal classic")
    cards = [*state.draw, *(c for h in state.hands for c in h)]
    cards += [c.lstrip("*") for t in state.tabs for row in t for p in row for c in p]
    counts = Counter(cards)
    assert len(cards) == 108 and counts["JK"] == 3 and counts["25"] == 1 and counts["10H"] == 2
    assert state.view(None)["quarters_left"] == 1


def test_the_default_pack_is_unchanged():
    state = GAME.new(2, seed=1)
    assert (state.jokers, state.quarters) == (2, 1) and len(state.deck) == 55


def test_more_jokers_or_quarters_than_the_packs_hold_are_refused():
    with pytest.raises(ValueError, match="at most 2 jokers"):
        GAME.new(2, seed=1, options={"jokers": "3"})
    with pytest.raises(ValueError, match="at most 1 25 cards"):
        GAME.new(2, seed=1, options={"quarters": "2"})


def test_a_smaller_pack_limits_the_deal():
    state = GAME.new(2, seed=1, options={"jokers": "0", "quarters": "0"})  # 52 cards
    refused(state, 1, "deal custom hand 4 base " + " ".join(["d"] * 23), "the pack has 52")


def test_without_a_quarter_tens_clear_straight_to_the_bad_discard():
    state = position([["10H", "4D", "5D", "6D"], ["4C"]], pile=["5S", "6S"], options={"quarters": "0"})
    state.apply(0, "play 10h")
    assert state.good == [] and {"5S", "6S", "10H"} <= set(state.bad)


def test_old_saved_games_load_with_the_full_pack():
    state = GAME.new(2, seed=1)
    data = state.dump()
    del data["jokers"], data["quarters"]
    again = GAME.load(data)
    assert (again.jokers, again.quarters) == (2, 1)


# -- seats ------------------------------------------------------------------------------


def test_eight_seats_at_most():
    assert GAME.max_players == 8
    GAME.new(8, seed=1)
    with pytest.raises(ValueError, match="2 to 8 players"):
        GAME.new(9, seed=1)


def test_face_down_tops_may_be_turned_up_during_the_opening_race():
    state = GAME.new(2, seed=1)
    state.apply(1, "deal custom base ddd dd")
    assert state.phase == "opening"
    assert state.to_move == (0, 1) and texts(state, 0)[:2] == ["flip 1", "flip 2"]
    racers = state.turn
    state.apply(0, "flip 2")
    assert state.tabs[0][0][1][1][0] != "*" and state.phase == "opening" and state.turn == racers
