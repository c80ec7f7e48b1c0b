"""Go Fish's and Authors' normal seat: the flat search over the asks (engine/go_fish_search.py)."""

from __future__ import annotations

import math

import pytest

from engine import GAMES
from engine.ai import HeuristicPlayer, RandomPlayer, make_player
from engine.cards import RANKS
from engine.go_fish_knowledge import RANK_MASKS
from engine.go_fish_search import AUTHORS_PAIR, Effort, GoFishSearch, hit_chance, known_hit, read_ask

GAME = GAMES["go_fish"]
SMALL = {2: Effort(3, 6, 0, late=10), 3: Effort(3, 6, 0, late=10)}  # a quick search for tests


def deal(hands, stock=(), variant="go-fish"):
    """A new game with every hand (seven cards each) and the front of the stock stacked."""
    deck = [hands[s][i] for i in range(7) for s in range(len(hands))] + list(stock)
    return GAME.new(len(hands), seed=0, options={"variant": variant}, deck=deck)


def test_the_registered_normal_and_hard_seats_are_the_search():
    assert isinstance(make_player("normal", seed=1, game="go_fish"), GoFishSearch)
    assert isinstance(make_player("hard", seed=1, game="go_fish"), GoFishSearch)


def test_a_known_hit_is_taken():
    state = deal([["7S", "7H", "2S", "3S", "4S", "5S", "9S"], ["7D", "8H", "8D", "JH", "QH", "KH", "KD"]])
    state.know.floor[1][RANKS.index("7")] = 1  # seat 1 asked for sevens
    assert GoFishSearch(seed=0, efforts=SMALL).choose(state, 0).text == "ask 1 7"


@pytest.mark.parametrize("variant", ["go-fish", "authors"])
def test_the_search_plays_legal_asks_the_same_for_a_seed_and_leaves_the_state_alone(variant):
    for players in (2, 4):
        state = GAME.new(players, seed=players, options={"variant": variant})
        seats = {s: RandomPlayer(s) for s in range(players)}
        seats[0] = GoFishSearch(seed=5, efforts=SMALL)
        twin = GoFishSearch(seed=5, efforts=SMALL)
        while not state.over:
            seat = state.to_move[0]
            before = state.dump()
            action = seats[seat].choose(state, seat)
            if seat == 0:
                assert state.dump() == before
                assert twin.choose(state, 0).text == action.text
            assert action.text in {a.text for a in state.legal_actions(seat)}
            state.apply(seat, action)


def test_read_ask_names_target_rank_and_card():
    state = GAME.new(3, seed=1, options={"variant": "authors"})
    for action in state.legal_actions(0):
        ask = read_ask(state, action)
        assert ask.card is not None and ask.card >> 2 == ask.rank and ask.target in (1, 2)
        assert not known_hit(state, 0, ask)  # nothing is known before the first ask


def test_the_search_beats_random_at_four_seats():
    wins = 0
    for seed in range(6):
        state = GAME.new(4, seed=seed)
        seats = {s: RandomPlayer(seed + s) for s in range(1, 4)} | {0: GoFishSearch(seed=seed, efforts=SMALL)}
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, seats[seat].choose(state, seat))
        wins += state.outcome().places[0] == 1
    assert wins >= 4  # random seats win a quarter


def test_an_ask_the_table_knows_will_miss_comes_last():
    # Seat 0 holds three 7s, but seat 1 said "go fish" to sevens and has not drawn since.
    state = deal([["7S", "7H", "7D", "2S", "4S", "5S", "9S"], ["2H", "8H", "8D", "JH", "QH", "KH", "KD"]])
    state.know.void[1] |= RANK_MASKS[RANKS.index("7")]
    for seed in range(3):
        assert GoFishSearch(seed=seed, efforts=SMALL).choose(state, 0).text != "ask 1 7"


