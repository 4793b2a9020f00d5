"""The runtime as a PettingZoo AEC environment (needs `pettingzoo` and `gymnasium`: the `[ai]` extra).

    from paleo_ai.pettingzoo import PaleoAECEnv
    env = PaleoAECEnv(bundle, game="game:paleo", players=2, setup={"scenario": "A"})
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
        env.step(action)

- Agents are `player_0` .. `player_{n-1}`; the agent selected is the lowest seat among those who
  may act (simultaneous choices are taken turn by turn, an earlier choice hidden from the others).
- Action space: `Discrete(num_distinct_actions)`, the runtime's fixed action ids; the mask of the
  legal ones is `obs["action_mask"]` (and `info["action_mask"]`).
- Observation space: a `Dict` of `observation`, a fixed-length float vector, and `action_mask`.
  The vector is the runtime's observation of that player hashed into `FEATURES` slots: each
  number or boolean at a path adds its value at the slot of its path, each string in a list (a
  card id, a back) adds 1 at the slot of (path, string), a list's length goes at the slot of its
  path. The observation itself, as a dict, is in `info["observation"]`.
- The environment draws its randomness from the runtime's own generator, seeded by `reset(seed)`.
- Rewards come once, at the end: the returns of `paleo_ai` (cooperative Paleo: the shared result
  for everyone). The runtime's cap stopping a game sets `truncations`, not `terminations`.
"""

from __future__ import annotations

import functools
import zlib

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # the [ai] extra is not installed
    raise ImportError(f'paleo_ai.pettingzoo needs pettingzoo and gymnasium ({exc.name} is missing): '
                      'pip install "paleo-codex[ai]"', name=exc.name) from None

from runtime import Game

FEATURES = 1024
LIMIT = 1e6  # the observation vector's declared bounds (every count and counter of a game stays far inside)


def _slot(key: str) -> int:
    return zlib.crc32(key.encode("utf-8")) % FEATURES


def features(obs, out: np.ndarray, path: str = "") -> None:
    """Hash an observation (nested dicts and lists) into the fixed vector `out` (added to, not cleared)."""
    if isinstance(obs, dict):
        for k, v in obs.items():
            features(v, out, f"{path}/{k}")
    elif isinstance(obs, list):
        out[_slot(path + "#")] += len(obs)
        for i, v in enumerate(obs):
            if isinstance(v, str):
                out[_slot(f"{path}={v}")] += 1
            else:
                features(v, out, f"{path}[{i}]")
    elif isinstance(obs, bool):
        out[_slot(path)] += float(obs)
    elif isinstance(obs, (int, float)):
        out[_slot(path)] += max(-LIMIT / 4, min(LIMIT / 4, float(obs)))
    elif isinstance(obs, str):
        out[_slot(f"{path}={obs}")] += 1


class PaleoAECEnv(AECEnv):
    metadata = {"name": "paleo_codex_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, bundle: dict, *, game: str = "game:paleo", players: int = 2, setup: dict | None = None,
                 render_mode: str | None = None):
        super().__init__()
        self.bundle = bundle
        self.new_kw = {"game": game, "players": players, "setup": dict(setup or {})}
        probe = Game.new(bundle, seed=0, **self.new_kw)
        self.num_actions = probe.num_distinct_actions
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.render_mode = render_mode
        self.game = None

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent):
        return spaces.Dict({
            "observation": spaces.Box(-LIMIT, LIMIT, (FEATURES,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent):
        return spaces.Discrete(self.num_actions)

    # ------------------------------------------------------------------ the AEC interface
    def reset(self, seed=None, options=None):
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.game = Game.new(self.bundle, seed=int(seed), **self.new_kw)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _seat(self, agent) -> int:
        return self.possible_agents.index(agent)

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
        m = np.zeros(self.num_actions, np.int8)
        g = self.game
        if not g.is_terminal() and agent == self.agent_selection:
            m[g.legal_action_ids(self._seat(agent))] = 1
        return m

    def observe(self, agent):
        vec = np.zeros(FEATURES, np.float32)
        obs = self.game.observation(self._seat(agent))
        features(obs, vec)
        self.infos.setdefault(agent, {})["observation"] = obs
        return {"observation": vec, "action_mask": self._mask(agent)}

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

    def render(self):
        if self.render_mode is None:
            return None
        g = self.game
        return f"{g.game_id} day/turn state: {g.outcome or 'in play'}; to act: {self.agent_selection}"

    def close(self):
        self.game = None
