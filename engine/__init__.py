"""Pure rules engines for every Parlour game; `GAMES` maps a name to its Game class."""

from __future__ import annotations

import importlib

from engine.core import Action, Event, Game, IllegalAction, Option, Outcome, State

# One module per game; each defines a Game subclass named in its module's GAME.
_MODULES = ("dickory", "moleicki", "klondike", "freecell", "rummy")

GAMES: dict[str, type[Game]] = {}
for _name in _MODULES:
    _game = importlib.import_module(f"engine.{_name}").GAME
    GAMES[_game.name] = _game

__all__ = ["GAMES", "Action", "Event", "Game", "IllegalAction", "Option", "Outcome", "State"]
