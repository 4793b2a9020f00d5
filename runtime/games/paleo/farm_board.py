"""The farm board's actions: the requirements the farm adds, the stable (capture, release, the animal action's
stable and slaughter actions, the night's care of unfenced animals), grain (harvest, grind) and building
expansion tokens, with the decisions they open.
"""

from __future__ import annotations

from . import resolve as R
from . import state as S
from .farm_common import EXPANSIONS, OPS, item_ctx, perform, player_of, push_new, set_off

DEST = {"symbol:remove-captured-animal": "cemetery", "symbol:discard-captured-animal": "discard-up"}


# ------------------------------------------------------------------ requirements the farm adds
def _built_need(g, what, n, players) -> bool:
    return g.s.get("built", {}).get(what, 0) >= n


def _buildings_need(g, what, n, players) -> bool:
    return sum(g.s.get("built", {}).values()) >= n


def _token_need(g, what, n, players) -> bool:
    """A numbered secret token lies face up with one of the groups."""
    tid = g.rules.farm.token_by_number.get(int(what)) if what.isdigit() else None
    return tid is not None and any(g.s["tools"][p].get(tid, 0) for p in players)


def _card_need(g, what, n, players) -> bool:
    """A card of that title is kept with one of the groups (Reeds, Clay, …)."""
    name = what.lower()
    z, cards, r = g.s["z"], g.s["cards"], g.rules
    return sum(1 for p in players for zone in (f"kept/{p}", f"night/{p}") for i in z.get(zone, ())
               if r.name(cards[i]).lower() == name) >= n


def _stable_need(g, what, n, players) -> bool:
    """At least n animals stand in the stable (`require captured animal`; Escape's `require not`)."""
    return len(g.s["z"].get("stable", ())) >= n


@OPS.op("symbol:captured-animal", "requirement")
def captured_animals(n=1):
    def check(need):
        need["stable:animals"] = max(need.get("stable:animals", 0), n)
    return check


S.NEED_CHECKS["stable"] = _stable_need
S.NEED_CHECKS["token"] = _token_need
S.NEED_CHECKS["card"] = _card_need
S.NEED_CHECKS["built"] = _built_need
S.NEED_CHECKS["buildings"] = _buildings_need


def add_expansion(name):
    symbol = f"symbol:{name}"

    @OPS.op(symbol, "requirement")
    def built():
        def check(need):
            need["built:" + name] = need.get("built:" + name, 0) + 1
        return check

    @OPS.op(symbol, "reward")
    def build_it():
        def run(g, ctx):
            build(g, name)
        return run


def build(g, name: str) -> bool:
    s = g.s
    if s["built"][name] >= (3 if name == "fence" else 1):
        g.event("expansion-unavailable", expansion=name)
        return False
    s["built"][name] += 1
    g.event("build", expansion=name, built=s["built"][name])
    return True


@OPS.op("symbol:buildings", "requirement")
def buildings(n=1):
    def check(need):
        need["buildings:all"] = max(need.get("buildings:all", 0), n)
    return check


# ------------------------------------------------------------------ the stable
@OPS.op("symbol:capture-animal", "reward")
def capture():
    def run(g, ctx):
        s = g.s
        p = player_of(ctx)
        iid = ctx.card
        if iid is None or ctx.player is None or iid not in s["z"][f"chosen/{p}"]:
            g.event("capture-nothing", player=p)
            return
        ctx.dest = "stable"  # it moves in when the card is finished, after any decision its option opens
        if len(s["z"]["stable"]) >= 3:
            ctx.new.append({"k": "release", "card": iid, "player": p})
    return run


def release_actions(g, item):
    p = item["player"]
    return [{"type": "release", "player": p, "animal": i,
             "label": f"P{p}: the stable is full: {S.name(g, i)} goes to the face-up discard pile"}
            for i in g.s["z"]["stable"]]


def apply_release(g, item, a):
    s = g.s
    s["queue"].pop(0)
    g.move(a["animal"], "stable", "discard-up")
    g.event("animal-leaves", card=s["cards"][a["animal"]], to="discard-up")


def auto_release(g, item) -> bool:
    s = g.s
    if item["card"] not in s["z"][f"chosen/{item['player']}"] or len(s["z"]["stable"]) < 3:
        s["queue"].pop(0)
        return True
    return False


def add_captured_animal(symbol):
    dest = DEST[symbol]

    @OPS.op(symbol, "cost")
    def give_animal():
        def pay(g, ctx, do):
            if not g.s["z"]["stable"]:
                return False
            if do:
                ctx.new.append({"k": "pick-animal", "to": dest, "player": player_of(ctx), "why": symbol})
            return True
        return pay

    @OPS.op(symbol, "negative")
    def lose_animal():
        def run(g, ctx):
            if g.s["z"]["stable"]:
                ctx.new.append({"k": "pick-animal", "to": dest, "player": player_of(ctx), "why": symbol})
            else:
                g.event("no-animal", player=player_of(ctx))
        return run


