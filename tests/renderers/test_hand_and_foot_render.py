"""Hand and Foot table and hand pictures, and alt text, from real engine states (four seats)."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine import GAMES
from renderers import hand_and_foot as R
from tests.renderers.pixels import count_near

HF = GAMES["hand_and_foot"]
NAMES = ["Alice", "Bob", "Chloé", "Dmitri"]
GOLD = (242, 190, 74)
RED = (198, 30, 42)


def played(seed, until, start=None):
    """A seeded heuristic game stopped once `until(state)` holds."""
    state = start or HF.new(4, seed=seed)
    rng = random.Random(seed)
    while not state.over and not until(state):
        seat = state.to_move[0]
        state.apply(seat, state.heuristic_action(seat, rng))
    return state


def image(png):
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(img, box, colour, tol=30):
    return count_near(img, box, colour, tol - 1)  # every channel strictly within tol


def test_fresh_deal_table_has_two_empty_side_bands_and_the_movers_outlined():
    state = HF.new(4, seed=2)
    view = dict(state.view(None), names=NAMES)
    img = image(R.render_table(view))
    heights = [R._side_height(view, s) for s in (0, 1)]
    assert heights == [R.SIDE_HEAD + 10] * 2
    assert img.size == (R.W, R.HEADER_H + R.PILES_H + sum(heights) + R.PAD)
    y0 = R.HEADER_H + R.PILES_H
    assert near(img, (R.PAD + 20, y0, R.W - R.PAD - 20, y0 + 4), GOLD) > 100  # seat 0's side moves
    y1 = y0 + heights[0]
    assert near(img, (R.PAD + 20, y1, R.W - R.PAD - 20, y1 + 4), GOLD) == 0


def test_piles_are_squared_with_a_coloured_edge():
    state = played(3, lambda s: any(len(m[1]) == 7 for side in s.melds for m in side))
    view = dict(state.view(None), names=NAMES)
    side = next(i for i in (0, 1) if any(len(m["cards"]) == 7 for m in view["melds"][i]))
    assert R._side_height(view, side) > R.SIDE_HEAD + 10
    img = image(R.render_table(view))
    pile = next(m for m in view["melds"][side] if len(m["cards"]) == 7)
    kind = R._kind(pile)
    assert kind in ("clean", "dirty", "wild")
    # The pile's place: its row of the side band, items laid left to right.
    top = R.HEADER_H + R.PILES_H + sum(R._side_height(view, s) for s in range(side)) + R.SIDE_HEAD
    rows = R._rows(view["melds"][side], R.W - 2 * R.PAD - 20)
    r = next(i for i, row in enumerate(rows) if any(m is pile for m in row))
    x = R.PAD + 10
    for m in rows[r]:
        if m is pile:
            break
        x += R._item_width(m) + R.GAP
    y = top + r * R._row_h() + R.LABEL_H
    edge = R.PILE_EDGE[kind]
    assert near(img, (x - 3, y - 3, x + 60, y + 2), edge, tol=40) > 20


def test_staged_melds_show_dashed_under_the_movers_side():
    state = played(5, lambda s: bool(s.staged))
    view = dict(state.view(None), names=NAMES)
    side = state.to_move[0] % 2
    assert R._staging_side(view) == side
    plain = dict(view, staged=[])
    assert R._side_height(view, side) > R._side_height(plain, side)
    img = image(R.render_table(view))
    assert img.height > image(R.render_table(plain)).height


def test_hand_picture_groups_by_rank_and_alt_text_hides_hands_and_feet():
    state = played(7, lambda s: s.phase == "play" and len(s.hands[s.turn]) >= 8)
    seat = state.turn
    hand_view = dict(state.view(seat), names=NAMES)
    img = image(R.render_hand(hand_view))
    groups = R._by_rank(hand_view["hand"])
    assert sum(len(g) for g in groups) == len(hand_view["hand"])
    assert all(len({c[:-1] if c != "JK" else c for c in g}) == 1 for g in groups)
    assert img.width == R.W and img.height >= R.HEADER_H + 118
    alt = R.alt_text(dict(state.view(None), names=NAMES))
    assert "Hand and Foot" in alt and NAMES[seat] in alt
    hidden = {c for s in range(4) for c in state.hidden_cards(s)} | {c for f in state.feet for c in f}
    public = {c for side in state.melds for m in side for c in m[1]} | set(state.discard[-1:])
    from renderers.draw import card_label

    for card in hidden - public:
        assert card_label(card) not in alt.split(), card


def test_finished_match_draws_the_result_banner():
    state = played(1, lambda s: False, start=HF.new(4, seed=1, options={"hands": "1"}))
    assert state.over
    view = dict(state.view(None), names=NAMES)
    img = image(R.render_table(view))
    assert near(img, (0, 0, R.W, img.height), GOLD) > 500
    alt = R.alt_text(view)
    assert "win" in alt or "Tied" in alt
    assert "to draw" not in alt and "to play" not in alt


def test_a_result_line_too_wide_for_the_banner_is_cut_in_its_names_not_its_points(monkeypatch):
    from renderers.draw import text_size

    state = played(1, lambda s: False, start=HF.new(4, seed=1, options={"hands": "1"}))
    names = ["Alice", "Bartholomew Fairweather", "Zoë", "Dmitri Ivanovich"]
    final = {"headline": "Alice and Zoë win.", "lines": ["1. Alice", "1. Zoë"], "places": [1, 2, 1, 2]}
    view = dict(state.view(None), names=names, final=final)
    banners = []

    def banner(canvas, final, cy):
        banners.append(final)
        return real(canvas, final, cy)

    real = R.final_banner
    monkeypatch.setattr(R, "final_banner", banner)
    R.render_table(view)
    (shown,) = banners
    points = [f" · {p} pts" for p in sorted(state.view(None)["scores"][:2], reverse=True)]
    assert len(shown["lines"]) == 2
    for line, pts in zip(shown["lines"], points, strict=True):
        assert line.endswith(pts)  # the points survive, whatever the names' length
        assert text_size(line, 26)[0] <= R.W - 40  # so the banner has nothing left to cut
    assert "Bartholomew Fairweather & Dmitri Ivanovich" in R.alt_text(view)  # the words keep every name
