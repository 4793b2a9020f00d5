"""Resolving a card's options, for every Paleo system: whether an option can be chosen, the action that offers
it, rolling, paying and applying it, finishing a resolution, and the card decisions built on them."""

from __future__ import annotations

import json

from . import state as S
from .state import Ctx


def help_uses(g, p: int) -> list[dict]:
    """What else a player free to help may spend the turn's help action on, as other systems offer it
    (the Cult Site's seek place; a kept card's `cost help` option)."""
    out = []
    for sys_ in g.layout.systems:
        out.extend(sys_.help_extras(g, p))
    return out


def offer_actions(g, p: int, iid: int, ctx: Ctx, type_: str, prefix: str, opts=None) -> list[dict]:
    """The affordable day actions of card instance `iid` (or of `opts`), each as an action of type `type_` naming
    the card, labelled `<prefix>action N: <text>`: how systems offer a card other than the player's own."""
    r = g.rules
    cid = g.s["cards"][iid]
    out = []
    for o in (r.options.get(cid, []) if opts is None else opts):
        if o.trigger is None and not o.negative and not o.help and affordable(g, o, ctx):
            a = opt_action(g, p, cid, o, f"{prefix}action {o.index + 1}: {o.text}")
            a.update(type=type_, card=iid)
            out.append(a)
    return out


def free_to_act(g, p) -> bool:
    """The revealed card leaves the player free to do something else: not a danger, or an avoided one."""
    s, r = g.s, g.rules
    chosen = s["z"][f"chosen/{p}"]
    if not chosen:
        return False
    cid = s["cards"][chosen[0]]
    if not r.is_danger(cid):
        return True
    ctx = Ctx(p, helpers_of(g, p), chosen[0], "day")
    return any(o.help and o.trigger is None and affordable(g, o, ctx) for o in r.options.get(cid, []))


def spend_help(g, p: int, what: str) -> None:
    """Player `p` spends the turn's help action on something other than helping a player: the revealed
    card goes to the open discard pile as when helping, and the player has resolved their turn."""
    s = g.s
    iid = s["z"][f"chosen/{p}"][0]
    if avoided(g, iid) and "symbol:help" not in s["used"]:
        s["used"].append("symbol:help")
    g.move(iid, f"chosen/{p}", "discard-up")
    s["done"][p] = True
    g.event("help-spent", player=p, on=what, card=s["cards"][iid])


def avoided(g, iid: int) -> bool:
    """A danger with a help option (an avoidable danger) that was helped with or ignored: it was avoided."""
    cid = g.s["cards"][iid]
    return g.rules.is_danger(cid) and any(o.help for o in g.rules.options.get(cid, ()))


def helpers_of(g, p: int) -> list[int]:
    return [h for h in range(g.s["players"]) if g.s["helping"][h] == p]


def opt_action(g, who: int, cid: str, o, label: str) -> dict:
    a = {"type": "option", "player": who, "option": o.index}
    if g.rules.variants[cid].get(o.index, 1) > 1:
        a["variant"] = o.variant
        label += f" (way {o.variant + 1}: {_describe(o)})"
    a["label"] = label
    return a


def offer_card_options(g, who: int, cid: str, opts, ctx: Ctx, prefix: str, *, negatives=None,
                       action: str = "action", negative: str = "negative action",
                       none_left: str | None = None, leave: str | None = None) -> list[dict]:
    """Card `cid`'s options `opts`, in their order, as actions of player `who`: each affordable one (with `ctx`) and
    each negative one (every one, or those in `negatives`), labelled `<prefix><action or negative> N: <text>`; then
    ignoring it, labelled `none_left` when no option is offered, `leave` when some are (when given)."""
    out = []
    for o in opts:
        if o.negative:
            if negatives is None or o in negatives:
                out.append(opt_action(g, who, cid, o, f"{prefix}{negative} {o.index + 1}: {o.text}"))
        elif affordable(g, o, ctx):
            out.append(opt_action(g, who, cid, o, f"{prefix}{action} {o.index + 1}: {o.text}"))
    label = leave if out else none_left
    if label is not None:
        out.append({"type": "ignore", "player": who, "label": label})
    return out


def open_negatives(g, negs: list, ctx: Ctx) -> list:
    """The negative actions of a danger that are open: those that can be done in full (avoid place with too few
    cards cannot), or every one when none can (then it is done as far as it goes)."""
    full = [o for o in negs if all(f(g, ctx) for f in o.full)]
    return full or negs


