"""Path of the Elders' Cult Site as a system: the cult deck and the display at the three altars, the cult tools,
the altar symbols, the night check and module V.

The board switches the system on (`board:cult-site`, which levels I to III include). Its symbols are played by
an always-on op system, `CultOps`: without the Cult Site an option that needs it cannot be chosen (the book:
such options are not executable and are ignored), and a negative action that would act on it does nothing.
The rules it plays are cited by `RULES`; readings the rulebook leaves open are interpretation records of the
content, named where they are played.
"""

from __future__ import annotations

from ...core import OpError, OpTable, Play
from ...core import Decision, Field, Listener, Step, Zone
from ...core.actions import Below, Either, Instance, Lit, Seat, Tokens
from ...core.invariants import is_int
from ...rng import Rng
from . import resolve as R
from . import state as S
from .registry_data import SYMBOLS
from .state import Ctx
from .system import PaleoSystem

P = "001_5f1e4d8bf7e7ff1a.txt"
SITE = ["The Cult Site"]
RULES = {
    "rule:cult/setup": (P, ["Setup", "Additional Setup"]),
    "rule:cult/refill": (P, SITE + ["Refilling the Display"]),
    "rule:cult/seek": (P, SITE + ["New Symbols"]),
    "rule:cult/avoid": (P, SITE + ["New Symbols"]),
    "rule:cult/venerate": (P, SITE + ["New Symbols"]),
    "rule:cult/ritual": (P, SITE + ["Rituals and Cult Objects"]),
    "rule:cult/object": (P, SITE + ["Rituals and Cult Objects"]),
    "rule:cult/develop": (P, SITE + ["Rituals and Cult Objects"]),
    "rule:cult/other": (P, SITE + ["Other Symbols"]),
    "rule:cult/night": (P, ["Night Phase"]),
    "rule:cult/tools": (P, ["Cult Tools", "The Cult Tool Tokens"]),
    "rule:cult/tool-symbols": (P, ["Cult Tools", "New Symbols"]),
    "rule:cult/secrets": (P, ["New Secrets"]),
    "rule:cult/star-secrets": (P, ["Cards Marked with *", "Secrets"]),
    "rule:cult/module-v": (P, ["New Modules", "Module V: Path of the Elders (13 cards) – Difficulty: Easy"]),
}
ALTARS = ("forest", "river", "mountain")  # the display, left to right
ZONE = {a: f"altar-{a}" for a in ALTARS}
ALTAR = Lit(*ALTARS)
CULT_DECK = 13
BESIDE = ("card:pote/blood-sacrifice",)  # used beside an action once per turn (Cards Marked with *: Secrets)
CULT_SECRETS = 9  # the secret cards marked with the Cult Site symbol (Card Overview; Additional Setup, step 5)
BOARD = "board:cult-site"
# The cult tool tokens as "The Cult Tool Tokens" states them: (first use, later use).
CULT_TOOLS = {
    "crow": (("awareness", 2), ("awareness", 1)),
    "drum": (("avoid", 2), ("avoid", 1)),
    "horn": (("seek", 2), ("seek", 1)),
    "mask": (("wood", 1), ("secret", 1)),
    "statuette": (("food", 1), ("secret", 1)),
    "amulet": (("stone", 1), ("secret", 1)),
}


def on(g) -> bool:
    """Whether the Cult Site is in play."""
    return "cult-deck" in g.s["z"]


def _p(ctx) -> int:
    return ctx.player if ctx.player is not None else 0


def _top(g, a):
    z = g.s["z"][ZONE[a]]
    return z[0] if z else None


def matches(g, a: str) -> bool:
    """The card at altar `a` has that altar's back (a marked back still counts as its type)."""
    iid = _top(g, a)
    return iid is not None and g.rules.back(g.s["cards"][iid]) == a


def matching(g, what: str) -> list[str]:
    if what == "any":
        return [a for a in ALTARS if matches(g, a)]
    if what == "all":
        return list(ALTARS) if all(matches(g, a) for a in ALTARS) else []
    return [what] if matches(g, what) else []


def _altar_need(g, what, n, players) -> bool:
    return on(g) and bool(matching(g, what))


S.NEED_CHECKS["altar"] = _altar_need


def _altar_arg(sym, a) -> str:
    if a not in ALTARS + ("all", "any"):
        raise OpError(f"`{sym}` needs an altar: forest, river, mountain, all or any")
    return a


def display_cards(g) -> list[int]:
    return [i for a in ALTARS for i in g.s["z"][ZONE[a]]]


def cult_tool_ids(rules) -> dict[str, str]:
    """token id -> the name of its cult tool in CULT_TOOLS."""
    out = {}
    for t in rules.tokens.values():
        if t.get("kind") == "cult-tool":
            out[t["id"]] = t["id"].split("/")[-1]
    return out


def held_by(g, t: str):
    return next((q for q in range(g.s["players"]) if g.s["tools"][q].get(t, 0)), None)


def tools_on_site(g) -> int:
    return sum(len(v) for v in g.s["cult"]["altars"].values())


