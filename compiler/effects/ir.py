"""The effect IR: plain dicts and lists, a small fixed set of structural nodes plus `call`.

Every node is a dict with a `"node"` key. The JSON form is the same dicts written with
sorted keys (`to_json`), so it is deterministic and byte-stable.

Structural nodes
----------------
option   {"node": "option", "clauses": [clause, ...], "trigger"?: trigger}
trigger  {"kind": "night"}                      at night:
         {"kind": "blue"}                       blue:  (a night action: only while star cards are resolved)
         {"kind": "revealed"}                   when revealed:
         {"kind": "on", "call": call}           on stable action:
clause   {"node": "clause", "kind": K, "position": P, "body": node, "everyone"?: true}
             K is "require" | "cost" | "suffer" | "reward" (the `->` part); P is the symbol
             position it gives its calls: requirement | cost | negative | reward
         {"node": "clause", "kind": "roll", "dice": N, "everyone"?: true}
all      {"node": "all", "items": [node, node, ...]}       a, b         (every item, in order)
choice   {"node": "choice", "items": [node, node, ...]}    a or b       (one of them)
seq      {"node": "seq", "items": [node, node, ...]}       a then b     (one after the other)
may      {"node": "may", "item": node}                     may a        (optional)
not      {"node": "not", "item": node}                     not a        (requirements only)
call     {"node": "call", "symbol": "symbol:<id>", "args": {param: value, ...}}
unstated {"node": "unstated"}                              ...          (a part the rulebook does not state;
                                                                        the runtime refuses the option, a pack fill
                                                                        may replace it)

Lists have at least two items and never directly contain a node of their own kind
(`(a, b), c` is the same IR as `a, b, c`). `"everyone"` is present only when true.

Argument values
---------------
int                      2
enumerated word          "forest" (altar, back, mood, side, diet, order, placement, die-color)
symbol of a category     "symbol:scythe" (tool, resource, expansion, skill, die-face, cult-tool)
reference                {"ref": "secret", "number": 23}      secret 23
                         {"ref": "token", "number": 3}        token 3
                         {"ref": "sea-card", "symbol": 3}     sea card 3
                         {"ref": "card", "name": "Reeds"}     card "Reeds"
                         {"ref": "idea", "name": "Isolation"} idea "Isolation"
                         {"ref": "title", "name": "Dodo"}     title "Dodo" (a title predicate)
References keep the printed number or name; the graph checker resolves them to ids.
Optional parameters with a default are always filled in, so equal rules have equal IR.

Example: `require have scythe; cost discard 2 cards -> place this card with group`
{"node": "option", "clauses": [
  {"node": "clause", "kind": "require", "position": "requirement", "body":
     {"node": "call", "symbol": "symbol:have", "args": {"item": "symbol:scythe"}}},
  {"node": "clause", "kind": "cost", "position": "cost", "body":
     {"node": "call", "symbol": "symbol:discard", "args": {"n": 2}}},
  {"node": "clause", "kind": "reward", "position": "reward", "body":
     {"node": "call", "symbol": "symbol:place-this-card-with-group", "args": {}}}]}
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from . import types as T
from .registry import POSITION_OF_CLAUSE

NODES = ("option", "clause", "all", "choice", "seq", "may", "not", "call", "unstated")
CLAUSE_KINDS = ("require", "roll", "cost", "suffer", "reward")
TRIGGER_KINDS = ("night", "blue", "revealed", "on")
MAX_DEPTH = 200  # lowering stops at 64 levels; an IR from outside deeper than this is refused, not recursed into


def to_json(ir: dict) -> str:
    """The stable JSON text of an IR value."""
    return json.dumps(ir, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def copy_ir(x: Any) -> Any:
    """A deep copy of plain IR data (much cheaper than `copy.deepcopy`)."""
    if isinstance(x, dict):
        return {k: copy_ir(v) for k, v in x.items()}
    if isinstance(x, list):
        return [copy_ir(v) for v in x]
    return x


def walk(ir: dict) -> Iterator[dict]:
    """Every node dict of an option, depth first (trigger call included)."""
    stack = [ir]
    while stack:
        n = stack.pop()
        yield n
        t = n.get("trigger")
        if t and t.get("call"):
            stack.append(t["call"])
        for key in ("clauses", "items"):
            stack.extend(reversed(n.get(key, ())))
        for key in ("body", "item"):
            if key in n:
                stack.append(n[key])


def calls(ir: dict) -> list[dict]:
    return [n for n in walk(ir) if n.get("node") == "call"]


def references(ir: dict) -> list[dict]:
    """Every reference value of an option (for the graph checker)."""
    out = []
    for c in calls(ir):
        for v in c["args"].values():
            if isinstance(v, dict) and "ref" in v:
                out.append(v)
    return out


def validate(ir: Any, registry) -> list[str]:
    """Problems with an IR value coming from outside (a bundle, a test): empty when it is well-formed."""
    errs: list[str] = []

    def node(n, where, depth=0):
        if depth > MAX_DEPTH:
            errs.append(f"{where}: nested too deeply")
            return
        if not isinstance(n, dict) or n.get("node") not in NODES or n.get("node") in ("option", "clause"):
            errs.append(f"{where}: not an effect node")
            return
        kind = n["node"]
        if kind == "call":
            sym = registry.symbols.get(n.get("symbol"))
            if sym is None:
                errs.append(f"{where}: unknown symbol {n.get('symbol')!r}")
                return
            args = n.get("args")
            if not isinstance(args, dict):
                errs.append(f"{where}: args must be a mapping")
                return
            names = {p.name for p in sym.params}
            for k in args:
                if k not in names:
                    errs.append(f"{where}: `{sym.name}` has no parameter {k!r}")
            for p in sym.params:
                if p.name not in args:
                    if not p.optional or p.default is not None:
                        errs.append(f"{where}: `{sym.name}` is missing {p.name!r}")
                    continue
                v = args[p.name]
                if not _value_ok(p.type, v, registry):
                    errs.append(f"{where}: {p.name!r} of `{sym.name}` is not {T.describe(p.type)}")
        elif kind == "unstated":
            return
        elif kind in ("may", "not"):
            node(n.get("item"), where + ".item", depth + 1)
        else:
            items = n.get("items")
            if not isinstance(items, list) or len(items) < 2:
                errs.append(f"{where}: {kind} needs at least two items")
                return
            for i, x in enumerate(items):
                if isinstance(x, dict) and x.get("node") == kind:
                    errs.append(f"{where}.items[{i}]: {kind} directly inside {kind}")
                node(x, f"{where}.items[{i}]", depth + 1)

    if not isinstance(ir, dict) or ir.get("node") != "option":
        return ["not an option"]
    trig = ir.get("trigger")
    if trig is not None:
        if not isinstance(trig, dict) or trig.get("kind") not in TRIGGER_KINDS:
            errs.append("trigger: unknown kind")
        elif trig["kind"] == "on":
            node(trig.get("call"), "trigger.call")
    clauses = ir.get("clauses")
    if not isinstance(clauses, list) or not clauses:
        return errs + ["an option needs at least one clause"]
    for i, c in enumerate(clauses):
        w = f"clauses[{i}]"
        if not isinstance(c, dict) or c.get("node") != "clause" or c.get("kind") not in CLAUSE_KINDS:
            errs.append(f"{w}: not a clause")
            continue
        if c["kind"] == "roll":
            if not isinstance(c.get("dice"), int) or c["dice"] < 1:
                errs.append(f"{w}: a roll needs a number of dice")
        else:
            if c.get("position") != POSITION_OF_CLAUSE[c["kind"]]:
                errs.append(f"{w}: position must be {POSITION_OF_CLAUSE[c['kind']]!r}")
            node(c.get("body"), w + ".body")
    return errs


def _value_ok(spec: str, v: Any, registry) -> bool:
    for part in spec.split("|"):
        if part in ("int", "count") and isinstance(v, int) and not isinstance(v, bool):
            if part == "int" or v >= 1:
                return True
        elif part in T.ENUMS and v in T.ENUMS[part]:
            return True
        elif part in T.CATEGORY_TYPES and isinstance(v, str):
            s = registry.symbols.get(v)
            if s is not None and s.category == T.CATEGORY_TYPES[part]:
                return True
        elif part in T.REFS and isinstance(v, dict) and v.get("ref") == part:
            _, field, vkind = T.REFS[part]
            if set(v) == {"ref", field} and isinstance(v[field], int if vkind == "int" else str) \
                    and T.check_value(spec, v) is None:
                return True
    return False
