"""Pure Pillow renderers: a game's view dict in, PNG bytes out.

Each game has `renderers/<game>.py` with `render_table(view)`, `render_hand(view)`
and `alt_text(view)`; `for_game` finds it by the engine's game name. `register`
names a renderer that lives elsewhere (a test's throwaway game).
"""

from __future__ import annotations

import importlib
from types import ModuleType

REQUIRED = ("render_table", "render_hand", "alt_text")
_REGISTERED: dict[str, ModuleType] = {}


def register(name: str, module: ModuleType) -> None:
    _REGISTERED[name] = module


def for_game(name: str) -> ModuleType:
    module = _REGISTERED.get(name)
    if module is None:
        module = importlib.import_module(f"renderers.{name}")
    return module


def missing(name: str) -> list[str]:
    """What a game's renderer lacks (every name in REQUIRED), or [] when it is complete."""
    try:
        module = for_game(name)
    except ImportError:
        return list(REQUIRED)
    return [f for f in REQUIRED if not callable(getattr(module, f, None))]
