"""A New Beginning's symbols (the farm, the new tools and symbols) and the decisions they open.

Ops follow `ops.py`: registered in `OPS` (the farm's) or `TOOL_OPS` (the tools system's) by (symbol, position),
compiled per clause use. An op that needs a player's
choice queues a decision on `ctx.new`; the decision's `apply` plays the choice and fires the symbol
hooks (`on <symbol>:` options and farm tokens) for the sub-actions it performs.
"""

from __future__ import annotations

from ...core import OpError, OpTable
from . import resolve as R
from . import state as S
from .ops import add_resource, add_tool
from .registry_data import SYMBOLS
from .state import Ctx

OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: A New Beginning's farm and card symbols."""
TOOL_OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: any tool received or spent, and healing (the tools system's)."""

EXPANSIONS = ("fence", "scythe", "millstone", "hut")
DEST = {"symbol:remove-captured-animal": "cemetery", "symbol:discard-captured-animal": "discard-up"}


def _p(ctx) -> int:
    return ctx.player if ctx.player is not None else 0


def _players(g, ctx) -> list[int]:
    return list(S.ctx_players(g, ctx))


def perform(g, sym: str, ctx: Ctx) -> None:
    """The hooks of a symbol performed inside a decision (a stable action chosen in an animal action)."""
    if sym not in g.s["used"]:
        g.s["used"].append(sym)
    if ctx.kind == "trigger":
        return  # an option set off by a trigger does not set off further options (interpretation:anb-on-symbol)
    for fn in g.layout.hooks.get(("after", "symbol"), ()):
        fn(g, (sym, ctx))


def _ctx(item, kind="day") -> Ctx:
    kind = "trigger" if item.get("trigger") else kind
    return Ctx(item.get("player", item.get("decider")), list(item.get("helpers") or []), None, kind)


def _set_off(ctx) -> dict:
    """What a sub-action's decision keeps of the option that opened it: whether a trigger set that option off."""
    return {"trigger": True} if ctx.kind == "trigger" else {}


def _push(g, ctx: Ctx) -> None:
    g.s["queue"][0:0] = ctx.new


def _name(g, iid) -> str:
    return S.name(g, iid)


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


def _add_expansion(name):
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


# ------------------------------------------------------------------ healing
@TOOL_OPS.op("symbol:heal", "reward")
def heal(n=1):
    def run(g, ctx):
        ctx.new.append({"k": "heal", "n": n, "players": _players(g, ctx), "decider": _p(ctx), "optional": False})
    return run


def _wounded(g, players) -> list[int]:
    s = g.s
    return [i for p in players for i in s["z"][f"group/{p}"]
            if s["wounds"].get(str(i), 0) > 0 and i not in (s.get("dreaming") or ())]


def heal_one(g, iid: int) -> None:
    s = g.s
    w = s["wounds"].get(str(iid), 0) - 1
    if w > 0:
        s["wounds"][str(iid)] = w
    else:
        s["wounds"].pop(str(iid), None)
    g.event("heal", card=s["cards"][iid], wounds=max(w, 0))


def heal_actions(g, item):
    d = item["decider"]
    out = [{"type": "heal", "player": d, "person": i, "label": f"P{d}: heal 1 damage of {_name(g, i)}"}
           for i in _wounded(g, item["players"])]
    if item["optional"]:
        out.append({"type": "heal", "player": d, "person": None, "label": f"P{d}: heal no more"})
    return out


def apply_heal(g, item, a):
    if a["person"] is None:
        g.s["queue"].pop(0)
        return
    heal_one(g, a["person"])
    item["n"] -= 1
    if item["n"] <= 0:
        g.s["queue"].pop(0)


def auto_heal(g, item) -> bool:
    cands = _wounded(g, item["players"])
    if not cands:
        g.s["queue"].pop(0)
        g.event("heal-nobody", n=item["n"])
        return True
    if not item["optional"] and len(cands) == 1:
        heal_one(g, cands[0])
        item["n"] -= 1
        if item["n"] <= 0 or not _wounded(g, item["players"]):
            g.s["queue"].pop(0)
        return True
    return False


# ------------------------------------------------------------------ the stable
@OPS.op("symbol:capture-animal", "reward")
def capture():
    def run(g, ctx):
        s = g.s
        p = _p(ctx)
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
             "label": f"P{p}: the stable is full: {_name(g, i)} goes to the face-up discard pile"}
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


