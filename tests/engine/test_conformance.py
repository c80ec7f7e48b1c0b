"""Seeded random games over every registered game: the engine contract holds throughout."""

from __future__ import annotations

import json
import random

import pytest

from engine import GAMES, IllegalAction

MAX_STEPS = 4000
# Long games: random 8-seat Milk Run runs up to ~6,000 actions; five-deck Hand and Foot and
# the clock board game are long too. Raise a cap rather than shorten a game.
STEP_CAPS = {"milk_run": 12000, "hand_and_foot": 12000, "hickory_dickory": 12000}


def roundtrip(state):
    data = json.loads(json.dumps(state.dump()))
    again = type(state).game.load(data)
    assert again.dump() == state.dump()
    return again


def seat_counts(game):
    return sorted({game.min_players, game.max_players})


CASES = [(name, players, seed) for name in sorted(GAMES) for players in seat_counts(GAMES[name]) for seed in range(3)]


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_random_play_keeps_the_contract(name, players, seed):
    game = GAMES[name]
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    cap = STEP_CAPS.get(name, MAX_STEPS)
    for step in range(cap):
        if state.over:
            break
        if step % 7 == 0:
            state = roundtrip(state)
            check_views_hide_hidden_cards(state, rng)
            check_rejection_changes_nothing(state)
        seat = rng.choice(state.to_move)
        actions = state.legal_actions(seat)
        assert actions, f"{name}: seat {seat} must act but has no legal action"
        for other in range(players):
            if other not in state.to_move:
                assert state.legal_actions(other) == []
        action = rng.choice(actions)
        assert state.parse(seat, action.text).text == action.text
        events = state.apply(seat, action.text)
        assert all(e.text for e in events)
    else:
        assert game.solo, f"{name} with {players} players did not end in {cap} steps"
    if state.over:
        outcome = state.outcome()
        assert len(outcome.places) == players
        assert min(outcome.places) == 1
        roundtrip(state)


def check_rejection_changes_nothing(state):
    before = json.dumps(state.dump(), sort_keys=True)
    seat = state.to_move[0]
    for junk in ("frobnicate the wombat", "", "   ", ";;;"):
        with pytest.raises(IllegalAction):
            state.parse(seat, junk)
        with pytest.raises(IllegalAction):
            state.apply(seat, junk)
    for other in range(state.players):
        if other not in state.to_move:
            with pytest.raises(IllegalAction):
                state.apply(other, state.legal_actions(seat)[0].text)
    assert json.dumps(state.dump(), sort_keys=True) == before


def check_views_hide_hidden_cards(state, rng):
    """A seat's view is the same in every world it cannot tell apart from this one."""
    json.dumps(state.view(None))
    for seat in range(state.players):
        view = state.view(seat)
        json.dumps(view)
        assert state.private_view(seat) == {k: view.get(k) for k in type(state).game.private_keys}
        world = state.determinize(seat, random.Random(rng.random()))
        assert world.view(seat) == view
        assert world.view(None) == state.view(None)
        own = sorted(str(c) for c in view.get("hand") or [])
        for other in range(state.players):
            hidden = sorted(str(c) for c in state.hidden_cards(other))
            if other != seat and len(hidden) >= 3 and hidden != sorted(str(c) for c in state.hidden_cards(seat)):
                assert own != hidden, "a view shows another seat's hidden hand"
