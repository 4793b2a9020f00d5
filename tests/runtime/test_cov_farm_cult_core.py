"""The engine's own refusals of bad input: a setup that is not a mapping, players or seed that are not
integers, and a saved game beyond the size any real state has."""

from __future__ import annotations

import pytest

from runtime.core import game as core_game
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.engine import SetupError, StateError


@pytest.mark.parametrize("kw, says", [
    ({"players": True}, "players and seed must be integers"),
    ({"players": 2, "seed": "7"}, "players and seed must be integers"),
    ({"players": 2, "setup": "A"}, "a setup record is a mapping of scenario, modules, boards and options"),
])
def test_a_new_game_asked_with_bad_arguments_is_refused(bundle, kw, says):
    with pytest.raises(SetupError, match=says):
        Game.new(bundle, **kw)


def test_a_saved_game_larger_than_any_state_is_refused_before_it_is_read(bundle):
    text = " " * (core_game.MAX_STATE_BYTES + 1)
    with pytest.raises(StateError, match=f"at most {core_game.MAX_STATE_BYTES} bytes"):
        Game.from_json(bundle, text)
