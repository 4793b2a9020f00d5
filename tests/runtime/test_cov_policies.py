"""The policy plug-ins (runtime.policies): the names a policy is given by and how each bad one is refused, the
greedy heuristic's stated preferences, and the search helpers' reading of returns and values (runtime.search)."""

from __future__ import annotations

import sys
from types import SimpleNamespace as NS

import pytest

from runtime import search
from runtime.games.paleo import PALEO
from runtime.games.paleo.policy import option_score
from runtime.policies import GreedyPolicy, PolicyError, policy_factory, user_factory
from runtime.search import MonteCarloPolicy


# ------------------------------------------------------------------ names
@pytest.mark.parametrize("name", ["", None, 3])
def test_a_policy_is_named_by_a_non_empty_string(name):
    with pytest.raises(PolicyError, match="named by a string"):
        policy_factory(name)


def test_mc_n_takes_the_rollouts_per_action():
    pol = policy_factory("mc-7")(5)
    assert isinstance(pol, MonteCarloPolicy) and pol.rollouts == 7
    assert policy_factory("mc")(5).rollouts == 4
    for bad in ("mc-0", "mc-1001", "mc-x"):
        with pytest.raises(PolicyError, match="1 to 1000"):
            policy_factory(bad)


def test_a_user_policy_name_is_module_colon_function():
    with pytest.raises(PolicyError, match="is not module:function"):
        user_factory("mod:not an identifier")
    with pytest.raises(PolicyError, match="is not module:function"):
        user_factory(":choose")


def test_a_shipped_policy_source_that_does_not_run_is_named():
    with pytest.raises(PolicyError, match="does not load: ZeroDivisionError"):
        user_factory("mine.py:choose", source="x = 1 / 0\n")
    make = user_factory("mine.py:pick", source="def pick(seed):\n    return lambda g: g.legal_actions()[0]\n")
    assert callable(make(1))


def test_policy_files_that_are_missing_or_broken_are_refused(tmp_path):
    with pytest.raises(PolicyError, match="does not exist"):
        user_factory(f"{tmp_path / 'none.py'}:choose")
    bad = tmp_path / "bad_policy.py"
    bad.write_text("raise RuntimeError('no')\n", encoding="utf-8")
    with pytest.raises(PolicyError, match="does not load: RuntimeError"):
        user_factory(f"{bad}:choose")
    (tmp_path / "dir.py").mkdir()
    with pytest.raises(PolicyError):
        user_factory(f"{tmp_path / 'dir.py'}:choose")


