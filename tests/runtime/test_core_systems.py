"""A system written only against the public system interface plugs into the Paleo definition.

The lantern system is test data, not a Paleo rule: a per-player zone only its owner sees, a
bounded counter, a night step inserted before feeding, a decision kind, a listener on the
reveal, an invariant, and the rule-test `given` / `expect` keys derived from its declarations.
It switches on only when the setup option `lanterns` is `on`.
"""

from __future__ import annotations

import json

import pytest

from runtime import StateError
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.core import WAIT, Counter, Decision, Listener, Step, System, Zone
from runtime.core.definition import REGISTRY
from runtime.core.invariants import violations
from runtime.games.paleo import PaleoDefinition
from runtime.games.paleo.base import BaseSystem
from runtime.games.paleo.system import PaleoSystem
from runtime.ruletests import RuleTestFailure, given_keys, run_test, view
new_game = Game.new

MAX_OIL = 3


def refuel(g):
    for p in range(g.s["players"]):
        if g.s["oil"][p] < MAX_OIL:
            g.s["oil"][p] += 1
            g.event("refuel", player=p, oil=g.s["oil"][p])
        if g.s["oil"][p] == MAX_OIL:
            g.s["queue"].append({"k": "trim", "player": p})
    return None


def trim_actions(g, item):
    p = item["player"]
    return [{"type": "trim", "player": p, "label": f"P{p}: trim the lantern"},
            {"type": "keep", "player": p, "label": f"P{p}: keep it burning"}]


def apply_trim(g, item, a):
    g.s["queue"].pop(0)
    if a["type"] == "trim":
        g.s["oil"][item["player"]] -= 1
    g.event(a["type"], player=item["player"])


def lit(g, _payload):
    for p in range(g.s["players"]):
        for iid in g.s["z"][f"chosen/{p}"]:
            if g.rules.back(g.s["cards"][iid]) == "forest":
                g.event("lantern-lit", player=p)


class LanternSystem(PaleoSystem):
    name = "lantern"
    zones = (Zone("lantern", "player", "owner", given="bottom-first"),)
    counters = (Counter("oil", "player", max=lambda r: MAX_OIL),)
    steps = (Step("refuel", "night", refuel, before="feeding", rule="rule:lantern/refuel"),)
    decisions = (Decision("trim", {"player": "player"}, trim_actions, apply_trim, rule="rule:lantern/trim"),)
    listeners = (Listener("reveal", lit),)

    def applies(self, setup, bundle):
        return setup["options"].get("lanterns") == "on"

    def invariants(self, g):
        return [f"player {p} has {len(g.s['z'][f'lantern/{p}'])} lantern cards; a lantern holds one"
                for p in range(g.s["players"]) if len(g.s["z"][f"lantern/{p}"]) > 1]


class LanternPaleo(PaleoDefinition):
    options = {"lanterns": (("off", "on"), "off")}

    def __init__(self):
        super().__init__((BaseSystem(), LanternSystem()))


@pytest.fixture()
def lanterns(monkeypatch):
    monkeypatch.setitem(REGISTRY, "game:paleo", LanternPaleo())


def _game(bundle, **given):
    from runtime.ruletests import apply_given

    g = new_game(bundle, scenario="A", players=2, seed=3, options={"lanterns": "on"})
    apply_given(g, given)
    return g


def test_the_system_switches_on_only_when_the_setup_asks(bundle, lanterns):
    off = new_game(bundle, scenario="A", players=2, seed=3)
    assert "oil" not in off.s and "lantern/0" not in off.s["z"]
    on = new_game(bundle, scenario="A", players=2, seed=3, options={"lanterns": "on"})
    assert on.s["oil"] == [0, 0] and on.s["z"]["lantern/1"] == []
    assert on.s["setup"]["options"] == {"lanterns": "on"}
    assert on.observation(0)["setup"]["options"] == {"lanterns": "on"}


def test_zone_visibility_owner_in_observations(bundle, lanterns):
    g = _game(bundle, lantern={"0": ["card:synthetic/ford"]})
    mine, theirs = g.observation(0), g.observation(1)
    assert mine["players"][0]["lantern"] == ["card:synthetic/ford"]
    assert theirs["players"][0]["lantern"] == ["river"]  # the back only
    assert "card:synthetic/ford" not in json.dumps(theirs["players"][0]["lantern"])
    assert mine["players"][0]["oil"] == 0


def test_counter_bound_refused_by_from_json(bundle, lanterns):
    g = _game(bundle)
    s = json.loads(g.to_json())
    s["oil"][1] = MAX_OIL + 1
    with pytest.raises(StateError, match="oil is 4; at most 3"):
        Game.from_json(bundle, json.dumps(s))
    s["oil"][1] = -1
    with pytest.raises(StateError, match="oil is -1"):
        Game.from_json(bundle, json.dumps(s))
    assert Game.from_json(bundle, g.to_json()).to_json() == g.to_json()


