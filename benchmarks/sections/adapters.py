"""Benchmark section: games per second through the game-AI adapters, each divided by direct runtime calls.

Every way plays the same number of uniformly random games of Paleo on the synthetic base pack made short
(won at the first victory token, lost at the first skull; 2 players): direct `runtime.Game` calls
(legal actions, apply, the runtime's own generator); OpenSpiel's `State` (legal actions, chance outcomes
sampled, every draw a chance node); PettingZoo's AEC loop (`last`, the action mask, `step`).
Run standalone: `python benchmarks/sections/adapters.py [--quick]`.
"""

from __future__ import annotations

import copy
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT, ROOT / "tests" / "packs"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

NAME = "adapters"
DESCRIPTION = "games/s through the OpenSpiel and PettingZoo adapters, each ÷ direct runtime calls"


def _bundle() -> dict:
    import synthetic_bundle

    b = copy.deepcopy(synthetic_bundle.cached())
    rec = next(g for g in b["games"] if g["id"] == "game:paleo")
    rec.setdefault("parameters", {}).update(victory_tokens_to_win=1, skulls_to_lose=1)
    return b


def _direct(bundle, games: int) -> float:
    from runtime import new_game

    t = time.perf_counter()
    for seed in range(games):
        g = new_game(bundle, players=2, seed=seed)
        r = random.Random(seed)
        while not g.is_terminal():
            p = min(g.current_players())
            g.apply(r.choice(g.legal_actions(p)))
    return games / (time.perf_counter() - t)


def _openspiel(bundle, games: int) -> float:
    from paleo_ai.openspiel import PaleoGame

    game = PaleoGame.from_bundle(bundle, players=2)
    t = time.perf_counter()
    for seed in range(games):
        r = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(r.randrange(len(s.chance_outcomes())))
            else:
                s.apply_action(r.choice(s.legal_actions()))
    return games / (time.perf_counter() - t)


def _pettingzoo(bundle, games: int) -> float:
    import numpy as np

    from paleo_ai.pettingzoo import PaleoAECEnv

    env = PaleoAECEnv(bundle, players=2)
    t = time.perf_counter()
    for seed in range(games):
        r = random.Random(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _rew, term, trunc, _info = env.last()
            env.step(None if term or trunc else int(r.choice(np.flatnonzero(obs["action_mask"]))))
    return games / (time.perf_counter() - t)


def run(quick: bool = False) -> list[dict]:
    bundle = _bundle()
    games = 6 if quick else 30
    _direct(bundle, 1)  # the setup's checks are made once per process: not timed
    direct = _direct(bundle, games)
    out = [{"figure": "direct runtime calls: random games (short Paleo, 2 players)", "value": round(direct, 2),
            "unit": "games/s", "target": None, "hard": False, "met": None, "spread": None}]
    for label, fn in (("OpenSpiel State", _openspiel), ("PettingZoo AEC", _pettingzoo)):
        try:
            rate = fn(bundle, games)
        except ImportError as exc:  # the [ai] extra is not installed
            out.append({"figure": f"{label}: not measured ({exc.name} is not installed)", "value": 0.0,
                        "unit": "games/s", "target": None, "hard": False, "met": None, "spread": None})
            continue
        out.append({"figure": f"{label}: random games", "value": round(rate, 2), "unit": "games/s",
                    "target": None, "hard": False, "met": None, "spread": None})
        out.append({"figure": f"{label} ÷ direct calls (games/s)", "value": round(rate / direct, 3), "unit": "ratio",
                    "target": None, "hard": False, "met": None, "spread": None})
    return out


if __name__ == "__main__":
    for f in run(quick="--quick" in sys.argv[1:]):
        print(f"{f['figure']}: {f['value']} {f['unit']}")
