"""Go Fish and Authors: the rule text's examples on stacked decks, the spec's house rules,
notation, views, refusals and the deductions determinize must keep."""

from __future__ import annotations

import json
import random

import pytest

from engine import GAMES, IllegalAction
from engine.cards import RANKS, SUITS, standard_deck
from engine.go_fish_knowledge import CODE_INDEX, Knowledge, rank_count

GO_FISH = GAMES["go_fish"]
SPADES = ["9S", "10S", "JS", "QS", "KS", "AS", "2S"]


# -- helpers ----------------------------------------------------------------


def deal(hands, stock=(), variant="go-fish", books="fours", seed=0):
    """A new game with every hand (seven cards each) and the front of the stock stacked."""
    n = len(hands)
    assert all(len(h) == 7 for h in hands)
    deck = [hands[s][i] for i in range(7) for s in range(n)] + list(stock)
    return GO_FISH.new(n, seed=seed, options={"variant": variant, "books": books}, deck=deck)


def position(hands, stock=(), books=None, turn=0, variant="go-fish", fill=True):
    """Any mid-game position: hands, the stock's front, books (ranks per seat, all four cards laid).

    With `fill` the cards not placed go to the back of the stock; without it every card must be placed.
    """
    n = len(hands)
    books = books or [[] for _ in range(n)]
    laid = [r + s for rank_list in books for r in rank_list for s in SUITS]
    placed = [c for h in hands for c in h] + list(stock) + laid
    assert len(set(placed)) == len(placed), "a card placed twice"
    rest = [c for c in standard_deck() if c not in placed]
    assert fill or not rest, f"cards not placed: {rest}"
    stock = list(stock) + (rest if fill else [])
    return _loaded({"variant": variant}, hands, stock, books, laid, turn)


def _loaded(options, hands, stock, books, laid, turn):
    """A stored game with these hands, stock, books (ranks per seat) and laid cards, loaded."""
    n = len(hands)
    data = GO_FISH.new(n, seed=0, options=options).dump()
    data.update(
        hands=[list(h) for h in hands],
        stock=list(stock),
        books=[list(b) for b in books],
        laid=laid,
        know=Knowledge(n).dump(),
        turn=turn,
        last=None,
        done=False,
    )
    return GO_FISH.load(data)


def texts(state, seat):
    return [a.text for a in state.legal_actions(seat)]


def snapshot(state):
    return json.dumps(state.dump(), sort_keys=True)


def kinds(events):
    return [e.kind for e in events]


def holds(state, seat, card):
    return card in state.view(seat)["hand"]


def count_rank(state, seat, rank):
    return rank_count(state.hands[seat], RANKS.index(rank))


# -- the deal -----------------------------------------------------------------


def test_seven_cards_each_dealt_round_from_seat_0_and_the_rest_is_the_stock():
    hands = [SPADES, ["2H", "3H", "4H", "5H", "6H", "7H", "8H"], ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]]
    state = deal(hands, stock=["KC", "QC"])
    for seat in range(3):
        assert state.view(seat)["hand"] == sorted(hands[seat], key=CODE_INDEX.get)  # a hand is shown sorted
    view = state.view(None)
    assert view["hand_sizes"] == [7, 7, 7]
    assert view["stock"] == 52 - 21
    assert view["dealer"] == 2 and view["to_move"] == [0] and view["turn"] == 0
    assert view["hand_no"] == 1 and view["over"] is False and view["last"] is None
    state.apply(0, "ask 1 9")  # seat 1 has no 9s: seat 0 fishes the stock's front card
    assert holds(state, 0, "KC")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_seat_s_gets_positions_s_n_plus_s_and_the_stock_starts_at_7n(players):
    deck = standard_deck()
    random.Random(players).shuffle(deck)
    state = GO_FISH.new(players, seed=1, deck=deck)
    laid = set(state.dump()["laid"])  # a book dealt whole goes down at once
    for seat in range(players):
        dealt = set(deck[seat : 7 * players : players])
        assert set(state.view(seat)["hand"]) == dealt - laid
    assert state.dump()["stock"] == deck[7 * players :]
    view = state.view(None)
    assert view["stock"] == 52 - 7 * players and view["dealer"] == players - 1 and view["to_move"] == [0]


@pytest.mark.parametrize("players", [1, 7])
def test_house_rule_1_two_to_six_players(players):
    with pytest.raises(ValueError, match="2 to 6"):
        GO_FISH.new(players, seed=1)


