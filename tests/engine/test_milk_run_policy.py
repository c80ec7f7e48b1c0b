"""Milk Run's normal-seat policy: EASY_STYLE plays exactly as the easy heuristic."""

from __future__ import annotations

import random

import pytest

from engine import GAMES
from engine.milk_run_ai import heuristic_action
from engine.milk_run_policy import EASY_STYLE, STYLE, PolicyPlayer, Style, policy

MR = GAMES["milk_run"]


@pytest.mark.parametrize("players", [2, 4, 8])
def test_easy_style_is_the_heuristic(players):
    for seed in range(3):
        state = MR.new(players, seed=seed)
        mine, theirs = random.Random(seed), random.Random(seed)
        while not state.over:
            seat = state.to_move[0]
            action = policy(state, seat, mine, EASY_STYLE)
            assert action == heuristic_action(state, seat, theirs)
            state.apply(seat, action)


def test_policy_player_plays_whole_games():
    state = MR.new(4, seed=7)
    seats = [PolicyPlayer(seed=s) for s in range(4)]
    while not state.over:
        seat = state.to_move[0]
        state.apply(seat, seats[seat].choose(state, seat))
    assert state.outcome().places


def test_every_style_field_can_differ():
    other = Style(attack=0.5, leader_bonus=0.0, lead_by="need", shield=1.0, greedy=100.0)
    state = MR.new(4, seed=3)
    rng = random.Random(0)
    while not state.over:
        seat = state.to_move[0]
        state.apply(seat, policy(state, seat, rng, other if seat == 0 else STYLE))
    assert state.outcome().places
