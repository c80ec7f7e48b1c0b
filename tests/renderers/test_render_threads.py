"""The bot draws in two render threads (bot.drawing.RENDER_THREADS): pictures drawn at the same
time, with the kept tiles evicted as they go, are byte for byte the pictures drawn one at a
time (the same pixels: a colour the palette holds twice may take either index, so the files'
bytes may differ). Real games, played a few dozen moves; the tables and hands of every seat."""

from __future__ import annotations

import io
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

import renderers
from bot.drawing import RENDER_THREADS
from engine import GAMES
from renderers import hand_and_foot, hickory_dickory, moleicki, moleicki_hand, moleicki_seats, rummy, solitaire

NAMES = ["Alice", "Bob", "Zoë", "Dmitri", "Eve", "Mallory", "Trent", "Peggy"]
CASES = [("moleicki", 8), ("hand_and_foot", 4), ("hickory_dickory", 4), ("klondike", 1), ("milk_run", 6), ("rummy", 6)]


def pictures(game: str, players: int, moves: int = 24) -> list[tuple[str, dict]]:
    """(what, view) for the table and every seat's hand after each of `moves` random moves."""
    state = GAMES[game].new(players, seed=7, options={})
    rng = random.Random(7)
    out: list[tuple[str, dict]] = []
    for _ in range(moves):
        if state.over:
            break
        seat = rng.choice(state.to_move)
        moves = [a for a in state.legal_actions(seat) if a.text != "resign"] or state.legal_actions(seat)
        state.apply(seat, rng.choice(moves).text)
        out.append(("table", dict(state.view(None), names=NAMES[:players])))
        out += [("hand", dict(state.view(s), names=NAMES[:players])) for s in range(players)]
    return out


def draw_all(game: str, items: list[tuple[str, dict]], threads: int) -> list[tuple[tuple[int, int], bytes]]:
    """Each picture drawn, as (size, RGB pixels)."""
    module = renderers.for_game(game)
    draw = {"table": module.render_table, "hand": module.render_hand}
    with ThreadPoolExecutor(max_workers=threads) as pool:
        files = list(pool.map(lambda item: draw[item[0]](item[1]), items))
    return [(img.size, img.tobytes()) for img in (Image.open(io.BytesIO(f)).convert("RGB") for f in files)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pictures_drawn_at_once_match_those_drawn_in_turn(game, players, monkeypatch):
    assert RENDER_THREADS == 2
    items = pictures(game, players)
    assert len(items) > 24
    one_at_a_time = draw_all(game, items, threads=1)
    # small caches, so tiles are evicted while the other thread looks them up
    for kept in (
        moleicki_seats._tiles,
        moleicki_seats._mats,
        moleicki._mapped_panels,
        moleicki._mapped_tops,
        moleicki._full_tops,
        moleicki._mapped_hand_parts,
        moleicki_hand._tableaux,
        moleicki_hand._strips,
        hand_and_foot._tiles,
        hickory_dickory._tiles,
        rummy._bands,
    ):
        monkeypatch.setattr(kept, "kept", 3)
    monkeypatch.setattr(solitaire._columns_kept, "kept", 3)
    assert draw_all(game, items, threads=RENDER_THREADS) == one_at_a_time
