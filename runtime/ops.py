"""The op table: one implementation per registry symbol, compiled into closures per clause position.

Every entry of `OPS` maps a symbol id to a factory `f(position, args) -> closure`.
The closure's shape depends on the clause position it was compiled for:

- requirement: `check(need)` adds what the clause asks for to `need`
  (skill totals under the skill name, tools under `tool:<id>`);
- cost: `pay(game, ctx, do) -> bool` says whether the cost can be paid and, when
  `do` is true, pays it;
- reward / negative: `run(game, ctx)` applies the effect (a negative one as far as
  it can: "resolve as much as you can").

`game` is the `runtime.engine.Game`; `ctx` the `Resolution` being resolved (acting
player, helpers, card). Ops only touch the state through the game's helpers so the
zone and counter invariants hold.
"""

from __future__ import annotations

SKILLS = ("strength", "awareness", "craftsmanship")


class OpError(Exception):
    """A symbol is used in a position or with arguments its implementation does not support."""


def _n(args: dict, default: int = 1) -> int:
    for k in ("n", "count", "amount", "number"):
        v = args.get(k)
        if isinstance(v, int):
            return v
    return default


def _unsupported(symbol, position):
    raise OpError(f"`{symbol}` has no runtime meaning as a {position}")


def skill_op(skill):
    symbol = f"symbol:{skill}"

    def factory(position, args):
        n = _n(args)
        if position == "requirement":
            def check(need, n=n):
                need[skill] = need.get(skill, 0) + n
            return check
        if position == "reward":  # a skill bonus for the rest of this resolution
            def run(g, ctx, n=n):
                g.skill_bonus(skill, n, ctx)
            return run
        if position == "cost":  # giving up skill: the group must have it to give
            def pay(g, ctx, do, n=n):
                return g.group_skills(g.ctx_players(ctx))[skill] >= n
            return pay
        _unsupported(symbol, position)
    return factory


def resource_op(resource):
    symbol = f"symbol:{resource}"

    def factory(position, args):
        n = _n(args)
        if position == "reward":
            def run(g, ctx, n=n):
                g.gain_resource(resource, n, ctx)
            return run
        if position == "cost":
            def pay(g, ctx, do, n=n):
                if g.s["res"].get(resource, 0) < n:
                    return False
                if do:
                    g.lose_resource(resource, n, ctx)
                return True
            return pay
        if position == "negative":
            def lose(g, ctx, n=n):
                g.lose_resource(resource, min(n, g.s["res"].get(resource, 0)), ctx)
            return lose
        if position == "requirement":
            def check(need, n=n):
                need["res:" + resource] = need.get("res:" + resource, 0) + n
            return check
        _unsupported(symbol, position)
    return factory


def tool_op(tool_symbol):
    def factory(position, args):
        n = _n(args)
        tool = tool_symbol
        if position == "requirement":
            def check(need):
                need["tool:" + tool] = need.get("tool:" + tool, 0) + n
            return check
        if position == "cost":
            def pay(g, ctx, do):
                if g.tools_available(tool, ctx) < n:
                    return False
                if do:
                    for _ in range(n):
                        g.spend_tool(tool, ctx)
                return True
            return pay
        if position == "reward":
            def run(g, ctx):
                for _ in range(n):
                    g.gain_tool(tool, ctx.player, ctx)
            return run
        if position == "negative":
            def lose(g, ctx):
                for _ in range(n):
                    if g.tools_available(tool, ctx) == 0:
                        break
                    g.spend_tool(tool, ctx)
            return lose
        _unsupported(tool_symbol, position)
    return factory


def have_op(position, args):
    item = args.get("item")
    if position != "requirement" or not isinstance(item, str):
        _unsupported("symbol:have", position)

    def check(need):
        need["tool:" + item] = need.get("tool:" + item, 0) + 1
    return check


