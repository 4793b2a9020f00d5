"""Module N: the night deck, the night cards at the camp, and traps."""

from __future__ import annotations

from ....core import Counter, Decision, Listener, OpTable, Step, Zone
from ....core.actions import Instance, Lit
from ....rng import Rng
from .. import resolve as R
from .. import state as S
from ..registry_data import SYMBOLS
from ..state import Ctx
from .common import ModuleSystem, NIGHT_REVEAL, copies, mission_of


# ------------------------------------------------------------------ N: night cards and traps
TRAPS = "symbol:trap-on-mission"


def _traps_need(g, what, n, players) -> bool:
    return g.s.get("traps_on_mission", 0) >= n


S.NEED_CHECKS["mission-traps"] = _traps_need

TRAP_OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: the traps laid on module N's mission card."""


@TRAP_OPS.op(TRAPS, "requirement")
def traps_lie(n=1):
    def check(need):
        need["mission-traps:"] = need.get("mission-traps:", 0) + n
    return check


@TRAP_OPS.op(TRAPS, "cost")
def take_traps(n=1):
    def pay(g, ctx, do):
        if g.s["traps_on_mission"] < n:
            return False
        if do:
            g.s["traps_on_mission"] -= n
            g.event("traps-off-mission", n=n, total=g.s["traps_on_mission"])
        return True
    return pay


def _given_traps(g, value, used, take) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"given: traps_on_mission is a count of traps (got {value!r})")
    g.s["traps_on_mission"] = value


class ModuleN(ModuleSystem):
    name = "anb-n"
    letter = "N"
    places = ("night",)
    zones = (
        Zone("night-deck", "shared", "count"),
        Zone("night-up", "shared", "public", given="bottom-first"),
    )
    counters = (Counter("traps_on_mission"),)
    ops = TRAP_OPS
    given = {"traps_on_mission": _given_traps}
    resolving_zones = ("night-up",)
    extra_types = ("trap-help",)
    action_types = {"trap": {"to": Lit("group", "mission")}, "night-card": {"card": Instance()}, "trap-help": {}}
    scores = dict.fromkeys(action_types, 0.0)

    def __init__(self):
        self.steps = (Step("night-deck", "night", run_night_deck, before="new-day", rule="rule:anb-n/night-cards"),)
        self.decisions = (
            Decision("night-pick", {"left": "list"}, night_pick_actions, apply_night_pick, auto=auto_night_pick,
                     rule="rule:anb-n/night-cards"),
            Decision("camp-night", {"card": "card", "player": "player?"}, camp_night_actions, apply_camp_night,
                     where=_where_up, rule="rule:anb-n/night-cards"),
            Decision("night-return", {}, auto=auto_night_return, rule="rule:anb-n/night-cards"),
            Decision("trap-place", {"player": "player"}, trap_actions, apply_trap, auto=auto_trap,
                     rule="rule:anb-n/traps"),
        )
        self.listeners = (Listener("tool", on_tool),)

    def prepare(self, rules) -> None:
        # the rulebook says where traps may be laid, not what they do there: that is on the mission card's face,
        # so the module plays only when the bundle gives a mission N whose options refer to the traps on it
        mine = [c for c in rules.missions if rules.cards[c].get("module") == self.module]
        if not any(TRAPS in o.symbols for c in mine for o in rules.options.get(c, ())):
            rules.missing.append("module:anb/N: what the traps laid on the mission card do is printed on that card, "
                                 "which the bundle does not give (laying them is played; their effect is not; a "
                                 "mission option names them with `require 2 traps on mission` or `cost 2 traps on "
                                 "mission`)")

    def place_more(self, rules, missing) -> list[str]:
        trap = rules.tool_id("trap")
        if trap in rules.tool_stock:
            missing.append(f"{trap}: traps on module N's mission card with a limited trap supply are not played")
        return []

    def arrange(self, g, rng, explo) -> None:
        deck = g.make_cards(self.own(g.rules, "night"), copies(g.rules))
        rng.shuffle(deck)
        g.s["z"]["night-deck"] = deck

    def resolve_extras(self, g, p) -> list[dict]:
        """The trap variant of the help action: discard 1 card and pay 1 wood to lay a supply trap on the mission."""
        s = g.s
        if mission_of(g, "N") is None or not s["z"][f"deck/{p}"] or s["res"].get("wood", 0) < 1 \
                or not R.free_to_act(g, p):
            return []
        return [{"type": "trap-help", "player": p,
                 "label": f"P{p}: use the help action to lay a trap on the mission card (discard 1 card, pay 1 wood)"}]

    def apply_extra(self, g, a) -> None:
        s = g.s
        p = a["player"]
        chosen = s["z"][f"chosen/{p}"][0]
        g.by = "rule:anb-n/traps"
        g.move(chosen, f"chosen/{p}", "discard-up")  # used as a help action: the card goes as when helping
        s["done"][p] = True
        for h in range(s["players"]):
            if s["helping"][h] == p:
                s["helping"][h] = None
        g.event("trap-help", player=p, card=s["cards"][chosen])
        ctx = Ctx(p, [], chosen, "day")
        S.discard_from_deck(g, p, 1, ctx)  # a cost: a red back among it wounds
        S.lose_resource(g, "wood", 1, ctx)
        s["traps_on_mission"] += 1
        g.event("trap-on-mission", player=p, total=s["traps_on_mission"], source="supply")
        s["queue"][0:0] = ctx.new + [{"k": "finish", "player": p, "card": chosen, "kind": "day"}]


