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

from .games.paleo.resolve import affordable, helpers_of
from .games.paleo.state import Ctx
from .rng import Rng, seed_state

BACK_SCORE = {"people": 5, "idea": 4, "dream": 4, "secret": 4, "forest": 3, "river": 3, "mountain": 3, "danger": 0}
REWARD = {"symbol:victory-token": 25, "symbol:new-person": 7, "symbol:dream": 3, "symbol:idea": 2.5,
          "symbol:craft": 2.5, "symbol:reveal-secret": 3, "symbol:wood": 1.2, "symbol:stone": 1.4}
TOOLS = ("symbol:torch", "symbol:stone-axe", "symbol:spear", "symbol:talisman", "symbol:tent", "symbol:raft")


def _n(args):
    v = args.get("n")
    return v if isinstance(v, int) else 1


def option_score(game, opt) -> float:
    s = game.s
    people = sum(len(s["z"][f"group/{p}"]) for p in range(s["players"]))
    food_w = 2.5 if s["res"].get("food", 0) < people + 2 else 0.8
    score = 0.0
    for pos, sym, args in opt.calls:
        n = _n(args)
        if pos == "reward":
            if sym == "symbol:food":
                score += food_w * n
            elif sym in TOOLS:
                score += 2 * n
            else:
                score += REWARD.get(sym, 0.5) * n
        elif pos == "cost":
            if sym == "symbol:food":
                score -= food_w * n
            elif sym in ("symbol:wood", "symbol:stone"):
                score -= 1.0 * n
            elif sym in TOOLS:
                score -= 1.8 * n
            elif sym == "symbol:discard":
                score -= 0.6 * n
            elif sym == "symbol:wound":
                score -= 3 * n
        elif pos == "negative":
            if sym == "symbol:skull":
                score -= 20 * n
            elif sym == "symbol:wound":
                score -= 3.5 * n
            elif sym == "symbol:discard":
                score -= 1.0 * n
            elif sym == "symbol:food":
                score -= food_w * n
            else:
                score -= 1.0 * n
    if opt.dice:
        score -= 0.8 * opt.dice
    return score


def greedy_score(game, a: dict) -> float:
    s, r = game.s, game.rules
    t = a["type"]
    if t == "choose":
        deck = s["z"][f"deck/{a['player']}"]
        top = list(reversed(deck[-r.backs_seen:]))
        score = BACK_SCORE.get(r.back(s["cards"][top[a["card"]]]), 2)
        order = a["order"]
        if order:  # keep the better card on top
            score += 0.01 * BACK_SCORE.get(r.back(s["cards"][top[order[0]]]), 2)
        return score
    if t == "sleep":
        deck = s["z"][f"deck/{a['player']}"]
        top = deck[-r.backs_seen:]
        return 0.5 if top and all(r.is_danger(s["cards"][i]) for i in top) else -5
    if t == "option":
        p = a["player"]
        item = s["queue"][0] if s["queue"] else None
        iid = item["card"] if item else s["z"][f"chosen/{p}"][0]
        return option_score(game, r.option(s["cards"][iid], a["option"], a.get("variant", 0))) + 0.1
    if t == "help":
        q = a["target"]
        p = a["player"]
        own = s["z"][f"chosen/{p}"][0]
        own_best = max((option_score(game, o) for o in r.options.get(s["cards"][own], []) if not o.negative
                        and affordable(game, o, Ctx(p, helpers_of(game, p), None, "day"))), default=-1)
        return 0.2 if own_best <= 0 else -1
    if t == "ignore":
        return 0.0
    if t == "meet":
        return 1.0
    if t == "wound":
        iid = a["person"]
        w = s["wounds"].get(str(iid), 0)
        h = r.persons[s["cards"][iid]]["hearts"]
        return (h - w) if w < h else -10
    if t == "craft":
        return 2 if a["idea"] is not None else 0
    if t == "cult-tool":  # a cult tool adds what it gives to the resolution
        return 0.6
    if t == "develop":
        return 1.0 if a["flip"] else 0.0
    if t in ("keep", "keep-beside", "seek-help"):
        return 0.15
    if t == "beside":  # a wound for a card moved onto the cult deck
        return -0.5
    if t == "help-card":
        return option_score(game, r.option(s["cards"][a["card"]], a["option"], a.get("variant", 0)))
    if t == "swap":  # module T's setup: the people as dealt are kept
        return -1.0
    if t == "sea":  # out to sea when the decks offer little (a danger on every top card)
        deck = s["z"][f"deck/{a['player']}"]
        best = max((BACK_SCORE.get(r.back(s["cards"][i]), 2) for i in deck[-r.backs_seen:]), default=0)
        return 2.5 if best < 2.5 else 1.0
    if t == "split":  # the cards for others come from the fullest decks
        return -sum(k * k / (len(s["z"][f"deck/{p}"]) + 1) for p, k in enumerate(a["split"]))
    if t == "share":  # the smaller group takes the reward
        return -len(s["z"][f"group/{a['to']}"]) - 0.1 * a["to"]
    return 0.0


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
    """Highest heuristic score among the first acting player's actions (ties: first listed)."""

    name = "greedy"

    def __init__(self, seed: int):
        self.rng = Rng(seed_state(seed ^ 0x6EED))

    def __call__(self, game) -> dict:
        acts = game.legal_actions()
        p = acts[0]["player"]
        best, best_score = None, None
        scorer = getattr(game.rules.definition, "greedy_score", None) or greedy_score  # a game's own heuristic
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
        from .search import MonteCarloPolicy

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
    import importlib
    import importlib.util
    import sys
    import types

    mod_name, _, fn_name = name.rpartition(":")
    if not mod_name or not fn_name.isidentifier():
        raise PolicyError(f"`{_cut(name)}` is not module:function")
    if source is not None:
        import hashlib

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
    from .core.game import Game as Public

    def make(seed):
        choose = factory(seed)
        if not callable(choose):
            raise PolicyError("a policy factory returns a function from the game to one of its legal actions")
        return lambda engine: choose(Public(engine))
    return make


def _cut(v, limit: int = 80) -> str:
    text = "".join(ch if ch.isprintable() else f"U+{ord(ch):04X}" for ch in str(v)[: limit * 2])
    return text if len(text) <= limit else text[: limit - 3] + "..."