def _describe(opt) -> str:
    """What one way of an option pays and gives, in the option's own words (`2 wood`), for its label."""
    parts = []
    for position, sym, args in opt.calls:
        if position == "requirement":
            continue
        n = args.get("n")
        word = sym.split(":", 1)[-1].replace("-", " ")
        parts.append(("pay " if position == "cost" else "") + (f"{n} {word}" if isinstance(n, int) else word))
    return ", ".join(parts) or "nothing"


def affordable(g, opt, ctx: Ctx) -> bool:
    """Whether the option can be chosen now: requirements met (each group alone for `everyone:`) and costs payable."""
    players = S.ctx_players(g, ctx)
    if opt.need_static and not S.need_met(g, opt.need_static, players):
        return False
    for u in opt.usable:
        if not u(g, ctx):
            return False
    for f in opt.forbid:
        need: dict = {}
        f(need)
        if S.need_met(g, need, players):
            return False
    if not opt.everyone:
        for _, c in opt.costs:
            if not c(g, ctx, False):
                return False
        return True
    n = g.s["players"]
    if opt.each_need or opt.each_forbid:
        for p in range(n):
            if opt.each_need and not S.need_met(g, opt.each_need, (p,)):
                return False
            for f in opt.each_forbid:
                need = {}
                f(need)
                if S.need_met(g, need, (p,)):
                    return False
    if not opt.each_costs:
        return all(c(g, ctx, False) for _, c in opt.costs)
    # everyone pays: paid in turn on a scratch copy, so a shared store is counted once per player
    scratch = type(g)(g.rules, json.loads(g.to_json(log=False)))
    scratch.s["log"] = []
    sctx = Ctx(ctx.player, list(ctx.helpers), ctx.card, ctx.kind)
    for _, c in opt.costs:
        if not c(scratch, sctx, False):
            return False
        c(scratch, sctx, True)
    for p in range(n):
        pctx = sctx.alone(p)
        for _, c in opt.each_costs:
            if not c(scratch, pctx, False):
                return False
            c(scratch, pctx, True)
    return True


def in_stock(g, opt) -> bool:
    """Whether the workbench still holds every limited tool the option makes (crafting takes it from there)."""
    want: dict = {}
    r = g.rules
    for position, sym, args in opt.calls:
        if position == "reward":
            t = r.tool_id(sym)
            if t in r.tool_stock:
                k = args.get("n")
                want[t] = want.get(t, 0) + (k if isinstance(k, int) else 1)
    return all(g.s["supply"].get(t, 0) >= k for t, k in want.items())


DICE_ROLLED = "symbol:dice-rolled"  # heard by a card kept with the group whose action's dice were just rolled


def _raised(g, need: dict, faces: list) -> dict:
    """`need` raised by the rolled faces (each face adds its skill and amount)."""
    for f in faces:
        parsed = g.rules._face(f)
        if parsed:
            need[parsed[0]] = need.get(parsed[0], 0) + parsed[1]
    return need


def _faces_met(g, opt, faces: list, players) -> bool:
    """Whether the requirement raised by the rolled faces is met by `players`' groups."""
    return S.need_met(g, _raised(g, opt.need(), faces), players)


def _roll_each(g, opt) -> list[int]:
    """`everyone roll`: each player's dice, one after another; the players whose raised requirement is not met."""
    s = g.s
    failed = []
    by = g.by
    g.by = "rule:paleo/everyone-rolls"
    for p in range(s["players"]):
        faces = S.roll(g, opt.each_dice)
        met = S.need_met(g, _raised(g, dict(opt.each_need), faces), (p,))
        g.event("dice", player=p, faces=faces, met=met, everyone=True)
        if not met:
            failed.append(p)
    g.by = by
    return failed


def roll_listeners(g, ctx: Ctx) -> list[int]:
    """The cards kept with the acting group that act on the dice it rolls for an action it decided on
    (`on dice rolled:`, the Artifact; interpretation:anb-artifact-kept): never for a helper, nor inside a trigger."""
    cids = g.rules.listeners.get(DICE_ROLLED)
    if not cids or ctx.player is None or ctx.kind == "trigger":
        return []
    s, p = g.s, ctx.player
    return [iid for zone in g.layout.listening
            for iid in s["z"][zone.name if zone.scope == "shared" else f"{zone.name}/{p}"]
            if s["cards"][iid] in cids and iid != ctx.card]


