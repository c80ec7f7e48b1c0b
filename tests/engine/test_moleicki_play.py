"""Moleicki: aargh cards, the nine, eight, junction and straight rules, and the draw pile."""

from __future__ import annotations

from test_moleicki_support import kinds, position, refused, texts

from engine.moleicki_vectors import VECTORS

FILL = ["4D", "5D", "6D"]

# -- aargh ------------------------------------------------------------------------


def test_two_resets_the_pile_and_the_player_plays_again():
    state = position([["2H", *FILL], ["4C"]], pile=["AS"])  # an ace can't be beaten in up
    state.apply(0, "play 2h")
    assert state.top() is None and state.pending == "again" and state.to_move == (0,)
    assert state.view(None)["pile"] == ["AS", "2H"] and state.view(None)["pile_base"] == 2
    refused(state, 0, "pickup", "nothing to pick up")
    state.apply(0, "play 4d")  # any card may go on a reset pile
    assert state.current == 1 and state.top() == "4D"


def test_aargh_cards_are_always_legal_and_go_only_with_their_own_rank():
    state = position([["2H", "2S", "10C", *FILL], ["4C"]], pile=["AS"])
    refused(state, 0, "play 10c 2h", "same rank")
    refused(state, 0, "play 2h 4d", "same rank")
    assert {"play 2s", "play 10c", "play 2s 2h"} <= set(texts(state, 0))
    assert state.parse(0, "play 2h 2s").text == "play 2s 2h"


def test_ten_clears_the_pile_into_a_good_discard():
    state = position([["10H", *FILL], ["4C"]], pile=["5S", "6S"])
    bad = len(state.bad)
    state.apply(0, "play 10h")
    view = state.view(None)
    assert view["pile"] == [] and view["good_discards"] == [{"top": "6S", "size": 2}]
    assert len(state.bad) == bad + 1 and state.bad[-1] == "10H"
    assert state.pending == "again" and state.to_move == (0,)


def test_ten_on_a_blank_pile_makes_an_empty_good_discard_marked_by_the_ten():
    state = position([["10H", *FILL], ["4C"]], pile=[])
    bad = len(state.bad)
    state.apply(0, "play 10h")
    assert state.view(None)["good_discards"] == [{"top": "10H", "size": 0}]
    assert len(state.bad) == bad


def test_joker_resets_and_calls_a_vector_after_drawing():
    state = position([["JK", "4D", "5D"], ["4C"]], pile=["AS"], draw=["9H", "7C"])
    events = state.apply(0, "play jk")
    assert "draw" in kinds(events) and "9H" in state.hands[0]  # drawn before calling the vector
    assert state.pending == "vector"
    assert texts(state, 0) == [f"vector {v}" for v in VECTORS]
    refused(state, 0, "play 4d", "call the vector first")
    state.apply(0, "vector Anti-middle")
    assert state.vector == "antimiddle" and state.pending == "again"
    state.apply(0, "play 9h")
    assert state.current == 1


def test_joker_may_keep_the_vector():
    state = position([["JK", *FILL], ["4C"]], pile=["AS"])
    state.apply(0, "play jk")
    events = state.apply(0, "vector up")
    assert state.vector == "up" and "keeps" in events[0].text


def test_quarter_sends_the_pile_to_bad_then_vector_then_gift():
    good = [["4S", "9S"], ["KH"]]
    state = position([["25", *FILL], ["4C"], ["5C"]], pile=["5S", "6S"], good=good)
    bad = len(state.bad)
    state.apply(0, "play 25")
    assert state.pile == [] and len(state.bad) == bad + 3 and state.pending == "vector"
    state.apply(0, "vector down")
    assert state.pending == "give"
    view = state.view(2)
    assert view["good_discards"] == [{"top": "9S", "size": 2}, {"top": "KH", "size": 1}]
    assert "give 1 to 2" in texts(state, 0) and "give 2 to 0" in texts(state, 0)
    refused(state, 0, "give 3 to 1", "from 1 to 2")
    events = state.apply(0, "give pile 1 to seat 2")
    assert sorted(state.hands[2]) == ["4S", "5C", "9S"]
    assert sorted(state.known[2]) == ["4S", "9S"]  # everyone saw that pile go
    assert "give" in kinds(events)
    # That was the only 25: the remaining good pile joins the bad discard.
    assert "merge" in kinds(events) and state.good == [] and "KH" in state.bad
    assert state.pending == "again" and state.quarters_out == 1


