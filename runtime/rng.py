"""The one random generator of a game: SplitMix64, a single integer of state, seeded per game."""

from __future__ import annotations

from contextvars import ContextVar

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def next64(state: int) -> tuple[int, int]:
    """Advance a SplitMix64 state; return (new state, 64-bit output)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """The generator state for a game seed (any Python int; negative seeds are folded in)."""
    return (seed * 0x2545F4914F6CDD1D + 0x1234567) & MASK


# Where draws come from: None (the generator itself), or a callable `source(n) -> int in range(n)` an adapter
# installs with `draws_from` to supply each draw (a game-AI chance node) instead of the generator.
_SOURCE: ContextVar = ContextVar("runtime_rng_source", default=None)


class draws_from:
    """`with draws_from(source): ...` makes every `Rng.below(n)` inside call `source(n)` instead of drawing.

    A shuffle is a sequence of such draws (Fisher-Yates from the end: below(k+1) for k = len-1 .. 1) and a die
    roll is one draw among its faces, so a caller that supplies the draws decides every hidden random
    outcome. The generator's own state is left as it was by a supplied draw. A source with an `ahead(bounds)`
    method is told, as a shuffle starts, the bounds of all the draws it is about to make."""

    __slots__ = ("source", "_token")

    def __init__(self, source):
        self.source = source
        self._token = None

    def __enter__(self):
        self._token = _SOURCE.set(self.source)
        return self

    def __exit__(self, *exc):
        _SOURCE.reset(self._token)
        return False


class Rng:
    """SplitMix64 over one integer `state`, which is all a saved game needs to store.

    `below(n)` draws uniformly from range(n) by rejection (no modulo bias) and
    `shuffle(xs)` is Fisher-Yates from the end, so the same state and the same
    calls give the same results on every platform and Python version.
    """

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        source = _SOURCE.get()
        if source is not None:
            return source(n)
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.state, x = next64(self.state)
            if x < limit:
                return x % n

    def shuffle(self, xs: list) -> None:
        source = _SOURCE.get()
        if source is not None and len(xs) > 1:
            ahead = getattr(source, "ahead", None)  # a source may want the bounds of a shuffle's draws up front
            if ahead is not None:
                ahead(list(range(len(xs), 1, -1)))
        for i in range(len(xs) - 1, 0, -1):
            j = self.below(i + 1)
            xs[i], xs[j] = xs[j], xs[i]
