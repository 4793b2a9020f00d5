"""From the bundle's option IR to runnable options: each `call` node becomes a closure from the op table.

The IR (the compiler's `effects/ir.py`) is an `option` of `clause`s, each of kind `require`,
`roll`, `cost`, `suffer` or `reward`, whose bodies combine `call`s with `all`, `seq`,
`choice`, `may` and `not`. A `choice` or `may` is a decision of the player, so an option is
expanded into its *variants* (one per way of resolving those decisions, in written order);
every variant is then plain lists of closures. A clause marked `everyone` goes to the
`each_*` lists: the engine plays it once per player, with that player's group alone.
An option with a `suffer` clause is a negative action. Anything the engine cannot play
(an unknown node, `not` outside a requirement, a trigger kind it does not know, a symbol
without an op at its position) raises OpError, which makes the game not playable.
"""

from __future__ import annotations

from itertools import product

from .errors import OpError
from .ops import OpTable

POSITION = {"require": "requirement", "cost": "cost", "suffer": "negative", "reward": "reward"}
TRIGGERS = ("night", "blue", "revealed", "on")
MAX_VARIANTS = 24


class Option:
    """One way of resolving one printed option of a card."""

    __slots__ = ("index", "variant", "text", "negative", "forbid", "dice", "costs", "effects", "symbols",
                 "trigger", "on", "help", "calls", "need_static", "each_need", "each_forbid", "each_dice",
                 "each_costs", "each_effects", "nodes", "everyone", "usable", "full")

    def __init__(self, index: int, variant: int, text: str):
        self.index = index
        self.variant = variant
        self.text = text
        self.negative = False
        self.forbid: list = []           # `not` requirements: each adds to a need that must NOT be met
        self.dice = 0
        self.costs: list = []            # (symbol, pay)
        self.effects: list = []          # (symbol, run): rewards and negative outcomes, in written order
        self.symbols: list[str] = []
        self.trigger: str | None = None  # night | revealed | on
        self.on: str | None = None       # the symbol an `on <symbol>:` option listens for
        self.help = False
        self.calls: list[tuple[str, str, dict]] = []  # (position, symbol, args): for policies and reports
        self.need_static: dict = {}      # requirements are pure, so their closures run once, at compile time
        self.each_need: dict = {}        # `everyone:` requirements, met by each group alone
        self.each_forbid: list = []
        self.each_dice = 0               # `everyone roll N dice`
        self.each_costs: list = []       # `everyone:` costs, paid by each player from their own group
        self.each_effects: list = []     # `everyone:` negative outcomes, suffered by each group
        self.nodes: frozenset = frozenset()  # the IR node kinds this option is made of (for coverage reports)
        self.everyone = False
        self.usable: list = []           # usable(game, ctx) -> bool: what a reward needs to be chosen at all
        self.full: list = []             # full(game, ctx) -> bool: whether its negative outcomes can be suffered in full

    def seal(self) -> None:
        """Fix the derived flags once the option is compiled."""
        self.everyone = bool(self.each_need or self.each_forbid or self.each_dice or self.each_costs or self.each_effects)

    def need(self) -> dict:
        """A fresh copy of what the requirements ask for (skill totals, `tool:<id>`, `res:<name>`)."""
        return dict(self.need_static)


def _alts(node, position, kinds: set):
    """The ways to resolve a clause body: a list of alternatives, each a list of (position, call, negated)."""
    kind = node.get("node") if isinstance(node, dict) else None
    kinds.add(kind)
    if kind == "call":
        return [[(position, node, False)]]
    if kind in ("all", "seq"):
        out = [[]]
        for item in node["items"]:
            out = [a + b for a, b in product(out, _alts(item, position, kinds))][:MAX_VARIANTS]
        return out
    if kind == "choice":
        return [a for item in node["items"] for a in _alts(item, position, kinds)][:MAX_VARIANTS]
    if kind == "may":
        return _alts(node["item"], position, kinds) + [[]]
    if kind == "not":
        if position != "requirement":
            raise OpError(f"`not` in a {position} clause has no runtime meaning")
        return [[(p, c, not neg) for p, c, neg in alt] for alt in _alts(node["item"], position, kinds)]
    if kind == "unstated":
        raise OpError("a part of it is not stated in the rulebooks (`...`); a pack may fill it in")
    raise OpError(f"IR node `{kind}` has no runtime implementation")


def compile_option(index: int, text: str, ir: dict, ops: OpTable) -> list[Option]:
    """Compile one printed option into its variants; raises OpError naming what the engine cannot play."""
    per_clause = []
    dice = each_dice = 0
    negative = False
    kinds = {"option"}
    for cl in ir.get("clauses", []):
        k = cl.get("kind")
        each = bool(cl.get("everyone"))
        kinds.add("clause:" + str(k) + (":everyone" if each else ""))
        if k == "roll":
            if each:
                each_dice += int(cl.get("dice") or 0)
            else:
                dice += int(cl.get("dice") or 0)
            continue
        if k not in POSITION:
            raise OpError(f"clause kind `{k}` has no runtime implementation")
        if each and k == "reward":
            raise OpError("an `everyone:` reward has no runtime meaning")
        negative = negative or k == "suffer"
        per_clause.append([[(pos, call, neg, each) for pos, call, neg in alt] for alt in _alts(cl["body"], POSITION[k], kinds)])
    trig = ir.get("trigger") or {}
    tkind = trig.get("kind")
    on = None
    if trig:
        if tkind not in TRIGGERS:
            raise OpError(f"trigger `{tkind}` has no runtime implementation")
        kinds.add("trigger:" + tkind)
        if tkind == "on":
            call = trig.get("call") or {}
            on = call.get("symbol")
            if on not in ops.symbols:
                raise OpError(f"trigger `on {on}` listens for a symbol the engine does not play")
            if call.get("args"):
                raise OpError(f"trigger `on {on}` with arguments has no runtime implementation")
    variants = [[]]
    for alts in per_clause:
        variants = [a + b for a, b in product(variants, alts)][:MAX_VARIANTS]
    out = []
    for v, calls in enumerate(variants):
        opt = Option(index, v, text)
        opt.dice = dice
        opt.each_dice = each_dice
        opt.negative = negative
        opt.trigger = tkind
        opt.on = on
        opt.nodes = frozenset(k for k in kinds if k)
        for position, call, negated, each in calls:
            sym = call["symbol"]
            args = call.get("args") or {}
            play = ops.compile(sym, position, args)
            fn = play.run
            opt.help = opt.help or play.help  # an op may mark its option (avoidable dangers)
            if play.usable is not None:  # a reward that cannot be taken in some states closes its option
                opt.usable.append(play.usable)
            opt.symbols.append(sym)
            opt.calls.append((position, sym, args))
            if position == "requirement":
                if negated:
                    (opt.each_forbid if each else opt.forbid).append(fn)
                else:
                    fn(opt.each_need if each else opt.need_static)
                    if play.effect is not None:  # a requirement that also acts once met (perform ritual)
                        if each:
                            raise OpError(f"`everyone:` with `{sym}` has no runtime meaning")
                        opt.effects.append((sym, play.effect))
            elif position == "cost":
                (opt.each_costs if each else opt.costs).append((sym, fn))
            else:
                (opt.each_effects if each else opt.effects).append((sym, fn))
                if play.full is not None and not each:
                    opt.full.append(play.full)
        opt.seal()
        out.append(opt)
    return out
