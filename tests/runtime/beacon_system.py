"""A test system for Paleo, added by this one file: test data, not a Paleo rule.

The beacon: a shared zone; two symbols of a test registry (`light beacon` sends the resolved card into the
beacon, `beacon food` gives 1 food per card in it); a night step before feeding that asks whether to feed the
fire; and that decision, whose action type, policy score and rule source the system declares itself.
"""

from __future__ import annotations

from runtime.core import Decision, OpTable, Step, Zone
from runtime.core.actions import Lit
from runtime.games.paleo import state as S
from runtime.games.paleo.system import PaleoSystem

LIGHT = "symbol:light-beacon"
FOOD = "symbol:beacon-food"
BOOK = "beacon.txt"


def symbol_records() -> list[dict]:
    """The test registry's two symbols, as a bundle lists them."""
    return [{"id": sym, "name": sym.split(":")[1].replace("-", " "), "aliases": [], "category": "action",
             "positions": ["reward"], "params": [], "games": ["game:paleo"], "explanation": "test data",
             "example": f"-> {sym.split(':')[1].replace('-', ' ')}", "source": []} for sym in (LIGHT, FOOD)]


REGISTRY = {LIGHT: (("reward",), (), ()), FOOD: (("reward",), (), ())}
"""The test registry as the op table checks it: symbol id -> (positions, parameter names, count parameter names)."""
OPS = OpTable(REGISTRY)


@OPS.op(LIGHT, "reward")
def light_beacon():
    def run(g, ctx):
        ctx.dest = "beacon"  # the resolved card goes into the beacon when it is finished
    return run


@OPS.op(FOOD, "reward")
def beacon_food():
    def run(g, ctx):
        S.gain_resource(g, "food", len(g.s["z"]["beacon"]), ctx)
    return run


def run_beacon(g):
    if g.s["z"]["beacon"]:
        g.s["queue"].append({"k": "tend", "player": 0})


def tend_actions(g, item):
    return [{"type": "tend", "player": 0, "feed": True, "label": "P0: feed the beacon one of its cards"},
            {"type": "tend", "player": 0, "feed": False, "label": "P0: let the beacon burn"}]


def apply_tend(g, item, a):
    s = g.s
    s["queue"].pop(0)
    if a["feed"]:
        iid = s["z"]["beacon"][-1]
        g.move(iid, "beacon", "discard-up")
        g.event("beacon-fed", card=s["cards"][iid])


class BeaconSystem(PaleoSystem):
    name = "beacon"
    zones = (Zone("beacon", "shared", "public", given="bottom-first"),)
    steps = (Step("beacon", "night", run_beacon, before="feeding", rule="rule:beacon/night"),)
    decisions = (Decision("tend", {"player": "player"}, tend_actions, apply_tend, rule="rule:beacon/night"),)
    ops = OPS
    action_types = {"tend": {"feed": Lit(True, False)}}
    scores = {"tend": 0.0}
    rule_sources = {"rule:beacon/night": (BOOK, ["The Beacon"])}
