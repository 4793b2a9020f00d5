"""The runtime as PettingZoo environments (needs `pettingzoo` and `gymnasium`: the `[ai]` extra).

    from paleo_ai import pettingzoo as paleo_pz
    env = paleo_pz.env(players=2, setup={"scenario": "A"})     # the demo bundle, PettingZoo's standard wrappers
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
        env.step(action)

    par = paleo_pz.parallel_env(players=2)                      # every player who may act chooses at once

- `raw_env(bundle=None, *, game, players, setup, render_mode)` is the AEC environment itself (`PaleoAECEnv`);
  `env(...)` is it inside PettingZoo's standard wrappers, as its classic games are (an action outside the space
  is an error, an illegal one ends the game with `illegal_reward` for that agent, and the call order is
  enforced); `parallel_env(...)` is `PaleoParallelEnv`. `bundle` None plays the runtime's demo bundle
  (`runtime.demo`: synthetic test packs with invented card faces).
- Agents are `player_0` .. `player_{n-1}`. In the AEC environment the agent selected is the lowest seat among
  those who may act (simultaneous choices are taken turn by turn, an earlier choice hidden from the others).
  In the parallel environment every agent who may act chooses in the same step (Paleo's choose step is
  simultaneous in the rules); an agent who may not act has an all-zero mask and its action is not read.
- Action space: `Discrete(num_distinct_actions)`, the runtime's fixed action ids; the mask of the
  legal ones is `obs["action_mask"]` (and `info["action_mask"]`).
- Observation space: a `Dict` of `observation` and `action_mask`. `observation` is the vector of
  `paleo_ai.tensor.Layout` (the same as OpenSpiel's observation tensor): segments derived from the game's
  declared zones and counters, seats relative to the observing agent; `env.unwrapped.layout.describe()` lists
  them. The observation itself, as a dict, is in `info["observation"]`.
- The environment draws its randomness from the runtime's own generator, seeded by `reset(seed)`.
- Rewards come once, at the end: the returns of `paleo_ai` (cooperative Paleo: the shared result
  for everyone). The runtime's cap stopping a game sets `truncations`, not `terminations`.
"""

from __future__ import annotations

import functools

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # the [ai] extra is not installed
    raise ImportError(f'paleo_ai.pettingzoo needs pettingzoo and gymnasium ({exc.name} is missing): '
                      'pip install "paleo-codex[ai]"', name=exc.name) from None

from runtime import Game, IllegalAction
from runtime.demo import load_demo

from .tensor import Layout

LIMIT = 1e6  # the observation vector's declared bounds (every count and counter of a game stays far inside)
NAME = "paleo_codex_v1"


def _bundle(bundle):
    if bundle is None:
        return load_demo()
    return bundle


def raw_env(bundle: dict | None = None, **kw) -> "PaleoAECEnv":
    """The AEC environment without wrappers."""
    return PaleoAECEnv(_bundle(bundle), **kw)


def env(bundle: dict | None = None, *, illegal_reward: float = -1.0, **kw):
    """The AEC environment in PettingZoo's standard wrappers (as its classic games are built)."""
    e = raw_env(bundle, **kw)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


def parallel_env(bundle: dict | None = None, **kw) -> "PaleoParallelEnv":
    """The parallel environment: each step takes the actions of every agent who may act."""
    return PaleoParallelEnv(_bundle(bundle), **kw)


