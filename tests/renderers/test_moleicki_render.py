"""Moleicki table and hand images, and alt text, from real engine states."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from engine import GAMES
from engine.cards import pretty
from renderers import moleicki as R
from renderers import moleicki_layout as L
from tests.engine.test_moleicki_support import secret_cards
from tests.renderers.pixels import WordSizes, picture

PNG_SIG = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300_000
GOLD = (242, 190, 74)
RED = (214, 58, 58)
BACK = (128, 30, 44)  # the card back's red
NAMES = ["Alice", "Bob", "Zoë Wójcik", "Dmitri", "Eve", "Mallory the Magnificent", "Trent", "🎲 Peggy"]
GAME = GAMES["moleicki"]


def play_until(players, seed, wanted, *, deal=None, options=None, limit=3000):
    """A real game played by the engine's heuristic until `wanted(state)` (or the end)."""
    state = GAME.new(players, seed=seed, options=options or {})
    rng = random.Random(seed)
    if deal:
        state.apply(players - 1, deal)
    for _ in range(limit):
        if state.over or wanted(state):
            return state
        movers = state.to_move
        seat = movers[0] if len(movers) == 1 else rng.choice(movers)
        state.apply(seat, state.heuristic_action(seat, rng).text)
    return state


def midgame(state) -> bool:
    """Good discards, a pile to beat, face-down tableau cards and a Nein owed."""
    v = state.view(None)
    face_down = any(c is None for t in v["tableaux"] for row in t for p in row for c in p)
    return v["phase"] == "play" and len(v["good_discards"]) >= 2 and v["top"] and face_down and v["nein_owed"]


def find(players, wanted, **kw):
    for seed in range(300):
        state = play_until(players, seed, wanted, **kw)
        if not state.over and wanted(state):
            return state
    raise AssertionError(f"no {players}-player game reached that position")


@pytest.fixture(scope="module")
def states():
    return {
        "deal-4": GAME.new(4, seed=3),
        "race-4": find(4, lambda s: s.phase == "opening" and len(s.to_move) > 1),
        "mid-2": find(2, midgame),
        "mid-4": find(4, midgame),
        "mid-8": find(8, midgame),
        "big-5": find(
            5,
            lambda s: s.phase == "play" and s.turns > 4,
            deal="deal custom hand 12 barrier d d barrier du du du base ddu ddu ddu",
            options={"decks": "3"},
        ),
        "over-2": play_until(2, 1, lambda s: False),
        "over-4": play_until(4, 1, lambda s: False),
        "over-8": play_until(8, 1, lambda s: False),
    }


def public(state):
    return dict(state.view(None), names=NAMES[: state.players])


def own(state, seat):
    return dict(state.view(seat), names=NAMES[: state.players])


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == PNG_SIG
    assert len(data) < MAX_BYTES
    return Image.open(io.BytesIO(data)).convert("RGB")


def near(px, ref, tol=30) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px, ref, strict=False))


def count_near(img: Image.Image, box, ref, tol=24) -> int:
    crop = img.crop(box)
    data = crop.tobytes()
    return sum(1 for i in range(0, len(data), 3) if near(data[i : i + 3], ref, tol))


