"""Policies for simulations, as plug-ins: uniform random, a one-step greedy heuristic, flat Monte Carlo
(`mc`, `mc-N` for N rollouts per action) and any `module:function` a user names.

The policy protocol: a policy is named by a factory called once per game with that game's seed
(an int); it returns a callable that takes the public `Game` (no mutator: observations, legal actions and
ids, returns, the secret-keeping `clone()`) and returns one of `game.legal_actions()`
(an action of any player in `game.current_players()`). It must draw any randomness from its seed
alone, so the same seed plays the same game. The built-in classes follow it; so must a user's

    # my_policies.py
    def cautious(seed):
        def choose(game):
            acts = game.legal_actions()
            return min(acts, key=lambda a: a["type"] == "sleep")
        return choose

named `my_policies:cautious` (an importable module) or `path/to/my_policies.py:cautious` (one file).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
import types

from .core.game import Game as Public
from .rng import Rng, seed_state
from .safetext import escape
from .search import MonteCarloPolicy


class RandomPolicy:
    """Uniform over the legal actions of the first player who may act."""

    name = "random"

    def __init__(self, seed: int):
        self.rng = Rng(seed_state(seed ^ 0x5EED))

    def __call__(self, game) -> dict:
        acts = game.legal_actions()
        p = acts[0]["player"]
        mine = [a for a in acts if a["player"] == p]
        return mine[self.rng.below(len(mine))]


class GreedyPolicy:
    """Highest heuristic score (the definition's `greedy_score`) among the first acting player's actions (ties: first
    listed)."""

    name = "greedy"

    def __init__(self, seed: int):
        self.rng = Rng(seed_state(seed ^ 0x6EED))

    def __call__(self, game) -> dict:
        acts = game.legal_actions()
        p = acts[0]["player"]
        best, best_score = None, None
        scorer = game.rules.definition.greedy_score  # the game's own heuristic
        for a in acts:
            if a["player"] != p:
                continue
            sc = scorer(game, a)
            if best_score is None or sc > best_score:
                best, best_score = a, sc
        return best


POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy}
BUILTIN = ("random", "greedy", "mc")


class PolicyError(ValueError):
    """A policy name that names no policy: unknown, not importable, or not a factory."""


def policy_factory(name: str):
    """The factory a policy name stands for: a built-in name, `mc-N`, `module:function` or `file.py:function`."""
    if not isinstance(name, str) or not name:
        raise PolicyError("a policy is named by a string")
    if name in POLICIES:
        return POLICIES[name]
    if name == "mc" or name.startswith("mc-"):
        n = name[3:] or "4"
        if not n.isdigit() or not 1 <= int(n) <= 1000:
            raise PolicyError(f"`{_cut(name)}`: mc-N takes N rollouts per action, 1 to 1000")
        k = int(n)
        return lambda seed: MonteCarloPolicy(seed, rollouts=k)
    if ":" not in name:
        raise PolicyError(f"unknown policy `{_cut(name)}`; built in: {', '.join(BUILTIN)}, mc-N, or module:function")
    return user_factory(name)


def user_factory(name: str, source: str | None = None):
    """A user's `module:function` (or `file.py:function`); with `source`, the module's text shipped to this process."""
    mod_name, _, fn_name = name.rpartition(":")
    if not mod_name or not fn_name.isidentifier():
        raise PolicyError(f"`{_cut(name)}` is not module:function")
    if source is not None:
        key = "_paleo_policy_" + hashlib.sha256(f"{name}\0{source}".encode("utf-8", "surrogatepass")).hexdigest()[:16]
        module = sys.modules.get(key)
        if module is None:
            module = types.ModuleType(key)
            module.__file__ = mod_name
            try:
                exec(compile(source, mod_name, "exec"), module.__dict__)  # noqa: S102 - the user's own policy
            except Exception as exc:  # a user file that does not run is named, with its error
                raise PolicyError(f"policy module `{_cut(mod_name)}` does not load: {type(exc).__name__}: {_cut(exc)}") from None
            sys.modules[key] = module
    elif mod_name.endswith(".py"):
        # a name ending in .py always has the source loader, so a spec always comes back
        spec = importlib.util.spec_from_file_location("_paleo_policy_file", mod_name)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except FileNotFoundError:
            raise PolicyError(f"policy file `{_cut(mod_name)}` does not exist") from None
        except Exception as exc:
            raise PolicyError(f"policy file `{_cut(mod_name)}` does not load: {type(exc).__name__}: {_cut(exc)}") from None
    else:
        try:
            module = importlib.import_module(mod_name)
        except ImportError as exc:
            raise PolicyError(f"policy module `{_cut(mod_name)}` is not importable: {_cut(exc)}") from None
        except Exception as exc:
            raise PolicyError(f"policy module `{_cut(mod_name)}` does not load: {type(exc).__name__}: {_cut(exc)}") from None
    fn = getattr(module, fn_name, None)
    if not callable(fn):
        raise PolicyError(f"`{_cut(fn_name)}` is not a function of policy module `{_cut(mod_name)}`")
    return _public_view(fn)


def _public_view(factory):
    """A user's policy sees the public game (observations, legal actions, returns, the secret-keeping clone),
    never the engine the simulator drives: it cannot change the state but by the action it returns."""
    def make(seed):
        choose = factory(seed)
        if not callable(choose):
            raise PolicyError("a policy factory returns a function from the game to one of its legal actions")
        return lambda engine: choose(Public(engine))
    return make


def _cut(v, limit: int = 80) -> str:
    return escape(v, limit)
