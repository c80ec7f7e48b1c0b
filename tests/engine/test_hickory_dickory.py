"""Hickory Dickory: rule-text examples and house rules with stacked bags and placed mice."""

from __future__ import annotations

import json
import random

import pytest

from engine import GAMES, IllegalAction
from engine.hickory_dickory_data import BAG_TILES, HUNT_SPACES, QUESTS, board_spaces
from engine.hickory_dickory_scoring import best_quest, climb, completes, deliver_points, hunt_points

G = GAMES["hickory_dickory"]
LEAVES = ["RB", "RF", "RS", "RT", "YB", "YF", "YS", "YT", "GB", "GF", "GS"]  # leaf spaces 1-11
BIN = ["BB", "BF", "BS", "BT"]


def new(players=2, deck=None, seed=1, **options):
    return G.new(players, seed=seed, options={"layout": "learning", **options}, deck=deck or BIN + LEAVES)


def place(state, minute, ring=None, hand=(), paws=()):
    """Clear the clock, put mice where a test wants them and resolve the tick at `minute`."""
    for seat_mice in state.mice:
        for m in seat_mice.values():
            m.where, m.number = "out", None
    for (seat, mouse), (where, number) in (ring or {}).items():
        state.mice[seat][mouse].where, state.mice[seat][mouse].number = where, number
    state.hand = list(hand)
    for seat, mouse in hand:
        state.mice[seat][mouse].where, state.mice[seat][mouse].number = "hand", None
    state.paws = list(paws)
    state.stack, state.step = [], "next"
    state.minute = 12 if minute == 1 else minute - 1
    state._settle([])
    return state


def rig(state, *rolls):
    """The cat die will show these numbers, in order."""
    faces = iter(rolls)
    state._roll = lambda: next(faces)


def texts(state):
    return [a.text for a in state.legal_actions(state.to_move[0])]


def play(state, *moves):
    events = []
    for text in moves:
        events += state.apply(state.to_move[0], text)
    return events


# -- data ------------------------------------------------------------------------------------


def test_house_data_matches_the_appendix():
    assert len(BAG_TILES) + 10 == 93
    assert HUNT_SPACES["A"] == tuple(["RB", "YB", "GB", "BB", "RF", "YF", "GF", "BF", "RS", "YS", "GS", "BS"])
    assert board_spaces("B") == tuple(["YF", "GF", "BF", "PF", "YS", "GS", "BS", "PS", "YT", "GT", "BT", "PT"])
    assert QUESTS["Q1"] == (("PB", "PF", "*F", "*S"), 7)


def test_learning_layout_and_stacked_bag():
    s = new(2)
    v = s.view(None)
    assert v["tokens"] == [
        "scamp", "climb3", "search1", "favor", "market", "deliver",
        "climb2market", "climb1search2", "climb2market", "climb1search2", "deliver", "cuckoo",
    ]  # fmt: skip
    assert v["bin"] == BIN and v["leaf"] == [*LEAVES, None]
    assert [h["board"] for h in v["hunt"]] == ["A", "B"]
    assert [q["id"] for q in v["quests"]] == ["Q1", "Q2"]
    assert s.view(0)["favors"] == ["F1"] and s.view(1)["favors"] == ["F2"]
    assert v["hour"] == 7 and v["hand_slots"] == 4 and v["wilds"] == 10 and v["bag"] == 83 - 15
    # Board A starts its scurrier at 3: ticks 1 and 2 pass by themselves.
    assert v["minute"] == 3 and v["decision"] == "inner" and v["to_move"] == [0]
    assert v["mice"][0]["scamp"]["where"] == "out"


def test_solo_starts_at_six_with_two_hand_spaces_and_paws():
    s = G.new(1, seed=3)
    v = s.view(None)
    assert v["hour"] == 6 and v["hand_slots"] == 2 and len(v["paws"]) == 2
    assert all(2 <= p <= 11 for p in v["paws"])
    ring = [m["number"] for m in v["mice"][0].values() if m["where"] == "inner"]
    assert not set(ring) & set(v["paws"])


# -- scoring examples ------------------------------------------------------------------------


def test_delivery_example_scores_eighteen():
    # Five items, two buttons and two purples plus a wild; the wild stands in for a feather of Q1.
    items = ["PB", "PF", "GS", "RB", "W"]
    assert deliver_points(items) == 5 + 3 + 3
    assert completes("Q1", items)
    assert deliver_points(items) + QUESTS["Q1"][1] == 18


def test_one_item_alone_scores_three_and_bonus_favors_count_as_items():
    assert deliver_points(["RB"]) == 3
    assert deliver_points(["F9", "RF"]) == 2 + 2 + 2  # F9 is a red feather


def test_best_quest_takes_most_points_then_leftmost():
    items = ["PB", "PF", "RF", "RS"]
    assert completes("Q2", ["PB", "PF", "RF"])
    assert best_quest(["Q2", "Q1"], items) == 1  # Q1 (7) beats Q2 (5)
    assert best_quest(["Q11", "Q2"], ["RB", "RF", "YF", "GS"]) == 0  # both worth 5: the leftmost
    assert best_quest(["Q3", "Q2"], ["RB", "RF", "YF"]) == 1  # Q3 is not complete
    assert best_quest(["Q2", "Q2"], ["RB", "RF", "YF"]) == 0


def test_climb_example_skips_occupied_and_scores_icons():
    # Climb 3 from 1 lands on an occupied 4, moves to 5 and passes the 3 icon: 1 point.
    assert climb(1, 3, {4}) == (5, 1, False)
    assert climb(8, 3, set()) == (0, 2, True)  # passes the 9 (2) then reaches the leaf