def run_night_deck(g):
    """After the night (and after the food spoiled): shuffle the 5 night cards and turn up 2, to be resolved."""
    s = g.s
    z = s["z"]
    if not z["night-deck"]:
        g.event("night-deck-empty")
        return
    rng = Rng(s["rng"])
    rng.shuffle(z["night-deck"])
    s["rng"] = rng.state
    up = [z["night-deck"].pop() for _ in range(min(NIGHT_REVEAL, len(z["night-deck"])))]
    z["night-up"].extend(up)
    g.event("night-cards", cards=[s["cards"][i] for i in up])
    s["queue"].append({"k": "night-pick", "left": up})


def night_pick_actions(g, item):
    return [{"type": "night-card", "player": 0, "card": i, "label": f"P0: resolve the night card {S.name(g, i)} next"}
            for i in item["left"]]


def apply_night_pick(g, item, a):
    s = g.s
    s["queue"].pop(0)
    rest = [i for i in item["left"] if i != a["card"]]
    s["queue"][0:0] = [{"k": "camp-night", "card": a["card"], "player": None}, {"k": "night-pick", "left": rest}]


def auto_night_pick(g, item) -> bool:
    left = [i for i in item["left"] if i in g.s["z"]["night-up"]]
    if len(left) > 1:
        return False
    s = g.s
    s["queue"].pop(0)
    s["queue"][0:0] = [{"k": "camp-night", "card": i, "player": None} for i in left] + [{"k": "night-return"}]
    return True


def _where_up(g, item):
    if item["card"] not in g.s["z"]["night-up"]:
        return f"pending decision camp-night for card instance {item['card']}, which is not a revealed night card"
    return None


def camp_night_actions(g, item):
    return R.card_decision_actions(g, {**item, "k": "nightcard"})


def apply_camp_night(g, item, a):
    R.apply_card_decision(g, {**item, "k": "nightcard"}, a)


def auto_night_return(g, item) -> bool:
    s = g.s
    s["queue"].pop(0)
    z = s["z"]
    back = list(z["night-up"])
    z["night-deck"].extend(back)
    z["night-up"] = []
    g.event("night-cards-returned", n=len(back))
    return True


def on_tool(g, payload) -> None:
    """A trap just received may go onto module N's mission card instead of staying with the group."""
    p, tool = payload
    if tool != g.rules.tool_id("trap") or mission_of(g, "N") is None:
        return
    g.s["queue"].append({"k": "trap-place", "player": p, "by": "rule:anb-n/traps"})


def trap_actions(g, item):
    p = item["player"]
    return [{"type": "trap", "player": p, "to": "group", "label": f"P{p}: keep the new trap with the group"},
            {"type": "trap", "player": p, "to": "mission", "label": f"P{p}: lay the new trap on the mission card"}]


def auto_trap(g, item) -> bool:
    trap = g.rules.tool_id("trap")
    if g.s["tools"][item["player"]].get(trap, 0) > 0 and mission_of(g, "N") is not None:
        return False
    g.s["queue"].pop(0)
    return True


def apply_trap(g, item, a):
    s = g.s
    s["queue"].pop(0)
    p = item["player"]
    if a["to"] == "group":
        g.event("trap-kept", player=p)
        return
    trap = g.rules.tool_id("trap")
    t = s["tools"][p]
    t[trap] -= 1
    if not t[trap]:
        del t[trap]
    s["traps_on_mission"] += 1
    g.event("trap-on-mission", player=p, total=s["traps_on_mission"], source="group")
