"""Secret tokens: placed on the farm (at most 2 there) or with a group, and a farm token's options answering
the actions they name, with the decisions they open.
"""

from __future__ import annotations

from ...core import OpError
from . import resolve as R
from .farm_common import OPS, player_of, push_new
from .state import Ctx


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
            p = player_of(ctx)
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
            ctx.new.append({"k": "token-trigger", "token": tid, "player": player_of(ctx), "symbol": sym})


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
    push_new(g, ctx)