def test_hunt_lines_score_five_each():
    filled = [None] * 12
    for i in (0, 1, 2, 3, 1 + 4, 1 + 8):  # top row and the second column
        filled[i] = "X"
    assert hunt_points(filled) == 10


# -- the clock -------------------------------------------------------------------------------


def test_resolving_a_tick_example():
    s = new(2)
    # Tick at 2 (climb 3): seat 1's spotter rides the front, seat 0's scurrier behind it;
    # seat 0's spotter and seat 1's scurrier wait on the inner ring.
    place(
        s,
        2,
        ring={(0, "spotter"): ("inner", 2), (1, "scurrier"): ("inner", 2)},
        hand=[(1, "spotter"), (0, "scurrier")],
    )
    assert s.view(None)["active"] == {"seat": 1, "mouse": "spotter"}
    play(s, "off 2", "claim")
    assert s.mice[1]["spotter"].tiles == ["RF"]
    play(s, "act")
    assert s.scaler[1] == 3 and s.scores[1] == 1
    assert s.view(None)["active"] == {"seat": 0, "mouse": "scurrier"}
    play(s, "stay")
    # Inner ring by priority: seat 0 first (marker on seat 0), then seat 1.
    assert s.to_move == (0,) and s.view(None)["decision"] == "inner"
    play(s, "out spotter")
    assert "claim" not in texts(s)  # the leaf tile is gone
    play(s, "act")
    assert s.scaler[0] == 4  # 3 was taken: it climbs on to 4, passing the 3 icon
    assert s.scores[0] == 1
    play(s, "on scurrier")
    assert [m for _, m in s.hand] == ["scurrier", "scurrier"]
    assert s.minute == 3


def test_trading_between_mice_at_the_number():
    s = new(2)
    place(s, 2, ring={(0, "spotter"): ("inner", 2)}, hand=[(0, "scavenger")])
    s.mice[0]["scavenger"].tiles = ["RB", "YB"]
    assert "move rb scavenger spotter" in texts(s)
    play(s, "move rb scavenger spotter")
    assert s.mice[0]["spotter"].tiles == ["RB"]
    # Each tile moves once a tick: the RB now on the spotter cannot come back.
    assert "move rb spotter scavenger" not in texts(s)


def test_priority_track_one_mouse_per_seat_per_pass():
    s = new(2)
    s.marker = 1
    place(s, 2, ring={(0, "spotter"): ("inner", 2), (0, "scurrier"): ("inner", 2), (1, "spotter"): ("inner", 2)})
    assert s.to_move == (1,)
    play(s, "out spotter", "done")
    assert s.to_move == (0,) and set(texts(s)) >= {"out spotter", "out scurrier"}
    play(s, "on scurrier")
    assert s.to_move == (0,) and texts(s)[:2] == ["out spotter", "on spotter"]


def test_jumping_on_a_full_hand_bumps_the_front_mouse():
    s = new(2)  # 4 hand spaces
    place(s, 3, ring={(0, "scurrier"): ("inner", 3)}, hand=[(1, "spotter"), (1, "scavenger"), (1, "scurrier")])
    play(s, "stay", "stay", "stay")
    play(s, "on scurrier")
    assert s.view(None)["decision"] == "bumped" and s.view(None)["active"] == {"seat": 1, "mouse": "spotter"}
    assert texts(s) == ["off 3", "off 2"]
    play(s, "off 2")
    assert s.view(None)["decision"] == "entry" and s.mice[1]["spotter"].number == 2


def test_a_scavenger_bumps_two_mice_and_a_scurrier_may_land_ahead():
    s = new(2)
    hand = [(1, "scurrier"), (1, "spotter"), (0, "spotter"), (0, "scamp")]
    place(s, 3, ring={(0, "scavenger"): ("inner", 3)}, hand=hand)
    play(s, "stay", "stay", "stay", "stay")
    play(s, "on scavenger")
    # No space left and the scavenger needs two: the scurrier and the spotter are bumped off.
    assert s.hand == [(0, "spotter"), (0, "scamp"), (0, "scavenger")]
    assert s.view(None)["active"] == {"seat": 1, "mouse": "scurrier"}
    assert texts(s) == ["off 3", "off 2", "off 4", "off 5"]
    play(s, "off 5", "done")
    assert s.view(None)["active"] == {"seat": 1, "mouse": "spotter"}


def test_one_free_space_bumps_one_mouse_for_a_scavenger():
    s = new(2)
    place(s, 3, ring={(0, "scavenger"): ("inner", 3)}, hand=[(1, "scurrier"), (1, "spotter"), (0, "spotter")])
    play(s, "stay", "stay", "stay", "on scavenger")
    assert s.hand == [(1, "spotter"), (0, "spotter"), (0, "scavenger")]
    assert s.view(None)["decision"] == "bumped" and s.view(None)["active"] == {"seat": 1, "mouse": "scurrier"}


def test_a_scavenger_half_off_the_front_is_bumped_whole():
    s = new(2)
    hand = [(1, "scavenger"), (1, "spotter"), (0, "spotter")]  # four spaces used
    place(s, 3, ring={(0, "scurrier"): ("inner", 3)}, hand=hand)
    play(s, "stay", "stay", "stay", "on scurrier")
    assert s.hand == [(1, "spotter"), (0, "spotter"), (0, "scurrier")]
    assert s.view(None)["active"] == {"seat": 1, "mouse": "scavenger"}


def test_bumped_back_skips_a_paw():
    s = new(2)
    place(s, 3, ring={(0, "scavenger"): ("inner", 3)}, hand=[(1, "spotter"), (1, "scurrier"), (1, "scamp")], paws=[2])
    play(s, "stay", "stay", "stay", "on scavenger")
    assert texts(s) == ["off 3", "off 1"]