# ------------------------------------------------------------------ moving cards
def refill(g) -> None:
    """Empty display spaces are filled from the cult deck one card at a time, leftmost first; an empty cult deck
    ends refilling for the rest of the turn."""
    s = g.s
    c = s["cult"]
    for a in ALTARS:
        if s["z"][ZONE[a]]:
            continue
        if c["stopped"] or not s["z"]["cult-deck"]:
            if not c["stopped"]:
                c["stopped"] = True
                g.event("cult-deck-empty")
            return
        iid = s["z"]["cult-deck"][-1]
        g.move(iid, "cult-deck", ZONE[a])
        g.event("refill", altar=a, back=g.rules.back(s["cards"][iid]))


def avoid(g, p: int, n: int) -> int:
    """The top `n` cards of the player's own deck go under the cult deck, order kept; red backs wound nobody."""
    s = g.s
    deck = s["z"][f"deck/{p}"]
    k = min(n, len(deck))
    if k:
        moved = deck[len(deck) - k:]
        del deck[len(deck) - k:]
        s["z"]["cult-deck"][0:0] = moved
    g.event("avoid-place", player=p, n=k)
    return k


def take_object(g, a: str, ctx: Ctx) -> None:
    """Develop cult object: the top cult tool of that altar into the group, stone side up; none left: heal 1."""
    s = g.s
    stack = s["cult"]["altars"][a]
    p = _p(ctx)
    if not stack:
        g.event("cult-object-none", altar=a)
        ctx.new.append({"k": "heal", "n": 1, "players": ctx.players or [p], "decider": p, "optional": False})
        return
    t = stack.pop()
    s["tools"][p][t] = s["tools"][p].get(t, 0) + 1
    if t not in s["cult"]["seen"]:
        s["cult"]["seen"].append(t)
    g.event("cult-object", player=p, altar=a, tool=t)
    if tools_on_site(g) == 0 and not s["cult"]["developed"]:
        ctx.new.append({"k": "develop-cult", "player": p})


def develop(g) -> None:
    s = g.s
    s["cult"]["developed"] = True
    g.event("cult-developed", skull_limit=S.skull_limit(g))


# ------------------------------------------------------------------ ops
OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: the Cult Site's symbols."""


def _on(g, ctx) -> bool:
    return on(g)


@OPS.op("symbol:seek-place", "reward", usable=_on)
def seek():
    def run(g, ctx):
        if on(g):
            p = _p(ctx)
            ctx.new.append({"k": "seek", "player": p, "players": ctx.players or [p], "n": 1})
    return run


@OPS.op("symbol:avoid-place", "cost")
def avoid_cost(n=1):
    def pay(g, ctx, do):
        if not on(g) or ctx.player is None or len(g.s["z"][f"deck/{ctx.player}"]) < n:
            return False
        if do:
            avoid(g, ctx.player, n)
        return True
    return pay


@OPS.op("symbol:avoid-place", "negative")
def avoid_place(n=1):
    def run(g, ctx):
        if on(g) and ctx.player is not None:
            avoid(g, ctx.player, n)

    def full(g, ctx):  # too few cards: open only when no other negative action can be done in full
        return not on(g) or ctx.player is None or len(g.s["z"][f"deck/{ctx.player}"]) >= n
    return Play(run, full=full)


@OPS.op("symbol:venerate-place", "requirement")
def venerate(altar=None):
    a = _altar_arg("symbol:venerate-place", altar)

    def check(need):
        need["altar:" + a] = need.get("altar:" + a, 0) + 1
    return check


def _ritual(g, a: str, ctx: Ctx) -> None:
    alts = matching(g, a)
    if a in ("all",):
        for x in alts:
            _ritual_at(g, x)
        return
    if len(alts) == 1:
        _ritual_at(g, alts[0])
    elif alts:
        ctx.new.insert(0, {"k": "ritual", "player": _p(ctx), "altars": alts})


def _ritual_at(g, a: str) -> None:
    iid = _top(g, a)
    g.move(iid, ZONE[a], "discard-down")
    g.event("ritual", altar=a, card=g.s["cards"][iid])


@OPS.op("symbol:perform-ritual", "requirement")
def ritual(altar=None):
    a = _altar_arg("symbol:perform-ritual", altar)

    def check(need):
        need["altar:" + a] = need.get("altar:" + a, 0) + 1

    def act(g, ctx):  # the requirement met, the matching card goes unseen onto the face-down pile
        _ritual(g, a, ctx)
    return Play(check, effect=act)


@OPS.op("symbol:perform-ritual", "cost")
def ritual_cost(altar=None):
    a = _altar_arg("symbol:perform-ritual", altar)

    def pay(g, ctx, do):
        if not (on(g) and matching(g, a)):
            return False
        if do:
            _ritual(g, a, ctx)
        return True
    return pay


@OPS.op("symbol:develop-cult-object", "reward", usable=_on)
def cult_object(altar=None):
    a = _altar_arg("symbol:develop-cult-object", altar)
    if a not in ALTARS:
        raise OpError("`symbol:develop-cult-object` names one altar: forest, river or mountain")

    def run(g, ctx):
        if on(g):
            take_object(g, a, ctx)
    return run


def _can_develop(g, ctx) -> bool:
    return on(g) and not g.s["cult"]["developed"] and tools_on_site(g) == 0


@OPS.op("symbol:develop-cult", "reward", usable=_can_develop)
def develop_cult():
    def run(g, ctx):
        if on(g) and not g.s["cult"]["developed"] and tools_on_site(g) == 0:
            develop(g)
    return run


@OPS.op("symbol:discard-hazard-card", "reward")
def hazard():
    def run(g, ctx):
        ctx.new.append({"k": "hazard", "player": _p(ctx)})
    return run


