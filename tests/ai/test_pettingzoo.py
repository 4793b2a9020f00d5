"""The PettingZoo adapter: PettingZoo's own API test, fixed spaces with action masks, rewards and truncation."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test

from paleo_ai import pettingzoo as paleo_pz
from paleo_ai.pettingzoo import PaleoAECEnv, PaleoParallelEnv
from runtime import ACTION_CAP


@pytest.mark.parametrize("which,kw", [("short_paleo", dict(players=2)), ("short_paleo", dict(players=3)),
                                      ("short_vet", dict(game="game:paleovet", players=2))])
def test_pettingzoos_api_test_passes(request, which, kw):
    env = PaleoAECEnv(request.getfixturevalue(which), **kw)
    api_test(env, num_cycles=300, verbose_progress=False)


def _play(env, seed):
    env.reset(seed=seed)
    rs = np.random.RandomState(seed)
    n = env.action_space(env.possible_agents[0]).n
    for agent in env.agent_iter():
        obs, _r, term, trunc, info = env.last()
        assert env.observation_space(agent).contains(obs) and obs["observation"].shape == (env.layout.size,)
        assert obs["observation"].tolist() == env.layout.encode(env.game, env.possible_agents.index(agent))
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) and (info["action_mask"] == obs["action_mask"]).all() and len(obs["action_mask"]) == n
        env.step(int(rs.choice(legal)))


def test_every_game_ends_with_the_runtimes_returns_as_rewards(short_paleo):
    env = PaleoAECEnv(short_paleo, players=2)
    for seed in range(4):
        rewards = {a: 0.0 for a in env.possible_agents}
        env.reset(seed=seed)
        rs = np.random.RandomState(seed)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _info = env.last()
            rewards[agent] += reward
            env.step(None if term or trunc else int(rs.choice(np.flatnonzero(obs["action_mask"]))))
        assert len(set(rewards.values())) == 1 and abs(list(rewards.values())[0]) == 1.0  # cooperative
        _play(env, seed)


def test_the_runtimes_cap_is_a_truncation_not_a_termination(short_paleo):
    env = PaleoAECEnv(short_paleo, players=2)
    env.reset(seed=1)
    env.game._engine.s["actions"] = ACTION_CAP - 1  # a game about to reach the cap
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert all(r == 0.0 for r in env.rewards.values())


def test_the_factories_play_the_demo_bundle_inside_the_standard_wrappers():
    from pettingzoo.utils import wrappers

    wrapped = paleo_pz.env(players=2, setup={"scenario": "A"})
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper) and isinstance(wrapped.unwrapped, PaleoAECEnv)
    api_test(wrapped, num_cycles=200, verbose_progress=False)
    raw = paleo_pz.raw_env(players=2)
    assert isinstance(raw, PaleoAECEnv) and raw.metadata["name"] == "paleo_codex_v1"
    from runtime.demo import is_demo

    assert is_demo(raw.bundle)


def test_an_illegal_action_in_the_wrapped_env_ends_the_game_with_the_penalty(short_paleo):
    wrapped = paleo_pz.env(short_paleo, players=2)
    wrapped.reset(seed=3)
    obs, *_ = wrapped.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = wrapped.agent_selection
    wrapped.step(bad)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -1.0


@pytest.mark.parametrize("which,kw", [("short_paleo", dict(players=2)), ("short_paleo", dict(players=3)),
                                      ("short_vet", dict(game="game:paleovet", players=2))])
def test_pettingzoos_parallel_api_test_passes(request, which, kw):
    parallel_api_test(PaleoParallelEnv(request.getfixturevalue(which), **kw), num_cycles=300)


def test_the_parallel_env_takes_every_simultaneous_choice_in_one_step(short_paleo):
    par = paleo_pz.parallel_env(short_paleo, players=2)
    obs, infos = par.reset(seed=4)
    acting = [a for a in par.agents if obs[a]["action_mask"].any()]
    assert acting == ["player_0", "player_1"]  # the choose step: both players choose at once
    choice = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in acting}
    before = len(par.game.log)
    obs, rewards, terms, truncs, infos = par.step(choice)
    assert any(e["t"] == "reveal" for e in par.game.log[before:]), par.game.log[before:]
    assert set(obs) == set(rewards) == set(terms) == {"player_0", "player_1"}
    with pytest.raises(ValueError):
        par.step({})
    for a in par.agents:
        assert obs[a]["observation"].tolist() == par.layout.encode(par.game, par.possible_agents.index(a))


def test_parallel_games_end_with_the_shared_result(short_paleo):
    par = paleo_pz.parallel_env(short_paleo, players=2)
    for seed in range(3):
        obs, _ = par.reset(seed=seed)
        rs = np.random.RandomState(seed)
        total = {a: 0.0 for a in par.possible_agents}
        while par.agents:
            acts = {a: int(rs.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in par.agents if obs[a]["action_mask"].any()}
            obs, rew, terms, truncs, _ = par.step(acts)
            for a, r in rew.items():
                total[a] += r
        assert len(set(total.values())) == 1 and abs(total["player_0"]) == 1.0
