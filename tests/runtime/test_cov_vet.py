"""PaleoVet's refusals (runtime.games.paleovet): forged saves named by the field or invariant they break, the facts a
broken bundle leaves missing (refuse rather than misplay), setups it has no room for, the rule-test `given` keys'
checks, and the returns and action cap of its definition."""

from __future__ import annotations

import copy
import json

import pytest

from runtime import BundleError, Game, NotPlayable, SetupError, StateError
from runtime.core.game import Engine
from runtime.games import paleovet as V
from runtime.policies import POLICIES
from runtime.ruletests import RuleTestFailure, run_test

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VET = "card:synthetic-vet/"


@pytest.fixture(scope="module")
def vet_saved(vet_bundle) -> dict:
    """Two greedy actions in: player 0 has admitted a dino (49) and treated it with die 1."""
    g = Engine.new(vet_bundle, game="game:paleovet", players=2, seed=1)
    pol = POLICIES["greedy"](1)
    for _ in range(2):
        g.apply(pol(g))
    s = json.loads(g.to_json())
    assert s["treated"] == {"49": {"dice": [1], "dna": 0}} and s["z"]["hospital/0"] == [49]
    assert s["dice"][4]["owner"] == 1 and s["dice"][8]["state"] == "supply"
    return s


def _die(n, **kw):
    return lambda s: s["dice"][n].update(kw)


def _specialty_hoard(s):
    for d in s["dice"][8:20]:
        d.update(owner=0, state="spent")


def _swap_stacks(s):
    a, u = s["z"]["dino-0"].pop(), s["z"]["upgrade-0"].pop()
    s["z"]["dino-0"].append(u)
    s["z"]["upgrade-0"].append(a)


@pytest.mark.parametrize("forge, why", [
    (lambda s: s.update(current=5), "the current player is 5"),
    (lambda s: s.update(final="no"), "`final` holds true or false"),
    (lambda s: s.update(up={"dino": [True] * 5}), "`up` says for each of the 5 dino and upgrade stacks"),
    (lambda s: s.update(sleep={"x": 1}), "sleep tokens are counts"),
    (lambda s: s.update(dice={}), "the dice are a list"),
    (_die(0, colour=1), "a die is {kind, owner, face, state, on}"),
    (_die(0, kind="green"), "a die of kind 'green'"),
    (_die(0, owner=9), "a die owned by 9"),
    (_die(0, face="magic"), "a white die showing 'magic', which is not one of its faces"),
    (_die(0, on=999), "a die lying on 999"),
    (lambda s: s.update(treated={"49": {"dice": [1]}}), "treated dinos map to the dice and DNA tokens"),
    (lambda s: (s["sleep"].pop("49"), s.update(sleep_supply=36)), "lies in a hospital without a sleep count"),
    (lambda s: s.update(dna_new=[2, 0]), "player 0 gained 2 DNA tokens this turn but holds 1"),
    (lambda s: s["treated"].update({"7": {"dice": [], "dna": 0}}), "is treated but in no hospital"),
    (lambda s: s["treated"]["49"].update(dice=[0]), "are not its owner's dice lying on it"),
    (_die(1, on=None), "die 1 is on but lies on None"),
    (lambda s: s["treated"]["49"].update(dice=[]), "die 1 lies on a dino that is not treated with it"),
    (_die(8, owner=0), "die 8 in state supply with owner 0"),
    (_die(4, state="supply", owner=None), "a white die in the supply"),
    (_die(0, face=None), "die 0 is ready but shows no face"),
    (_specialty_hoard, "player 0 has 12 specialty dice, more than 3"),
    (_swap_stacks, "lies in a dino stack"),
    (_swap_stacks, "lies in an upgrade stack"),
    (_die(4, state="ready", face="surgery"), "player 1 has rolled dice outside their turn"),
    # an ALERT! settles itself: pending in a save, it leaves nobody an action
    (lambda s: s["queue"].insert(0, {"k": "alert", "player": 0, "card": 7, "option": 0}),
     "nobody can act, yet the game is not over"),
])
def test_a_forged_paleovet_save_is_refused_naming_why(vet_bundle, vet_saved, forge, why):
    s = json.loads(json.dumps(vet_saved))
    forge(s)
    with pytest.raises(StateError) as exc:
        Game.from_json(vet_bundle, json.dumps(s))
    assert why in str(exc.value)


# ------------------------------------------------------------------ a broken bundle: the missing facts named
def _clause(kind, symbol, position, **args):
    return {"node": "clause", "kind": kind, "position": position,
            "body": {"node": "call", "symbol": symbol, "args": args}}