def _animal_to(g, iid, dest) -> None:
    g.move(iid, "stable", dest)
    g.event("animal-leaves", card=g.s["cards"][iid], to=dest)


def pick_animal_actions(g, item):
    p = item["player"]
    where = "the graveyard" if item["to"] == "cemetery" else "the face-up discard pile"
    return [{"type": "animal", "player": p, "animal": i, "label": f"P{p}: {S.name(g, i)} goes to {where}"}
            for i in g.s["z"]["stable"]]


def apply_pick_animal(g, item, a):
    g.s["queue"].pop(0)
    _animal_to(g, a["animal"], item["to"])


def auto_pick_animal(g, item) -> bool:
    st = g.s["z"]["stable"]
    if len(st) > 1:
        return False
    g.s["queue"].pop(0)
    if st:
        _animal_to(g, st[0], item["to"])
    else:
        g.event("no-animal", player=item["player"])
    return True


def _has_animals(g, ctx) -> bool:
    return bool(g.s["z"]["stable"])


@OPS.op("symbol:animal-action", "reward", usable=_has_animals)  # without an animal in the stable, no animal action
def animal_action():
    def run(g, ctx):
        ctx.new.append({"k": "animal-action", "player": player_of(ctx), "helpers": list(ctx.helpers), **set_off(ctx)})
    return run


def stable(g, ctx) -> None:
    """Each animal in the stable yields what its card shows, fenced or not."""
    r = g.rules
    yields = 0
    for iid in list(g.s["z"]["stable"]):
        cid = g.s["cards"][iid]
        y = r.farm.animals.get(cid, {}).get("yield")
        if y is None:
            g.event("no-yield", card=cid)
            continue
        yields += 1
        by = g.by
        for sym, e in y.effects:
            g.by = cid
            e(g, ctx)
        g.by = by
    g.event("stable", player=ctx.player, animals=len(g.s["z"]["stable"]), yields=yields)


def slaughter(g, ctx, iid) -> None:
    """The animal goes to the graveyard; its hunt action's meat and pelts are taken, free of requirements and costs."""
    r = g.rules
    cid = g.s["cards"][iid]
    _animal_to(g, iid, "cemetery")
    hunt = r.farm.animals.get(cid, {}).get("hunt")
    got = 0
    if hunt is not None:
        for o in r.options.get(cid, ()):
            if o.index == hunt - 1 and o.variant == 0:
                for sym, e in o.effects:
                    if sym in ("symbol:food", "symbol:pelt"):
                        e(g, ctx)
                        got += 1
    g.event("slaughter", player=ctx.player, card=cid, rewards=got)


@OPS.op("symbol:stable-action", "reward")
def stable_action():
    def run(g, ctx):
        stable(g, ctx)
    return run


@OPS.op("symbol:slaughter-action", "reward", usable=_has_animals)
def slaughter_action():
    def run(g, ctx):
        ctx.new.append({"k": "animal-action", "player": player_of(ctx), "helpers": list(ctx.helpers), "only": "slaughter",
                        **set_off(ctx)})
    return run


def animal_actions(g, item):
    p = item["player"]
    out = []
    if item.get("only") != "slaughter":
        out.append({"type": "animal-action", "player": p, "what": "stable", "animal": None,
                    "label": f"P{p}: stable action (the yield of {len(g.s['z']['stable'])} animals)"})
    for i in g.s["z"]["stable"]:
        out.append({"type": "animal-action", "player": p, "what": "slaughter", "animal": i,
                    "label": f"P{p}: slaughter action: {S.name(g, i)} to the graveyard"})
    return out


def apply_animal_action(g, item, a):
    g.s["queue"].pop(0)
    ctx = item_ctx(item)
    if a["what"] == "stable":
        stable(g, ctx)
        perform(g, "symbol:stable-action", ctx)
    else:
        slaughter(g, ctx, a["animal"])
        if item.get("only") is None:
            perform(g, "symbol:slaughter-action", ctx)
        elif "symbol:slaughter-action" not in g.s["used"]:
            g.s["used"].append("symbol:slaughter-action")
    push_new(g, ctx)


def auto_animal_action(g, item) -> bool:
    if g.s["z"]["stable"]:
        return False
    g.s["queue"].pop(0)
    g.event("no-animal", player=item["player"])
    return True


# ------------------------------------------------------------------ grain
def _can_harvest(g, ctx) -> bool:
    return len(g.s["z"][f"deck/{player_of(ctx)}"]) >= 2


def _can_grind(g, ctx) -> bool:
    return g.s["res"].get("grain", 0) >= 1


def harvest(g, ctx) -> None:
    """Discard 2 cards (a cost: red backs wound), receive 1 grain, and what the scythe adds."""
    p = player_of(ctx)
    S.discard_from_deck(g, p, 2, ctx)
    S.gain_resource(g, "grain", 1, ctx)
    if g.s["built"]["scythe"]:
        imp = g.rules.farm.improves.get("scythe")
        for sym, e in imp.effects:
            e(g, ctx)
        if "symbol:scythe" not in g.s["used"]:  # the built scythe played its part
            g.s["used"].append("symbol:scythe")
    g.event("harvest", player=p, scythe=bool(g.s["built"]["scythe"]))


