"""Paleo's state helpers, used by the ops and the base system: resources, tools, people, wounds, skulls, decks."""

from __future__ import annotations

from ...rng import Rng

SKILLS = ("strength", "awareness", "craftsmanship")


class Ctx:
    """The resolution an op acts for: who resolves (player), who helps, which card and kind of resolution.

    `each` is true while an `everyone:` clause is played for one player with their own group alone.
    """

    __slots__ = ("player", "helpers", "card", "kind", "new", "each", "dest")

    def __init__(self, player, helpers, card, kind, each: bool = False):
        self.player = player
        self.helpers = helpers
        self.card = card
        self.kind = kind
        self.new: list = []
        self.each = each
        self.dest = None  # where the resolved card goes when it is finished, if an option says (the stable, …)

    @property
    def players(self) -> list:
        if self.player is None:
            return []
        return [self.player, *self.helpers]

    def alone(self, p: int) -> "Ctx":
        """The same resolution for player `p`'s group alone (an `everyone:` clause); new decisions go to this ctx."""
        c = Ctx(p, [], self.card, self.kind, each=True)
        c.new = self.new
        return c




def ctx_players(g, ctx: Ctx):
    return ctx.players if ctx.player is not None else range(g.s["players"])


def name(g, iid: int) -> str:
    return g.rules.name(g.s["cards"][iid])


# ------------------------------------------------------------------ skills, tools, resources
def skill_bonus(g, skill: str, n: int, ctx: Ctx) -> None:
    p = str(ctx.player if ctx.player is not None else 0)
    b = g.s["bonus"].setdefault(p, {})
    b[skill] = b.get(skill, 0) + n
    g.event("skill-bonus", player=int(p), skill=skill, n=n)


def group_skills(g, players) -> dict:
    tot = dict.fromkeys(SKILLS, 0)
    cards, persons = g.s["cards"], g.rules.persons
    bonus = g.s["bonus"]
    z = g.s["z"]
    dreaming = g.s.get("dreaming") or ()
    tool_skills = g.rules.tool_skills
    for p in players:
        for k, v in bonus.get(str(p), {}).items():
            tot[k] += v
        for iid in z[f"group/{p}"]:
            if iid in dreaming:  # a person in the dream world has no effect on the game
                continue
            st = persons.get(cards[iid])
            if st:
                for k in SKILLS:
                    tot[k] += st[k]
        if tool_skills:  # tools that add a skill for as long as the group keeps them (bow & arrow, …)
            for t, k in g.s["tools"][p].items():
                for sk, v in tool_skills.get(t, {}).items():
                    tot[sk] += v * k
    return tot


def need_met(g, need: dict, players) -> bool:
    if not need:
        return True
    tot = group_skills(g, players)
    s = g.s
    for k, n in need.items():
        if k in tot:
            if tot[k] < n:
                return False
        elif k.startswith("tool:"):
            built = s.get("built")
            if built is not None and k[5:] in built:  # `have hut`: an expansion token built on the farm
                if built[k[5:]] < n:
                    return False
                continue
            tool = g.rules.tool_id(k[5:])
            if sum(s["tools"][p].get(tool, 0) for p in players) < n:
                return False
        elif k.startswith("res:"):
            if s["res"].get(k[4:], 0) < n:
                return False
        else:
            check = NEED_CHECKS.get(k.partition(":")[0])
            if check is None or not check(g, k.partition(":")[2], n, players):
                return False
    return True


NEED_CHECKS: dict = {}
"""Requirement keys `<prefix>:<what>` other systems add: prefix -> check(game, what, n, players) -> bool.
A key no check knows is never met (the op that wrote it makes its option unplayable)."""


def tools_available(g, tool: str, ctx: Ctx) -> int:
    tool = g.rules.tool_id(tool)
    return sum(g.s["tools"][p].get(tool, 0) for p in ctx_players(g, ctx))


def spend_tool(g, tool: str, ctx: Ctx) -> None:
    tool = g.rules.tool_id(tool)
    s = g.s
    for p in ctx_players(g, ctx):
        if s["tools"][p].get(tool, 0) > 0:
            s["tools"][p][tool] -= 1
            if not s["tools"][p][tool]:
                del s["tools"][p][tool]
            if tool in s["supply"]:
                s["supply"][tool] += 1
            g.event("tool-spent", player=p, tool=tool)
            g.bus("after", "tool-spent", (p, tool))
            return
    raise AssertionError(f"no {tool} to spend")


