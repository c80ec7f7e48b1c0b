"""Moleicki: tableau order, turning up, blind play, fluid play, and every victory case."""

from __future__ import annotations

from test_moleicki_support import dealt, kinds, position, refused, texts

CLASSIC_TAB = [[["*KS"]], [["*2S", "5H"], ["*3S", "6H"], ["*4S", "7H"]]]


def test_tableau_waits_while_the_draw_pile_lasts_or_the_hand_holds_cards():
    state = position([["4D", "5D"], ["4C"]], tabs=[CLASSIC_TAB, []], pile=["3C"], draw=["9C"])
    refused(state, 0, "play 5h", "only once your hand is empty")
    state.draw = []
    refused(state, 0, "play 5h", "only once your hand is empty")


def test_barrier_row_comes_before_the_base():
    state = position([[], ["4C", "5C"]], tabs=[CLASSIC_TAB, []], pile=["3C"])
    assert texts(state, 0) == ["blind 1"]  # the lone barrier card must be played blind
    refused(state, 0, "play 5h", "can't be played yet")
    events = state.apply(0, "blind 1")
    assert "K♠" in events[0].text and state.pile[-1] == "KS"
    assert state.current == 1
    state.apply(1, "pickup")
    assert set(texts(state, 0)) >= {"play 5h", "play 6h", "play 7h"}  # any face-up card of the open row


def test_face_up_cards_go_before_face_down_ones_in_a_row():
    tab = [[["*2S", "5H"], ["*3S"]]]
    state = position([[], ["4C", "5C"]], tabs=[tab, []], pile=["3C"])
    refused(state, 0, "blind 2", "face-up cards first")
    refused(state, 0, "blind 1", "face-up cards first")
    state.apply(0, "play 5h")
    state.apply(1, "pickup")
    # now two lone face-down cards: either may be played blind
    assert texts(state, 0)[:2] == ["blind 1", "blind 2"]


def test_three_card_pile_top_up_then_turn_up_then_the_last_is_blind():
    # "in a pile of three cards, the top card will be face up; once it is played the card below
    # it is turned face up; once that card is played, however, the final card must remain face down"
    hands = [["4S", "5S", "6S", "7S"], ["4H", "5H", "6H", "7H"]]
    tabs = [
        [[["AS", "KS", "QS"], ["AD", "KD", "QD"], ["AC", "KC", "QC"]]],
        [[["9H", "9D", "9C"], ["JH", "JD", "JC"], ["3H", "3D", "3C"]]],
    ]
    state = dealt(2, hands, tabs, draw=["2C"], preset="tower")
    assert state.view(0)["tableaux"][0][0][0] == [None, None, "QS"]
    tower = [[["*AS", "*KS", "QS"], ["*AD", "*KD", "QD"], ["*AC", "*KC", "QC"]]]
    state = position([[], ["4C", "5C"]], tabs=[tower, []], pile=["4H"])
    state.apply(0, "play qs")
    state.apply(1, "pickup")
    assert "flip 1" in texts(state, 0)
    refused(state, 0, "play ks", "don't have")  # face down: not yet a card you can name
    events = state.apply(0, "flip 1")
    assert kinds(events) == ["flip"] and state.view(1)["tableaux"][0][0][0] == [None, "KS"]
    state.apply(0, "play ks")
    state.apply(1, "pickup")
    assert "flip 1" not in texts(state, 0)
    refused(state, 0, "flip 1", "played blind")


def test_turning_up_is_allowed_in_any_row_on_your_turn():
    tab = [[["*9S"]], [["*2S", "*5H"]]]
    state = position([["4D", "5D", "6D"], ["4C"]], tabs=[tab, []], pile=["3C"])
    assert "flip 2" in texts(state, 0)
    state.apply(0, "flip 2")
    assert state.tabs[0][1][0] == ["*2S", "5H"] and state.current == 0 and state.pending == "play"


def test_blind_play_that_fails_picks_up_the_pile_and_gives_a_hand_back():
    tab = [[["*4S"], ["*KS"]]]
    state = position([[], ["4C", "5C"]], tabs=[tab, []], pile=["9C"])
    events = state.apply(0, "blind 1")
    assert "miss" in kinds(events) and "pickup" in kinds(events)
    assert sorted(state.hands[0]) == ["4S", "9C"] and state.current == 1
    state.apply(1, "play 4c")
    # with a hand again, the tableau waits until the hand is played out
    refused(state, 0, "blind 2", "hand is empty")
    assert not any(t.startswith("blind") for t in texts(state, 0))


def test_blind_play_that_is_legal_counts():
    tab = [[["*KS"], ["*4S"]]]
    state = position([[], ["4C", "5C"]], tabs=[tab, []], pile=["9C"])
    state.apply(0, "blind 1")
    assert state.pile == ["9C", "KS"] and state.current == 1 and state.tabs[0] == [[[], ["*4S"]]]