@OPS.op("symbol:place-card-on-cult-deck", "reward", usable=_on)
def place_on_cult(source=None):
    source = source or "from deck"
    if source not in ("from deck", "from discard"):
        raise OpError("`symbol:place-card-on-cult-deck` takes its card from deck or from discard")

    def run(g, ctx):
        if on(g):
            p = _p(ctx)
            players = ["discard"] if source == "from discard" else (ctx.players or [p])
            ctx.new.append({"k": "to-cult-deck", "players": players, "decider": p})
    return run


@OPS.op("symbol:swap-display-cards", "reward", usable=_on)
def swap():
    def run(g, ctx):
        if on(g):
            ctx.new.append({"k": "swap-display", "player": _p(ctx)})
    return run


@OPS.op("symbol:destroy-this-card", "reward")
def destroy():
    """Destroy this card: the card whose option is resolved leaves the game (into the box)."""
    def act(g, ctx):
        s = g.s
        iid = ctx.card
        zone = next((z for z, ids in s["z"].items() if iid in ids), None)
        if zone is not None and zone.startswith("chosen/") and ctx.kind == "day":
            ctx.dest = "box"  # the turn card leaves the game when its resolution is finished
            g.event("destroyed", card=s["cards"][iid])
        elif zone is not None:
            g.move(iid, zone, "box")
            g.event("destroyed", card=s["cards"][iid])
    return act


@OPS.op("symbol:cult-site-empty", "requirement")
def cult_empty():
    """Cult site empty: no cult tool token is left on any altar (with the Cult Site in play)."""
    def check(need):
        need["cult-empty:site"] = 1
    return check


S.NEED_CHECKS["cult-empty"] = lambda g, what, n, players: on(g) and tools_on_site(g) == 0


def reveal_marked(g, ctx) -> None:
    """The topmost secret bearing the secret symbol is revealed and resolved at once; with none, nothing."""
    s = g.s
    p = _p(ctx)
    iid = _marked_secret(g)
    if iid is None:
        g.event("secret-unavailable", marked=True)
        return
    g.move(iid, "secrets", "resolving-now")
    g.event("secret", player=p, number=g.rules.secret_number(s["cards"][iid]), marked=True)
    ctx.new.insert(0, {"k": "now", "card": iid, "player": p})


@OPS.op("symbol:reveal-marked-secret", "reward")
def marked():
    return reveal_marked


@OPS.op("symbol:obtained", "requirement")
def obtained(tool=None):
    """Obtained <cult tool>: that cult tool came into a group at some point of the game (Dance Spectacle)."""
    name = tool.split(":")[-1].split("/")[-1] if isinstance(tool, str) else None
    if name not in CULT_TOOLS:
        raise OpError("`symbol:obtained` names a cult tool: " + ", ".join(CULT_TOOLS))

    def check(need):
        need["obtained:" + name] = 1
    return check


def _obtained_need(g, name, n, players) -> bool:
    if not on(g):
        return False
    return any(g.rules.cult.tools.get(t) == name for t in g.s["cult"]["seen"])


S.NEED_CHECKS["obtained"] = _obtained_need


@OPS.op("symbol:dream-revealed-by-another", "requirement")
def dream_other():
    """Another player than the resolving one has a dream as this turn's revealed card (Dream Interpretation)."""
    def check(need):
        need["dream-other:any"] = 1
    return check


def _dream_other_need(g, what, n, players) -> bool:
    """Read from this turn's reveal: the dream's player may have helped meanwhile and need not give it up."""
    if not on(g) or not players:
        return False
    return any(q != players[0] for q in g.s["cult"]["dreamers"])


S.NEED_CHECKS["dream-other"] = _dream_other_need


def _add_token_only(sym: str, position: str) -> None:
    @OPS.op(sym, position)
    def token_only():
        raise OpError(f"`{sym}` is printed on cult tool tokens, which the Cult Site plays itself; on a card it has "
                      "no runtime meaning")


for _sym in ("symbol:flip-token", "symbol:venerate-and-flip", "symbol:help-and-give-up"):
    for _position in OPS.positions(_sym):
        _add_token_only(_sym, _position)


# ------------------------------------------------------------------ decisions
def seek_actions(g, item):
    p = item["player"]
    out = []
    for a in ALTARS:
        iid = _top(g, a)
        if iid is None:
            continue
        back = g.rules.back(g.s["cards"][iid])
        for q in item["players"]:
            out.append({"type": "seek", "player": p, "altar": a, "to": q,
                        "label": f"P{p}: seek the place at the {a} altar ({back} back) onto P{q}'s deck"})
    return out


def apply_seek(g, item, a):
    s = g.s
    iid = _top(g, a["altar"])
    g.move(iid, ZONE[a["altar"]], f"deck/{a['to']}")  # unseen and face down; a red back wounds nobody
    g.event("seek-place", player=item["player"], altar=a["altar"], to=a["to"])
    if s["asleep"][a["to"]] and s["phase"] == "day":
        s["asleep"][a["to"]] = False
        g.event("wakes", player=a["to"])
    item["n"] -= 1
    if item["n"] <= 0 or not display_cards(g):
        s["queue"].pop(0)


def auto_seek(g, item) -> bool:
    acts = seek_actions(g, item)
    if not acts:
        g.s["queue"].pop(0)
        g.event("seek-place-none", player=item["player"])
        return True
    if len(acts) == 1:
        apply_seek(g, item, acts[0])
        return True
    return False


