"""The base game's op table: one implementation per registry symbol and clause position, compiled into closures.

Every op of `OPS` is registered for a (symbol id, position) the registry declares (`runtime.core.ops`) and
takes the call's arguments by the registry's parameter names. The closure's shape depends on the position:

- requirement: `check(need)` adds what the clause asks for to `need`
  (skill totals under the skill name, tools under `tool:<id>`);
- cost: `pay(game, ctx, do) -> bool` says whether the cost can be paid and, when
  `do` is true, pays it;
- reward / negative: `run(game, ctx)` applies the effect (a negative one as far as
  it can: "resolve as much as you can").

`game` is the core `Game`; `ctx` the `state.Ctx` being resolved (acting player, helpers,
card). Ops only touch the state through the helpers of `state` so the zone and counter
invariants hold. A position no op plays makes a card using it not playable, naming the symbol and
position, rather than played wrong. `add_skill`, `add_resource` and `add_tool` register the ops a symbol of
their kind has in any table (the expansions' resources and tools).
"""

from __future__ import annotations

from ...core import OpError, OpTable, Unplayable
from . import state as S
from .registry_data import SYMBOLS

OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: the base game's symbols."""


def add_skill(table: OpTable, skill: str) -> None:
    symbol = f"symbol:{skill}"

    @table.op(symbol, "requirement")
    def need_skill(n=1):
        def check(need):
            need[skill] = need.get(skill, 0) + n
        return check

    if "reward" in table.positions(symbol):
        @table.op(symbol, "reward")
        def skill_bonus(n=1):  # a skill bonus for the rest of this resolution
            def run(g, ctx):
                S.skill_bonus(g, skill, n, ctx)
            return run


def add_resource(table: OpTable, resource: str) -> None:
    symbol = f"symbol:{resource}"

    @table.op(symbol, "reward")
    def gain(n=1):
        def run(g, ctx):
            S.gain_resource(g, resource, n, ctx)
        return run

    @table.op(symbol, "cost")
    def spend(n=1):
        def pay(g, ctx, do):
            if g.s["res"].get(resource, 0) < n:
                return False
            if do:
                S.lose_resource(g, resource, n, ctx)
            return True
        return pay

    @table.op(symbol, "negative")
    def lose(n=1):
        def run(g, ctx):
            S.lose_resource(g, resource, min(n, g.s["res"].get(resource, 0)), ctx)
        return run

    @table.op(symbol, "requirement")
    def need_resource(n=1):
        def check(need):
            need["res:" + resource] = need.get("res:" + resource, 0) + n
        return check


def add_tool(table: OpTable, tool: str) -> None:
    """A tool token's ops (`tool` its symbol id) at the positions the registry declares for it."""
    positions = table.positions(tool)
    if "requirement" in positions:
        @table.op(tool, "requirement")
        def need_tool(n=1):
            def check(need):
                need["tool:" + tool] = need.get("tool:" + tool, 0) + n
            return check

    @table.op(tool, "cost")
    def spend(n=1):
        def pay(g, ctx, do):
            if S.tools_available(g, tool, ctx) < n:
                return False
            if do:
                for _ in range(n):
                    S.spend_tool(g, tool, ctx)
            return True
        return pay

    @table.op(tool, "reward")
    def gain(n=1):
        def run(g, ctx):
            for _ in range(n):
                S.gain_tool(g, tool, ctx.player, ctx)
        return run

    @table.op(tool, "negative")
    def lose(n=1):
        def run(g, ctx):
            for _ in range(n):
                if S.tools_available(g, tool, ctx) == 0:
                    break
                S.spend_tool(g, tool, ctx)
        return run


for _skill in ("strength", "awareness", "craftsmanship"):
    add_skill(OPS, _skill)
for _resource in ("food", "wood", "stone"):
    add_resource(OPS, _resource)
# the rope is a base-game tool too (token:paleo/rope, crafted from the base game's Rope idea), though only
# module T names it: its op is the base game's, so the idea is played in any setup that deals it
for _tool in ("torch", "stone-axe", "spear", "talisman", "tent", "raft", "rope"):
    add_tool(OPS, f"symbol:{_tool}")


