"""The step-by-step move builder reaches every legal action, and only legal ones, in real games."""

from __future__ import annotations

import random

import pytest

from bot.steps import DONE, FIRST_KEYS, Step, walk
from bot.table import Seat, Table
from bot.views import describer
from engine import GAMES, Action


def reachable(actions: list[Action], order: tuple[str, ...] = FIRST_KEYS) -> dict[str, int]:
    """Every action the panel can reach (asking for parts in `order`), with how many paths lead to it."""
    found: dict[str, int] = {}
    stack: list[list[str]] = [[]]
    while stack:
        path = stack.pop()
        step = walk(actions, path, order=order)
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
                found = reachable(actions, game.step_order)
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


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_panel_choice_has_words(name):
    """Discord refuses an empty button label: every option of every step says something."""
    game = GAMES[name]
    players = game.max_players
    state = game.new(players, seed=3)
    table = Table(1, 1, 1, game, {}, 3, [Seat(None, "easy", f"P{i}") for i in range(players)], "active", state)
    describe = describer(table)
    rng = random.Random(2)
    for _ in range(40):
        if state.over:
            break
        for seat in state.to_move:
            stack: list[list[str]] = [[]]
            while stack and len(stack) < 400:
                path = stack.pop()
                step = walk(table.moves(seat), path, describe, game.step_order)
                if isinstance(step, Step):
                    assert all(label.strip() for _tok, label in step.options), (name, path, step.options)
                    assert all("{p" not in label for _tok, label in step.options), (name, step.options)
                    stack.extend([*path, tok] for tok, _label in step.options[:6])
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_move_without_a_part_is_offered_as_none():
    # Escoba: seat 0 holds 5C 3S 6S; the board is KD AS JD QS (5 + 10 and 5 + 1 + 9 make 15)
    game = GAMES["escoba"]
    state = game.new(2, seed=1, deck=["5C", "2H", "3S", "4H", "6S", "7D", "KD", "AS", "JD", "QS"])
    table = Table(1, 1, 1, game, {}, 1, [Seat(None, "easy", "Ann"), Seat(None, "easy", "Bob")], "active", state)
    actions, describe = table.moves(0), describer(table)
    cards = walk(actions, [], describe)
    assert isinstance(cards, Step) and cards.key == "cards"
    five = next(tok for tok, label in cards.options if label == "5♣")
    take = walk(actions, [five], describe)
    assert isinstance(take, Step) and take.key == "take"
    assert sorted(label for _tok, label in take.options) == ["A♠ Q♠", "K♦", "none"]


def test_a_card_that_can_go_one_way_is_named_before_it_is_played():
    """Card first (Milk Run's order): a card with one move left is not played on its click;
    the panel names the move and plays it on the next."""
    actions = [
        Action("limit 3s", parts={"verb": "limit", "cards": ["3S"], "to": 0}),
        Action("limit 3s to 1", parts={"verb": "limit", "cards": ["3S"], "to": 1}),
        Action("discard 3s", parts={"verb": "discard", "cards": ["3S"]}),
        Action("discard ad", "Discard A♦", parts={"verb": "discard", "cards": ["AD"]}),
    ]
    order = ("cards", "to", "verb")
    cards = walk(actions, [], order=order)
    assert isinstance(cards, Step) and cards.key == "cards"
    ace = next(tok for tok, label in cards.options if label == "AD")
    named = walk(actions, [ace], order=order)
    assert isinstance(named, Step) and named.key == "move" and named.options == [("0", "Discard A♦")]
    assert walk(actions, [ace, "0"], order=order) == actions[3]
    assert walk(actions, [ace, "1"], order=order) is None
    three = next(tok for tok, label in cards.options if label == "3S")
    whose = walk(actions, [three], order=order)
    assert isinstance(whose, Step) and whose.key == "to"
    assert walk(actions, ["0"]) is not None  # verb first, the default: unchanged
