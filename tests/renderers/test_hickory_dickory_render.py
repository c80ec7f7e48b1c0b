"""Hickory Dickory table and hand pictures from real engine states, with pixel facts and alt text."""

from __future__ import annotations

import io
import math
import random

import pytest
from PIL import Image, ImageChops

from engine import GAMES
from renderers import hickory_dickory as R
from renderers import hickory_dickory_clock as C
from tests.renderers.pixels import count_near

G = GAMES["hickory_dickory"]
PNG_SIG = b"\x89PNG\r\n\x1a\n"
NAMES = ["Ann", "Bob", "Charlotte-Élise", "Dee"]
GOLD = (242, 190, 74)
SEATS = ((110, 200, 255), (255, 150, 120), (190, 160, 255), (140, 230, 150))
LEAVES = ["RB", "RF", "RS", "RT", "YB", "YF", "YS", "YT", "GB", "GF", "GS", "GT", "BB", "BF", "BS"]


def played(players, moves, seed=2, **options):
    state = G.new(players, seed=seed, options=options, deck=LEAVES if options else None)
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


@pytest.mark.parametrize("players", [1, 4])
def test_table_and_hand_are_small_pngs(players):
    state = played(players, 40)
    png = R.render_table(table_view(state))
    assert png.startswith(PNG_SIG) and len(png) < 300_000
    assert Image.open(io.BytesIO(png)).size == (R.WIDTH, R.table_height(players))
    seat = state.to_move[0]
    hand = R.render_hand({**state.view(seat), "names": NAMES[:players]})
    assert hand.startswith(PNG_SIG) and len(hand) < 300_000


