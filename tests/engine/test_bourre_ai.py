"""Bourré's AI: the position evaluation and the decisions ISMCTS takes with it, on stacked deals."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import NORMAL, ISMCTSPlayer
from engine.bourre_ai import PRIOR, evaluate

BOURRE = GAMES["bourre"]

# Four seats; seat 3 deals and its 2♠ is turned up: spades are trump. Seats 0 and 1 hold
# trumps worth staying in with, seat 2 holds nothing at all.
FOUR = [
    ["AS", "KS", "QH", "QD", "9S"],
    ["JS", "10S", "AH", "KD", "8C"],
    ["2C", "3D", "4H", "5C", "7D"],
    ["6H", "7H", "8D", "9C", "2S"],
]


def deal(cards, seed=0, **options):
    """A new game with every hand stacked (the dealer's last card is the upcard); the stock is shuffled."""
    n = len(cards)
    deck = [cards[i % n][i // n] for i in range(5 * n)]
    return BOURRE.new(n, seed=seed, options=options or None, deck=deck)


def search(state, seat, seed=1):
    return ISMCTSPlayer(iterations=NORMAL[0], seed=seed).choose(state, seat).text


def test_the_evaluation_of_an_exchange_is_repeatable_and_changes_nothing():
    s = deal(FOUR)
    s.apply(0, "play")
    s.apply(0, "discard qh")
    before = s.dump()
    first = evaluate(s)
    assert evaluate(s) == first
    assert s.dump() == before
    assert all(0.0 <= x <= 1.0 for x in first)


def test_the_evaluation_favours_the_seat_holding_the_top_trumps():
    s = deal(FOUR)
    values = evaluate(s)
    assert values[0] == max(values)
    assert values[2] <= values[0]


def test_the_evaluation_of_a_finished_match_follows_the_places():
    s = BOURRE.new(3, seed=4, options={"hands": "1"})
    rng = random.Random(4)
    while not s.over:
        seat = s.to_move[0]
        s.apply(seat, s.heuristic_action(seat, rng))
    places = s.outcome().places
    values = evaluate(s)
    for a in range(3):
        for b in range(3):
            if places[a] < places[b]:
                assert values[a] > values[b]


def test_search_stays_in_with_the_top_trumps():
    s = deal(FOUR)
    assert search(s, 0) == "play"


def test_search_folds_junk_when_two_trump_holders_stayed_in_before_it():
    s = deal(FOUR)
    for seat in (0, 1):
        s.apply(seat, "play")
        s.apply(seat, "draw")
    assert s.to_move == (2,)
    assert search(s, 2) == "pass"


def test_search_keeps_its_trumps_in_the_exchange():
    s = deal(FOUR)
    s.apply(0, "play")
    choice = search(s, 0)
    assert choice in ("discard qh", "discard qd", "draw")


def test_search_stays_in_with_junk_when_folding_hands_over_the_match():
    # Two seats, one hand: if seat 0 folds the dealer takes the pot and the match, so even
    # junk is worth playing (the easy player folds it).
    s = deal([["2C", "3D", "4H", "5C", "7D"], ["6H", "7H", "8D", "9C", "2S"]], hands="1")
    assert s.heuristic_action(0, random.Random(0)).text == "pass"
    assert search(s, 0) == "play"


def test_search_leans_towards_the_easy_players_move_at_the_root_at_two_seats_only():
    two = deal(FOUR[:2])
    seat = two.to_move[0]
    player = ISMCTSPlayer(iterations=60, seed=2)
    player.choose(two, seat)
    assert player.last_root.hint == two.heuristic_action(seat, random.Random(0)).text
    assert player.last_root.prior == PRIOR > 0
    four = deal(FOUR)
    four.apply(0, "play")
    player.choose(four, 0)
    assert player.last_root.prior == 0 and player.last_root.hint == ""


def test_search_plays_a_whole_match_with_legal_moves_only():
    s = BOURRE.new(3, seed=7, options={"hands": "1"})
    players = [ISMCTSPlayer(iterations=25, seed=seat) for seat in range(3)]
    while not s.over:
        seat = s.to_move[0]
        action = players[seat].choose(s, seat)
        assert action.text in {a.text for a in s.legal_actions(seat)}
        s.apply(seat, action)
    assert sum(s.chips) + s.pot == 0
