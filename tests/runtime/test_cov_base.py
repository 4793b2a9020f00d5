"""The base game's refusals of forged saves (runtime.games.paleo.base), each naming the rule it breaks, and the
rule-test `tools` key refusing more tools than the supply holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runtime import Game, StateError
from runtime.ruletests import RuleTestFailure, run_test

ROOT = Path(__file__).resolve().parents[2]
FINISH = {"k": "finish", "player": 0, "card": 0, "kind": "day"}


@pytest.fixture(scope="module")
def saved(bundle) -> dict:
    return json.loads(Game.new(bundle, scenario="A", players=2, seed=1).to_json())


def _two_chosen(s):
    s["z"]["chosen/0"] += [s["z"]["deck/0"].pop(), s["z"]["deck/0"].pop()]


@pytest.mark.parametrize("forge, why", [
    (_two_chosen, "player 0 has 2 chosen cards"),
    (lambda s: s.update(asleep=[True, False]), "player 0 is asleep with 18 cards in their deck"),
    (lambda s: s.update(asleep=[True, False], choice=[{"kind": "sleep"}, None]), "player 0 is asleep but has a choice pending"),
    (lambda s: s.update(choice=[{"kind": "card", "card": 0}, None]), "player 0: the choice has unknown fields"),
    (lambda s: s.update(step="resolve", choice=[{"kind": "sleep"}, None]), "choice of player 0 outside the choose step"),
    (lambda s: s["queue"].insert(0, {"k": "everyone-dice", "player": 0, "card": 0, "kind": "day", "helpers": [],
                                     "finish": FINISH, "option": 0, "variant": 0, "ask": []}),
     "pending decision everyone-dice asks nobody"),
    (lambda s: s["queue"].insert(0, {"k": "trigger", "card": 0, "player": 0, "symbol": "symbol:food"}),
     "which lies in no zone heard for P0"),
    (lambda s: s["queue"].insert(0, {"k": "nightcard", "card": 0, "player": None}),
     "pending decision nightcard for card instance 0, which is not where that decision is taken"),
])
def test_a_forged_base_game_save_is_refused_naming_why(bundle, saved, forge, why):
    s = json.loads(json.dumps(saved))
    forge(s)
    with pytest.raises(StateError) as exc:
        Game.from_json(bundle, json.dumps(s))
    assert why in str(exc.value)


def test_a_given_state_cannot_hand_out_more_tools_than_the_supply_holds(bundle):
    t = json.loads((ROOT / "tests" / "rules" / "resolve-dice-met.json").read_text(encoding="utf-8"))
    t["given"]["tools"] = {"0": {"spear": 99}}
    with pytest.raises(RuleTestFailure, match="given: only [0-9]+ spear left in the supply"):
        run_test(t, bundle)


def test_given_tools_replace_what_a_group_holds_and_return_the_rest_to_the_supply(bundle):
    t = json.loads((ROOT / "tests" / "rules" / "resolve-dice-met.json").read_text(encoding="utf-8"))
    t.pop("dice")
    t["actions"] = []
    t["given"]["tools"] = {"0": {"spear": 0}}  # the setup's stone axe goes back; no spear is taken
    t["expect"] = {"state": {"tools": {"0": {"$len": 0}, "1": {"torch": 1}}, "supply": {"stone-axe": 5, "spear": 5}}}
    run_test(t, bundle)