def test_scurrier_jumps_ahead_but_never_onto_a_paw():
    s = new(2)
    place(s, 4, hand=[(0, "scurrier")], paws=[5])
    assert texts(s)[:3] == ["stay", "off 4", "off 6"]


def test_mice_on_a_paw_number_do_not_activate():
    s = new(2)
    place(s, 4, hand=[(0, "scurrier")], paws=[4])
    # The tick at 4 passes without a decision; the scurrier next activates at 5.
    assert s.minute == 5 and s.view(None)["decision"] == "activate"


def test_leap_favor_from_the_hand():
    s = new(2)
    s.favors[0] = ["F3"]
    place(s, 4, hand=[(0, "spotter")])
    assert {"leap 5", "leap 6", "leap 7"} <= set(texts(s))
    play(s, "leap 6")
    assert s.mice[0]["spotter"].number == 6 and "F3" not in s.favors[0] and "F3" in s.favor_discard


# -- actions ----------------------------------------------------------------------------------


def test_spotter_searches_one_more_and_returns_one():
    s = new(2, deck=BIN + LEAVES + ["CROWN", "PT"])
    place(s, 3, ring={(0, "spotter"): ("inner", 3)})
    play(s, "out spotter", "act")
    assert s.view(None)["decision"] == "return"
    assert sorted(s.view(0)["hand"]) == ["CROWN", "PT"] and s.view(None)["hand"] is None
    assert s.view(1)["hand"] == []
    play(s, "return pt")
    assert s.mice[0]["spotter"].tiles == ["CROWN"]


def test_flow_example_market_paid_with_a_bonus_favor():
    s = new(2)
    s.favors[0] = ["F10"]
    place(s, 5, ring={(0, "scurrier"): ("inner", 5), (1, "spotter"): ("inner", 9)})
    play(s, "out scurrier", "claim", "act")
    assert texts(s) == ["spend yb", "spend f10"]  # the claimed tile or the favor's yellow spool
    play(s, "spend f10")
    assert s.favors[0] == [] and "F10" in s.favor_discard
    assert "market bb bf" in texts(s) and "market w" in texts(s)
    play(s, "market bb bt")
    assert s.mice[0]["scurrier"].tiles == ["YB", "BB", "BT"] and s.bin == [None, "BF", "BS", None]


def test_market_wild_and_overflow():
    s = new(2)
    s.favors[0] = []
    place(s, 5, ring={(0, "scamp"): ("inner", 5)})
    s.mice[0]["scamp"].tiles = ["RB", "RF"]
    play(s, "out scamp", "claim")
    assert s.view(None)["decision"] == "overflow"
    assert texts(s) == ["drop rb scamp", "drop rf scamp", "drop yb scamp"]
    play(s, "drop rb scamp")
    play(s, "act", "spend rf", "market w")
    assert s.wilds == 9 and s.mice[0]["scamp"].tiles == ["YB", "W"]


def test_deliver_places_exact_matches_and_asks_for_wilds():
    s = new(2)
    place(s, 6, ring={(0, "scavenger"): ("inner", 6)})
    s.mice[0]["scavenger"].tiles = ["RB", "RB", "YB", "W", "PT"]
    play(s, "out scavenger", "act")
    assert "deliver rb rb yb pt w" in texts(s)
    before = s.bag[:]
    play(s, "deliver rb rb yb pt w")
    assert s.scores[0] == 5 + 4 + 3
    filled = s.filled[0]
    assert filled[0] == "RB" and filled[1] == "YB"
    assert s.view(None)["decision"] == "wild"
    play(s, "wild gb")
    assert filled[2] == "W"
    assert sorted(s.bag) == sorted([*before, "RB", "PT"])


def test_deliver_completes_one_quest_and_refills_at_round_end():
    s = new(2)
    place(s, 11, ring={(0, "scavenger"): ("inner", 11)})
    s.mice[0]["scavenger"].tiles = ["PB", "PF", "RF", "GS"]
    play(s, "out scavenger", "act", "deliver pb pf rf gs")
    assert s.scores[0] == 4 + 2 + 2 + 7
    # Nobody is at 12, so the round ends in the same move and Q3 refills the empty slot.
    assert s.quest_discard == ["Q1"] and s.quests == ["Q3", "Q2"]


def test_cuckoo_returns_relics_for_five_and_a_favor_then_leaps():
    s = new(2)
    place(s, 12, ring={(0, "scavenger"): ("inner", 12)})
    s.mice[0]["scavenger"].tiles = ["CROWN", "GOBLET", "RB"]
    play(s, "out scavenger", "act")
    assert s.scores[0] == 10 and s.mice[0]["scavenger"].tiles == ["RB"]
    assert s.view(None)["decision"] == "discard" and len(s.favors[0]) == 3
    play(s, f"discard {s.favors[0][0].lower()}")
    assert s.view(None)["decision"] == "leap" and texts(s) == ["leap 1", "leap 2", "leap 3", "done"]
    play(s, "leap 2")
    assert s.mice[0]["scavenger"].number == 2 and s.view(None)["decision"] == "entry"


def test_climb_to_the_leaf_scores_the_weight_then_lower():
    s = new(2)
    s.scaler = [8, 9]
    place(s, 2, ring={(0, "spotter"): ("inner", 2), (1, "spotter"): ("inner", 2)})
    play(s, "out spotter", "act")
    assert s.scaler[0] == 0 and s.scores[0] == 2 + 9 and s.view(None)["weight"] == 7
    play(s, "out spotter", "act")
    assert s.scores[1] == 7 and s.view(None)["weight"] == 6