def ritual_actions(g, item):
    p = item["player"]
    return [{"type": "ritual", "player": p, "altar": a, "label": f"P{p}: perform the ritual at the {a} altar"}
            for a in item["altars"] if matches(g, a)]


def apply_ritual(g, item, a):
    g.s["queue"].pop(0)
    _ritual_at(g, a["altar"])


def develop_score(game, a: dict) -> float:
    return 1.0 if a["flip"] else 0.0


def develop_actions(g, item):
    p = item["player"]
    return [{"type": "develop", "player": p, "flip": True, "label": f"P{p}: develop the cult (flip the cult night tile)"},
            {"type": "develop", "player": p, "flip": False, "label": f"P{p}: leave the cult night tile as it is"}]


def apply_develop(g, item, a):
    g.s["queue"].pop(0)
    if a["flip"]:
        develop(g)
    else:
        g.event("cult-not-developed", player=item["player"])


def auto_develop(g, item) -> bool:
    if g.s["cult"]["developed"]:
        g.s["queue"].pop(0)
        return True
    return False


def _red_in_deck(g, p) -> list[int]:
    s = g.s
    deck = s["z"][f"deck/{p}"]
    return [k for k in range(len(deck) - 1, -1, -1) if g.rules.is_red_back(s["cards"][deck[k]])]


def hazard_actions(g, item):
    p = item["player"]
    deck = g.s["z"][f"deck/{p}"]
    out = [{"type": "hazard", "player": p, "pos": len(deck) - 1 - k,
            "label": f"P{p}: put the red-backed card {len(deck) - k} from the top onto the face-down discard pile"}
           for k in _red_in_deck(g, p)]
    out.append({"type": "hazard", "player": p, "pos": None, "label": f"P{p}: discard no hazard card"})
    return out


def apply_hazard(g, item, a):
    s = g.s
    s["queue"].pop(0)
    if a["pos"] is None:
        return
    deck = s["z"][f"deck/{item['player']}"]
    iid = deck[len(deck) - 1 - a["pos"]]
    g.move(iid, f"deck/{item['player']}", "discard-down")
    g.event("hazard-discarded", player=item["player"])


def auto_hazard(g, item) -> bool:
    if _red_in_deck(g, item["player"]):
        return False
    g.s["queue"].pop(0)
    g.event("hazard-none", player=item["player"])
    return True


def _source_zone(q) -> str:
    return "discard-down" if q == "discard" else f"deck/{q}"


def _where_to_cult(g, item):
    ps = item.get("players")
    n = g.s["players"]
    if not ps or not all(q == "discard" or (is_int(q) and q < n) for q in ps) or ps.count("discard") > 1:
        return "a card for the cult deck comes from seats' decks or the face-down discard pile"
    return None


def _where_ritual(g, item):
    alts = item.get("altars")
    if not alts or not all(a in ALTARS for a in alts):
        return "a ritual is performed at the forest, river or mountain altar"
    return None


def _where_now(g, item):
    if item.get("card") not in g.s["z"]["resolving-now"]:
        return "a card resolved at once lies in the resolving-now zone"
    return None


def to_cult_actions(g, item):
    """Any card of the deck (of the player or a helper, agreed between them), or of the face-down discard pile,
    picked by its place: it goes unseen onto the cult deck."""
    d = item["decider"]
    out = []
    for q in item["players"]:
        pile = g.s["z"][_source_zone(q)]
        for pos in range(len(pile)):
            back = g.rules.back(g.s["cards"][pile[len(pile) - 1 - pos]])
            where = "the face-down discard pile" if q == "discard" else f"P{q}'s deck"
            out.append({"type": "to-cult", "player": d, "from": q, "pos": pos,
                        "label": f"P{d}: card {pos + 1} of {where} ({back} back) onto the cult deck"})
    return out


def apply_to_cult(g, item, a):
    s = g.s
    s["queue"].pop(0)
    zone = _source_zone(a["from"])
    pile = s["z"][zone]
    iid = pile[len(pile) - 1 - a["pos"]]
    g.move(iid, zone, "cult-deck")  # on top, unseen and face down
    g.event("onto-cult-deck", source="discard" if a["from"] == "discard" else a["from"])


def auto_to_cult(g, item) -> bool:
    if to_cult_actions(g, item):
        return False
    g.s["queue"].pop(0)
    return True


def swap_actions(g, item):
    p = item["player"]
    out = []
    for i, a in enumerate(ALTARS):
        for b in ALTARS[i + 1:]:
            if g.s["z"][ZONE[a]] or g.s["z"][ZONE[b]]:
                out.append({"type": "swap", "player": p, "a": a, "b": b, "label": f"P{p}: swap the {a} and {b} display cards"})
    out.append({"type": "swap", "player": p, "a": None, "b": None, "label": f"P{p}: swap nothing"})
    return out


def apply_swap(g, item, a):
    s = g.s
    s["queue"].pop(0)
    if a["a"] is None:
        return
    za, zb = ZONE[a["a"]], ZONE[a["b"]]
    s["z"][za], s["z"][zb] = s["z"][zb], s["z"][za]
    g.event("swap-display", a=a["a"], b=a["b"])