def test_house_rule_6_books_in_the_deal_are_laid_before_the_first_ask():
    hands = [["KS", "KH", "KD", "KC", "2S", "3S", "4S"], ["QS", "QH", "QD", "QC", "2H", "3H", "4H"]]
    state = deal(hands)
    view = state.view(None)
    assert view["books"] == [["K"], ["Q"]]
    assert view["hand_sizes"] == [3, 3]
    assert view["to_move"] == [0]


def test_pairs_in_the_deal_lay_one_pair_from_three_and_two_from_four():
    hands = [["QS", "QH", "QD", "2S", "3S", "4S", "5S"], ["KS", "KH", "KD", "KC", "2H", "3H", "4H"]]
    state = deal(hands, books="pairs")
    assert state.view(None)["books"] == [["Q"], ["K", "K"]]
    assert count_rank(state, 0, "Q") == 1
    assert state.view(1)["hand"] == ["2H", "3H", "4H"]


# -- Go Fish: the rule text's examples ----------------------------------------------


def test_go_fish_hand_over_every_card_of_the_rank_and_ask_again():
    """“Jon, do you have any jacks?”: he hands all of them over and the asker goes on."""
    hands = [["JS", "2S", "3S", "4S", "5S", "6S", "7S"], ["JH", "JD", "2H", "3H", "4H", "5H", "6H"]]
    state = deal(hands)
    events = state.apply(0, "ask 1 j")
    assert kinds(events) == ["ask", "give"]
    assert events[1].data == {"seat": 1, "to": 0, "count": 2, "rank": "J"}
    assert "card" not in events[1].data  # Go Fish shows the rank and count, not the suits
    assert count_rank(state, 0, "J") == 3 and count_rank(state, 1, "J") == 0
    view = state.view(None)
    assert view["to_move"] == [0]
    assert view["last"] == {"seat": 0, "target": 1, "ask": "J", "got": 2, "drew_match": False}
    assert "J" in view["known"][0] and "J" not in view["known"][1]


def test_go_fish_a_miss_draws_and_the_turn_passes_left():
    hands = [SPADES, ["2H", "3H", "4H", "5H", "6H", "7H", "8H"], ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]]
    state = deal(hands, stock=["KC"])
    events = state.apply(0, "ask 2 9")
    assert kinds(events) == ["ask", "go_fish", "draw", "turn"]
    assert "card" not in events[2].data  # nobody else sees an unmatched draw
    assert holds(state, 0, "KC")
    assert state.to_move == (1,)
    assert state.view(None)["last"] == {"seat": 0, "target": 2, "ask": "9", "got": 0, "drew_match": False}


def test_go_fish_drawing_any_card_of_the_rank_asked_for_continues_the_turn():
    hands = [SPADES, ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]]
    state = deal(hands, stock=["9D"])  # asked for 9s, drew the 9 of diamonds, a different suit from ours
    events = state.apply(0, "ask 1 9")
    assert kinds(events) == ["ask", "go_fish", "draw"]
    assert events[2].data == {"seat": 0, "card": "9D", "match": True}
    assert state.to_move == (0,)
    assert state.view(None)["last"]["drew_match"] is True


def test_a_book_of_four_is_laid_at_once_and_the_turn_goes_on():
    hands = [["JS", "JH", "JD", "2S", "3S", "4S", "5S"], ["JC", "2H", "3H", "4H", "5H", "6H", "7H"]]
    state = deal(hands)
    events = state.apply(0, "ask 1 j")
    assert kinds(events) == ["ask", "give", "book"]
    assert events[2].data == {"seat": 0, "rank": "J", "cards": ["JS", "JH", "JD", "JC"]}
    view = state.view(None)
    assert view["books"] == [["J"], []] and view["hand_sizes"] == [4, 6]
    assert view["known"][0] == []  # the jacks left the hand
    assert state.to_move == (0,)


