"""Adapters that let game-AI libraries drive the runtime: OpenSpiel and PettingZoo (the `[ai]` extra).

Nothing here is imported by `runtime`, and this package imports neither library until asked:

    import paleo_ai.openspiel                       # needs open_spiel: registers "paleo_codex" with pyspiel
    from paleo_ai import pettingzoo                  # needs pettingzoo and gymnasium: env(), raw_env(), parallel_env()

Both play the runtime's demo bundle (`runtime.demo`, synthetic faces) unless given a bundle. What they
build on is standard library only: `paleo_ai.chance` supplies the runtime's random draws from outside,
one at a time (OpenSpiel's explicit chance), and `paleo_ai.tensor` lays an observation out as a vector
derived from the game's declared zones and counters (OpenSpiel's tensors, PettingZoo's observation).
The site's page "Game AI: OpenSpiel and PettingZoo" shows both.

Outcomes
--------
Returns are the game definition's (`runtime.Game.returns`). Paleo is cooperative: every player gets
the table's shared result, 1 for a win (a tie is the win the rules make it), -1 for a loss, so in
OpenSpiel the game's utility is `IDENTICAL` and an agent maximising its own return maximises the
table's. PaleoVet is competitive: by rank of (score, cured dinos), (players below - players above)
/ (players - 1), zero-sum; solo PaleoVet is 1 for a victory, -1 for a defeat. A game stopped at the
runtime's action or day cap is a truncation, not a loss: every return is 0 (OpenSpiel sees a
terminal state; PettingZoo sets `truncations` instead of `terminations`).
"""

import importlib

__all__ = ["chance", "openspiel", "pettingzoo", "tensor"]


def __getattr__(name):
    if name in __all__:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(name)
