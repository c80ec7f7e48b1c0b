"""Moleicki's fast paths agree with the slow ones: plays listed by shape (`hand_plays`)
against `check_play`, `apply` reusing the plans `legal_actions` made against `apply`
checking from scratch, and the remembered `to_move` against working it out afresh."""

from __future__ import annotations

import json
import random

import pytest
from test_moleicki_support import position

from engine.core import IllegalAction
from engine.moleicki import GAME, PLAYING


def walk(players: int, seed: int, steps: int = 400):
    """(state, seat) at every step of a seeded random game, before the move is made."""
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            return
        seat = rng.choice(state.to_move)
        yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def context(state, seat: int) -> str:
    if state.phase == "opening":
        return "race"
    if state.phase == "play" and seat == state.window and seat != state.current:
        return "window"
    return "turn"


def checked_one_by_one(state, seat: int, ctx: str) -> dict[str, object]:
    """The plays of every candidate `check_play` accepts: the listing before hand_plays."""
    out: dict[str, object] = {}
    for cand in state._play_candidates(seat):
        try:
            plan = state.check_play(seat, cand, ctx)
        except IllegalAction:
            continue
        out.setdefault("play " + " ".join(plan.cards).lower(), plan)
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (8, 3), (8, 4), (5, 5), (3, 9)])
def test_plays_listed_by_shape_are_those_check_play_accepts(players, seed):
    compared = 0
    for state, seat in walk(players, seed, steps=600):
        if not state.hands[seat]:
            continue
        listed = {a.text: state.checked_play(seat, a.text) for a in state.legal_actions(seat)}
        listed = {t: p for t, p in listed.items() if p is not None}
        ctx = context(state, seat)
        if (state.phase == "play" and seat != state.current and seat != state.window) or state.phase == "deal":
            continue
        if state.phase == "play" and seat == state.current and state.pending not in PLAYING:
            continue
        expected = checked_one_by_one(state, seat, ctx)
        assert list(listed) == list(expected)
        for text, plan in listed.items():
            fresh = expected[text]
            assert (plan.cards, plan.kind, plan.straight) == (fresh.cards, fresh.kind, fresh.straight)
            assert (plan.hand or fresh.hand) == fresh.hand and plan.tab == fresh.tab
            compared += 1
    assert compared > 100


def test_an_eight_in_up_is_tied_only_by_its_own_player():
    state = position([["8C", "9C", "4C"], ["8D", "9D", "4D"]], pile=["7S", "8S"], current=1)
    assert "play 8d" not in [a.text for a in state.legal_actions(1)]
    assert "play 9d" in [a.text for a in state.legal_actions(1)]


@pytest.mark.parametrize(("players", "seed"), [(2, 6), (4, 7), (8, 8)])
def test_applying_a_listed_move_matches_checking_it_afresh(players, seed):
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        if state.over:
            break
        seat = rng.choice(state.to_move)
        action = rng.choice(state.legal_actions(seat))
        twin = state.copy()  # a copy remembers no checks: its apply parses and checks the text
        assert twin.checked_play(seat, action.text) is None
        events = state.apply(seat, action)
        assert [e.to_dict() for e in events] == [e.to_dict() for e in twin.apply(seat, action.text)]
        assert json.dumps(state.dump(), sort_keys=True) == json.dumps(twin.dump(), sort_keys=True)


def test_a_copy_shares_no_lists_with_the_plans_of_the_original():
    state = position([["5C", "6C", "7C"], ["4D", "9D"]], pile=["4S"])
    state.legal_actions(0)
    twin = state.copy()
    state.apply(0, "play 5c")
    twin.apply(0, "play 5c")
    assert state.hands[0] == twin.hands[0] == ["6C", "7C"]
    state.hands[0].append("KS")
    assert twin.hands[0] == ["6C", "7C"]


def test_to_move_is_worked_out_afresh_after_every_move():
    for state, _ in walk(8, 13, steps=300):
        remembered = state.to_move
        state.reset_checks()
        assert state.to_move == remembered


def test_reset_checks_forgets_plans_after_a_hand_is_changed_directly():
    state = position([["5C", "6C"], ["4D", "9D"]], pile=["4S"])
    assert "play 5c" in [a.text for a in state.legal_actions(0)]
    state.hands[0] = ["6C", "7C"]
    state.reset_checks()
    assert [a.text for a in state.legal_actions(0)][:2] == ["play 6c", "play 7c"]
    state.apply(0, "play 7c")
    assert state.hands[0] == ["6C"]
