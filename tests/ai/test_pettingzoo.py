"""The PettingZoo adapter: PettingZoo's own API test, fixed spaces with action masks, rewards and truncation."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

from paleo_ai.pettingzoo import FEATURES, PaleoAECEnv
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
        assert env.observation_space(agent).contains(obs) and obs["observation"].shape == (FEATURES,)
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
