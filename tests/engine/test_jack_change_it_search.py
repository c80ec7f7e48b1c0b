"""Jack Change It's normal and hard seats: a flat search over every legal move, heuristic playouts."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import ISMCTSPlayer, RandomPlayer, make_player
from engine.jack_change_it_search import (
    FLAT_SEATS,
    HARD_EFFORT,
    NORMAL_EFFORT,
    Effort,
    JackChangeItSearch,
    heuristic_step,
    play_on,
    share_beaten,
)
from tests.engine.test_jack_change_it_ai import played, position

GAME = GAMES["jack_change_it"]
SMALL = Effort(6, 12)  # a quick search for tests


def test_the_fast_playout_step_is_the_heuristic_move():
    for players in (2, 3, 5):
        for seed in range(4):
            slow, fast = GAME.new(players, seed=seed), GAME.new(players, seed=seed)
            slow_rng, fast_rng = random.Random(seed), random.Random(seed)
            while not slow.over:
                seat = slow.to_move[0]
                slow.apply(seat, slow.heuristic_action(seat, slow_rng))
                heuristic_step(fast, fast_rng)
                assert fast.dump() == slow.dump()


def test_the_normal_and_hard_seats_are_the_search():
    normal = make_player("normal", seed=1, game="jack_change_it")
    hard = make_player("hard", seed=1, game="jack_change_it")
    assert isinstance(normal, JackChangeItSearch) and isinstance(hard, JackChangeItSearch)
    assert normal.effort is NORMAL_EFFORT and hard.effort is HARD_EFFORT
    assert hard.time_limit > normal.time_limit
    assert HARD_EFFORT.worlds > NORMAL_EFFORT.worlds
    assert isinstance(normal.ismcts, ISMCTSPlayer) and isinstance(hard.ismcts, ISMCTSPlayer)
    assert hard.ismcts.iterations > normal.ismcts.iterations


def with_a_choice(players: int, seed: int):
    """A seeded game played on by the heuristic until the seat to move has three or more moves."""
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    while len(state.legal_actions(state.turn)) < 3:
        heuristic_step(state, rng)
    return state


def test_outside_three_and_four_seats_the_normal_seat_is_the_ismcts_it_was():
    for players, seed in ((2, 4), (6, 2)):
        assert players not in FLAT_SEATS
        state = with_a_choice(players, seed)
        seat = state.turn
        normal = make_player("normal", seed=9, game="jack_change_it")
        ismcts = ISMCTSPlayer(iterations=300, time_limit=None, seed=9)
        assert normal.choose(state, seat).text == ismcts.choose(state, seat).text


def test_at_three_and_four_seats_the_normal_seat_is_the_flat_search():
    for players in (3, 4):
        assert players in FLAT_SEATS
        state = with_a_choice(players, players)
        seat = state.turn
        normal = make_player("normal", seed=9, game="jack_change_it")
        flat = JackChangeItSearch(seed=9, effort=NORMAL_EFFORT)
        assert normal.choose(state, seat).text == flat.choose(state, seat).text
        assert normal.last_worlds == NORMAL_EFFORT.worlds


def test_a_finished_game_scores_the_share_of_seats_beaten():
    state = position([[], ["3D", "4D"], ["5C", "6C"], ["6H", "7H", "8H"]])
    state.turn, state.winner = None, 0
    assert share_beaten(state, 0) == 1.0
    assert share_beaten(state, 1) == 1 / 3  # the tie with seat 2 is not a seat beaten
    assert share_beaten(state, 3) == 0.0
    assert play_on(state, 2, 10, random.Random(0)) == 1 / 3


def test_it_goes_out_when_it_can():
    state = position([["9D"], ["3C", "4C", "5C"]], upcard="9S")
    assert JackChangeItSearch(seed=0, effort=SMALL).choose(state, 0).text == "play 9d"


def test_search_plays_legal_moves_leaves_the_state_alone_and_repeats_for_a_seed():
    for players in (2, 4):
        state = GAME.new(players, seed=5)
        rng = random.Random(5)
        for _ in range(12):
            heuristic_step(state, rng)
        seat = state.to_move[0]
        before = state.dump()
        first = JackChangeItSearch(seed=3, effort=SMALL).choose(state, seat)
        assert state.dump() == before
        assert first.text in {a.text for a in state.legal_actions(seat)}
        assert JackChangeItSearch(seed=3, effort=SMALL).choose(state, seat).text == first.text


def test_search_beats_random():
    wins = 0
    for seed in range(10):
        players = {0: JackChangeItSearch(seed=seed, effort=SMALL), 1: RandomPlayer(seed)}
        wins += played(GAME.new(2, seed=seed), players).winner == 0
    assert wins >= 6  # a luck-heavy game: random play wins about half