def now_actions(g, item):
    """A card revealed and resolved at once (a secret from the mask, statuette or amulet): as a day card."""
    s, r = g.s, g.rules
    p = item["player"]
    cid = s["cards"][item["card"]]
    ctx = Ctx(p, [], item["card"], "now")
    opts = [o for o in r.options.get(cid, []) if o.trigger is None and not o.help]
    nothing = f"P{p}: {r.name(cid)}: resolve nothing"
    return R.offer_card_options(g, p, cid, opts, ctx, f"P{p}: {r.name(cid)}: ", negative="action",
                                none_left=nothing, leave=nothing)


def apply_now(g, item, a):
    s = g.s
    s["queue"].pop(0)
    iid = item["card"]
    fin = {"k": "now-done", "card": iid, "player": item["player"]}
    if a["type"] == "ignore":
        g.event("ignore", player=item["player"], card=s["cards"][iid])
        s["queue"].insert(0, fin)
        return
    opt = g.rules.option(s["cards"][iid], a["option"], a.get("variant", 0))
    R.resolve_option(g, iid, opt, Ctx(item["player"], [], iid, "now"), fin)


def auto_now_done(g, item) -> bool:
    s = g.s
    s["queue"].pop(0)
    iid = item["card"]
    if iid in s["z"]["resolving-now"]:
        p = item["player"]
        dst = f"night/{p}" if g.rules.has_moon(s["cards"][iid]) else "discard-up"
        g.move(iid, "resolving-now", dst)
    return True


# ------------------------------------------------------------------ cult tools
def _tool_effect(g, t: str):
    name = cult_tool_ids(g.rules).get(t)
    side = 1 if t in g.s["cult"]["flipped"] else 0
    return CULT_TOOLS[name][side]


def _marked_secret(g):
    s = g.s
    for iid in reversed(s["z"]["secrets"]):  # the topmost one carrying the secret symbol
        if "secret-symbol" in (g.rules.cards[s["cards"][iid]].get("marks") or ()):
            return iid
    return None


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
        return _marked_secret(g) is not None
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
            for o in rules.tokens[t].get("options") or []:
                for cl in ((o.get("ir") or {}).get("clauses") or []) if isinstance(o, dict) else ():
                    body = cl.get("body") or {}
                    if body.get("symbol") == "symbol:venerate-and-flip":
                        self.gates[t] = ("venerate", (body.get("args") or {}).get("altar") or "any")
                    elif body.get("symbol") == "symbol:help-and-give-up":
                        self.gates[t] = ("help",)


# ------------------------------------------------------------------ the system
def _check_cult(v, s, r):
    if not isinstance(v, dict) or set(v) != {"altars", "flipped", "used", "seen", "developed", "seek_help", "stopped", "uses",
                                              "beside_used", "dreamers"}:
        return "the cult state has altars, flipped, used, seen, developed, seek_help, stopped, uses and beside_used"
    if not isinstance(v["dreamers"], list) or not all(is_int(i) for i in v["dreamers"]):
        return "cult `dreamers` lists seats"
    if not isinstance(v["beside_used"], list) or not all(is_int(i) for i in v["beside_used"]):
        return "cult `beside_used` lists card instances"
    if not isinstance(v["uses"], dict) or not all(k in r.cult.tools and is_int(n, 1) for k, n in v["uses"].items()):
        return "cult `uses` counts the uses of cult tool tokens"
    if not isinstance(v["altars"], dict) or set(v["altars"]) != set(ALTARS):
        return "cult tools lie on the forest, river and mountain altars"
    tools = set(r.cult.tools)
    for key in ("flipped", "used", "seen"):
        if not isinstance(v[key], list) or not set(v[key]) <= tools or len(set(v[key])) != len(v[key]):
            return f"cult `{key}` is a list of distinct cult tool tokens"
    if not all(isinstance(st, list) and set(st) <= tools for st in v["altars"].values()):
        return "an altar holds a stack of cult tool tokens"
    if not all(isinstance(v[k], bool) for k in ("developed", "seek_help", "stopped")):
        return "cult developed, seek_help and stopped are true or false"
    return None


