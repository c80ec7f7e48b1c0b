"""Go Fish / Authors table and hand pictures from real engine states, and their alt text."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import GAMES
from engine.cards import pretty
from renderers import go_fish as R
from renderers.cards import group_width
from tests.renderers.pixels import WordSizes, picture

GO_FISH = GAMES["go_fish"]
PNG_SIG = b"\x89PNG\r\n\x1a\n"
NAMES = ["Ann", "Bob", "Charlotte-Élise", "Dee", "Eve", "Fernando"]
GOLD = (242, 190, 74)


def played(players, moves, variant="go-fish", books="fours", seed=2):
    state = GO_FISH.new(players, seed=seed, options={"variant": variant, "books": books})
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


CASES = [(2, "go-fish", "fours"), (6, "go-fish", "fours"), (2, "authors", "pairs"), (6, "authors", "fours")]


@pytest.mark.parametrize(("players", "variant", "books"), CASES)
def test_table_and_hand_are_small_pngs_of_the_right_shape(players, variant, books):
    state = played(players, 12, variant, books)
    png = R.render_table(table_view(state))
    assert png.startswith(PNG_SIG) and len(png) < 300_000
    image = Image.open(io.BytesIO(png))
    rows = (players + 1) // 2
    assert image.size == (R.WIDTH, R.HEADER_H + R.MARGIN + rows * (R.PANEL_H + R.MARGIN))
    seat = state.to_move[0]
    hand = R.render_hand({**state.view(seat), "names": NAMES[:players]})
    assert hand.startswith(PNG_SIG) and len(hand) < 300_000
    assert Image.open(io.BytesIO(hand)).width == R.WIDTH


@pytest.mark.parametrize("players", [2, 6])
def test_only_the_asker_panel_is_ringed_in_gold(players):
    state = played(players, 9)
    canvas = R.table_canvas(table_view(state))
    asker = state.to_move[0]
    for seat, (x0, y0, x1, _) in enumerate(R._grid(players)):
        edge = canvas.getpixel(((x0 + x1) // 2, y0 + 1))
        assert near(edge, GOLD) == (seat == asker), seat


def test_each_book_is_one_ivory_tile():
    state = played(3, 60, seed=4)
    view = table_view(state)
    canvas = R.table_canvas(view)
    for seat, (x0, y0, _, _) in enumerate(R._grid(3)):
        books = view["books"][seat]
        top = y0 + 48 + 59 + 8  # under the name and the row of card backs
        for i in range(len(books) + 1):
            corner = canvas.getpixel((x0 + 14 + 33 * i + 4, top + 4))
            assert near(corner, R._TILE, 10) == (i < len(books)), (seat, i)


def test_a_finished_game_shows_the_result_and_no_asker():
    state = played(3, 400, seed=2)
    assert state.over
    places = list(state.outcome().places)
    final = {"headline": "Bob wins", "lines": ["1. Bob", "2. Cy", "3. Ann"], "places": places}
    canvas = R.table_canvas(table_view(state, final=final))
    for seat, (x0, y0, x1, y1) in enumerate(R._grid(3)):
        # the result banner covers a panel's top or bottom edge, never both
        edges = [canvas.getpixel(((x0 + x1) // 2, y)) for y in (y0 + 1, y1 - 2)]
        assert any(near(edge, GOLD) for edge in edges) == (places[seat] == 1), seat
    assert "to ask" not in R.alt_text(table_view(state, final=final))
    assert "Bob wins." in R.alt_text(table_view(state, final=final))


def test_the_hand_groups_cards_by_rank():
    view = {**played(2, 0).view(0), "names": NAMES[:2]}
    view["hand"] = ["AS", "AH", "5D", "KC"]
    groups = R._groups(view["hand"])
    assert groups == [["AS", "AH"], ["5D"], ["KC"]]
    width = sum(group_width(len(g)) for g in groups) + 10 * (len(groups) - 1)
    left = (R.WIDTH - width) // 2
    canvas = R.hand_canvas(view)
    assert near(canvas.getpixel((left + 6, 60 + 60)), (253, 252, 248), 8)  # the first card's face
    assert not near(canvas.getpixel((left - 8, 60 + 60)), (253, 252, 248), 40)  # felt just left of it
    empty = R.hand_canvas({**view, "hand": []})
    assert not near(empty.getpixel((left + 6, 60 + 60)), (253, 252, 248), 40)


@pytest.mark.parametrize(("players", "variant"), [(2, "go-fish"), (6, "go-fish"), (2, "authors"), (6, "authors")])
def test_alt_text_tells_public_facts_and_no_hidden_card(players, variant):
    state = played(players, 20, variant)
    view = table_view(state)
    alt = R.alt_text(view)
    assert f"{players} players" in alt and f"{view['stock']} cards in the stock" in alt
    last = view["last"]["ask"] if view["last"] else None
    for seat in range(players):
        assert f"{NAMES[seat]}: {view['hand_sizes'][seat]} cards" in alt
        for card in state.hidden_cards(seat):
            if card != last:  # an Authors ask names a card out loud
                assert pretty(card) not in alt and card not in alt.split()


def test_the_last_ask_is_told_in_words():
    view = table_view(played(2, 0))
    assert R.last_line(view) == "No one has asked yet."
    view["last"] = {"seat": 0, "target": 1, "ask": "Q", "got": 2, "drew_match": False}
    assert R.last_line(view) == "Ann asked Bob for queens: got 2"
    view["last"] = {"seat": 1, "target": 0, "ask": "10H", "got": 0, "drew_match": True}
    assert R.last_line(view) == "Bob asked Ann for 10♥: go fish, and drew it!"


def test_warm_builds_the_cached_art_and_a_render_after_it_matches():
    view = table_view(played(4, 15))
    R.warm()
    assert picture(R.render_table(view)) == picture(R.render_table(view))  # same palette, same pixels


def test_every_word_on_the_table_and_hand_reads_at_7_5_px_at_phone_width(monkeypatch):
    """Every word or number of two characters or more on a table or hand, through whole games at 2
    and 6 seats, reads at 7.5 px or more once the picture is shown 400 px wide (a "10" on a small
    book tile was 13 px, 6.8 on a phone)."""
    sizes = WordSizes(monkeypatch)
    for players, variant, books in CASES:
        state = GO_FISH.new(players, seed=3, options={"variant": variant, "books": books})
        rng = random.Random(3)
        while not state.over:
            seat = state.to_move[0]
            state.apply(seat, state.heuristic_action(seat, rng))
            sizes.note(R.render_table(table_view(state)))
            sizes.note(R.render_hand({**state.view(seat), "names": NAMES[:players]}))
    R._tile("10", True)  # a "10" among many books: the smallest tile
    sizes.note(width=R.WIDTH)
    assert {"10", "Go Fish · stock empty"} <= set(sizes.words)
    assert not sizes.small(), sizes.small()
