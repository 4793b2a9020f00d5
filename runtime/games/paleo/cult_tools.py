"""The cult tools: what each one does, when it can be used, the actions that use it, and what a game keeps about
the tools (`CultData`).
"""

from __future__ import annotations

from . import resolve as R
from . import state as S
from .state import Ctx
from .cult_board import (
    CULT_TOOLS,
    marked_secret,
    avoid,
    cult_tool_ids,
    display_cards,
    held_by,
    matching,
    reveal_marked,
)


# ------------------------------------------------------------------ cult tools
def _tool_effect(g, t: str):
    name = cult_tool_ids(g.rules).get(t)
    side = 1 if t in g.s["cult"]["flipped"] else 0
    return CULT_TOOLS[name][side]


def _tool_usable(g, t: str, p: int) -> bool:
    what, n = _tool_effect(g, t)
    s = g.s
    gate = g.rules.cult.gates.get(t)
    if gate and gate[0] == "venerate" and t not in s["cult"]["flipped"] and not matching(g, gate[1]):
        return False
    if what == "avoid":
        return len(s["z"][f"deck/{p}"]) >= n
    if what == "seek":
        return bool(display_cards(g))
    if what == "secret":
        return marked_secret(g) is not None
    return True


def tool_actions(g, p: int, helpers: list[int], help_use: bool) -> list[dict]:
    s = g.s
    out = []
    gates = g.rules.cult.gates
    for q in [p, *helpers]:
        for t in sorted(s["tools"][q]):
            if t not in g.rules.cult.tools or t in s["cult"]["used"]:
                continue
            needs_help = (gates.get(t) or ("",))[0] == "help"
            if needs_help != help_use or not _tool_usable(g, t, p):
                continue
            what, n = _tool_effect(g, t)
            use = "later use" if t in s["cult"]["flipped"] else "first use"
            out.append({"type": "cult-tool", "player": p, "tool": t,
                        "label": f"P{p}: use the {g.rules.tokens[t].get('name') or t} ({use}: {what} {n})"})
    return out


def use_tool(g, a: dict) -> None:
    s = g.s
    p, t = a["player"], a["tool"]
    g.by = "rule:cult/tools"
    what, n = _tool_effect(g, t)
    owner = held_by(g, t)
    s["cult"]["used"].append(t)
    s["cult"]["uses"][t] = s["cult"]["uses"].get(t, 0) + 1
    name = g.rules.cult.tools[t]
    played = [f"symbol:{name}"]  # the tool's symbol, and the token symbols its use plays
    gate = g.rules.cult.gates.get(t)
    if t not in s["cult"]["flipped"]:
        played.append({"venerate": "symbol:venerate-and-flip"}.get((gate or ("",))[0], "symbol:flip-token"))
    if gate and gate[0] == "help":
        played.append("symbol:help-and-give-up")
    for sym in played:
        if sym not in s["used"]:
            s["used"].append(sym)
    if gate and gate[0] == "help":  # help and give up cult token: the help action is spent, the token given up
        R.spend_help(g, p, "cult tool")
        give_up = True
    else:
        give_up = t in s["cult"]["flipped"]
    if give_up:
        del s["tools"][owner][t]
        if t in s["cult"]["flipped"]:
            s["cult"]["flipped"].remove(t)
        g.event("cult-tool-given-up", player=owner, tool=t)
    else:
        s["cult"]["flipped"].append(t)
        g.event("cult-tool-flipped", player=owner, tool=t)
    chosen = s["z"][f"chosen/{p}"]
    ctx = Ctx(p, R.helpers_of(g, p), chosen[0] if chosen else None, "day")
    if what == "awareness":
        S.skill_bonus(g, "awareness", n, ctx)
    elif what == "avoid":
        avoid(g, p, n)
    elif what == "seek":  # twice in a row, no refill between
        s["queue"].insert(0, {"k": "seek", "player": p, "players": ctx.players, "n": n})
    elif what == "secret":
        reveal_marked(g, ctx)
        s["queue"][0:0] = ctx.new
    else:
        S.gain_resource(g, what, n, ctx)
    if gate and gate[0] == "help":
        s["queue"].append({"k": "finish", "player": p, "card": a.get("card", 0), "kind": "help"})


class CultData:
    """What the Cult Site reads once per rules: its cult tools and what their tokens ask of a use."""

    def __init__(self, rules):
        self.tools = cult_tool_ids(rules)
        self.gates: dict[str, tuple] = {}
        for t, name in sorted(self.tools.items()):
            if name not in CULT_TOOLS:
                rules.missing.append(f"{t}: a cult tool whose uses the rulebook does not give")
                continue
            use = rules.tokens[t].get("use")
            if not (isinstance(use, dict) and use.get("ir") is not None):
                rules.missing.append(f"{t}: which icon its use shows (flip token, venerate place and flip the "
                                     "token, help and give up cult token) is printed on the token only, not given")
                continue
            for cl in use["ir"].get("clauses") or []:
                body = cl.get("body") or {}
                if body.get("symbol") == "symbol:venerate-and-flip":
                    self.gates[t] = ("venerate", (body.get("args") or {}).get("altar") or "any")
                elif body.get("symbol") == "symbol:help-and-give-up":
                    self.gates[t] = ("help",)
                elif body.get("symbol") != "symbol:flip-token":
                    rules.missing.append(f"{t}: a use of `{body.get('symbol')}`, which is not a cult tool's icon")
