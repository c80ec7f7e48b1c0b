"""Jack Change It: every example of the rule text on a stacked deck, plus the house rules."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine import GAMES, IllegalAction
from engine.cards import standard_deck
from engine.jack_change_it import is_trick, match_set
from tests import positions

JCI = GAMES["jack_change_it"]

# Seven cards a seat can hold that never match the 9♣ (no clubs, no nines, no trick cards).
DULL = ["3S", "4S", "5S", "6S", "7S", "10S", "KS"]
DULL_D = ["3D", "4D", "5D", "6D", "7D", "10D", "KD"]
CLUBS = ["3C", "4C", "6C", "7C", "10C", "KC"]


# -- helpers ----------------------------------------------------------------


def deal(hands, up, stock=(), seed=0):
    """A new game with every hand (seven cards each), the upcard and the top of the stock stacked."""
    n = len(hands)
    assert all(len(h) == 7 for h in hands)
    deck = [hands[i % n][i // n] for i in range(7 * n)] + [up, *stock]
    return JCI.new(n, seed=seed, deck=deck)


def position(hands, pile, stock=(), turn=0, leftovers="stock", **fields):
    """A mid-game position: the given hands, discard pile (upcard last) and stock top.

    Cards not placed go to the bottom of the stock (or under the pile with leftovers="pile",
    or out of the game with leftovers="none", for the blocked ending only).
    """
    placed = [c for h in hands for c in h] + list(pile) + list(stock)
    assert len(placed) == len(set(placed))
    rest = [c for c in standard_deck() if c not in placed]
    stock, pile = list(stock), list(pile)
    if leftovers == "stock":
        stock += rest
    elif leftovers == "pile":
        pile = rest + pile
    data = {
        "players": len(hands),
        "options": {},
        "rng": 12345,
        "hands": [list(h) for h in hands],
        "stock": stock,
        "pile": pile,
        "called": None,
        "pending": 0,
        "pending_ace": False,
        "direction": 1,
        "turn": turn,
        "naming": False,
        "empty_draws": 0,
        "ace_played": False,
        "winner": None,
        "blocked": False,
        "layers": [[[len(h), []]] for h in hands],
    }
    data.update(fields)
    return JCI.load(data)


def texts(state, seat):
    return [a.text for a in state.legal_actions(seat)]


def snapshot(state):
    return json.dumps(state.dump(), sort_keys=True)


def check_total(state):
    v = state.view(None)
    assert sum(v["hand_sizes"]) + v["stock"] + v["discards"] == 52
    d = state.dump()
    assert Counter(c for part in (*d["hands"], d["stock"], d["pile"]) for c in part) == Counter(standard_deck())


def kinds(events):
    return [e.kind for e in events]


# -- the deal -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 6])
def test_deal_order_seven_each_then_upcard_then_stock(players):
    deck = standard_deck()
    random.Random(players).shuffle(deck)
    state = JCI.new(players, seed=1, deck=deck)
    for seat in range(players):
        assert sorted(state.view(seat)["hand"]) == sorted(deck[seat : 7 * players : players])
    v = state.view(None)
    assert v["upcard"] == deck[7 * players]
    assert v["hand_sizes"] == [7] * players
    assert v["stock"] == 52 - 7 * players - 1
    assert v["discards"] == 1
    assert v["dealer"] == players - 1
    assert v["to_move"] == [0]
    assert v["direction"] == 1 and v["pending"] == 0 and v["called"] is None
    check_total(state)


def test_the_stock_keeps_the_deck_order():
    state = deal([DULL, DULL_D], "9C", stock=["QH", "JH"])
    state.apply(0, "draw")
    state.apply(1, "draw")
    assert "QH" in state.view(0)["hand"] and "JH" in state.view(1)["hand"]


def test_unstacked_deals_are_shuffled_by_seed():
    a, b, c = JCI.new(4, seed=5), JCI.new(4, seed=5), JCI.new(4, seed=6)
    assert a.dump() == b.dump()
    assert a.dump()["hands"] != c.dump()["hands"]


# -- matching -------------------------------------------------------------------


def test_play_matches_the_upcard_by_suit_or_rank():
    state = deal([["9H", "5C", "KH", "3S", "4S", "6S", "7S"], DULL_D], "9C")
    assert sorted(texts(state, 0)) == ["play 5c", "play 9h"]
    assert texts(state, 1) == []
    events = state.apply(0, "play 5c")
    assert kinds(events) == ["play"]
    assert events[0].text == "{p0} plays 5♣."
    assert events[0].data == {"seat": 0, "cards": ["5C"]}
    v = state.view(None)
    assert v["upcard"] == "5C" and v["to_move"] == [1] and v["discards"] == 2
    check_total(state)


def test_a_card_that_does_not_match_is_refused_and_changes_nothing():
    state = deal([["9H", "5C", "KH", "3S", "4S", "6S", "7S"], DULL_D], "9C")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="doesn't match the 9♣"):
        state.apply(0, "play kh")
    with pytest.raises(IllegalAction, match="don't have the 4♥"):
        state.apply(0, "play 4h")
    with pytest.raises(IllegalAction, match="you may not draw"):
        state.apply(0, "draw")
    with pytest.raises(IllegalAction, match="after playing a jack"):
        state.apply(0, "suit h")
    with pytest.raises(IllegalAction, match="isn't your turn"):
        state.apply(1, "draw")
    with pytest.raises(IllegalAction, match="Write a move like"):
        state.apply(0, "pass")
    with pytest.raises(IllegalAction, match="isn't a card"):
        state.apply(0, "play 9x")
    with pytest.raises(IllegalAction, match="one card at a time"):
        state.apply(0, "play 9h 5c kd")
    with pytest.raises(IllegalAction, match="Only a 2 with the A♥"):
        state.apply(0, "play 9h 5c")
    assert snapshot(state) == before


def test_with_no_play_you_draw_one_and_the_turn_passes_even_if_it_fits():
    # House rule 4: the drawn card waits for your next turn.
    state = deal([DULL_D, ["9H", "KH", "3H", "4H", "6H", "7H", "10H"]], "9C", stock=["5C", "2D"])
    assert texts(state, 0) == ["draw"]
    assert state.legal_actions(0)[0].label == "Draw a card"
    events = state.apply(0, "draw")
    assert kinds(events) == ["draw"]
    assert events[0].data == {"seat": 0, "count": 1, "owed": 0}
    assert "5C" not in events[0].text  # a draw never names the card
    assert "5C" in state.view(0)["hand"]
    assert state.view(None)["to_move"] == [1]
    assert state.view(None)["stock"] == 52 - 15 - 1
    check_total(state)


def test_sequence_means_rank():
    # House rule 1: "sequence" is the rank; the next rank up or down does not match.
    state = deal([["10C", "8H", "10S", "9S", "3S", "4S", "6S"], DULL_D], "9H")
    assert sorted(texts(state, 0)) == ["play 8h", "play 9s"]
    with pytest.raises(IllegalAction, match="doesn't match"):
        state.apply(0, "play 10s")


# -- trick cards may not be the final card ----------------------------------------


@pytest.mark.parametrize("card", ["2C", "8C", "JC", "QC", "AH"])
def test_a_lone_trick_card_cannot_be_played_so_you_draw(card):
    up = "9H" if card == "AH" else "9C"
    state = position([[card], DULL_D, DULL], [up], turn=0)
    assert texts(state, 0) == ["draw"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="trick card and can't be your last card: draw instead"):
        state.apply(0, f"play {card}")
    assert snapshot(state) == before
    state.apply(0, "draw")
    assert state.view(None)["hand_sizes"][0] == 2


def test_a_queen_is_an_ordinary_card_with_two_players_so_it_can_go_out():
    state = position([["QC"], DULL_D], ["9C"], turn=0)
    assert not is_trick("QC", 2) and is_trick("QC", 3)
    events = state.apply(0, "play qc")
    assert kinds(events) == ["play", "win"]
    assert state.over


def test_emptying_your_hand_wins_at_once():
    state = position([["5C"], DULL_D, DULL], ["9C"], turn=0)
    events = state.apply(0, "play 5c")
    assert kinds(events) == ["play", "win"]
    assert events[-1].data == {"seat": 0}
    assert state.over and state.to_move == () and state.legal_actions(1) == []
    out = state.outcome()
    assert out.scores == (0.0, 7.0, 7.0)
    assert out.places == (1, 2, 2)
    assert out.reason == "{p0} went out."
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(1, "draw")


def test_the_five_of_hearts_is_not_a_trick_card_and_can_go_out_on_the_ace():
    state = position([DULL, ["5H"]], ["AH"], turn=1, pending=5, pending_ace=True)
    assert texts(state, 1) == ["play 5h", "draw"]
    events = state.apply(1, "play 5h")
    # The last 5♥ still cancels the debt: nobody is left owing cards once the game is over.
    assert kinds(events) == ["play", "block", "win"]
    assert events[1].data == {"seat": 1, "cancelled": 5}
    v = state.view(None)
    assert v["pending"] == 0 and not v["pending_ace"] and v["over"]
    assert state.outcome().places == (2, 1)


# -- 2s -------------------------------------------------------------------------


def test_a_two_makes_the_next_player_draw_two_or_pass_it_on_with_another_two():
    hands = [["2C", *DULL[:6]], ["2H", *DULL_D[:6]], ["8S", "3H", "4H", "6H", "7H", "10H", "KH"]]
    state = deal(hands, "9C", stock=["AS", "AD", "AC", "QD"])
    state.apply(0, "play 2c")
    v = state.view(None)
    assert v["pending"] == 2 and v["to_move"] == [1]
    assert texts(state, 1) == ["play 2h", "draw"]
    assert state.legal_actions(1)[-1].label == "Draw the 2-card penalty"
    state.apply(1, "play 2h")
    assert state.view(None)["pending"] == 4 and state.view(None)["to_move"] == [2]
    assert texts(state, 2) == ["draw"]  # no 2: it must take all four
    with pytest.raises(IllegalAction, match="You owe 4 cards"):
        state.apply(2, "play 3h")
    events = state.apply(2, "draw")
    assert events[0].data == {"seat": 2, "count": 4, "owed": 4}
    assert events[0].text == "{p2} draws 4 cards."
    v = state.view(None)
    assert v["hand_sizes"] == [6, 6, 11] and v["pending"] == 0
    assert v["to_move"] == [0]  # a penalty draw ends the turn (house rule 5)
    assert sorted(state.view(2)["hand"]) == sorted([*hands[2], "AS", "AD", "AC", "QD"])
    check_total(state)


def test_each_further_two_adds_two_more_until_someone_draws():
    # The text's "and so on": three 2s in a row leave the fourth player owing six.
    hands = [
        ["2C", *DULL[:6]],
        ["2H", *DULL_D[:6]],
        ["2S", "3H", "4H", "6H", "7H", "10H", "KH"],
        ["3C", "4C", "6C", "7C", "10C", "KC", "9D"],
    ]
    state = deal(hands, "9C", stock=["AS", "AD", "AC", "QD", "QS", "QH"])
    state.apply(0, "play 2c")
    state.apply(1, "play 2h")
    state.apply(2, "play 2s")
    v = state.view(None)
    assert v["pending"] == 6 and v["to_move"] == [3]
    assert texts(state, 3) == ["draw"]  # clubs match the 9♣ but not a debt of 2s
    events = state.apply(3, "draw")
    assert events[0].data == {"seat": 3, "count": 6, "owed": 6}
    v = state.view(None)
    assert v["hand_sizes"] == [6, 6, 6, 13] and v["pending"] == 0 and v["to_move"] == [0]
    check_total(state)


def test_answering_a_two_is_optional():
    hands = [["2C", *DULL[:6]], ["2H", *DULL_D[:6]]]
    state = deal(hands, "9C")
    state.apply(0, "play 2c")
    state.apply(1, "draw")
    assert state.view(None)["hand_sizes"] == [6, 9]
    assert state.view(None)["to_move"] == [0]
    # The 2 on the pile is matched like any card now that the debt is paid.
    assert state.view(None)["upcard"] == "2C" and state.view(None)["pending"] == 0


# -- 8s -------------------------------------------------------------------------


def test_an_eight_skips_the_next_player():
    hands = [["8C", *DULL[:6]], ["8D", *DULL_D[:6]], ["8H", "3H", "4H", "6H", "7H", "10H", "KH"]]
    state = deal(hands, "9C")
    events = state.apply(0, "play 8c")
    assert kinds(events) == ["play", "skip"]
    assert events[1].data == {"seat": 1} and events[1].text == "{p1} is skipped."
    assert state.view(None)["to_move"] == [2]
    # House rule 3: no stacking; the next 8 skips just one player again.
    state.apply(2, "play 8h")
    assert state.view(None)["to_move"] == [1]


def test_an_eight_with_two_players_gives_its_player_another_turn():
    state = deal([["8C", "5C", *DULL[:5]], DULL_D], "9C")
    state.apply(0, "play 8c")
    assert state.to_move == (0,)
    assert texts(state, 0) == ["play 5c"]


# -- jacks --------------------------------------------------------------------------


def test_jack_change_it_names_one_of_the_other_three_suits():
    hands = [["JC", *DULL[:6]], ["QC", "JS", "4D", "9S", "3H", "4H", "6H"], ["5D", "3C", "4C", "6C", "7C", "KC", "QS"]]
    state = deal(hands, "9C")
    state.apply(0, "play jc")
    v = state.view(None)
    assert v["to_move"] == [0] and v["naming"] and v["called"] is None
    assert texts(state, 0) == ["suit s", "suit h", "suit d"]
    assert [a.label for a in state.legal_actions(0)][2] == "Call ♦ diamonds"
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="not the jack's own clubs"):
        state.apply(0, "suit c")
    with pytest.raises(IllegalAction, match="name the suit"):
        state.apply(0, "play 3s")
    assert snapshot(state) == before
    events = state.apply(0, "suit d")
    assert kinds(events) == ["suit"]
    assert events[0].text == "{p0} changes it to diamonds ♦."
    v = state.view(None)
    assert v["called"] == "D" and v["to_move"] == [1]
    # Only diamonds now: neither clubs nor nines nor another jack (house rule 2: jacks aren't wild).
    assert texts(state, 1) == ["play 4d"]
    with pytest.raises(IllegalAction, match="called diamonds"):
        state.apply(1, "play js")
    state.apply(1, "play 4d")
    assert state.view(None)["called"] is None  # a played card ends the call


def test_a_called_suit_survives_draws():
    hands = [["JC", *DULL[:6]], ["QC", "JS", "9S", "3H", "4H", "6H", "7H"], ["5D", "3C", "4C", "6C", "7C", "KC", "QS"]]
    state = deal(hands, "9C")
    state.apply(0, "play jc")
    state.apply(0, "suit d")
    assert texts(state, 1) == ["draw"]
    state.apply(1, "draw")
    v = state.view(None)
    assert v["called"] == "D" and v["to_move"] == [2]
    assert texts(state, 2) == ["play 5d"]


# -- queens -----------------------------------------------------------------------


def test_a_queen_reverses_the_direction_with_three_or_more_players():
    hands = [["QC", *DULL[:6]], ["QD", *DULL_D[:6]], ["QH", "3H", "4H", "6H", "7H", "10H", "KH"]]
    state = deal(hands, "9C")
    events = state.apply(0, "play qc")
    assert kinds(events) == ["play", "reverse"]
    v = state.view(None)
    assert v["direction"] == -1 and v["to_move"] == [2]
    state.apply(2, "play qh")
    v = state.view(None)
    assert v["direction"] == 1 and v["to_move"] == [0]


def test_a_queen_does_nothing_special_with_two_players():
    state = deal([["QC", *DULL[:6]], ["QD", *DULL_D[:6]]], "9C")
    events = state.apply(0, "play qc")
    assert kinds(events) == ["play"]
    assert state.view(None)["direction"] == 1 and state.to_move == (1,)


# -- the A♥ ----------------------------------------------------------------------


def test_the_ace_of_hearts_makes_the_next_player_draw_five():
    hands = [
        ["AH", *DULL[:6]],
        ["2H", "3H", "4D", "6D", "7D", "10D", "KD"],
        ["5C", "3C", "4C", "6C", "7C", "KC", "10C"],
    ]
    state = deal(hands, "9H")
    state.apply(0, "play ah")
    v = state.view(None)
    assert v["pending"] == 5 and v["pending_ace"] and v["to_move"] == [1]
    assert texts(state, 1) == ["draw"]  # house rule 6: a 2 (or a heart) does not answer it
    with pytest.raises(IllegalAction, match="block it with the 5♥ or draw 5"):
        state.apply(1, "play 2h")
    state.apply(1, "draw")
    assert state.view(None)["hand_sizes"] == [6, 12, 7]
    assert state.view(None)["to_move"] == [2]
    check_total(state)


def test_the_five_of_hearts_blocks_the_ace_and_nobody_draws():
    hands = [
        ["AH", *DULL[:6]],
        ["5H", "3H", "4D", "6D", "7D", "10D", "KD"],
        ["5C", "3C", "4C", "6C", "7C", "KC", "10C"],
    ]
    state = deal(hands, "9H")
    state.apply(0, "play ah")
    assert texts(state, 1) == ["play 5h", "draw"]
    events = state.apply(1, "play 5h")
    assert kinds(events) == ["play", "block"]
    assert events[1].data == {"seat": 1, "cancelled": 5}
    v = state.view(None)
    assert v["pending"] == 0 and not v["pending_ace"] and v["hand_sizes"] == [6, 6, 7]
    assert v["upcard"] == "5H" and v["to_move"] == [2]
    assert texts(state, 2) == ["play 5c"]  # the 5♥ is matched like any card


def test_two_with_the_ace_of_hearts_makes_seven():
    hands = [
        ["2C", "AH", *DULL[:5]],
        ["2D", "3H", "4D", "6D", "7D", "10D", "KD"],
        ["5H", *CLUBS],
    ]
    state = deal(hands, "9C")
    assert "play 2c ah" in texts(state, 0)
    assert state.legal_actions(0)[-1].label == "Play 2♣ then A♥"
    assert state.legal_actions(0)[-1].parts == {"verb": "play", "cards": ["2C", "AH"]}
    events = state.apply(0, "play 2c ah")
    assert events[0].data == {"seat": 0, "cards": ["2C", "AH"]}
    v = state.view(None)
    assert v["upcard"] == "AH" and v["pending"] == 7 and v["pending_ace"]
    assert texts(state, 1) == ["draw"]  # answered like an A♥ debt: a 2 won't do
    state.apply(1, "draw")
    assert state.view(None)["hand_sizes"] == [5, 14, 7]


def test_the_combination_on_a_two_debt_adds_seven_and_the_five_of_hearts_cancels_it_all():
    hands = [
        ["2C", *DULL[:6]],
        ["2D", "AH", "4D", "6D", "7D", "10D", "KD"],
        ["5H", *CLUBS],
    ]
    state = deal(hands, "9C")
    state.apply(0, "play 2c")
    assert texts(state, 1) == ["play 2d", "play 2d ah", "draw"]
    state.apply(1, "play 2d ah")
    assert state.view(None)["pending"] == 9
    events = state.apply(2, "play 5h")
    assert events[1].data["cancelled"] == 9
    assert state.view(None)["hand_sizes"] == [6, 5, 6]


def test_the_combination_needs_a_legal_two():
    # House rule 7: the A♥ alone would not match the 9♦ either, and the 2♣ does not.
    state = deal([["2C", "AH", *DULL[:5]], ["3H", "4H", "6H", "7H", "10H", "KH", "QH"]], "9D")
    assert texts(state, 0) == ["draw"]
    with pytest.raises(IllegalAction, match="doesn't match the 9♦"):
        state.apply(0, "play 2c ah")


def test_the_combination_can_never_be_a_final_play():
    state = position([["2C", "AH"], DULL_D], ["9C"], turn=0)
    assert texts(state, 0) == ["play 2c"]
    with pytest.raises(IllegalAction, match="can't be your last card"):
        state.apply(0, "play 2c ah")


# -- the starting upcard ---------------------------------------------------------------


@pytest.mark.parametrize("up", ["2C", "8C", "JC", "AH", "QC"])
def test_the_starting_upcard_has_no_trick_effect(up):
    # House rule 8: no debt, no skip, no called suit, no reversal; just match it.
    suit = up[-1]
    filler = [c for c in ("3S", "4S", "5S", "6S", "7S", "10S") if c[-1] != suit][:6]
    hand0 = [f"4{suit}" if up != "4" + suit else "6" + suit, *filler]
    state = deal(
        [
            hand0,
            DULL_D,
            ["3H", "4H", "6H", "7H", "10H", "KH", "9H"] if suit != "H" else ["QC", *CLUBS],
        ],
        up,
    )
    v = state.view(None)
    assert v["pending"] == 0 and v["called"] is None and v["direction"] == 1 and v["to_move"] == [0]
    assert texts(state, 0) == [f"play {hand0[0].lower()}"]


# -- the stock --------------------------------------------------------------------------


def test_an_empty_stock_is_refilled_from_the_discards_under_the_upcard():
    pile = ["3D", "4D", "6D", "7D", "9C"]
    hands = [["2C", *DULL[:6]], ["8H", "3H", "4H", "6H", "7H", "10H", "KH"]]
    state = position(hands, pile, stock=[], leftovers="pile", turn=0)
    assert state.view(None)["stock"] == 0
    state.apply(0, "play 2c")
    events = state.apply(1, "draw")
    assert kinds(events) == ["reshuffle", "draw"]
    v = state.view(None)
    assert v["upcard"] == "2C" and v["discards"] == 1
    assert v["hand_sizes"][1] == 9
    assert v["stock"] == 52 - 6 - 9 - 1
    check_total(state)


def test_a_draw_takes_what_there_is():
    # Every card but the upcard is in a hand: the stock and the pile are empty.
    rest = [c for c in standard_deck() if c not in ("2C", "9C")]
    hands = [["2C", *rest[:25]], rest[25:]]
    state = position(hands, ["9C"], stock=[], leftovers="none", turn=0)
    check_total(state)
    state.apply(0, "play 2c")
    state.apply(1, "draw")  # owes 2, but only the 9♣ under the upcard can be reshuffled
    v = state.view(None)
    assert v["hand_sizes"][1] == 26 and v["pending"] == 0 and v["to_move"] == [0]


def test_blocked_when_every_seat_in_turn_draws_nothing():
    # With a full pack this cannot happen (someone can always match the upcard), so the
    # position leaves the matching cards out of the game to exercise the ending.
    hands = [["3S", "4S"], ["3D", "4D"], ["3H", "4H"]]
    state = position(hands, ["9C"], stock=[], leftovers="none", turn=0)
    assert kinds(state.apply(0, "draw")) == ["draw"]
    assert kinds(state.apply(1, "draw")) == ["draw"]
    events = state.apply(2, "draw")
    assert kinds(events) == ["draw", "blocked"]
    assert state.over and state.view(None)["blocked"]
    out = state.outcome()
    assert out.reason == "Blocked: nobody can play or draw."
    assert out.places == (1, 1, 1) and out.scores == (2.0, 2.0, 2.0)


def test_an_empty_penalty_draw_does_not_count_towards_a_block():
    # The seat owing cards could have played; it chose to take a penalty that found nothing.
    hands = [["3S", "4S"], ["3D", "5C"]]
    state = position(hands, ["2C"], stock=[], leftovers="none", turn=1, pending=2)
    state.apply(1, "draw")
    state.apply(0, "draw")
    assert not state.over and texts(state, 1) == ["play 5c"]


def test_a_play_between_empty_draws_resets_the_block_count():
    hands = [["3S", "4S"], ["3D", "5C"], ["3H", "4H"]]
    state = position(hands, ["9C"], stock=[], leftovers="none", turn=0)
    state.apply(0, "draw")
    state.apply(1, "play 5c")
    state.apply(2, "draw")
    state.apply(0, "draw")
    assert not state.over and state.to_move == (1,)


# -- notation -------------------------------------------------------------------------


def random_states(players, seeds=range(4), every=3):
    return positions.random_states(JCI, players, seeds, every)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_listed_action_round_trips_and_has_parts(players):
    seen = set()
    for state in random_states(players):
        seat = state.to_move[0]
        for a in state.legal_actions(seat):
            assert state.parse(seat, a.text).text == a.text
            assert a.text == a.text.lower() and "  " not in a.text
            assert a.label and a.parts["verb"] == a.text.split()[0]
            if a.parts["verb"] == "play":
                assert [c.lower() for c in a.parts["cards"]] == a.text.split()[1:]
            seen.add(a.parts["verb"])
    assert seen == {"play", "draw", "suit"}


def test_forgiving_parse():
    hands = [["10H", "2C", "AH", "9S", "3S", "4S", "6S"], DULL_D]
    state = deal(hands, "10C")
    for said, canon in [
        ("PLAY 10H", "play 10h"),
        ("play th", "play 10h"),
        ("  play   T♥ ", "play 10h"),
        ("play 2♣, A♥", "play 2c ah"),
        ("play ah 2c", "play 2c ah"),
        ("Play 2C AH", "play 2c ah"),
    ]:
        assert state.parse(0, said).text == canon
    state = deal([["JC", *DULL[:6]], DULL_D], "9C")
    state.apply(0, "play jc")
    for said in ("suit D", "suit ♦", "suit diamonds", "SUIT Diamond"):
        assert state.parse(0, said).text == "suit d"
    with pytest.raises(IllegalAction, match="Name one suit"):
        state.parse(0, "suit x")


# -- views ------------------------------------------------------------------------------


def flat_values(obj):
    if isinstance(obj, dict):
        for v in obj.values():
            yield from flat_values(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from flat_values(v)
    else:
        yield obj


@pytest.mark.parametrize("players", [2, 6])
def test_views_differ_only_in_seat_and_hand_and_hide_every_hand(players):
    for state in random_states(players, seeds=range(2)):
        public = state.view(None)
        assert public["hand"] is None and public["seat"] is None
        assert public["game"] == "jack_change_it" and public["hand_no"] == 1
        values = set(map(str, flat_values(public)))
        for seat in range(players):
            v = state.view(seat)
            assert {k: x for k, x in v.items() if k not in ("seat", "hand")} == {
                k: x for k, x in public.items() if k not in ("seat", "hand")
            }
            assert v["seat"] == seat and sorted(v["hand"]) == sorted(state.hidden_cards(seat))
            assert not values & set(v["hand"])
        assert sum(public["hand_sizes"]) + public["stock"] + public["discards"] == 52


def test_hand_is_sorted_by_suit_then_rank():
    state = deal([["KC", "2H", "AS", "10H", "3D", "QS", "9C"], DULL], "5C")
    assert state.view(0)["hand"] == ["AS", "QS", "2H", "10H", "3D", "9C", "KC"]


# -- determinize ----------------------------------------------------------------------


def test_determinize_resamples_hidden_cards_but_keeps_public_deductions():
    hands = [
        ["5C", *DULL[:6]],
        ["3D", "4D", "6D", "7D", "10D", "KD", "QD"],
        ["3H", "4H", "6H", "7H", "10H", "KH", "QH"],
    ]
    state = deal(hands, "9C", stock=["AC", "8H", "JD"])
    state.apply(0, "play 5c")
    assert texts(state, 1) == ["draw"]
    state.apply(1, "draw")  # seat 1 holds no club and no 5; it draws the A♣
    assert texts(state, 2) == ["draw"]
    state.apply(2, "draw")  # seat 2 likewise; it draws the 8♥
    lacks = match_set("5C", None)
    rng = random.Random(3)
    differs = 0
    for _ in range(200):
        world = state.determinize(0, rng)
        assert world.view(0) == state.view(0) and world.view(None) == state.view(None)
        for seat in (1, 2):
            hand = world.view(seat)["hand"]
            # Seven old cards lack every club and 5; only the drawn card may be one.
            assert sum(c in lacks for c in hand) <= 1
        differs += world.view(1)["hand"] != state.view(1)["hand"]
        check_total(world)
    assert differs > 150


def test_determinize_after_plays_still_honours_older_deductions():
    state = JCI.new(4, seed=11)
    rng = random.Random(11)
    for _ in range(120):
        if state.over:
            break
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng))
        for other in range(4):
            world = state.determinize(other, random.Random(rng.random()))
            assert world.view(other) == state.view(other)
            for o in range(4):
                hand = world.hands[o]
                assert all(n >= 1 for n, _ in world.layers[o])
                assert sum(n for n, _ in world.layers[o]) == len(hand)


# -- heuristic ------------------------------------------------------------------------


def test_heuristic_answers_debts_calls_its_longest_suit_and_attacks_a_short_hand():
    rng = random.Random(0)
    state = position([DULL, ["5H", "3H", "4D", "6D", "7D", "10D", "KD"]], ["AH"], turn=1, pending=5, pending_ace=True)
    assert state.heuristic_action(1, rng).text == "play 5h"
    state = position([["3D", "4D", "6D", "2C", "4H", "KD"], DULL], ["9C", "JC"], turn=0, naming=True)
    assert state.heuristic_action(0, rng).text == "suit d"
    # The next player has two cards: the 8 keeps it waiting rather than the plain 5.
    state = position([["8C", "5C", "KD", "4D", "6D"], ["3H", "4H"], DULL], ["9C"], turn=0)
    assert state.heuristic_action(0, rng).text == "play 8c"


def test_heuristic_keeps_the_five_of_hearts_while_the_ace_is_out():
    state = position([["5H", "9H", "3S", "4S"], DULL_D], ["9C"], turn=0)
    assert sorted(texts(state, 0)) == ["play 9h"]
    state = position([["5H", "6H", "3S", "4S"], DULL_D], ["9H"], turn=0)
    assert state.heuristic_action(0, random.Random(0)).text == "play 6h"
    seen = position([["5H", "6H", "3S", "4S"], DULL_D], ["AH", "9H"], turn=0, ace_played=True)
    picks = {seen.heuristic_action(0, random.Random(s)).text for s in range(20)}
    assert "play 5h" in picks


def test_heuristic_only_for_the_seat_to_move():
    state = deal([DULL, DULL_D], "9C")
    assert state.heuristic_action(1, random.Random(0)) is None
    assert state.heuristic_action(0, random.Random(0)).text == "draw"


SPEC_EVENTS = {"play", "draw", "suit", "skip", "reverse", "block", "reshuffle", "win", "blocked"}


def test_a_player_down_to_one_card_is_announced():
    """The table hears "last card" with the play that leaves one card in a hand (no event
    kind of its own: the spec lists the kinds)."""
    state = JCI.new(2, seed=1)
    for _ in range(400):
        if state.over:
            break
        seat = state.to_move[0]
        before = state.view(None)["hand_sizes"][seat]
        action = state.heuristic_action(seat, random.Random(3)) or state.legal_actions(seat)[0]
        events = state.apply(seat, action)
        after = state.view(None)["hand_sizes"][seat]
        announced = [e for e in events if e.kind == "play" and e.data.get("last_card")]
        assert {e.kind for e in events} <= SPEC_EVENTS
        if after == 1 and before > 1:
            assert announced and announced[0].data["seat"] == seat
            assert announced[0].text.endswith(" 📣 Last card!") and announced[0].text.startswith(f"{{p{seat}}} plays ")
            return
        assert not announced
    raise AssertionError("no hand came down to one card in this seeded game")


def test_determinize_honours_deductions_even_when_few_deals_fit():
    # Seat 1 drew on the 2♥ and on the 3♦ (no ♥, ♦, 2 or 3), seat 2 on the A♠ (no ♠, no ace).
    # Seat 1 is placed first and could hold the clubs too, but then seat 2 would need a spade.
    ex1 = sorted(match_set("2H", None) | match_set("3D", None))
    ex2 = sorted(match_set("AS", None))
    hands = [["4C", "5C", "6C", "7C"], ["KS", "QS", "JS", "10S"], ["KC", "QC", "JC", "10C"]]
    layers = [[[4, []]], [[4, ex1]], [[4, ex2]]]
    state = position(hands, ["9D"], stock=[], leftovers="pile", layers=layers)
    for seed in range(20):
        world = state.determinize(0, random.Random(seed))
        assert sorted(world.hands[1]) == sorted(hands[1])
        assert sorted(world.hands[2]) == sorted(hands[2])
        assert world.view(0) == state.view(0) and world.view(None) == state.view(None)
        check_total(world)
