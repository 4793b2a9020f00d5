"""Driving an engine in a test: play the legal action that matches, check a refusal changes nothing, read the log."""

from __future__ import annotations

import pytest

from runtime.engine import IllegalAction


def act(g, **want) -> dict:
    """Apply the first legal action matching every field given."""
    legal = g.legal_actions()
    a = next((a for a in legal if all(a.get(k) == v for k, v in want.items())), None)
    assert a is not None, (want, legal)
    g.apply(a)
    return a


def refused(g, action: dict) -> None:
    """The action is not legal, and applying it leaves the state as it was."""
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.to_json() == before


def play(g, option: int, p=0) -> None:
    """Player `p` takes the top card of their deck and resolves its option (0-based)."""
    act(g, type="choose", player=p, card=0)
    act(g, type="option", player=p, option=option)


def ev(g, t: str) -> list[dict]:
    """The log's events of type `t`."""
    return [e for e in g.log if e["t"] == t]


def names(g, zone: str) -> list[str]:
    """The card ids in a zone, in order."""
    return [g.s["cards"][i] for i in g.s["z"][zone]]
