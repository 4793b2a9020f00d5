"""Module X (Revenge of the White Hands) on the hand-written pack: seeded full games with every invariant after every
action and JSON round trips, the joint help at the sun symbol across a save, and the refusals the module names."""

from __future__ import annotations

import copy
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from runtime import NotPlayable
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.core.invariants import check
from runtime.games.paleo import star_cards, white_hands as WH
from runtime.policies import POLICIES

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "packs"))

import synthetic_bundle  # noqa: E402
from seeded_games import round_trip_at_night  # noqa: E402

PACKS = ["synthetic-base", "base-modules", "pote-x"]
MODULES = ["module:paleo/I", "module:pote/X"]
GAMES = 40
X = "card:synthetic/pote-x-"
C = "card:synthetic/"

pytestmark = pytest.mark.games


@pytest.fixture(scope="module")
def xb() -> dict:
    return synthetic_bundle.build(packs=PACKS)


def _with_option(bundle: dict, cid: str, index: int, text: str, ir: dict) -> dict:
    b = copy.deepcopy(bundle)
    card = next(c for c in b["cards"] if c["id"] == cid)
    card["options"][index] = {"text": text, "ir": ir}
    return b


def _call(position: str, symbol: str, args: dict | None = None) -> dict:
    kind = {"requirement": "require", "reward": "reward", "negative": "suffer"}[position]
    return {"node": "clause", "kind": kind, "position": position,
            "body": {"node": "call", "symbol": symbol, "args": args or {}}}




def test_seeded_games_with_module_x_keep_every_invariant(xb):
    after = round_trip_at_night(xb)
    results: Counter = Counter()
    seen: Counter = Counter()
    nights = 0
    for seed in range(GAMES):
        players, policy = 1 + seed % 4, ("random", "greedy")[seed // 4 % 2]
        g = Game.new(xb, modules=MODULES, players=players, seed=seed)
        pol = POLICIES[policy](seed)
        while not g.is_terminal():
            g.apply(pol(g))
            g = after(g)
        results[g.outcome["result"]] += 1
        nights += g.s["nights"]
        seen.update({e["t"] for e in g.log})
    assert results["unfinished"] <= GAMES // 10, results
    assert nights > GAMES, "the games hardly reach a night"
    # module X's own rules come up in these games, not only its setup
    for t in ("discard-card", "footprint-revealed", "secret", "secret-again", "sun-help"):
        assert seen[t], f"no game logged `{t}`"


def test_the_sun_symbol_and_joint_help_are_public_and_survive_a_save(xb):
    g = Game.new(xb, modules=MODULES, players=3, seed=5)
    wrath = next(i for i in g.s["z"]["secrets"] if g.s["cards"][i] == WH.WRATH)
    g.move(wrath, "secrets", "sun")
    for p, cid in enumerate((C + "ford", C + "berry-bushes", C + "cave-mouth")):  # cards that leave them free to help
        iid = next(i for z, ids in g.s["z"].items() if z.startswith("deck/") for i in ids if g.s["cards"][i] == cid)
        g.s["z"][next(z for z, ids in g.s["z"].items() if iid in ids)].remove(iid)
        g.s["z"][f"deck/{p}"].append(iid)
    g._legal = None
    for p in range(3):
        g.apply(next(a for a in g.legal_actions(p) if a["type"] == "choose" and a["card"] == 0))
    assert g.s["step"] == "resolve"
    joins = [a for a in g.legal_actions() if a["type"] == "sun-help"]
    assert joins, "a player free to help may spend the help action on Gilga's Wrath"
    g.apply(joins[0])
    check(g)
    obs = g.observation(1)
    assert obs["sun"] == [WH.WRATH] and obs["sun_help"] == {str(wrath): [joins[0]["player"]]}
    assert Game.from_json(xb, g.to_json()).to_json() == g.to_json()
    bad = json.loads(g.to_json())
    bad["sun_help"] = {str(wrath): [9]}
    with pytest.raises(Exception, match="joint help at the sun symbol"):
        Game.from_json(xb, json.dumps(bad))


def test_a_game_without_a_trap_idea_is_not_playable_naming_it(xb):
    b = copy.deepcopy(xb)
    b["cards"] = [c for c in b["cards"] if c["id"] != "card:paleo/trap"]
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, modules=MODULES, players=2, seed=0)
    assert any('idea card "Trap"' in f for f in exc.value.facts), exc.value.facts


def test_reveal_footprint_card_outside_a_day_card_is_refused(xb):
    ir = {"node": "option", "trigger": {"kind": "night"},
          "clauses": [_call("negative", "symbol:reveal-footprint-card")]}
    b = _with_option(xb, X + "hand-scout", 1, "at night: suffer reveal footprint card", ir)
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, modules=MODULES, players=2, seed=0)
    assert any("reveal footprint card" in f and "hand-scout" in f for f in exc.value.facts), exc.value.facts


def test_the_extra_tokens_join_once_with_module_w_and_x(xb):
    g = Game.new(xb, modules=MODULES, players=2, seed=0)
    r = g.rules
    torch = r.tool_id("torch")
    assert r.tool_stock[torch] == 7
    star_cards.add_extra_tokens(r)
    assert r.tool_stock[torch] == 7
    assert r.tool_id("trap") not in r.tool_stock  # traps stay unlimited (interpretation:pote-extra-tokens)
    assert sum(g.s["tools"][p].get(torch, 0) for p in range(2)) + g.s["supply"][torch] == 7


def test_module_x_is_off_without_its_module(xb):
    g = Game.new(xb, modules=["module:paleo/I"], players=2, seed=0)
    assert "sun" not in g.s["z"] and g.rules.tool_stock[g.rules.tool_id("torch")] == 5
    assert "card:paleo/trap" not in [g.s["cards"][i] for i in g.s["z"]["workbench"]]