def test_quarter_may_give_the_empty_pile_symbolically():
    state = position([["25", *FILL], ["4C"]], pile=[], decks=2)
    state.good, state.good_marker = [[]], ["10H"]
    state.bad.remove("10H")
    bad = len(state.bad)
    state.apply(0, "play 25")
    state.apply(0, "vector up")
    state.apply(0, "give 1 to 1")
    assert state.hands[1] == ["4C"] and state.good == [] and len(state.bad) == bad + 2  # the 25 and the 10


def test_quarter_with_no_good_piles_gives_nothing():
    state = position([["25", *FILL], ["4C"]], pile=["5S"])
    state.apply(0, "play 25")
    state.apply(0, "vector north")
    assert state.pending == "again" and state.vector == "north"


def test_after_every_quarter_is_out_tens_go_straight_to_bad():
    state = position([["10H", *FILL], ["4C"]], pile=["5S", "6S"])
    state.quarters_out = 1
    state.apply(0, "play 10h")
    assert state.good == [] and {"5S", "6S", "10H"} <= set(state.bad)


def test_aargh_as_the_last_card_wins_without_playing_again():
    state = position([["2H"], ["4C", "5C"]], pile=["AS"])
    state.apply(0, "play 2h")
    assert state.over and state.winner == 0
    state = position([["JK"], ["4C", "5C"]], pile=["AS"])
    state.apply(0, "play jk")
    assert state.over and state.winner == 0 and state.to_move == ()


# -- the nine rule ------------------------------------------------------------------


def test_nine_must_be_answered_before_the_next_card_or_the_pile_is_picked_up():
    state = position([["9S", *FILL], ["JS", "4C", "5C", "6C"]], pile=["7S"])
    state.apply(0, "play 9s")
    assert state.view(None)["nein_owed"] == [0] and state.to_move == (0, 1)
    assert texts(state, 0) == ["nein"]
    events = state.apply(1, "play js")
    assert "penalty" in kinds(events)
    assert sorted(state.hands[0]) == sorted([*FILL, "7S", "9S", "JS"])
    assert state.pile == [] and state.view(None)["nein_owed"] == []


def test_saying_nein_in_time_avoids_the_penalty():
    state = position([["9S", *FILL], ["JS", "4C", "5C", "6C"]], pile=["7S"])
    state.apply(0, "play 9s")
    state.apply(0, "Nein!")
    refused(state, 0, "nein", "isn't your turn")
    events = state.apply(1, "play js")
    assert "penalty" not in kinds(events) and state.pile == ["7S", "9S", "JS"]


def test_one_nein_for_each_nine():
    state = position([["9S", "9H", *FILL], ["JS", "4C", "5C", "6C"]], pile=["7S"])
    state.apply(0, "play 9s 9h")
    assert state.view(None)["nein_counts"] == [2, 0]
    state.apply(0, "nein")
    assert state.view(None)["nein_counts"] == [1, 0]
    events = state.apply(1, "play js")
    assert "penalty" in kinds(events) and "9H" in state.hands[0]


def test_own_further_cards_do_not_end_the_time_for_nein():
    state = position([["2S", "9S", *FILL], ["4C", "5C", "6C"]], pile=["7S"])
    state.apply(0, "play 2s")
    state.apply(0, "play 9s")
    assert state.current == 1 and state.owed(0) == 1
    state.apply(0, "nein")
    assert state.to_move == (1,)


