"""Explicit chance for the runtime: every hidden shuffle and die roll is a sequence of uniform draws supplied
from outside (standard library only).

The runtime draws through `Rng.below(n)`; a shuffle is Fisher-Yates (below(k+1) for k from the end) and a die
roll one draw among the faces. `Table` holds a game between decisions. To apply a decision (or to set the game
up) it replays that step on an exact copy with the draws chosen so far; when the step asks for one more draw
the copy is dropped and the table is at a chance node whose outcomes are that draw's: 0 .. n-1, each 1/n.
Choosing an outcome appends it and replays again, until the step completes without a missing draw.
"""

from __future__ import annotations

import json

from runtime import Game
from runtime.rng import draws_from


class _NeedDraw(BaseException):
    """Raised out of the runtime when draws have not been chosen yet (a BaseException: no handler swallows it):
    `bounds` lists the outcome counts of the draws asked for next (all of a shuffle's, which are known ahead)."""

    def __init__(self, bounds: list):
        super().__init__(bounds)
        self.bounds = bounds


class _Script:
    __slots__ = ("draws", "i")

    def __init__(self, draws):
        self.draws, self.i = draws, 0

    def __call__(self, n: int) -> int:
        if self.i < len(self.draws):
            v = self.draws[self.i]
            self.i += 1
            if not 0 <= v < n:
                raise AssertionError(f"a replayed draw {v} is outside 0..{n - 1}: the step did not replay alike")
            return v
        raise _NeedDraw([n])

    def ahead(self, bounds: list) -> None:
        missing = len(self.draws) - self.i
        if missing < len(bounds):
            raise _NeedDraw(bounds[max(missing, 0):])


class Table:
    """A game driven with explicit chance: `game` (a `runtime.Game`, None until set up), `chance` (the number of
    outcomes of the draw asked for now, or None at a decision or the end), `draws` (chosen so far in this step)."""

    __slots__ = ("bundle", "new_kw", "game", "pending", "draws", "chance", "ahead")

    def __init__(self, bundle: dict, **new_kw):
        self.bundle, self.new_kw = bundle, new_kw
        self.game = None
        self.pending = ("setup", None)
        self.draws: list[int] = []
        self.chance = None
        self.ahead: list[int] = []  # the bounds of further draws known to come before the step can be replayed
        self._step()

    def copy(self) -> "Table":
        t = type(self).__new__(type(self))
        t.bundle, t.new_kw = self.bundle, self.new_kw
        t.game = None if self.game is None else self.game.clone(exact=True)
        t.pending, t.draws, t.chance, t.ahead = self.pending, list(self.draws), self.chance, self.ahead
        return t

    def __deepcopy__(self, memo) -> "Table":
        return self.copy()

    def decide(self, action: dict) -> None:
        """Apply a decision (a legal action record) at a decision node; raises IllegalAction for another."""
        if self.chance is not None or self.game is None:
            raise AssertionError("a decision is applied at a decision node")
        self.pending, self.draws = ("act", action), []
        self._step()

    def draw(self, outcome: int) -> None:
        """Choose the outcome of the draw asked for now (0 .. chance-1)."""
        if self.chance is None or not 0 <= outcome < self.chance:
            raise ValueError(f"a draw outcome is 0 to {(self.chance or 1) - 1}")
        self.draws.append(outcome)
        if self.ahead:  # the rest of a shuffle: its next bound is known without replaying
            self.chance, self.ahead = self.ahead[0], self.ahead[1:]
            return
        self._step()

    def _step(self) -> None:
        kind, action = self.pending
        script = _Script(self.draws)
        try:
            with draws_from(script):
                if kind == "setup":
                    g = Game.new(self.bundle, **self.new_kw)
                else:
                    g = self.game.clone(exact=True)
                    g.apply(action)
        except _NeedDraw as need:
            self.chance, self.ahead = need.bounds[0], need.bounds[1:]
            return
        except BaseException:
            if kind == "act":  # an illegal action: the table stays at the decision node
                self.pending, self.draws, self.chance = (None, None), [], None
            raise
        self.game, self.pending, self.draws, self.chance, self.ahead = g, (None, None), [], None, []


def observation_text(game, player: int) -> str:
    """A player's observation as canonical JSON text (sorted keys, no spaces)."""
    return json.dumps(game.observation(player), sort_keys=True, separators=(",", ":"))