def discard_op(position, args):
    n = _n(args)
    if position == "cost":
        def pay(g, ctx, do):
            if ctx.player is None or len(g.s["z"][f"deck/{ctx.player}"]) < n:
                return False
            if do:
                g.discard_from_deck(ctx.player, n, ctx)
            return True
        return pay
    if position == "negative":
        def run(g, ctx):
            if ctx.player is not None:
                g.discard_from_deck(ctx.player, n, ctx, cost=False)
        return run
    _unsupported("symbol:discard", position)


def wound_op(position, args):
    n = _n(args)

    def run(g, ctx):
        g.queue_wounds(n, ctx)
    if position == "negative":
        return run
    if position == "cost":
        def pay(g, ctx, do):
            if do:
                run(g, ctx)
            return True
        return pay
    _unsupported("symbol:wound", position)


def skull_op(position, args):
    n = _n(args)
    if position == "negative":
        def run(g, ctx):
            g.add_skulls(n, "card", ctx)
        return run
    _unsupported("symbol:skull", position)


def victory_op(position, args):
    n = _n(args)
    if position == "reward":
        def run(g, ctx):
            g.add_victory(n, ctx)
        return run
    _unsupported("symbol:victory-token", position)


def _draw_op(zone, symbol):
    def factory(position, args):
        n = _n(args)
        if position == "reward":
            def run(g, ctx):
                for _ in range(n):
                    g.draw_support(zone, ctx)
            return run
        _unsupported(symbol, position)
    return factory


def secret_op(position, args):
    ref = args.get("secret")
    number = ref.get("number") if isinstance(ref, dict) else ref
    if not isinstance(number, int):
        raise OpError("`symbol:reveal-secret` needs a secret number")
    if position in ("reward", "negative"):
        def run(g, ctx):
            g.reveal_secret(number, ctx)
        return run
    _unsupported("symbol:reveal-secret", position)


def craft_op(position, args):
    tool = args.get("tool")
    if position == "reward":
        def run(g, ctx):
            g.queue_craft(ctx, tool)
        return run
    _unsupported("symbol:craft", position)


def help_op(position, args):
    # An option with `help` is resolved by helping another player (avoidable dangers); the
    # engine offers help actions for it, so the call itself only marks the option.
    if position == "cost":
        def pay(g, ctx, do):
            return True
        return pay
    if position == "reward":
        def run(g, ctx):
            g.event("help-symbol", player=ctx.player)
        return run
    _unsupported("symbol:help", position)


OPS = {
    "symbol:strength": skill_op("strength"),
    "symbol:awareness": skill_op("awareness"),
    "symbol:craftsmanship": skill_op("craftsmanship"),
    "symbol:food": resource_op("food"),
    "symbol:wood": resource_op("wood"),
    "symbol:stone": resource_op("stone"),
    "symbol:torch": tool_op("symbol:torch"),
    "symbol:stone-axe": tool_op("symbol:stone-axe"),
    "symbol:spear": tool_op("symbol:spear"),
    "symbol:talisman": tool_op("symbol:talisman"),
    "symbol:tent": tool_op("symbol:tent"),
    "symbol:raft": tool_op("symbol:raft"),
    "symbol:have": have_op,
    "symbol:discard": discard_op,
    "symbol:wound": wound_op,
    "symbol:skull": skull_op,
    "symbol:victory-token": victory_op,
    "symbol:new-person": _draw_op("people", "symbol:new-person"),
    "symbol:dream": _draw_op("dreams", "symbol:dream"),
    "symbol:idea": _draw_op("ideas", "symbol:idea"),
    "symbol:reveal-secret": secret_op,
    "symbol:craft": craft_op,
    "symbol:help": help_op,
}
"""Symbol id -> factory(position, args) -> closure: the base game's symbols."""


def missing_ops(bundle: dict, game: str | None = None) -> list[str]:
    """Symbol ids of the bundle (optionally only those of one game) without an implementation."""
    out = []
    for sym in bundle.get("symbols") or []:
        sid = sym.get("id")
        games = sym.get("games") or []
        if game is not None and games and game not in games:
            continue
        if sid not in OPS:
            out.append(sid)
    return sorted(out)