def test_a_drawn_card_can_complete_a_book():
    hands = [["JS", "JH", "JD", "2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]]
    state = deal(hands, stock=["JC"])
    events = state.apply(0, "ask 1 j")
    assert kinds(events) == ["ask", "go_fish", "draw", "book"]
    assert state.view(None)["books"][0] == ["J"] and state.to_move == (0,)


# Every card placed: three ranks in the hands, the other ten in books, the stock empty.
LATE_HANDS = [["QH", "QD", "KD"], ["KH", "KS", "AD"], ["AH", "AS", "QS", "KC", "QC", "AC"]]
LATE_BOOKS = [["2", "3", "4", "5"], ["6", "7", "8"], ["9", "10", "J"]]


def test_with_the_stock_gone_a_miss_just_ends_the_turn():
    state = position(LATE_HANDS, books=LATE_BOOKS, fill=False)
    events = state.apply(0, "ask 1 q")
    assert kinds(events) == ["ask", "go_fish", "no_stock", "turn"]
    assert state.to_move == (1,)
    assert state.view(None)["hand_sizes"] == [3, 3, 6]


def test_the_game_ends_when_all_thirteen_books_are_laid_and_most_books_wins():
    hands = [["QS", "QH", "QD"], ["QC"]]
    books = [["A", "2", "3", "4", "5", "6"], ["7", "8", "9", "10", "J", "K"]]
    state = position(hands, books=books, fill=False)
    events = state.apply(0, "ask 1 q")
    assert kinds(events) == ["ask", "give", "book", "game_end"]
    assert state.over and state.to_move == ()
    outcome = state.outcome()
    assert outcome.places == (1, 2) and outcome.scores == (7.0, 6.0)
    assert events[-1].text == "{p0} wins with 7 books."
    assert state.view(None)["over"] is True
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, "ask 1 q")


def test_equal_books_share_a_place():
    hands = [["QS", "QH", "QD"], ["QC"], []]
    books = [["A", "2", "3", "4"], ["5", "6", "7", "8", "9"], ["10", "J", "K"]]
    state = position(hands, books=books, fill=False)
    state.apply(0, "ask 1 q")
    assert state.over
    assert state.outcome().places == (1, 1, 3)
    assert state.outcome().reason == "{p0} and {p1} share the win with 5 books each."


# -- Authors: the rule text's examples -------------------------------------------


AUTHORS_HANDS = [["QH", "2S", "3S", "4S", "5S", "6S", "7S"], ["QS", "QD", "2H", "3H", "4H", "5H", "6H"]]


def test_authors_ask_for_one_card_and_only_that_card_is_handed_over():
    """“Martin, do you have the Queen of Spades?”: he hands it over and the asker asks again."""
    state = deal(AUTHORS_HANDS, variant="authors")
    events = state.apply(0, "ask 1 qs")
    assert kinds(events) == ["ask", "give"]
    assert events[1].data == {"seat": 1, "to": 0, "count": 1, "rank": "Q", "card": "QS"}
    assert holds(state, 0, "QS") and holds(state, 1, "QD")
    assert state.to_move == (0,)
    assert state.view(None)["last"] == {"seat": 0, "target": 1, "ask": "QS", "got": 1, "drew_match": False}


def test_authors_you_must_hold_a_card_of_the_rank_you_ask_for():
    state = deal(AUTHORS_HANDS, variant="authors")
    with pytest.raises(IllegalAction, match="no kings"):
        state.apply(0, "ask 1 ks")
    assert "ask 1 ks" not in texts(state, 0) and "ask 1 qs" in texts(state, 0)


def test_authors_drawing_the_very_card_asked_for_is_shown_and_the_turn_goes_on():
    state = deal(AUTHORS_HANDS, variant="authors", stock=["QC"])
    events = state.apply(0, "ask 1 qc")
    assert kinds(events) == ["ask", "go_fish", "draw"]
    assert events[2].data == {"seat": 0, "card": "QC", "match": True}
    assert state.to_move == (0,)


def test_house_rule_5_authors_another_card_of_the_rank_does_not_continue_the_turn():
    hands = [["QH", "2S", "3S", "4S", "5S", "6S", "7S"], ["QS", "2H", "3H", "4H", "5H", "6H", "7H"]]
    state = deal(hands, variant="authors", stock=["QD"])
    events = state.apply(0, "ask 1 qc")
    assert kinds(events) == ["ask", "go_fish", "draw", "turn"]
    assert events[2].data == {"seat": 0, "match": False}  # not the card asked for, so not shown
    assert holds(state, 0, "QD") and state.to_move == (1,)


def test_house_rule_5_authors_asking_for_a_card_you_hold_is_refused():
    state = deal(AUTHORS_HANDS, variant="authors")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="already hold the Q♥"):
        state.apply(0, "ask 1 qh")
    assert snapshot(state) == before
    assert "ask 1 qh" not in texts(state, 0)


@pytest.mark.parametrize(("card", "wording"), [("as", "an ace"), ("8s", "an 8"), ("qh", "a queen")])
def test_authors_refusing_a_card_you_hold_names_the_rank_with_the_right_article(card, wording):
    hands = [["AS", "8S", "QH", "2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H", "6H", "7H", "9H"]]
    state = deal(hands, variant="authors")
    with pytest.raises(IllegalAction, match=f"ask for {wording} you don't have"):
        state.apply(0, f"ask 1 {card}")


