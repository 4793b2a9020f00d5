"""The op table: one implementation per registry symbol, compiled into closures per clause position.

Every entry of `OPS` maps a symbol id to a factory `f(position, args) -> closure`.
The closure's shape depends on the clause position it was compiled for:

- requirement: `check(need)` adds what the clause asks for to `need`
  (skill totals under the skill name, tools under `tool:<id>`);
- cost: `pay(game, ctx, do) -> bool` says whether the cost can be paid and, when
  `do` is true, pays it;
- reward / negative: `run(game, ctx)` applies the effect (a negative one as far as
  it can: "resolve as much as you can").

`game` is the core `Game`; `ctx` the `state.Ctx` being resolved (acting player, helpers,
card). Ops only touch the state through the helpers of `state` so the zone and counter
invariants hold. A position an op does not play raises OpError: the game is then not
playable, naming the symbol and position, rather than played wrong.
"""

from __future__ import annotations

from ...core import OpError
from . import state as S


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
                S.skill_bonus(g, skill, n, ctx)
            return run
        _unsupported(symbol, position)
    return factory


def resource_op(resource):
    symbol = f"symbol:{resource}"

    def factory(position, args):
        n = _n(args)
        if position == "reward":
            def run(g, ctx, n=n):
                S.gain_resource(g, resource, n, ctx)
            return run
        if position == "cost":
            def pay(g, ctx, do, n=n):
                if g.s["res"].get(resource, 0) < n:
                    return False
                if do:
                    S.lose_resource(g, resource, n, ctx)
                return True
            return pay
        if position == "negative":
            def lose(g, ctx, n=n):
                S.lose_resource(g, resource, min(n, g.s["res"].get(resource, 0)), ctx)
            return lose
        def check(need, n=n):  # the requirement: a clause's position is one of these four
            need["res:" + resource] = need.get("res:" + resource, 0) + n
        return check
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
                if S.tools_available(g, tool, ctx) < n:
                    return False
                if do:
                    for _ in range(n):
                        S.spend_tool(g, tool, ctx)
                return True
            return pay
        if position == "reward":
            def run(g, ctx):
                for _ in range(n):
                    S.gain_tool(g, tool, ctx.player, ctx)
            return run
        def lose(g, ctx):  # the negative action: a clause's position is one of these four
            for _ in range(n):
                if S.tools_available(g, tool, ctx) == 0:
                    break
                S.spend_tool(g, tool, ctx)
        return lose
    return factory


def have_op(position, args):
    """`have <tool>` (a tool or built expansion of the group), `have token N` (a face-up secret token with the
    group), `have card "X"` (a card kept with the group): requirement keys other systems check."""
    item = args.get("item")
    if position != "requirement":
        _unsupported("symbol:have", position)
    if isinstance(item, str):
        key = "tool:" + item
    elif isinstance(item, dict) and item.get("ref") == "token" and isinstance(item.get("number"), int):
        key = f"token:{item['number']}"
    elif isinstance(item, dict) and item.get("ref") == "card" and isinstance(item.get("name"), str):
        key = "card:" + item["name"]
    else:
        _unsupported("symbol:have", position)

    def check(need):
        need[key] = need.get(key, 0) + 1
    return check


def discard_op(position, args):
    n = _n(args)
    if position == "cost":
        def pay(g, ctx, do):
            if ctx.player is None or len(g.s["z"][f"deck/{ctx.player}"]) < n:
                return False
            if do:
                S.discard_from_deck(g, ctx.player, n, ctx)
            return True
        return pay
    if position == "negative":
        def run(g, ctx):
            if ctx.player is not None:
                S.discard_from_deck(g, ctx.player, n, ctx, cost=False)
        return run
    _unsupported("symbol:discard", position)


def wound_op(position, args):
    n = _n(args)

    def run(g, ctx):
        S.queue_wounds(g, n, ctx)
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
            S.add_skulls(g, n, "card", ctx)
        return run
    _unsupported("symbol:skull", position)


def victory_op(position, args):
    n = _n(args)
    if position == "reward":
        def run(g, ctx):
            S.add_victory(g, n, ctx)
        return run
    _unsupported("symbol:victory-token", position)


def _draw_op(zone, symbol):
    def factory(position, args):
        n = _n(args)
        if position == "reward":
            def run(g, ctx):
                for _ in range(n):
                    S.draw_support(g, zone, ctx)
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
            S.reveal_secret(g, number, ctx)
        return run
    _unsupported("symbol:reveal-secret", position)


def craft_op(position, args):
    tool = args.get("tool")
    if position == "reward":
        def run(g, ctx):
            S.queue_craft(g, ctx, tool)
        return run
    _unsupported("symbol:craft", position)


def help_op(position, args):
    # As a reward, `help` marks an avoidable danger: the engine then offers the help actions
    # (the base system reads `Option.help`). As a cost it is the turn's help action: the option is
    # offered to a player free to help, who spends their help action on it (`BaseSystem.help_extras`).
    if position == "reward":
        def run(g, ctx):
            raise AssertionError("a help option is never resolved: it opens the help actions")
        run.help = True
        return run
    if position == "cost":
        def pay(g, ctx, do):
            return ctx.kind == "help"  # paid by the help action the player spends on it
        return pay
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
