"""From the bundle's option IR to runnable options: each `call` node becomes a closure from the op table.

The IR (see the compiler's `effects/ir.py`) is an `option` of `clause`s, each of kind
`require`, `roll`, `cost`, `suffer` or `reward`, whose bodies combine `call`s with
`all`, `seq`, `choice`, `may` and `not`. A `choice` or `may` is a decision of the
player, so an option is expanded into its *variants* (one per way of resolving those
decisions, in written order); every variant is then a plain list of closures.
An option with a `suffer` clause is a negative action.
"""

from __future__ import annotations

from itertools import product

from .ops import OPS, OpError

POSITION = {"require": "requirement", "cost": "cost", "suffer": "negative", "reward": "reward"}
MAX_VARIANTS = 24


class Option:
    """One way of resolving one printed option of a card."""

    __slots__ = ("index", "variant", "text", "negative", "reqs", "dice", "costs", "effects", "symbols",
                 "trigger", "forbid", "help", "calls", "need_static")

    def __init__(self, index: int, variant: int, text: str):
        self.index = index
        self.variant = variant
        self.text = text
        self.negative = False
        self.reqs: list = []
        self.forbid: list = []  # `not` requirements: each adds to a need that must NOT be met
        self.dice = 0
        self.costs: list = []
        self.effects: list = []  # rewards and negative outcomes, in written order
        self.symbols: list[str] = []
        self.trigger: str | None = None
        self.help = False
        self.calls: list[tuple[str, str, dict]] = []  # (position, symbol, args): for policies and reports
        self.need_static: dict = {}  # requirements are pure, so their closures run once, at compile time

    def need(self) -> dict:
        """A fresh copy of what the requirements ask for (skill totals, `tool:<id>`, `res:<name>`)."""
        return dict(self.need_static)


def _alts(node, position):
    """The ways to resolve a clause body: a list of alternatives, each a list of (position, call, negated)."""
    kind = node.get("node")
    if kind == "call":
        return [[(position, node, False)]]
    if kind in ("all", "seq"):
        out = [[]]
        for item in node["items"]:
            out = [a + b for a, b in product(out, _alts(item, position))][:MAX_VARIANTS]
        return out
    if kind == "choice":
        return [a for item in node["items"] for a in _alts(item, position)][:MAX_VARIANTS]
    if kind == "may":
        return _alts(node["item"], position) + [[]]
    if kind == "not":
        return [[(p, c, not neg) for p, c, neg in alt] for alt in _alts(node["item"], position)]
    raise OpError(f"unknown IR node `{kind}`")


def compile_option(index: int, text: str, ir: dict) -> list[Option]:
    """Compile one printed option into its variants; raises OpError naming an unimplemented symbol."""
    per_clause = []
    dice = 0
    negative = False
    for cl in ir.get("clauses", []):
        k = cl.get("kind")
        if k == "roll":
            dice += int(cl.get("dice") or 0)
            continue
        if k not in POSITION:
            raise OpError(f"unknown clause kind `{k}`")
        negative = negative or k == "suffer"
        per_clause.append(_alts(cl["body"], POSITION[k]))
    trig = (ir.get("trigger") or {}).get("kind")
    variants = [[]]
    for alts in per_clause:
        variants = [a + b for a, b in product(variants, alts)][:MAX_VARIANTS]
    out = []
    for v, calls in enumerate(variants):
        opt = Option(index, v, text)
        opt.dice = dice
        opt.negative = negative
        opt.trigger = trig
        for position, call, negated in calls:
            sym = call["symbol"]
            factory = OPS.get(sym)
            if factory is None:
                raise OpError(f"symbol `{sym}` has no runtime implementation")
            if sym == "symbol:help":
                opt.help = True
            fn = factory(position, call.get("args") or {})
            opt.symbols.append(sym)
            opt.calls.append((position, sym, call.get("args") or {}))
            if position == "requirement":
                (opt.forbid if negated else opt.reqs).append(fn)
            elif position == "cost":
                opt.costs.append(fn)
            else:
                opt.effects.append(fn)
        for r in opt.reqs:
            r(opt.need_static)
        out.append(opt)
    return out
