"""Cucumber table and hand pictures from real engine states: pixel facts that can fail."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import GAMES
from renderers import cucumber as R
from renderers.cards import card_size, row_width
from tests.renderers.pixels import near, picture

CUCUMBER = GAMES["cucumber"]
GOLD = (242, 190, 74)
NAMES = ["Alice", "Bob", "Chloé 🥒", "Dan", "Eve", "Fay", "Gus"]


def played_state(players, seed, steps):
    state = CUCUMBER.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def image(png):
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000
    return Image.open(io.BytesIO(png)).convert("RGB")


def table(state, **extra):
    return {**state.view(None), "names": NAMES[: state.players], **extra}


@pytest.mark.parametrize("players", [2, 7])
def test_the_table_rings_the_seat_to_move_and_no_other(players):
    state = played_state(players, seed=players, steps=9)
    img = image(R.render_table(table(state)))
    assert img.width == R.TABLE_WIDTH
    mover = state.to_move[0]
    for seat in range(players):
        x0, y0, _, y1 = R.seat_box(seat, players)
        edge = img.getpixel((x0 + 1, (y0 + y1) // 2))
        assert near(edge, GOLD) == (seat == mover), seat


def test_a_final_result_replaces_the_turn_marker_with_a_banner():
    state = played_state(3, seed=2, steps=400)
    final = {"headline": "Bob wins!", "lines": ["Bob is the last player without two cucumbers."], "places": [2, 1, 3]}
    img = image(R.render_table(table(state, final=final)))
    for seat in range(3):
        x0, y0, _, y1 = R.seat_box(seat, 3)
        assert not near(img.getpixel((x0 + 1, (y0 + y1) // 2)), GOLD)
    band = img.getpixel((6, R._trick_top(3) + 20))
    assert max(band) < 40  # the dark result band


def test_the_table_never_draws_a_hand():
    state = played_state(4, seed=1, steps=3)
    seat = state.to_move[0]
    public = R.render_table(table(state))
    mine = {**state.view(seat), "names": NAMES[:4], "seat": None, "hand": None}
    assert picture(R.render_table(mine)) == picture(public)


def test_the_hand_raises_exactly_the_playable_cards():
    state = CUCUMBER.new(
        2,
        seed=1,
        deck=[
            c
            for pair in zip(
                ["KC", "2S", "3S", "4S", "5S", "6S", "7S"], ["3H", "3D", "8H", "9H", "10H", "JH", "AH"], strict=True
            )
            for c in pair
        ],
    )
    state.apply(0, "play kc")
    view = {**state.view(1), "names": NAMES[:2]}
    assert R.legal_cards(view) == ["AH"]
    img = image(R.render_hand(view))
    w, h = card_size("large")
    hand = view["hand"]
    step = (row_width(len(hand), "large", gap=12, max_width=R.HAND_WIDTH - 40) - w) // (len(hand) - 1)
    x0 = R.HAND_WIDTH // 2 - row_width(len(hand), "large", gap=12, max_width=R.HAND_WIDTH - 40) // 2
    lifted_y = 70 + h // 5 + 8 - h // 5 + 6
    for i, card in enumerate(hand):
        pixel = img.getpixel((x0 + i * step + w // 2, lifted_y))
        assert (min(pixel) > 200) == (card == "AH"), card


def test_the_hand_raises_nothing_when_it_is_not_your_turn():
    state = played_state(3, seed=4, steps=1)
    seat = next(s for s in range(3) if s not in state.to_move)
    assert R.legal_cards({**state.view(seat), "names": NAMES[:3]}) == []
    image(R.render_hand({**state.view(seat), "names": NAMES[:3]}))


@pytest.mark.parametrize("players", [2, 7])
def test_alt_text_states_public_facts_and_leaks_no_hand(players):
    for steps in (0, 5, 30, 200):
        state = played_state(players, seed=steps, steps=steps)
        public = R.alt_text(table(state))
        assert public.startswith(f"Cucumber, hand {state.hand_no}")
        for seat in range(players):
            assert R.alt_text({**state.view(seat), "names": NAMES[:players]}) == public
            for card in state.hidden_cards(seat):
                assert card not in public


def test_real_states_render_throughout_a_match():
    state = CUCUMBER.new(5, seed=9)
    rng = random.Random(9)
    step = 0
    while not state.over:
        if step % 37 == 0:
            image(R.render_table(table(state)))
            image(R.render_hand({**state.view(state.to_move[0]), "names": NAMES[:5]}))
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    image(R.render_table(table(state, final={"headline": "Game over", "lines": [], "places": []})))


def _ink_columns(img, box, colour, tol=40):
    """The x of every column in `box` with a pixel near `colour`."""
    x0, y0, x1, y1 = box
    return [x for x in range(x0, x1) if any(near(img.getpixel((x, y)), colour, tol) for y in range(y0, y1))]


def test_a_long_name_of_a_seat_that_is_out_stops_short_of_out():
    state = played_state(7, seed=7, steps=9)
    names = ["Alice", "Bartholomew Fairweather", "Zoë", "Dmitri Ivanovich", "Eve", "Mallory", "Trent"]
    out = [False, True, False, True, False, False, False]
    img = image(R.render_table({**state.view(None), "names": names, "eliminated": out}))
    for seat in (1, 3):
        x0, y0, x1, _ = R.seat_box(seat, 7)
        row = (x0 + 30, y0 + 10, x1 - 4, y0 + 36)  # the name's line, right of the seat's dot
        name, badge = _ink_columns(img, row, R.MUTED), _ink_columns(img, row, (230, 120, 110))
        assert name and badge
        assert max(name) + 8 <= min(badge), seat  # a gap a phone still shows between them