def _add_captured_animal(symbol):
    dest = DEST[symbol]

    @OPS.op(symbol, "cost")
    def give_animal():
        def pay(g, ctx, do):
            if not g.s["z"]["stable"]:
                return False
            if do:
                ctx.new.append({"k": "pick-animal", "to": dest, "player": _p(ctx), "why": symbol})
            return True
        return pay

    @OPS.op(symbol, "negative")
    def lose_animal():
        def run(g, ctx):
            if g.s["z"]["stable"]:
                ctx.new.append({"k": "pick-animal", "to": dest, "player": _p(ctx), "why": symbol})
            else:
                g.event("no-animal", player=_p(ctx))
        return run


def _animal_to(g, iid, dest) -> None:
    g.move(iid, "stable", dest)
    g.event("animal-leaves", card=g.s["cards"][iid], to=dest)


def pick_animal_actions(g, item):
    p = item["player"]
    where = "the graveyard" if item["to"] == "cemetery" else "the face-up discard pile"
    return [{"type": "animal", "player": p, "animal": i, "label": f"P{p}: {_name(g, i)} goes to {where}"}
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
        ctx.new.append({"k": "animal-action", "player": _p(ctx), "helpers": list(ctx.helpers), **_set_off(ctx)})
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
        ctx.new.append({"k": "animal-action", "player": _p(ctx), "helpers": list(ctx.helpers), "only": "slaughter",
                        **_set_off(ctx)})
    return run


def animal_actions(g, item):
    p = item["player"]
    out = []
    if item.get("only") != "slaughter":
        out.append({"type": "animal-action", "player": p, "what": "stable", "animal": None,
                    "label": f"P{p}: stable action (the yield of {len(g.s['z']['stable'])} animals)"})
    for i in g.s["z"]["stable"]:
        out.append({"type": "animal-action", "player": p, "what": "slaughter", "animal": i,
                    "label": f"P{p}: slaughter action: {_name(g, i)} to the graveyard"})
    return out


def apply_animal_action(g, item, a):
    g.s["queue"].pop(0)
    ctx = _ctx(item)
    if a["what"] == "stable":
        stable(g, ctx)
        perform(g, "symbol:stable-action", ctx)
    else:
        slaughter(g, ctx, a["animal"])
        if item.get("only") is None:
            perform(g, "symbol:slaughter-action", ctx)
        elif "symbol:slaughter-action" not in g.s["used"]:
            g.s["used"].append("symbol:slaughter-action")
    _push(g, ctx)


def auto_animal_action(g, item) -> bool:
    if g.s["z"]["stable"]:
        return False
    g.s["queue"].pop(0)
    g.event("no-animal", player=item["player"])
    return True


# ------------------------------------------------------------------ grain
def _can_harvest(g, ctx) -> bool:
    return len(g.s["z"][f"deck/{_p(ctx)}"]) >= 2


def _can_grind(g, ctx) -> bool:
    return g.s["res"].get("grain", 0) >= 1


def harvest(g, ctx) -> None:
    """Discard 2 cards (a cost: red backs wound), receive 1 grain, and what the scythe adds."""
    p = _p(ctx)
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
    g.event("grind", player=_p(ctx), millstone=bool(g.s["built"]["millstone"]))


@OPS.op("symbol:grain-action", "reward")
def grain_action():
    def run(g, ctx):
        ctx.new.append({"k": "grain-action", "player": _p(ctx), "helpers": list(ctx.helpers), **_set_off(ctx)})
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
    ctx = _ctx(item)
    out = []
    if _can_harvest(g, ctx):
        out.append({"type": "grain-action", "player": p, "what": "harvest",
                    "label": f"P{p}: harvest: discard 2 cards for grain"})
    if _can_grind(g, ctx):
        out.append({"type": "grain-action", "player": p, "what": "grind", "label": f"P{p}: grind: 1 grain for 2 food"})
    return out


def apply_grain_action(g, item, a):
    g.s["queue"].pop(0)
    ctx = _ctx(item)
    if a["what"] == "harvest":
        harvest(g, ctx)
        perform(g, "symbol:harvest", ctx)
    else:
        grind(g, ctx)
        perform(g, "symbol:grind", ctx)
    _push(g, ctx)


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
        ctx.new.append({"k": "build", "player": _p(ctx), "helpers": list(ctx.helpers)})
    return run


def build_actions(g, item):
    p = item["player"]
    ctx = _ctx(item)
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
    ctx = _ctx(item)
    cost = g.rules.farm.costs[a["expansion"]]
    for sym, c in cost.costs:
        c(g, ctx, True)
    build(g, a["expansion"])
    _push(g, ctx)


# ------------------------------------------------------------------ tools
def _tool_choices(g) -> list[str]:
    r = g.rules
    out = []
    for t in sorted(r.tokens.values(), key=lambda t: t["id"]):
        if t.get("kind") != "tool" or t.get("product") not in r.products_in_play:
            continue
        if t["id"] in g.s["supply"] and g.s["supply"][t["id"]] <= 0:
            continue
        out.append(t["id"])
    return out


@TOOL_OPS.op("symbol:receive-any-tool", "reward")
def any_tool():
    def run(g, ctx):
        ctx.new.append({"k": "any-tool", "player": _p(ctx)})
    return run


def any_tool_actions(g, item):
    p = item["player"]
    return [{"type": "tool", "player": p, "tool": t, "label": f"P{p}: take the {g.rules.tokens[t].get('name') or t}"}
            for t in _tool_choices(g)]


def apply_any_tool(g, item, a):
    g.s["queue"].pop(0)
    S.gain_tool(g, a["tool"], item["player"], None)


def auto_any_tool(g, item) -> bool:
    if _tool_choices(g):
        return False
    g.s["queue"].pop(0)
    g.event("tool-unavailable", player=item["player"], tool="any")
    return True


def _held(g, players) -> list[tuple[int, str]]:
    return [(q, t) for q in players for t in sorted(g.s["tools"][q]) if g.s["tools"][q][t] > 0]


def _queue_spend_any(g, ctx):
    ctx.new.append({"k": "spend-tool", "players": _players(g, ctx), "decider": _p(ctx)})


@TOOL_OPS.op("symbol:spend-any-tool", "cost")
def spend_any():
    def pay(g, ctx, do):
        if not _held(g, _players(g, ctx)):
            return False
        if do:
            _queue_spend_any(g, ctx)
        return True
    return pay


@TOOL_OPS.op("symbol:spend-any-tool", "negative")
def lose_any():
    def run(g, ctx):
        if _held(g, _players(g, ctx)):
            _queue_spend_any(g, ctx)
    return run


def spend_tool_actions(g, item):
    d = item["decider"]
    return [{"type": "spend", "player": d, "owner": q, "tool": t,
             "label": f"P{d}: spend the {g.rules.tokens.get(t, {}).get('name') or t.split('/')[-1]} of P{q}"}
            for q, t in _held(g, item["players"])]


def spend_held(g, q: int, t: str) -> None:
    s = g.s
    s["tools"][q][t] -= 1
    if not s["tools"][q][t]:
        del s["tools"][q][t]
    if t in s["supply"]:
        s["supply"][t] += 1
    if t in (s.get("tokens") or ()):  # a face-up secret token spent as a tool leaves the game
        s["tokens"][t] = "box"
    g.event("tool-spent", player=q, tool=t)
    g.bus("after", "tool-spent", (q, t))


def apply_spend_tool(g, item, a):
    g.s["queue"].pop(0)
    spend_held(g, a["owner"], a["tool"])


def auto_spend_tool(g, item) -> bool:
    held = _held(g, item["players"])
    if len(held) > 1:
        return False
    g.s["queue"].pop(0)
    if held:
        spend_held(g, *held[0])
    return True


# ------------------------------------------------------------------ secret tokens
@OPS.op("symbol:place-token", "reward")
def place_token(token=None, where=None):
    num = (token or {}).get("number")
    where = str(where or "")
    if not isinstance(num, int):
        raise OpError("`symbol:place-token` needs a token number")
    to_farm = "farm" in where

    def run(g, ctx):
        tid = g.rules.farm.token_by_number.get(num)
        s = g.s
        if tid is None or s["tokens"].get(tid) != "down":
            g.event("token-unavailable", token=num)
            return
        if to_farm:
            if sum(1 for x in s["tokens"].values() if x == "farm") < 2:
                s["tokens"][tid] = "farm"
                g.event("token", token=tid, to="farm")
            else:
                s["tokens"][tid] = "farm-pending"
                ctx.new.append({"k": "token-limit", "token": tid})
        else:
            p = _p(ctx)
            s["tokens"][tid] = "group"
            s["tools"][p][tid] = 1
            g.event("token", token=tid, to=f"group/{p}")
    return run


def token_limit_actions(g, item):
    s = g.s
    on_farm = [t for t, x in s["tokens"].items() if x == "farm"]
    out = [{"type": "token", "player": 0, "back": t, "label": f"P0: {t.split('/')[-1]} leaves the farm for the box"}
           for t in on_farm]
    out.append({"type": "token", "player": 0, "back": item["token"],
                "label": f"P0: the new token {item['token'].split('/')[-1]} goes to the box"})
    return out


def apply_token_limit(g, item, a):
    s = g.s
    s["queue"].pop(0)
    s["tokens"][a["back"]] = "box"
    if a["back"] != item["token"]:
        s["tokens"][item["token"]] = "farm"
    g.event("token-boxed", token=a["back"])


def on_symbol_tokens(g, payload) -> None:
    """Secret tokens on the farm answer the actions they name (Medicinal Herbs on a grain action, …)."""
    sym, ctx = payload
    s = g.s
    for tid, place in s["tokens"].items():
        if place != "farm":
            continue
        if any(o.trigger == "on" and o.on == sym for o in g.rules.farm.token_options.get(tid, ())):
            ctx.new.append({"k": "token-trigger", "token": tid, "player": _p(ctx), "symbol": sym})


def token_trigger_actions(g, item):
    p = item["player"]
    ctx = Ctx(p, [], None, "trigger")
    name = g.rules.tokens.get(item["token"], {}).get("name") or item["token"]
    out = []
    for o in g.rules.farm.token_options.get(item["token"], ()):
        if o.trigger == "on" and o.on == item["symbol"] and R.affordable(g, o, ctx):
            out.append({"type": "token-option", "player": p, "option": o.index, "variant": o.variant,
                        "label": f"P{p}: {name}: {o.text}"})
    out.append({"type": "token-option", "player": p, "option": None, "label": f"P{p}: {name}: do not use it"})
    return out


def apply_token_trigger(g, item, a):
    s = g.s
    s["queue"].pop(0)
    if a["option"] is None:
        g.event("ignore", player=a["player"], token=item["token"])
        return
    o = next(o for o in g.rules.farm.token_options[item["token"]]
             if o.index == a["option"] and o.variant == a.get("variant", 0))
    ctx = Ctx(item["player"], [], None, "trigger")
    by = g.by
    g.by = item["token"]
    g.event("token-used", player=item["player"], token=item["token"], option=o.index + 1)
    for sym, c in o.costs:
        c(g, ctx, True)
    for sym, e in o.effects:
        e(g, ctx)
    g.by = by
    _push(g, ctx)


# ------------------------------------------------------------------ cards kept, removed, returned
@OPS.op("symbol:place-this-card-with-group", "reward")
def keep_card():
    def run(g, ctx):
        p = _p(ctx)
        if ctx.card is not None and ctx.player is not None and ctx.card in g.s["z"][f"chosen/{p}"]:
            ctx.dest = f"kept/{p}"  # laid with the group when the card is finished
    return run


def _special_targets(g, what: dict, players) -> list[tuple[str, int]]:
    """(zone, instance) pairs a `remove special card` can take: a secret anywhere, a named card kept with a
    group of `players`, or the next card of a back in each player's deck."""
    s, r = g.s, g.rules
    ref = what.get("ref")
    out = []
    if ref == "secret":
        num = what.get("number")
        for zone, ids in s["z"].items():
            if zone in ("cemetery", "box"):
                continue
            for i in ids:
                if r.secret_number(s["cards"][i]) == num and r.cards[s["cards"][i]].get("kind") == "secret":
                    out.append((zone, i))
        return out
    if ref in ("card", "title"):
        name = str(what.get("name") or "").lower()
        for p in players:
            for zone in (f"kept/{p}", f"night/{p}"):
                for i in s["z"][zone]:
                    if (r.has_title(s["cards"][i], name) if ref == "title" else r.name(s["cards"][i]).lower() == name):
                        out.append((zone, i))
        return out
    back = what.get("back") or what.get("name")
    for p in players:
        deck = s["z"][f"deck/{p}"]
        for i in reversed(deck):  # the next one from the top
            if r.back(s["cards"][i]) == back:
                out.append((f"deck/{p}", i))
                break
    return out


def _special(what):
    if isinstance(what, str):  # a back: `remove special card danger`
        what = {"ref": "back", "back": what}
    if not isinstance(what, dict):
        raise OpError("`symbol:remove-special-card` needs what to remove")

    def queue(g, ctx):
        ctx.new.append({"k": "special", "what": dict(what), "players": _players(g, ctx), "decider": _p(ctx)})
    return what, queue


@OPS.op("symbol:remove-special-card", "cost")
def special_cost(what=None):
    what, queue = _special(what)
    must_exist = what.get("ref") in ("card", "title", "secret")

    def pay(g, ctx, do):
        if must_exist and not _special_targets(g, what, _players(g, ctx)):
            return False
        if do:
            queue(g, ctx)
        return True
    return pay


@OPS.op("symbol:remove-special-card", "reward", "negative")
def special(what=None):
    return _special(what)[1]


def _remove(g, zone, iid) -> None:
    g.move(iid, zone, "cemetery")
    g.event("removed", card=g.s["cards"][iid], source=zone.split("/")[0])


def special_actions(g, item):
    d = item["decider"]
    return [{"type": "remove", "player": d, "zone": z, "target": i, "label": f"P{d}: remove {_name(g, i)} from {z}"}
            for z, i in _special_targets(g, item["what"], item["players"])]


def apply_special(g, item, a):
    g.s["queue"].pop(0)
    _remove(g, a["zone"], a["target"])


def auto_special(g, item) -> bool:
    t = _special_targets(g, item["what"], item["players"])
    if len(t) > 1:
        return False
    g.s["queue"].pop(0)
    if t:
        _remove(g, *t[0])
    else:
        g.event("nothing-to-remove", what=item["what"])
    return True


def _dreams_in(g, p) -> list[int]:
    s, r = g.s, g.rules
    return [i for i in reversed(s["z"][f"deck/{p}"]) if r.cards[s["cards"][i]].get("kind") == "dream"]


@OPS.op("symbol:return-dream-cards", "cost")
def return_dreams_cost(n=1):
    def pay(g, ctx, do):
        have = sum(len(_dreams_in(g, q)) for q in _players(g, ctx))
        if have < n:
            return False
        if do:
            ctx.new.append({"k": "return-dreams", "n": n, "players": _players(g, ctx), "decider": _p(ctx)})
        return True
    return pay


@OPS.op("symbol:return-dream-cards", "negative")
def return_dreams(n=1):
    def run(g, ctx):
        have = sum(len(_dreams_in(g, q)) for q in _players(g, ctx))
        if min(n, have):
            ctx.new.append({"k": "return-dreams", "n": min(n, have), "players": _players(g, ctx),
                            "decider": _p(ctx)})
    return run


def _return_dream(g, q) -> None:
    iid = _dreams_in(g, q)[0]
    g.move(iid, f"deck/{q}", "dreams", top=False)  # back under the dream deck
    g.event("dream-returned", player=q)


def return_dreams_actions(g, item):
    d = item["decider"]
    return [{"type": "return-dream", "player": d, "from": q, "label": f"P{d}: return a dream card from P{q}'s deck"}
            for q in item["players"] if _dreams_in(g, q)]


def apply_return_dreams(g, item, a):
    _return_dream(g, a["from"])
    item["n"] -= 1
    if item["n"] <= 0 or not any(_dreams_in(g, q) for q in item["players"]):
        g.s["queue"].pop(0)


def auto_return_dreams(g, item) -> bool:
    who = [q for q in item["players"] if _dreams_in(g, q)]
    if len(who) > 1:
        return False
    g.s["queue"].pop(0)
    for _ in range(item["n"]):
        if who and _dreams_in(g, who[0]):
            _return_dream(g, who[0])
    return True


# ------------------------------------------------------------------ the dream world
def _awake(g, p) -> list[int]:
    return [i for i in g.s["z"][f"group/{p}"] if i not in g.s["dreaming"]]


def _asleep_people(g, p) -> list[int]:
    return [i for i in g.s["z"][f"group/{p}"] if i in g.s["dreaming"]]


@OPS.op("symbol:everlasting-dream", "cost")
def everlasting_cost():
    def pay(g, ctx, do):
        if not _awake(g, _p(ctx)):
            return False
        if do:
            ctx.new.append({"k": "dream-person", "player": _p(ctx), "awaken": False})
        return True
    return pay


@OPS.op("symbol:everlasting-dream", "negative")
def everlasting():
    def run(g, ctx):
        if _awake(g, _p(ctx)):
            ctx.new.append({"k": "dream-person", "player": _p(ctx), "awaken": False})
    return run


@OPS.op("symbol:awaken", "reward")
def awaken():
    def run(g, ctx):
        ctx.new.append({"k": "dream-person", "player": _p(ctx), "awaken": True})
    return run


def dream_person_actions(g, item):
    p = item["player"]
    if item["awaken"]:
        return [{"type": "dream", "player": p, "person": i, "label": f"P{p}: wake {_name(g, i)}"} for i in _asleep_people(g, p)]
    return [{"type": "dream", "player": p, "person": i, "label": f"P{p}: {_name(g, i)} goes into the dream world"}
            for i in _awake(g, p)]


def _dream(g, p, iid, awaken) -> None:
    s = g.s
    if awaken:
        s["dreaming"].remove(iid)
        g.event("awaken", player=p, card=s["cards"][iid])
        return
    s["dreaming"].append(iid)
    g.event("everlasting-dream", player=p, card=s["cards"][iid])
    if not _awake(g, p):  # the last face-up person: a new one comes, as when the last one dies
        S.join_person(g, p, None)


def apply_dream_person(g, item, a):
    g.s["queue"].pop(0)
    _dream(g, item["player"], a["person"], item["awaken"])


def auto_dream_person(g, item) -> bool:
    cands = _asleep_people(g, item["player"]) if item["awaken"] else _awake(g, item["player"])
    if len(cands) > 1:
        return False
    g.s["queue"].pop(0)
    if cands:
        _dream(g, item["player"], cands[0], item["awaken"])
    return True


# ------------------------------------------------------------------ a new group
@OPS.op("symbol:new-group", "reward")
def new_group_reward(n=3):
    def run(g, ctx):
        ctx.new.append({"k": "new-group", "players": _players(g, ctx), "n": n})
    return run


def new_group(g, p, n) -> None:
    s = g.s
    old = list(s["z"][f"group/{p}"])
    for iid in old:
        s["wounds"].pop(str(iid), None)
        if iid in s["dreaming"]:
            s["dreaming"].remove(iid)
        g.move(iid, f"group/{p}", "box")
    g.event("group-exchanged", player=p, left=len(old))
    for _ in range(n):
        S.join_person(g, p, None)


def new_group_actions(g, item):
    return [{"type": "new-group", "player": item["players"][0], "who": q,
             "label": f"P{item['players'][0]}: P{q} exchanges their whole group for {item['n']} new people"}
            for q in item["players"]]


def apply_new_group(g, item, a):
    g.s["queue"].pop(0)
    new_group(g, a["who"], item["n"])


def auto_new_group(g, item) -> bool:
    if len(item["players"]) > 1:
        return False
    g.s["queue"].pop(0)
    new_group(g, item["players"][0], item["n"])
    return True


# ------------------------------------------------------------------ the flute
def flute_actions(g, item):
    d = item["players"][0]
    return [{"type": "flute", "player": d, "to": q, "label": f"P{d}: a card of the flute goes on P{q}'s deck"}
            for q in item["players"]]


def apply_flute(g, item, a):
    iid = item["cards"].pop(0)
    g.move(iid, "discard-down", f"deck/{a['to']}")
    g.event("flute-card", player=a["to"])
    if not item["cards"]:
        g.s["queue"].pop(0)


def where_flute(g, item):
    """A saved flute decision holds the cards it still places, each on the face-down discard pile."""
    cards, down = item.get("cards"), g.s["z"]["discard-down"]
    if not cards or len(set(map(str, cards))) != len(cards) or not all(type(i) is int and i in down for i in cards):
        return "the cards of the flute lie on the face-down discard pile"
    return None


def auto_flute(g, item) -> bool:
    s = g.s
    if len(item["players"]) == 1:
        for iid in item["cards"]:
            g.move(iid, "discard-down", f"deck/{item['players'][0]}")
            g.event("flute-card", player=item["players"][0])
        s["queue"].pop(0)
        return True
    return False


# ------------------------------------------------------------------ ideas, skulls
@OPS.op("symbol:remove-idea-cards", "cost")
def remove_ideas(n=1):
    def pay(g, ctx, do):
        if len(g.s["z"]["workbench"]) < n:
            return False
        if do:
            ctx.new.append({"k": "pick-ideas", "n": n, "player": _p(ctx)})
        return True
    return pay


def pick_ideas_actions(g, item):
    p = item["player"]
    return [{"type": "idea", "player": p, "idea": i, "label": f"P{p}: {_name(g, i)} goes to the graveyard"}
            for i in g.s["z"]["workbench"]]


def _idea_out(g, iid) -> None:
    g.move(iid, "workbench", "cemetery")
    g.event("idea-removed", card=g.s["cards"][iid])


def apply_pick_ideas(g, item, a):
    _idea_out(g, a["idea"])
    item["n"] -= 1
    if item["n"] <= 0 or not g.s["z"]["workbench"]:
        g.s["queue"].pop(0)


def auto_pick_ideas(g, item) -> bool:
    wb = g.s["z"]["workbench"]
    if len(wb) > item["n"]:
        return False
    g.s["queue"].pop(0)
    for iid in list(wb):
        _idea_out(g, iid)
    return True


@OPS.op("symbol:remove-skull", "reward")
def remove_skull(n=1):
    def run(g, ctx):
        k = min(n, g.s["skulls"])
        if k:
            g.s["skulls"] -= k
            g.event("skull-removed", n=k, total=g.s["skulls"])
    return run


# ------------------------------------------------------------------ listeners and rule-test keys
def on_join(g, payload) -> None:
    """A new human brings resources, an idea or a dream the moment they join."""
    p, iid = payload
    opts = g.rules.farm.brings.get(g.s["cards"][iid])
    if not opts:
        return
    ctx = Ctx(p, [], None, "join")
    by = g.by
    g.by = g.s["cards"][iid]
    for sym, e in opts[0].effects:
        e(g, ctx)
    g.by = by
    _push(g, ctx)


def given_tokens(g, value, used, take) -> None:
    s = g.s
    for key, place in sorted(value.items()):
        tid = key if key.startswith("token:") else g.rules.farm.token_by_number.get(int(key)) if str(key).isdigit() else None
        if tid not in s["tokens"]:
            raise ValueError(f"given: no secret token `{key}`")
        for q in range(s["players"]):
            s["tools"][q].pop(tid, None)
        if isinstance(place, str) and place.startswith("group/"):
            s["tokens"][tid] = "group"
            s["tools"][int(place.split("/")[1])][tid] = 1
        elif place in ("down", "farm", "box"):
            s["tokens"][tid] = place
        else:
            raise ValueError(f"given: secret token places are down, farm, box or group/<seat>, not `{place}`")


def given_dreaming(g, value, used, take) -> None:
    s = g.s
    out = []
    for cid in value:
        iid = next((i for p in range(s["players"]) for i in s["z"][f"group/{p}"] if s["cards"][i] == cid), None)
        if iid is None:
            raise ValueError(f"given: `{cid}` dreams but is in no group")
        out.append(iid)
    s["dreaming"] = out


def given_built(g, value, used, take) -> None:
    for k, v in value.items():
        if k not in g.s["built"]:
            raise ValueError(f"given: `{k}` is not an expansion token")
        g.s["built"][k] = v


for _resource in ("grain", "pelt", "obsidian"):
    add_resource(OPS, _resource)
for _tool in ("bow-and-arrow", "shell-necklace", "flute", "trap", "clothing"):
    add_tool(OPS, f"symbol:{_tool}")
for _expansion in EXPANSIONS:
    _add_expansion(_expansion)
for _symbol in DEST:
    _add_captured_animal(_symbol)


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
                        "label": f"P0: keep {_name(g, i)} without a fence for 1 grain"})
        out.append({"type": "care", "player": 0, "animal": i, "pay": False,
                    "label": f"P0: {_name(g, i)} stands unfenced and runs off to the face-up discard pile"})
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
