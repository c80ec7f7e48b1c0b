"""Milk Run table and hand pictures from real engine states, and their alt text."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from engine import GAMES
from renderers import milk_run as R
from renderers.draw import card_label
from tests.renderers.pixels import WordSizes

MR = GAMES["milk_run"]
PNG_SIG = b"\x89PNG\r\n\x1a\n"
NAMES = ["Ann", "Bob", "Charlotte-Élise", "Dee", "Eve", "Fernando", "Gus", "Hal"]
GOLD = (242, 190, 74)


def played(players, moves, seed=3):
    state = MR.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng))
    return state


def table_view(state, **extra):
    return {**state.view(None), "names": NAMES[: state.players], **extra}


def near(pixel, colour, tol=24):
    return all(abs(a - b) <= tol for a, b in zip(pixel[:3], colour, strict=False))


def tile_centre(box):
    return ((box[0] + box[2]) // 2, box[1] + 6)  # under the tile's top edge, left of its caption


@pytest.mark.parametrize("players", [2, 5, 8])
def test_table_and_hand_are_small_pngs_of_the_right_shape(players):
    state = played(players, 40 * players)
    png = R.render_table(table_view(state))
    assert png.startswith(PNG_SIG) and len(png) < 300_000
    image = Image.open(io.BytesIO(png))
    rows = (players + 1) // 2
    assert image.size == (R.WIDTH, R.HEADER_H + R.MARGIN + rows * (R.PANEL_H + R.MARGIN))
    seat = state.to_move[0] if state.to_move else 0
    hand = R.render_hand({**state.view(seat), "names": NAMES[:players]})
    assert hand.startswith(PNG_SIG) and len(hand) < 300_000


@pytest.mark.parametrize("players", [2, 8])
def test_go_tiles_are_green_when_open_and_red_when_stopped(players):
    state = played(players, 30 * players, seed=5)
    view = table_view(state)
    canvas = R.table_canvas(view)
    seen = set()
    for seat, box in enumerate(R.panel_boxes(players)):
        for colour, row in R.row_boxes(box).items():
            _, go_box = R.tile_boxes(row)
            pixel = canvas.getpixel((go_box[0] + 8, (go_box[1] + go_box[3]) // 2))
            is_open = state.go_open(seat, 0 if colour == "black" else 1)
            assert near(pixel, R.GO_OPEN if is_open else R.GO_STOP, 30), (seat, colour, pixel)
            seen.add(is_open)
    assert seen == {True, False}  # the position has both kinds


@pytest.mark.parametrize("players", [2, 8])
def test_only_the_seat_to_move_is_ringed_in_gold(players):
    state = played(players, 13)
    canvas = R.table_canvas(table_view(state))
    mover = state.to_move[0]
    for seat, (x0, y0, x1, _) in enumerate(R.panel_boxes(players)):
        edge = canvas.getpixel(((x0 + x1) // 2, y0 + 1))
        assert near(edge, GOLD) == (seat == mover), seat


def test_the_discard_pile_shows_its_top_three_and_the_stock_its_count():
    state = played(3, 5)
    view = table_view(state, discard=["2S", "3H", "4C", "5D"])
    assert "Discard pile top: 3♥, 4♣, 5♦." in R.alt_text(view)
    canvas = R.table_canvas(view)
    empty = R.table_canvas(table_view(state, discard=[]))
    header = (R.WIDTH // 2, 8, R.WIDTH - R.MARGIN, R.HEADER_H)
    assert canvas.crop(header).tobytes() != empty.crop(header).tobytes()


def test_a_finished_game_shows_the_result_and_no_mover():
    state = played(2, 3000)
    assert state.over
    final = {"headline": "Ann wins!", "lines": ["Ann 60", "Bob 41"], "places": [1, 2]}
    canvas = R.table_canvas(table_view(state, final=final))
    alt = R.alt_text(table_view(state, final=final))
    assert "Ann wins!" in alt and "plays" not in alt
    winner = state.winner
    x0, y0, x1, _ = R.panel_boxes(2)[1 - winner]
    assert not near(canvas.getpixel(((x0 + x1) // 2, y0 + 1)), GOLD)


def test_alt_text_has_public_facts_and_never_a_hand():
    state = played(4, 90)
    seat = state.to_move[0]
    view = {**state.view(seat), "names": NAMES[:4]}
    alt = R.alt_text(view)
    assert alt == R.alt_text(table_view(state))  # the hand in the view changes nothing
    for s in range(4):
        assert NAMES[s] in alt
        assert f"delivered {state.totals[s][0]} of 30" in alt
    shown = set(re.findall(r"\b(?:10|[2-9AJQK])[♠♥♦♣]", alt))
    public = {c for ps in view["piles"] for colour in ps.values() for p in colour.values() for c in p[-1:]}
    public |= set(view["discard"][-3:])
    assert shown <= {card_label(c) for c in public}


def test_hand_picture_raises_the_cards_with_a_real_play():
    state = played(2, 0)
    view = {**state.view(0), "names": NAMES[:2]}
    assert R.useful_now(view) == [False] * 6  # drawing first: nothing is raised
    state.apply(0, "draw")
    state.apply(0, "draw")
    view = {**state.view(0), "names": NAMES[:2]}
    flags = R.useful_now(view)
    faces = [c[:-1] in ("J", "Q", "K") for c in view["hand"]]
    assert flags == faces  # nothing is open yet: only faces can do anything but a limit or discard


def test_every_word_on_the_table_and_hand_reads_at_7_5_px_at_phone_width(monkeypatch):
    """Every word (two letters or more) on a table or hand, a joker's tile included, is set so it
    reads at 7.5 px or more once the picture is shown 400 px wide (the tiles' "limit" and "go" were
    12 px: 6.3 on a phone)."""
    sizes = WordSizes(monkeypatch)
    for players in (2, 8):
        state, rng = MR.new(players, seed=3), random.Random(3)
        for _ in range(12 * players):
            if state.over:
                break
            seat = state.to_move[0]
            state.apply(seat, state.heuristic_action(seat, rng))
            sizes.note(R.render_table(table_view(state)))
            sizes.note(R.render_hand({**state.view(seat), "names": NAMES}))
    R._tile("JK", "go", "open")
    sizes.note(width=R.WIDTH)
    assert {"limit", "go", "JOKER", "MILK RUN"} <= set(sizes.words)
    assert not sizes.small(), sizes.small()
