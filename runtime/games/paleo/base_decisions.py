"""The base game's decisions besides the day's card (wounds, sharing, crafting, the fallback when
dice are not met, dice everyone rolls) and the rule tests' given keys for groups, tools and dice."""

from __future__ import annotations

from . import resolve as R
from . import state as S
from .state import Ctx


# ------------------------------------------------------------------ decisions
def wound_actions(g, item) -> list[dict]:
    s, r = g.s, g.rules
    out = []
    dreaming = s.get("dreaming") or ()
    for p in item["players"]:
        for iid in s["z"][f"group/{p}"]:
            if iid in dreaming:  # a person in the dream world takes no damage
                continue
            w = s["wounds"].get(str(iid), 0)
            h = r.persons[s["cards"][iid]]["hearts"]
            out.append({"type": "wound", "player": item["decider"], "person": iid,
                        "label": f"P{item['decider']}: wound {S.name(g, iid)} of P{p} ({w}/{h} hearts covered"
                                 + (", dies)" if w >= h else ")")})
    return out


def apply_wound(g, item, a) -> None:
    S.wound_person(g, a["person"])
    item["n"] -= 1
    dreaming = g.s.get("dreaming") or ()
    if item["n"] <= 0 or not any(i not in dreaming for p in item["players"] for i in g.s["z"][f"group/{p}"]):
        g.s["queue"].pop(0)


def auto_wound(g, item) -> bool:
    s = g.s
    dreaming = s.get("dreaming") or ()
    cands = [i for p in item["players"] for i in s["z"][f"group/{p}"] if i not in dreaming]
    if not cands:
        s["queue"].pop(0)
        g.event("wound-nobody", n=item["n"])
        return True
    if len(cands) == 1:
        S.wound_person(g, cands[0])
        item["n"] -= 1
        if item["n"] <= 0:
            s["queue"].pop(0)
        return True
    return False


def share_actions(g, item) -> list[dict]:
    what = item["tool"].split("/")[-1] if item["what"] == "tool" else "the new person"
    return [{"type": "share", "player": item["decider"], "to": q, "label": f"P{item['decider']}: {what} goes to P{q}'s group"}
            for q in item["players"]]


def apply_share(g, item, a) -> None:
    g.s["queue"].pop(0)
    if item["what"] == "tool":
        S.gain_tool(g, item["tool"], a["to"], None)
    elif g.s["z"]["people"]:
        S.join_person(g, a["to"], None)
    else:
        g.event("deck-empty", deck="people")


def craft_actions(g, item) -> list[dict]:
    s, r = g.s, g.rules
    p = item["player"]
    ctx = Ctx(p, item["helpers"], None, "craft")
    tool = item.get("tool")
    out = []
    for iid in s["z"]["workbench"]:
        opts = r.options.get(s["cards"][iid], [])
        if tool is not None and opts and r.tool_id(tool) not in {r.tool_id(x) for x in opts[0].symbols}:
            continue
        if opts and not opts[0].negative and R.in_stock(g, opts[0]) and R.affordable(g, opts[0], ctx):
            out.append({"type": "craft", "player": p, "idea": iid, "label": f"P{p}: craft {S.name(g, iid)}"})
    out.append({"type": "craft", "player": p, "idea": None, "label": f"P{p}: craft nothing"})
    return out


def apply_craft(g, item, a) -> None:
    s = g.s
    s["queue"].pop(0)
    if a["idea"] is None:
        g.event("craft-none", player=item["player"])
        return
    ctx = Ctx(item["player"], item["helpers"], a["idea"], "craft")
    opt = g.rules.options[s["cards"][a["idea"]]][0]
    g.event("craft", player=item["player"], idea=s["cards"][a["idea"]])
    R.resolve_option(g, a["idea"], opt, ctx, {"k": "done"})


def fallback_actions(g, item) -> list[dict]:
    """Dice not met: a negative action, or ignoring when there is none. After `everyone roll`, also another action."""
    s, r = g.s, g.rules
    p = item["player"]
    who = 0 if p is None else p
    cid = s["cards"][item["card"]]
    opts = r.options.get(cid, [])
    out = []
    if item.get("everyone"):
        ctx = Ctx(p, item["helpers"], item["card"], item["kind"])
        for o in opts:
            if o.trigger is None and not o.negative and not o.help and o.index != item["option"] and R.affordable(g, o, ctx):
                out.append(R.opt_action(g, who, cid, o, f"P{who}: not everyone met it: action {o.index + 1} of {r.name(cid)}"))
    negs = [o for o in opts if o.negative and o.trigger is None]
    for o in negs:
        out.append(R.opt_action(g, who, cid, o, f"P{who}: dice not met: negative action {o.index + 1} of {r.name(cid)}"))
    if not negs or (item.get("everyone") and not r.is_danger(cid)):
        out.append({"type": "ignore", "player": who, "label": f"P{who}: dice not met: ignore {r.name(cid)}"})
    return out