def gain_tool(g, tool: str, player, ctx) -> None:
    tool = g.rules.tool_id(tool)
    if player is None:
        player = 0
    if ctx is not None and ctx.helpers and ctx.kind in g.rules.shared_kinds:
        # helpers may share the rewards: the group decides who takes the tool
        ctx.new.append({"k": "share", "what": "tool", "tool": tool, "players": ctx.players, "decider": player})
        return
    sup = g.s["supply"]
    if tool in sup:
        if sup[tool] <= 0:
            g.event("tool-unavailable", player=player, tool=tool)
            return
        sup[tool] -= 1
    t = g.s["tools"][player]
    t[tool] = t.get(tool, 0) + 1
    g.event("tool-gained", player=player, tool=tool)
    g.bus("after", "tool", (player, tool))


def gain_resource(g, res: str, n: int, ctx) -> None:
    have = g.s["res"].get(res, 0)
    cap = g.rules.res_stock.get(res)
    if cap is not None and have + n > cap:  # a limited supply (grain, obsidian) gives what it has left
        g.event("supply-short", resource=res, wanted=n, left=cap - have)
        n = cap - have
    if n <= 0:
        return
    g.s["res"][res] = have + n
    g.event("gain", resource=res, n=n)


def lose_resource(g, res: str, n: int, ctx) -> None:
    if n <= 0:
        return
    have = g.s["res"].get(res, 0)
    if have < n:
        raise AssertionError(f"paying {n} {res} with {have}")
    g.s["res"][res] = have - n
    g.event("pay", resource=res, n=n)


# ------------------------------------------------------------------ decks, wounds, people
def discard_from_deck(g, player: int, n: int, ctx: Ctx, cost: bool = True) -> None:
    """Discard the top `n` cards face down; paying a cost, each red back wounds (the rulebook ties
    the wounds to costs: a negative outcome that discards does not add them)."""
    s = g.s
    deck = s["z"][f"deck/{player}"]
    red = 0
    taken = 0
    ids = []
    for _ in range(min(n, len(deck))):
        iid = deck.pop()
        s["z"]["discard-down"].append(iid)
        taken += 1
        ids.append(iid)
        if g.rules.is_red_back(s["cards"][iid]):  # "cards with red backs", not skull fronts
            red += 1
    g.event("discard", player=player, n=taken, red=red, cost=cost)
    if red and cost:
        queue_wounds(g, red, ctx)
    g.bus("after", "discard", (player, ids, cost))


def queue_wounds(g, n: int, ctx: Ctx) -> None:
    if n <= 0:
        return
    players = ctx.players if ctx.player is not None else list(range(g.s["players"]))
    decider = ctx.player if ctx.player is not None else 0
    item = {"k": "wound", "n": n, "players": players, "decider": decider}
    if g.by:
        item["by"] = g.by
    ctx.new.append(item)


def queue_craft(g, ctx: Ctx, tool: str | None = None) -> None:
    p = ctx.player if ctx.player is not None else 0
    ctx.new.append({"k": "craft", "player": p, "helpers": list(ctx.helpers), "tool": tool})


def add_skulls(g, n: int, cause: str, ctx=None) -> None:
    # the night board has room up to the 5th skull, and the 5th ends the game: no more are placed
    n = max(0, min(n, skull_limit(g) - g.s["skulls"]))
    if n:
        g.s["skulls"] += n
        g.event("skull", n=n, cause=cause, total=g.s["skulls"])


def add_victory(g, n: int, ctx=None) -> None:
    if getattr(g.rules, "victory_removes_skull", False):  # module R: each token takes a skull off instead
        k = min(n, g.s["skulls"])
        g.s["skulls"] -= k
        g.event("victory-as-skull", n=n, removed=k, total=g.s["skulls"])
        return
    n = max(0, min(n, g.rules.victory_target - g.s["victory"]))
    if n:
        g.s["victory"] += n
        g.event("victory", n=n, total=g.s["victory"])


def draw_support(g, zone: str, ctx: Ctx) -> None:
    p = ctx.player if ctx.player is not None else 0
    z = g.s["z"]
    if not z[zone]:
        g.event("deck-empty", deck=zone)
        return
    if zone == "people":
        if ctx is not None and ctx.helpers and ctx.kind in g.rules.shared_kinds:
            ctx.new.append({"k": "share", "what": "person", "players": ctx.players, "decider": p})
            return
        join_person(g, p, ctx)
    elif zone == "dreams":
        pick = getattr(g.rules, "dream_pick", None)  # module Q's Deep Sleep takes the next marked dream
        iid = (pick(g, ctx) if pick is not None else None) or z["dreams"][-1]
        g.move(iid, "dreams", f"deck/{p}")
        g.event("dream", player=p)
        if g.s["asleep"][p] and g.s["phase"] == "day":  # (a new person's dream on a sleeper's deck) a card to play
            g.s["asleep"][p] = False
            g.event("wakes", player=p)
    else:
        iid = z["ideas"][-1]
        g.move(iid, "ideas", "workbench")
        g.event("idea", card=g.s["cards"][iid])


