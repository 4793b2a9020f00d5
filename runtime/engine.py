"""The front door: `new_game` and `Game`, with every game definition of this runtime registered."""

from __future__ import annotations

from . import games  # noqa: F401 - registers the game definitions with the core
from .core import Game, IllegalAction, NotPlayable, SetupError, StateError
from .games.paleo import ACTION_CAP, DAY_CAP

__all__ = ["ACTION_CAP", "DAY_CAP", "Game", "IllegalAction", "NotPlayable", "SetupError", "StateError", "new_game"]


def new_game(bundle: dict, **kw) -> Game:
    """Create a game; see `Game.new` for the keywords (game, scenario, modules, boards, options, players, seed)."""
    return Game.new(bundle, **kw)