def test_climb_then_optional_spend_for_the_market():
    s = new(2)
    place(s, 7, ring={(0, "scavenger"): ("inner", 7)})
    s.mice[0]["scavenger"].tiles = ["RB", "RF"]
    play(s, "out scavenger", "act")
    assert s.scaler[0] == 2 and texts(s) == ["spend rb rf", "done"]
    play(s, "done")
    assert s.view(None)["decision"] != "spend"


def test_scamp_token_places_the_scamp_anywhere_and_resolves_it():
    s = new(2)
    place(s, 1, ring={(0, "scavenger"): ("inner", 1)}, paws=[6])
    s.mice[0]["scavenger"].tiles = ["RB"]
    play(s, "out scavenger", "claim", "act", "spend rb")
    assert "scamp 6" not in texts(s) and "scamp 12" in texts(s)
    play(s, "scamp 2")
    assert s.view(None)["active"] == {"seat": 0, "mouse": "scamp"}
    assert s.mice[0]["scamp"].where == "outer" and s.mice[0]["scamp"].number == 2


def test_favor_limit_two():
    s = new(2)
    s.favors[0] = ["F1", "F9"]
    place(s, 4, ring={(0, "spotter"): ("inner", 4)})
    play(s, "out spotter", "act")
    assert s.view(None)["decision"] == "discard" and len(texts(s)) >= 2


def test_throw_lets_a_far_mouse_trade():
    s = new(2)
    s.favors[0] = ["F7"]
    place(s, 2, ring={(0, "spotter"): ("inner", 2), (0, "scavenger"): ("inner", 9)})
    s.mice[0]["scavenger"].tiles = ["RB"]
    play(s, "out spotter", "favor f7", "throw scavenger")
    assert "move rb scavenger spotter" in texts(s)


# -- round end and the end ------------------------------------------------------------------


def test_round_end_paws_hour_inner_refill_priority():
    s = new(2, seed=5)
    place(s, 12, ring={(0, "spotter"): ("outer", 4), (1, "spotter"): ("outer", 9)}, hand=[(0, "scurrier")])
    s.leaf[3] = None
    rig(s, 4, 5)
    play(s, "stay")
    v = s.view(None)
    assert v["hour"] == 8 and v["round"] == 2 and v["priority"] == [1, 0]
    assert v["paws"] == [4, 5]
    # The mouse under the paw at 4 skips the covered 5 too and moves on to 6, then goes inner.
    assert v["mice"][0]["spotter"] == {"where": "inner", "number": 6, "tiles": []}
    assert v["mice"][1]["spotter"]["number"] == 9 and v["mice"][0]["scurrier"]["where"] == "hand"
    assert None not in v["leaf"][:11]


def test_four_seats_roll_one_paw():
    s = G.new(4, seed=2)
    s.minute, s.stack, s.step = 12, [], "end"
    s._settle([])
    assert len(s.paws) == 1


def test_final_scoring_and_tie_break_by_hunt_spaces():
    s = new(2)
    s.hour = 11
    s.scores = [10, 12]
    s.filled[0][:4] = ["RB", "YB", "GB", "BB"]
    s.mice[1]["scurrier"].tiles = ["CROWN"]  # relics score nothing at the end
    place(s, 12, ring={(0, "scurrier"): ("inner", 3), (1, "scurrier"): ("inner", 4)})
    assert s.over and s.scores == [15, 12] and s.outcome().places == (1, 2)
    s2 = new(2)
    s2.hour, s2.scores = 11, [10, 10]
    s2.filled[1][0] = "YF"
    place(s2, 12)
    assert s2.over and s2.outcome().places == (2, 1)


def test_items_left_score_like_a_delivery_at_the_end():
    s = new(2)
    s.hour = 11
    s.mice[0]["scavenger"].tiles = ["RB", "RF", "CROWN"]
    s.favors[0] = ["F9"]
    place(s, 12, ring={(0, "scavenger"): ("inner", 3)})
    assert s.over and s.scores[0] == deliver_points(["RB", "RF", "F9"]) == 3 + 2 + 3


# -- solo -----------------------------------------------------------------------------------


def test_solo_paw_rolled_onto_its_own_number_scratches_and_scatters_the_hand():
    s = G.new(1, seed=4, options={"layout": "learning"})
    s.mice[0]["spotter"].tiles = ["RB", "YB"]
    rig(s, 10)
    place(s, 10, hand=[(0, "spotter")], paws=[3, 10])
    assert s.paws == [3, 10]
    assert s.mice[0]["spotter"].tiles == ["RB"]  # scratched: its newest tile
    # It leaps to the next uncovered outer space and resolves it (no Scurrier ability).
    assert s.mice[0]["spotter"].where == "outer" and s.mice[0]["spotter"].number == 11
    assert s.view(None)["decision"] == "entry" and s.hand == []


def test_solo_paw_springs_away_and_the_riders_activate():
    s = G.new(1, seed=4, options={"layout": "learning"})
    s.mice[0]["spotter"].tiles = ["RB", "YB"]
    rig(s, 7)
    place(s, 10, ring={(0, "scavenger"): ("inner", 7)}, hand=[(0, "spotter")], paws=[3, 10])
    assert s.paws == [3, 7]
    # The paw landed on the scavenger at 7: one tile lost (the fullest card's newest), the mouse moves on.
    assert s.mice[0]["spotter"].tiles == ["RB"] and s.mice[0]["scavenger"].number == 8
    assert s.view(None)["decision"] == "activate" and s.minute == 10