class _Spaces:
    """What both environments share: the game's sizes, spaces, masks and observations."""

    def _setup(self, bundle, game, players, setup, render_mode):
        self.bundle = bundle
        self.new_kw = {"game": game, "players": players, "setup": dict(setup or {})}
        probe = Game.new(bundle, seed=0, **self.new_kw)
        self.num_actions = probe.num_distinct_actions
        self.layout = Layout.of(probe)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.render_mode = render_mode
        self.game = None

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent):
        return spaces.Dict({
            "observation": spaces.Box(-LIMIT, LIMIT, (self.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent):
        return spaces.Discrete(self.num_actions)

    def _seat(self, agent) -> int:
        return self.possible_agents.index(agent)

    def _new_game(self, seed) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.game = Game.new(self.bundle, seed=int(seed), **self.new_kw)

    def _legal_mask(self, agent, may_act: bool) -> np.ndarray:
        m = np.zeros(self.num_actions, np.int8)
        if may_act and not self.game.is_terminal():
            m[self.game.legal_action_ids(self._seat(agent))] = 1
        return m

    def _observation(self, agent, mask) -> tuple[dict, dict]:
        seat = self._seat(agent)
        vec = np.asarray(self.layout.encode(self.game, seat), np.float32)
        return {"observation": vec, "action_mask": mask}, self.game.observation(seat)

    def render(self):
        if self.render_mode is None:
            return None
        g = self.game
        return f"{g.game_id}: {g.outcome or 'in play'}; to act: {', '.join(f'player_{p}' for p in g.current_players())}"

    def close(self):
        self.game = None


class PaleoAECEnv(_Spaces, AECEnv):
    """The AEC environment: one agent acts at a time."""

    metadata = {"name": NAME, "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, bundle: dict, *, game: str = "game:paleo", players: int = 2, setup: dict | None = None,
                 render_mode: str | None = None):
        AECEnv.__init__(self)
        self._setup(bundle, game, players, setup, render_mode)

    # ------------------------------------------------------------------ the AEC interface
    def reset(self, seed=None, options=None):
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        g = self.game
        if g.is_terminal():
            ret = g.returns()
            for a in self.agents:
                self.rewards[a] = float(ret[self._seat(a)])
                if g.is_truncated():
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = f"player_{min(g.current_players())}"
        for a in self.agents:
            self.infos[a] = {"action_mask": self._mask(a)}

    def _mask(self, agent) -> np.ndarray:
        return self._legal_mask(agent, agent == self.agent_selection)

    def observe(self, agent):
        out, obs = self._observation(agent, self._mask(agent))
        self.infos.setdefault(agent, {})["observation"] = obs
        return out

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.game.apply_id(int(action), self._seat(agent))
        self._select()
        if self.render_mode == "ansi":
            self.render()


class PaleoParallelEnv(_Spaces, ParallelEnv):
    """The parallel environment: every agent who may act chooses in the same step (the others' actions are not
    read). Actions are applied in seat order; one made illegal by an earlier seat's (the runtime took a
    choice that changed the table) is dropped, and that agent is asked again in the next step."""

    metadata = {"name": NAME, "render_modes": ["ansi"]}

    def __init__(self, bundle: dict, *, game: str = "game:paleo", players: int = 2, setup: dict | None = None,
                 render_mode: str | None = None):
        self._setup(bundle, game, players, setup, render_mode)
        self.agents = []

    def _all(self) -> tuple[dict, dict]:
        acting = set(self.game.current_players()) if not self.game.is_terminal() else set()
        obs, infos = {}, {}
        for a in self.agents:
            mask = self._legal_mask(a, self._seat(a) in acting)
            obs[a], seen = self._observation(a, mask)
            infos[a] = {"action_mask": mask, "observation": seen}
        return obs, infos

    def reset(self, seed=None, options=None):
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        return self._all()

    def step(self, actions: dict):
        g = self.game
        acting = g.current_players()
        missing = [f"player_{p}" for p in acting if f"player_{p}" not in actions]
        if missing:
            raise ValueError(f"{', '.join(missing)} may act now and gave no action")
        for p in acting:  # an action illegal before any is applied is the caller's error
            aid = int(actions[f"player_{p}"])
            if aid not in g.legal_action_ids(p):
                raise IllegalAction(f"action {aid} is not legal for player_{p} now")
        for p in acting:
            aid = int(actions[f"player_{p}"])
            if g.is_terminal() or aid not in g.legal_action_ids(p):
                continue  # an earlier seat's action changed what this seat may do: it chooses again
            g.apply_id(aid, p)
        obs, infos = self._all()
        done = g.is_terminal()
        ret = g.returns() if done else [0.0] * len(self.possible_agents)
        rewards = {a: float(ret[self._seat(a)]) for a in self.agents}
        truncated = done and g.is_truncated()
        terms = {a: done and not truncated for a in self.agents}
        truncs = {a: truncated for a in self.agents}
        if done:
            self.agents = []
        if self.render_mode == "ansi":
            self.render()
        return obs, rewards, terms, truncs, infos