def test_pickup_is_not_a_card_so_the_time_runs_on():
    state = position([["9S", *FILL], ["4C", "5C", "6C"], ["JC", "4H", "5H"]], pile=["7S"])
    state.apply(0, "play 9s")
    state.apply(1, "pickup")
    assert state.owed(0) == 1 and state.current == 2
    events = state.apply(2, "play jc")
    assert "penalty" in kinds(events) and "JC" in state.hands[0]


def test_four_nines_everyone_says_nein_or_is_punched():
    hands = [["9S", "9H", "9D", "9C", "5S", "6S"], ["JS", "4C", "5C", "6C"], ["4H", "5H", "6H"]]
    state = position(hands, pile=["7S"])
    events = state.apply(0, "play 9s 9h 9d 9c")
    assert "burn" in kinds(events)  # four nines are also four of a kind
    assert state.view(None)["nein_counts"] == [4, 1, 1] and state.to_move == (0, 1, 2)
    assert state.current == 1 and state.turn == (1,)  # a beat that burns still ends the turn
    state.apply(1, "nein")
    for _ in range(3):
        state.apply(0, "nein")
    events = state.apply(1, "play js")  # onto the blank pile; the time for Nein is up
    assert state.view(None)["punched"] == [0, 2]
    assert kinds(events).count("punch") == 2 and "penalty" in kinds(events)
    assert "JS" in state.hands[0]


# -- the eight rule ---------------------------------------------------------------


def test_eight_in_up_must_be_beaten_then_the_player_chooses_who_is_next():
    state = position([["8S", "JS", *FILL], ["4C"], ["5C"], ["6C"]], pile=["5S"])
    state.apply(0, "play 8s")
    assert state.pending == "eight" and state.to_move == (0,)
    refused(state, 0, "play 4d", "doesn't beat")
    state.apply(0, "play js")
    assert state.pending == "next" and state.direction == -1
    assert texts(state, 0) == ["next 1", "next 2", "next 3"]
    refused(state, 0, "next 0", "another player")
    state.apply(0, "choose 2")
    assert state.current == 2 and state.direction == -1


def test_eight_not_beaten_means_pick_up_and_no_reversal():
    state = position([["8S", *FILL], ["4C"], ["5C"]], pile=["5S"])
    state.apply(0, "play 8s")
    assert texts(state, 0) == ["pickup"]
    state.apply(0, "pickup")
    assert state.direction == 1 and state.current == 1 and "8S" in state.hands[0]


def test_matching_eights_count_as_one_and_the_next_reverses_again():
    state = position([["8S", "8H", "JS", *FILL], ["4C"], ["5C"]], pile=["5S"], direction=-1)
    state.apply(0, "play 8h 8s")
    state.apply(0, "play js")
    assert state.direction == 1 and state.pending == "next"


def test_down_vector_has_the_eight_rule_too():
    state = position([["8S", "7S", *FILL], ["4C"], ["5C"]], pile=["9S"], vector="down")
    state.apply(0, "play 8s")
    assert state.pending == "eight"
    state.apply(0, "play 7s")  # in down a 7 stands above an 8
    assert state.pending == "next" and state.direction == -1


def test_eight_rule_only_in_up_and_down():
    state = position([["8S", *FILL], ["4C"], ["5C"]], pile=["5S"], vector="middle")
    state.apply(0, "play 8s")
    assert state.current == 1


def test_two_players_skip_the_choice():
    state = position([["8S", "9S", *FILL], ["4C"]], pile=["5S"])
    state.apply(0, "play 8s")
    state.apply(0, "play 9s")
    assert state.current == 1 and state.pending == "play"


def test_an_aargh_on_your_own_eight_is_allowed_but_not_a_beat():
    state = position([["8S", "2H", *FILL], ["4C"], ["5C"]], pile=["5S"])
    state.apply(0, "play 8s")
    state.apply(0, "play 2h")
    assert state.pending == "again" and state.direction == 1
    state.apply(0, "play 4d")
    assert state.current == 1