def test_a_module_that_raises_on_import_is_named(tmp_path, monkeypatch):
    (tmp_path / "cov_raising_policy.py").write_text("raise ValueError('broken on import')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PolicyError, match="does not load: ValueError"):
        user_factory("cov_raising_policy:choose")
    sys.modules.pop("cov_raising_policy", None)


def test_a_factory_must_return_a_function(tmp_path):
    f = tmp_path / "factory_policy.py"
    f.write_text("def choose(seed):\n    return 42\n", encoding="utf-8")
    make = user_factory(f"{f}:choose")
    with pytest.raises(PolicyError, match="returns a function"):
        make(0)


# ------------------------------------------------------------------ the greedy heuristic
def _stub(actions, s=None, rules=None):
    return NS(s=s or {}, rules=rules or NS(definition=PALEO), legal_actions=lambda: actions)


@pytest.mark.parametrize("better, worse", [
    ({"type": "meet"}, {"type": "ignore"}),
    ({"type": "cult-tool"}, {"type": "keep"}),  # a cult tool adds what it gives
    ({"type": "develop", "flip": True}, {"type": "develop", "flip": False}),
    ({"type": "keep-beside"}, {"type": "beside"}),  # a card onto the cult deck costs a wound
    ({"type": "seek-help"}, {"type": "swap"}),  # module T's setup: the people as dealt are kept
    ({"type": "ignore"}, {"type": "beside"}),
])
def test_greedy_prefers_what_its_heuristic_states(better, worse):
    for order in ((worse, better), (better, worse)):
        acts = [dict(a, player=0) for a in order]
        assert GreedyPolicy(0)(_stub(acts))["type"] == better["type"]
        assert GreedyPolicy(0)(_stub(acts)) == dict(better, player=0)


def test_greedy_goes_out_to_sea_when_every_top_card_is_a_danger():
    rules = NS(definition=PALEO, backs_seen=2, back=lambda cid: cid)
    dangers = {"z": {"deck/0": [0, 1]}, "cards": ["danger", "danger"]}
    people = {"z": {"deck/0": [0, 1]}, "cards": ["danger", "people"]}
    sea, meet = {"type": "sea", "player": 0}, {"type": "meet", "player": 0}
    assert GreedyPolicy(0)(_stub([meet, sea], dangers, rules)) == sea
    assert GreedyPolicy(0)(_stub([sea, meet], people, rules)) == sea  # 1.0 ties with meeting: the first listed
    assert PALEO.greedy_score(_stub([], people, rules), sea) < PALEO.greedy_score(_stub([], dangers, rules), sea)


def test_greedy_splits_from_the_fullest_decks_and_shares_with_the_smaller_group():
    s = {"z": {"deck/0": [1] * 9, "deck/1": [2], "group/0": [1, 2, 3], "group/1": [4]}}
    g = _stub([], s)
    assert PALEO.greedy_score(g, {"type": "split", "split": [2, 0]}) > PALEO.greedy_score(g, {"type": "split", "split": [0, 2]})
    assert PALEO.greedy_score(g, {"type": "share", "to": 1}) > PALEO.greedy_score(g, {"type": "share", "to": 0})


def test_a_wound_as_a_cost_and_a_discard_as_a_negative_count_against_an_option():
    s = {"z": {"group/0": [1, 2]}, "players": 1, "res": {"food": 9}}
    g = _stub([], s)

    def opt(*calls):
        return NS(calls=list(calls), dice=0)
    assert option_score(g, opt(("cost", "symbol:wound", {"n": 1}))) < option_score(g, opt(("cost", "symbol:wood", {"n": 1})))
    assert option_score(g, opt(("negative", "symbol:discard", {"n": 2}))) == -2.0
    assert option_score(g, opt(("cost", "symbol:wound", {"n": 2}))) == -6.0


# ------------------------------------------------------------------ search: returns and values
def _ended(outcome, players=2, **s):
    return NS(s={"players": players, **s}, outcome=outcome, is_terminal=lambda: outcome is not None,
              rules=NS(definition=None))


def test_returns_read_from_the_outcome_when_the_game_gives_none():
    assert search.returns(_ended(None)) == [0.5, 0.5]
    assert search.returns(_ended({"result": "win", "winners": [1]})) == [0.0, 1.0]
    assert search.returns(_ended({"result": "win", "winners": [0, 1]})) == [0.5, 0.5]
    assert search.returns(_ended({"result": "loss", "winners": []})) == [0.0, 0.0]
    assert search.returns(_ended({"result": "unfinished", "winners": [0]})) == [0.5, 0.5]
    assert search.returns(_ended({"result": "win"})) == [1.0, 1.0]


def test_value_before_the_end_uses_the_definitions_evaluate_then_scores():
    g = _ended(None, scores=[7, 3])
    g.rules = NS(definition=NS(evaluate=lambda game, p: 0.25 + p))
    assert search.value(g, 1) == 1.25
    g = _ended(None, scores=[7, 3])
    assert search.value(g, 0) == pytest.approx(0.7) and search.value(g, 1) == pytest.approx(0.3)
    assert search.value(_ended(None, scores=[50, 0]), 0) == 1.0
    assert search.value(_ended(None), 0) == 0.5
    assert search.value(_ended(None, victory=3, skulls=1), 0) == pytest.approx(0.7)


def test_a_clone_without_a_signature_takes_no_keywords():
    class Opaque:
        clone = staticmethod(max)  # a builtin whose signature cannot be read
    assert search._clone_keywords(Opaque) == frozenset()


def test_returns_and_values_come_from_the_game_when_it_gives_them():
    g = _ended({"result": "win", "winners": [0]})
    g.returns = lambda: [1, 0]
    assert search.returns(g) == [1.0, 0.0] and all(isinstance(x, float) for x in search.returns(g))
    assert search.value(g, 0) == 1.0 and search.value(g, 1) == 0.0  # at the end: exact, no estimate


def test_a_rollout_stops_at_the_end_of_the_game():
    g = _ended({"result": "loss"})
    g.legal_actions = lambda: pytest.fail("an ended game is asked for no action")
    assert MonteCarloPolicy(1, depth=5)._rollout(g, 0) == 0.0


def test_reseeding_a_game_that_keeps_no_legal_cache_keeps_every_observation(bundle):
    from runtime.core.game import Engine

    class Bare:  # a game object with the state and rules but no cache of legal actions
        def __init__(self, e):
            self.s, self.rules = e.s, e.rules

        def observation(self, p):
            return Engine(self.rules, self.s).observation(p)

    e = Engine.new(bundle, scenario="A", players=2, seed=3)
    seen = [e.observation(p) for p in range(2)]
    decks = [list(e.s["z"][f"deck/{p}"]) for p in range(2)]
    bare = Bare(e)
    search.reseed(bare, 11, viewer=0)
    assert [bare.observation(p) for p in range(2)] == seen and bare.s["log"] == []
    assert [sorted(e.s["z"][f"deck/{p}"]) for p in range(2)] == [sorted(d) for d in decks]
