"""The search policy's clone keeps the future secret: hidden cards and dice re-drawn, every observation unchanged."""

from __future__ import annotations

import json

from runtime.core.invariants import state_problems
from runtime.core.game import Engine as Game  # the search reads the state it copies
from runtime.policies import policy_factory
from runtime.search import MonteCarloPolicy, returns, secret_clone
from runtime.sim import play


def _midgame(bundle, game="game:paleo", scenario="J", players=2, seed=4, steps=12):
    g = Game.new(bundle, game=game, scenario=scenario, players=players, seed=seed)
    pol = policy_factory("greedy")(seed)
    for _ in range(steps):
        g.apply(pol(g))
    return g


def _hidden(g):
    lay = g.layout
    names = [z.name if z.scope == "shared" else f"{z.name}/{p}" for z in lay.zones if z.visibility == "count"
             for p in range(g.s["players"] if z.scope == "player" else 1)]
    return {n: list(g.s["z"][n]) for n in names}


def test_the_secret_clone_redraws_the_hidden_future_and_shows_the_same_table(planted_bundle):
    g = _midgame(planted_bundle)
    real = g.to_json()
    clones = [secret_clone(g, sd, viewer=0) for sd in range(6)]
    assert g.to_json() == real  # the real game is untouched
    for c in clones:
        for p in range(2):
            assert c.observation(p) == g.observation(p)
        assert state_problems(c) == []
        assert c.s["rng"] != g.s["rng"]
        assert sorted(map(sorted, _hidden(c).values())) == sorted(map(sorted, _hidden(g).values()))
    assert any(_hidden(c) != _hidden(g) for c in clones)  # the real deck order is not what a search sees
    again = secret_clone(g, 3, viewer=0)
    assert json.loads(again.to_json()) == json.loads(clones[3].to_json())  # a search repeats exactly


def test_the_secret_clone_keeps_face_up_cards_of_a_competitive_game(vet_bundle):
    g = _midgame(vet_bundle, game="game:paleovet", scenario=None, players=3, steps=6)
    c = secret_clone(g, 11, viewer=1)
    for p in range(3):
        assert c.observation(p) == g.observation(p)
    assert _hidden(c) != _hidden(g)
    assert state_problems(c) == []


def test_the_core_clone_is_used_when_it_keeps_the_future_secret(planted_bundle):
    g = _midgame(planted_bundle, steps=4)
    seen = []

    class Seeded(Game):
        __slots__ = ()

        def clone(self, exact=False, seed=None):
            seen.append((exact, seed))
            return Game.clone(self)

    class ExactOnly(Game):
        __slots__ = ()

        def clone(self, exact=False):
            seen.append((exact, None))
            return Game.clone(self)

    assert secret_clone(Seeded(g.rules, g.s), 7).s["rng"] == g.s["rng"]  # the core's own secret clone, seeded by us
    c = secret_clone(ExactOnly(g.rules, g.s), 7)  # exact copies are re-seeded here
    assert seen == [(False, 7), (True, None)] and c.s["rng"] != g.s["rng"]


def test_monte_carlo_plays_legal_moves_without_touching_the_real_game(planted_bundle, vet_bundle):
    for bundle, game, scenario, players in ((planted_bundle, "game:paleo", "K", 1), (vet_bundle, "game:paleovet", None, 2)):
        g = Game.new(bundle, game=game, scenario=scenario, players=players, seed=2)
        twin = Game.new(bundle, game=game, scenario=scenario, players=players, seed=2)
        mc = MonteCarloPolicy(2, rollouts=1, depth=6)
        for _ in range(6):
            if g.is_terminal():
                break
            before = g.to_json()
            a = mc(g)
            assert g.to_json() == before
            assert a in g.legal_actions()
            g.apply(a)
            twin.apply(a)
        assert g.to_json() == twin.to_json()


def test_returns_read_the_outcome_for_each_player(planted_bundle, vet_bundle):
    g = play(planted_bundle, game="game:paleo", scenario="J", players=2, seed=1, policy="greedy")
    assert returns(g) == [1.0 if g.outcome["result"] == "win" else 0.0] * 2
    v = play(vet_bundle, game="game:paleovet", scenario=None, players=3, seed=1, policy="greedy")
    w = v.outcome["winners"]
    assert returns(v) == [1 / len(w) if p in w else 0.0 for p in range(3)]