def test_authors_pairs_a_card_lying_in_a_book_cannot_be_asked_for():
    hands = [["QS", "QH", "QD", "2S", "3S", "4S", "5S"], ["6H", "7H", "8H", "9H", "10H", "JH", "KH"]]
    state = deal(hands, variant="authors", books="pairs")
    assert state.view(None)["books"][0] == ["Q"]
    (queen,) = [c for c in state.view(0)["hand"] if c.startswith("Q")]
    assert queen == "QD"  # the pair laid is the lowest two suits; nothing was known yet
    with pytest.raises(IllegalAction, match="already lies in a book"):
        state.apply(0, "ask 1 qs")
    assert [t for t in texts(state, 0) if t.startswith("ask 1 q")] == ["ask 1 qc"]


def test_authors_pairs_lays_a_pair_as_soon_as_a_card_matches():
    hands = [["QH", "2S", "3S", "4S", "5S", "6S", "7S"], ["QS", "2H", "3H", "4H", "5H", "6H", "7H"]]
    state = deal(hands, variant="authors", books="pairs")
    events = state.apply(0, "ask 1 qs")
    assert kinds(events) == ["ask", "give", "book"]
    assert state.view(None)["books"] == [["Q"], []]


# -- pairs for very young children (Go Fish) ---------------------------------------


def pairs_position(hands, pairs, turn=0):
    """A Go Fish pairs position with an empty stock: `pairs` lists per seat the laid pairs, as cards."""
    laid = [c for seat_pairs in pairs for pair in seat_pairs for c in pair]
    placed = [c for h in hands for c in h] + laid
    assert sorted(placed) == sorted(standard_deck()), "every card placed once"
    books = [[pair[0][:-1] for pair in seat_pairs] for seat_pairs in pairs]
    return _loaded({"books": "pairs"}, hands, [], books, laid, turn)


def test_go_fish_pairs_a_hand_over_lays_a_pair_and_the_asker_goes_on():
    hands = [["QH", "2S", "3S", "4S", "5S", "6S", "7S"], ["QS", "2H", "3H", "4H", "5H", "6H", "7H"]]
    state = deal(hands, books="pairs")
    assert state.view(None)["books"] == [[], []]  # seven different ranks each: nothing to lay yet
    events = state.apply(0, "ask 1 q")
    assert kinds(events) == ["ask", "give", "book"]
    assert events[2].data == {"seat": 0, "rank": "Q", "cards": ["QS", "QH"]}
    assert state.view(None)["books"] == [["Q"], []] and state.to_move == (0,)


def test_go_fish_pairs_game_ends_when_all_26_pairs_are_laid_and_most_pairs_wins():
    """“The game ends when all 26 pairs have been played, and the player with the most pairs is the winner.”"""
    ranks_0, ranks_1 = ["A", "2", "3", "4", "5", "6"], ["7", "8", "9", "10", "J", "K"]

    def both_pairs(rank):
        return [[rank + "S", rank + "H"], [rank + "D", rank + "C"]]

    pairs = [[p for r in ranks_0 for p in both_pairs(r)] + [["QD", "QC"]], [p for r in ranks_1 for p in both_pairs(r)]]
    state = pairs_position([["QS"], ["QH"]], pairs)
    assert [len(b) for b in state.view(None)["books"]] == [13, 12]
    events = state.apply(0, "ask 1 q")
    assert kinds(events) == ["ask", "give", "book", "game_end"]
    assert state.view(None)["books"][0].count("Q") == 2
    outcome = state.outcome()
    assert outcome.scores == (14.0, 12.0) and outcome.places == (1, 2)
    assert outcome.reason == "{p0} wins with 14 pairs."


# -- the rest of the house rules ---------------------------------------------------


def test_house_rule_2_answers_are_automatic_and_public_but_draws_stay_private():
    hands = [SPADES, ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]]
    state = deal(hands, stock=["KD"])
    events = state.apply(0, "ask 1 9")
    public = json.dumps([e.to_dict() for e in events]) + json.dumps(state.view(None))
    assert "KD" not in public
    assert events[1].text == "{p1} says “Go fish!”"


