"""Rummy table and hand pictures, and alt text, from real engine states at two and six seats."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import GAMES
from renderers import rummy as R
from tests.renderers.pixels import count_near

RUMMY = GAMES["rummy"]
NAMES = ["Alice", "Bob", "Chloé", "Dmitri", "Eve", "Farouk"]
GOLD = (242, 190, 74)


def played(players, seed, until):
    """A seeded heuristic game stopped once `until(state)` holds."""
    state = RUMMY.new(players, seed=seed)
    rng = random.Random(seed)
    while not state.over and not until(state):
        state.apply(state.turn, state.heuristic_action(state.turn, rng))
    return state


def image(png):
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000
    return Image.open(io.BytesIO(png)).convert("RGB")


def gold_pixels(img, box):
    return count_near(img, box, GOLD, 29)  # every channel strictly within 30


@pytest.mark.parametrize("players", [2, 6])
def test_table_shows_melds_numbered_under_their_seats(players):
    state = played(players, 4, lambda s: len(s.melds) >= 2 and s.phase == "play")
    view = dict(state.view(None), names=NAMES[:players])
    img = image(R.render_table(view))
    assert img.width == R.W
    # Each seat's band grows by a row of melds when it has melded.
    bands = [R._seat_height(view, s, R._melds_by_seat(view)) for s in range(players)]
    assert img.height == R.HEADER_H + R.PILES_H + sum(bands) + R.PAD
    owners = {m["seat"] for m in view["melds"]}
    for s in range(players):
        assert (bands[s] > R.SEAT_HEAD + 10) == (s in owners)
    # The mover's band is outlined in gold; another seat's is not.
    y = R.HEADER_H + R.PILES_H + sum(bands[: state.turn])
    assert gold_pixels(img, (R.PAD, y, R.W - R.PAD, y + 4)) > 100
    other = (state.turn + 1) % players
    y = R.HEADER_H + R.PILES_H + sum(bands[:other])
    assert gold_pixels(img, (R.PAD + 20, y, R.W - R.PAD - 20, y + 4)) == 0


@pytest.mark.parametrize("players", [2, 6])
def test_hand_picture_and_alt_text_hide_hands(players):
    state = played(players, 7, lambda s: s.taken is not None)
    seat = state.turn
    view = dict(state.view(seat), names=NAMES[:players])
    img = image(R.render_hand(view))
    assert img.width == R.W and img.height > R.HEADER_H + 100
    public = dict(state.view(None), names=NAMES[:players])
    words = R.alt_text(public)
    assert f"took {R.card_label(state.taken)}" in words
    assert R.alt_text(view) == words
    for s in range(players):
        for card in state.hidden_cards(s):
            assert R.card_label(card) not in words


def test_taken_card_is_ringed_in_the_hand():
    state = played(2, 7, lambda s: s.taken is not None)
    view = dict(state.view(state.turn), names=NAMES[:2])
    ringed = gold_pixels(image(R.render_hand(view)), (0, R.HEADER_H, R.W, R.HEADER_H + 140))
    view["taken"] = None
    plain = gold_pixels(image(R.render_hand(view)), (0, R.HEADER_H, R.W, R.HEADER_H + 140))
    assert ringed > plain + 200


def test_finished_match_draws_the_result_and_no_mover():
    state = played(3, 2, lambda s: False)
    view = dict(state.view(None), names=NAMES[:3])
    words = R.alt_text(view)
    best = max(state.scores)
    assert f"{NAMES[state.scores.index(best)]} wins" in words and "to draw" not in words
    img = image(R.render_table(view))
    mid = img.height // 2
    dark = count_near(img, (0, mid - 5, R.W, mid + 5), (0, 0, 0), 39)  # every channel under 40
    assert dark > R.W * 3
    final = dict(view, final={"headline": "Bob resigned", "lines": ["Alice 10"], "places": [1, 2, 2]})
    assert "Bob resigned" in R.alt_text(final)