def panel_border(img, seat):
    x0, y0, _, y1 = R.panel_box(seat)
    return img.getpixel((x0 + 1, (y0 + y1) // 2))


# -- the states are what they claim -------------------------------------------------------


def test_the_sample_states_are_real_and_varied(states):
    assert states["deal-4"].phase == "deal"
    assert states["race-4"].phase == "opening" and len(states["race-4"].to_move) > 1
    for name in ("over-2", "over-4", "over-8"):
        assert states[name].over and states[name].winner is not None
    for name in ("mid-2", "mid-4", "mid-8"):
        v = states[name].view(None)
        assert len(v["good_discards"]) >= 2 and v["nein_owed"] and v["players"] == int(name[-1])


# -- size and format --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["deal-4", "race-4", "mid-2", "mid-4", "mid-8", "big-5", "over-2", "over-8"])
def test_table_is_a_small_png_sized_for_its_players(states, name):
    state = states[name]
    v = public(state)
    img = open_png(R.render_table(v))
    assert img.size == (R.TABLE_W, R.table_height(state.players, v))
    # eight players still fit a phone screen or two; big custom designs stack their rows
    assert img.height <= (1.8 if name == "big-5" else 1.4) * R.TABLE_W


def test_more_players_make_a_taller_table_but_the_same_width():
    heights = [R.table_height(n) for n in range(2, 9)]
    assert heights == sorted(heights) and heights[0] < heights[-1]
    assert R.table_height(7) == R.table_height(8)  # two columns of panels


@pytest.mark.parametrize("name", ["mid-2", "mid-4", "mid-8", "big-5", "over-4"])
def test_hand_is_a_small_png(states, name):
    state = states[name]
    for seat in range(state.players):
        img = open_png(R.render_hand(own(state, seat)))
        assert img.width == R.HAND_W and 200 < img.height < 1200


def test_rendering_is_deterministic(states):
    v = public(states["mid-8"])
    assert picture(R.render_table(v)) == picture(R.render_table(v))


# -- pixel facts --------------------------------------------------------------------------------


def test_the_seat_to_play_and_the_seat_owing_nein_are_outlined(states):
    state = states["mid-4"]
    v = public(state)
    img = open_png(R.render_table(v))
    owed = set(v["nein_owed"])
    for seat in range(4):
        border = panel_border(img, seat)
        if seat in owed:
            assert near(border, RED), (seat, border)
        elif seat in v["to_move"]:
            assert near(border, GOLD), (seat, border)
        else:
            assert not near(border, GOLD) and not near(border, RED), (seat, border)
    # Move the turn on paper: the outline follows the view, not the state.
    other = next(s for s in range(4) if s not in owed and s not in v["to_move"])
    moved = dict(v, to_move=[other], current=other, nein_owed=[], nein_counts=[0] * 4)
    img2 = open_png(R.render_table(moved))
    assert near(panel_border(img2, other), GOLD)
    assert all(not near(panel_border(img2, s), RED) for s in range(4))


def test_no_racer_is_marked_at_the_opening(states):
    """Who may open is who holds an opening card: the picture marks nobody in the race."""
    v = public(states["race-4"])
    assert v["to_move"], "a race is on"
    img = open_png(R.render_table(v))
    for seat in range(4):
        assert not near(panel_border(img, seat), GOLD)
    alt = R.alt_text(v)
    assert "Race to open." in alt and "To move" not in alt


def test_face_down_tableau_cards_are_drawn_as_backs(states):
    state = states["mid-4"]
    v = public(state)
    img = open_png(R.render_table(v))
    for seat in range(4):
        x0, y0, x1, y1 = R.panel_box(seat, v)
        tableau = (x0 + 130, y0 + 40, x1 - 10, y1 - 10)  # right of the hand fan
        down = sum(1 for row in v["tableaux"][seat] for p in row for c in p if c is None)
        backs = count_near(img, tableau, BACK, 20)
        assert (backs > 150) == (down > 0), (seat, down, backs)
    # with every card turned face up on paper, no back is left in the tableaux
    shown = [[[["AS" if c is None else c for c in p] for p in row] for row in t] for t in v["tableaux"]]
    img2 = open_png(R.render_table(dict(v, tableaux=shown)))
    x0, y0, x1, y1 = R.panel_box(0, v)
    assert count_near(img2, (x0 + 130, y0 + 40, x1 - 10, y1 - 10), BACK, 20) < 150


def test_the_card_to_beat_is_ringed_and_a_reset_pile_is_not(states):
    v = public(states["mid-4"])
    x0, y0, x1, y1 = R.pile_box()
    ringed = count_near(open_png(R.render_table(v)), (x0, y0, x1, y1), GOLD, 20)
    reset = dict(v, pile_base=len(v["pile"]), top=None)
    plain = count_near(open_png(R.render_table(reset)), (x0, y0, x1, y1), GOLD, 20)
    assert ringed > plain + 200


def test_the_vector_glyph_changes_with_the_vector(states):
    v = public(states["mid-4"])
    box = (L.VECTOR_X + 16, R.CENTRE_Y + 40, L.VECTOR_X + 104, R.CENTRE_Y + 128)
    crops = {}
    for vector in ("up", "down", "middle", "antimiddle", "into", "out", "north", "south"):
        crops[vector] = open_png(R.render_table(dict(v, vector=vector, vector_title=vector))).crop(box).tobytes()
    assert len(set(crops.values())) == 8


def test_the_winner_banner_covers_the_centre_only_when_over(states):
    def dark_row(v):
        img = open_png(R.render_table(v))
        y = R.CENTRE_Y + L.CENTRE_H // 2 + 20
        return sum(1 for x in range(0, R.TABLE_W, 4) if sum(img.getpixel((x, y))) < 90)

    over = public(states["over-4"])
    assert dark_row(over) > 0.9 * R.TABLE_W / 4
    assert dark_row(dict(over, over=False, phase="play", winner=None)) < 0.3 * R.TABLE_W / 4


def test_the_table_never_draws_a_hand(states):
    state = states["mid-4"]
    plain = public(state)
    assert picture(R.render_table(dict(plain, hand=state.view(0)["hand"]))) == picture(R.render_table(plain))


def test_the_hand_grows_with_the_cards_held(states):
    state = states["mid-8"]
    v = own(state, 0)
    small = open_png(R.render_hand(dict(v, hand=v["hand"][:2])))
    big = open_png(R.render_hand(dict(v, hand=["3S", "4S", "5S", "6S", "7S", "8S", "9S", "JS", "QS", "KS", "AS"])))
    assert big.height > small.height


# -- alt text -------------------------------------------------------------------------------------


def public_cards(view) -> set[str]:
    cards = set(view["pile"]) | {g["top"] for g in view["good_discards"]}
    cards |= {c for t in view["tableaux"] for row in t for p in row for c in p if c is not None}
    return cards


CARD = re.compile(r"(?<!\w)(10|[2-9AJQK])([♠♥♦♣])")


@pytest.mark.parametrize("name", ["deal-4", "race-4", "mid-2", "mid-4", "mid-8", "big-5", "over-2", "over-8"])
def test_alt_text_names_only_public_cards(states, name):
    state = states[name]
    v = public(state)
    alt = R.alt_text(v)
    assert alt.startswith(f"Moleicki table, {state.players} players") and len(alt) <= 1000
    named = {m.group(1) + {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[m.group(2)] for m in CARD.finditer(alt)}
    assert named <= public_cards(v), named - public_cards(v)
    if state.decks == 1:  # one pack: every card is unique, so a hidden card can't be named at all
        for card in secret_cards(state) - {"JK", "25"}:
            assert pretty(card) not in alt and card not in alt
    # a viewer's own view does not leak their hand into the alt text either
    for seat in range(state.players):
        assert R.alt_text(own(state, seat)) == alt


def test_alt_text_says_what_matters(states):
    mid = public(states["mid-4"])
    alt = R.alt_text(mid)
    assert f"{pretty(mid['top'])} to beat" in alt
    for s in mid["nein_owed"]:
        assert NAMES[s] in alt.split("Owes Nein: ")[1].split(".")[0]
    over = public(states["over-8"])
    assert f"{NAMES[over['winner']]} played their last card and wins." in R.alt_text(over)
    assert "Zoë Wójcik" in R.alt_text(mid)  # alt text keeps names as written


def test_missing_or_odd_names_still_render(states):
    v = public(states["mid-8"])
    del v["names"]
    open_png(R.render_table(v))
    assert "Player 0" in R.alt_text(v)
    v = dict(public(states["mid-8"]), names=["🎲🎲", "W" * 90, "", "x", "y", "z", "ä", "ö"])
    open_png(R.render_table(v))
    open_png(R.render_hand(dict(v, seat=1, hand=states["mid-8"].view(1)["hand"])))


# -- the hand shows what to beat ----------------------------------------------------------------


def test_the_hand_image_shows_the_card_to_beat_beside_the_hand(states):
    from renderers.cards import card_image

    state = states["mid-4"]
    seat = state.to_move[0]
    v = own(state, seat)
    assert v["top"] and len(v["pile"]) > v["pile_base"]
    img = open_png(R.render_hand(v))
    # the "to beat" column at the left holds the pile's top card: its face colours match the sprite's
    sprite = card_image(v["pile"][-1], "large").convert("RGB")
    box = (16, 200, 16 + 196, 200 + sprite.height)
    white = count_near(img, box, (253, 252, 248), 6)
    assert white > 0.4 * sprite.width * sprite.height
    empty = open_png(R.render_hand(dict(v, pile=[], pile_base=0, top=None)))
    assert count_near(empty, box, (253, 252, 248), 6) < 200


# -- any deal design fits -----------------------------------------------------------------------


def test_a_large_custom_design_scales_inside_every_panel():
    """4 rows x 6 piles x 5 cards (the engine will accept such designs): the panels grow and
    the cards shrink and stack, but every pile stays inside its own panel and shows."""
    v = R.sample_view(players=8, rows=(6, 6, 6, 6), depth=5)
    img = open_png(R.render_table(v))
    assert img.size == (R.TABLE_W, R.table_height(8, v)) and img.height < 2.6 * R.TABLE_W
    for seat in range(8):
        x0, y0, x1, y1 = R.panel_box(seat, v)
        inside = count_near(img, (x0, y0, x1, y1), BACK, 20)
        assert inside > 24 * 40, (seat, inside)  # 24 piles of backs, each showing a strip
    gap_y = R.panel_box(0, v)[3] + 4  # the felt between two panel rows holds no card
    assert count_near(img, (16, gap_y, R.TABLE_W - 16, gap_y + 4), BACK, 20) == 0
    hand = open_png(R.render_hand(dict(v, seat=3)))
    assert hand.width == R.HAND_W and count_near(hand, (0, 420, hand.width, hand.height), BACK, 20) > 24 * 40


def test_tableau_plans_shrink_then_stack_then_squeeze():
    from renderers.moleicki_tableau import Shape, plan

    assert plan(Shape((1, 3), 2), 363).size == "normal" and not plan(Shape((1, 3), 2), 363).stacked
    wide = plan(Shape((2, 3, 3), 3), 363, max_height=420)
    assert wide.stacked and wide.width <= 363 and wide.height <= 420
    huge = plan(Shape((6, 6, 6, 6), 5), 363, max_height=420)
    assert huge.width <= 363 and huge.size in ("small", "tiny")
    squeezed = plan(Shape((30,), 2), 363)
    assert squeezed.width <= 363 and squeezed.step_x < squeezed.width


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_table_put_together_on_its_palette_is_the_file_of_the_whole_canvas(players):
    """render_table pastes kept panels already mapped onto the palette; every position of a
    real game, to its end, must give the very file that mapping the whole canvas gives."""
    from renderers.draw import to_png

    state = GAME.new(players, seed=players)
    rng = random.Random(players)
    names = NAMES[:players]
    compared = 0
    for _ in range(400):
        view = dict(state.view(None), names=names)
        whole = to_png(R._table_image(view), key="moleicki.table", source=R._palette_source)
        assert picture(R.render_table(view)) == picture(whole), f"position {compared}"
        compared += 1
        if state.over:
            break
        seat = rng.choice(state.to_move)
        state.apply(seat, state.heuristic_action(seat, rng).text)
    assert compared > 40
    assert state.over or compared == 400


@pytest.mark.parametrize("players", [2, 5, 8])
def test_tables_and_hands_put_together_in_parts_are_the_files_of_whole_canvases(players):
    """render_table and render_hand draw each part alone (moleicki_mapped.draw_part): every vector
    with its longest title beside a full pile, long names, a deep tableau, a result banner that
    reaches the panels: each file must be the one `to_png` makes of the canvas drawn at once."""
    from engine.moleicki_vectors import STRENGTH, VECTOR_TITLES
    from renderers.draw import to_png
    from renderers.moleicki_hand import hand_image

    names = ["W" * 40, "王 🎲", "Zoë Ångström-Øster", "x" * 60] * 2
    final = {"headline": "A long headline " * 6, "lines": ["a line"] * 9, "places": list(range(1, players + 1))}
    for i, vector in enumerate(STRENGTH):
        base = R.sample_view(players, rows=(2, 3, 3) if i % 2 else (1, 3), depth=2 + i % 3)
        pile = ["9S"] * (3 + 40 * i) + ["KD", "10H", "JK"]
        view = dict(
            base,
            vector=vector,
            vector_title=VECTOR_TITLES[vector],
            direction=(1, -1, None)[i % 3],
            names=names[:players],
            pile=pile,
            pile_base=len(pile) - 1 - i % 2,
            good_discards=[{"top": "AD", "size": i}] * (3 * i),
            nein_owed=[0, players - 1],
            punched=[1],
            hand=["3C", "3D", "3H", "3S", "4C", "4D"] * (1 + i % 3),
        )
        for v in (view, dict(view, final=final)):
            whole = to_png(R._table_image(v), key="moleicki.table", source=R._palette_source)
            assert R.render_table(v) == whole, (vector, "final" in v)
        hands = (view["hand"], [], ["5H"] * 24, view["hand"])  # none, and one group wider than the room
        for seat, hand in zip((0, players - 1, 0, 0), hands, strict=True):
            mine = dict(view, seat=seat, hand=hand, draw_pile=i % 2)
            whole = to_png(hand_image(mine), key="moleicki.hand", source=R._palette_source)
            assert R.render_hand(mine) == whole, (vector, seat, len(hand))


def test_a_table_whose_vector_and_pile_are_drawn_together_then_apart_is_the_whole_canvas():
    """The vector panel and the pile are drawn apart unless a long title ("Anti-middle") or a
    wide "+N" badge crosses between them: a render thread's kept canvas must not keep a part
    that the other way of drawing them painted over."""
    from renderers.draw import to_png

    base = R.sample_view(4)
    for pile in (["9S"] * 7, ["9S"] * 107, ["9S"] * 3):
        for vector in ("into", "antimiddle", "into", "up", "antimiddle", "antimiddle", "out"):
            view = dict(base, vector=vector, vector_title=None, pile=pile, pile_base=0)
            whole = to_png(R._table_image(view), key="moleicki.table", source=R._palette_source)
            assert R.render_table(view) == whole, (len(pile), vector)


def test_the_hand_strip_kept_without_its_dots_then_dotted_is_the_strip_drawn_at_once():
    """The hand keeps its rank strip without dots (moleicki_hand._strips) and draws the dots on:
    for every vector and many counts held, the band must be the strip drawn in one go."""
    from engine.moleicki_vectors import STRENGTH
    from renderers import moleicki_hand as H
    from renderers.moleicki_centre import dots_in_steps, rank_strip

    rng = random.Random(3)
    lay = H.hand_layout(R.sample_view())
    band = (0, H._STRIP_Y, L.HAND_W, lay.middle_y)
    ways = set()
    for vector in STRENGTH:
        steps = len(L.rank_steps(vector))
        for _ in range(12):
            held = tuple(rng.choice((0, 0, 1, 2, 3, 4, 5, 6)) for _ in range(steps))
            kept, whole = lay.chrome.copy(), lay.chrome.copy()
            H._strip(kept, lay, vector, held)
            rank_strip(whole, vector, H._STRIP_Y, held)
            assert kept.crop(band).tobytes() == whole.crop(band).tobytes(), (vector, held)
            ways.add(dots_in_steps(vector, held))
    assert ways == {True, False}


def test_a_hand_pasting_its_kept_tableau_is_the_picture_drawn_afresh(monkeypatch):
    """The hand picture keeps each tableau band mapped (moleicki_hand._tableaux) and its other
    bands too (R._mapped_hand_parts): along a real game, every seat's picture with the kept
    tiles must be the one drawn with none kept, and the file `to_png` makes of the whole canvas."""
    from renderers import moleicki_hand
    from renderers.draw import KeptTiles, to_png

    kept_tiles, kept_bands = KeptTiles(256), KeptTiles(256)
    state = GAME.new(4, seed=11)
    rng = random.Random(11)
    hits = 0
    for _ in range(160):
        if state.over:
            break
        seat = rng.choice(state.to_move)
        state.apply(seat, state.heuristic_action(seat, rng).text)
        for s in range(4):
            view = dict(state.view(s), names=NAMES[:4])
            monkeypatch.setattr(moleicki_hand, "_tableaux", kept_tiles)
            monkeypatch.setattr(R, "_mapped_hand_parts", kept_bands)
            before = len(kept_tiles)
            with_kept = R.render_hand(view)
            hits += len(kept_tiles) == before > 0  # the tableau pasted as kept
            monkeypatch.setattr(moleicki_hand, "_tableaux", KeptTiles(256))
            monkeypatch.setattr(R, "_mapped_hand_parts", KeptTiles(256))
            assert picture(R.render_hand(view)) == picture(with_kept)
            whole = to_png(moleicki_hand.hand_image(view), key="moleicki.hand", source=R._palette_source)
            assert R.render_hand(view) == whole
    assert hits > 100 and len(kept_bands) > 100


def test_the_hand_strip_dots_count_the_ranks_held_up_to_six():
    """The rank strip in the hand picture shows a dot per card held of each step, six at most:
    the same counts in other suits draw the same band, another count a different one."""
    from renderers import moleicki_hand
    from renderers.moleicki_centre import held_per_step

    assert held_per_step("up", {"3": 8, "9": 1})[:7] == (6, 0, 0, 0, 0, 0, 1)
    state = GAME.new(4, seed=11)
    base = dict(state.view(0), names=NAMES[:4])

    def band(hand: list[str]) -> bytes:
        image = moleicki_hand.hand_image(dict(base, hand=hand))
        return image.crop((0, moleicki_hand._STRIP_Y, L.HAND_W, moleicki_hand._STRIP_Y + L.STRIP_H)).tobytes()

    two_threes = band(["3C", "3D", "9H", "KS"])
    assert band(["3H", "3S", "9C", "KD"]) == two_threes
    assert band(["3C", "9H", "KS"]) != two_threes
    six = band(["3C", "3D", "3H", "3S", "3C", "3D", "9H"])
    assert band(["3C", "3D", "3H", "3S", "3C", "3D", "3H", "3S", "9H"]) == six  # no seventh dot
    assert band(["3C", "3D", "3H", "3S", "3C", "9H"]) != six


# -- words read on a phone ---------------------------------------------------------------------


def test_every_word_on_the_table_and_hand_reads_at_7_5_px_at_phone_width(states, monkeypatch):
    """Every word (two letters or more) on a table or hand, from the deal to the end at 2 to 8
    seats, reads at 7.5 px or more once the picture is shown 400 px wide ("BARRIER" and "BASE"
    over the hand's tableau were 15 px, 6.2 on a phone; "in hand" 17 px, 7.1)."""
    sizes = WordSizes(monkeypatch)
    for name in ("deal-4", "race-4", "mid-2", "mid-8", "big-5", "over-2", "over-8"):
        state = states[name]
        seat = state.to_move[0] if state.to_move else 0
        sizes.note(R.render_table(public(state)))
        sizes.note(R.render_hand(own(state, seat)))
    assert {"BARRIER", "BASE", "in hand", "MOLEICKI"} <= set(sizes.words)
    assert not sizes.small(), sizes.small()