def test_any_face_up_card_of_the_row_may_be_played():
    tab = [[["*2S", "5H"], ["*3S", "6H"], ["*4S", "7H"]]]
    state = position([[], ["4C"]], tabs=[tab, []], pile=["3C"])
    state.apply(0, "play 6h")
    assert state.tabs[0][0][1] == ["*3S"]


def test_fluid_play_matches_the_last_hand_card_from_the_tableau():
    tab = [[["*2S", "7H"], ["*3S", "7D"], ["*4S", "QH"]]]
    state = position([["7S"], ["4C", "5C"]], tabs=[tab, []], pile=["5S"])
    assert "play 7s 7h 7d" in texts(state, 0)
    state.apply(0, "play 7d 7s 7h")
    assert state.pile[-3:] == ["7S", "7H", "7D"] and state.hands[0] == [] and state.current == 1


def test_fluid_play_beats_your_own_eight_from_the_tableau():
    tab = [[["*2S", "9H"]]]
    state = position([["8S"], ["4C", "5C"], ["6C"]], tabs=[tab, []], pile=["5D"])
    state.apply(0, "play 8s")
    assert state.pending == "eight" and "play 9h" in texts(state, 0)
    state.apply(0, "play 9h")
    assert state.pending == "next"


def test_fluid_play_follows_a_tie_from_the_tableau():
    tab = [[["*2S", "KH"]]]
    state = position([["7H"], ["4C", "5C"]], tabs=[tab, []], pile=["7S"])
    state.apply(0, "play 7h")
    assert state.pending == "tied"
    state.apply(0, "play kh")
    assert state.current == 1


def test_cards_in_hand_must_go_before_the_tableau_even_mid_play():
    tab = [[["*2S", "KH"]]]
    state = position([["4D", "5D"], ["4C"]], tabs=[tab, []], pile=["3C"])
    refused(state, 0, "play kh", "only once your hand is empty")


# -- victory ------------------------------------------------------------------------


def test_the_last_tableau_card_played_legally_wins():
    tab = [[["KH"]]]
    state = position([[], ["4C", "5C"]], tabs=[tab, []], pile=["9C"])
    events = state.apply(0, "play kh")
    assert state.over and state.winner == 0 and kinds(events)[-1] == "win"
    assert state.outcome().places == (1, 2)


def test_the_last_card_blind_and_legal_wins():
    state = position([[], ["4C", "5C"]], tabs=[[[["*KH"]]], []], pile=["9C"])
    state.apply(0, "blind 1")
    assert state.over and state.winner == 0


def test_no_tableau_left_the_last_hand_card_wins():
    state = position([["KH"], ["4C", "5C"]], pile=["9C"])
    state.apply(0, "play kh")
    assert state.winner == 0


def test_the_last_card_tying_does_not_win():
    state = position([["9H"], ["4C", "5C"]], pile=["5S", "9C"])
    events = state.apply(0, "play 9h")
    assert not state.over and "pickup" in kinds(events)
    assert sorted(state.hands[0]) == ["5S", "9C", "9H"]


def test_the_last_card_matching_your_own_play_wins():
    tab = [[["7H"]]]
    state = position([["7S"], ["4C", "5C"]], tabs=[tab, []], pile=["5S"])
    state.apply(0, "play 7s 7h")
    assert state.over and state.winner == 0


def test_the_last_card_creating_a_blank_pile_wins():
    state = position([["7D"], ["4C", "5C"]], pile=["7S", "7H", "7C"])
    events = state.apply(0, "play 7d")  # a tie, but four of a kind clears the pile
    assert "burn" in kinds(events) and state.winner == 0


def test_the_last_card_a_junction_wins():
    state = position([["8D"], ["4C", "5C"]], pile=["7S"], vector="north")
    state.apply(0, "play 8d")
    assert state.winner == 0


def test_king_king_king_nine():
    state = position([["KS", "KH", "KD", "9S"], ["4C", "5C"]], pile=["AC"])
    assert texts(state, 0)[0] == "kkk9"
    assert state.parse(0, "King king king nine!").text == "kkk9"
    state.apply(0, "kkk9")
    assert state.over and state.winner == 0 and "King king king nine" in state.outcome().reason


def test_king_king_king_nine_needs_an_empty_tableau_and_exactly_those_cards():
    state = position([["KS", "KH", "KD", "9S"], ["4C"]], tabs=[[[["*2S"]]], []], pile=["AC"])
    refused(state, 0, "kkk9", "no tableau left")
    state = position([["KS", "KH", "KD", "9S", "4D"], ["4C"]], pile=["AC"])
    refused(state, 0, "kkk9", "K K K 9")
    state = position([["KS", "KH", "QD", "9S"], ["4C"]], pile=["AC"])
    assert "kkk9" not in texts(state, 0)


