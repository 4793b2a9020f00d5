"""The runtime refuses bad input with the right kind of refusal: IllegalAction for actions, StateError for saves."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from runtime import ACTION_CAP, Game, IllegalAction, StateError, new_game
from runtime.sim import play

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "packs"))
import synthetic_bundle  # noqa: E402


@pytest.fixture(scope="module")
def bundle() -> dict:
    return synthetic_bundle.cached()


@pytest.fixture()
def game(bundle) -> Game:
    return new_game(bundle, scenario="A", players=2, seed=4)


def _nested(depth: int) -> dict:
    top = {"type": "choose", "player": 0}
    x = top
    for _ in range(depth):
        x["card"] = {}
        x = x["card"]
    return top


def test_a_deeply_nested_action_is_an_illegal_action(game):
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(_nested(100_000))
    assert game.to_json() == before


def test_an_action_with_a_5000_digit_int_is_an_illegal_action(game):
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply({"type": "choose", "player": 0, "card": 7 * 10 ** 5000})
    assert game.to_json() == before


def test_deeply_nested_json_is_a_state_error(bundle):
    with pytest.raises(StateError, match="nests"):
        Game.from_json(bundle, "[" * 200_000 + "]" * 200_000)
    with pytest.raises(StateError):
        Game.from_json(bundle, '{"format": "runtime-state/2", "x": ' + "[" * 5000 + "]" * 5000 + "}")


def test_a_capped_game_restores_from_its_own_save(bundle, game):
    s = json.loads(game.to_json())
    s["actions"] = ACTION_CAP - 1
    g = Game.from_json(bundle, json.dumps(s))
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    assert g.outcome["result"] == "unfinished" and "cap" in g.outcome["cause"]
    back = Game.from_json(bundle, g.to_json())
    assert back.outcome == g.outcome and back.to_json() == g.to_json()


def test_a_finished_game_restores_and_a_forged_end_point_is_refused(bundle):
    g = play(bundle, game="game:paleo", scenario="A", players=2, seed=2, policy="random")
    assert Game.from_json(bundle, g.to_json()).outcome == g.outcome
    s = json.loads(g.to_json())
    s["ended"] = ["day", "no-such-step"]
    with pytest.raises(StateError, match="ended"):
        Game.from_json(bundle, json.dumps(s))
    live = json.loads(new_game(bundle, scenario="A", players=2, seed=4).to_json())
    live["ended"] = ["day", "choose"]
    with pytest.raises(StateError, match="in play"):
        Game.from_json(bundle, json.dumps(live))


@pytest.mark.parametrize("key", ["07", "\u0667", "\u0660\u0667", "\u00b2"])
def test_a_numeric_key_in_another_form_is_a_state_error(bundle, game, key):
    s = json.loads(game.to_json())
    s["wounds"] = {key: 1}
    with pytest.raises(StateError, match="normal form"):
        Game.from_json(bundle, json.dumps(s))


def test_an_outcome_without_a_cause_is_a_state_error(bundle):
    g = play(bundle, game="game:paleo", scenario="A", players=2, seed=2, policy="random")
    for forged in ({"cause": None}, {"cause": ""}, {"tie": "no"}):
        s = json.loads(g.to_json())
        s["outcome"].update(forged)
        with pytest.raises(StateError, match="cause"):
            Game.from_json(bundle, json.dumps(s))
    s = json.loads(g.to_json())
    del s["outcome"]["cause"]
    with pytest.raises(StateError, match="cause"):
        Game.from_json(bundle, json.dumps(s))


def test_an_unknown_module_in_a_save_is_a_state_error(bundle, game):
    for modules in (["module:nope"], ["module:paleo/A", "module:nope"], "module:paleo/A", [["x"]]):
        s = json.loads(game.to_json())
        s["setup"]["modules"] = modules
        with pytest.raises(StateError):
            Game.from_json(bundle, json.dumps(s))