def test_solo_scratch_takes_from_the_fullest_card_when_the_mouse_is_bare():
    s = G.new(1, seed=4, options={"layout": "learning"})
    place(s, 2, ring={(0, "spotter"): ("inner", 7)})
    s.mice[0]["spotter"].tiles = []
    s.mice[0]["scavenger"].tiles = ["RB", "GS"]
    s.mice[0]["scavenger"].where = "inner"
    s.mice[0]["scavenger"].number = 9
    s._scratch(7, [])
    assert s.mice[0]["scavenger"].tiles == ["RB"]


def test_solo_outcome_and_won_flag():
    s = G.new(1, seed=6)
    s.hour, s.scores = 11, [100]
    s.stack, s.step, s.minute = [], "end", 12
    s._settle([])
    assert s.over and s.view(None)["won"] is True
    assert s.outcome().places == (1,) and s.outcome().scores == (100.0 + s.scores[0] - 100,)
    assert s.stats(0) == {"score": s.scores[0]}


# -- advanced setup ---------------------------------------------------------------------------


def test_advanced_setup_places_in_priority_order_with_limits():
    s = new(2, start="choose")
    assert s.view(None)["decision"] == "place" and s.to_move == (0,)
    assert all(1 < int(t.split()[2]) < 12 for t in texts(s))
    play(s, "place scurrier 6")
    assert s.to_move == (1,)
    play(s, "place scurrier 6")
    # Seat 0 has one mouse left after this one and neither a sun (2-5) nor a moon (7-10) space yet.
    assert all(int(t.split()[2]) in (2, 3, 4, 5, 7, 8, 9, 10) for t in texts(s))
    play(s, "place spotter 2", "place spotter 3")
    assert s.to_move == (0,)
    assert sorted(int(t.split()[2]) for t in texts(s)) == [7, 8, 9, 10]  # the moon is still missing
    play(s, "place scavenger 8", "place scavenger 9")
    assert s.view(None)["decision"] != "place"
    assert s.mice[0]["scavenger"].number == 8 and s.mice[1]["scavenger"].number == 9


# -- notation, views, errors --------------------------------------------------------------------


def test_parse_is_forgiving_and_round_trips():
    s = new(2)
    place(s, 6, ring={(0, "scavenger"): ("inner", 6)})
    s.mice[0]["scavenger"].tiles = ["RB", "YF"]
    play(s, "OUT  Scavenger", "act")
    for a in s.legal_actions(0):
        assert s.parse(0, a.text).text == a.text
        assert a.parts["verb"] == a.text.split()[0] and a.label
    assert s.parse(0, "Deliver YF, RB").text == "deliver rb yf"


def test_menu_labels_name_tiles_in_words_not_codes():
    # A button reads "Deliver red button, yellow feather", never "Deliver RB YF".
    s = new(2)
    place(s, 6, ring={(0, "scavenger"): ("inner", 6)})
    s.mice[0]["scavenger"].tiles = ["RB", "YF"]
    play(s, "out scavenger", "act")
    labels = {a.text: a.label for a in s.legal_actions(0)}
    assert labels["deliver rb yf"].startswith("Deliver red button, yellow feather (")
    assert labels["deliver rb"].startswith("Deliver red button (")
    assert not any(code in label.split() for label in labels.values() for code in ("RB", "YF"))


def test_illegal_actions_raise_and_change_nothing():
    s = new(2)
    before = json.dumps(s.dump(), sort_keys=True)
    with pytest.raises(IllegalAction, match="legal move"):
        s.apply(0, "off 9")
    with pytest.raises(IllegalAction, match="turn"):
        s.apply(1, "out scurrier")
    assert json.dumps(s.dump(), sort_keys=True) == before


def test_views_differ_only_in_seat_hand_and_favors():
    s = new(3)
    public = s.view(None)
    assert public["favors"] is None and public["favor_counts"] == [1, 1, 1]
    assert "F2" not in json.dumps(public)
    for seat in range(3):
        mine = s.view(seat)
        assert {k for k in public if public[k] != mine[k]} <= {"seat", "hand", "favors"}
        assert mine["favors"] == [f"F{seat + 1}"]
    assert public["prompt"] == "{p2}: choose which mouse at 2 acts (move out or jump on)"  # board C starts at 2


def test_determinize_keeps_what_a_seat_knows():
    s = new(3)
    world = s.determinize(0, random.Random(1))
    assert world.view(0) == s.view(0) and world.view(None) == s.view(None)
    assert sorted(world.favors[1] + world.favors[2] + world.favor_deck) == sorted(
        s.favors[1] + s.favors[2] + s.favor_deck
    )


def test_dump_load_and_copy_round_trip_mid_game():
    s = G.new(3, seed=9)
    rng = random.Random(9)
    for _ in range(60):
        s.apply(s.to_move[0], rng.choice(s.legal_actions(s.to_move[0])).text)
    again = G.load(json.loads(json.dumps(s.dump())))
    assert again.dump() == s.dump() and s.copy().dump() == s.dump()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_heuristic_plays_whole_games(players):
    s = G.new(players, seed=players)
    rng = random.Random(players)
    steps = 0
    while not s.over:
        seat = s.to_move[0]
        a = s.heuristic_action(seat, rng)
        assert a in s.legal_actions(seat)
        s.apply(seat, a.text)
        steps += 1
    assert steps > 20 and max(s.scores) > 0


