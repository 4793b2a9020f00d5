"""The core's contracts at their edges (runtime.core): forged saves refused naming why, setups refused before a
game starts, the layout's conflicts, what options the engine cannot play, the action encoding's domains, step
listeners and hidden counters, and the secret-keeping clone of a game that shows part of a hidden zone."""

from __future__ import annotations

import json

import pytest

from runtime import Game, SetupError, StateError
from runtime.core import Counter, Field, Layout, LayoutError, Listener, OpError, Step, System, Zone, compile_option
from runtime.core.actions import Either, Lit, Seq
from runtime.core.definition import REGISTRY
from runtime.core.game import Engine, MAX_STATE_BYTES
from runtime.core.invariants import InvariantError, check
from runtime.games.paleo import PaleoDefinition, paleo_systems
from runtime.games.paleo.base import BaseSystem
from runtime.games.paleo.system import PaleoSystem


@pytest.fixture(scope="module")
def saved(bundle) -> dict:
    return json.loads(Game.new(bundle, scenario="A", players=2, seed=1).to_json())


def _forged(bundle, saved, forge):
    s = json.loads(json.dumps(saved))
    forge(s)
    with pytest.raises(StateError) as exc:
        Game.from_json(bundle, json.dumps(s))
    return str(exc.value)


OVER = {"result": "win", "cause": "all missions done", "tie": False}


@pytest.mark.parametrize("forge, why", [
    (lambda s: s.update(phase="over", step=None), "the game is over without an outcome"),
    (lambda s: s.update(phase="over", outcome=OVER), "a game that is over has no step"),
    (lambda s: s.update(outcome=OVER), "the game has an outcome but is not over"),
    (lambda s: s["z"]["group/0"].append(s["z"]["deck/0"].pop()), "which is not a person"),
    (lambda s: s["queue"].insert(0, {"k": "finish", "player": 0, "card": 0, "kind": "day", "colour": 1}),
     "pending decision finish has unknown fields ['colour']"),
    (lambda s: s["queue"].insert(0, {"k": "finish", "player": 0, "kind": "day"}), "`card` is missing"),
    (lambda s: s["queue"].insert(0, {"k": "finish", "player": 0, "card": 0, "kind": "day", "by": 3}),
     "`by` names a rule, symbol or record id"),
    (lambda s: s["queue"].insert(0, {"k": "fallback", "player": 0, "card": 0, "kind": "day", "helpers": [],
                                     "finish": {"k": "nope"}}), "unknown pending decision {'k': 'nope'}"),
    (lambda s: s.pop("skulls"), "`skulls` is missing"),
    (lambda s: s.pop("wounds"), "`wounds` is missing"),
    (lambda s: s.update(step="resolve"), "nobody can act, yet the game is not over"),
    (lambda s: s.update(ended=["day", "choose"]), "a game still in play names a step where it ended"),
])
def test_a_forged_save_is_refused_naming_why(bundle, saved, forge, why):
    assert why in _forged(bundle, saved, forge)


def test_a_save_over_the_size_bound_is_refused_unread(bundle):
    with pytest.raises(StateError, match=f"at most {MAX_STATE_BYTES} bytes"):
        Game.from_json(bundle, " " * (MAX_STATE_BYTES + 1))


def test_a_game_started_with_stacked_support_decks_round_trips(bundle):
    g = Engine.new(bundle, scenario="A", players=2, seed=1)
    person = g.s["cards"][g.s["z"]["people"][0]]
    stacked = Engine.new(bundle, scenario="A", players=2, seed=1, stack={"people": [person]})
    assert stacked.s["setup"]["stack"] == {"people": [person]}
    back = Game.from_json(bundle, stacked.to_json())
    assert back.to_json() == stacked.to_json()


def test_check_raises_listing_the_broken_invariants(bundle):
    g = Engine.new(bundle, scenario="A", players=2, seed=1)
    check(g)  # a fresh game keeps every invariant
    g.s["outcome"] = dict(OVER)
    with pytest.raises(InvariantError, match="the game has an outcome but is not over"):
        check(g)


# ------------------------------------------------------------------ setups refused before a game starts
@pytest.mark.parametrize("kw, why", [
    ({"players": True}, "players and seed must be integers"),
    ({"seed": 1.5}, "players and seed must be integers"),
    ({"setup": ["A"]}, "a setup record is a mapping"),
    ({"game": 7}, "a game is named by its id"),
    ({"boards": ["board:nowhere"]}, "unknown board `board:nowhere`"),
])
def test_a_bad_setup_is_refused_naming_it(bundle, kw, why):
    with pytest.raises(SetupError, match=why):
        Game.new(bundle, **{"scenario": "A", "players": 2, "seed": 0, **kw})


def test_paleovet_has_no_boards(vet_bundle):
    with pytest.raises(SetupError, match="unknown board `board:cult-site`; game:paleovet has: none"):
        Game.new(vet_bundle, game="game:paleovet", boards=["board:cult-site"], players=2, seed=0)


def test_the_rulebook_source_of_an_event_names_its_record(bundle):
    d = REGISTRY["game:paleo"]
    card = next(c for c in bundle["cards"] if isinstance(c.get("source"), list) and c["source"])
    assert d.source_of(card["id"], bundle) == card["source"][0]
    one = {"symbols": [{"id": "symbol:x", "source": {"rulebook": "r.txt", "section": ["A"]}}]}
    assert d.source_of("symbol:x", one) == {"rulebook": "r.txt", "section": ["A"]}
    assert d.source_of("card:nowhere/none", bundle) is None


# ------------------------------------------------------------------ layout conflicts
def _system(**attrs):
    return type("Sys", (System,), {"name": "sys", **attrs})()


