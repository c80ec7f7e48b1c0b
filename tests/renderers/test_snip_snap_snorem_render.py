"""Snip Snap Snorem table and hand images, and alt text, from real engine states."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from engine import GAMES
from engine.cards import pretty, standard_deck
from renderers import jack_change_it as ring
from renderers import snip_snap_snorem as R
from tests import positions
from tests.renderers.pixels import count_near

PNG_SIG = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300_000
GOLD = (242, 190, 74)
CREAM = (250, 244, 228)
NAMES = ["Alice", "Bob", "Zoë Wójcik", "Dmitri", "Eve", "Mallory the Magnificent", "Trent", "🎲 Peggy"]
GAME = GAMES["snip_snap_snorem"]


def play_until(players, seed, wanted):
    return positions.play_until(GAME, players, seed, wanted, limit=200)


def find(players, wanted):
    return positions.find(GAME, players, wanted, seeds=100, limit=200)


@pytest.fixture(scope="module")
def states():
    return {
        "start-2": GAME.new(2, seed=1),
        "snip-2": find(2, lambda s: len(s.pile) == 2),
        "snap-8": find(8, lambda s: len(s.pile) == 3 and s.passes),
        "lead-8": find(8, lambda s: not s.pile and s.done),
        "over-2": play_until(2, 3, lambda s: False),
        "over-8": play_until(8, 3, lambda s: False),
    }


def public(state):
    return dict(state.view(None), names=NAMES[: state.players])


def own(state, seat):
    return dict(state.view(seat), names=NAMES[: state.players])


def image(png):
    assert png.startswith(PNG_SIG)
    assert len(png) < MAX_BYTES
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("key", ["start-2", "snip-2", "snap-8", "lead-8", "over-2", "over-8"])
def test_table_and_every_hand_render(states, key):
    state = states[key]
    assert image(R.render_table(public(state))).size == R.TABLE_SIZE
    for seat in range(state.players):
        assert image(R.render_hand(own(state, seat))).width == R.HAND_W


def test_the_cards_in_play_are_drawn_in_order_with_a_face_each(states):
    state = states["snap-8"]
    img = image(R.render_table(public(state)))
    boxes = R.pile_boxes(3)
    for x0, y0, _, y1 in boxes:
        assert sum(img.getpixel((x0 + 20, (y0 + y1) // 2 + 30))) > 600  # a card face, not felt
    x_after = boxes[-1][2] + 12
    assert sum(img.getpixel((x_after, (boxes[0][1] + boxes[0][3]) // 2))) < 400  # felt after the last card
    empty = image(R.render_table(public(states["lead-8"])))
    assert sum(empty.getpixel((boxes[0][0] + 20, (boxes[0][1] + boxes[0][3]) // 2 + 30))) < 400


def test_only_the_seat_to_move_is_ringed(states):
    for key in ("snap-8", "snip-2"):
        state = states[key]
        img = image(R.render_table(public(state)))
        w = ring.SEAT_BOX[0]
        for seat, (cx, cy) in enumerate(ring.seat_centers(state.players)):
            ringed = count_near(img, (cx - w // 2, cy - 2, cx - w // 2 + 3, cy + 2), GOLD) > 4
            assert ringed == (seat in state.to_move), (key, seat)


def test_a_finished_game_has_no_turn_marker_and_names_the_winner(states):
    state = states["over-8"]
    view = public(state)
    img = image(R.render_table(view))
    w = ring.SEAT_BOX[0]
    for cx, cy in ring.seat_centers(8):
        assert count_near(img, (cx - w // 2, cy - 2, cx - w // 2 + 3, cy + 2), GOLD) <= 4
    winner = NAMES[state.outcome().winners[0]]
    assert f"{R.names_of(view, 8)[state.winner]} wins!" in R.alt_text(view)
    final = dict(view, final={"headline": f"{winner} wins", "lines": ["Ran out first."], "places": [1] * 8})
    assert image(R.render_table(final)).size == R.TABLE_SIZE


def test_a_game_won_on_a_snorem_shows_no_new_rank_title():
    # The winning fourth card clears the pile; the table must not invite a new lead.
    hands = [["7H", "3S"], ["7S", "4S"], ["7D", "7C"]]
    placed = {c for h in hands for c in h}
    state = GAME.load(
        {
            "players": 3,
            "options": {},
            "rng": 7,
            "hands": hands,
            "pile": [],
            "done": [c for c in standard_deck() if c not in placed],
            "turn": 0,
            "last": None,
            "passes": [],
            "passed": [[], [], []],
            "winner": None,
        }
    )
    for seat, said in [(0, "play 7h"), (1, "play 7s"), (2, "play 7d"), (2, "play 7c")]:
        state.apply(seat, said)
    view = public(state)
    assert view["over"] and view["pile"] == []
    img = image(R.render_table(view))
    title = (R._CENTER[0] - 120, R.PILE_Y - 60, R._CENTER[0] + 120, R.PILE_Y - 12)
    assert count_near(img, title, GOLD) < 20
    playing = image(R.render_table(public(GAME.new(3, seed=1))))
    assert count_near(playing, title, GOLD) > 200  # the same box holds the title in play


def test_the_hand_raises_exactly_the_cards_of_the_rank(states):
    state = states["snap-8"]
    seat = state.to_move[0]
    view = own(state, seat)
    legal = {a.parts["cards"][0] for a in state.legal_actions(seat)}
    assert {c for c, ok in zip(view["hand"], R.playable(view), strict=True) if ok} == legal
    assert not any(R.playable(own(state, (seat + 1) % 8)))
    leader = states["lead-8"]
    assert all(R.playable(own(leader, leader.to_move[0])))


def test_alt_text_names_public_facts_and_no_hand_card(states):
    for key, state in states.items():
        view = public(state)
        alt = R.alt_text(view)
        assert alt.startswith(f"Snip Snap Snorem, {state.players} players.")
        for card in view["pile"]:
            assert pretty(card) in alt
        assert R.alt_text(own(state, 0)) == alt, key
        shown = set(re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", alt))
        for seat in range(state.players):
            assert not shown & {pretty(c) for c in state.hidden_cards(seat)}