def test_flow_of_play_example():
    # Leaves 1-11, then the bag's next draws (the Spotter's search).
    leaves = ["RB", "RF", "RS", "RT", "YB", "GB", "YS", "YT", "GF", "GS", "GT"]
    s = new(2, deck=BIN + leaves + ["PT", "PB"])
    s.favors[0] = ["F10"]
    s.filled[0][7] = "BF"  # board A's blue feather space is already filled
    place(s, 3, ring={(0, "scavenger"): ("inner", 5)}, hand=[(0, "spotter"), (0, "scurrier")])
    # (1)-(4) The Spotter jumps off at 3, claims the tile and searches: it draws two, keeps one.
    play(s, "off 3", "claim", "act")
    assert sorted(s.view(0)["hand"]) == ["PB", "PT"]
    play(s, "return pb")
    assert s.mice[0]["spotter"].tiles == ["RS", "PT"]
    # (5)-(7) The Scurrier leaps ahead to 5, claims, and pays the market with its bonus favor.
    assert "off 5" in texts(s)
    play(s, "off 5", "claim", "act", "spend f10", "market bb bf")
    assert s.mice[0]["scurrier"].tiles == ["YB", "BB", "BF"]
    # (8)-(10) At 5 the Scavenger acts from the inner ring (the Scurrier on the outer space does not);
    # the Scurrier's three tiles are traded to it before it jumps on.
    assert s.minute == 5 and s.view(None)["decision"] == "inner" and texts(s)[:2] == ["out scavenger", "on scavenger"]
    play(s, "move yb scurrier scavenger", "move bb scurrier scavenger", "move bf scurrier scavenger", "on scavenger")
    # (11)-(13) At 6 it jumps off, claims and delivers everything for 9 points.
    play(s, "off 6", "claim", "act", "deliver yb gb bb bf")
    assert s.scores[0] == 9
    assert s.filled[0][1:4] == ["YB", "GB", "BB"] and "BF" in s.bag


def test_market_with_one_bin_tile_left():
    s = new(2)
    s.favors[0] = ["F4"]
    s.bin = [None, None, "BS", None]
    place(s, 2, ring={(0, "spotter"): ("inner", 2), (1, "spotter"): ("inner", 9)})
    play(s, "out spotter", "favor f4")
    assert texts(s) == ["market bs", "market w"]
    play(s, "market bs")
    assert s.bin == [None] * 4 and s.mice[0]["spotter"].tiles == ["BS"]


def test_scamp_favor_then_the_first_mouse_still_acts():
    s = new(2)
    s.favors[0] = ["F8"]
    place(s, 2, ring={(0, "spotter"): ("inner", 2), (1, "spotter"): ("inner", 9)})
    play(s, "out spotter", "favor f8", "scamp 4")
    assert s.view(None)["active"] == {"seat": 0, "mouse": "scamp"}
    play(s, "done")
    assert s.view(None)["active"] == {"seat": 0, "mouse": "spotter"} and "act" in texts(s)


def test_a_spent_wild_goes_back_to_the_web():
    s = new(2)
    s.wilds = 9
    place(s, 5, ring={(0, "spotter"): ("inner", 5), (1, "spotter"): ("inner", 9)})
    s.mice[0]["spotter"].tiles = ["W"]
    play(s, "out spotter", "act", "spend w")
    assert s.wilds == 10


def test_learning_decks_deal_in_id_order():
    s = new(3)
    assert s.favors == [["F1"], ["F2"], ["F3"]]
    assert s.favor_deck[-1] == "F4" and s.favor_deck[0] == "F13"
    assert s.quest_deck[-1] == "Q3"


def test_every_action_has_parts_and_a_label():
    s = G.new(4, seed=12)
    rng = random.Random(12)
    for _ in range(300):
        if s.over:
            break
        for a in s.legal_actions(s.to_move[0]):
            assert a.parts["verb"] == a.text.split()[0] and a.label
            assert all(c == c.upper() for c in a.parts.get("cards", []))
        s.apply(s.to_move[0], rng.choice(s.legal_actions(s.to_move[0])).text)


def test_determinize_hides_another_seats_spotter_draw():
    s = new(2, deck=BIN + LEAVES + ["CROWN", "PT"])
    place(s, 3, ring={(0, "spotter"): ("inner", 3)})
    play(s, "out spotter", "act")
    assert s.hidden_cards(0) == ["CROWN", "PT"] and s.hidden_cards(1) == []
    assert s.determinize(0, random.Random(3)).hidden_cards(0) == ["CROWN", "PT"]
    worlds = [s.determinize(1, random.Random(k)) for k in range(6)]
    assert all(len(w.hidden_cards(0)) == 2 and w.view(1) == s.view(1) for w in worlds)
    assert any(sorted(w.hidden_cards(0)) != ["CROWN", "PT"] for w in worlds)
    for w in worlds:
        assert sorted(w.bag + w.hidden_cards(0)) == sorted(s.bag + s.hidden_cards(0))


def test_the_move_panel_names_tiles_and_favors_in_words():
    game = GAMES["hickory_dickory"]
    assert game.part_words("cards", ["RS", "W", "CROWN"]) == "red spool, wild, crown"
    assert game.part_words("favor", "F10") == "bonus favor (yellow spool)"
    assert game.part_words("favor", "F5") == "favor F5: climb 3"
    assert game.part_words("number", 5) is None


# -- the last tick's record (view keys last_tick and acted) ------------------------------------------


def _favor_ids_hidden(view, ids):
    text = json.dumps(view["last_tick"]) + json.dumps(view["acted"])
    return not any(f'"{fid}"' in text for fid in ids)