def test_an_eight_as_the_last_card_does_not_win():
    # "Beating the 8 is required even if the eight is the final card played"
    state = position([["8S"], ["4C", "5C"], ["6C"]], pile=["5S"])
    events = state.apply(0, "play 8s")
    assert not state.over and "pickup" in kinds(events)
    assert sorted(state.hands[0]) == ["5S", "8S"] and state.current == 1


# -- the junction -------------------------------------------------------------------


def test_junction_switches_the_loop_and_ends_the_turn():
    state = position([["8S", *FILL], ["9C", "4C"]], pile=["5S"], vector="north")
    state.apply(0, "play 8s")
    assert state.vector == "south" and state.current == 1 and state.top() is None
    state.apply(1, "play 9c")  # the lowest card of south is fine on the reset pile
    assert state.current == 0


def test_several_eights_are_one_junction_and_a_junction_cannot_be_tied():
    state = position([["8S", "8H", *FILL], ["8C", "4C", "5C"]], pile=["5S"], vector="south")
    state.apply(0, "play 8s 8h")
    assert state.vector == "north" and state.current == 1
    events = state.apply(1, "play 8c")  # not a tie: another junction
    assert events[0].data["kind"] == "junction" and state.vector == "south" and state.current == 0
    refused(state, 0, "play 8d", "don't have")


def test_junction_cannot_mix_with_other_cards():
    state = position([["8S", "9S", "JS", "QS"], ["4C"]], pile=[], vector="north")
    refused(state, 0, "play 8s 9s js qs", "junction")


# -- straights ----------------------------------------------------------------------


def test_straight_up_is_laid_low_to_high_and_parsed_in_any_order():
    state = position([["6D", "3S", "5C", "4H", "KD"], ["4C"]], pile=[])
    assert state.parse(0, "play 6d 3s 5c 4h").text == "play 3s 4h 5c 6d"
    assert "play 3s 4h 5c 6d" in texts(state, 0)
    state.apply(0, "play 6d 5c 4h 3s")
    assert state.pile == ["3S", "4H", "5C", "6D"] and state.current == 1


def test_straight_down_q_j_9_8_ends_on_an_eight_which_must_be_beaten():
    state = position([["8C", "9D", "JH", "QS", "7S", "4D"], ["4C"], ["5C"]], pile=["KS"], vector="down")
    action = state.parse(0, "play 8c 9d jh qs")
    assert action.text == "play qs jh 9d 8c"
    state.apply(0, action.text)
    assert state.pending == "eight"
    state.apply(0, "play 7s")
    assert state.pending == "next"


def test_straights_skip_ten_and_forbid_duplicates_and_other_vectors():
    state = position([["9S", "JS", "QS", "KS", "3S", "3H", "4S", "5S", "10H"], ["4C"]], pile=[])
    assert state.parse(0, "play 9s js qs ks").text == "play 9s js qs ks"  # 10 is not in sequence
    refused(state, 0, "play 9s 10h js qs", "same rank")
    refused(state, 0, "play 3s 3h 4s 5s", "don't go together")
    state = position([["3S", "4S", "5S", "6S"], ["4C"]], pile=[], vector="middle")
    refused(state, 0, "play 3s 4s 5s 6s", "one rank")


def test_straight_lowest_card_must_beat_the_top():
    state = position([["3S", "4H", "5C", "6D", "KD"], ["4C"]], pile=["5S"])
    refused(state, 0, "play 3s 4h 5c 6d", "lowest card")


def test_an_eight_can_be_beaten_by_a_straight_whose_lowest_beats_it():
    state = position([["8S", "9S", "JS", "QS", "KS", "4D"], ["4C"], ["5C"]], pile=["5S"])
    state.apply(0, "play 8s")
    state.apply(0, "play 9s js qs ks")
    assert state.pending == "next"


