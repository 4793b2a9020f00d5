"""The core's contract: events say where they come from, saves carry their format, setup records, triggers on the bus."""

from __future__ import annotations

import json

import pytest

from runtime import NotPlayable, SetupError, StateError
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.core import STATE_FORMAT
from runtime.games.paleo import PALEO
from runtime.ruletests import apply_given
from runtime.sim import play
new_game = Game.new


@pytest.mark.parametrize("scenario", ["A", "B", "C"])
def test_every_event_names_the_rule_symbol_or_record_behind_it(bundle, scenario):
    for seed in range(12):
        g = play(bundle, game="game:paleo", scenario=scenario, players=1 + seed % 4, seed=seed, policy="random")
        for e in g.log:
            by = e.get("by")
            assert isinstance(by, str), e
            src = PALEO.source_of(by, bundle)
            assert src and src["rulebook"].endswith(".txt") and src["section"], (e, src)


def test_op_events_carry_their_symbol(bundle):
    g = play(bundle, game="game:paleo", scenario="A", players=2, seed=5, policy="greedy")
    gains = [e for e in g.log if e["t"] in ("gain", "pay")]
    assert gains and all(e["by"].startswith("symbol:") for e in gains)
    assert all(e["by"] == "rule:paleo/feeding" for e in g.log if e["t"] == "feeding")


def test_a_save_names_its_format_and_an_older_one_is_refused_naming_it(bundle):
    g = new_game(bundle, scenario="A", players=2, seed=1)
    s = json.loads(g.to_json())
    assert s["format"] == STATE_FORMAT == "runtime-state/2"
    s["format"] = "paleo-runtime-state/1"
    with pytest.raises(StateError, match="paleo-runtime-state/1"):
        Game.from_json(bundle, json.dumps(s))
    s["format"] = "runtime-state/9"
    with pytest.raises(StateError, match="runtime-state/9"):
        Game.from_json(bundle, json.dumps(s))


def test_the_setup_record_is_kept_and_checked(bundle):
    g = new_game(bundle, scenario="A", players=2, seed=1)
    assert g.s["setup"] == {"scenario": None, "modules": ["module:paleo/A"], "boards": [], "options": {}}
    assert g.observation(1)["setup"] == g.s["setup"]
    same = new_game(bundle, setup={"modules": ["module:paleo/A"]}, players=2, seed=1)
    assert same.to_json() == g.to_json()
    with pytest.raises(SetupError, match="unknown setup option"):
        new_game(bundle, scenario="A", players=2, seed=1, options={"mode": "casual"})
    with pytest.raises(SetupError, match="unknown board"):
        new_game(bundle, scenario="A", players=2, seed=1, boards=["board:moon"])
    with pytest.raises(SetupError, match="unknown setup record key"):
        new_game(bundle, setup={"modules": [], "variant": 1}, players=2, seed=1)
    s = json.loads(g.to_json())
    s["setup"]["modules"] = ["module:paleo/B"]  # another card set: the cards no longer match
    with pytest.raises(StateError):
        Game.from_json(bundle, json.dumps(s))


def test_a_board_no_system_plays_makes_the_game_not_playable(bundle):
    other = dict(bundle, boards=[*bundle["boards"], {"id": "board:moon", "game": "game:paleo", "name": "Moon"}])
    with pytest.raises(NotPlayable, match="board `board:moon`: no system of this runtime plays it"):
        new_game(other, scenario="A", players=2, seed=1, boards=["board:moon"])
    # the Cult Site is played: its faceless new base cards and secrets are what the bundle lacks
    with pytest.raises(NotPlayable, match="12 of the 12 new base cards"):
        new_game(bundle, scenario="A", players=2, seed=1, boards=["board:cult-site"])
    # the farm switches A New Beginning on: its own base cards, humans and secrets 6 and 7 must then be known
    with pytest.raises(NotPlayable, match="secret:6: its card face"):
        new_game(bundle, scenario="A", players=2, seed=1, boards=["board:farm"])


def test_a_game_without_a_definition_is_not_playable(bundle):
    b = json.loads(json.dumps(bundle))
    b["games"].append({**next(g for g in b["games"] if g["id"] == "game:paleovet"), "id": "game:fan-dice"})
    with pytest.raises(NotPlayable, match="no game definition"):
        new_game(b, game="game:fan-dice", players=2, seed=1)


def test_paleovet_is_checked_against_its_own_rules_not_paleos(bundle):
    """The synthetic base pack has no dinos: PaleoVet's own definition names what it lacks."""
    with pytest.raises(NotPlayable) as exc:
        new_game(bundle, game="game:paleovet", players=2, seed=1)
    assert any("dino cards" in f for f in exc.value.facts)
    assert not any("base card set" in f or "people cards" in f for f in exc.value.facts)


def _listening_bundle(bundle) -> dict:
    """Night Fire made to answer `on food` (edited in memory: the registry lets only A New Beginning's farm
    actions trigger, and none of them is played yet), to exercise the bus path an `on <symbol>:` option takes."""
    b = json.loads(json.dumps(bundle))
    card = next(c for c in b["cards"] if c["id"] == "card:synthetic/c-night-fire")
    card["marks"] = ["moon"]
    card["options"][1] = {"text": "on food: cost 1 wood -> 1 stone", "ir": {
        "node": "option", "trigger": {"kind": "on", "call": {"node": "call", "symbol": "symbol:food", "args": {}}},
        "clauses": [{"node": "clause", "kind": "cost", "position": "cost",
                     "body": {"node": "call", "symbol": "symbol:wood", "args": {"n": 1}}},
                    {"node": "clause", "kind": "reward", "position": "reward",
                     "body": {"node": "call", "symbol": "symbol:stone", "args": {"n": 1}}}]}}
    return b


def test_an_on_symbol_option_answers_when_its_group_performs_the_symbol(bundle):
    b = _listening_bundle(bundle)
    g = new_game(b, scenario="C", players=2, seed=1)
    apply_given(g, {"decks": {"0": ["card:synthetic/berry-bushes", "card:synthetic/ford"],
                              "1": ["card:synthetic/berry-bushes", "card:synthetic/ford"]},
                    "night": {"0": ["card:synthetic/c-night-fire"]}, "res": {"food": 0, "wood": 1, "stone": 0}})
    for p in (0, 1):
        g.apply(next(a for a in g.legal_actions(p) if a["type"] == "choose" and a["card"] == 0))
    g.apply({"type": "option", "player": 1, "option": 1})  # the other group's food: Night Fire stays silent
    assert not g.s["queue"] and g.s["res"] == {"food": 1, "wood": 1, "stone": 0}
    g.apply({"type": "option", "player": 0, "option": 1})
    assert g.s["queue"][0]["k"] == "trigger"
    acts = g.legal_actions()
    assert [a["type"] for a in acts] == ["option", "ignore"]  # it has a cost, so it may be declined
    g.apply(acts[0])
    assert g.s["res"] == {"food": 2, "wood": 0, "stone": 1}
    t = [e["t"] for e in g.log]
    assert t.index("gain") < t.index("pay")
    assert next(e for e in g.log if e["t"] == "pay")["by"] == "symbol:wood"
