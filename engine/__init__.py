"""Pure rules engines for every Parlour game; `GAMES` maps a name to its Game class.

A game is a module of this package that defines `GAME`, its Game subclass; it is
found on import, so adding a game is adding its module. `register` adds a Game class
from elsewhere (a test's throwaway game).
"""

from __future__ import annotations

import importlib
import pkgutil

from engine.core import Action, Event, Game, IllegalAction, Option, Outcome, State

GAMES: dict[str, type[Game]] = {}


def register(game: type[Game]) -> type[Game]:
    """Make a game known to everything that reads GAMES (the bot, benches, conformance tests)."""
    GAMES[game.name] = game
    return game


def _discover() -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name in ("core", "cards", "ai") or (info.ispkg and info.name.startswith("_")):
            continue
        module = importlib.import_module(f"engine.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, type) and issubclass(game, Game) and module.__name__.endswith(game.name):
            register(game)


_discover()

__all__ = ["GAMES", "Action", "Event", "Game", "IllegalAction", "Option", "Outcome", "State", "register"]
