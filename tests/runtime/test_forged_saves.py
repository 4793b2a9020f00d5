"""Saved games of Paleo a few actions from breaking, refused when read back, naming why."""

from __future__ import annotations

import json

import pytest

from runtime import Game, StateError


@pytest.mark.parametrize("forge, why", [
    (lambda s: s["queue"].insert(0, {"k": "finish", "player": 0, "card": 0, "kind": "junk"}), "unknown kind"),
    (lambda s: s["queue"].insert(0, {"k": "finish", "player": None, "card": 0, "kind": "day"}), "names no player"),
    (lambda s: s.update(helping=[1, 0], done=[True, True]), "help each other"),
])
def test_a_forged_resolution_is_refused_naming_it(bundle, forge, why):
    """Saved games a few actions from breaking: a finish of no known kind, two players helping each other."""
    g = Game.new(bundle, scenario="A", players=2, seed=1)
    s = json.loads(g.to_json())
    forge(s)
    with pytest.raises(StateError, match=why):
        Game.from_json(bundle, json.dumps(s))