def test_last_tick_names_every_change_of_the_resolved_tick():
    s = new(2)
    place(
        s,
        2,
        ring={(0, "spotter"): ("inner", 2), (1, "scurrier"): ("inner", 2)},
        hand=[(1, "spotter"), (0, "scurrier")],
    )
    play(s, "off 2", "claim")
    rec = s.view(None)["last_tick"]
    assert rec["minute"] == 2 and rec["current"] is True
    assert rec["taken"] == [{"seat": 1, "mouse": "spotter", "tiles": ["RF"], "from": "leaf", "number": 2}]
    play(s, "act", "stay", "out spotter", "act", "on scurrier")
    assert s.minute == 3  # the riders now decide at 3: nothing happened there yet
    view = s.view(None)
    rec = view["last_tick"]
    assert rec["minute"] == 2 and rec["current"] is False
    assert rec["moves"] == [
        {"seat": 1, "mouse": "spotter", "from": {"where": "hand", "number": 2},
         "to": {"where": "outer", "number": 2}, "by": ""},
        {"seat": 0, "mouse": "spotter", "from": {"where": "inner", "number": 2},
         "to": {"where": "outer", "number": 2}, "by": ""},
        {"seat": 1, "mouse": "scurrier", "from": {"where": "inner", "number": 2},
         "to": {"where": "hand", "number": 2}, "by": ""},
    ]  # fmt: skip
    assert rec["leaf"] == [2] and rec["scored"] == [1, 1]
    assert rec["climbed"] == [
        {"seat": 1, "from": 0, "to": 3, "leaf": False},
        {"seat": 0, "from": 0, "to": 4, "leaf": False},
    ]
    assert rec["delivered"] == rec["returned"] == rec["hunt"] == rec["quests"] == rec["paws"] == []
    # The scurrier that stayed on the hand made no change, so it is not among those who acted.
    assert view["acted"] == [
        {"seat": 1, "mouse": "spotter"},
        {"seat": 0, "mouse": "spotter"},
        {"seat": 1, "mouse": "scurrier"},
    ]
    assert view == s.copy().view(None) and view == G.load(json.loads(json.dumps(s.dump()))).view(None)


def test_last_tick_delivery_fills_hunt_spaces_and_returns_the_rest():
    s = new(2)
    place(s, 6, ring={(0, "scavenger"): ("inner", 6)})
    s.mice[0]["scavenger"].tiles = ["RB", "RB", "YB", "W", "PT"]
    play(s, "out scavenger", "act", "deliver rb rb yb pt w", "wild gb")
    rec = s.view(None)["last_tick"]
    assert rec["minute"] == 6
    assert rec["delivered"] == [
        {"seat": 0, "mouse": "scavenger", "tiles": ["RB", "RB", "YB", "PT", "W"], "points": 12, "quest": None}
    ]
    assert rec["hunt"] == [{"seat": 0, "index": 0}, {"seat": 0, "index": 1}, {"seat": 0, "index": 2}]
    assert rec["returned"] == [{"seat": 0, "mouse": "scavenger", "tiles": ["RB", "PT"], "why": "deliver"}]
    assert rec["scored"] == [12, 0]


def test_last_tick_keeps_a_quest_through_the_round_end_that_followed():
    s = new(2)
    rig(s, 4, 9)
    place(s, 11, ring={(0, "scavenger"): ("inner", 11)})
    s.mice[0]["scavenger"].tiles = ["PB", "PF", "RF", "GS"]
    play(s, "out scavenger", "act", "deliver pb pf rf gs")
    # Nobody acted at 12: the round end's paws and hour join the record of 11.
    rec = s.view(None)["last_tick"]
    assert rec["minute"] == 11 and rec["quests"] == ["Q1"] and rec["scored"] == [15, 0]
    assert rec["paws"] == [{"from": None, "to": 4}, {"from": None, "to": 9}] and rec["hour"] == 8


def test_last_tick_never_names_a_drawn_or_discarded_favor():
    s = new(2)
    place(s, 12, ring={(0, "scavenger"): ("inner", 12)})
    s.mice[0]["scavenger"].tiles = ["CROWN", "GOBLET", "RB"]
    play(s, "out scavenger", "act")
    held = list(s.favors[0])
    play(s, f"discard {held[0].lower()}")
    view = s.view(None)
    rec = view["last_tick"]
    assert rec["returned"] == [
        {"seat": 0, "mouse": "scavenger", "tiles": ["CROWN"], "why": "relic"},
        {"seat": 0, "mouse": "scavenger", "tiles": ["GOBLET"], "why": "relic"},
    ]
    assert rec["scored"] == [10, 0]
    assert [f["how"] for f in rec["favors"]] == ["draw", "draw", "discard"]
    assert all(f["favor"] is None for f in rec["favors"])
    assert _favor_ids_hidden(view, held) and _favor_ids_hidden(s.view(1), held)


def test_last_tick_shows_a_played_favor_and_the_spotters_kept_tiles_only():
    s = new(2, deck=BIN + LEAVES + ["CROWN", "PT"])
    place(s, 3, ring={(0, "spotter"): ("inner", 3)})
    play(s, "out spotter", "act")
    assert "CROWN" not in json.dumps(s.view(None)["last_tick"])  # still being sorted: hidden
    assert "CROWN" not in json.dumps(s.view(1)["last_tick"])
    play(s, "return pt")
    rec = s.view(None)["last_tick"]
    assert rec["taken"] == [{"seat": 0, "mouse": "spotter", "tiles": ["CROWN"], "from": "bag", "drawn": 2}]
    assert "PT" not in json.dumps(rec)  # the tile put back stays secret
    s2 = new(2)
    s2.favors[0] = ["F3"]
    place(s2, 4, hand=[(0, "scurrier")])
    play(s2, "leap 6")
    rec = s2.view(None)["last_tick"]
    assert rec["favors"] == [{"seat": 0, "favor": "F3", "how": "play"}]
    assert rec["moves"][0]["from"] == {"where": "hand", "number": 4} and rec["moves"][0]["to"]["number"] == 6


