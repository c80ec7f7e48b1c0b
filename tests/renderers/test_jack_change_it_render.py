"""Jack Change It table and hand images, and alt text, from real engine states."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from engine import GAMES
from engine.cards import pretty
from renderers import jack_change_it as R
from tests import positions
from tests.renderers.pixels import count_near

PNG_SIG = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300_000
GOLD = (242, 190, 74)
NAMES = ["Alice", "Bob", "Zoë Wójcik", "Dmitri", "Eve", "Mallory the Magnificent"]
GAME = GAMES["jack_change_it"]


def play_until(players, seed, wanted):
    return positions.play_until(GAME, players, seed, wanted, limit=2000)


def find(players, wanted):
    return positions.find(GAME, players, wanted, seeds=200, limit=2000)


@pytest.fixture(scope="module")
def states():
    return {
        "start-2": GAME.new(2, seed=1),
        "debt-2": find(2, lambda s: s.pending > 0),
        "called-6": find(6, lambda s: s.called is not None and s.direction == -1),
        "debt-6": find(6, lambda s: s.pending >= 4),
        "over-2": play_until(2, 4, lambda s: False),
        "over-6": play_until(6, 4, lambda s: False),
    }


def public(state):
    return dict(state.view(None), names=NAMES[: state.players])


def own(state, seat):
    return dict(state.view(seat), names=NAMES[: state.players])


def image(png):
    assert png.startswith(PNG_SIG)
    assert len(png) < MAX_BYTES
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("key", ["start-2", "debt-2", "called-6", "debt-6", "over-2", "over-6"])
def test_table_and_every_hand_render(states, key):
    state = states[key]
    table = image(R.render_table(public(state)))
    assert table.size == R.TABLE_SIZE
    for seat in range(state.players):
        hand = image(R.render_hand(own(state, seat)))
        assert hand.width == R.HAND_W


def test_the_seat_to_move_is_ringed_in_gold_and_shows_its_debt(states):
    state = states["debt-6"]
    view = public(state)
    img = image(R.render_table(view))
    mover = state.to_move[0]
    w, h = R.SEAT_BOX
    for seat, (cx, cy) in enumerate(R.seat_centers(6)):
        edge = (cx - w // 2, cy - 2, cx - w // 2 + 3, cy + 2)  # the left edge of the panel
        ringed = count_near(img, edge, GOLD) > 4
        assert ringed == (seat == mover), seat
    cx, cy = R.seat_centers(6)[mover]
    badge = (cx + w // 2 - 40, cy - h // 2 - 12, cx + w // 2 + 6, cy - h // 2 + 20)
    assert count_near(img, badge, R.DEBT) > 100
    calm = public(states["called-6"])
    calm_img = image(R.render_table(calm))
    cx, cy = R.seat_centers(6)[states["called-6"].to_move[0]]
    assert count_near(calm_img, (cx + w // 2 - 40, cy - h // 2 - 12, cx + w // 2 + 6, cy - h // 2 + 20), R.DEBT) < 20


def test_the_upcard_is_drawn_large_and_the_called_badge_appears(states):
    called = states["called-6"]
    img = image(R.render_table(public(called)))
    px, py = R.PILE_XY
    face = img.getpixel((px + 56, py + 78 + 50))
    assert sum(face) > 600  # an ivory card face, not felt
    lw = 112
    badge = (px + lw + 22, py + 20, px + lw + 140, py + 64)
    assert count_near(img, badge, (250, 244, 228), 12) > 500  # the cream "called" pill
    plain = image(R.render_table(public(states["debt-2"])))
    assert count_near(plain, badge, (250, 244, 228), 12) < 50


def test_the_hand_raises_exactly_the_playable_cards(states):
    state = states["called-6"]
    seat = state.to_move[0]
    view = own(state, seat)
    marks = R.playable(view)
    legal_cards = {c for a in state.legal_actions(seat) if a.parts["verb"] == "play" for c in a.parts["cards"][:1]}
    assert {c for c, ok in zip(view["hand"], marks, strict=True) if ok} == legal_cards
    assert any(marks) or "draw" in [a.text for a in state.legal_actions(seat)]
    other = (seat + 1) % 6
    assert not any(R.playable(own(state, other)))


def test_a_raised_card_sits_higher_in_the_hand_picture():
    # 9♣ upcard: the 5♣ is playable, the spades are not; one row of large cards.
    hand = ["3S", "4S", "6S", "5C"]
    view = {
        "game": "jack_change_it",
        "players": 2,
        "seat": 0,
        "hand": hand,
        "hand_sizes": [4, 7],
        "to_move": [0],
        "upcard": "9C",
        "called": None,
        "naming": False,
        "pending": 0,
        "pending_ace": False,
        "direction": 1,
        "stock": 30,
        "discards": 11,
        "over": False,
        "names": NAMES[:2],
    }
    assert R.playable(view) == [False, False, False, True]
    img = image(R.render_hand(view))
    # The card tops: find the first card-face row in each card's column.
    cols = [R.HAND_W // 2 - 2 * 120 + 60 + i * 120 for i in range(4)]

    def top(x):
        return next(y for y in range(115, img.height) if sum(img.getpixel((x, y))) > 700)

    tops = [top(x) for x in cols]
    assert tops[3] < tops[0] - 20 and abs(tops[0] - tops[1]) <= 2


def test_the_finished_game_shows_the_result_and_no_turn_marker(states):
    state = states["over-6"]
    view = public(state)
    img = image(R.render_table(view))
    w = R.SEAT_BOX[0]
    for cx, cy in R.seat_centers(6):
        assert count_near(img, (cx - w // 2, cy - 2, cx - w // 2 + 3, cy + 2), GOLD) <= 4
    final = dict(view, final={"headline": "Bob wins", "lines": ["Bob went out."], "places": [2, 1]})
    assert image(R.render_table(final)).size == R.TABLE_SIZE
    assert "went out" in R.alt_text(view) or "Blocked" in R.alt_text(view)


def test_alt_text_names_public_facts_and_no_hand_card(states):
    for key, state in states.items():
        view = public(state)
        alt = R.alt_text(view)
        assert alt.startswith(f"Jack Change It, {state.players} players.")
        assert f"Stock {view['stock']}" in alt
        if not state.over:
            assert pretty(view["upcard"]) in alt
        # The view with a hand in it must not change the alt text.
        assert R.alt_text(own(state, 0)) == alt, key
        shown = set(re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", alt))
        for seat in range(state.players):
            assert not shown & {pretty(c) for c in state.hidden_cards(seat)}


def test_phone_width_is_still_legible(states):
    img = image(R.render_table(public(states["called-6"])))
    small = img.resize((380, round(380 * img.height / img.width)), Image.Resampling.LANCZOS)
    assert small.width == 380
    # The gold title and the ringed seat survive the downscale.
    assert count_near(small, (0, 0, 160, 30), GOLD, 50) > 30