def _opt(*clauses, trigger=None):
    ir = {"node": "option", "clauses": list(clauses)}
    if trigger:
        ir["trigger"] = trigger
    return {"text": "changed for a test", "ir": ir}


REWARD_SLEEP = _clause("reward", "symbol:sleep-token", "reward", n=1)
BAD_OPTIONS = {  # one changed option per dino: the fact each leaves
    "01": ([_opt(_clause("reward", "symbol:specialty-die", "reward", n=1))], "option 1: "),  # no colour
    "03": ([{"text": "no effect compiled"}], "option 1 has no compiled effect"),
    "04": ([_opt({"node": "clause", "kind": "roll", "dice": 1}, REWARD_SLEEP)], "dice rolls and `everyone:` clauses"),
    "05": ([_opt(_clause("cost", "symbol:remove-sleep-token", "cost", n=1), REWARD_SLEEP)], "option 1: "),
    "06": ([_opt(REWARD_SLEEP, trigger={"kind": "night"})], "`night` options are not played in PaleoVet"),
    "07": ([_opt(REWARD_SLEEP, trigger={"kind": "revealed"})], "a `when revealed:` option is an ALERT!"),
    "08": ([_opt(REWARD_SLEEP, trigger={"kind": "on", "call": {"node": "call", "symbol": "symbol:sleep-token",
                                                                 "args": {}}})], "`on symbol:sleep-token` is not an event"),
    "10": ([_opt(_clause("reward", "symbol:carnivore-proof", "reward"), REWARD_SLEEP)], "a lasting effect"),
    "11": ([_opt({"node": "clause", "kind": "require", "position": "requirement",
                  "body": {"node": "not", "item": {"node": "call", "symbol": "symbol:diet",
                                                    "args": {"diet": "carnivore"}}}}, REWARD_SLEEP)],
           "`not` filters are not played on PaleoVet cards"),
    "13": ([_opt(_clause("suffer", "symbol:carnivore-proof", "negative"))], "option 1: "),
    "14": ([_opt(_clause("reward", "symbol:diet", "reward", diet="herbivore"))], "option 1: "),
    "15": ([_opt(_clause("require", "symbol:discard-dino", "requirement"))], "option 1: "),
    "16": ([_opt(_clause("reward", "symbol:remove-sleep-token", "reward", n=1))], "option 1: "),
    "17": ([_opt(_clause("suffer", "symbol:sleep-token", "negative", n=1))], "option 1: "),
}


@pytest.fixture(scope="module")
def broken(vet_bundle) -> list[str]:
    b = copy.deepcopy(vet_bundle)
    cards = {c["id"]: c for c in b["cards"]}
    for num, (opts, _) in BAD_OPTIONS.items():
        cards[f"{VET}dino-{num}"]["options"] = opts
    cards[f"{VET}dino-18"]["points"] = None
    cards[f"{VET}dino-19"]["treatments"] = ["antiviral", "prayer"]
    cards[f"{VET}upgrade-01"]["options"] = []
    cards[f"{VET}upgrade-03"].update(alert=True, options=[_opt(REWARD_SLEEP, trigger={"kind": "revealed"})])
    b["cards"] = [c for c in b["cards"] if c["id"] not in (f"{VET}dino-20", f"{VET}upgrade-02")]
    solo = next(c for c in b["cards"] if c.get("kind") == "solo")
    solo["solo"] = None
    prod = next(p for p in b["products"] if p.get("game") == "game:paleovet")
    prod["components"] = [c for c in prod["components"] if "DNA" not in c["name"] and "sleep" not in c["name"]]
    next(d for d in b["dice"] if d.get("color") == "white")["faces"] = []
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, game="game:paleovet", players=1, seed=0, options={"mode": "solo"})
    return exc.value.facts


@pytest.mark.parametrize("num", sorted(BAD_OPTIONS))
def test_an_option_paleovet_cannot_play_is_a_missing_fact(broken, num):
    fact = BAD_OPTIONS[num][1]
    assert any(f.startswith(f"{VET}dino-{num}: ") and fact in f for f in broken), broken


@pytest.mark.parametrize("fact", [
    "DNA tokens: their number is not in the product's components",
    "sleep tokens: their number is not in the product's components",
    "dino cards: 49 of the 50 the field needs (5 stacks of 10)",
    f"{VET}dino-18: points not given",
    f"{VET}dino-19: a required treatment that is not antibiotic, antiviral or surgery",
    "upgrade cards: 19 of the 20 the field needs",
    f"{VET}upgrade-01: its effect (card face) is not given",
    f"{VET}upgrade-03: option 1: only a dino is turned up in the field",
    "which stacks it marks is not given",
    "die:white: its faces are not given",
])
def test_a_broken_bundle_names_each_missing_fact(broken, fact):
    assert any(fact in f for f in broken), broken