def join_person(g, p: int, ctx, tools: bool = True) -> None:
    """The top person card joins group `p`; with `tools`, the group takes what the card shows at once
    (a setup in which people are swapped first takes them later, `person_arrives`)."""
    z = g.s["z"]
    if not z["people"]:
        g.event("deck-empty", deck="people")
        return
    iid = z["people"][-1]
    g.move(iid, "people", f"group/{p}")
    g.event("person-joins", player=p, card=g.s["cards"][iid])
    if tools:
        person_arrives(g, p, iid, ctx)


def person_arrives(g, p: int, iid: int, ctx) -> None:
    """Group `p` takes the tools shown on person `iid`, and the systems hear that the person joined."""
    for tool in (g.rules.persons.get(g.s["cards"][iid]) or {}).get("tools", []):
        gain_tool(g, tool, p, ctx)
    g.bus("after", "join", (p, iid))


def reveal_secret(g, number: int, ctx: Ctx) -> None:
    """The next secret with that number, searched from the top of the stack: copies with the same back
    stay where they are (Path of the Elders' identical backs; one match is the same with a single copy)."""
    for sys_ in g.layout.systems:  # a system that places this secret itself (module X: the sun symbol)
        if sys_.reveal_secret(g, number, ctx):
            return
    p = ctx.player if ctx.player is not None else 0
    z = g.s["z"]
    num = g.rules.secret_number
    for iid in reversed(z["secrets"]):
        if num(g.s["cards"][iid]) == number:
            if number in g.rules.resolve_at_once:  # a text says this secret is resolved as soon as it is revealed
                g.move(iid, "secrets", "resolving-now")
                g.event("secret", player=p, number=number, at_once=True)
                ctx.new.append({"k": "now", "card": iid, "player": p})
                return
            g.move(iid, "secrets", f"deck/{p}")
            g.event("secret", player=p, number=number)
            return
    g.event("secret-unavailable", number=number)


def skull_limit(g) -> int:
    """The skull that loses the game: the fifth, or later when a system says (a developed cult: the sixth)."""
    n = g.rules.skull_limit
    for sys_ in g.layout.systems:
        n += sys_.more_skulls(g)
    return n


def wound_person(g, iid: int) -> None:
    s = g.s
    owner = next(p for p in range(s["players"]) if iid in s["z"][f"group/{p}"])
    hearts = g.rules.persons[s["cards"][iid]]["hearts"]
    w = s["wounds"].get(str(iid), 0)
    if w < hearts:
        s["wounds"][str(iid)] = w + 1
        g.event("wound", player=owner, card=s["cards"][iid], wounds=w + 1)
        return
    s["wounds"].pop(str(iid), None)
    g.move(iid, f"group/{owner}", "cemetery")
    g.event("death", player=owner, card=s["cards"][iid])
    add_skulls(g, 1, "death")
    dreaming = s.get("dreaming") or ()
    if all(i in dreaming for i in s["z"][f"group/{owner}"]):  # no one left awake (or at all): a new person comes
        join_person(g, owner, None)


def roll(g, n: int) -> list:
    s = g.s
    faces = []
    rng = None
    for _ in range(n):
        if s["forced_dice"]:
            faces.append(s["forced_dice"].pop(0))
            continue
        if rng is None:
            rng = Rng(s["rng"])
        df = g.rules.die_faces or [None]
        f = df[rng.below(len(df))]
        faces.append(f"{f[0]} {f[1]}" if f else "blank")
    if rng is not None:
        s["rng"] = rng.state
    return faces


def check_end(g) -> bool:
    s, r = g.s, g.rules
    limit = skull_limit(g)
    for sys_ in g.layout.systems:  # another way to win at once (module R: every human rescued)
        cause = sys_.won(g)
        if cause:
            g.by = sys_.won_rule or g.by
            g.end("win", cause, tie=s["skulls"] >= limit)
            return True
    if s["victory"] < r.victory_target and s["skulls"] < limit:
        return False
    g.by = "rule:paleo/end"
    win = s["victory"] >= r.victory_target
    loss = s["skulls"] >= limit
    if win and loss:
        g.end("win" if r.tie_result == "win" else "loss", "5th victory token and 5th skull in the same action", tie=True)
    elif win:
        g.end("win", "cave painting complete")
    elif loss:
        g.end("loss", "skull limit reached")
    return s["outcome"] is not None
