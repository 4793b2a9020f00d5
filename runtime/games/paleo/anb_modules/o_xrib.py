"""Module O: the Xrib tribe's mood and the symbols that read and turn it."""

from __future__ import annotations

from ....core import OpError, OpTable
from ....core import Field
from .. import state as S
from ..registry_data import SYMBOLS
from .common import MOODS, ModuleSystem


# ------------------------------------------------------------------ O: the Xrib mood
def _check_mood(v, s, r):
    return None if v in MOODS else "the Xrib mood is friendly or angry"


def _mood_need(g, what, n, players) -> bool:
    return g.s.get("mood") == what


S.NEED_CHECKS["mood"] = _mood_need


def _mood_arg(mood, symbol) -> str:
    mood = str(mood or "").lower()
    if mood not in MOODS:
        raise OpError(f"`{symbol}` names the friendly or the angry side (got {mood!r})")
    return mood


MOOD_OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: module O's mood."""


@MOOD_OPS.op("symbol:mood", "requirement")
def mood_is(mood=None):
    mood = _mood_arg(mood, "symbol:mood")

    def check(need):
        need["mood:" + mood] = 1
    return check


@MOOD_OPS.op("symbol:turn-mood", "reward", "negative")
def turn_mood(mood=None):
    mood = _mood_arg(mood, "symbol:turn-mood")

    def run(g, ctx):
        if g.s["mood"] == mood:
            g.event("mood-unchanged", mood=mood)
            return
        g.s["mood"] = mood
        g.event("mood", mood=mood)
    return run


def _given_mood(g, value, used, take) -> None:
    if value not in MOODS:
        raise ValueError(f"given: the Xrib mood is friendly or angry (got {value!r})")
    g.s["mood"] = value


class ModuleO(ModuleSystem):
    """The double-sided Xrib mission card: its face-up side is the mood, which some actions need and some turn."""

    name = "anb-o"
    letter = "O"
    # reading (interpretation:anb-xrib-start): the rulebook does not say which side starts face up; friendly does
    fields = (Field("mood", initial=lambda r, n: "friendly", check=_check_mood),)
    ops = MOOD_OPS
    given = {"mood": _given_mood}

    def observe(self, g, player, obs) -> None:
        obs["mood"] = g.s["mood"]

    def view(self, g, out) -> None:
        out["mood"] = g.s["mood"]
