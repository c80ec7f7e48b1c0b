"""Bourré table and hand images, and alt text, from real engine states."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from engine import GAMES
from engine.cards import pretty
from renderers import bourre as R
from renderers.seat_ring import HAND_W, TABLE_SIZE
from tests import positions
from tests.renderers.pixels import count_near

PNG_SIG = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300_000
GOLD = (242, 190, 74)
NAMES = ["Alice", "Bob", "Zoë Wójcik", "Dmitri", "Eve", "Mallory the Magnificent", "Grace", "Heidi"]
GAME = GAMES["bourre"]


def play_until(players, seed, wanted):
    return positions.play_until(GAME, players, seed, wanted, limit=3000)


def find(players, wanted):
    return positions.find(GAME, players, wanted, seeds=100, limit=3000)


def in_play(state):
    return sum(1 for d in state.declared if d == "play")


@pytest.fixture(scope="module")
def states():
    return {
        "start-2": GAME.new(2, seed=1),
        "start-8": GAME.new(8, seed=1),
        "exchange-8": find(8, lambda s: s.phase == "discard" and s.exchange),
        "trick-2": find(2, lambda s: s.phase == "trick" and len(s.trick) == 1),
        "trick-8": find(8, lambda s: s.phase == "trick" and in_play(s) >= 3 and len(s.trick) == 2),
        "held-8": find(8, lambda s: s.phase == "trick" and s.upcard_held and s.trick),
        "over-2": play_until(2, 4, lambda s: False),
        "over-8": play_until(8, 4, lambda s: False),
    }


def public(state):
    return dict(state.view(None), names=NAMES[: state.players])


def own(state, seat):
    return dict(state.view(seat), names=NAMES[: state.players])


def image(png):
    assert png.startswith(PNG_SIG)
    assert len(png) < MAX_BYTES
    return Image.open(io.BytesIO(png)).convert("RGB")


def bright(img, box):
    """Pixels of `box` as light as a card face."""
    region = img.crop(box)
    px = region.load()
    return sum(1 for x in range(region.width) for y in range(region.height) if sum(px[x, y]) > 700)


def left_edge(center):
    w = R.PANEL_BOX[0]
    cx, cy = center
    return (cx - w // 2, cy - 2, cx - w // 2 + 3, cy + 2)


@pytest.mark.parametrize("key", ["start-2", "start-8", "exchange-8", "trick-2", "trick-8", "over-2", "over-8"])
def test_table_and_every_hand_render(states, key):
    state = states[key]
    table = image(R.render_table(public(state)))
    assert table.size == TABLE_SIZE
    for seat in range(state.players):
        hand = image(R.render_hand(own(state, seat)))
        assert hand.width == HAND_W


@pytest.mark.parametrize("key", ["start-8", "trick-8", "trick-2"])
def test_only_the_seat_to_move_is_ringed_in_gold(states, key):
    state = states[key]
    img = image(R.render_table(public(state)))
    for seat, center in enumerate(R.seat_centers(state.players, R.OVAL)):
        assert (count_near(img, left_edge(center), GOLD) > 4) == (seat in state.to_move), seat


def test_the_trick_lies_in_front_of_the_seats_that_played_with_the_leader_ringed(states):
    state = states["trick-8"]
    img = image(R.render_table(public(state)))
    played = {seat for seat, _ in state.trick}
    h = 81  # a small card's height
    for seat in range(8):
        x, y = R.trick_spot(seat, 8)
        face = img.getpixel((x + 8, y + h // 2))
        assert (sum(face) > 600) == (seat in played), seat
    lx, ly = R.trick_spot(state.trick[0][0], 8)
    assert count_near(img, (lx - 4, ly + 20, lx - 1, ly + 60), GOLD) > 20
    sx, sy = R.trick_spot(state.trick[1][0], 8)
    assert count_near(img, (sx - 4, sy + 20, sx - 1, sy + 60), GOLD) < 5


def test_the_trump_card_is_in_the_middle_and_face_up_before_the_dealer(states):
    state = states["held-8"]
    img = image(R.render_table(public(state)))
    cx, _ = R.CENTRE
    face = img.getpixel((cx - 16 - 84 + 10, 288 + 59))
    assert sum(face) > 600
    # the dealer's fan shows the upcard face up (ivory), a folded seat shows nothing
    dx, dy = R.seat_centers(8, R.OVAL)[state.dealer]
    x0 = dx - R.PANEL_BOX[0] // 2
    assert bright(img, (x0 + 8, dy - 25, x0 + 70, dy + 25)) > 200
    folded = next(s for s in range(8) if state.declared[s] == "pass")
    fx, fy = R.seat_centers(8, R.OVAL)[folded]
    assert bright(img, (fx - R.PANEL_BOX[0] // 2 + 8, fy - 25, fx - R.PANEL_BOX[0] // 2 + 50, fy + 25)) == 0


def test_the_hand_raises_exactly_the_playable_cards_without_a_cinch(states):
    for key in ("trick-2", "trick-8"):
        state = states[key]
        seat = state.to_move[0]
        view = own(state, seat)
        marks = R.playable(view)
        legal = {a.parts["cards"][0] for a in state.legal_actions(seat)}
        raised = {c for c, ok in zip(view["hand"], marks, strict=True) if ok}
        assert raised >= legal
        if not state.cinch(seat):
            assert raised == legal
        other = next(s for s in range(state.players) if s not in state.to_move)
        assert not any(R.playable(own(state, other)))


def test_a_raised_card_sits_higher_in_the_hand_picture():
    # 9♥ led: only the 10♥ beats it, so only it is raised.
    view = {
        "game": "bourre",
        "players": 2,
        "seat": 1,
        "hand": ["10H", "3H", "8D", "7C"],
        "hand_sizes": [4, 4],
        "to_move": [1],
        "phase": "trick",
        "trump": "S",
        "trump_card": "3S",
        "trick": [{"seat": 0, "card": "9H"}],
        "over": False,
        "names": NAMES[:2],
    }
    assert R.playable(view) == [True, False, False, False]
    img = image(R.render_hand(view))
    cols = [HAND_W // 2 - 2 * 120 + 60 + i * 120 for i in range(4)]

    def top(x):
        return next(y for y in range(124, img.height) if sum(img.getpixel((x, y))) > 700)

    tops = [top(x) for x in cols]
    assert tops[0] < tops[1] - 20 and abs(tops[1] - tops[2]) <= 2


def test_the_finished_game_shows_the_result_and_no_turn_marker(states):
    for key in ("over-2", "over-8"):
        state = states[key]
        view = public(state)
        img = image(R.render_table(view))
        for center in R.seat_centers(state.players, R.OVAL):
            assert count_near(img, left_edge(center), GOLD) <= 4
        assert count_near(img, (0, R.CENTRE[1] - 10, TABLE_SIZE[0], R.CENTRE[1] + 10), (10, 14, 12), 12) > 2000
        final = dict(view, final={"headline": "Bob wins", "lines": ["Bob +3"], "places": [2, 1]})
        assert image(R.render_table(final)).size == TABLE_SIZE
        assert "wins" in R.alt_text(view)


def test_alt_text_names_public_facts_and_no_hand_card(states):
    for key, state in states.items():
        view = public(state)
        alt = R.alt_text(view)
        assert alt.startswith(f"Bourré, {state.players} players")
        assert f"Pot {view['pot']}" in alt
        assert pretty(view["trump_card"]) in alt
        for seat, card in state.trick:
            assert f"{NAMES[seat]} {pretty(card)}" in alt
        assert R.alt_text(own(state, 0)) == alt, key
        shown = set(re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", alt))
        for seat in range(state.players):
            assert not shown & {pretty(c) for c in state.hidden_cards(seat)}, key


def test_phone_width_is_still_legible(states):
    img = image(R.render_table(public(states["trick-8"])))
    small = img.resize((380, round(380 * img.height / img.width)), Image.Resampling.LANCZOS)
    assert count_near(small, (0, 0, 160, 30), GOLD, 50) > 30
    # the eight panels stay apart: the felt shows between neighbouring seats
    centers = R.seat_centers(8, R.OVAL)
    for a, b in zip(centers, centers[1:] + centers[:1], strict=True):
        mx, my = (a[0] + b[0]) // 2, (a[1] + b[1]) // 2
        assert sum(img.getpixel((mx, my))) < 400
