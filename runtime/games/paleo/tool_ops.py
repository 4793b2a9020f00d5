"""The tools system's ops: any tool received or spent, and healing, with the decisions they open.

Registered in `TOOL_OPS` by (symbol, position), as `ops.py` describes; the tools system (`tools.py`) plays
them whenever the farm or the Cult Site is in play.
"""

from __future__ import annotations

from ...core import OpTable
from . import state as S
from .farm_common import player_of, players_of
from .registry_data import SYMBOLS

TOOL_OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: any tool received or spent, and healing (the tools system's)."""


# ------------------------------------------------------------------ healing
@TOOL_OPS.op("symbol:heal", "reward")
def heal(n=1):
    def run(g, ctx):
        ctx.new.append({"k": "heal", "n": n, "players": players_of(g, ctx), "decider": player_of(ctx), "optional": False})
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
    out = [{"type": "heal", "player": d, "person": i, "label": f"P{d}: heal 1 damage of {S.name(g, i)}"}
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
        ctx.new.append({"k": "any-tool", "player": player_of(ctx)})
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
    ctx.new.append({"k": "spend-tool", "players": players_of(g, ctx), "decider": player_of(ctx)})


@TOOL_OPS.op("symbol:spend-any-tool", "cost")
def spend_any():
    def pay(g, ctx, do):
        if not _held(g, players_of(g, ctx)):
            return False
        if do:
            _queue_spend_any(g, ctx)
        return True
    return pay


@TOOL_OPS.op("symbol:spend-any-tool", "negative")
def lose_any():
    def run(g, ctx):
        if _held(g, players_of(g, ctx)):
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
