"""Endings on every table: the bot's `final` result (resign, forfeit, cancel) and a normal
finish are drawn with the shared result banner, with no "to move" marker left, and the
alt text says the result. Real engine states throughout; the `final` dict is what the
bot adds to the public view once a game has ended."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import GAMES
from renderers import dickory as D
from renderers import draw, endings
from renderers import freecell as FC
from renderers import klondike as KL
from renderers import moleicki as M
from renderers import moleicki_layout as L
from renderers import solitaire as S

GOLD = draw.GOLD
BAND = (10, 14, 12)  # the banner's dark band (240/255 over the felt)
RESIGNED = {"headline": "Alice wins: Bob resigned", "lines": ["1. Alice", "2. Bob"], "places": [1, 2]}


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 300_000
    return Image.open(io.BytesIO(data)).convert("RGB")


def near(px, ref, tol=30) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px, ref, strict=False))


def dark_share(img: Image.Image, y: int) -> float:
    """How much of row `y` is the banner's near-black band."""
    row = [img.getpixel((x, y)) for x in range(0, img.width, 4)]
    return sum(1 for px in row if near(px, BAND, 22)) / len(row)


def gold_count(img: Image.Image, box) -> int:
    data = img.crop(box).tobytes()
    return sum(1 for i in range(0, len(data), 3) if near(data[i : i + 3], GOLD, 30))


# -- the shared helper --------------------------------------------------------------------------


def test_final_of_tidies_the_bots_result_and_ignores_anything_else():
    assert endings.final_of({}) is None and endings.final_of({"final": "won"}) is None
    f = endings.final_of({"final": {"headline": "", "lines": ["1. a", " ", 3], "places": [2, 1]}})
    assert f == {"headline": "Game over", "lines": ["1. a", "3"], "places": [2, 1]}
    assert endings.final_winners(f) == {1}
    assert endings.final_alt(endings.final_of({"final": RESIGNED})) == "Alice wins: Bob resigned. 1. Alice; 2. Bob."


def test_final_banner_draws_the_headline_across_the_canvas_and_stays_inside():
    canvas = draw.felt(600, 300)
    final = endings.final_of({"final": dict(RESIGNED, lines=[f"{i}. player {i}" for i in range(1, 9)])})
    y0, y1 = endings.final_banner(canvas, final, 290)  # asked to sit low: kept inside
    assert 0 <= y0 < y1 <= 300 and y1 - y0 == endings.banner_height(final, 600)
    img = canvas.convert("RGB")
    assert dark_share(img, y0 + 4) > 0.9
    assert gold_count(img, (0, y0 + 20, 600, y0 + 70)) > 300  # the headline in gold
    assert dark_share(img, max(0, y0 - 10)) < 0.2


# -- Dickory ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dickory_mid():
    hands = [1, 1, 3, 3, 5, 5, 6, 6, 8, 8, 12, 12, 1, 1, 3, 3, 5, 5, 6, 6, 8, 8]
    state = GAMES["dickory"].new(2, seed=1, deck=[*hands, 11, 9, 4, 2, 10, 7])
    return dict(state.view(None), names=["Alice", "Bob"])


