"""Pure Pillow renderers: a game's view dict in, PNG bytes out.

Each game has `renderers/<game>.py` with `render_table(view)`, `render_hand(view)`
and `alt_text(view)`; `for_game` finds it by the engine's game name.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def for_game(name: str) -> ModuleType:
    return importlib.import_module(f"renderers.{name}")
