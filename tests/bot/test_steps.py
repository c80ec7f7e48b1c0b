"""The step-by-step move builder reaches every legal action, and only legal ones, in real games."""

from __future__ import annotations

import random

import pytest

from bot.steps import DONE, Step, walk
from engine import GAMES, Action


def reachable(actions: list[Action]) -> dict[str, int]:
    """Every action the panel can reach, with how many paths lead to it."""
    found: dict[str, int] = {}
    stack: list[list[str]] = [[]]
    while stack:
        path = stack.pop()
        step = walk(actions, path)
        if step is None:
            continue
        if not isinstance(step, Step):
            found[step.text] = found.get(step.text, 0) + 1
            continue
        assert step.options or step.can_finish, (path, step)
        stack.extend([*path, tok] for tok, _label in step.options)
        if step.can_finish:
            stack.append([*path, DONE])
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_legal_action_is_reachable_step_by_step(name):
    game = GAMES[name]
    for players in sorted({game.min_players, game.max_players}):
        state = game.new(players, seed=11)
        rng = random.Random(5)
        for _ in range(60):
            if state.over:
                break
            for seat in state.to_move:
                actions = state.legal_actions(seat)
                found = reachable(actions)
                assert set(found) == {a.text for a in actions}, (name, seat, sorted(found))
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_cards_are_chosen_one_at_a_time_in_any_order():
    actions = [
        Action("play 7 7", parts={"verb": "play", "cards": ["7", "7"]}),
        Action("play 7", parts={"verb": "play", "cards": ["7"]}),
        Action("play 8", parts={"verb": "play", "cards": ["8"]}),
        Action("pass", parts={"verb": "pass"}),
    ]
    first = walk(actions, [])
    assert isinstance(first, Step) and first.key == "verb" and [label for _, label in first.options] == ["play", "pass"]
    cards = walk(actions, ["0"])
    assert isinstance(cards, Step) and cards.key == "cards" and [label for _, label in cards.options] == ["7", "8"]
    seven = next(tok for tok, label in cards.options if label == "7")
    after = walk(actions, ["0", seven])
    assert isinstance(after, Step) and after.can_finish and after.done == actions[1]
    assert [label for _, label in after.options] == ["7"]
    assert walk(actions, ["0", seven, seven]) == actions[0]
    assert walk(actions, ["0", seven, DONE]) == actions[1]
    assert walk(actions, ["1"]) == actions[3]
    assert walk(actions, ["9"]) is None and walk(actions, ["0", "x"]) is None
