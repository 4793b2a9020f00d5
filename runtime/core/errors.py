"""The runtime's errors: every refusal a caller can meet is one of these, never a traceback."""

from __future__ import annotations


class IllegalAction(Exception):
    """The action is not among the legal actions of this state; the state is unchanged."""


class StateError(ValueError):
    """A saved game that this game could not be in: unreadable, edited, forged or of another format."""


class SetupError(Exception):
    """The game cannot be created as asked (unknown game, scenario, module, board, option or player count)."""


class NotPlayable(Exception):
    """The engine cannot play this setup; `facts` lists, in words, each missing fact or unplayable rule."""

    def __init__(self, facts: list[str]):
        self.facts = facts
        head = f"not playable: {len(facts)} missing fact{'s' if len(facts) != 1 else ''} or unplayable rule{'s' if len(facts) != 1 else ''}"
        super().__init__(head + "".join(f"\n  - {f}" for f in facts[:50]) + ("\n  - ..." if len(facts) > 50 else ""))


class OpError(Exception):
    """A symbol or IR structure is used in a way its implementation does not play (so the game is not playable)."""