@OPS.op("symbol:have", "requirement")
def have(item=None):
    """`have <tool>` (a tool or built expansion of the group), `have token N` (a face-up secret token with the
    group), `have card "X"` (a card kept with the group): requirement keys other systems check."""
    if isinstance(item, str):
        key = "tool:" + item
    elif isinstance(item, dict) and item.get("ref") == "token" and isinstance(item.get("number"), int):
        key = f"token:{item['number']}"
    elif isinstance(item, dict) and item.get("ref") == "card" and isinstance(item.get("name"), str):
        key = "card:" + item["name"]
    else:
        raise Unplayable

    def check(need):
        need[key] = need.get(key, 0) + 1
    return check


@OPS.op("symbol:anyone-has", "requirement")
def anyone_has(item=None):
    """`anyone has card "X"`: some player keeps a card of that title face up with their group (the Curse's
    actions; its `not` form needs nobody to)."""
    if not (isinstance(item, dict) and item.get("ref") == "card" and isinstance(item.get("name"), str)):
        raise Unplayable
    key = "anyone-card:" + item["name"]

    def check(need):
        need[key] = need.get(key, 0) + 1
    return check


KEPT_ZONES = ("group", "night", "kept")  # where a card lies face up with a player's group


def _anyone_card_need(g, what, n, players) -> bool:
    name = what.lower()
    z, cards, r = g.s["z"], g.s["cards"], g.rules
    return sum(1 for p in range(g.s["players"]) for zone in KEPT_ZONES for i in z.get(f"{zone}/{p}", ())
               if r.name(cards[i]).lower() == name) >= n


S.NEED_CHECKS["anyone-card"] = _anyone_card_need


def _named_card(what, symbol: str) -> str:
    if not (isinstance(what, dict) and what.get("ref") == "card" and isinstance(what.get("name"), str)):
        raise OpError(f"`{symbol}` needs a card named in quotes")
    return what["name"].lower()


@OPS.op("symbol:return-to-secrets", "reward")
def return_to_secrets(what=None):
    """The named card leaves whichever group keeps it face up, helping or not, for the bottom of the secret deck,
    from where a reveal of its number finds it again (Dark Power; interpretation:anb-artifact-kept)."""
    name = _named_card(what, "symbol:return-to-secrets")

    def run(g, ctx):
        s, r = g.s, g.rules
        for p in range(s["players"]):
            for zone in (f"{k}/{p}" for k in KEPT_ZONES):
                for i in [i for i in s["z"].get(zone, ()) if r.name(s["cards"][i]).lower() == name]:
                    g.event("to-secrets", player=p, card=s["cards"][i])
                    g.move(i, zone, "secrets", top=False)
    return run


def _mark(mark, symbol: str) -> str:
    if not (isinstance(mark, dict) and mark.get("ref") == "mark" and isinstance(mark.get("name"), str)):
        raise OpError(f"`{symbol}` needs a card mark in quotes")
    return mark["name"]


def _marked(g, iid: int, mark: str) -> bool:
    return mark in ((g.rules.cards.get(g.s["cards"][iid]) or {}).get("marks") or ())


@OPS.op("symbol:cards-with-mark", "requirement")
def cards_with_mark(n=1, mark=None):
    """`n cards with mark "X"`: the decks of the resolving groups hold that many cards printed with the mark
    (module X's white hand; interpretation:pote-x-white-hand)."""
    key = "mark-cards:" + _mark(mark, "symbol:cards-with-mark")

    def check(need):
        need[key] = need.get(key, 0) + n
    return check


def _mark_cards_need(g, mark, n, players) -> bool:
    z = g.s["z"]
    return sum(1 for p in players for i in z[f"deck/{p}"] if _marked(g, i, mark)) >= n


S.NEED_CHECKS["mark-cards"] = _mark_cards_need


def _next_marked(g, p: int, mark: str) -> int | None:
    return next((i for i in reversed(g.s["z"][f"deck/{p}"]) if _marked(g, i, mark)), None)  # the end is the top


def _remove_marked(g, p: int, iid: int) -> None:
    g.event("remove-marked", player=p, card=g.s["cards"][iid])
    g.move(iid, f"deck/{p}", "cemetery")


@OPS.op("symbol:remove-card-with-mark", "cost")
def remove_marked_cost(mark=None):
    """The next card printed with the mark goes from the payer's deck to the graveyard; payable only with one there."""
    name = _mark(mark, "symbol:remove-card-with-mark")

    def pay(g, ctx, do):
        p = 0 if ctx.player is None else ctx.player
        iid = _next_marked(g, p, name)
        if iid is None:
            return False
        if do:
            _remove_marked(g, p, iid)
        return True
    return pay