def test_solo_mode_without_solo_cards_is_not_playable(vet_bundle):
    b = copy.deepcopy(vet_bundle)
    b["cards"] = [c for c in b["cards"] if c.get("kind") != "solo"]
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, game="game:paleovet", players=1, seed=0, options={"mode": "solo"})
    assert "solo mode cards: none in the bundle" in exc.value.facts


def test_a_malformed_card_is_a_bundle_error(vet_bundle):
    b = copy.deepcopy(vet_bundle)
    next(c for c in b["cards"] if c["id"] == f"{VET}dino-02")["options"] = 5
    with pytest.raises(BundleError, match="the bundle is malformed: TypeError"):
        Game.new(b, game="game:paleovet", players=2, seed=0)


# ------------------------------------------------------------------ setups and the definition
@pytest.mark.parametrize("kw, why", [
    ({"modules": ["module:paleo/A"]}, "PaleoVet has no modules"),
    ({"options": ["solo"]}, "setup options are a mapping"),
    ({"stack": {"people": []}}, "PaleoVet has no support decks to stack"),
])
def test_a_setup_paleovet_has_no_room_for_is_refused(vet_bundle, kw, why):
    with pytest.raises(SetupError, match=why):
        Engine.new(vet_bundle, game="game:paleovet", players=2, seed=0, **kw)


def test_returns_of_a_stopped_game_and_of_a_solo_game():
    assert V.PALEOVET.returns({"result": "unfinished"}, 3) == [0.0, 0.0, 0.0]
    assert V.PALEOVET.returns({"result": "win", "scores": [9], "cured": [4]}, 1) == [1.0]
    assert V.PALEOVET.returns({"result": "loss"}, 1) == [-1.0]
    assert V.PALEOVET.returns({"result": "win", "scores": [5, 9, 5], "cured": [2, 1, 2]}, 3) == [-0.5, 1.0, -0.5]


def test_a_game_at_the_action_cap_ends_unfinished(vet_bundle, monkeypatch):
    monkeypatch.setattr(V, "ACTION_CAP", 3)
    g = Game.new(vet_bundle, game="game:paleovet", players=2, seed=0)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    assert g.action_count == 3 and g.outcome["result"] == "unfinished" and "cap reached (3 actions)" in g.outcome["cause"]
    assert g.returns() == [0.0, 0.0]


# ------------------------------------------------------------------ rule-test `given` keys of PaleoVet
BASE = json.loads((ROOT / "tests" / "rules" / "vet-research-die.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("given, why", [
    ({"dice_faces": {"0": ["dna"] * 5}}, "given: P0 has only 4 white dice"),
    ({"dice_faces": {"0": ["green:dna"]}}, "given: no green die left in the supply"),
    ({"dice_faces": {"0": ["purple:sunshine"]}}, "given: `sunshine` is not a face of the purple die"),
    ({"sleep_on": {f"{VET}dino-02": 1}}, f"given: `{VET}dino-02` is in no hospital"),
    ({"current": 2}, "given: `current` is a seat"),
    ({"final": "yes"}, "given: `final` is true or false"),
])
def test_a_given_paleovet_state_it_cannot_hold_fails_the_rule_test(vet_bundle, given, why):
    t = json.loads(json.dumps(BASE))
    t["given"] = {"phase": "turn", "step": "spend", **given}
    with pytest.raises(RuleTestFailure, match=None) as exc:
        run_test(t, vet_bundle)
    assert why in str(exc.value)


def test_given_dice_faces_leave_the_unnamed_white_dice_spent(vet_bundle):
    t = json.loads(json.dumps(BASE))
    t.pop("checkpoints")
    t["actions"] = []
    t["given"]["dice_faces"] = {"0": ["dna"]}
    t["expect"] = {"state": {"dice_of": {"0": ["white ready dna", "white spent", "white spent", "white spent"]}}}
    run_test(t, vet_bundle)


def test_the_cache_of_paleovet_rules_stays_bounded(vet_bundle, monkeypatch):
    from runtime.games.paleovet import rules as R

    monkeypatch.setattr(R, "_CACHE", {("old", i): None for i in range(33)})
    g = Game.new(vet_bundle, game="game:paleovet", players=2, seed=0)
    assert list(R._CACHE.values()) == [g.rules]
