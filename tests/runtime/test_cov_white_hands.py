"""Module X (Revenge of the White Hands) refusals: saves forged around the sun-over-horizon symbol, the facts a broken
module X bundle leaves missing, and how Gilga's Admirer is read when its printed options change."""

from __future__ import annotations

import copy
import json

import pytest

from runtime import Game as Public, NotPlayable, StateError
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.games.paleo import white_hands as WH

MODULES = ["module:paleo/I", "module:pote/X"]
X = "card:synthetic/pote-x-"


@pytest.fixture(scope="module")
def xb() -> dict:
    import synthetic_bundle

    return synthetic_bundle._named("pote-x", None)


@pytest.fixture(scope="module")
def sun(xb) -> tuple[dict, int, int]:
    """A fresh three-player game with Gilga's Wrath moved to the sun symbol: (save, wrath, another secret)."""
    g = Game.new(xb, modules=MODULES, players=3, seed=5)
    wrath = next(i for i in g.s["z"]["secrets"] if g.s["cards"][i] == WH.WRATH)
    g.move(wrath, "secrets", "sun")
    other = next(i for i in g.s["z"]["secrets"] if g.s["cards"][i] not in (WH.WRATH, WH.GILGA))
    return json.loads(g.to_json()), wrath, other


def _pending(card, **kw):
    return {"k": "sun-card", "card": card, "player": 0, "helpers": [], "night": False, **kw}


@pytest.mark.parametrize("forge, why", [
    (lambda s, w, o: (s["z"]["secrets"].remove(o), s["z"]["sun"].append(o)), "where only the Gilga secrets go"),
    (lambda s, w, o: s.update(sun_help={str(o): [0]}), "which is no Gilga's Wrath at the sun symbol"),
    (lambda s, w, o: s.update(sun_help={"99999": [0]}), "help spent on card instance 99999"),
    (lambda s, w, o: s.update(sun_help={str(w): [0, 0]}), "a player spent the help action twice"),
    (lambda s, w, o: s.update(sun_help={"x": [0]}), "the joint help at the sun symbol maps card instances"),
    (lambda s, w, o: s["queue"].insert(0, _pending(o)), "which is not at the sun symbol"),
])
def test_a_save_forged_around_the_sun_symbol_is_refused_naming_why(xb, sun, forge, why):
    saved, wrath, other = sun
    s = json.loads(json.dumps(saved))
    forge(s, wrath, other)
    with pytest.raises(StateError) as exc:
        Game.from_json(xb, json.dumps(s))
    assert why in str(exc.value)


def test_a_gilga_card_pending_at_the_sun_symbol_survives_a_save(xb, sun):
    saved, wrath, _ = sun
    s = json.loads(json.dumps(saved))
    s["queue"].insert(0, _pending(wrath))
    g = Game.from_json(xb, json.dumps(s))
    acts = g.legal_actions()
    assert acts and all(a["player"] == 0 and "at the sun symbol" in a["label"] for a in acts), acts
    assert Game.from_json(xb, g.to_json()).to_json() == g.to_json()


def test_help_spent_at_the_sun_by_a_player_still_acting_is_refused(xb):
    g = Public.new(xb, modules=MODULES, players=3, seed=5)
    e = Game.from_json(xb, g.to_json())
    wrath = next(i for i in e.s["z"]["secrets"] if e.s["cards"][i] == WH.WRATH)
    e.move(wrath, "secrets", "sun")
    e.s.update(step="resolve", sun_help={str(wrath): [1]}, done=[False, False, False])
    with pytest.raises(StateError, match="player 1 spent the help action on the sun symbol but is still acting"):
        Game.from_json(xb, e.to_json())


# ------------------------------------------------------------------ a broken module X bundle
def _clause(kind, position, symbol, **args):
    return {"node": "clause", "kind": kind, "position": position,
            "body": {"node": "call", "symbol": symbol, "args": args}}


def _opt(text, *clauses, trigger=None):
    ir = {"node": "option", "clauses": list(clauses)}
    if trigger:
        ir["trigger"] = {"kind": trigger}
    return {"text": text, "ir": ir}


def _cards(b) -> dict:
    return {c["id"]: c for c in b["cards"]}


def _facts(b) -> list[str]:
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, modules=MODULES, players=2, seed=0)
    return exc.value.facts