@pytest.mark.parametrize("players", [2, 4])
def test_only_the_deciding_seat_is_ringed_in_gold(players):
    state = played(players, 25)
    canvas = R.table_canvas(table_view(state))
    mover = state.to_move[0]
    for seat in range(players):
        x0, y0, x1, _ = R.panel_box(players, seat)
        assert near(canvas.getpixel(((x0 + x1) // 2, y0 + 1)), GOLD) == (seat == mover), seat


def test_leaf_tiles_are_drawn_in_their_colour_and_claimed_leaves_are_gone():
    state = G.new(2, seed=1, options={"layout": "learning"}, deck=["BB", "BF", "BS", "BT", *LEAVES[:11]])
    view = table_view(state)
    canvas = R.table_canvas(view)
    for n in (1, 5, 9):
        x, y = C.number_xy(n, C.R_LEAF)
        colour = C.TILE_COLOURS[view["leaf"][n - 1][0]]
        assert near(canvas.getpixel((round(x) - 7, round(y) - 7)), colour, 10), n
    view["leaf"][4] = None
    x, y = C.number_xy(5, C.R_LEAF)
    assert not near(R.table_canvas(view).getpixel((round(x) - 7, round(y) - 7)), C.TILE_COLOURS["Y"], 40)


def test_paws_grey_their_number():
    state = played(2, 5)
    busy = {m["number"] for seat in state.view(None)["mice"] for m in seat.values()}
    free = [n for n in range(2, 12) if n not in busy]
    paw, bare = free[0], free[1]
    canvas = R.table_canvas(table_view(state, paws=[paw]))
    x, y = C.number_xy(paw, (C.R_INNER + C.R_OUTER) / 2 + 40)
    assert near(canvas.getpixel((round(x), round(y))), C.PAWED, 6)
    x, y = C.number_xy(bare, (C.R_INNER + C.R_OUTER) / 2 + 40)
    assert not near(canvas.getpixel((round(x), round(y))), C.PAWED, 6)


def test_minute_hand_riders_in_order_and_blocked_spaces():
    state = played(2, 5)
    view = table_view(state, minute_hand=[{"seat": 1, "mouse": "spotter"}, {"seat": 0, "mouse": "scavenger"}])
    canvas = R.table_canvas(view)
    y = R.HAND_STRIP_Y + 15
    first = R.RIGHT_X + R.HAND_CELL // 2 - 2
    assert near(canvas.getpixel((first - 6, y)), SEATS[1], 6)
    # The scavenger spans spaces 2 and 3; with two seats spaces 5-8 are blocked (grey).
    assert near(canvas.getpixel((R.RIGHT_X + 2 * R.HAND_CELL - 8, y)), SEATS[0], 6)
    assert near(canvas.getpixel((R.RIGHT_X + 6 * R.HAND_CELL + 3, y - 10)), C.PAWED, 6)
    assert not near(canvas.getpixel((R.RIGHT_X + 3 * R.HAND_CELL + 3, y - 10)), C.PAWED, 6)


def test_a_finished_game_shows_the_result_and_no_ring():
    state = played(2, 3000, seed=3)
    assert state.over
    final = {"headline": "Ann wins", "lines": ["1. Ann", "2. Bob"], "places": list(state.outcome().places)}
    view = table_view(state, final=final)
    canvas = R.table_canvas(view)
    for seat in range(2):
        x0, y0, x1, _ = R.panel_box(2, seat)
        assert not near(canvas.getpixel(((x0 + x1) // 2, y0 + 1)), GOLD)
    assert "Ann wins" in R.alt_text(view)


def test_hand_picture_shows_own_favors_only_for_that_seat():
    state = G.new(2, seed=1, options={"layout": "learning"})
    view = {**state.view(0), "names": NAMES[:2]}
    canvas = R.hand_canvas(view)
    assert near(canvas.getpixel((100, 100)), (250, 244, 228), 6)  # a cream favor card
    bare = R.hand_canvas({**view, "favors": []})
    assert not near(bare.getpixel((100, 100)), (250, 244, 228), 30)


@pytest.mark.parametrize("players", [1, 4])
def test_alt_text_tells_public_facts_and_never_a_favor(players):
    state = played(players, 30, layout="learning")
    view = table_view(state)
    alt = R.alt_text(view)
    assert f"hour {view['hour']}" in alt and f"minute hand at {view['minute']}" in alt
    for seat in range(players):
        assert f"{NAMES[seat]} {view['scores'][seat]}" in alt
        for fav in state.favors[seat]:
            assert fav not in alt.split() and fav.lower() not in alt.lower().split()
    assert "{p" not in alt


def _band_point(n, offset_degrees=10, r=(C.R_LEAF + C.R_OUTER) / 2):
    """A point in number n's outer band, off its radius line so no leaf tile or mouse covers it."""
    a = math.radians(n * 30 - 90 + offset_degrees)
    return round(C.CLOCK_C[0] + r * math.cos(a)), round(C.CLOCK_C[1] + r * math.sin(a))


def test_the_wedge_the_minute_hand_just_reached_is_lit():
    state = played(2, 5)
    view = table_view(state)
    assert view["minute"] == 5 and not view["paws"]
    canvas = R.table_canvas(view)
    assert near(canvas.getpixel(_band_point(5)), C.NOW, 4)
    assert near(canvas.getpixel(_band_point(5, -10)), C.NOW, 4)
    for n in (4, 6, 9):
        assert near(canvas.getpixel(_band_point(n)), C.FACE, 4), n
    moved = R.table_canvas({**view, "minute": 9})
    assert near(moved.getpixel(_band_point(9)), C.NOW, 4) and near(moved.getpixel(_band_point(5)), C.FACE, 4)


def test_the_acting_mouse_wears_a_gold_halo_on_the_clock_and_in_its_panel():
    state = played(2, 5)
    view = table_view(state)
    assert view["active"] == {"seat": 0, "mouse": "scurrier"}
    assert view["mice"][0]["scurrier"]["where"] == "outer" and view["mice"][0]["scurrier"]["number"] == 5
    canvas = R.table_canvas(view)
    x, y = C.number_xy(5, C.R_OUTER)
    assert near(canvas.getpixel((round(x), round(y) - 15)), GOLD, 6)
    x0, y0, _, _ = R.panel_box(2, 0)
    rows = {m: (x0 + 19, y0 + R.PANEL_ROWS + 25 * i - 11) for i, m in enumerate(("scurrier", "spotter"), start=1)}
    assert near(canvas.getpixel(rows["scurrier"]), GOLD, 6)
    assert not near(canvas.getpixel(rows["spotter"]), GOLD, 40)
    calm = R.table_canvas({**view, "active": None})
    assert not near(calm.getpixel((round(x), round(y) - 15)), GOLD, 40)
    assert not near(calm.getpixel(rows["scurrier"]), GOLD, 40)


def test_kept_tiles_never_show_a_stale_panel():
    """Rendering a game move by move with tiles kept gives the same pixels as drawing afresh."""
    state, rng = G.new(4, seed=7), random.Random(7)
    for _ in range(30):
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng))
        view = table_view(state)
        kept = R.table_canvas(view)
        R.clear_tiles()
        assert kept.tobytes() == R.table_canvas(view).tobytes()
    changed = R.table_canvas({**view, "scores": [s + 7 if i == 1 else s for i, s in enumerate(view["scores"])]})
    assert kept.crop(R.panel_box(4, 0)).tobytes() == changed.crop(R.panel_box(4, 0)).tobytes()
    assert kept.crop(R.panel_box(4, 1)).tobytes() != changed.crop(R.panel_box(4, 1)).tobytes()


def test_hand_picture_is_phone_narrow_wraps_favors_and_shows_drawn_tiles():
    state = G.new(2, seed=1, options={"layout": "learning"})
    view = {**state.view(0), "names": NAMES[:2], "favors": ["F4", "F5", "F9", "F1"], "hand": ["RS", "BT"]}
    canvas = R.hand_canvas(view)
    assert canvas.width == R.HAND_W < R.WIDTH
    second_row = 42 + R.CARD_H + 10
    assert near(canvas.getpixel((100, second_row + 50)), (250, 244, 228), 6)  # the fourth favor, wrapped
    assert not near(canvas.getpixel((R.CARD_W + 120, second_row + 50)), (250, 244, 228), 30)  # no fifth
    drawn_y = second_row + R.CARD_H + 10 + 28
    assert near(canvas.getpixel((110 - 10, drawn_y - 10)), C.TILE_COLOURS["R"], 10)
    assert near(canvas.getpixel((148 - 10, drawn_y - 10)), C.TILE_COLOURS["B"], 10)
    assert canvas.height > R.hand_canvas({**view, "favors": ["F4"], "hand": []}).height


def test_now_box_names_who_is_still_to_act_at_this_number():
    state, rng = G.new(4, seed=5), random.Random(5)
    for _ in range(8):
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng))
    view = table_view(state)
    assert view["minute"] == 5 and view["decision"] == "inner"
    inner_at_5 = [
        f"{NAMES[s]}'s {m.title()}"
        for s, mice in enumerate(view["mice"])
        for m, x in mice.items()
        if x["where"] == "inner" and x["number"] == 5
    ]
    assert len(inner_at_5) == 2
    assert R.waiting_here(view) == f"Still to act at 5: {', '.join(inner_at_5)}."
    assert R.waiting_here({**view, "paws": [5]}) == "A cat's paw covers 5: no mouse acts there."
    assert R.waiting_here({**view, "over": True}) == ""
    assert R.waiting_here(view) in R.alt_text(view)
    # the box is drawn: its text pixels differ from an empty box's
    box = R.NOW_BOX
    assert R.table_canvas(view).crop(box).tobytes() != R.table_canvas({**view, "prompt": ""}).crop(box).tobytes()


# -- the last tick's marks (pink) -------------------------------------------------------------------

PINK = (255, 70, 200)
BIN = ["BB", "BF", "BS", "BT"]


def _placed(minute, ring=(), hand=(), tiles=None, players=2):
    """A learning-layout game with mice put where a test wants them, resolved up to the tick at `minute`."""
    state = G.new(players, seed=1, options={"layout": "learning"}, deck=BIN + LEAVES[:11])
    for seat_mice in state.mice:
        for m in seat_mice.values():
            m.where, m.number = "out", None
    for (seat, mouse), (where, number) in dict(ring).items():
        state.mice[seat][mouse].where, state.mice[seat][mouse].number = where, number
    state.hand = list(hand)
    for seat, mouse in hand:
        state.mice[seat][mouse].where, state.mice[seat][mouse].number = "hand", None
    for (seat, mouse), codes in (tiles or {}).items():
        state.mice[seat][mouse].tiles = list(codes)
    state.paws, state.stack, state.step = [], [], "next"
    state.minute = minute - 1
    state._settle([])
    return state


def _play(state, *moves):
    for text in moves:
        state.apply(state.to_move[0], text)
    return state


def _pink(canvas, box):
    return count_near(canvas, tuple(round(v) for v in box), PINK, 30)


def _around(xy, r=26):
    return (xy[0] - r, xy[1] - r, xy[0] + r, xy[1] + r)


@pytest.fixture
def tick_two():
    """The rule text's tick at 2, resolved: Bob's Spotter off the hand to 2 (claims the leaf, climbs),
    Ann's Spotter out at 2 (climbs), Bob's Scurrier onto the hand; the riders now decide at 3."""
    state = _placed(2, ring={(0, "spotter"): ("inner", 2), (1, "scurrier"): ("inner", 2)},
                    hand=[(1, "spotter"), (0, "scurrier")])  # fmt: skip
    _play(state, "off 2", "claim", "act", "stay", "out spotter", "act", "on scurrier")
    assert state.minute == 3 and state.view(None)["last_tick"]["minute"] == 2
    return state


def test_moved_mice_are_ringed_with_a_ghost_and_arrow_from_where_they_were(tick_two):
    view = table_view(tick_two)
    marked, plain = R.table_canvas(view), R.table_canvas({**view, "last_tick": None, "acted": []})
    for i in range(2):  # both spotters now share outer 2
        spot = C._spread(2, C.R_OUTER, 2, i, 32)
        assert _pink(marked, _around(spot)) > 40 and _pink(plain, _around(spot)) == 0
    ghost = C.number_xy(2, C.R_INNER)  # Ann's Spotter left the inner 2, now empty
    assert marked.getpixel(tuple(round(v) for v in ghost)) != plain.getpixel(tuple(round(v) for v in ghost))
    assert _pink(marked, _around(ghost, 14)) > 10
    # Bob's Scurrier jumped on: ringed on the minute-hand strip.
    strip = (R.RIGHT_X - 4, R.HAND_STRIP_Y - 8, R.RIGHT_X + 3 * R.HAND_CELL, R.HAND_STRIP_Y + 40)
    assert _pink(marked, strip) > 20 and _pink(plain, strip) == 0
    # The claimed leaf space at 2 wears a dashed ring.
    assert _pink(marked, _around(C.number_xy(2, C.R_LEAF), 20)) > 20
    # In the panels, the moved mice's rows are ringed: Ann's Spotter (third row), Bob's Scurrier (second).
    for seat, row in ((0, 2), (1, 1)):
        x0, y0, _, _ = R.panel_box(2, seat)
        dot = (x0 + 19, y0 + R.PANEL_ROWS + 25 * row)
        assert _pink(marked, _around(dot, 17)) > 10 and _pink(plain, _around(dot, 17)) == 0


def test_scores_that_rose_get_plus_points_and_the_caption_tells_it(tick_two):
    view = table_view(tick_two)
    marked, plain = R.table_canvas(view), R.table_canvas({**view, "last_tick": None})
    for seat in range(2):
        _, y0, x1, _ = R.panel_box(2, seat)
        plus = (x1 - 90, y0 + 4, x1 - 30, y0 + 34)
        assert _pink(marked, plus) > 15 and _pink(plain, plus) == 0
    strip = (0, R.CAPTION_Y, R.WIDTH, R.HEIGHT)
    assert _pink(marked, strip) > 200 and _pink(plain, strip) == 0
    assert R.marks_of(view, NAMES[:2]).caption == (
        "Last tick (2): Ann: Spotter out at 2, chain 4 (+1) · "
        "Bob: Spotter off to 2, took red feather, Scurrier on the hand, chain 3 (+1)."
    )
    assert "Last tick (2): Ann: Spotter out at 2" in R.alt_text(view)


def test_filled_hunt_spaces_and_a_completed_quest_are_marked():
    state = _placed(6, ring={(0, "scavenger"): ("inner", 6)}, tiles={(0, "scavenger"): ["PB", "PF", "RF", "GS"]})
    state.quests = ["Q1", "Q2"]
    _play(state, "out scavenger", "act", "deliver pb pf rf gs")
    view = table_view(state)
    rec = view["last_tick"]
    assert rec["quests"] == ["Q1"] and rec["scored"] == [15, 0]
    marked, plain = R.table_canvas(view), R.table_canvas({**view, "last_tick": None})
    x0, y0, x1, y1 = R.panel_box(2, 0)
    hunt = (x0, y1 - 80, x1, y1)  # board A: RB at index 0 ... ; RF is index 4 (row 2)
    assert "RF" in view["hunt"][0]["filled"]
    assert _pink(marked, hunt) > 20 and _pink(plain, hunt) == 0
    badge = (x0 + 78, y0 + 30, x1 - 10, y0 + 52)
    assert _pink(marked, badge) > 20 and _pink(plain, badge) == 0
    other = R.panel_box(2, 1)
    assert _pink(marked, other) == 0  # nothing of Bob's changed


def test_marks_drawn_at_phone_width_stay_visible(tick_two):
    img = Image.open(io.BytesIO(R.render_table(table_view(tick_two)))).convert("RGB")
    small = img.resize((380, round(img.height * 380 / img.width)), Image.Resampling.LANCZOS)
    assert count_near(small, (0, small.height - 14, 380, small.height), PINK, 60) > 40


def test_plus_points_stand_clear_of_a_long_name_and_of_the_score():
    state = played(4, 3)  # the third move scores Charlotte's first point: "+1" in her narrow panel
    names = ["Bartholomew", "Fairweather", "Charlotte-Élise Fairweather", "Dmitri Ivanovich"]
    view = {**state.view(None), "names": names}
    assert view["last_tick"]["scored"] == [0, 0, 1, 0]
    img = R.table_canvas(view).convert("RGB")

    def columns(box, colour):
        x0, y0, x1, y1 = box
        return [x for x in range(x0, x1) if any(near(img.getpixel((x, y)), colour, 30) for y in range(y0, y1))]

    x0, y0, x1, _ = R.panel_box(4, 2)
    row = (x0 + 8, y0 + 8, x1 - 8, y0 + 34)  # the name's line, clear of a gold ring
    name, plus, score = columns(row, SEATS[2]), columns(row, PINK), columns(row, GOLD)
    assert name and plus and score
    assert max(name) + 6 <= min(plus)  # the name is cut before "+N"
    assert max(plus) + 16 <= min(score)  # at phone width "+1 1" must not read "+11"


# -- legible at phone width (Discord shows a table about 400 px wide on a phone) ----------------------

PHONE = 400


def _ink_rows(img, box, colour, tol=40):
    x0, y0, x1, y1 = box
    return [y for y in range(y0, y1) if any(near(img.getpixel((x, y)), colour, tol) for x in range(x0, x1))]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_clock_labels_are_8_px_tall_at_phone_width(players):
    """The action labels at 3 and 9 o'clock lie level: shrunk to 400 px wide, their letters stand
    at least 6 px (capitals of 20 px type; the 11 px labels were 3 px) and their type is 8 px."""
    state = played(players, 40, seed=players)
    view = table_view(state, minute=12, paws=[])
    img = Image.open(io.BytesIO(R.render_table(view))).convert("RGB")
    small = img.resize((PHONE, round(img.height * PHONE / img.width)), Image.Resampling.LANCZOS)
    k = PHONE / R.WIDTH
    assert C.LABEL_PX * k >= 8 and C.NUMBER_PX * k >= 8 and R.SMALL_PX * k >= 7.9
    for n in (3, 9):
        lines = C.label_lines(view["tokens"][n - 1])
        x, y = C.number_xy(n, C.R_LABEL + 50)
        box = (round((x - 45) * k), round((y - 24) * k), round((x + 45) * k), round((y + 24) * k))
        rows = _ink_rows(small, box, C.FACE_EDGE, 60)
        assert rows and max(rows) - min(rows) + 1 >= 6 * len(lines) - 1, (n, lines, rows)


def test_clock_labels_never_touch_each_other_the_numbers_or_the_ring():
    """Every action at every number (the longest, two-line ones too): its label's ink stays clear
    of both neighbours' labels, inside the ring and outside the hour numbers."""
    cx, cy = C.CLOCK_C
    for token in C.SHORT:
        for n in range(1, 13):
            mask, _, x, y = C.label_mask(token, n)
            for other in C.SHORT:
                nxt, _, ox, oy = C.label_mask(other, n % 12 + 1)
                canvas = Image.new("L", (R.WIDTH, R.HEIGHT), 0)
                canvas.paste(mask, (x, y), mask)
                clash = Image.new("L", (R.WIDTH, R.HEIGHT), 0)
                clash.paste(nxt, (ox, oy), nxt)
                both = ImageChops.multiply(
                    canvas.point(lambda v: 255 if v > 60 else 0), clash.point(lambda v: 255 if v > 60 else 0)
                )
                assert both.getbbox() is None, (token, n, other)
            inked = [(x + i % mask.width, y + i // mask.width) for i, v in enumerate(mask.tobytes()) if v > 60]
            far = [math.dist(p, (cx, cy)) for p in inked]
            assert min(far) > C.R_NUMBER + 14 and max(far) < C.R_RING - 1, (token, n)


def test_every_word_on_the_table_is_8_px_at_phone_width(monkeypatch):
    """Every word drawn on a table (names, scores, counts, headings, prompts; not a chip's symbol
    letter or a mouse's initial inside its disc) is set at 19 px or more: 8 px on a phone."""
    sizes = []
    real = R.text

    def spy(d, xy, s, size, fill, **kw):
        sizes.append((s, size))
        return real(d, xy, s, size, fill, **kw)

    monkeypatch.setattr(R, "text", spy)
    for players in (1, 2, 4):
        R._base.cache_clear()
        R.clear_tiles()
        state = played(players, 60, seed=players)
        R.table_canvas(table_view(state))
    words = [(s, size) for s, size in sizes if len(s) > 1 and s not in ("Cr", "Sc", "Gb")]
    assert len(words) > 50
    small = sorted({(s, size) for s, size in words if size * PHONE / R.WIDTH < 7.9})
    assert not small, small
    # a tile's symbol or a mouse's initial, inside its chip or disc: 16 px and more (11-12 px before)
    letters = [size for s, size in sizes if len(s) == 1]
    assert letters and min(letters) >= 16, sorted(set(letters))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_panels_sit_two_to_a_row_apart_and_above_the_caption(players):
    """Panels two to a row (a second row from three seats), none overlapping another, the clock or
    the caption line, and each wide enough for five carried tiles and the hunt board beside them."""
    boxes = [R.panel_box(players, seat) for seat in range(players)]
    for i, a in enumerate(boxes):
        assert a[1] >= C.CLOCK_C[1] + 292 and a[3] <= R.caption_y(players) and a[2] <= R.WIDTH
        assert a[2] - a[0] >= 440
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    assert len({b[1] for b in boxes}) == (1 if players == 2 else 2)
    assert R.table_height(players) == R.caption_y(players) + 34


def test_a_scavenger_beside_the_centre_stands_up_clear_of_its_neighbour_and_the_ring():
    """At 3 the band runs up and down: the Scavenger's oval stands up in it (lying down, it crossed
    the ring line into the labels) and the mouse beside it stands clear of it."""
    state = _placed(1, ring={(0, "scavenger"): ("inner", 3), (1, "scurrier"): ("inner", 3)})
    view = table_view(state)
    canvas = R.table_canvas({**view, "last_tick": None, "active": None})
    group = [(0, "scavenger"), (1, "scurrier")]
    oval, other = (C._spread(3, C.R_INNER, 2, i, C._gap(group)) for i in range(2))
    x, y = round(oval[0]), round(oval[1])
    assert near(canvas.getpixel((x, y - 19)), SEATS[0], 8) and near(canvas.getpixel((x, y + 19)), SEATS[0], 8)
    assert not near(canvas.getpixel((x - 19, y)), SEATS[0], 30)  # the ring side stays clear
    assert math.dist(oval, other) >= 24 + 12 + 6
    assert near(canvas.getpixel((round(other[0]), round(other[1]) - 8)), SEATS[1], 8)


def test_a_ghost_beside_a_scavenger_stands_as_far_off_as_a_mouse_would(monkeypatch):
    """A mouse that left a space a Scavenger still holds leaves its ghost one place past the
    oval, as far off as a mouse beside it stands (44 px), not on the oval's edge."""
    from renderers.hickory_dickory_marks import Marks

    ghosts = []
    monkeypatch.setattr(C, "ghost", lambda d, xy, *args: ghosts.append(xy))
    view = {
        "minute": 5,
        "mice": [{"scavenger": {"where": "inner", "number": 3}}, {"spotter": {"where": "outer", "number": 3}}],
    }
    canvas = Image.new("RGB", (R.WIDTH, R.WIDTH), C.FACE)
    C.draw_clock(canvas, view, Marks(moved={(1, "spotter"): ("inner", 3)}))
    scavenger = C.number_xy(3, C.R_INNER)  # alone on its space, on the number
    assert C._spread(3, C.R_INNER, 1, 0) == scavenger
    assert len(ghosts) == 1 and math.dist(ghosts[0], scavenger) == 44, "clear of the upright oval (24 + 12)"
