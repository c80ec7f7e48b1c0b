"""Moleicki: the opening race, Magdalena Krzywicka, the ace and eight corollaries, the follow-up."""

from __future__ import annotations

from test_moleicki_support import dealt, refused, texts

NO_OPENERS = ["4S", "5S", "6S", "JS"]


def four_hands(h0, h1, h2, h3):
    return [h0, h1, h2, h3]


def test_two_holders_of_a_three_race_and_the_first_valid_play_wins():
    hands = four_hands(["3S", "7S", "9S", "KS"], ["4H", "5H", "6H", "7H"], ["3D", "JD", "QD", "KD"], NO_OPENERS)
    state = dealt(4, hands)
    assert state.phase == "opening" and state.opening == "3"
    assert state.to_move == (0, 2)
    assert texts(state, 0) == ["play 3s"] and texts(state, 2) == ["play 3d"]
    assert texts(state, 1) == []
    refused(state, 1, "play 4h", "isn't your turn")
    state.apply(2, "play 3d")
    assert state.opener == 2 and state.vector == "up"
    # The slower racer's play is now refused with a sentence, and changes nothing.
    refused(state, 0, "play 3s", "isn't your turn")
    assert state.phase == "follow" and state.to_move == (1, 3)


def test_a_racer_who_is_also_a_neighbour_may_follow_up_instead():
    hands = [["3S", "7S", "9S", "KS"], ["3H", "5H", "6H", "8H"], ["4D", "JD", "QD", "KD"]]
    state = dealt(3, hands)
    assert state.to_move == (0, 1)
    state.apply(1, "play 3h")
    assert state.to_move == (0, 2)
    events = state.apply(0, "play 3s")  # now a tie of the opening 3: legal, and it sets the direction
    assert state.direction == -1 and state.current == 0 and state.pending == "tied"
    assert "tie" in [e.data.get("kind") for e in events]


def test_opening_may_match_several_threes():
    hands = [["3S", "3H", "9S", "2D"], ["4H", "5H", "6H", "7H"]]
    state = dealt(2, hands)
    assert texts(state, 0) == ["play 3s", "play 3s 3h"]
    assert state.parse(0, "play 3h 3S").text == "play 3s 3h"
    refused(state, 0, "play 9s", "opens with a 3")
    refused(state, 0, "play 2d", "opens with a 3")  # an aargh card is no opener either
    state.apply(0, "play 3h 3s")
    assert state.pile == ["3S", "3H"]


def test_krzywicka_may_not_open_with_a_three_when_someone_else_can():
    hands = four_hands(NO_OPENERS, ["3H", "5H", "6H", "7H"], ["3D", "JD", "QD", "KD"], ["4C", "5C", "6C", "7C"])
    state = dealt(4, hands, options={"krzywicka": "1"})
    assert state.to_move == (2,)
    refused(state, 1, "play 3h", "isn't your turn")
    state.apply(2, "play 3d")
    assert state.to_move == (1, 3)  # she may still follow up


def test_krzywicka_opens_with_a_three_when_nobody_else_can():
    hands = four_hands(NO_OPENERS, ["3H", "5H", "6H", "7H"], ["4D", "JD", "QD", "KD"], ["4C", "5C", "6C", "7C"])
    state = dealt(4, hands, options={"krzywicka": "1"})
    assert state.to_move == (1,)
    state.apply(1, "play 3h")
    assert state.opener == 1


def test_ace_corollary_opens_down_and_krzywicka_may_play_it():
    hands = four_hands(NO_OPENERS, ["AH", "5H", "6H", "7H"], ["AD", "JD", "QD", "KD"], ["4C", "5C", "6C", "7C"])
    state = dealt(4, hands, options={"krzywicka": "1"})
    assert state.opening == "A" and state.vector == "down"
    assert state.to_move == (1, 2)
    state.apply(1, "play ah")
    assert state.view(None)["vector"] == "down"


def test_eight_corollary_opens_middle():
    hands = [["8S", "5S", "6S", "7S"], ["4H", "5H", "6H", "8H"], ["4D", "JD", "QD", "KD"]]
    state = dealt(3, hands)
    assert state.opening == "8" and state.vector == "middle" and state.to_move == (0, 1)
    refused(state, 0, "play 5s", "opens with an 8")
    state.apply(0, "play 8s")
    # 8 is the top of middle: a neighbour who can't beat it may pick up (and so takes the follow-up)
    assert "pickup" in texts(state, 2)
    state.apply(2, "pickup")
    assert state.direction == -1 and state.current == 1
    assert sorted(state.hands[2]) == sorted(["4D", "JD", "QD", "KD", "8S"])


def test_with_no_three_ace_or_eight_the_eldest_hand_opens_with_anything():
    hands = [["4S", "5S", "6S", "7S"], ["4H", "5H", "6H", "7H"]]
    state = dealt(2, hands)
    assert state.opening == "any" and state.vector == "up" and state.to_move == (0,)
    state.apply(0, "play 6s")
    assert state.phase == "follow" and state.to_move == (1,)


def test_left_neighbour_following_sends_play_left():
    hands = four_hands(["3S", "7S", "9S", "KS"], ["4H", "5H", "6H", "JH"], NO_OPENERS, ["4C", "5C", "6C", "QC"])
    state = dealt(4, hands)
    state.apply(0, "play 3s")
    assert state.to_move == (1, 3) and state.direction is None
    state.apply(1, "play 4h")  # seat 1 is seat 0's left
    assert state.direction == 1 and state.current == 2


def test_right_neighbour_following_sends_play_right():
    hands = four_hands(["3S", "7S", "9S", "KS"], ["4H", "5H", "6H", "JH"], NO_OPENERS, ["4C", "5C", "6C", "QC"])
    state = dealt(4, hands)
    state.apply(0, "play 3s")
    events = state.apply(3, "play 5c")
    assert state.direction == -1 and state.current == 2
    assert any("right" in e.text for e in events)


def test_two_players_have_one_neighbour():
    hands = [["3S", "7S", "9S", "KS"], ["4H", "5H", "6H", "JH"]]
    state = dealt(2, hands)
    state.apply(0, "play 3s")
    assert state.to_move == (1,)
    state.apply(1, "play 4h")
    assert state.direction == 1 and state.current == 0


def test_opener_draws_back_up_to_three():
    hands = [["3S", "3H", "9S", "KS"], ["4H", "5H", "6H", "JH"]]
    state = dealt(2, hands, draw=["QD"])
    state.apply(0, "play 3s 3h")
    assert sorted(state.hands[0]) == ["9S", "KS", "QD"]
