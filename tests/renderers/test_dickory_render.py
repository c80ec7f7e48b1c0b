"""Dickory table and hand images, and alt text, from real-looking and real views."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from renderers import dickory as R
from tests.renderers.pixels import WordSizes, picture

PNG_SIG = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300_000
GOLD = (242, 190, 74)
DIAL = (250, 243, 224)
MOUSE = (138, 126, 120)


def view(**changes):
    """A public Dickory view at the start of a hand, with `changes` applied."""
    v = {
        "game": "dickory",
        "variant": "classic",
        "match": "single",
        "players": 2,
        "seat": None,
        "queue": [11, 9, 4, 2, 10, 7],
        "highest": 7,
        "order": R.order_from_highest(7),
        "meld": None,
        "round_type": None,
        "leader": 1,
        "to_move": [1],
        "hand_sizes": [11, 11],
        "known": [[], []],
        "draw_pile": 20,
        "discards": 0,
        "scores": [0, 0],
        "hand_no": 1,
        "dealer": 0,
        "over": False,
        "winner": None,
        "names": ["Alice", "Bob"],
    }
    v.update(changes)
    if "highest" in changes and "order" not in changes:
        v["order"] = R.order_from_highest(v["highest"])
    return v


VIEWS = {
    "start": view(),
    "mid-run": view(
        queue=[4, 12, 5, 7, 11, 2],
        highest=2,
        meld={"cards": [12, 1, 2], "type": "run", "seat": 0},
        round_type="run",
        leader=0,
        hand_sizes=[7, 9],
        known=[[], [11, 2]],
        draw_pile=8,
        discards=14,
    ),
    "hickory-bobtail": view(
        variant="hickory",
        queue=[3, 8, 6],
        highest=6,
        meld={"cards": [3, 4, 5, 6], "type": "bobtail", "seat": 1},
        round_type="single",
        leader=0,
        to_move=[0],
        hand_sizes=[4, 2],
        known=[[9, 9, 10], []],
        draw_pile=0,
        discards=27,
        dealer=1,
    ),
    "over": view(
        queue=[5, 1],
        highest=1,
        meld={"cards": [8, 8], "type": "double", "seat": 0},
        to_move=[],
        hand_sizes=[0, 5],
        known=[[], [3]],
        draw_pile=0,
        discards=30,
        over=True,
        winner=0,
    ),
    "best-of-3": view(
        match="best-of-3",
        hand_no=3,
        scores=[1, 1],
        queue=[6, 6, 10, 1, 12],
        highest=12,
        meld={"cards": [9], "type": "single", "seat": 1},
        to_move=[0],
        seat=0,
        hand_sizes=[10, 9],
        known=[[12], [4, 4]],
        names=["Zoë 🎲", "Jürgen"],
    ),
}


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == PNG_SIG
    assert len(data) < MAX_BYTES
    return Image.open(io.BytesIO(data)).convert("RGB")


def near(px, ref, tol=40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px, ref, strict=False))


@pytest.mark.parametrize("name", list(VIEWS))
def test_table_renders_a_small_png_of_the_table_size(name):
    img = open_png(R.render_table(VIEWS[name]))
    assert img.size == R.TABLE_SIZE


@pytest.mark.parametrize("name", list(VIEWS))
def test_table_is_deterministic(name):
    assert picture(R.render_table(VIEWS[name])) == picture(R.render_table(VIEWS[name]))


def gold_around(img: Image.Image, n: int) -> int:
    """How many gold pixels lie in a square round numeral n on the clock."""
    x, y = (round(v) for v in R.clock_point(n, R.NUMERAL_RADIUS))
    half = round(R.CLOCK_RADIUS * 0.12)
    box = img.crop((x - half, y - half, x + half, y + half))
    return sum(1 for px in zip(*(iter(box.tobytes()),) * 3, strict=True) if near(px, GOLD, 30))


@pytest.mark.parametrize("highest", range(1, 13))
def test_highest_numeral_is_highlighted_and_the_mouse_points_at_it(highest):
    v = view(highest=highest, queue=[3, highest])
    img = open_png(R.render_table(v))
    side = (2 * round(R.CLOCK_RADIUS * 0.12)) ** 2
    assert gold_around(img, highest) > side * 0.4
    for other in range(1, 13):
        if other != highest:
            assert gold_around(img, other) < side * 0.02, other
    # The mouse's body lies on the line from the hub to the highest rank, not elsewhere.
    bx, by = R.clock_point(highest, R.CLOCK_RADIUS * 0.25)
    assert near(img.getpixel((round(bx), round(by))), MOUSE, 25)
    ox, oy = R.clock_point(highest + 3, R.CLOCK_RADIUS * 0.25)
    assert near(img.getpixel((round(ox), round(oy))), DIAL, 12)


def test_table_never_draws_the_hand():
    public = VIEWS["mid-run"]
    private = dict(public, seat=1, hand=[3, 3, 5, 6, 8, 8, 9, 10, 1])
    assert picture(R.render_table(private)) == picture(R.render_table(dict(public, seat=1)))


def test_turn_is_highlighted_on_the_right_panel():
    def border(v, y):
        img = open_png(R.render_table(v))
        return img.getpixel((R._PAD + 1, y + R._PANEL_H // 2))

    # Public view: seat 0 at the bottom, seat 1 at the top.
    v0, v1 = view(to_move=[0]), view(to_move=[1])
    assert near(border(v0, R._BOTTOM_PANEL_Y), GOLD)
    assert not near(border(v0, R._TOP_PANEL_Y), GOLD)
    assert near(border(v1, R._TOP_PANEL_Y), GOLD)
    assert not near(border(v1, R._BOTTOM_PANEL_Y), GOLD)


def test_viewer_sits_at_the_bottom():
    img_public = open_png(R.render_table(view(to_move=[1])))
    img_seat1 = open_png(R.render_table(view(to_move=[1], seat=1)))
    y = R._BOTTOM_PANEL_Y + R._PANEL_H // 2
    assert near(img_seat1.getpixel((R._PAD + 1, y)), GOLD)
    assert not near(img_public.getpixel((R._PAD + 1, y)), GOLD)


def test_winner_banner_darkens_the_middle_when_over():
    y = R.CLOCK_CENTER[1]
    xs = range(R.TABLE_SIZE[0] - 200, R.TABLE_SIZE[0] - 20, 7)

    def mean_brightness(v):
        img = open_png(R.render_table(v))
        return sum(sum(img.getpixel((x, y))) for x in xs) / len(xs)

    playing = dict(VIEWS["over"], over=False, winner=None, to_move=[1])
    assert mean_brightness(VIEWS["over"]) < mean_brightness(playing) - 40


def test_missing_names_fall_back_and_unusual_names_render():
    v = view()
    del v["names"]
    open_png(R.render_table(v))
    assert "Player 1" in R.alt_text(v) and "Player 2" in R.alt_text(v)
    v = view(names=["🎲🎲", "A" * 80])
    open_png(R.render_table(v))
    assert R.alt_text(v).startswith("Dickory")
    assert "Player 1" in R.alt_text(v)


def test_hand_renders_sorted_in_the_current_order():
    v = dict(VIEWS["mid-run"], seat=1, hand=[3, 10, 11, 11, 12, 1, 2, 2, 2])
    shuffled = dict(v, hand=[2, 11, 1, 3, 2, 12, 10, 2, 11])
    img = open_png(R.render_hand(v))
    assert img.width == R.HAND_WIDTH
    assert picture(R.render_hand(v)) == picture(R.render_hand(shuffled))
    # Same cards under another highest rank are laid out differently.
    other = dict(v, highest=12, order=R.order_from_highest(12))
    assert R.render_hand(other) != R.render_hand(v)


def test_hand_strip_marks_the_highest_rank_in_gold():
    v = dict(VIEWS["start"], seat=1, hand=[8, 8, 10, 12, 12, 1, 3, 3, 5, 6, 7])
    img = open_png(R.render_hand(v))
    tile, gap, y = 58, 6, 68
    x0 = (R.HAND_WIDTH - (12 * tile + 11 * gap)) // 2 + 4
    top = (x0 + 11 * (tile + gap) + tile // 2, y + 5)
    first = (x0 + tile // 2, y + 5)
    assert near(img.getpixel(top), GOLD, 20)
    assert not near(img.getpixel(first), GOLD, 20)


def test_bigger_hands_wrap_into_more_rows():
    small = open_png(R.render_hand(dict(VIEWS["start"], seat=0, hand=[8, 9, 10])))
    big_hand = [8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 7, 7, 6, 5, 4, 3, 2, 1]
    big = open_png(R.render_hand(dict(VIEWS["start"], seat=0, hand=big_hand)))
    assert big.height > small.height
    empty = open_png(R.render_hand(dict(VIEWS["start"], seat=0, hand=[])))
    assert empty.width == R.HAND_WIDTH


def test_alt_text_states_public_facts():
    text = R.alt_text(VIEWS["mid-run"])
    assert "highest rank 2" in text
    assert "4 12 5 7 11 2" in text
    assert "run 12-1-2" in text and "Alice" in text
    assert "Alice holds 7 cards" in text and "Bob holds 9 cards" in text
    assert "Bob to move" in text
    assert len(re.findall(r"[.!?](\s|$)", text)) <= 2
    assert "Alice wins" in R.alt_text(VIEWS["over"])


def test_alt_text_never_reveals_the_hand():
    # Rank 5 appears nowhere public: not in the queue, meld, counts, names or known cards.
    v = view(
        queue=[4, 12, 7, 11, 2],
        highest=2,
        meld={"cards": [9, 9], "type": "double", "seat": 0},
        hand_sizes=[8, 6],
        known=[[], [11]],
        draw_pile=13,
        discards=3,
        seat=1,
        hand=[5, 5, 5, 6, 8, 10],
    )
    text = R.alt_text(v)
    assert not re.search(r"\b5\b", text)
    assert not re.search(r"\b10\b", text)
    assert text == R.alt_text({k: val for k, val in v.items() if k != "hand"})


def test_real_engine_views_render_throughout_a_game():
    """Seeded random play through engine/dickory.py: every sampled view renders."""
    from engine import GAMES

    game = GAMES["dickory"]
    for seed, options in ((1, {"variant": "classic"}), (2, {"variant": "hickory", "match": "best-of-3"})):
        state = game.new(players=2, seed=seed, options=options)
        rng = random.Random(seed)
        steps = 0
        while not state.over and steps < 600:
            seat = state.to_move[0]
            if steps % 8 == 0:
                pub = dict(state.view(None), names=["Ann", "Ben"])
                assert open_png(R.render_table(pub)).size == R.TABLE_SIZE
                own = dict(state.view(seat), names=["Ann", "Ben"])
                open_png(R.render_hand(own))
                hand_ranks = set(own["hand"]) - _public_numbers(pub)
                for rank in hand_ranks:
                    assert not re.search(rf"\b{rank}\b", R.alt_text(own))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        final = dict(state.view(None), names=["Ann", "Ben"])
        assert open_png(R.render_table(final)).size == R.TABLE_SIZE


def _public_numbers(v) -> set[int]:
    nums = set(v["queue"]) | {v["highest"], *v["hand_sizes"]}
    if v["meld"]:
        nums |= set(v["meld"]["cards"])
    return nums


def test_warm_builds_every_clock():
    R.warm()
    assert R._clock.cache_info().currsize >= 12


def test_the_base_pasted_from_its_clock_band_is_the_base_drawn_whole():
    """The table keeps one base without a clock and, per highest rank, only the band that
    differs (R._clock_band): the two pasted must be the base drawn with that clock, every rank."""
    for highest in range(13):
        assert R._base_copy(highest).tobytes() == R._base(highest).tobytes(), highest
    band, _ = R._clock_band(7)
    assert band.width * band.height * 5 < R._base(7).width * R._base(7).height * 3  # under 60%


def test_every_word_on_the_table_and_hand_reads_at_7_5_px_at_phone_width(monkeypatch):
    """Every word (two letters or more) on a table or hand through a real game reads at 7.5 px or
    more once the picture is shown 400 px wide ("KNOWN CARDS", "LOW" and "HIGH" were 16 px, 6.7 on
    a phone; "DRAW" and "DISCARD" 17 px, 7.1)."""
    from engine import GAMES

    sizes = WordSizes(monkeypatch)
    state, rng = GAMES["dickory"].new(players=2, seed=3, options={"variant": "classic"}), random.Random(3)
    names = ["Maximiliana-Charlotte", "Bob"]
    for step in range(400):
        if state.over:
            break
        seat = state.to_move[0]
        if step % 6 == 0:
            sizes.note(R.render_table(dict(state.view(None), names=names)))
            sizes.note(R.render_hand(dict(state.view(seat), names=names)))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert {"KNOWN", "CARDS", "LOW", "HIGH", "DRAW", "DISCARD", "DICKORY"} <= set(sizes.words)
    assert not sizes.small(), sizes.small()