def _remove_marked_effect(mark=None):
    name = _mark(mark, "symbol:remove-card-with-mark")

    def run(g, ctx):
        p = 0 if ctx.player is None else ctx.player
        iid = _next_marked(g, p, name)
        if iid is not None:
            _remove_marked(g, p, iid)
    return run


OPS.op("symbol:remove-card-with-mark", "reward", "negative")(_remove_marked_effect)


OPS.trigger("symbol:dice-rolled")


@OPS.op("symbol:reroll", "reward")
def reroll(n=1):
    """Within an `on dice rolled:` trigger: up to `n` of the dice just rolled may be rolled again, one at a time,
    none of them twice (the Artifact). Anywhere else there are no dice waiting to be checked, and nothing happens."""
    def run(g, ctx):
        if ctx.player is not None and any(it["k"] == "roll-check" for it in g.s["queue"]):
            ctx.new.append({"k": "reroll", "player": ctx.player, "left": n})
    return run


@OPS.op("symbol:discard", "cost")
def discard_cost(n=1):
    def pay(g, ctx, do):
        if ctx.player is None or len(g.s["z"][f"deck/{ctx.player}"]) < n:
            return False
        if do:
            S.discard_from_deck(g, ctx.player, n, ctx)
        return True
    return pay


@OPS.op("symbol:discard", "negative")
def discard(n=1):
    def run(g, ctx):
        if ctx.player is not None:
            S.discard_from_deck(g, ctx.player, n, ctx, cost=False)
    return run


# The symbol printed on volcano cards restates module R's rule: each volcano card discarded face down to pay for an
# action brings a skull, which module R plays on every such discard. Written into an option it is a discard of one
# card from the deck (interpretation:anb-volcano-symbol): as a cost the rule then applies to a volcano card among
# them; as a negative outcome nothing is paid, so no skull follows. Without module R there are no volcano cards.
@OPS.op("symbol:discard-volcano-cards", "cost")
def volcano_cost():
    return discard_cost(1)


@OPS.op("symbol:discard-volcano-cards", "negative")
def volcano_negative():
    return discard(1)


@OPS.op("symbol:wound", "negative")
def wound(n=1):
    def run(g, ctx):
        S.queue_wounds(g, n, ctx)
    return run


@OPS.op("symbol:wound", "cost")
def wound_cost(n=1):
    def pay(g, ctx, do):
        if do:
            S.queue_wounds(g, n, ctx)
        return True
    return pay


@OPS.op("symbol:skull", "negative")
def skull(n=1):
    def run(g, ctx):
        S.add_skulls(g, n, "card", ctx)
    return run


@OPS.op("symbol:victory-token", "reward")
def victory(n=1):
    def run(g, ctx):
        S.add_victory(g, n, ctx)
    return run


def _add_draw(zone: str, symbol: str) -> None:
    @OPS.op(symbol, "reward")
    def draw(n=1):
        def run(g, ctx):
            for _ in range(n):
                S.draw_support(g, zone, ctx)
        return run


_add_draw("people", "symbol:new-person")
_add_draw("dreams", "symbol:dream")
_add_draw("ideas", "symbol:idea")


@OPS.op("symbol:reveal-secret", "reward", "negative")
def reveal_secret(secret=None):
    number = secret.get("number") if isinstance(secret, dict) else secret
    if not isinstance(number, int):
        raise OpError("`symbol:reveal-secret` needs a secret number")

    def run(g, ctx):
        S.reveal_secret(g, number, ctx)
    return run


@OPS.op("symbol:craft", "reward")
def craft(tool=None):
    def run(g, ctx):
        S.queue_craft(g, ctx, tool)
    return run


# As a reward, `help` marks an avoidable danger: the engine then offers the help actions
# (the base system reads `Option.help`). As a cost it is the turn's help action: the option is
# offered to a player free to help, who spends their help action on it (`BaseSystem.help_extras`).
@OPS.op("symbol:help", "reward", help=True)
def help_danger():
    def run(g, ctx):
        raise AssertionError("a help option is never resolved: it opens the help actions")
    return run


@OPS.op("symbol:help", "cost")
def help_action():
    def pay(g, ctx, do):
        return ctx.kind == "help"  # paid by the help action the player spends on it
    return pay
