"""Go Fish's search evaluation: books and cards toward them, and search uses it."""

from __future__ import annotations

import random

import pytest

from engine import GAMES
from engine.ai import ISMCTSPlayer, RandomPlayer, evaluation, rewards
from engine.cards import RANKS
from engine.go_fish_ai import evaluate, score

GAME = GAMES["go_fish"]


def test_search_finds_the_registered_evaluation():
    assert evaluation(GAME.new(2, seed=0)) is evaluate


@pytest.mark.parametrize("options", [{}, {"variant": "authors"}, {"books": "pairs"}])
def test_a_finished_game_scores_by_its_places(options):
    for seed in range(4):
        state = GAME.new(3, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        values = evaluate(state)
        assert values == rewards(state)
        best = max(len(b) for b in state.books)
        assert all((v == 1.0) == (len(b) == best) for v, b in zip(values, state.books, strict=True))


def test_books_count_more_as_fewer_are_left_to_make():
    state = GAME.new(2, seed=3)
    state.books = [[0], []]
    early = score(state)[0]
    state.laid = (1 << 48) - 1  # twelve books down, one to go
    late = score(state)[0]
    assert 0.5 < early < late


def test_cut_off_search_plays_legal_moves_and_beats_random():
    wins = 0
    for seed in range(12):  # a dozen games: six were too few to tell luck from strength
        state = GAME.new(4, seed=seed)
        players = {s: RandomPlayer(seed + s) for s in range(1, 4)} | {0: ISMCTSPlayer(iterations=40, seed=seed)}
        while not state.over:
            seat = state.to_move[0]
            action = players[seat].choose(state, seat)
            assert action.text in {a.text for a in state.legal_actions(seat)}
            state.apply(seat, action)
        wins += state.outcome().places[0] == 1
    assert wins >= 7  # random seats win a quarter (3 of 12); the search wins about nine in ten


# -- what search scores ----------------------------------------------------------------


def deal(hands, stock=(), variant="go-fish"):
    """A new game with every hand (seven cards each) and the front of the stock stacked."""
    deck = [hands[s][i] for i in range(7) for s in range(len(hands))] + list(stock)
    return GAME.new(len(hands), seed=0, options={"variant": variant}, deck=deck)


def seven_known():
    """Seat 0 to ask; it holds two 7s and the table knows seat 1 holds a 7 (it asked for them)."""
    state = deal([["7S", "7H", "2S", "3S", "4S", "5S", "9S"], ["7D", "8H", "8D", "JH", "QH", "KH", "KD"]])
    state.know.floor[1][RANKS.index("7")] = 1
    return state


def test_a_sure_ask_scores_above_a_miss():
    hit, miss = seven_known(), seven_known()
    hit.apply(0, "ask 1 7")
    miss.apply(0, "ask 1 2")
    assert hit.turn == 0 and miss.turn == 1
    assert score(hit)[0] > score(miss)[0]


def test_search_takes_the_ask_it_knows_will_hit():
    state = seven_known()
    for seed in range(3):
        assert ISMCTSPlayer(iterations=100, seed=seed, prior=0.0).choose(state, 0).text == "ask 1 7"


def test_cards_the_table_knows_of_cost_their_holder():
    state = seven_known()
    hidden = score(state)[0]
    state.know.floor[0][RANKS.index("7")] = 2
    assert score(state)[0] < hidden


def test_three_of_a_rank_count_more_than_one():
    state = deal([["7S", "7H", "7D", "2S", "4S", "5S", "9S"], ["2H", "8H", "8D", "JH", "QH", "KH", "KD"]])
    spread = deal([["7S", "2H", "2D", "3S", "4S", "5S", "9S"], ["3H", "8H", "8D", "JH", "QH", "KH", "KD"]])
    assert score(state)[0] > score(spread)[0]


# -- what determinize keeps: voids that lapse with draws, tells ----------------------


def aces_denied_then_one_draw():
    """Seat 0 asks for aces (go fish, it draws the 9C); seat 1 asks for 8s (go fish, it draws
    the 2D unseen). Seat 1 said it had no aces and has drawn one card since."""
    hands = [["AS", "2S", "3S", "4S", "5S", "6S", "7S"], ["8H", "9H", "10H", "JH", "QH", "KH", "8D"]]
    state = deal(hands, stock=["9C", "2D"])
    state.apply(0, "ask 1 a")
    state.apply(1, "ask 0 8")
    assert state.turn == 0
    return state


def test_a_denied_rank_lapses_by_the_draws_since_not_all_at_once():
    state = aces_denied_then_one_draw()
    aces = 0xF
    assert state.know.void[1] == 0  # the heuristic's "since its last draw" is over
    counts = {(w.hands[1] & aces).bit_count() for w in (state.determinize(0, random.Random(i)) for i in range(300))}
    assert counts == {0, 1}  # one draw since: at most one ace, never two or three
    assert state.know.consistent(1, state.hands[1])


def test_a_go_fish_hand_over_voids_the_givers_whole_rank():
    state = deal([["7S", "7H", "2S", "3S", "4S", "5S", "9S"], ["7D", "8H", "8D", "JH", "QH", "KH", "KD"]])
    state.apply(0, "ask 1 7")
    sevens = 0xF << (4 * RANKS.index("7"))
    assert state.know.void[1] & sevens == sevens


def test_an_ask_past_a_known_hit_tells_and_a_contradiction_ends_trust():
    # Seat 0 asks seat 2 for aces (go fish): the table knows seat 0 holds an ace. Seat 1 then
    # asks seat 2 for 8s (a hit) although it holds an ace: a memory player would have asked
    # for the ace, so the table guesses seat 1 has none ...
    hands = [
        ["AS", "2S", "3S", "4S", "5S", "6S", "7S"],
        ["AH", "8H", "9H", "10H", "JH", "QH", "KH"],
        ["8C", "9C", "10C", "JC", "QC", "KC", "2H"],
    ]
    state = deal(hands, stock=["3D"])
    state.apply(0, "ask 2 a")
    state.apply(1, "ask 2 8")
    aces = 0xF
    assert any(m & aces for m, n in state.know.tells[1])
    # ... until seat 1 asks for aces itself: it ignores known hits, and its asks tell nothing more.
    state.apply(1, "ask 0 a")
    assert not state.know.trusting[1] and not state.know.tells[1]
    for seat in range(3):
        assert state.know.consistent(seat, state.hands[seat])


def test_knowledge_round_trips_and_old_dumps_load():
    state = aces_denied_then_one_draw()
    data = state.dump()
    assert GAME.load(data).dump() == data
    for key in ("lapsed", "tells", "trusting"):
        del data["know"][key]
    old = GAME.load(data)
    assert old.know.lapsed == [[], []] and old.know.trusting == [True, True]
    old.determinize(0, random.Random(0))