def test_declared_invariant_flagged(bundle, lanterns):
    g = _game(bundle, lantern={"0": ["card:synthetic/ford", "card:synthetic/river-bank"]})
    assert any("lantern holds one" in v for v in violations(g))
    with pytest.raises(StateError, match="lantern holds one"):
        Game.from_json(bundle, g.to_json())


def _to_night(bundle, oil):
    g = _game(bundle, decks={"0": ["card:synthetic/berry-bushes"], "1": ["card:synthetic/berry-bushes"]},
              oil={"0": oil, "1": 0})
    for p in (0, 1):
        g.apply(next(a for a in g.legal_actions(p) if a["type"] == "choose"))
    for p in (0, 1):
        g.apply(next(a for a in g.legal_actions(p) if a["type"] == "option" and a["option"] == 1))
    return g


def test_night_step_runs_before_feeding_and_its_decision_is_legal(bundle, lanterns):
    g = _to_night(bundle, oil=2)
    kinds = [e["t"] for e in g.log]
    assert "refuel" in kinds and "feeding" not in kinds  # the night opens with the inserted step
    assert g.s["phase"] == "night" and g.s["queue"][0]["k"] == "trim"
    assert g.legal_actions() == [{"type": "trim", "player": 0, "label": "P0: trim the lantern"},
                                 {"type": "keep", "player": 0, "label": "P0: keep it burning"}]
    g.apply({"type": "trim", "player": 0})
    assert g.s["oil"] == [2, 1]
    kinds = [e["t"] for e in g.log]
    assert kinds.index("refuel") < kinds.index("trim") < kinds.index("feeding")
    refuel_event = next(e for e in g.log if e["t"] == "refuel")
    assert refuel_event["by"] == "rule:lantern/refuel"
    assert next(e for e in g.log if e["t"] == "trim")["by"] == "rule:lantern/trim"


def test_listener_fires_on_reveal(bundle, lanterns):
    g = _game(bundle, decks={"0": ["card:synthetic/forest-glade"], "1": ["card:synthetic/river-bank"]})
    for p in (0, 1):
        g.apply(next(a for a in g.legal_actions(p) if a["type"] == "choose"))
    lit_events = [e for e in g.log if e["t"] == "lantern-lit"]
    assert lit_events == [{"t": "lantern-lit", "day": 1, "player": 0, "by": "rule:paleo/choose"}]


def test_given_and_expect_keys_work_in_a_rule_test(bundle, lanterns):
    g = _game(bundle)
    assert {"lantern", "oil"} <= set(given_keys(g))
    assert view(g)["oil"] == {"0": 0, "1": 0} and view(g)["lantern"] == {"0": [], "1": []}
    test = {
        "format": 2, "name": "lanterns: a full lantern is trimmed at night, before feeding",
        "rulebook": "002_56cce9db253ede81.txt", "section": ["Night Phase: Preparing for Tomorrow"], "rules": ["game:paleo#night/feeding"],
        "content": {"scenario": "A", "options": {"lanterns": "on"}},
        "players": 2, "seed": 3,
        "given": {"decks": {"0": ["card:synthetic/berry-bushes"], "1": ["card:synthetic/berry-bushes"]},
                  "oil": {"0": 2}, "lantern": {"1": ["card:synthetic/ford"]}},
        "actions": [{"type": "choose", "player": 0}, {"type": "choose", "player": 1},
                    {"type": "option", "player": 0, "option": 1}, {"type": "option", "player": 1, "option": 1},
                    {"type": "keep", "player": 1, "illegal": True}, {"type": "trim", "player": 0}],
        "expect": {"state": {"oil": {"0": 2, "1": 1}, "lantern": {"1": ["card:synthetic/ford"]}},
                   "events": [{"t": "refuel", "player": 0, "oil": 3}, {"t": "trim", "player": 0}, {"t": "feeding"}]},
    }
    run_test(test, bundle)
    wrong = json.loads(json.dumps(test))
    wrong["expect"]["state"]["oil"] = {"0": 3}
    with pytest.raises(RuleTestFailure, match="oil"):
        run_test(wrong, bundle)
    unknown = json.loads(json.dumps(test))
    unknown["given"]["lamp"] = {}
    with pytest.raises(RuleTestFailure, match="unknown key `lamp`"):
        run_test(unknown, bundle)


def test_a_layout_conflict_is_refused():
    from runtime.core import Layout, LayoutError

    class Twice(System):
        name = "twice"
        zones = (Zone("deck", "player"),)

    with pytest.raises(LayoutError, match="zone `deck` declared twice"):
        Layout([BaseSystem(), Twice()])

    class Lost(System):
        name = "lost"
        steps = (Step("x", "night", lambda g: WAIT, before="nowhere"),)

    with pytest.raises(LayoutError, match="nowhere"):
        Layout([BaseSystem(), Lost()])
