"""Adapters that let game-AI libraries drive the runtime: OpenSpiel and PettingZoo (the `[ai]` extra).

Nothing here is imported by `runtime`, and this package imports neither library until asked:

    from paleo_ai.openspiel import PaleoGame        # needs open_spiel (pyspiel)
    from paleo_ai.pettingzoo import PaleoAECEnv     # needs pettingzoo and gymnasium

`paleo_ai.chance` (standard library only) is what both build on for OpenSpiel's explicit chance:
the runtime's random draws are supplied from outside, one at a time.

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

__all__ = ["chance", "openspiel", "pettingzoo"]


def __getattr__(name):
    if name in __all__:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(name)