class CultSite(PaleoSystem):
    """The Cult Site board: its zones, its state, its night step, its turn listeners."""

    name = "cult-site"
    action_types = {
        "seek-help": {}, "cult-tool": {"tool": Tokens()},
        "beside": {"card": Instance(), "option": Below(8), "variant": Below(8)}, "keep-beside": {},
    }
    scores = {"seek-help": 0.15, "cult-tool": 0.6,  # a cult tool adds what it gives to the resolution
              "beside": -0.5, "keep-beside": 0.15}  # a wound for a card moved onto the cult deck
    rule_sources = RULES
    product = "product:pote"
    boards = (BOARD,)
    extra_skulls = 1   # the additional skull token: the sixth loses once the cult is developed
    extra_types = ("cult-tool", "seek-help", "keep-beside", "beside")
    zones = (
        Zone("cult-deck", "shared", "backs", key="cult_deck"),
        *(Zone(ZONE[a], "shared", "backs", key=f"altar_{a}") for a in ALTARS),
        Zone("beside", "player", "public", given="bottom-first"),
    )
    fields = (
        Field("cult", initial=lambda r, n: {"altars": {a: [] for a in ALTARS}, "flipped": [], "used": [], "seen": [],
                                            "developed": False, "seek_help": False, "stopped": False, "uses": {},
                                            "beside_used": [], "dreamers": []},
              check=_check_cult),
    )

    def __init__(self):
        self.steps = (Step("altars", "night", run_altars, before="new-day", rule="rule:cult/night"),)
        self.listeners = (
            Listener("reveal", on_turn),
            Listener("resolved", on_resolved),
            Listener("tool-spent", on_tool_spent),
        )
        self.given = {"cult_tools": given_cult_tools, "flipped": given_flipped, "developed": given_developed,
                      "obtained": given_obtained}

    def applies(self, setup, bundle) -> bool:
        return BOARD in (setup.get("boards") or ())

    def place(self, rules, missing) -> list[str]:
        """The Cult Site's secrets (reading: the expansion's unnumbered secrets and those marked with the Cult
        Site symbol; interpretation:pote-unnumbered-secrets) wait shuffled under the other secrets."""
        out = []
        for cid in sorted(rules.cards):
            c = rules.cards[cid]
            if c.get("kind") != "secret" or c.get("game") != rules.game_id or c.get("module") is not None:
                continue
            numbered = isinstance(c.get("number"), int) or cid in rules.linked_numbers
            marked = "cult-site" in (c.get("marks") or ())
            if numbered and marked:  # no such card is known; its number would have to join the stack too
                missing.append(f"{cid}: a numbered secret with the Cult Site symbol, which this runtime does not lay out")
            elif not numbered and (marked or c.get("product") == self.product):
                out.append(cid)
        rules.cult_secrets = out
        return out

    def prepare(self, rules) -> None:
        rules.cult = CultData(rules)
        # Blood Sacrifice serves beside an action, once a turn, as often as one likes in a day: laid beside the
        # group when it comes up, its option is offered from there (interpretation:pote-blood-sacrifice)
        rules.cult.beside = {}
        for cid in BESIDE:
            if cid in rules.options:
                rules.cult.beside[cid] = rules.options[cid]
                rules.options[cid] = []
        # the box's 12 new base cards and the 9 secrets with the Cult Site symbol come with the board
        for group in next((p.get("card_groups") or [] for p in rules.bundle.get("products", [])
                           if p.get("id") == self.product), []):
            if group.get("kind") == "base" and isinstance(group.get("count"), int):
                have = sum(int(rules.cards[c].get("copies") or 1) for c in rules.base_set
                           if rules.cards[c].get("product") == self.product)
                if have < group["count"]:
                    rules.missing.append(f"{self.product}: {group['count'] - have} of the {group['count']} "
                                         f"{group.get('name') or 'new base cards'} have no card face")
        have = sum(int(rules.cards[c].get("copies") or 1) for c in rules.cult_secrets)
        if have < CULT_SECRETS:
            rules.missing.append(f"{BOARD}: {CULT_SECRETS - have} of the {CULT_SECRETS} secrets with the Cult Site "
                                 "symbol have no card face")
        if len(rules.cult.tools) != 6:
            rules.missing.append(f"the Cult Site stacks 6 cult tools, 2 on each altar; the bundle has {len(rules.cult.tools)}")

    def arrange(self, g, rng, explo) -> None:
        s, r = g.s, g.rules
        ids = [c for c in r.placed if c in r.cult_secrets]
        cards = g.make_cards(ids, lambda cid: int(r.cards[cid].get("copies") or 1))
        rng.shuffle(cards)
        s["z"]["secrets"][0:0] = cards  # face down under the stack of the other secrets

    def setup(self, g) -> None:
        s = g.s
        rng = Rng(s["rng"])
        tools = sorted(g.rules.cult.tools)
        rng.shuffle(tools)
        s["rng"] = rng.state
        for i, a in enumerate(ALTARS):
            s["cult"]["altars"][a] = tools[2 * i:2 * i + 2]
        g.event("cult-site", cult_deck=len(s["z"]["cult-deck"]), display=[_back(g, a) for a in ALTARS])

    def predeal(self, g, pile: list) -> None:
        """Before the deal, the top 13 cards form the cult deck (order kept) and its top 3 the display, left to
        right (the setup's step for the exploration stack: interpretation:pote-setup-step-11)."""
        s = g.s
        k = min(CULT_DECK, len(pile))
        s["z"]["cult-deck"] = pile[len(pile) - k:]
        del pile[len(pile) - k:]
        s["cult"]["stopped"] = False
        for a in ALTARS:
            if s["z"]["cult-deck"]:
                s["z"][ZONE[a]] = [s["z"]["cult-deck"].pop()]

    def more_skulls(self, g) -> int:
        return 1 if g.s["cult"]["developed"] else 0

    def resolve_extras(self, g, p) -> list[dict]:
        s, r = g.s, g.rules
        out = tool_actions(g, p, R.helpers_of(g, p), False)
        chosen = s["z"][f"chosen/{p}"]
        if chosen and s["cards"][chosen[0]] in r.cult.beside:
            out.append({"type": "keep-beside", "player": p,
                        "label": f"P{p}: lay {r.name(s['cards'][chosen[0]])} beside the group"})
        for iid in s["z"][f"beside/{p}"]:
            if iid in s["cult"]["beside_used"]:
                continue
            for o in r.cult.beside[s["cards"][iid]]:
                if R.affordable(g, o, Ctx(p, R.helpers_of(g, p), iid, "day")):
                    out.append({"type": "beside", "player": p, "card": iid, "option": o.index, "variant": o.variant,
                                "label": f"P{p}: beside the action, use {r.name(s['cards'][iid])}: {o.text}"})
        return out

    def help_extras(self, g, p) -> list[dict]:
        out = []
        if not g.s["cult"]["seek_help"] and display_cards(g):
            out.append({"type": "seek-help", "player": p, "label": f"P{p}: spend the help action on seeking a place"})
        out.extend(tool_actions(g, p, R.helpers_of(g, p), True))
        return out

    def apply_extra(self, g, a) -> None:
        s = g.s
        if a["type"] == "cult-tool":
            chosen = s["z"][f"chosen/{a['player']}"]
            use_tool(g, dict(a, card=chosen[0] if chosen else 0))
            return
        if a["type"] == "keep-beside":  # interpretation:pote-blood-sacrifice
            p = a["player"]
            iid = s["z"][f"chosen/{p}"][0]
            g.by = "rule:cult/star-secrets"
            g.move(iid, f"chosen/{p}", f"beside/{p}")
            g.event("placed", player=p, card=s["cards"][iid], to="beside")
            R.finish(g, {"k": "finish", "player": p, "card": iid, "kind": "day"})
            return
        if a["type"] == "beside":
            p, iid = a["player"], a["card"]
            g.by = "rule:cult/star-secrets"
            s["cult"]["beside_used"].append(iid)
            opt = next(o for o in g.rules.cult.beside[s["cards"][iid]] if o.index == a["option"] and o.variant == a["variant"])
            R.resolve_option(g, iid, opt, Ctx(p, R.helpers_of(g, p), iid, "beside"), {"k": "done"})
            return
        p = a["player"]
        g.by = "rule:cult/seek"
        iid = s["z"][f"chosen/{p}"][0]
        s["cult"]["seek_help"] = True
        R.spend_help(g, p, "seek place")
        s["queue"][0:0] = [{"k": "seek", "player": p, "players": [p], "n": 1},
                           {"k": "finish", "player": p, "card": iid, "kind": "help"}]

    def observe(self, g, player, obs) -> None:
        c = g.s["cult"]
        obs["cult_tools"] = {a: len(v) for a, v in c["altars"].items()}  # stacks, stone side up: which is unseen
        obs["cult_flipped"] = list(c["flipped"])
        obs["cult_developed"] = c["developed"]

    def view(self, g, out) -> None:
        c = g.s["cult"]
        short = lambda t: t.split("/")[-1]  # noqa: E731
        out["cult_tools"] = {a: [short(t) for t in v] for a, v in c["altars"].items()}
        out["flipped"] = sorted(short(t) for t in c["flipped"])
        out["developed"] = c["developed"]
        out["display"] = [_back(g, a) for a in ALTARS]

    def invariants(self, g) -> list[str]:
        s = g.s
        out = []
        for a in ALTARS:
            if len(s["z"][ZONE[a]]) > 1:
                out.append(f"the {a} altar holds {len(s['z'][ZONE[a]])} cards")
        c = s["cult"]
        where: dict[str, int] = {}
        for v in c["altars"].values():
            for t in v:
                where[t] = where.get(t, 0) + 1
        for q in range(s["players"]):
            for t, k in s["tools"][q].items():
                if t in g.rules.cult.tools:
                    if k != 1:
                        out.append(f"player {q} holds {k} of cult tool {t}")
                    where[t] = where.get(t, 0) + 1
        for t, k in where.items():
            if k > 1:
                out.append(f"cult tool {t} is in {k} places")
        for t in c["flipped"]:
            if held_by(g, t) is None:
                out.append(f"cult tool {t} is flipped but no group holds it")
        for t, n in c["uses"].items():  # a cult tool serves at most twice: flipped after one use, gone after two
            if n > 2 or (n == 2 and (held_by(g, t) is not None or where.get(t))):
                out.append(f"cult tool {t} used {n} times and still in play")
            elif n == 1 and held_by(g, t) is not None and t not in c["flipped"]:
                out.append(f"cult tool {t} used once but not flipped")
            if any(t in v for v in c["altars"].values()):
                out.append(f"cult tool {t} was used and lies on an altar again")
        return out


