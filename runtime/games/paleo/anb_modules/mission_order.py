"""The order of the missions, which the players choose when more than one lies out."""

from __future__ import annotations

from ....core import Decision, Step
from ....core.actions import Instance
from .. import state as S
from ..system import PaleoSystem
from .common import RULES


# ------------------------------------------------------------------ the mission order
class MissionOrder(PaleoSystem):
    """The players decide in which order the mission cards resolve (the A New Beginning rulebook, module R)."""

    name = "anb-missions"
    action_types = {"mission-order": {"card": Instance()}}
    scores = {"mission-order": 0.0}
    rule_sources = {"rule:anb/mission-order": RULES["rule:anb/mission-order"]}

    def __init__(self):
        self.steps = (Step("mission-order", "night", run_mission_order, before="missions",
                           rule="rule:anb/mission-order"),)
        self.decisions = (
            Decision("mission-order", {"order": "list"}, order_actions, apply_order, auto=auto_order,
                     rule="rule:anb/mission-order"),
        )

    def applies(self, setup, bundle) -> bool:
        return "board:farm" in (setup.get("boards") or ())


def run_mission_order(g):
    if len(g.s["z"]["missions"]) > 1:
        g.s["queue"].append({"k": "mission-order", "order": []})


def _unordered(g, item) -> list[int]:
    return [i for i in g.s["z"]["missions"] if i not in item["order"]]


def order_actions(g, item):
    k = len(item["order"]) + 1
    return [{"type": "mission-order", "player": 0, "card": i, "label": f"P0: {S.name(g, i)} resolves as mission {k}"}
            for i in _unordered(g, item)]


def _set_order(g, item) -> None:
    s = g.s
    s["queue"].pop(0)
    order = [i for i in item["order"] if i in s["z"]["missions"]] + _unordered(g, item)
    s["z"]["missions"] = order
    g.event("mission-order", cards=[s["cards"][i] for i in order])


def apply_order(g, item, a):
    item["order"].append(a["card"])
    if len(_unordered(g, item)) <= 1:
        _set_order(g, item)


def auto_order(g, item) -> bool:
    if len(_unordered(g, item)) > 1:
        return False
    _set_order(g, item)
    return True
