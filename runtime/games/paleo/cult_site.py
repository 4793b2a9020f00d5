"""Path of the Elders' Cult Site as a system: the cult deck and the display at the three altars, the cult tools,
the altar symbols, the night check and module V.

The board switches the system on (`board:cult-site`, which levels I to III include). Its symbols are played by
an always-on op system, `CultOps`: without the Cult Site an option that needs it cannot be chosen (the book:
such options are not executable and are ignored), and a negative action that would act on it does nothing.
The rules it plays are cited by `RULES`; readings the rulebook leaves open are interpretation records of the
content, named where they are played.
"""

from __future__ import annotations

from ...core import Decision, Field, Listener, Step, Zone
from ...core.actions import Below, Either, Instance, Lit, Seat, Tokens
from ...core.invariants import is_int
from ...rng import Rng
from . import resolve as R
from .state import Ctx
from .system import PaleoSystem
from .cult_board import (
    ALTAR,
    ALTARS,
    BESIDE,
    BOARD,
    CULT_DECK,
    CULT_SECRETS,
    RULES,
    ZONE,
    top_card,
    display_cards,
    held_by,
    matches,
    refill,
)
from .cult_ops import OPS
from .cult_decisions import (
    where_now,
    where_ritual,
    where_to_cult,
    apply_develop,
    apply_hazard,
    apply_now,
    apply_ritual,
    apply_seek,
    apply_swap,
    apply_to_cult,
    auto_develop,
    auto_hazard,
    auto_now_done,
    auto_seek,
    auto_to_cult,
    develop_actions,
    develop_score,
    hazard_actions,
    now_actions,
    ritual_actions,
    seek_actions,
    swap_actions,
    to_cult_actions,
)
from .cult_tools import CultData, tool_actions, use_tool

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
    # a cult tool is worth about a tool with two uses; developing the cult saves a game at the fifth skull; a card
    # laid on the cult deck is one the group can seek later
    reward_values = {"symbol:develop-cult-object": 2.5, "symbol:develop-cult": 6.0, "symbol:place-card-on-cult-deck": 3.0}
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
    iid = top_card(g, a)
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
        Decision("ritual", {"player": "player", "altars": "list"}, ritual_actions, apply_ritual, where=where_ritual,
                 rule="rule:cult/ritual"),
        Decision("develop-cult", {"player": "player"}, develop_actions, apply_develop, auto=auto_develop,
                 rule="rule:cult/develop"),
        Decision("hazard", {"player": "player"}, hazard_actions, apply_hazard, auto=auto_hazard, rule="rule:cult/other"),
        Decision("to-cult-deck", {"players": "list", "decider": "player"}, to_cult_actions, apply_to_cult,
                 auto=auto_to_cult, where=where_to_cult, rule="rule:cult/star-secrets"),
        Decision("swap-display", {"player": "player"}, swap_actions, apply_swap, rule="rule:cult/star-secrets"),
        Decision("now", {"card": "card", "player": "player"}, now_actions, apply_now, where=where_now,
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