def test_last_tick_solo_paw_scratch_and_scatter():
    s = G.new(1, seed=4, options={"layout": "learning"})
    s.mice[0]["spotter"].tiles = ["RB", "YB"]
    rig(s, 10)
    place(s, 10, hand=[(0, "spotter")], paws=[3, 10])
    view = s.view(None)
    rec = view["last_tick"]
    assert rec["minute"] == 10 and rec["paws"] == [{"from": 10, "to": 10}]
    assert rec["scratches"] == [{"seat": 0, "mouse": "spotter", "from": "spotter", "tile": "YB"}]
    assert rec["moves"] == [
        {"seat": 0, "mouse": "spotter", "from": {"where": "hand", "number": 10},
         "to": {"where": "outer", "number": 11}, "by": "cat"}
    ]  # fmt: skip
    assert view["acted"] == []  # the cat moved it: nobody chose anything yet


def test_last_tick_in_random_games_is_public_and_survives_storage():
    for players in (1, 2, 4):
        s = G.new(players, seed=players + 20)
        rng = random.Random(players)
        while not s.over:
            seat = s.to_move[0]
            public = s.view(None)
            secret = {f for fs in s.favors for f in fs} | set(s.hidden_cards(seat))
            shown = json.dumps(public["last_tick"])
            played = {f["favor"] for f in (public["last_tick"] or {}).get("favors", [])}
            assert not any(f'"{x}"' in shown for x in secret - played - set(public["bin"]))
            for other in range(players):
                assert s.view(other)["last_tick"] == public["last_tick"]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        again = G.load(json.loads(json.dumps(s.dump())))
        assert again.view(None)["last_tick"] == s.view(None)["last_tick"]


def test_a_game_stored_before_the_tick_record_still_loads():
    s = new(2)
    data = json.loads(json.dumps(s.dump()))
    del data["log"], data["last_log"]
    assert G.load(data).view(None)["last_tick"] is None


# -- solo AI -----------------------------------------------------------------------------------------


def test_solo_heuristic_rides_to_a_delivery_ahead_and_delivers():
    s = G.new(1, seed=4, options={"layout": "learning"})
    place(s, 3, ring={(0, "scavenger"): ("inner", 3)})
    s.mice[0]["scavenger"].tiles = ["PB", "PF", "RF", "GS"]  # Q1, face up in the learning deck
    rng = random.Random(0)
    assert s.heuristic_action(0, rng).text == "on scavenger"
    play(s, "on scavenger")
    while s.mice[0]["scavenger"].where == "hand":
        play(s, s.heuristic_action(0, rng).text)
    assert s.mice[0]["scavenger"].number == 6  # the deliver space
    while s.view(None)["decision"] != "deliver":
        play(s, s.heuristic_action(0, rng).text)
    chosen = s.heuristic_action(0, rng).text.split()  # the claimed leaf tile goes along
    assert chosen[0] == "deliver" and {"pb", "pf", "rf", "gs"} <= set(chosen)
    play(s, " ".join(chosen))
    assert "Q1" in s.quest_discard


def test_solo_search_reward_grows_with_worth_against_par():
    from engine.hickory_dickory_ai import evaluate

    s = G.new(1, seed=4, options={"layout": "learning"})
    low = evaluate(s)[0]
    s.scores[0] += 10
    assert 0.0 < low < evaluate(s)[0] < 1.0
    later = s.copy()
    later.hour += 3  # the same points later in the game are further below par
    assert evaluate(later)[0] < evaluate(s)[0]


def test_a_bonus_favor_alone_can_be_delivered():
    # The icon summary scores "favor card bonus tiles" delivered: F9 (a red feather) is enough to act.
    s = new(2)
    s.favors[0] = ["F9"]
    place(s, 6, ring={(0, "scavenger"): ("inner", 6)})
    play(s, "out scavenger")
    assert "act" in texts(s)
    play(s, "act")
    assert texts(s) == ["deliver f9"]
    play(s, "deliver f9")
    assert s.scores[0] == 3 and s.favors[0] == [] and "F9" in s.favor_discard
    assert s.filled[0] == [None] * 12  # a favor never goes on the hunt board


def test_scurrier_leaps_to_the_12_then_the_cuckoo_leap_but_never_combines_to_the_5():
    # The rule text's leap note: no single bound past 3 numbers, but the Scurrier's ability to the 12
    # followed by the 12's own leap to 1, 2 or 3 is fine.
    s = new(2)
    s.favors[0] = ["F3"]
    place(s, 10, hand=[(0, "scurrier")])
    assert set(texts(s)) == {"stay", "off 10", "off 11", "off 12", "leap 11", "leap 12", "leap 1"}
    play(s, "off 12")
    assert texts(s) == ["act", "done"]  # no leaf tile at the 12; the F3 leap is not for outer spaces
    play(s, "act")
    assert texts(s) == ["leap 1", "leap 2", "leap 3", "done"]
    play(s, "leap 3")
    assert s.mice[0]["scurrier"].where == "outer" and s.mice[0]["scurrier"].number == 3
    assert s.view(None)["decision"] == "entry" and "claim" in texts(s)


def test_a_spotters_drawn_tiles_show_as_a_sorted_hand():
    # common-card-games.md: view(seat)["hand"] holds that seat's cards, sorted (data order here).
    s = new(2, deck=BIN + LEAVES + ["CROWN", "PT"])
    place(s, 3, ring={(0, "spotter"): ("inner", 3)})
    play(s, "out spotter", "act")
    assert s.view(0)["hand"] == ["PT", "CROWN"]