def test_in_two_seat_authors_a_rank_the_target_is_known_to_hold_leads():
    # Seat 0 holds three 7s and one queen; seat 1 asked for queens (so holds one the table has not seen).
    hands = [["7S", "7H", "7D", "QS", "4S", "5S", "9S"], ["QH", "8H", "8D", "JH", "2H", "KH", "KD"]]
    state = deal(hands, variant="authors")
    state.know.floor[1][RANKS.index("Q")] = 1
    efforts = SMALL | {AUTHORS_PAIR: Effort(1, 6, 0, late=-1, chase=True)}
    for seed in range(3):
        assert GoFishSearch(seed=seed, efforts=efforts).choose(state, 0).text in {"ask 1 qh", "ask 1 qd", "ask 1 qc"}


SEVEN, FIVE = RANKS.index("7"), RANKS.index("5")
# Four seats: seat 0 holds two sevens and a five; seat 1 holds a five; the two other fives
# lead the stock (24 cards at four seats), so seats 2 and 3 hold none.
FOUR_HANDS = [
    ["7S", "7H", "5S", "2S", "3S", "4S", "9S"],
    ["5H", "8H", "8D", "JH", "QH", "KH", "KD"],
    ["2H", "3H", "4H", "6H", "9H", "10H", "AH"],
    ["2D", "3D", "4D", "6D", "9D", "10D", "AD"],
]


def test_the_chance_of_a_hit_is_counted_from_what_the_table_knows():
    state = deal(FOUR_HANDS, stock=["5D", "5C"])
    assert len(state.stock) == 24
    # Two sevens out, among 24 stock cards and 21 places in the other hands: seat 1's 7 of them.
    assert hit_chance(state, 0, 1, SEVEN) == pytest.approx(1 - math.comb(38, 2) / math.comb(45, 2))
    state.know.void[2] |= RANK_MASKS[FIVE]  # seats 2 and 3 said "go fish" to fives
    state.know.void[3] |= RANK_MASKS[FIVE]
    assert hit_chance(state, 0, 2, FIVE) == 0.0
    assert hit_chance(state, 0, 1, FIVE) == pytest.approx(1 - math.comb(24, 3) / math.comb(31, 3))
    state.know.floor[1][FIVE] = 1  # seat 1 asked for fives: the table knows it holds one
    assert hit_chance(state, 0, 1, FIVE) == 1.0
    # Seat 1 counts only what the table knows: seat 0's five is as hidden to it as the stock's.
    assert hit_chance(state, 1, 0, FIVE) == pytest.approx(1 - math.comb(24, 3) / math.comb(31, 3))


def test_at_four_seats_a_much_likelier_hit_leads_the_rank_held_most():
    state = deal(FOUR_HANDS, stock=["5D", "5C"])
    for seed in range(3):  # sevens held twice against a five held once: each about as likely
        assert GoFishSearch(seed=seed).choose(state, 0).text.endswith(" 7")
    state.know.void[2] |= RANK_MASKS[FIVE]
    state.know.void[3] |= RANK_MASKS[FIVE]
    for seed in range(3):  # seat 1 now 0.55 likely to hold a five, 0.29 a seven
        assert GoFishSearch(seed=seed).choose(state, 0).text == "ask 1 5"


def test_at_four_seats_the_normal_seat_beats_more_of_the_heuristic_than_the_heuristic_does():
    """The same 240 deals, the measured seat at seed % 4 as bench/bench_go_fish.py seats it."""

    def beaten(kind: str) -> float:
        total = 0.0
        for seed in range(240):
            me = seed % 4
            seats = {s: HeuristicPlayer(seed * 10 + s) for s in range(4)}
            seats[me] = make_player(kind, seed=seed * 10 + me, game="go_fish")
            state = GAME.new(4, seed=seed)
            while not state.over:
                seat = state.to_move[0]
                state.apply(seat, seats[seat].choose(state, seat))
            places = state.outcome().places
            total += sum(1 for s in range(4) if s != me and places[s] > places[me]) / 3
        return total / 240

    assert beaten("normal") > beaten("easy") + 0.03  # 0.468 against 0.428