def dice_spared_by(g, opt, ctx: Ctx) -> str | None:
    """The token of the resolving groups (helpers' included) that spares this option its dice: one whose skill the
    option requires 1 up to its limit of (Obsidian Jewelry; interpretation:anb-jewelry-icon)."""
    no_roll = g.rules.no_roll
    if not no_roll:
        return None
    need = opt.need_static
    held = g.s["tools"]
    for tid, (skill, up_to) in sorted(no_roll.items()):
        if 1 <= need.get(skill, 0) <= up_to and any(held[p].get(tid) for p in S.ctx_players(g, ctx)):
            return tid
    return None


def roll_met(g, check: dict) -> bool:
    """Whether the dice of a `roll-check` item, as they now lie, meet its option's raised requirement."""
    s = g.s
    opt = g.rules.option(s["cards"][check["card"]], check["option"], check["variant"])
    ctx = Ctx(check["player"], check["helpers"], check["card"], check["kind"])
    return _faces_met(g, opt, check["faces"], S.ctx_players(g, ctx))


def checked_roll(g, iid: int, opt, ctx: Ctx, fin: dict, faces: list) -> bool:
    """Check the rolled group dice (`faces`) and roll `everyone`'s; queue what a failed or shared roll asks for.
    True when the option resolves now."""
    s = g.s
    ok = True
    if opt.dice:
        ok = _faces_met(g, opt, faces, S.ctx_players(g, ctx))
        g.event("dice", player=ctx.player, faces=faces, met=ok)
    failed = _roll_each(g, opt) if opt.each_dice else []
    base = {"player": ctx.player, "card": iid, "kind": ctx.kind, "helpers": list(ctx.helpers), "finish": fin}
    if not ok or failed:
        item = {"k": "fallback", **base}
        if opt.each_dice:  # another action, possibly negative, or ignoring: and nothing is paid
            item.update(option=opt.index, everyone=True)
        s["queue"].insert(0, item)
        return False
    if opt.each_dice:  # only after all rolled does each player say whether they meet the raised requirement
        s["queue"].insert(0, {"k": "everyone-dice", **base, "option": opt.index, "variant": opt.variant,
                              "ask": list(range(s["players"]))})
        return False
    return True


def resolve_option(g, iid: int, opt, ctx: Ctx, fin: dict, rolled: bool = False) -> None:
    """Roll, check, pay and apply one option, then queue what it asks for before `fin`."""
    s = g.s
    for sym in opt.symbols:
        if sym not in s["used"]:
            s["used"].append(sym)
    if (opt.dice or opt.each_dice) and not rolled:
        spared = dice_spared_by(g, opt, ctx) if opt.dice else None
        if spared:
            g.event("no-roll", player=ctx.player, token=spared)
        faces = S.roll(g, opt.dice) if opt.dice and not spared else []
        heard = roll_listeners(g, ctx) if faces else []
        if heard:  # the kept cards act on the dice first; the roll is checked after them (`roll-check`)
            g.event("rolled", player=ctx.player, faces=list(faces))
            s["queue"][0:0] = [{"k": "trigger", "card": k, "player": ctx.player, "symbol": DICE_ROLLED} for k in heard] + [
                {"k": "roll-check", "player": ctx.player, "card": iid, "kind": ctx.kind, "helpers": list(ctx.helpers),
                 "finish": fin, "option": opt.index, "variant": opt.variant, "faces": faces,
                 "rerolled": [False] * len(faces), "bonus": json.loads(json.dumps(s["bonus"]))}]
            return
        if not checked_roll(g, iid, opt, ctx, fin, faces):
            return
    g.event("resolve", player=ctx.player, card=s["cards"][iid], option=opt.index + 1, negative=opt.negative)
    by = g.by
    for sym, c in opt.costs:
        g.by = sym
        if not c(g, ctx, True) and not opt.negative:
            raise AssertionError("a cost checked as payable could not be paid")
    if opt.each_costs:
        for p in range(s["players"]):
            pctx = ctx.alone(p)
            for sym, c in opt.each_costs:
                g.by = sym
                if not c(g, pctx, True) and not opt.negative:
                    raise AssertionError("an everyone cost checked as payable could not be paid")
    heard = g.layout.hooks.get(("after", "symbol")) if ctx.kind != "trigger" and ctx.player is not None else None
    for sym, e in opt.effects:
        g.by = sym
        e(g, ctx)
        if heard:
            for fn in heard:
                fn(g, (sym, ctx))
    for p in range(s["players"]) if opt.each_effects else ():
        pctx = ctx.alone(p)
        for sym, e in opt.each_effects:
            g.by = sym
            e(g, pctx)
    g.by = by
    if ctx.dest is not None and fin.get("kind") == "day" and not opt.negative:
        fin = dict(fin, to=ctx.dest)
    s["queue"][0:0] = ctx.new + [fin]


