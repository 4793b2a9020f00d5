"""Module T (The White Whale) refusals: saves forged at sea, the facts a broken whale bundle leaves missing, a setup
without the Rope idea, and the rule-test `given` keys of module T."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from runtime import NotPlayable, SetupError, StateError
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.games.paleo import sea as SEA
from runtime.policies import GreedyPolicy
from runtime.ruletests import RuleTestFailure, run_test

ROOT = Path(__file__).resolve().parents[2]
W = "card:synthetic-whale/"


@pytest.fixture(scope="module")
def at_sea(whale_bundle) -> dict:
    """A game of A+T played greedily until the players are out at sea with a sea card to resolve (saved)."""
    g = Game.new(whale_bundle, scenario="A+T", players=2, seed=2)
    policy = GreedyPolicy(2)
    for _ in range(2000):
        go = [a for a in g.legal_actions() if a["type"] == "sea"]
        g.apply(go[0] if go else policy(g))
        if g.s["queue"] and g.s["queue"][0]["k"] == "sea-card":
            return json.loads(g.to_json())
    raise AssertionError("never out at sea")


def _not_done(s):
    s["queue"] = [q for q in s["queue"] if q["k"] not in ("sea-done", "sea-keep")]


@pytest.mark.parametrize("forge, why", [
    (lambda s: s["z"]["sea-discard"].append(s["z"]["deck/0"].pop()), "lies among the sea cards without being one"),
    (lambda s: s["z"]["sea-up"].append(s["z"]["sea-deck"].pop()), "2 sea cards are in play at once"),
    (_not_done, "is not being resolved"),
    (lambda s: s.update(phase="night", step="feeding"), "the players are at sea outside the day"),
    (lambda s: s["queue"].insert(1, {"k": "sea-done", "card": s["z"]["sea-deck"][-1]}), "not the sea card in play"),
])
def test_a_save_forged_at_sea_is_refused_naming_why(whale_bundle, at_sea, forge, why):
    assert at_sea["at_sea"] and len(at_sea["z"]["sea-up"]) == 1
    s = json.loads(json.dumps(at_sea))
    forge(s)
    with pytest.raises(StateError) as exc:
        Game.from_json(whale_bundle, json.dumps(s))
    assert why in str(exc.value)


# ------------------------------------------------------------------ a broken whale bundle
def _ir(*clauses, trigger=None):
    ir = {"node": "option", "clauses": list(clauses)}
    if trigger:
        ir["trigger"] = {"kind": trigger}
    return ir


def _call(kind, position, symbol, **args):
    return {"node": "clause", "kind": kind, "position": position,
            "body": {"node": "call", "symbol": symbol, "args": args}}


FOOD = _call("reward", "reward", "symbol:food", n=1)


@pytest.fixture(scope="module")
def whale_facts(whale_bundle) -> list[str]:
    b = copy.deepcopy(whale_bundle)
    cards = {c["id"]: c for c in b["cards"]}
    cards[W + "tangled-net"]["kind"] = "dream"
    cards[W + "calm-water"]["sea_symbol"] = None
    cards[W + "driftwood"]["options"] = [{"text": "when revealed: 1 food", "ir": _ir(FOOD, trigger="revealed")}]
    cards[W + "squall"]["options"] = [{"text": "split as reward", "ir": _ir(_call("reward", "reward", SEA.SPLIT, n=1))}]
    cards[W + "wreck"]["options"] = [{"text": "a sixth sea symbol",
                                      "ir": _ir(_call("reward", "reward", SEA.REVEAL, sea=9))}]
    cards[W + "open-sea"]["options"] = [{"text": "search turns successful as a negative",
                                         "ir": _ir(_call("suffer", "negative", "symbol:search-successful"))}]
    b["cards"] = [c for c in b["cards"] if c["id"] != SEA.SKIN_BOAT]
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, scenario="A+T", players=2, seed=0)
    return exc.value.facts


@pytest.mark.parametrize("fact", [
    f"{W}tangled-net: a module card of kind `dream`, which this runtime does not lay out",
    f"{W}calm-water: the symbol on its sea card back is not given",
    "module:whale/T: the Skin Boat idea is not in the bundle",
    f"{W}driftwood: option 1: a sea card is resolved at sea, where `revealed` options are not played",
    f"{W}squall: option 1: ",
    f"{W}wreck: option 1: ",
    f"{W}open-sea: option 1: ",
])
def test_a_broken_whale_bundle_names_each_missing_fact(whale_facts, fact):
    assert any(f.startswith(fact) for f in whale_facts), whale_facts


def test_the_whale_beaten_rule_rides_only_on_the_whales_positive_options(whale_bundle):
    b = copy.deepcopy(whale_bundle)
    whale = next(c for c in b["cards"] if c["id"] == SEA.WHITE_WHALE)
    whale["options"].append({"text": "suffer 1 wound", "ir": _ir(_call("suffer", "negative", "symbol:wound", n=1))})
    g = Game.new(b, scenario="A+T", players=2, seed=0)
    opts = g.rules.options[SEA.WHITE_WHALE]
    beaten = [o for o in opts if any(sym == "rule:whale/white-whale" for sym, _ in o.effects)]
    assert beaten and all(not o.negative for o in beaten)
    assert any(o.negative for o in opts) and len(beaten) < len(opts)


def test_four_players_need_the_rope_idea(whale_bundle):
    b = copy.deepcopy(whale_bundle)
    b["cards"] = [c for c in b["cards"] if c["id"] != SEA.ROPE]
    with pytest.raises(SetupError, match="the Rope idea"):
        Game.new(b, scenario="A+T", players=4, seed=0)
    assert Game.new(b, scenario="A+T", players=3, seed=0).s["players"] == 3  # the rope comes in at 4


# ------------------------------------------------------------------ rule-test `given` keys of module T
BASE = json.loads((ROOT / "tests" / "rules" / "whale-search-by-day.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, why", [
    ({"raft_group": 5}, "given: `raft_group` is a seat or null"),
    ({"search": "lost"}, "given: `search` is one of"),
    ({"sea_card": "card:synthetic/ford"}, "given: `sea_card` is the card id of a sea card"),
    ({"sea_card": W + "squall", "phase": "night", "step": "feeding"}, "given: `sea_card` starts a seafare in the choose step"),
])
def test_a_given_module_t_state_it_cannot_hold_fails_the_rule_test(whale_bundle, change, why):
    t = json.loads(json.dumps(BASE))
    t["given"].update(change)
    with pytest.raises(RuleTestFailure, match=None) as exc:
        run_test(t, whale_bundle)
    assert why in str(exc.value)


def test_a_sea_cards_night_option_asking_for_a_sea_card_is_refused(whale_bundle):
    """interpretation:whale-reveal-at-sea: the symbol asks for the next sea card of a sea card just resolved at sea;
    a moon card's night text is resolved when nobody is at sea, so a game showing it there is refused."""
    import synthetic_bundle

    b = copy.deepcopy(whale_bundle)
    ahab = next(c for c in b["cards"] if c["id"] == "card:whale/ahab")
    ahab["options"].append({"text": "at night: -> reveal sea card 2",
                            "ir": synthetic_bundle.lower("at night: -> reveal sea card 2")})
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, scenario="A+T", players=2, seed=0)
    n = len(ahab["options"])
    assert any(f.startswith(f"card:whale/ahab: option {n}: `reveal sea card` is played only on a sea card resolved "
                            "at sea, not in its `night` option") for f in exc.value.facts), exc.value.facts