def test_dickory_resign_shows_the_result_and_no_turn_marker(dickory_mid):
    v = dickory_mid
    assert v["to_move"] and not v.get("over")
    y = D._BOTTOM_PANEL_Y if 0 in v["to_move"] else D._TOP_PANEL_Y
    playing = open_png(D.render_table(v))
    ended = open_png(D.render_table(dict(v, final=RESIGNED)))
    marker = (D._PAD + 1, y + D._PANEL_H // 2)
    assert near(playing.getpixel(marker), GOLD) and dark_share(playing, D.CLOCK_CENTER[1]) < 0.3
    assert dark_share(ended, D.CLOCK_CENTER[1]) > 0.8
    # the winner's panel keeps a gold ring, the loser's has none
    loser_y = D._TOP_PANEL_Y if y == D._BOTTOM_PANEL_Y else D._BOTTOM_PANEL_Y
    assert not near(ended.getpixel((D._PAD + 1, loser_y + D._PANEL_H // 2)), GOLD)
    alt = D.alt_text(dict(v, final=RESIGNED))
    assert "Bob resigned" in alt and "1. Alice; 2. Bob" in alt and "to move" not in alt
    assert "to move" in D.alt_text(v)


def test_dickory_cancel_without_places_marks_nobody(dickory_mid):
    cancel = {"headline": "Game cancelled by a moderator", "lines": [], "places": None}
    img = open_png(D.render_table(dict(dickory_mid, final=cancel)))
    for y in (D._TOP_PANEL_Y, D._BOTTOM_PANEL_Y):
        assert not near(img.getpixel((D._PAD + 1, y + D._PANEL_H // 2)), GOLD)
    assert D.alt_text(dict(dickory_mid, final=cancel)).endswith("Game cancelled by a moderator.")


# -- Moleicki -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def moleicki_mid():
    state = GAMES["moleicki"].new(4, seed=1)
    rng = random.Random(1)
    while not (state.view(None)["phase"] == "play" and state.view(None)["top"]):
        seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
        state.apply(seat, state.heuristic_action(seat, rng).text)
    return dict(state.view(None), names=["Alice", "Bob", "Zoë", "Dmitri"])


def test_moleicki_forfeit_shows_the_standings_and_no_turn_marker(moleicki_mid):
    v = moleicki_mid
    mover = v["to_move"][0]
    final = {
        "headline": "Bob wins: Alice forfeited",
        "lines": ["1. Bob", "2. Zoë", "3. Dmitri", "4. Alice"],
        "places": [4, 1, 2, 3],
    }
    playing = open_png(M.render_table(v))
    ended = open_png(M.render_table(dict(v, final=final)))

    def border(img, seat):
        x0, y0, _, y1 = M.panel_box(seat, v)
        return img.getpixel((x0 + 1, (y0 + y1) // 2))

    cy = M.CENTRE_Y + L.CENTRE_H // 2
    assert dark_share(playing, cy) < 0.3 and dark_share(ended, cy) > 0.8
    if mover != 1 and mover not in v["nein_owed"]:
        assert near(border(playing, mover), GOLD) and not near(border(ended, mover), GOLD)
    assert near(border(ended, 1), GOLD)  # the winner by places
    alt = M.alt_text(dict(v, final=final))
    assert alt.startswith("Moleicki table, 4 players") and "Alice forfeited" in alt and "To move" not in alt


def test_moleicki_natural_end_uses_the_same_banner():
    state = GAMES["moleicki"].new(2, seed=1)
    rng = random.Random(1)
    while not state.over:
        seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
        state.apply(seat, state.heuristic_action(seat, rng).text)
    v = dict(state.view(None), names=["Alice", "Bob"])
    img = open_png(M.render_table(v))
    assert dark_share(img, M.CENTRE_Y + L.CENTRE_H // 2) > 0.8
    assert f"{['Alice', 'Bob'][v['winner']]} wins" in M.alt_text(v)


# -- Solitaires ---------------------------------------------------------------------------------


@pytest.mark.parametrize("module", [KL, FC])
def test_solitaire_abandoned_game_shows_the_result_band_under_the_columns(module):
    name = "klondike" if module is KL else "freecell"
    state = GAMES[name].new(1, seed=3)
    v = dict(state.view(None), names=["Alice"])
    final = {"headline": "Alice gave up", "lines": ["7 of 52 cards home"], "places": [1]}
    playing = open_png(module.render_table(v))
    ended = open_png(module.render_table(dict(v, final=final)))
    lay = S.layout(v["tableau"], dict(v, final=final))
    assert ended.height == lay.height > playing.height  # the band is added under the cards
    assert dark_share(ended, lay.height - S.BOTTOM_PAD - lay.banner // 2) > 0.8
    assert "Alice gave up. 7 of 52 cards home." in module.alt_text(dict(v, final=final))


# -- long names at phone width ------------------------------------------------------------------

LONG = ["Alice", "Bartholomew Fairweather", "Zoë", "Dmitri Ivanovich", "Eve", "Mallory"]


def test_the_seat_ring_banner_keeps_the_verb_and_every_place_whatever_the_names():
    from renderers import seat_ring

    size, title = seat_ring._headline_fit("Bartholomew Fairweather-Smythe-Montgomery wins.", 424)
    assert title.endswith("… wins.") and draw.text_size(title, size, True)[0] <= 424
    assert seat_ring._headline_fit("Alice wins.", 424) == (40, "Alice wins.")
    places = [1, 3, 2, 3, 6, 3]  # three long names share third place
    lines = seat_ring.ranked_lines({"places": places, "lines": [str(p) for p in places]}, LONG)
    rows = seat_ring._wrapped(lines, 424)
    assert all(draw.text_size(row, 24)[0] <= 424 for row in rows)
    shown = " ".join(rows)
    assert all(name in shown for name in LONG) and "6. Eve" in rows  # a new place starts its own row


def test_standings_two_to_a_row_sit_in_two_columns_not_one_run_of_text():
    lines = [f"{i + 1}. {name} · {9 - i} books" for i, name in enumerate(LONG)]
    final = {"headline": "Alice wins.", "lines": lines, "places": list(range(1, 7))}
    rows = endings._standing_rows(final, 760)
    assert ("3. Zoë · 7 books", "4. Dmitri Ivanovich · 6 books") in rows
    assert ("2. Bartholomew Fairweather · 8 books",) in rows or any(len(r) == 2 for r in rows)
    canvas = draw.felt(760, 400).convert("RGBA")
    y0, _ = endings.final_banner(canvas, final, 200)
    pair_y = y0 + 98 + 34 * rows.index(("3. Zoë · 7 books", "4. Dmitri Ivanovich · 6 books"))
    # the middle of the row is bare band: the two standings do not run together
    band = canvas.convert("RGB").crop((370, pair_y - 10, 390, pair_y + 10))
    assert all(near(band.getpixel((x, y)), BAND, 22) for x in range(20) for y in range(20))


def test_the_seat_ring_banner_fits_a_row_with_the_comma_it_ends_on():
    # a row of names that fits to the pixel, then gets its comma, was cut by the banner's ellipsis
    from renderers import seat_ring

    for m in range(1, 30):
        rows = seat_ring._wrapped([f"1. {'a' * m}, WWWWW, xxxxx"], 400)
        assert [n for n in ("a" * m, "WWWWW", "xxxxx") if n not in " ".join(rows)] == [], rows
        # (a name too wide for the banner alone is left whole, for the banner to shorten)
        assert all(draw.text_size(row, 24)[0] <= 400 for row in rows if row.endswith(",")), rows


def test_the_result_names_a_player_the_face_cannot_draw():
    view = {"names": ["🦊🦊", "Bob", "王 #2", "王 #3"]}
    final = {"headline": "🦊🦊 wins.", "lines": ["1. 🦊🦊", "2. Bob", "3. 王 #2", "4. 王 #3"], "places": [1, 2, 3, 4]}
    shown = endings.final_of({**view, "final": final})
    assert shown["headline"] == "Player 1 wins."
    assert shown["lines"] == ["1. Player 1", "2. Bob", "3. Player 3", "4. Player 4"]
