"""Escoba pictures from real engine states, and the Spanish card faces: pixel facts that can fail."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import GAMES
from engine.cards import pretty
from engine.escoba import FULL_DECK
from renderers import escoba as R
from renderers.cards import card_image, card_size, paste_row
from renderers.draw import GOLD, felt
from renderers.seat_ring import SEAT_BOX
from renderers.spanish_cards import SUIT_COLOURS, spanish_image

G = GAMES["escoba"]
NAMES = ["Ann", "Bob", "Cy", "Dee"]
FACE = (252, 249, 240)


def close(pixel, colour, tol=40) -> bool:
    return all(abs(int(a) - int(b)) <= tol for a, b in zip(pixel[:3], colour[:3], strict=True))


def png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def pixels(img: Image.Image) -> list[tuple[int, ...]]:
    return list(img.get_flattened_data())


def count_near(img: Image.Image, box, colour, tol=40) -> int:
    region = img.crop(box).convert("RGB")
    return sum(1 for p in pixels(region) if close(p, colour, tol))


def played(players: int, moves: int, seed: int = 1, **options):
    s = G.new(players, seed=seed, options=options or None)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def table(state, **extra) -> Image.Image:
    view = {**state.view(None), "names": NAMES[: state.players], **extra}
    data = R.render_table(view)
    assert len(data) < 300_000
    img = png(data)
    assert img.size == R.TABLE_SIZE
    return img


# -- Spanish faces -------------------------------------------------------------------


@pytest.mark.parametrize("size", ["large", "normal", "small", "tiny"])
def test_spanish_faces_have_the_card_sizes_and_are_cached(size):
    for code in FULL_DECK:
        img = card_image(code, size, faces="spanish")
        assert img.size == card_size(size) and img.mode == "RGBA"
        assert img is card_image(code, size, faces="spanish") is spanish_image(code, size)
    assert card_image("back", size, faces="spanish") is card_image("back", size)


@pytest.mark.parametrize("suit", ["D", "H", "S", "C"])
def test_each_suit_is_inked_in_its_own_colour(suit):
    img = card_image("5" + suit, "normal", faces="spanish")
    w, h = img.size
    area = (int(w * 0.34), int(h * 0.07), int(w * 0.93), int(h * 0.78))
    own = count_near(img, area, SUIT_COLOURS[suit], 30)
    assert own > 40
    for other in "DHSC".replace(suit, ""):
        assert count_near(img, area, SUIT_COLOURS[other], 30) < own / 4


def test_spanish_faces_differ_from_french_and_french_stay_the_default():
    assert card_image("7D") is card_image("7D", faces="french")
    french = card_image("7D").convert("RGB")
    spanish = card_image("7D", faces="spanish").convert("RGB")
    differing = sum(1 for a, b in zip(pixels(french), pixels(spanish), strict=True) if not close(a, b, 20))
    assert differing > 1000


def test_value_disc_shows_the_escoba_value_of_the_figures():
    # The sota (J) shows 8, the rey (K) 10: the disc holds different ink for each, and the
    # disc's gold sits at the bottom right of every card.
    sota, rey = card_image("JC", "large", faces="spanish"), card_image("KC", "large", faces="spanish")
    w, h = sota.size
    disc = (int(w * 0.66), int(h * 0.8), int(w * 0.9), int(h * 0.96))
    assert count_near(sota, disc, (236, 190, 70), 25) > 60
    a, b = sota.crop(disc).convert("RGB"), rey.crop(disc).convert("RGB")
    assert sum(1 for p, q in zip(pixels(a), pixels(b), strict=True) if not close(p, q, 30)) > 20
    seven_a, seven_b = card_image("7C", "large", faces="spanish"), card_image("7S", "large", faces="spanish")
    same = sum(1 for p, q in zip(pixels(seven_a.crop(disc)), pixels(seven_b.crop(disc)), strict=True) if p == q)
    assert same > 0.9 * (disc[2] - disc[0]) * (disc[3] - disc[1])  # the disc is the value's, not the suit's


def test_unknown_faces_and_codes_are_refused():
    with pytest.raises(ValueError, match="faces"):
        card_image("7D", faces="tarot")
    with pytest.raises(ValueError, match="Spanish"):
        card_image("10D", faces="spanish")


def test_paste_row_passes_the_faces_through():
    canvas = felt(300, 160)
    boxes = paste_row(canvas, ["AD", "AD"], (10, 10), "normal", faces="spanish")
    x0, y0, x1, y1 = boxes[1]
    coin_centre = (x0 + (x1 - x0) * 0.635, y0 + (y1 - y0) * 0.425)
    # The ace of oros: a big gold coin in the middle, where a French ace's diamond is red.
    ring = canvas.getpixel((round(coin_centre[0] + (x1 - x0) * 0.18), round(coin_centre[1])))
    assert close(ring, (242, 196, 64), 50)


# -- the table --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_go_counter_clockwise_from_the_bottom(players):
    centers = R.seat_centers(players)
    assert centers[0][1] == max(y for _, y in centers)  # seat 0 at the bottom
    assert centers[1][0] > centers[0][0] or players == 2  # the next seat to its right
    img = table(played(players, 0))
    for x, y in centers:  # a dark seat panel, not felt, at every seat
        assert sum(img.getpixel((x + 60, y + 30))) < 200


def test_the_seat_to_move_is_ringed_in_gold():
    s = played(4, 3)
    img = table(s)
    mover = s.to_move[0]
    for seat, (x, y) in enumerate(R.seat_centers(4)):
        edge = img.getpixel((x, y - SEAT_BOX[1] // 2 + 1))
        assert close(edge, GOLD, 45) == (seat == mover)


def test_board_cards_are_drawn_and_an_empty_board_is_felt():
    s = played(2, 0, seed=3)
    assert s.board
    img = table(s)
    assert count_near(img, R.BOARD_BOX, FACE, 12) > 3000
    s.board = []
    empty = table(s)
    assert count_near(empty, R.BOARD_BOX, FACE, 12) < 50


def test_a_swollen_board_uses_small_cards_and_stays_in_its_box():
    s = played(3, 0)
    s.board = list(FULL_DECK[:24])
    img = table(s)
    assert R.board_layout(24)[0] == "small"
    x0, y0, _, y1 = R.BOARD_BOX
    assert count_near(img, (x0 - 40, y0, x0 - 4, y1), FACE, 12) == 0  # nothing spills left
    assert count_near(img, R.BOARD_BOX, FACE, 12) > 10000


def test_side_panels_show_escobas_and_the_siete_de_velo():
    s = played(4, 0, seed=2)
    s.captured = [["7D", "AS"], ["3H"]]
    s.escobas = [0, 2]
    img = table(s)
    left, right = R.side_boxes(2)
    # The 7D is face up at the right of side 0's panel only.

    def seven_area(b):
        return (b[2] - 70, b[1] + 40, b[2], b[3])

    assert count_near(img, seven_area(left), FACE, 15) > 300
    assert count_near(img, seven_area(right), FACE, 15) < 20
    assert count_near(img, right, (255, 214, 90), 20) > 200  # escoba markers
    assert count_near(img, left, (255, 214, 90), 20) < 50


def test_final_result_has_a_banner_and_no_turn_ring():
    s = played(2, 5)
    final = {"headline": "Ann wins!", "lines": ["Ann 21", "Bob 14"], "places": [1, 2]}
    img = table(s, final=final)
    mover = s.to_move[0]
    x, y = R.seat_centers(2)[mover]
    assert not close(img.getpixel((x, y - SEAT_BOX[1] // 2 + 1)), GOLD, 45)
    mid_y = (R.BOARD_BOX[1] + R.BOARD_BOX[3]) // 2
    assert sum(img.getpixel((20, mid_y))) < 60  # the dark banner across the table


def test_table_render_is_small_and_whole_at_max_seats():
    s = played(4, 20, seed=5)
    data = R.render_table({**s.view(None), "names": NAMES})
    assert len(data) < 300_000


# -- the hand ---------------------------------------------------------------------


def test_hand_raises_the_cards_that_can_capture():
    deck = ["5C", "AH", "2S", "2H", "4S", "3H", "KD", "QD", "JD", "6D"]
    s = G.new(2, seed=1, deck=deck)
    assert s.hands[0] == ["2S", "4S", "5C"] and s.board == ["KD", "QD", "JD", "6D"]
    # Only 5C captures (with KD); 2S and 4S make 15 with nothing on this board.
    view = {**s.view(0), "names": NAMES[:2]}
    img = png(R.render_hand(view))
    lw, lh = card_size("large")
    total = 3 * lw + 2 * 14
    top = 84 + 40 + lh // 5
    lift = lh // 5
    x_first = R.HAND_W // 2 - total // 2
    for i, card in enumerate(s.hands[0]):
        x = x_first + i * (lw + 14) + lw // 2
        lifted = close(img.getpixel((x, top - lift + 6)), FACE, 20)
        assert lifted == (card == "5C")


def test_hand_shows_the_board_under_the_cards():
    s = played(2, 0, seed=3)
    img = png(R.render_hand({**s.view(0), "names": NAMES[:2]}))
    lh = card_size("large")[1]
    board_top = 84 + 40 + lh // 5 + lh + 52
    assert count_near(img, (0, board_top, R.HAND_W, img.height), FACE, 12) > 2000


# -- alt text -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_alt_text_names_public_facts_and_never_a_hand(players):
    s = played(players, 7, seed=players)
    for seat in range(players):
        text = R.alt_text({**s.view(seat), "names": NAMES[:players]})
        for card in s.hidden_cards(seat):
            assert card not in text and pretty(card) not in text
        assert "Play goes right" in text
    text = R.alt_text({**s.view(None), "names": NAMES[:players]})
    for card in s.board:
        assert pretty(card) in text
