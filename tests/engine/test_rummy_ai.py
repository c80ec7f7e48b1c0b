"""Rummy's AI: determinize remembers what each seat took from the discard pile (as a good
player does) until it is melded, laid off or discarded, and search plays legal moves."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import ISMCTSPlayer

RUMMY = GAMES["rummy"]

# A two-player deal: seat 0 holds three kings and 9-10-J of diamonds.
H0 = ["KS", "KH", "KD", "9D", "10D", "JD", "2C", "4C", "6S", "8H"]
H1 = ["KC", "8D", "3D", "3S", "5S", "7C", "9C", "JH", "QS", "2H"]
STOCK = ["5D", "7S", "AS", "4H"]


def stacked(up, target="one-hand"):
    deck = [[H0, H1][s][i] for i in range(10) for s in range(2)] + [up, *STOCK]
    return RUMMY.new(2, seed=0, options={"target": target}, deck=deck)


def play(state, *moves):
    for move in moves:
        state.apply(state.turn, move)


def worlds(state, seat, n=40):
    return [state.determinize(seat, random.Random(k)) for k in range(n)]


def test_a_taken_discard_stays_in_the_takers_sampled_hand():
    state = stacked("3H")
    play(state, "take", "discard 2c", "draw", "discard qs")
    assert state.known[0] == ["3H"]
    samples = worlds(state, 1)
    assert all("3H" in w.hands[0] for w in samples)
    assert len({tuple(w.hands[0]) for w in samples}) > 30  # the rest of the hand is resampled


def test_a_taken_discard_is_forgotten_once_discarded_again():
    state = stacked("3H")
    play(state, "take", "discard 2c", "draw", "discard qs", "draw", "discard 3h")
    assert state.known[0] == []
    assert all("3H" not in w.hands[0] and w.discard[-1] == "3H" for w in worlds(state, 1))


def test_a_taken_discard_is_forgotten_once_melded():
    state = stacked("QD")
    play(state, "take", "meld 9d 10d jd qd")
    assert state.known[0] == []
    for world in worlds(state, 1):
        assert "QD" not in world.hands[0]
        assert any("QD" in m.cards for m in world.melds)


def test_search_plays_legal_moves():
    state = stacked("3H")
    player = ISMCTSPlayer(iterations=20, seed=1)
    for _ in range(6):
        seat = state.turn
        action = player.choose(state, seat)
        assert action.text in {a.text for a in state.legal_actions(seat)}
        state.apply(seat, action)