def test_house_rule_3_an_emptied_hand_draws_at_once_and_its_owner_goes_on():
    state = position([["JS", "JH", "JD", "2S"], ["JC"]], stock=["5C", "6C"])
    events = state.apply(0, "ask 1 j")
    assert kinds(events) == ["ask", "give", "book", "refill"]
    assert events[-1].data == {"seat": 1}
    assert holds(state, 1, "5C") and state.to_move == (0,)
    state = position([["JS", "JH", "JD"], ["JC", "2S"]], stock=["5C", "6C"])
    events = state.apply(0, "ask 1 j")  # the book empties the asker's hand: draw and ask on
    assert kinds(events) == ["ask", "give", "book", "refill"]
    assert holds(state, 0, "5C") and state.to_move == (0,)


def test_when_both_hands_empty_in_one_ask_the_asker_draws_first():
    state = position([["JS", "JH", "JD"], ["JC"]], stock=["5C", "6C"])
    events = state.apply(0, "ask 1 j")
    assert kinds(events) == ["ask", "give", "book", "refill", "refill"]
    assert [e.data["seat"] for e in events[-2:]] == [0, 1]
    assert state.view(0)["hand"] == ["5C"] and state.view(1)["hand"] == ["6C"]
    assert state.to_move == (0,)


def test_house_rule_3_with_no_stock_an_empty_seat_is_skipped():
    hands = [["QS", "QH", "KS"], [], ["QD", "QC", "KH", "KD", "KC"]]
    books = [["A", "2", "3", "4"], ["5", "6", "7", "8", "9"], ["10", "J"]]
    state = position(hands, books=books, fill=False)
    assert texts(state, 0) == ["ask 2 q", "ask 2 k"]
    events = state.apply(0, "ask 2 k")
    assert kinds(events)[:3] == ["ask", "give", "book"]
    state.apply(0, "ask 2 q")
    assert state.over


def test_house_rule_4_only_seats_holding_cards_can_be_asked():
    hands = [["QS", "QH", "KS"], [], ["QD", "QC", "KH", "KD", "KC"]]
    books = [["A", "2", "3", "4"], ["5", "6", "7", "8", "9"], ["10", "J"]]
    state = position(hands, books=books, fill=False)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="Seat 1 has no cards"):
        state.apply(0, "ask 1 q")
    assert snapshot(state) == before


# -- notation -----------------------------------------------------------------


