"""The renderers' caches of pictures stay small: a bot serving many tables fills each to its
limit, so what a cache can hold is its limit times what a tile costs. Real games fill them
here (every game at its most seats); each bounded cache of images (a `KeptTiles`, an
`lru_cache` with a maxsize) is then priced at its limit, and the sum and each alone must
stay under budget, so a change that grows a cache or its tiles fails here. A `KeptTiles`
is priced at its largest tile (its tiles are parts of one picture), an `lru_cache` at its
mean value (words, masks and felts of every size)."""

from __future__ import annotations

import gc
import random
import sys
from collections.abc import Iterator
from typing import Any

from PIL import Image

import renderers
from engine import GAMES
from renderers.draw import KeptTiles

MB = 1 << 20
# All bounded caches of every renderer at their limits (~302 MB now): 300 MB until the card sprites,
# their shadows and pieces were bounded and priced here too (~44 MB at their limits; unbounded and
# unpriced before, they reached ~60 MB once every game had been drawn).
TOTAL_BUDGET = 330 * MB
ONE_BUDGET = 24 * MB  # any one of them
_BYTES_PER_PIXEL = {"P": 1, "L": 1, "1": 1}  # Pillow keeps RGB, RGBA, LA in 4 bytes a pixel


def image_bytes(obj: Any) -> list[int]:
    """The sizes of the images in a cached value (an image, or a tuple or list holding some)."""
    if isinstance(obj, Image.Image):
        return [obj.width * obj.height * _BYTES_PER_PIXEL.get(obj.mode, 4)]
    if isinstance(obj, (tuple, list)):
        return [n for item in obj for n in image_bytes(item)]
    return []


def value_bytes(obj: Any) -> int:
    return sum(image_bytes(obj))


def _lru_values(fn: Any) -> list[Any]:
    """The values a bounded `functools.lru_cache` holds, looked up again by its keys: its
    cache dict is among its referents, keyed by the arguments (a tuple of them, or the one
    int or str); a key with keyword arguments holds a marker `object` and is left out."""
    own = getattr(fn, "__dict__", None)  # the wrapper's attributes, not its cache
    keys = [k for d in gc.get_referents(fn) if isinstance(d, dict) and d is not own for k in list(d)]
    values = []
    for key in keys:
        args = key if isinstance(key, tuple) else (key,)
        if any(type(x) is object for x in args):
            continue
        try:
            values.append(fn(*args))
        except (TypeError, ValueError):  # keyword arguments after all: not a cache of pictures
            continue
    return values


def bounded_caches() -> Iterator[tuple[str, int, list[Any], bool]]:
    """(name, limit, values held, whether its tiles are alike) for every bounded cache in the
    loaded renderers, once each: a `KeptTiles` holds parts of one kind of picture, an
    `lru_cache` whatever its arguments ask for (words, masks, felts of any size)."""
    seen: set[int] = set()
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("renderers."):
            continue
        for attr, obj in vars(module).items():
            if id(obj) in seen:
                continue
            if isinstance(obj, KeptTiles):
                seen.add(id(obj))
                yield f"{name}.{attr}", obj.kept, list(obj._tiles.values()), True
            elif hasattr(obj, "cache_info") and obj.cache_info().maxsize is not None:
                seen.add(id(obj))
                yield f"{name}.{attr}", obj.cache_info().maxsize, _lru_values(obj), False


def play_every_game(moves: int = 40) -> None:
    """Draw the table and the mover's hand after each random move of a game of each kind."""
    for name, game in GAMES.items():
        module = renderers.for_game(name)
        state = game.new(game.max_players, seed=5)
        rng = random.Random(5)
        for _ in range(moves):
            if state.over:
                break
            seat = state.to_move[0] if state.to_move else 0
            actions = state.legal_actions(seat)
            if not actions:
                break
            state.apply(seat, rng.choice(actions).text)
            module.render_table(state.view(None))
            module.render_hand(state.view(seat))


def test_the_caches_of_pictures_at_their_limits_stay_under_budget():
    play_every_game()
    priced = {}
    for name, limit, values, alike in bounded_caches():
        sizes = [value_bytes(v) for v in values] or [0]
        # tiles alike: the largest, as a table's; otherwise what one costs on the whole
        priced[name] = limit * (max(sizes) if alike else sum(sizes) // len(sizes))
    # the games filled the caches that matter: a test that measured nothing would pass
    assert priced["renderers.moleicki._mapped_panels"] > 0
    assert priced["renderers.moleicki_seats._mats"] > 0
    assert priced["renderers.moleicki_hand._tableaux"] > 0
    assert priced["renderers.solitaire._columns_kept"] > 0
    assert priced["renderers.rummy._bands"] > 0
    for cards_cache in ("_sprite", "_shadow_pieces", "_plain_pieces", "_rotated", "_outline"):
        assert priced[f"renderers.cards.{cards_cache}"] > 0, cards_cache  # card sprites and their pieces
    assert priced["renderers.spanish_cards.spanish_image"] > 0
    over = {name: round(b / MB, 1) for name, b in priced.items() if b > ONE_BUDGET}
    assert not over, f"caches over {ONE_BUDGET // MB} MB at their limits: {over}"
    total = sum(priced.values())
    top = sorted(priced.items(), key=lambda item: -item[1])[:8]
    assert total <= TOTAL_BUDGET, (round(total / MB), [(n, round(b / MB, 1)) for n, b in top])


def test_the_price_counts_every_image_a_value_holds():
    """The pricing itself: a tile and a tuple of images cost their pixels' bytes."""
    rgba, mapped = Image.new("RGBA", (10, 20)), Image.new("P", (10, 20))
    assert value_bytes(rgba) == 800
    assert value_bytes((mapped, [rgba, "x"], 3)) == 1000
    kept = KeptTiles(4)
    kept.get("a", lambda: rgba)
    assert max(value_bytes(v) for v in kept._tiles.values()) * kept.kept == 3200


def test_card_sprites_and_their_pieces_are_bounded():
    """Every cache of card faces (French, Dickory, Spanish), their shadows and pieces has a limit:
    unbounded, they held ~60 MB once every game had been drawn, and this test's price missed them."""
    from renderers import cards, spanish_cards

    play_every_game(8)
    held = 0
    for module in (cards, spanish_cards):
        for attr, obj in vars(module).items():
            if hasattr(obj, "cache_info") and obj.__module__ == module.__name__:  # its own, not draw's
                values = _lru_values(obj)
                assert obj.cache_info().maxsize is not None or not any(map(image_bytes, values)), attr
                held += sum(map(value_bytes, values))
    assert held > 2 * MB  # the games filled them: a test that measured nothing would pass