@pytest.fixture(scope="module")
def x_facts(xb) -> list[str]:
    b = copy.deepcopy(xb)
    cards = _cards(b)
    scout = next(c for c in b["cards"] if c["id"] == X + "hand-scout")
    scout["options"] = [
        _opt("require discard card", _clause("require", "requirement", "symbol:discard-card")),
        _opt("-> no footprint card", _clause("reward", "reward", "symbol:no-footprint-card")),
        _opt("-> reveal footprint card", _clause("reward", "reward", "symbol:reveal-footprint-card")),
    ]
    cards["card:synthetic/ford"]["options"].append(
        _opt("at night: suffer reveal footprint card", _clause("suffer", "negative", "symbol:reveal-footprint-card"),
             trigger="night"))
    b["cards"] = [c for c in b["cards"] if c["id"] not in ("card:paleo/trap", WH.GILGA)]
    return _facts(b)


@pytest.mark.parametrize("fact", [
    f"{X}hand-scout: option 1: ",
    f"{X}hand-scout: option 2: ",
    f"{X}hand-scout: option 3: ",
    "card:synthetic/ford: option ",
    'its setup lays the idea card "Trap" face up on the workbench',
    f"{WH.GILGA}: its secret number is not given, so revealing it cannot be played",
])
def test_a_broken_module_x_bundle_names_each_missing_fact(x_facts, fact):
    assert any(fact in f for f in x_facts), x_facts


def test_reveal_footprint_card_on_a_night_option_is_named_as_unplayable(x_facts):
    assert any(f.startswith("card:synthetic/ford: option ") and "`reveal footprint card` is played only as the "
               "negative action of a card revealed by day" in f for f in x_facts), x_facts


def test_an_admirer_option_that_cannot_be_read_as_eyes_is_a_missing_fact(xb):
    b = copy.deepcopy(xb)
    admirer = _cards(b)[WH.ADMIRER]
    admirer["options"] = [
        {"text": "an option with no compiled effect"},
        _opt("cost awareness 2; require discard card -> 1 stone", _clause("cost", "cost", "symbol:awareness", n=2),
             _clause("require", "requirement", "symbol:discard-card"),
             _clause("reward", "reward", "symbol:stone", n=1)),
    ]
    facts = _facts(b)
    mine = [f for f in facts if f.startswith(f"{WH.ADMIRER}: option 2: ")]
    assert len(mine) == 1, facts  # the recompiled reading replaces the first refusal, once


def test_an_admirer_without_an_eye_cost_keeps_its_option_and_gains_its_night_text(xb):
    b = copy.deepcopy(xb)
    _cards(b)[WH.ADMIRER]["options"] = [_opt("-> 1 food", _clause("reward", "reward", "symbol:food", n=1))]
    g = Game.new(b, modules=MODULES, players=2, seed=0)
    opts = g.rules.options[WH.ADMIRER]
    assert [(o.index, o.trigger) for o in opts] == [(0, None), (1, "night")]
    assert opts[0].calls == [("reward", "symbol:food", {"n": 1})]
    assert WH.ADMIRER not in g.rules.help_paid  # nothing of it is paid with a help action


# ------------------------------------------------------------------ `discard card` on a card with no group
def test_discard_card_on_a_card_lying_with_no_group(xb):
    """interpretation:pote-discard-card: a card lying with no group (here a mission card) cannot pay `discard card`
    as a cost, and as an effect nothing happens but an event saying so."""
    from runtime.games.paleo.state import Ctx

    g = Game.new(xb, modules=MODULES, players=2, seed=0)
    mission = g.s["z"]["missions"][0]
    before = json.loads(g.to_json())
    pay = WH.OPS.compile("symbol:discard-card", "cost", {}).run
    assert pay(g, Ctx(0, [], mission, "mission"), True) is False
    run = WH.OPS.compile("symbol:discard-card", "reward", {}).run
    ctx = Ctx(0, [], mission, "mission")
    run(g, ctx)
    run(g, Ctx(0, [], None, "mission"))
    assert g.s["z"] == before["z"] and ctx.new == []
    assert [(e["t"], e["card"]) for e in g.s["log"][len(before["log"]):]] == [
        ("discard-card-nowhere", g.s["cards"][mission]), ("discard-card-nowhere", None)]


def test_a_secret_other_than_gilgas_is_revealed_as_usual(xb):
    from runtime.games.paleo.state import Ctx

    g = Game.new(xb, modules=MODULES, players=2, seed=0)
    system = next(s for s in g.layout.systems if isinstance(s, WH.WhiteHands))
    before = g.to_json()
    assert system.reveal_secret(g, 7, Ctx(0, [], None, "day")) is False  # not the module's to place
    assert g.to_json() == before
    assert sorted(g.rules.pote_sun) == [38, 66]