def grind(g, ctx) -> None:
    """Spend 1 grain for 2 food, no cards discarded, and what the millstone adds."""
    S.lose_resource(g, "grain", 1, ctx)
    S.gain_resource(g, "food", 2, ctx)
    if g.s["built"]["millstone"]:
        imp = g.rules.farm.improves.get("millstone")
        for sym, e in imp.effects:
            e(g, ctx)
        if "symbol:millstone" not in g.s["used"]:  # the built millstone played its part
            g.s["used"].append("symbol:millstone")
    g.event("grind", player=player_of(ctx), millstone=bool(g.s["built"]["millstone"]))


@OPS.op("symbol:grain-action", "reward")
def grain_action():
    def run(g, ctx):
        ctx.new.append({"k": "grain-action", "player": player_of(ctx), "helpers": list(ctx.helpers), **set_off(ctx)})
    return run


def _add_direct(symbol, can, act):
    """A grain sub-action given straight as a reward (`-> harvest`): open only when it can be done."""
    @OPS.op(symbol, "reward", usable=can)
    def direct():
        def run(g, ctx):
            if can(g, ctx):
                act(g, ctx)
        return run


_add_direct("symbol:harvest", _can_harvest, harvest)
_add_direct("symbol:grind", _can_grind, grind)


def grain_actions(g, item):
    p = item["player"]
    ctx = item_ctx(item)
    out = []
    if _can_harvest(g, ctx):
        out.append({"type": "grain-action", "player": p, "what": "harvest",
                    "label": f"P{p}: harvest: discard 2 cards for grain"})
    if _can_grind(g, ctx):
        out.append({"type": "grain-action", "player": p, "what": "grind", "label": f"P{p}: grind: 1 grain for 2 food"})
    return out


def apply_grain_action(g, item, a):
    g.s["queue"].pop(0)
    ctx = item_ctx(item)
    if a["what"] == "harvest":
        harvest(g, ctx)
        perform(g, "symbol:harvest", ctx)
    else:
        grind(g, ctx)
        perform(g, "symbol:grind", ctx)
    push_new(g, ctx)


def auto_grain_action(g, item) -> bool:
    if grain_actions(g, item):
        return False
    g.s["queue"].pop(0)
    g.event("grain-action-none", player=item["player"])
    return True


@OPS.op("symbol:grain-per-captured-animal", "reward")
def grain_per_animal(n=1):
    def run(g, ctx):
        k = n * len(g.s["z"]["stable"])
        if k:
            S.gain_resource(g, "grain", k, ctx)
    return run


# ------------------------------------------------------------------ building
@OPS.op("symbol:expansion-action", "reward")
def expansion_action():
    def run(g, ctx):
        ctx.new.append({"k": "build", "player": player_of(ctx), "helpers": list(ctx.helpers)})
    return run


def build_actions(g, item):
    p = item["player"]
    ctx = item_ctx(item)
    out = []
    for name in EXPANSIONS:
        cost = g.rules.farm.costs.get(name)
        if cost is None or g.s["built"][name] >= (3 if name == "fence" else 1):
            continue
        if R.affordable(g, cost, ctx):
            out.append({"type": "build", "player": p, "expansion": name, "label": f"P{p}: build the {name} ({cost.text})"})
    out.append({"type": "build", "player": p, "expansion": None, "label": f"P{p}: build nothing"})
    return out


def apply_build(g, item, a):
    g.s["queue"].pop(0)
    if a["expansion"] is None:
        g.event("build-none", player=item["player"])
        return
    ctx = item_ctx(item)
    cost = g.rules.farm.costs[a["expansion"]]
    for sym, c in cost.costs:
        c(g, ctx, True)
    build(g, a["expansion"])
    push_new(g, ctx)


# ------------------------------------------------------------------ the night: caring for animals
def _unkept(g, item) -> list[int]:
    """The animals not yet kept for grain: at least `left` of them, the setup's fence never being lost."""
    return [i for i in g.s["z"]["stable"] if i not in item["kept"]]


def care_actions(g, item):
    grain = g.s["res"].get("grain", 0)
    out = []
    for i in _unkept(g, item):
        if grain:
            out.append({"type": "care", "player": 0, "animal": i, "pay": True,
                        "label": f"P0: keep {S.name(g, i)} without a fence for 1 grain"})
        out.append({"type": "care", "player": 0, "animal": i, "pay": False,
                    "label": f"P0: {S.name(g, i)} stands unfenced and runs off to the face-up discard pile"})
    return out


def _care(g, item, iid, pay) -> None:
    if pay:
        S.lose_resource(g, "grain", 1, None)
        item["kept"].append(iid)
        g.event("animal-fed", card=g.s["cards"][iid])
    else:
        _animal_to(g, iid, "discard-up")
    item["left"] -= 1


def apply_care(g, item, a):
    _care(g, item, a["animal"], a["pay"])
    if item["left"] <= 0:
        g.s["queue"].pop(0)
