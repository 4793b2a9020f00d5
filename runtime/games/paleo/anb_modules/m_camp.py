"""Module M: the Settled card lies at the camp, and isolation."""

from __future__ import annotations

from ....core import Decision, Zone
from .. import resolve as R
from .. import state as S
from ..state import Ctx
from .common import ModuleSystem, copies


# ------------------------------------------------------------------ M: the Settled card at the camp
class ModuleM(ModuleSystem):
    """The Settled card lies face up at the camp; a resolving player may resolve it instead of their own card."""

    name = "anb-m"
    letter = "M"
    places = ("camp",)
    zones = (Zone("camp", "shared", "public", given="bottom-first"),)
    resolving_zones = ("camp",)
    extra_types = ("camp",)
    scores = {"camp": 0.0}

    def __init__(self):
        self.decisions = (
            Decision("camp-done", {"card": "card", "player": "player"}, auto=auto_camp_done, rule="rule:anb-m/settled"),
        )

    def arrange(self, g, rng, explo) -> None:
        g.s["z"]["camp"] = g.make_cards(self.own(g.rules, "camp"), copies(g.rules))

    def resolve_extras(self, g, p) -> list[dict]:
        """Reading (interpretation:anb-camp-card): instead of acting on the card they revealed, a resolving player
        (with their helpers) may resolve an action of a face-up camp card; their own card is discarded face up."""
        s, r = g.s, g.rules
        if not s["z"]["camp"] or not R.free_to_act(g, p):
            return []
        out = []
        for iid in s["z"]["camp"]:
            out.extend(R.offer_actions(g, p, iid, Ctx(p, R.helpers_of(g, p), iid, "day"), "camp",
                                     f"P{p}: instead, resolve {r.name(s['cards'][iid])} at the camp: "))
        return out

    def apply_extra(self, g, a) -> None:
        s, r = g.s, g.rules
        p = a["player"]
        chosen = s["z"][f"chosen/{p}"][0]
        helpers = R.helpers_of(g, p)
        g.by = "rule:anb-m/settled"
        g.event("camp-card", player=p, card=s["cards"][a["card"]], instead_of=s["cards"][chosen])
        R.finish(g, {"k": "finish", "player": p, "card": chosen, "kind": "day"}, ignored=True)
        if s["outcome"] is not None:
            return
        opt = r.option(s["cards"][a["card"]], a["option"], a.get("variant", 0))
        R.resolve_option(g, a["card"], opt, Ctx(p, helpers, a["card"], "day"),
                       {"k": "camp-done", "card": a["card"], "player": p})


def auto_camp_done(g, item) -> bool:
    """A camp card once resolved is removed (so Settled gives one of its two victory tokens only)."""
    s = g.s
    s["queue"].pop(0)
    s["bonus"] = {}
    iid = item["card"]
    if iid in s["z"]["camp"]:
        g.move(iid, "camp", "cemetery")
        g.event("camp-card-removed", card=s["cards"][iid])
    S.check_end(g)
    return True
