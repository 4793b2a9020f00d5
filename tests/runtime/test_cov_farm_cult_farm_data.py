"""What the farm system reads from a bundle once per game, and refuses when it is not there: the farm's facts a
hand-made bundle may leave out (a build cost, how the scythe or millstone improves, a captured animal's yield, a
secret token's face), the supply counts of the box, and a forged save's farm fields.

Expectations come from `000_97f291d3c44cb3f7.txt` (A New Beginning): Components, The Farm (New Farm Symbols,
Build Expansion Tokens, Animal Actions, Expansion Tokens on the Farm, Secret Tokens on the Farm).
"""

from __future__ import annotations

import copy
import json

import pytest

from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.engine import NotPlayable, StateError

import synthetic_bundle

FARM = dict(modules=["module:paleo/B"], boards=["board:farm"], players=1, seed=3)


def _by_id(items, i):
    return next(x for x in items if x["id"] == i)


def _add_card(b, name, options, animal=None):
    c = copy.deepcopy(_by_id(b["cards"], "card:synthetic/anb-meadow"))
    c.update(id=f"card:synthetic/covd-{name}", name=f"Covd {name} (synthetic)", marks=[], animal=animal,
             options=[{"text": t, "ir": synthetic_bundle.lower(t)} for t in options])
    b["cards"].append(c)


def test_farm_facts_a_bundle_leaves_out_make_the_game_unplayable(anb_bundle):
    """Each fact the farm needs and a hand-made bundle lacks is named, and the game is not set up: the hut's
    build cost (Build Expansion Tokens), how the scythe and the millstone improve harvest and grind (Expansion
    Tokens on the Farm), the yield of a card that captures itself (New Farm Symbols), the face of a secret token
    placed on the farm (Secret Tokens on the Farm), an animal's hunt action (Animal Actions), and what a new
    human brings, written where it has no meaning."""
    b = copy.deepcopy(anb_bundle)
    _by_id(b["tokens"], "token:anb/hut")["cost"] = None
    _by_id(b["tokens"], "token:anb/scythe")["improves"] = None
    _by_id(b["tokens"], "token:anb/millstone")["improves"] = None
    _by_id(b["tokens"], "token:anb/2")["options"] = []  # the Herb Garden places it on the farm
    _add_card(b, "stray", ["-> capture animal"])
    _add_card(b, "lost-token", ["-> place token 42 on farm"])
    _add_card(b, "short-hunt", ["-> capture animal"], animal={"yield": None, "hunt": 4})
    heal_cost = {"node": "option", "clauses": [{"node": "clause", "kind": "cost", "position": "cost",
                                                 "body": {"node": "call", "symbol": "symbol:heal", "args": {"n": 1}}}]}
    people = [c for c in b["cards"] if c.get("kind") == "person" and c.get("product") == "product:anb"]
    for c in people:
        c["person"]["brings"] = {"text": "cost heal 1", "ir": heal_cost}
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, **FARM)
    facts = exc.value.facts
    for want in ("token:anb/hut: the resources that build it are printed on the farm board",
                 "token:anb/scythe: how the scythe improves harvesting is not given",
                 "token:anb/millstone: how the millstone improves grinding is not given",
                 "card:synthetic/covd-stray: captures itself, but its animal yield is not given",
                 "card:synthetic/covd-lost-token: places secret token 42, whose face is not given",
                 "places secret token 2 (token:anb/2), whose rule is stated in words only",
                 "card:synthetic/covd-short-hunt: its hunt action is option 4, which the card does not have",
                 f"{people[0]['id']}: what the person brings: `symbol:heal` has no runtime meaning as a cost"):
        assert any(want in f for f in facts), (want, facts)


def test_the_grain_supply_counts_what_the_box_holds_and_is_open_when_it_is_not_stated(anb_bundle):
    """Components: 8 grain and 5 obsidian tokens come in the box; the supply holds that many. Where a bundle
    does not state a count, the supply is not counted (no limit is invented)."""
    g = Game.new(anb_bundle, **FARM)
    assert g.rules.res_stock.get("grain") == 8 and g.rules.res_stock.get("obsidian") == 5
    b = copy.deepcopy(anb_bundle)
    anb = _by_id(b["products"], "product:anb")
    anb["components"] = [c for c in anb["components"] if c.get("name") != "grain"]
    b["products"].remove(anb)
    b["products"].append(anb)  # another product first: the count is read from A New Beginning's own record
    g = Game.new(b, **FARM)
    assert "grain" not in g.rules.res_stock and g.rules.res_stock.get("obsidian") == 5


@pytest.mark.parametrize("field, value, says", [
    ("tokens", {"token:anb/1": "down"}, "secret token places are down, farm, group or box, one per secret token"),
    ("dreaming", [10 ** 6], "dreaming people are a list of card instances"),
])
def test_a_forged_save_of_the_farm_fields_is_refused(anb_bundle, field, value, says):
    g = Game.new(anb_bundle, **FARM)
    s = json.loads(g.to_json())
    s[field] = value
    with pytest.raises(StateError, match=says):
        Game.from_json(anb_bundle, json.dumps(s))
