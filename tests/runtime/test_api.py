"""The public `Game`: no mutators, a fixed integer action encoding, per-player returns, truncation, history, clones."""

from __future__ import annotations

import json
import random

import pytest

from runtime import ACTION_CAP, Game, IllegalAction, new_game
from runtime.core.game import Engine
from runtime.rng import draws_from


@pytest.fixture(scope="module")
def star_bundle() -> dict:
    import synthetic_bundle

    return synthetic_bundle.build(packs=["synthetic-base", "base-modules", "pote-w"])


@pytest.fixture(scope="module")
def hands_bundle() -> dict:
    import synthetic_bundle

    return synthetic_bundle.build(packs=["synthetic-base", "base-modules", "pote-x"])


def _play(g, seed: int, steps: int, check=None):
    r = random.Random(seed)
    for _ in range(steps):
        if g.is_terminal():
            break
        if check is not None:
            check(g)
        p = r.choice(g.current_players())
        g.apply(r.choice(g.legal_actions(p)))
    return g


def _encoding_holds(g):
    n = g.num_distinct_actions
    for p in g.current_players():
        legal = g.legal_actions(p)
        ids = g.legal_action_ids(p)
        assert len(ids) == len(set(ids)) == len(legal), "two legal actions share an id"
        assert ids == sorted(ids) and all(0 <= i < n for i in ids)
        for a in legal:
            back = g.action_from_id(g.id_of(a), p)
            assert back == {k: v for k, v in a.items() if k != "label"}
        mask = g.legal_action_mask(p)
        assert len(mask) == n and sum(mask) == len(ids)


SETUPS = [
    ("bundle", dict(scenario="A", players=2)),
    ("bundle", dict(scenario=None, players=1)),
    ("anb_bundle", dict(scenario="scenario:anb/I", players=2)),
    ("anb_bundle", dict(scenario="scenario:anb/V", players=3)),
    ("anb_bundle", dict(scenario="C+R", players=2)),
    ("pote_bundle", dict(scenario="level:pote/III", players=2)),
    ("pote_bundle", dict(scenario="I+X", players=3)),
    ("whale_bundle", dict(scenario="A+T", players=3)),
    ("star_bundle", dict(scenario="D+W", players=2)),
    ("hands_bundle", dict(modules=["module:paleo/I", "module:pote/X"], players=3)),
    ("vet_bundle", dict(game="game:paleovet", players=2, options={"mode": "standard"})),
    ("vet_bundle", dict(game="game:paleovet", players=1, options={"mode": "solo"})),
]


@pytest.mark.parametrize("fixture,kw", SETUPS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(SETUPS)])
def test_every_legal_action_has_one_fixed_id_that_round_trips(request, fixture, kw):
    b = request.getfixturevalue(fixture)
    sizes = set()
    for seed in range(3):
        g = new_game(b, seed=seed, **kw)
        sizes.add(g.num_distinct_actions)
        _play(g, seed, 400, _encoding_holds)
    assert len(sizes) == 1, "the action encoding of one setup changed with the seed"


def test_the_public_game_has_no_mutators(bundle):
    g = new_game(bundle, scenario="A", players=2, seed=1)
    for name in ("s", "move", "goto", "event", "end", "bus", "make_cards", "by"):
        assert not hasattr(g, name), name
    acts = g.legal_actions()
    acts[0]["player"] = 99
    o = g.outcome
    assert o is None
    log = g.log
    log.clear()
    obs = g.observation(0)
    obs["setup"]["modules"].append("module:x")
    obs["players"][0].clear()
    assert g.observation(0) != obs and g.setup["modules"] == ["module:paleo/A"]
    assert g.log == new_game(bundle, scenario="A", players=2, seed=1).log
    assert all(a["player"] != 99 for a in g.legal_actions())


def test_apply_id_plays_the_action_and_an_illegal_id_changes_nothing(bundle):
    g = new_game(bundle, scenario="A", players=2, seed=2)
    p = g.current_players()[0]
    legal_ids = set(g.legal_action_ids(p))
    bad = next(i for i in range(g.num_distinct_actions) if i not in legal_ids)
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply_id(bad, p)
    with pytest.raises(IllegalAction):
        g.apply_id(g.num_distinct_actions, p)
    assert g.to_json() == before and g.history == []
    a = g.legal_actions(p)[0]
    g.apply_id(g.id_of(a), p)
    assert g.history == [{k: v for k, v in a.items() if k != "label"}]
    assert g.clone().history == g.history


