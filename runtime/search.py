"""A search policy: flat Monte Carlo over a clone that keeps the future secret (hidden cards and dice re-drawn).

`secret_clone(game, seed)` is the one door to the core's clone for every search: the copy it returns
has the hidden card order of every face-down zone (decks, support decks, the face-down pile) shuffled
again among cards of the same back, and the generator that rolls dice and shuffles at each new day
re-seeded, so a rollout never sees the real future. When the core's `clone` already keeps the future
secret and takes a seed, that is used; otherwise this module re-seeds the copy itself.
"""

from __future__ import annotations

import inspect

from .core.secret import reshuffle_hidden
from .rng import Rng, next64, seed_state
_CLONE_KW: dict = {}  # Game class -> the keywords its `clone` takes


def _clone_keywords(cls) -> frozenset:
    kw = _CLONE_KW.get(cls)
    if kw is None:
        try:
            kw = frozenset(inspect.signature(cls.clone).parameters) - {"self"}
        except (TypeError, ValueError):
            kw = frozenset()
        _CLONE_KW[cls] = kw
    return kw


def secret_clone(game, seed: int, viewer: int | None = None):
    """A copy of `game` for a search by `viewer`: its hidden cards and future randomness re-drawn from `seed`.

    The same game and seed give the same copy, so a search repeats exactly. What any player could
    see (every zone's size, the back at each position, the public zones) is unchanged.
    """
    kw = _clone_keywords(type(game))
    if "seed" in kw:  # the core's secret-keeping clone, seeded by us: nothing left to do
        return game.clone(seed=seed)
    c = game.clone(exact=True) if "exact" in kw else game.clone()
    reseed(c, seed, viewer)
    return c


def reseed(game, seed: int, viewer: int | None = None) -> None:
    """Re-draw an exact copy's hidden cards and future randomness from `seed` (runtime.core.secret), and drop
    its log: a search reads no history, so the copy stays small."""
    reshuffle_hidden(game, seed, viewer)
    game.s["log"] = []


def returns(game) -> list[float]:
    """Each player's return at the end: the core's `returns()` when it has one, else read from the outcome.

    A shared win is 1 for everyone, a loss 0, an unfinished game 0.5; with `winners` (a competitive
    game) a winner gets 1 shared among the winners and the others 0.
    """
    fn = getattr(game, "returns", None)
    if callable(fn):
        return [float(x) for x in fn()]
    n = game.s["players"]
    o = game.outcome
    if o is None:
        return [0.5] * n
    winners = o.get("winners")
    if isinstance(winners, list) and o.get("result") != "unfinished":
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)] if winners else [0.0] * n
    v = {"win": 1.0, "loss": 0.0}.get(o.get("result"), 0.5)
    return [v] * n


def value(game, p: int) -> float:
    """Player `p`'s expected return from a state: exact at the end; before it, the game definition's own
    `evaluate(game, p)` when it has one, else read from the progress counters a game keeps (Paleo's victory
    tokens against skulls, a competitive game's scores), else 0.5."""
    if game.is_terminal():
        return returns(game)[p]
    ev = getattr(game.rules.definition, "evaluate", None)
    if callable(ev):
        return float(ev(game, p))
    s = game.s
    v, k = s.get("victory"), s.get("skulls")
    if isinstance(v, int) and isinstance(k, int):
        return min(1.0, max(0.0, 0.5 + (v - k) / 10))
    scores = s.get("scores")
    if isinstance(scores, list) and len(scores) > 1 and all(isinstance(x, (int, float)) for x in scores):
        others = max(x for q, x in enumerate(scores) if q != p)
        return min(1.0, max(0.0, 0.5 + (scores[p] - others) / 20))
    return 0.5


class MonteCarloPolicy:
    """Flat Monte Carlo: each of the acting player's actions is tried in `rollouts` secret clones, played
    `depth` more actions (or to the end) by uniform random moves and scored by `value`; the best mean wins
    (ties: first listed)."""

    name = "mc"

    def __init__(self, seed: int, rollouts: int = 2, depth: int = 12):
        self.rng = Rng(seed_state(seed ^ 0x3C3C3C))
        self.rollouts = rollouts
        self.depth = depth

    def _seed(self) -> int:
        self.rng.state, x = next64(self.rng.state)
        return x

    def __call__(self, game) -> dict:
        acts = game.legal_actions()
        p = acts[0]["player"]
        mine = [a for a in acts if a["player"] == p]
        if len(mine) == 1:
            return mine[0]
        best, best_v = mine[0], None
        for a in mine:
            total = 0.0
            for _ in range(self.rollouts):
                c = secret_clone(game, self._seed(), viewer=p)
                c.apply(a)
                total += self._rollout(c, p)
            if best_v is None or total > best_v:
                best, best_v = a, total
        return best

    def _rollout(self, c, p: int) -> float:
        rng = Rng(seed_state(self._seed()))
        for _ in range(self.depth):
            if c.is_terminal():
                break
            acts = c.legal_actions()
            q = acts[0]["player"]
            mine = [a for a in acts if a["player"] == q]
            c.apply(mine[rng.below(len(mine))])
        return value(c, p)