@pytest.mark.parametrize("extra, why", [
    (dict(fields=(Field("wounds"),)), "state field `wounds` declared twice"),
    (dict(listeners=(Listener("reveal", lambda g, p: None, when="during"),)), "`when` is before or after"),
    (dict(steps=(Step("feeding", "night", lambda g: None),)), "step `feeding` of phase `night` declared twice"),
])
def test_a_layout_conflict_is_refused_naming_it(extra, why):
    with pytest.raises(LayoutError, match=why):
        Layout([BaseSystem(), _system(**extra)])


def test_a_step_of_a_new_phase_adds_the_phase_once():
    lay = Layout([BaseSystem(), _system(phases=("day",), steps=(Step("tally", "dusk", lambda g: None),))])
    assert lay.phases.count("day") == 1 and lay.phases[-1] == "dusk" and lay.first_step("dusk") == "tally"


def test_a_zone_of_an_unknown_scope_or_visibility_is_refused():
    with pytest.raises(ValueError, match="scope 'team'"):
        Zone("hand", "team")
    with pytest.raises(ValueError, match="visibility 'secret'"):
        Zone("hand", "player", "secret")


# ------------------------------------------------------------------ options the engine cannot play
def _clause(kind, body, **kw):
    return {"node": "clause", "kind": kind, "position": kw.pop("position", None), "body": body, **kw}


def _call(symbol, **args):
    return {"node": "call", "symbol": symbol, "args": args}


@pytest.fixture(scope="module")
def ops(bundle):
    return Engine.new(bundle, scenario="A", players=1, seed=0).rules.layout.ops


@pytest.mark.parametrize("ir, why", [
    ({"clauses": [_clause("reward", {"node": "not", "item": _call("symbol:food")})]}, "`not` in a reward clause"),
    ({"clauses": [_clause("bargain", _call("symbol:food"))]}, "clause kind `bargain` has no runtime implementation"),
    ({"clauses": [_clause("reward", _call("symbol:food"), everyone=True)]}, "an `everyone:` reward"),
    ({"trigger": {"kind": "dawn"}, "clauses": []}, "trigger `dawn` has no runtime implementation"),
    ({"trigger": {"kind": "on", "call": _call("symbol:nowhere")}, "clauses": []},
     "trigger `on symbol:nowhere` listens for a symbol the engine does not play"),
    ({"trigger": {"kind": "on", "call": _call("symbol:food", n=2)}, "clauses": []},
     "trigger `on symbol:food` with arguments"),
])
def test_an_option_the_engine_cannot_play_is_refused_naming_why(ops, ir, why):
    with pytest.raises(OpError, match=None) as exc:
        compile_option(0, "text", {"node": "option", **ir}, ops)
    assert why in str(exc.value)


# ------------------------------------------------------------------ the action encoding's domains
def test_either_codes_its_second_domain_after_the_first():
    d = Either(Lit(1, 2), Lit("a", "b"))
    assert [d.code(v) for v in (1, 2, "a", "b", "c")] == [0, 1, 2, 3, None]
    assert [d.value(c) for c in range(4)] == [1, 2, "a", "b"]


def test_a_sequence_with_a_value_outside_its_domain_has_no_code():
    d = Seq(Lit(0, 1), 2)
    assert d.code([1, 0]) is not None and d.value(d.code([1, 0])) == [1, 0]
    assert d.code([0, 5]) is None and d.code([0, 0, 0]) is None and d.code((0,)) is None


# ------------------------------------------------------------------ step listeners and hidden counters
class Tally(PaleoSystem):
    name = "tally"
    counters = (Counter("marks", "player", visibility="owner"),)

    def __init__(self):
        self.listeners = (Listener("step:feeding", self.before_feeding, when="before"),)

    @staticmethod
    def before_feeding(g, _payload):
        g.event("dusk-tally", by="rule:tally/dusk")


class TallyPaleo(PaleoDefinition):
    def __init__(self):
        super().__init__((*paleo_systems(), Tally()))


def test_a_listener_before_a_step_runs_first_and_an_event_may_name_its_source(bundle, monkeypatch):
    monkeypatch.setitem(REGISTRY, "game:paleo", TallyPaleo())
    g = Engine.new(bundle, scenario="A", players=1, seed=2)
    assert "marks" not in g.observation(0)["players"][0]  # a counter that is not public is not observed
    while g.s["phase"] == "day" and g.s["outcome"] is None:
        g.apply(g.legal_actions()[-1])
    kinds = [e["t"] for e in g.s["log"]]
    assert "dusk-tally" in kinds and kinds.index("dusk-tally") < kinds.index("feeding")
    assert next(e for e in g.s["log"] if e["t"] == "dusk-tally")["by"] == "rule:tally/dusk"


# ------------------------------------------------------------------ the secret-keeping clone
def test_a_clone_keeps_a_shown_top_card_in_place(vet_bundle):
    g = Game.new(vet_bundle, game="game:paleovet", players=3, seed=4)
    seen = [g.observation(p) for p in range(3)]
    for seed in range(4):
        c = g.clone(seed=seed)
        assert [c.observation(p) for p in range(3)] == seen
    assert g.layout is g.rules.layout


def test_the_caches_of_checked_setups_and_action_spaces_stay_bounded(bundle, monkeypatch):
    from runtime.core import game as G

    g = Engine.new(bundle, scenario="A", players=2, seed=0)
    monkeypatch.setattr(G, "_SETUPS", {("old", i): None for i in range(65)})
    monkeypatch.setattr(G, "_SPACES", {("old", i): None for i in range(65)})
    Engine.from_json(bundle, g.to_json())
    assert len(G._SETUPS) == 1  # full: emptied before this setup was kept
    space = G.action_space(g.rules, 2)
    assert list(G._SPACES.values()) == [(g.rules, space)] and G.action_space(g.rules, 2) is space