def _back(g, a):
    iid = _top(g, a)
    return None if iid is None else g.rules.back(g.s["cards"][iid])


def on_turn(g, _payload) -> None:
    """A new turn: each cult tool may be used again, the help action may seek a place again, refilling resumes."""
    c = g.s["cult"]
    c["used"] = []
    c["beside_used"] = []
    c["seek_help"] = False
    c["stopped"] = False
    on_revealed(g, _payload)


def on_revealed(g, _payload) -> None:
    """Who revealed a dream card this turn (Dream Interpretation asks for another player's)."""
    s = g.s
    s["cult"]["dreamers"] = [q for q in range(s["players"])
                             if any(g.rules.back(s["cards"][i]) == "dream" for i in s["z"][f"chosen/{q}"])]


def on_tool_spent(g, payload) -> None:
    """A cult tool given up any way (give any tool) leaves the game, whichever side was up."""
    _q, t = payload
    if t in g.s["cult"]["flipped"] and held_by(g, t) is None:
        g.s["cult"]["flipped"].remove(t)


def on_resolved(g, fin) -> None:
    refill(g)


def run_altars(g):
    """Night step 4, before the shuffle: 1 wound per display space without its altar's card (none once the cult is
    developed); then the cult deck and the display go unseen onto the face-down discard pile."""
    s = g.s
    wrong = [a for a in ALTARS if not matches(g, a)]
    g.event("altar-check", display=[_back(g, a) for a in ALTARS], wrong=wrong, developed=s["cult"]["developed"])
    if wrong and not s["cult"]["developed"]:
        s["queue"].append({"k": "wound", "n": len(wrong), "players": list(range(s["players"])), "decider": 0,
                           "by": "rule:cult/night"})
    for q in range(s["players"]):  # the day is over: what lay beside a group joins the open pile
        s["z"]["discard-up"].extend(s["z"][f"beside/{q}"])
        s["z"][f"beside/{q}"] = []
    for a in ALTARS:
        s["z"]["discard-down"].extend(s["z"][ZONE[a]])
        s["z"][ZONE[a]] = []
    s["z"]["discard-down"].extend(s["z"]["cult-deck"])
    s["z"]["cult-deck"] = []


