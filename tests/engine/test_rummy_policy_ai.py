"""Rummy's screened policy (engine/rummy_policy.py): its easy style is the heuristic, it plays legally."""

from __future__ import annotations

import random

from engine import GAMES
from engine.ai import make_player
from engine.rummy_ai import heuristic
from engine.rummy_policy import EASY_STYLE, policy

RUMMY = GAMES["rummy"]


def heuristic_states(seeds=range(3), players=4):
    """Every position of seeded one-hand matches the heuristic plays."""
    for seed in seeds:
        s = RUMMY.new(players, seed=seed, options={"target": "one-hand"})
        seats = {seat: make_player("heuristic", seed=seed * 10 + seat) for seat in range(players)}
        while not s.over:
            yield s
            seat = s.to_move[0]
            s.apply(seat, seats[seat].choose(s, seat))


def test_the_easy_style_plays_exactly_as_the_heuristic():
    for s in heuristic_states():
        seat = s.to_move[0]
        assert policy(s, seat, random.Random(0), EASY_STYLE).text == heuristic(s, seat, random.Random(0)).text


def test_policy_plays_only_legal_actions_and_melds_only_to_go_out():
    for s in heuristic_states(range(2), players=2):
        seat = s.to_move[0]
        action = policy(s, seat, random.Random(0))
        assert action.text in {a.text for a in s.legal_actions(seat)}
        if s.fresh and action.parts["verb"] in ("meld", "layoff"):
            raise AssertionError(f"{action.text}: a fresh hand melds only by going rummy")
