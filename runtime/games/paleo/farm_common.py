"""What every op module of A New Beginning shares: the farm's op table, and the helpers an op or a decision
uses to read its player, queue the decisions its sub-actions open, and fire the hooks of a symbol it performs.

Ops follow `ops.py`: registered in `OPS` by (symbol, position), compiled per clause use. An op that needs a
player's choice queues a decision on `ctx.new`; the decision's `apply` plays the choice and fires the symbol
hooks (`on <symbol>:` options and farm tokens) for the sub-actions it performs. The table is filled by
`farm_board`, `farm_tokens` and `farm_symbols`, and is complete once `farm_ops` is imported.
"""

from __future__ import annotations

from ...core import OpTable
from . import state as S
from .registry_data import SYMBOLS
from .state import Ctx

OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: A New Beginning's farm and card symbols."""

EXPANSIONS = ("fence", "scythe", "millstone", "hut")


def player_of(ctx) -> int:
    """The player an op plays for: the ctx's, or player 0 when it has none."""
    return ctx.player if ctx.player is not None else 0


def players_of(g, ctx) -> list[int]:
    """The players an op plays for: the ctx's (its player and helpers), or every player when it has none."""
    return list(S.ctx_players(g, ctx))


def perform(g, sym: str, ctx: Ctx) -> None:
    """The hooks of a symbol performed inside a decision (a stable action chosen in an animal action)."""
    if sym not in g.s["used"]:
        g.s["used"].append(sym)
    if ctx.kind == "trigger":
        return  # an option set off by a trigger does not set off further options (interpretation:anb-on-symbol)
    for fn in g.layout.hooks.get(("after", "symbol"), ()):
        fn(g, (sym, ctx))


def item_ctx(item, kind="day") -> Ctx:
    """The ctx a queued decision plays its choice in: its player (or decider) and helpers."""
    kind = "trigger" if item.get("trigger") else kind
    return Ctx(item.get("player", item.get("decider")), list(item.get("helpers") or []), None, kind)


def set_off(ctx) -> dict:
    """What a sub-action's decision keeps of the option that opened it: whether a trigger set that option off."""
    return {"trigger": True} if ctx.kind == "trigger" else {}


def push_new(g, ctx: Ctx) -> None:
    """The decisions the ctx's sub-actions opened go to the front of the queue."""
    g.s["queue"][0:0] = ctx.new