@pytest.mark.parametrize("variant", ["go-fish", "authors"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_listed_action_round_trips(variant, players):
    state = GO_FISH.new(players, seed=players, options={"variant": variant})
    rng = random.Random(players)
    for _ in range(40):
        if state.over:
            break
        seat = state.to_move[0]
        for action in state.legal_actions(seat):
            assert state.parse(seat, action.text).text == action.text
            assert action.text == action.text.lower()
            assert action.parts["verb"] == "ask" and action.label.startswith("Ask seat ")
            assert action.parts["to"] == int(action.text.split()[1])
            assert action.parts["cards"] == [action.text.split()[2].upper()]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(
    "typed",
    [
        "ask 1 q",
        "ASK 1 Q",
        "ask 1 for queens",
        "ask 1, q",
        "  ask   1   q ",
        "ask 1 queens",
        "Ask 1 queen?",
        "ask 1 qh",
    ],
)
def test_go_fish_parsing_is_forgiving(typed):
    state = deal([["QS", "10S", "2S", "3S", "4S", "5S", "6S"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]])
    assert state.parse(0, typed).text == "ask 1 q"


@pytest.mark.parametrize("typed", ["ask 1 10", "ask 1 t", "ask 1 T", "ask 1 tens", "ask 1 for any tens", "ask 1 10d"])
def test_go_fish_parses_tens(typed):
    state = deal([["QS", "10S", "2S", "3S", "4S", "5S", "6S"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]])
    assert state.parse(0, typed).text == "ask 1 10"


@pytest.mark.parametrize(
    "typed, canonical",
    [
        ("ask 1 QS", "ask 1 qs"),
        ("ask 1 q♠", "ask 1 qs"),
        ("ask 1 Q♠", "ask 1 qs"),
        ("ask 1 for the queen of spades", "ask 1 qs"),
        ("ask 1, qs", "ask 1 qs"),
        ("ask 1 th", "ask 1 10h"),
        ("ask 1 T♥", "ask 1 10h"),
        ("ask 1 10 of hearts", "ask 1 10h"),
    ],
)
def test_authors_parsing_is_forgiving(typed, canonical):
    state = deal(
        [["QH", "10S", "2S", "3S", "4S", "5S", "6S"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]], variant="authors"
    )
    assert state.parse(0, typed).text == canonical


@pytest.mark.parametrize(
    "typed, variant, message",
    [
        ("fish", "go-fish", "Write an ask like “ask 2 q”"),
        ("ask q", "go-fish", "Write an ask like"),
        ("ask 1 zebras", "go-fish", "isn't a rank or card"),
        ("ask 9 q", "go-fish", "There is no seat 9"),
        ("ask 0 q", "go-fish", "can't ask yourself"),
        ("ask 1 k", "go-fish", "you have no kings"),
        ("ask 1 q", "authors", "name its suit too"),
        ("ask 1 qs", "authors", "already hold the Q♠"),
    ],
)
def test_illegal_asks_say_why_and_change_nothing(typed, variant, message):
    state = deal(
        [["QS", "10S", "2S", "3S", "4S", "5S", "6S"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]], variant=variant
    )
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        state.apply(0, typed)
    assert snapshot(state) == before


def test_out_of_turn_asks_are_refused():
    state = deal([["QS", "10S", "2S", "3S", "4S", "5S", "6S"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]])
    before = snapshot(state)
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="isn't your turn"):
        state.apply(1, "ask 0 2")
    assert snapshot(state) == before


# -- views and dumps ------------------------------------------------------------


def play_some(state, moves, seed=0):
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("variant", ["go-fish", "authors"])
@pytest.mark.parametrize("players", [2, 6])
def test_a_seat_view_is_the_public_view_plus_its_hand(variant, players):
    state = play_some(GO_FISH.new(players, seed=5, options={"variant": variant}), 25)
    public = state.view(None)
    assert public["seat"] is None and public["hand"] is None
    assert set(public) >= {"books", "stock", "turn", "known", "last", "variant", "game", "players", "hand_sizes"}
    shown = json.dumps({k: v for k, v in public.items() if k != "last"})  # an Authors ask names a card it lacks
    for seat in range(players):
        view = state.view(seat)
        assert {k: v for k, v in view.items() if k not in ("seat", "hand")} == {
            k: v for k, v in public.items() if k not in ("seat", "hand")
        }
        assert view["hand"] == sorted(view["hand"], key=CODE_INDEX.get)
        for card in state.hidden_cards(seat):
            assert f'"{card}"' not in shown
    assert json.loads(json.dumps(public)) == public


def test_known_lists_ranks_asked_for_received_or_shown_until_they_leave():
    hands = [["QS", "QC", "2S", "3S", "4S", "5S", "6S"], ["QH", "KH", "7H", "8H", "9H", "10H", "JH"]]
    state = deal(hands, stock=["AC", "QD"])
    state.apply(0, "ask 1 q")  # seat 0 holds queens and received one
    assert state.view(None)["known"] == [["Q"], []]
    state.apply(0, "ask 1 2")  # seat 0 holds 2s too; a miss, it draws the A♣ unseen
    assert state.view(None)["known"] == [["2", "Q"], []]
    state.apply(1, "ask 0 k")  # seat 1 shows kings; seat 0 has none
    assert state.view(None)["known"] == [["2", "Q"], ["K"]]
    state = deal(hands, stock=["QD", "AC"])
    state.apply(0, "ask 1 q")
    state.apply(0, "ask 1 q")  # go fish, and the Q♦ drawn is shown: a book, so the queens leave
    assert state.view(None)["books"] == [["Q"], []]
    assert state.view(None)["known"] == [[], []]


@pytest.mark.parametrize("variant", ["go-fish", "authors"])
def test_dump_and_load_round_trip_mid_game(variant):
    state = play_some(GO_FISH.new(4, seed=2, options={"variant": variant, "books": "pairs"}), 30)
    again = GO_FISH.load(json.loads(json.dumps(state.dump())))
    assert again.dump() == state.dump()
    assert again.view(None) == state.view(None)
    copy = state.copy()
    assert copy.dump() == state.dump()
    seat = state.to_move[0]
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert again.dump() == state.dump()  # the copy shares nothing mutable


# -- determinize keeps every deduction ---------------------------------------------------


def worlds(state, seat, n=60):
    rng = random.Random(11)
    return [state.determinize(seat, rng) for _ in range(n)]


def test_determinize_a_seat_that_asked_for_a_rank_still_holds_one():
    hands = [
        ["QS", "2S", "3S", "4S", "5S", "6S", "7S"],
        ["KH", "2H", "3H", "4H", "5H", "6H", "7H"],
        ["8D", "9D", "10D", "JD", "KD", "AD", "2D"],
    ]
    state = deal(hands, stock=["8C"])
    state.apply(0, "ask 1 q")  # go fish: seat 0 holds a queen; seat 1 holds none
    for world in worlds(state, 2):
        assert world.hands[0] & (0xF << 44), "seat 0 asked for queens so holds one"
        assert not world.hands[1] & (0xF << 44), "seat 1 said go fish to queens"
        assert world.view(2) == state.view(2)


def test_determinize_forgets_a_go_fish_once_that_seat_draws():
    hands = [["QS", "2S", "3S", "4S", "5S", "6S", "7S"], ["KH", "2H", "3H", "4H", "5H", "6H", "7H"]]
    state = deal(hands, stock=["8C", "9C"])
    state.apply(0, "ask 1 q")  # seat 1: go fish; seat 0 draws 8C, the turn passes
    assert all(not w.hands[1] & (0xF << 44) for w in worlds(state, 0))
    state.apply(1, "ask 0 k")  # seat 1 misses and draws: it may hold a queen now
    assert any(w.hands[1] & (0xF << 44) for w in worlds(state, 0, 200))


def test_determinize_keeps_authors_hand_overs_and_shown_draws_exactly():
    hands = [
        ["QH", "2S", "3S", "4S", "5S", "6S", "7S"],
        ["QS", "2H", "3H", "4H", "5H", "6H", "7H"],
        ["8D", "9D", "10D", "JD", "KD", "AD", "2D"],
    ]
    state = deal(hands, variant="authors", stock=["QC", "9C"])
    state.apply(0, "ask 1 qs")  # seat 0 takes the Q♠ in public
    state.apply(0, "ask 2 qc")  # go fish, and seat 0 draws the very Q♣: shown
    qs, qc, qh = (1 << CODE_INDEX[c] for c in ("QS", "QC", "QH"))
    seen = set()
    for world in worlds(state, 2):
        assert world.hands[0] & qs and world.hands[0] & qc
        seen.add(bool(world.hands[0] & qh))
        assert not world.hands[2] & qc
    assert seen == {True, False}  # the Q♥ it held before was never shown: sometimes elsewhere


def test_determinize_an_authors_asker_still_lacks_the_card_after_an_unseen_draw():
    """Drawing the very card asked for is shown, so an unseen draw after a miss is some other card."""
    hands = [["QH", "2S", "3S", "4S", "5S", "6S", "7S"], ["KH", "2H", "3H", "4H", "5H", "6H", "7H"]]
    state = deal(hands, variant="authors", stock=["9C"])
    state.apply(0, "ask 1 qs")  # go fish; seat 0 draws the 9♣ unseen and the turn passes
    assert state.to_move == (1,)
    qs = 1 << CODE_INDEX["QS"]
    for world in worlds(state, 1):
        assert not world.hands[0] & qs, "neither seat holds the Q♠: it is in the stock"
        assert world.hands[0] & (0xF << 44), "seat 0 still holds a queen"


def test_determinize_a_go_fish_giver_knows_the_suits_it_handed_over():
    hands = [
        ["QD", "2S", "3S", "4S", "5S", "6S", "7S"],
        ["QS", "2H", "3H", "4H", "5H", "6H", "7H"],
        ["QH", "8D", "9D", "10D", "JD", "KD", "AD"],
    ]
    state = deal(hands, stock=["8C", "9C"])
    state.apply(0, "ask 1 q")  # seat 1 hands over its queen: the table sees only "1 queen"
    qs = 1 << CODE_INDEX["QS"]
    for world in worlds(state, 1):
        assert world.hands[0] & qs, "seat 1 saw which queen it gave"
        assert world.know.seen[0] == [0, 0, 0] and world.know.seen[2] == [0, 0, 0]  # others' secrets stay out
    assert any(not w.hands[0] & qs for w in worlds(state, 2)), "seat 2 saw only the count"
    state.apply(0, "ask 2 3")  # a miss: seat 0 draws the 8♣ and the turn passes to seat 1
    state.apply(1, "ask 2 2")  # a miss: seat 1 draws the 9♣ and the turn passes to seat 2
    state.apply(2, "ask 0 q")  # seat 0 hands both its queens on: seat 1 follows its Q♠
    assert state.view(None)["hand_sizes"][2] == 9
    for world in worlds(state, 1):
        assert world.hands[2] & qs and not world.hands[0] & qs


def test_a_game_saved_before_private_knowledge_was_kept_still_loads():
    state = play_some(GO_FISH.new(3, seed=4), 12)
    data = json.loads(json.dumps(state.dump()))
    del data["know"]["seen"]
    old = GO_FISH.load(data)
    assert old.know.seen == [[0, 0, 0]] * 3 and old.view(None) == state.view(None)
    assert old.determinize(0, random.Random(1)).view(0) == state.view(0)


def test_determinize_never_copies_hidden_cards_and_never_deals_a_whole_book():
    state = play_some(GO_FISH.new(3, seed=4), 12)
    real = state.hands[1]
    hands = {w.hands[1] for w in worlds(state, 0, 40)}
    assert len(hands) > 10 and any(h != real for h in hands)
    for world in worlds(state, 0, 40):
        for seat in range(3):
            assert all(rank_count(world.hands[seat], r) < 4 for r in range(13))
            assert world.know.consistent(seat, world.hands[seat])


@pytest.mark.parametrize("options", [{}, {"variant": "authors"}, {"books": "pairs"}])
def test_the_real_hands_always_agree_with_what_the_table_knows(options):
    for seed in range(6):
        state = GO_FISH.new(6, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_move[0]
            action = state.heuristic_action(seat, rng) if seed % 2 else rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            assert all(state.know.consistent(s, state.hands[s]) for s in range(6))
            for watcher, row in enumerate(state.know.seen):  # what a seat saw go into a hand is still there
                assert all(not cards & ~state.hands[s] for s, cards in enumerate(row) if s != watcher)


def test_determinize_finds_a_deal_by_flow_when_the_greedy_deal_fails(monkeypatch):
    import engine.go_fish_knowledge as knowledge

    state = play_some(GO_FISH.new(6, seed=3, options={"variant": "authors"}), 120, seed=3)
    assert not state.stock  # a tight late position
    monkeypatch.setattr(knowledge, "_greedy", lambda *args: None)
    for seat in range(6):
        for world in worlds(state, seat, 5):
            assert world.view(seat) == state.view(seat)
            assert all(world.know.consistent(s, world.hands[s]) for s in range(6))


@pytest.mark.parametrize("books", ["fours", "pairs"])
@pytest.mark.parametrize("variant", ["go-fish", "authors"])
def test_determinize_keeps_the_public_record_of_asks(variant, books):
    """A world the search imagines shows every seat exactly what the real game shows it."""
    for moves in (5, 25, 60):
        state = play_some(GO_FISH.new(3, seed=moves, options={"variant": variant, "books": books}), moves)
        if state.over:
            continue
        public = state.view(None)
        for seat in range(3):
            for world in worlds(state, seat, 8):
                assert world.view(None) == public  # known ranks, the last ask, books, sizes, stock
                assert world.view(seat) == state.view(seat)
                assert [a.text for a in world.legal_actions(seat)] == [a.text for a in state.legal_actions(seat)]
                assert all(world.know.consistent(s, world.hands[s]) for s in range(3))


# -- the heuristic remembers ----------------------------------------------------------


def test_heuristic_asks_a_seat_known_to_hold_the_rank():
    hands = [
        ["7S", "2S", "2H", "2D", "3S", "4S", "5S"],
        ["7H", "8H", "9H", "10H", "JH", "QH", "KH"],
        ["8D", "9D", "10D", "JD", "QD", "KD", "AD"],
    ]
    state = deal(hands, stock=["AC", "AH"])
    state.apply(0, "ask 2 3")  # a miss; seat 0 draws the A♣
    state.apply(1, "ask 2 7")  # seat 1 shows it holds 7s; a miss, it draws the A♥
    assert state.to_move == (2,)
    state.apply(2, "ask 1 q")  # seat 2 shows queens; a hit, then it misses
    while state.to_move == (2,):
        state.apply(2, "ask 0 8")
    for seed in range(20):
        action = state.heuristic_action(0, random.Random(seed))
        assert action.text == "ask 1 7"  # seat 1 showed 7s; seat 0 holds a 7 (and no queen)


def test_heuristic_never_asks_a_seat_that_said_go_fish_since_its_last_draw():
    hands = [
        ["QS", "2S", "3S", "4S", "5S", "6S", "7S"],
        ["KH", "8H", "9H", "10H", "JH", "AH", "2H"],
        ["8D", "9D", "10D", "JD", "KD", "AD", "2D"],
    ]
    state = deal(hands, stock=["8C"])
    state.apply(0, "ask 1 q")  # seat 1 has no queens
    data = state.dump()
    data["turn"] = 0  # give seat 0 another turn to see what it asks now
    again = GO_FISH.load(data)
    for seed in range(30):
        assert again.heuristic_action(0, random.Random(seed)).text != "ask 1 q"
