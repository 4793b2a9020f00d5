"""IR back to text: the canonical DSL form of an option, and a readable English sentence."""

from __future__ import annotations

from . import types as T
from .ir import calls
from .registry import default_registry, registries

_LEVEL = {"seq": 0, "choice": 1, "all": 2, "may": 3, "not": 3, "call": 3, "unstated": 3}
_JOIN = {"seq": " then ", "choice": " or ", "all": ", "}


def print_option(ir: dict, registry=None) -> str:
    """Canonical DSL text of an option IR: parsing and lowering it gives the same IR back."""
    if registry is None:
        registry = _registry_for(ir)
    parts = []
    trig = ir.get("trigger")
    head = ""
    if trig:
        if trig["kind"] == "night":
            head = "at night: "
        elif trig["kind"] == "blue":
            head = "blue: "
        elif trig["kind"] == "revealed":
            head = "when revealed: "
        else:
            head = "on " + _call(trig["call"], registry) + ": "
    reward = None
    for c in ir["clauses"]:
        if c["kind"] == "reward":
            reward = c
            continue
        parts.append(_clause(c, registry))
    text = "; ".join(parts)
    if reward is not None:
        r = "-> " + _node(reward["body"], 0, registry)
        text = f"{text} {r}" if text else r
    return head + text


def _registry_for(ir: dict):
    """The newest registry of this process that defines every symbol of `ir` (else the bundled one)."""
    needed = {c["symbol"] for c in calls(ir)}
    for reg in registries():
        if needed <= reg.symbols.keys():
            return reg
    return default_registry()


def _clause(c: dict, registry) -> str:
    pre = "everyone: " if c.get("everyone") else ""
    if c["kind"] == "roll":
        n = c["dice"]
        return f"{pre}roll {n} {'die' if n == 1 else 'dice'}"
    return f"{pre}{c['kind']} {_node(c['body'], 0, registry)}"


def _node(n: dict, min_level: int, registry) -> str:
    kind = n["node"]
    if kind == "call":
        s = _call(n, registry)
    elif kind == "unstated":
        s = "..."
    elif kind in ("may", "not"):
        s = f"{kind} {_node(n['item'], 3, registry)}"
    else:
        s = _JOIN[kind].join(_node(x, _LEVEL[kind] + 1, registry) for x in n["items"])
    return f"({s})" if _LEVEL[kind] < min_level else s


def _call(n: dict, registry) -> str:
    sym = registry.symbols[n["symbol"]]
    args = n.get("args", {})
    out = []
    pre = sym.prefix_param
    name = sym.name
    if pre is not None:
        v = args.get(pre.name, pre.default if pre.default is not None else 1)
        out.append(str(v))
        if v != 1 and sym.plural:
            name = sym.plural
    out.append(name)
    name_words = tuple(sym.name.split())
    first = True
    for p in sym.after_params:
        if p.name not in args:
            first = False
            continue
        v = args[p.name]
        omit = False
        if first and isinstance(v, dict):
            kw = T.REFS[v["ref"]][0]
            omit = name_words[-len(kw):] == kw
        out.append(T.render(p.type, v, registry, omit_keyword=omit))
        if p.unit and isinstance(v, int):
            out.append(p.unit[0] if v == 1 else p.unit[1])
        first = False
    return " ".join(out)


def describe_option(ir: dict, registry) -> str:
    """A readable English sentence for the rules site."""
    trig = ir.get("trigger")
    lead = ""
    if trig:
        lead = {"night": "At night, ", "blue": "As a blue night action, ", "revealed": "When revealed, "}.get(trig["kind"]) or \
            f"When you resolve {_call(trig['call'], registry)}, "
    bits = []
    for c in ir["clauses"]:
        alone = " (each player alone)" if c.get("everyone") else ""
        kind = c["kind"]
        if kind == "roll":
            n = c["dice"]
            dice = "1 die raises" if n == 1 else f"{n} dice raise"
            bits.append(f"a roll of {dice} the requirement{alone}")
            continue
        label = {"require": "requirement", "cost": "cost", "suffer": "you suffer", "reward": "reward"}[kind]
        bits.append(f"{label}{alone}: {_en(c['body'], registry)}")
    text = "; ".join(bits)
    return lead + (text if lead else text[:1].upper() + text[1:]) + "."


def _en(n: dict, registry) -> str:
    kind = n["node"]
    if kind == "call":
        return _call(n, registry)
    if kind == "unstated":
        return "something the rulebook does not state"
    if kind in ("may", "not"):
        item = n["item"]
        inner = _en(item, registry)
        if item["node"] not in ("call", "may", "not"):  # `may (a then b)`: the whole list is optional
            inner = f"({inner})"
        return ("optionally " if kind == "may" else "not ") + inner
    inner = [_en(x, registry) if x["node"] in ("call", "may", "not", "unstated") else f"({_en(x, registry)})"
             for x in n["items"]]
    if kind == "choice":
        return "either " + ", ".join(inner[:-1]) + " or " + inner[-1]
    if kind == "seq":
        return ", then ".join(inner)
    return ", ".join(inner[:-1]) + " and " + inner[-1]