def everyone_dice_actions(g, item) -> list[dict]:
    p = item["ask"][0]
    name = g.rules.name(g.s["cards"][item["card"]])
    return [{"type": "meet", "player": p, "label": f"P{p}: meet the raised requirement of {name}"},
            {"type": "decline", "player": p, "label": f"P{p}: do not meet it (another action or ignoring)"}]


def apply_everyone_dice(g, item, a) -> None:
    s = g.s
    if a["type"] == "decline":
        g.event("decline", player=a["player"], card=s["cards"][item["card"]])
        s["queue"][0] = {"k": "fallback", "player": item["player"], "card": item["card"], "kind": item["kind"],
                         "helpers": item["helpers"], "finish": item["finish"], "option": item["option"], "everyone": True}
        return
    item["ask"].pop(0)
    if item["ask"]:
        return
    s["queue"].pop(0)
    ctx = Ctx(item["player"], item["helpers"], item["card"], item["kind"])
    opt = g.rules.option(s["cards"][item["card"]], item["option"], item["variant"])
    R.resolve_option(g, item["card"], opt, ctx, item["finish"], rolled=True)


def _roll_check(g):
    """The roll waiting for its check: the first `roll-check` of the queue."""
    return next((it for it in g.s["queue"] if it["k"] == "roll-check"), None)


def reroll_actions(g, item) -> list[dict]:
    """Roll one die again (one not rolled again yet), or keep the dice as they lie."""
    p = item["player"]
    check = _roll_check(g)
    faces, again = check["faces"], check["rerolled"]
    out = [{"type": "reroll", "player": p, "die": i, "label": f"P{p}: roll die {i + 1} ({f}) again"}
           for i, f in enumerate(faces) if not again[i]]
    return out + [{"type": "keep", "player": p, "label": f"P{p}: keep the dice ({', '.join(faces)})"}]


def apply_reroll(g, item, a) -> None:
    check = _roll_check(g)
    if a["type"] == "keep":
        g.s["queue"].pop(0)
        return
    i = a["die"]
    was = check["faces"][i]
    check["faces"][i] = S.roll(g, 1)[0]
    check["rerolled"][i] = True
    g.event("reroll", player=a["player"], die=i + 1, was=was, face=check["faces"][i])
    item["left"] -= 1
    if item["left"] <= 0 or all(check["rerolled"]):
        g.s["queue"].pop(0)


def where_reroll(g, item):
    check = _roll_check(g)
    if check is None:
        return "pending decision reroll with no rolled dice waiting for their check"
    if not isinstance(check["faces"], list) or len(check["rerolled"]) != len(check["faces"]):
        return "the dice waiting for their check do not match their reroll marks"
    if all(check["rerolled"]):
        return "pending decision reroll with every die already rolled again"
    return None


def auto_roll_check(g, item) -> bool:
    """The kept cards have acted on the dice (`on dice rolled:`): the roll as it now lies is checked, then the
    option resolves, or the fallback is offered."""
    s = g.s
    s["queue"].pop(0)
    s["bonus"] = item["bonus"]  # a trigger's end clears the bonuses; those of this resolution stay
    ctx = Ctx(item["player"], item["helpers"], item["card"], item["kind"])
    opt = g.rules.option(s["cards"][item["card"]], item["option"], item["variant"])
    if R.checked_roll(g, item["card"], opt, ctx, item["finish"], list(item["faces"])):
        R.resolve_option(g, item["card"], opt, ctx, item["finish"], rolled=True)
    return True


def auto_finish(g, item) -> bool:
    g.s["queue"].pop(0)
    R.finish(g, item)
    return True


def auto_done(g, item) -> bool:
    g.s["queue"].pop(0)
    return True


# ------------------------------------------------------------------ rule-test `given` keys beyond the derived ones
def given_groups(g, value, used, take) -> None:
    s = g.s
    for p, cards in sorted(value.items()):
        zone = f"group/{p}"
        for iid in s["z"][zone]:
            s["wounds"].pop(str(iid), None)
        s["z"]["box"].extend(s["z"][zone])
        s["z"][zone] = []
        for c in cards:
            cid, w = (c, 0) if isinstance(c, str) else (c["card"], int(c.get("wounds", 0)))
            iid = take(cid)
            s["z"][zone].append(iid)
            if w:
                s["wounds"][str(iid)] = w


def given_tools(g, value, used, take) -> None:
    s, r = g.s, g.rules
    for p, tools in sorted(value.items()):
        held = s["tools"][int(p)]
        for t, k in held.items():
            if t in s["supply"]:
                s["supply"][t] += k
        held.clear()
        for nm, k in tools.items():
            t = r.tool_id(nm)
            if t in s["supply"]:
                if s["supply"][t] < k:
                    raise ValueError(f"given: only {s['supply'][t]} {nm} left in the supply")
                s["supply"][t] -= k
            if k:
                held[t] = k


def given_dice(g, value, used, take) -> None:
    g.s["forced_dice"] = list(value)


def after_given(g) -> None:
    s = g.s
    for p in range(s["players"]):
        s["asleep"][p] = not s["z"][f"deck/{p}"]
        if s["step"] == "resolve":  # a test starting at the resolve step: whoever holds a chosen card resolves it
            s["done"][p] = not s["z"][f"chosen/{p}"]
