"""The one random generator of a game: SplitMix64, a single integer of state, seeded per game."""

from __future__ import annotations

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
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.state, x = next64(self.state)
            if x < limit:
                return x % n

    def shuffle(self, xs: list) -> None:
        for i in range(len(xs) - 1, 0, -1):
            j = self.below(i + 1)
            xs[i], xs[j] = xs[j], xs[i]