def test_cooperative_returns_are_the_shared_result_and_a_cap_is_a_truncation(bundle):
    g = _play(new_game(bundle, scenario="A", players=2, seed=3), 3, 5000)
    assert g.is_terminal() and not g.is_truncated()
    want = {"win": 1.0, "loss": -1.0}[g.outcome["result"]]
    assert g.returns() == [want, want]
    e = Engine.new(bundle, scenario="A", players=2, seed=3)
    e.s["actions"] = ACTION_CAP - 1
    t = Game(e)
    assert t.returns() == [0.0, 0.0] and not t.is_truncated()
    t.apply(t.legal_actions()[0])
    assert t.is_terminal() and t.is_truncated() and t.outcome["result"] == "unfinished"
    assert t.returns() == [0.0, 0.0]


def test_paleovet_returns_rank_the_players_and_sum_to_zero(vet_bundle):
    for seed in range(3):
        g = _play(new_game(vet_bundle, game="game:paleovet", players=3, seed=seed), seed, 5000)
        assert g.is_terminal()
        ret, o = g.returns(), g.outcome
        assert abs(sum(ret)) < 1e-9
        key = [(o["scores"][p], o["cured"][p]) for p in range(3)]
        for p in range(3):
            for q in range(3):
                assert (key[p] > key[q]) == (ret[p] > ret[q])


def test_a_clone_keeps_the_hidden_future_secret_and_an_exact_clone_replays_it(bundle):
    g = _play(new_game(bundle, scenario="A", players=2, seed=4), 4, 30)
    exact = g.clone(exact=True)
    assert exact.to_json() == g.to_json()
    futures = set()
    for seed in range(6):
        c = g.clone(seed=seed)
        for p in range(2):
            assert c.observation(p) == g.observation(p), "a secret clone shows a player something else"
        assert json.loads(c.to_json())["rng"] != json.loads(g.to_json())["rng"]
        futures.add(_play(c, 99, 60).to_json(log=False))
    futures.add(_play(exact, 99, 60).to_json(log=False))
    assert _play(g.clone(exact=True), 99, 60).to_json(log=False) in futures
    assert len(futures) >= 5, "secret clones replayed the same hidden future"


def test_a_draw_source_decides_every_shuffle_and_roll(bundle):
    with draws_from(lambda n: n - 1):
        a = new_game(bundle, scenario="A", players=2, seed=1)
        b = new_game(bundle, scenario="A", players=2, seed=2)
    sa, sb = json.loads(a.to_json()), json.loads(b.to_json())
    assert sa["z"] == sb["z"], "the seed still chose a shuffle although the draws were supplied"
    c = new_game(bundle, scenario="A", players=2, seed=2)
    assert json.loads(c.to_json())["z"] != sb["z"]


def test_records_outside_the_encoding_are_refused_by_name(bundle):
    g = new_game(bundle, scenario="A", players=2, seed=5)
    for bad, says in [({"type": "fly\x1b[2J", "player": 0}, "has no id"), ({"type": "sleep", "player": 0, "x\n": 1}, "not in"),
                      ({"type": "help", "player": 0, "target": 7}, "outside"), ("sleep", "a mapping")]:
        with pytest.raises(IllegalAction) as err:
            g.id_of(bad)
        assert says in str(err.value) and "\x1b" not in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(IllegalAction):
        g.action_from_id(-1, 0)


def test_without_a_player_the_ids_are_the_lowest_acting_seats(bundle):
    g = new_game(bundle, scenario="A", players=3, seed=6)
    p = min(g.current_players())
    assert g.legal_action_ids() == g.legal_action_ids(p) and g.legal_action_mask() == g.legal_action_mask(p)
    done = _play(g, 6, 5000)
    assert done.is_terminal() and done.legal_action_ids() == [] and sum(done.legal_action_mask()) == 0