def test_straights_starting_with_or_holding_an_eight_need_no_beating():
    state = position([["8S", "9S", "JS", "QS", "4D"], ["4C"]], pile=[])
    state.apply(0, "play 8s 9s js qs")
    assert state.current == 1
    state = position([["6S", "7S", "8S", "9S", "4D"], ["4C"]], pile=[])
    state.apply(0, "play 6s 7s 8s 9s")
    assert state.current == 1


def test_a_straight_with_a_nine_owes_one_nein():
    state = position([["6S", "7S", "8S", "9S", "4D"], ["4C"]], pile=[])
    state.apply(0, "play 6s 7s 8s 9s")
    assert state.owed(0) == 1


# -- the draw pile ------------------------------------------------------------------


def test_hands_are_topped_up_to_three_at_once():
    state = position([["5S", "6S", "7S"], ["4C", "5C", "6C"]], pile=["4S"], draw=["KH", "QH"])
    events = state.apply(0, "play 5s")
    assert sorted(state.hands[0]) == ["6S", "7S", "KH"] and state.draw == ["QH"]
    draw = next(e for e in events if e.kind == "draw")
    assert "KH" not in draw.text and draw.data["private"] == {"0": ["KH"]}


def test_a_drawn_card_may_be_used_in_the_same_turn():
    state = position([["7H", "4S", "5S"], ["4C", "5C", "6C"]], pile=["7S"], draw=["JS", "QH"])
    state.apply(0, "play 7h")  # a tie; the hand drops to two and JS is drawn
    assert "JS" in state.hands[0]
    state.apply(0, "play js")
    assert state.current == 1


def test_a_drawn_card_may_match_the_card_just_played():
    # "if a card drawn would make a legal play, e.g. if it would tie the card previously played"
    state = position([["7H", "4S", "5S"], ["4C", "5C", "6C"]], pile=["6S"], draw=["7D", "QH", "KH"])
    state.apply(0, "play 7h")
    assert state.current == 1 and state.window == 0 and state.to_move == (0, 1)
    assert texts(state, 0) == ["play 7d", "done"]
    refused(state, 0, "play 4s", "matching")
    state.apply(0, "play 7d")
    assert state.pile == ["6S", "7H", "7D"] and "QH" in state.hands[0]  # drew again
    assert state.current == 1 and state.window == 0
    state.apply(0, "done")
    assert state.to_move == (1,)


def test_the_next_player_acting_closes_the_matching_window():
    state = position([["7H", "4S", "5S"], ["9C", "5C", "6C"]], pile=["6S"], draw=["7D", "QH"])
    state.apply(0, "play 7h")
    state.apply(1, "play 9c")
    assert state.current == 0 and state.pile == ["6S", "7H", "9C"]
    assert state.window == 1  # seat 0's chance has gone; seat 1 drew, so it now has its own


# -- matching aargh cards (issue 8) ----------------------------------------------------
# "if you can play one of a rank of cards, you can also play more than one"


def test_two_tens_together_clear_the_pile_once_and_both_go_to_the_bad_discard():
    state = position([["10H", "10C", *FILL], ["4C"]], pile=["5S", "6S"])
    bad = len(state.bad)
    events = state.apply(0, "play 10h 10c")
    assert state.view(None)["good_discards"] == [{"top": "6S", "size": 2}]
    assert len(state.bad) == bad + 2 and {"10H", "10C"} <= set(state.bad[-2:])
    assert kinds(events).count("clear") == 1 and state.pending == "again" and state.current == 0


def test_two_tens_on_a_blank_pile_make_one_empty_good_pile():
    state = position([["10H", "10C", *FILL], ["4C"]], pile=[])
    bad = len(state.bad)
    state.apply(0, "play 10c 10h")
    assert state.view(None)["good_discards"] == [{"top": "10H", "size": 0}]
    assert len(state.bad) == bad + 1 and state.bad[-1] == "10C"