def finish(g, fin: dict, ignored: bool = False) -> None:
    s = g.s
    s["bonus"] = {}
    if fin.get("kind") == "day":
        p = fin["player"]
        iid = fin["card"]
        if iid in s["z"][f"chosen/{p}"]:
            to = fin.get("to")  # where an option sent the card itself (captured into the stable, kept with the group)
            zone = g.layout.zone.get((to or "").split("/")[0])
            if zone is not None and to == (zone.name if zone.scope == "shared" else f"{zone.name}/{p}"):
                g.event("placed", player=p, card=s["cards"][iid], to=zone.name)  # named while still face up
                g.move(iid, f"chosen/{p}", to)
                g.bus("after", "placed", (p, iid, zone.name))
            else:
                dst = f"night/{p}" if (g.rules.has_moon(s["cards"][iid]) and not ignored) else "discard-up"
                g.move(iid, f"chosen/{p}", dst)
    if fin.get("kind") in ("day", "help"):  # a turn's card (or its help action spent otherwise) is resolved
        p = fin["player"]
        s["done"][p] = True
        for h in range(s["players"]):
            if s["helping"][h] == p:
                s["helping"][h] = None
        g.bus("after", "resolved", fin)  # a card and its tokens resolved (the Cult Site refills its display)
    S.check_end(g)


# ------------------------------------------------------------------ card decisions
def _card_options(g, item) -> list:
    """The options a card decision offers: those of its trigger, or (missions, night cards) the card's own."""
    opts = g.rules.options.get(g.s["cards"][item["card"]], [])
    k = item["k"]
    if k == "revealed":
        return [o for o in opts if o.trigger == "revealed"]
    if k == "trigger":
        return [o for o in opts if o.trigger == "on" and o.on == item["symbol"]]
    if k in ("nightcard", "mission") and any(o.trigger == "night" for o in opts):  # `at night:` (Rescue)
        return [o for o in opts if o.trigger == "night"]
    return [o for o in opts if o.trigger is None]


def card_decision_actions(g, item) -> list[dict]:
    """Missions, night cards and triggered options: each affordable option, or any negative one; else nothing to do."""
    s, r = g.s, g.rules
    p = item.get("player")
    who = 0 if p is None else p
    cid = s["cards"][item["card"]]
    ctx = Ctx(p, [], item["card"], item["k"])
    # help marks an avoidable danger of the day; elsewhere it offers nothing to resolve
    opts = [o for o in _card_options(g, item) if not o.help]
    costly = any(o.costs or o.each_costs for o in opts)
    # paying for an extra effect is the group's choice
    return offer_card_options(g, who, cid, opts, ctx, f"P{who}: {r.name(cid)}: ",
                              none_left=f"P{who}: {r.name(cid)}: no action can be resolved",
                              leave=f"P{who}: {r.name(cid)}: do not use it" if item["k"] == "trigger" and costly else None)


def apply_card_decision(g, item, a) -> None:
    s = g.s
    s["queue"].pop(0)
    iid = item["card"]
    if item["k"] == "fallback":
        ctx = Ctx(item["player"], item["helpers"], iid, item["kind"])
        fin = item["finish"]
    else:
        ctx = Ctx(item.get("player"), [], iid, item["k"])
        fin = {"k": "finish", "player": item.get("player"), "card": iid, "kind": item["k"]}
    if a["type"] == "ignore":
        g.event("ignore", player=a["player"], card=s["cards"][iid])
        finish(g, fin, ignored=True)
        return
    opt = g.rules.option(s["cards"][iid], a["option"], a.get("variant", 0))
    resolve_option(g, iid, opt, ctx, fin)


def apply_table_card(g, item, a, ctx: Ctx, fin: dict) -> None:
    """A card the whole table resolves together (a star card at night, a sea card): ignored, or one of its
    options resolved with `ctx` (everyone helping) before `fin`."""
    s = g.s
    s["queue"].pop(0)
    iid = item["card"]
    cid = s["cards"][iid]
    if a["type"] == "ignore":
        g.event("ignore", player=0, card=cid)
        return
    resolve_option(g, iid, g.rules.option(cid, a["option"], a.get("variant", 0)), ctx, fin)
