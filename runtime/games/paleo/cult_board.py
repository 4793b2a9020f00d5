"""The Cult Site's board and what every part of the system reads: the altars and their display, the cult deck, the
cult tools on the site and with the groups, matching an altar's needs, refilling, avoiding, taking and developing,
and the marked secret revealed at once.
"""

from __future__ import annotations

from ...core import OpError
from ...core.actions import Lit
from . import state as S
from .state import Ctx


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


def player_of(ctx) -> int:
    return ctx.player if ctx.player is not None else 0


def top_card(g, a):
    z = g.s["z"][ZONE[a]]
    return z[0] if z else None


def matches(g, a: str) -> bool:
    """The card at altar `a` has that altar's back (a marked back still counts as its type)."""
    iid = top_card(g, a)
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


def altar_arg(sym, a) -> str:
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
    p = player_of(ctx)
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
    """Develop cult: the cult night tile flipped — by the symbol on a card, or as the last cult tool leaves the
    Cult Site (the symbol's own rule), either way the symbol's effect has run."""
    s = g.s
    s["cult"]["developed"] = True
    if "symbol:develop-cult" not in s["used"]:
        s["used"].append("symbol:develop-cult")
    g.event("cult-developed", skull_limit=S.skull_limit(g))


def ritual_at(g, a: str) -> None:
    iid = top_card(g, a)
    g.move(iid, ZONE[a], "discard-down")
    g.event("ritual", altar=a, card=g.s["cards"][iid])


def reveal_marked(g, ctx) -> None:
    """The topmost secret bearing the secret symbol is revealed and resolved at once; with none, nothing."""
    s = g.s
    p = player_of(ctx)
    iid = marked_secret(g)
    if iid is None:
        g.event("secret-unavailable", marked=True)
        return
    g.move(iid, "secrets", "resolving-now")
    g.event("secret", player=p, number=g.rules.secret_number(s["cards"][iid]), marked=True)
    ctx.new.insert(0, {"k": "now", "card": iid, "player": p})


def marked_secret(g):
    s = g.s
    for iid in reversed(s["z"]["secrets"]):  # the topmost one carrying the secret symbol
        if "secret-symbol" in (g.rules.cards[s["cards"][iid]].get("marks") or ()):
            return iid
    return None