def test_two_twos_reset_once_and_the_player_plays_on():
    state = position([["2H", "2S", *FILL], ["4C"]], pile=["AS"])
    state.apply(0, "play 2h 2s")
    assert state.view(None)["pile"] == ["AS", "2S", "2H"] and state.view(None)["pile_base"] == 3
    assert state.pending == "again" and state.current == 0


def test_two_jokers_reset_and_call_the_vector_once():
    state = position([["JK", "JK", *FILL], ["4C"]], pile=["AS"], decks=2)
    state.apply(0, "play jk jk")
    assert state.pending == "vector" and state.top() is None
    state.apply(0, "vector down")
    assert state.pending == "again" and state.vector == "down"


def test_two_quarters_count_as_both_played_but_give_one_pile():
    good = [["4S", "9S"], ["KH"]]
    state = position([["25", "25", *FILL], ["4C"]], pile=["5S"], good=good, decks=2)
    state.apply(0, "play 25 25")
    assert state.quarters_out == 2 and state.view(None)["quarters_left"] == 0
    state.apply(0, "vector up")
    events = state.apply(0, "give 2 to 1")
    assert sorted(state.hands[1]) == ["4C", "KH"]
    assert "merge" in kinds(events) and state.good == []  # every 25 is out now
    assert state.pending == "again"


def test_four_twos_at_once_are_four_of_a_kind():
    state = position([["2H", "2S", "2D", "2C", *FILL], ["4C"]], pile=["AS"])
    events = state.apply(0, "play 2s 2h 2d 2c")
    assert "burn" in kinds(events) and state.pile == [] and state.pending == "again" and state.current == 0


def test_aargh_cards_of_different_ranks_still_go_apart():
    state = position([["2H", "JK", *FILL], ["4C"]], pile=["AS"])
    refused(state, 0, "play 2h jk", "same rank")


# -- after a tie you must beat (issue 8) -------------------------------------------------
# "After tying, a player must always then beat the card."


def test_a_junction_does_not_follow_a_tie():
    state = position([["5H", "8S", "4D", "KD"], ["4C"]], pile=["5S"], vector="north")
    state.apply(0, "play 5h")
    assert state.pending == "tied"
    refused(state, 0, "play 8s", "beat the card")
    assert "play 8s" not in texts(state, 0)
    state.apply(0, "play 4d")  # 4 is above 5 in the north loop
    assert state.vector == "north" and state.current == 1


def test_a_junction_is_still_fine_at_the_start_of_a_turn():
    state = position([["8S", *FILL], ["4C"]], pile=["5S"], vector="north")
    assert "play 8s" in texts(state, 0)


# -- four of a kind: whose turn next (issue 8) ---------------------------------------------


def test_four_of_a_kind_by_a_plain_beat_passes_the_turn_on():
    state = position([["JS", "JH", "JD", "JC", *FILL], ["4C"], ["5C"]], pile=["5S"])
    events = state.apply(0, "play js jh jd jc")
    assert "burn" in kinds(events) and state.pile == []
    assert state.current == 1 and state.pending == "play" and state.top() is None
    state.apply(1, "play 4c")  # anything goes on the blank pile


def test_four_of_a_kind_made_by_a_tie_lets_the_tier_go_on_onto_the_blank_pile():
    state = position([["5D", "5C", "4D", "6D"], ["4C"]], pile=["5S", "5H"])
    events = state.apply(0, "play 5d 5c")
    assert "burn" in kinds(events) and state.current == 0 and state.pending == "again"
    state.apply(0, "play 4d")
    assert state.current == 1


def test_four_eights_of_your_own_in_up_leave_you_to_play_on():
    state = position([["8S", "8H", "8D", "8C", *FILL], ["4C"]], pile=["5S"])
    state.apply(0, "play 8s 8h")
    assert state.pending == "eight"
    events = state.apply(0, "play 8d 8c")
    assert "burn" in kinds(events) and state.current == 0 and state.pending == "again"