# -- blind play is not optional (issue 8) -------------------------------------------------
# "A player with no cards in his hand must play from his tableau"; "Face-down cards
# that cannot be turned up must be played blind."


def test_a_lone_face_down_card_must_be_played_blind_not_kept_by_picking_up():
    state = position([[], ["4C", "5C"]], tabs=[[[["*4S"]]], []], pile=["AC"])
    assert texts(state, 0) == ["blind 1"]
    refused(state, 0, "pickup", "must play from your tableau")
    events = state.apply(0, "blind 1")  # a 4 can't beat an ace in up: the pile comes back with it
    assert "miss" in kinds(events) and sorted(state.hands[0]) == ["4S", "AC"]


def test_a_blind_card_that_only_ties_is_a_miss():
    # "if it does not beat the card atop the center pile, the player must pick up"
    state = position([[], ["4C", "6C"]], tabs=[[[["*9S"]], [["*KS"]]], []], pile=["5C", "9C"])
    events = state.apply(0, "blind 1")
    assert "miss" in kinds(events) and "pickup" in kinds(events)
    assert sorted(state.hands[0]) == ["5C", "9C", "9S"] and state.current == 1 and state.pile == []


def test_a_blind_card_matching_your_own_eight_is_no_beat_either():
    tab = [[["*8H"]]]
    state = position([["8S"], ["4C", "5C"], ["6C"]], tabs=[tab, []], pile=["5D"])
    state.apply(0, "play 8s")
    assert texts(state, 0) == ["blind 1"]  # the only way left to try to beat the 8
    events = state.apply(0, "blind 1")
    assert "miss" in kinds(events) and sorted(state.hands[0]) == ["5D", "8H", "8S"]


def test_a_face_down_top_in_the_open_row_must_be_turned_up_before_picking_up():
    tab = [[["*2S", "*4S"]]]
    state = position([[], ["4C", "5C"]], tabs=[tab, []], pile=["AC"])
    assert texts(state, 0) == ["flip 1"]
    refused(state, 0, "pickup", "turn up a face-down card")
    state.apply(0, "flip 1")
    assert texts(state, 0) == ["pickup"]  # the 4 can be seen now and doesn't beat the ace


def test_picking_up_stays_possible_while_the_hand_holds_cards():
    state = position([["4D"], ["4C", "5C"]], tabs=[[[["*4S"]]], []], pile=["AC"])
    assert texts(state, 0) == ["pickup"]


# -- timings the text leaves open (issue 8) ------------------------------------------------


def test_king_king_king_nine_may_be_proclaimed_out_of_turn():
    # "automatically wins the game upon proclaiming" with no turn named
    state = position([["4D", "5D"], ["KS", "KH", "KD", "9S"], ["6C"]], pile=["AC"])
    assert state.turn == (0,) and state.to_move == (0, 1)
    assert texts(state, 1) == ["kkk9"]
    state.apply(1, "kkk9")
    assert state.over and state.winner == 1


def test_turning_up_is_always_permissible_even_out_of_turn():
    # "it is always permissible to turn face up a face-down card"
    tab = [[["*2S", "*5H"]]]
    state = position([["4D", "5D", "6D"], ["4C"], ["6C"]], tabs=[[], tab], pile=["3C"])
    assert state.turn == (0,) and state.to_move == (0, 1)
    assert texts(state, 1) == ["flip 1"]
    refused(state, 1, "play 4c", "isn't your turn to play")
    events = state.apply(1, "flip 1")
    assert kinds(events) == ["flip"] and state.tabs[1] == [[["*2S", "5H"]]]
    assert state.current == 0 and state.pending == "play" and state.to_move == (0,)


def test_turning_up_leaves_a_matching_window_open():
    state = position([["7S", "7H"], ["4C", "5C"], ["6C"]], pile=["5S"], draw=["7D", "9C"])
    state.tabs[2] = [[["*2S", "*5H"]]]
    state.bad.remove("2S")
    state.bad.remove("5H")
    state.apply(0, "play 7s")
    assert state.window == 0 and state.turn == (0, 1) and state.to_move == (0, 1, 2)
    state.apply(2, "flip 1")
    assert state.window == 0 and state.current == 1


def test_flip_is_refused_with_nothing_to_turn_up():
    state = position([["4D"], ["4C"]], tabs=[[[["*4S"]]], []], pile=["3C"], current=1)
    refused(state, 0, "flip 1", "isn't your turn")  # a lone face-down card is no reason to act