def given_cult_tools(g, value, used, take) -> None:
    """`cult_tools`: {altar: [tool names, bottom first]} on the altars; the rest are not on the site."""
    r = g.rules
    by_name = {n: t for t, n in r.cult.tools.items()}
    if not isinstance(value, dict) or not set(value) <= set(ALTARS):
        raise ValueError("cult_tools maps forest, river and mountain to lists of cult tool names")
    for a in ALTARS:
        names = value.get(a, [])
        if not isinstance(names, list) or not all(n in by_name for n in names):
            raise ValueError(f"cult_tools.{a}: names among {', '.join(sorted(by_name))}")
        g.s["cult"]["altars"][a] = [by_name[n] for n in names]


def given_flipped(g, value, used, take) -> None:
    by_name = {n: t for t, n in g.rules.cult.tools.items()}
    if not isinstance(value, list) or not all(n in by_name for n in value):
        raise ValueError("flipped lists cult tool names")
    g.s["cult"]["flipped"] = [by_name[n] for n in value]


def given_obtained(g, value, used, take) -> None:
    """`obtained`: the cult tools that came into a group earlier in the game (held or not)."""
    by_name = {n: t for t, n in g.rules.cult.tools.items()}
    if not isinstance(value, list) or not all(n in by_name for n in value):
        raise ValueError("obtained lists cult tool names")
    g.s["cult"]["seen"] = [by_name[n] for n in value]


def given_developed(g, value, used, take) -> None:
    if not isinstance(value, bool):
        raise ValueError("developed is true or false")
    g.s["cult"]["developed"] = value


class CultOps(PaleoSystem):
    """The Cult Site's symbols and decisions, on in every Paleo game: without the board they are closed."""

    name = "cult-ops"
    action_types = {
        "ritual": {"altar": ALTAR}, "develop": {"flip": Lit(True, False)}, "hazard": {"pos": Instance()},
        "seek": {"altar": ALTAR, "to": Seat()},
        # the display's cards swapped (and module T's people at setup, by instance)
        "swap": {"a": Either(Instance(), ALTAR), "b": Either(Instance(), ALTAR)},
        "to-cult": {"from": Seat(), "pos": Instance()},
    }
    scores = {"ritual": 0.0, "develop": develop_score, "hazard": 0.0, "seek": 0.0,
              "swap": -1.0,  # the display as it lies, and module T's people as dealt, are kept
              "to-cult": 0.0}
    ops = OPS
    zones = (Zone("resolving-now", "shared", "public", key="resolving_now", given=None),)
    decisions = (
        Decision("seek", {"player": "player", "players": "players", "n": "count"}, seek_actions, apply_seek,
                 auto=auto_seek, rule="rule:cult/seek"),
        Decision("ritual", {"player": "player", "altars": "list"}, ritual_actions, apply_ritual, where=_where_ritual,
                 rule="rule:cult/ritual"),
        Decision("develop-cult", {"player": "player"}, develop_actions, apply_develop, auto=auto_develop,
                 rule="rule:cult/develop"),
        Decision("hazard", {"player": "player"}, hazard_actions, apply_hazard, auto=auto_hazard, rule="rule:cult/other"),
        Decision("to-cult-deck", {"players": "list", "decider": "player"}, to_cult_actions, apply_to_cult,
                 auto=auto_to_cult, where=_where_to_cult, rule="rule:cult/star-secrets"),
        Decision("swap-display", {"player": "player"}, swap_actions, apply_swap, rule="rule:cult/star-secrets"),
        Decision("now", {"card": "card", "player": "player"}, now_actions, apply_now, where=_where_now,
                 rule="rule:cult/tools"),
        Decision("now-done", {"card": "card", "player": "player"}, auto=auto_now_done, rule="rule:cult/tools"),
    )


class ModuleV(PaleoSystem):
    """Module V: playable only with the Cult Site (and its new base cards); its mission is a card of the content."""

    name = "pote-v"
    module = "module:pote/V"

    def applies(self, setup, bundle) -> bool:
        return self.module in (setup.get("modules") or ())

    def prepare(self, rules) -> None:
        rules.resolve_at_once.add(32)  # the mission: secret 32 is revealed and resolved at once
        # Dream Interpretation: the dream's player may help as usual without giving up the dream
        # (interpretation:pote-dream-interpretation-help)
        rules.keeps_dream_when_helping = ("card:pote/dream-interpretation",)
        if BOARD not in rules.setup["boards"]:
            rules.missing.append("module:pote/V: played only together with the Cult Site (board:cult-site)")


SYSTEMS = (CultOps, CultSite, ModuleV)
