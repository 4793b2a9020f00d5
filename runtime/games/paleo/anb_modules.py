"""A New Beginning's modules M to R as systems: the camp card, the night deck and traps, the Xrib mood, obsidian,
the dream journey and the volcano, plus the mission order the players choose.

Each module switches on when its module id is in the setup. What a rule needs and the bundle does not give
(a mission card's face, what traps on the mission card do) stays in `rules.missing`: the game is then not
playable rather than played without it. Readings the rulebook leaves open are named where they are played.
"""

from __future__ import annotations

from ...core import OpError, OpTable
from ...core import Counter, Decision, Field, Listener, Step, Zone
from ...core.actions import Instance, Lit
from ...rng import Rng
from . import resolve as R
from . import state as S
from .registry_data import SYMBOLS
from .state import Ctx
from .system import PaleoSystem

A = "000_97f291d3c44cb3f7.txt"
MODS = "Modules"
HEAD = {
    "M": "Module M: A New Beginning (12 cards) — Difficulty: Easy",
    "N": "Module N: Nocturnal (18 cards) — Difficulty: Medium",
    "O": "Module O: The Xrib Tribe (18 cards) — Difficulty: Hard",
    "P": "Module P: The Black Rock (17 cards) — Difficulty: Hard",
    "Q": "Module Q: Dream Journey (20 cards) — Difficulty: Hard",
    "R": "Module R: Wrath of the Fire God (15 cards) — Difficulty: Deadly",
}
CARDS = "Cards with the Expansion Action Symbols"


def _sec(letter):
    return (A, [MODS, HEAD[letter]])


RULES = {
    **{f"rule:anb-{x.lower()}/setup": _sec(x) for x in HEAD},
    "rule:anb-m/settled": _sec("M"),
    "rule:anb-m/isolation": _sec("M"),
    "rule:anb-n/night-cards": _sec("N"),
    "rule:anb-n/traps": _sec("N"),
    "rule:anb-o/mood": _sec("O"),
    "rule:anb-o/dodo": _sec("O"),
    "rule:anb-p/obsidian": _sec("P"),
    "rule:anb-q/dreams": _sec("Q"),
    "rule:anb-q/deep-sleep": (A, [CARDS, "Module Q Cards: Dream Journey"]),
    "rule:anb-q/spirits": _sec("Q"),
    "rule:anb-r/volcano-discard": _sec("R"),
    "rule:anb-r/rescue": _sec("R"),
    "rule:anb-r/no-victory": _sec("R"),
    "rule:anb-r/no-sleep": _sec("R"),
    "rule:anb-r/volcano": _sec("R"),
    "rule:anb/mission-order": _sec("R"),
}
MOODS = ("friendly", "angry")
NIGHT_REVEAL = 2
DREAMS_BOXED = 9
DREAM_DECK = 21  # the base game's and this box's dreams
VOLCANO_IN_DECKS = 2
RESCUE_TO_WIN = 20
SPIRITS_NEEDED = 3
SPIRIT_HEAL = 3
DEEP_SLEEP = "card:anb/deep-sleep"
WRATH = "card:anb/wrath-of-the-fire-god"


def _copies(r):
    return lambda cid: int(r.cards[cid].get("copies") or 1)




def _mission_of(g, letter) -> int | None:
    s, r = g.s, g.rules
    mod = f"module:anb/{letter}"
    return next((i for i in s["z"]["missions"] if r.cards[s["cards"][i]].get("module") == mod), None)


class ModuleSystem(PaleoSystem):
    """A module of A New Beginning: on when its id is in the setup; its ideas join the idea deck, and the other
    cards of kinds listed in `places` are laid out by the system (any other kind is refused)."""

    letter = ""
    places: tuple = ()

    @property
    def module(self) -> str:
        return f"module:anb/{self.letter}"

    @property
    def rule_sources(self) -> dict:
        return {k: v for k, v in RULES.items() if k.startswith(f"rule:anb-{self.letter.lower()}/")}

    def applies(self, setup, bundle) -> bool:
        return self.module in (setup.get("modules") or ())

    def own(self, rules, kind) -> list[str]:
        return [c for c in rules.module_extra.get(kind, []) if rules.cards[c].get("module") == self.module]

    def place(self, rules, missing) -> list[str]:
        out = []
        for kind in sorted(rules.module_extra):
            mine = self.own(rules, kind)
            if not mine:
                continue
            if kind == "idea":
                # reading: a module's idea card is shuffled into the idea deck, like the box's new ideas
                rules.support["ideas"].extend(c for c in mine if c not in rules.support["ideas"])
            elif kind in self.places:
                out.extend(mine)
            else:
                missing.extend(f"{c}: a module card of kind `{kind}`, which this runtime does not lay out" for c in mine)
        return out + self.place_more(rules, missing)

    def place_more(self, rules, missing) -> list[str]:
        return []


# ------------------------------------------------------------------ M: the Settled card at the camp
class ModuleM(ModuleSystem):
    """The Settled card lies face up at the camp; a resolving player may resolve it instead of their own card."""

    name = "anb-m"
    letter = "M"
    places = ("camp",)
    zones = (Zone("camp", "shared", "public", given="bottom-first"),)
    resolving_zones = ("camp",)
    extra_types = ("camp",)
    scores = {"camp": 0.0}

    def __init__(self):
        self.decisions = (
            Decision("camp-done", {"card": "card", "player": "player"}, auto=auto_camp_done, rule="rule:anb-m/settled"),
        )

    def arrange(self, g, rng, explo) -> None:
        g.s["z"]["camp"] = g.make_cards(self.own(g.rules, "camp"), _copies(g.rules))

    def resolve_extras(self, g, p) -> list[dict]:
        """Reading (interpretation:anb-camp-card): instead of acting on the card they revealed, a resolving player
        (with their helpers) may resolve an action of a face-up camp card; their own card is discarded face up."""
        s, r = g.s, g.rules
        if not s["z"]["camp"] or not R.free_to_act(g, p):
            return []
        out = []
        for iid in s["z"]["camp"]:
            out.extend(R.offer_actions(g, p, iid, Ctx(p, R.helpers_of(g, p), iid, "day"), "camp",
                                     f"P{p}: instead, resolve {r.name(s['cards'][iid])} at the camp: "))
        return out

    def apply_extra(self, g, a) -> None:
        s, r = g.s, g.rules
        p = a["player"]
        chosen = s["z"][f"chosen/{p}"][0]
        helpers = R.helpers_of(g, p)
        g.by = "rule:anb-m/settled"
        g.event("camp-card", player=p, card=s["cards"][a["card"]], instead_of=s["cards"][chosen])
        R.finish(g, {"k": "finish", "player": p, "card": chosen, "kind": "day"}, ignored=True)
        if s["outcome"] is not None:
            return
        opt = r.option(s["cards"][a["card"]], a["option"], a.get("variant", 0))
        R.resolve_option(g, a["card"], opt, Ctx(p, helpers, a["card"], "day"),
                       {"k": "camp-done", "card": a["card"], "player": p})


def auto_camp_done(g, item) -> bool:
    """A camp card once resolved is removed (so Settled gives one of its two victory tokens only)."""
    s = g.s
    s["queue"].pop(0)
    s["bonus"] = {}
    iid = item["card"]
    if iid in s["z"]["camp"]:
        g.move(iid, "camp", "cemetery")
        g.event("camp-card-removed", card=s["cards"][iid])
    S.check_end(g)
    return True


# ------------------------------------------------------------------ N: night cards and traps
class ModuleN(ModuleSystem):
    name = "anb-n"
    letter = "N"
    places = ("night",)
    zones = (
        Zone("night-deck", "shared", "count"),
        Zone("night-up", "shared", "public", given="bottom-first"),
    )
    counters = (Counter("traps_on_mission"),)
    resolving_zones = ("night-up",)
    extra_types = ("trap-help",)
    action_types = {"trap": {"to": Lit("group", "mission")}, "night-card": {"card": Instance()}, "trap-help": {}}
    scores = dict.fromkeys(action_types, 0.0)

    def __init__(self):
        self.steps = (Step("night-deck", "night", run_night_deck, before="new-day", rule="rule:anb-n/night-cards"),)
        self.decisions = (
            Decision("night-pick", {"left": "list"}, night_pick_actions, apply_night_pick, auto=auto_night_pick,
                     rule="rule:anb-n/night-cards"),
            Decision("camp-night", {"card": "card", "player": "player?"}, camp_night_actions, apply_camp_night,
                     where=_where_up, rule="rule:anb-n/night-cards"),
            Decision("night-return", {}, auto=auto_night_return, rule="rule:anb-n/night-cards"),
            Decision("trap-place", {"player": "player"}, trap_actions, apply_trap, auto=auto_trap,
                     rule="rule:anb-n/traps"),
        )
        self.listeners = (Listener("tool", on_tool),)

    def place_more(self, rules, missing) -> list[str]:
        # the rulebook says where traps may be laid, not what they do there: that is on the mission card's face
        missing.append("module:anb/N: what the traps laid on the mission card do is printed on that card, "
                       "which the bundle does not give (laying them is played; their effect is not)")
        trap = rules.tool_id("trap")
        if trap in rules.tool_stock:
            missing.append(f"{trap}: traps on module N's mission card with a limited trap supply are not played")
        return []

    def arrange(self, g, rng, explo) -> None:
        deck = g.make_cards(self.own(g.rules, "night"), _copies(g.rules))
        rng.shuffle(deck)
        g.s["z"]["night-deck"] = deck

    def resolve_extras(self, g, p) -> list[dict]:
        """The trap variant of the help action: discard 1 card and pay 1 wood to lay a supply trap on the mission."""
        s = g.s
        if _mission_of(g, "N") is None or not s["z"][f"deck/{p}"] or s["res"].get("wood", 0) < 1 \
                or not R.free_to_act(g, p):
            return []
        return [{"type": "trap-help", "player": p,
                 "label": f"P{p}: use the help action to lay a trap on the mission card (discard 1 card, pay 1 wood)"}]

    def apply_extra(self, g, a) -> None:
        s = g.s
        p = a["player"]
        chosen = s["z"][f"chosen/{p}"][0]
        g.by = "rule:anb-n/traps"
        g.move(chosen, f"chosen/{p}", "discard-up")  # used as a help action: the card goes as when helping
        s["done"][p] = True
        for h in range(s["players"]):
            if s["helping"][h] == p:
                s["helping"][h] = None
        g.event("trap-help", player=p, card=s["cards"][chosen])
        ctx = Ctx(p, [], chosen, "day")
        S.discard_from_deck(g, p, 1, ctx)  # a cost: a red back among it wounds
        S.lose_resource(g, "wood", 1, ctx)
        s["traps_on_mission"] += 1
        g.event("trap-on-mission", player=p, total=s["traps_on_mission"], source="supply")
        s["queue"][0:0] = ctx.new + [{"k": "finish", "player": p, "card": chosen, "kind": "day"}]


def run_night_deck(g):
    """After the night (and after the food spoiled): shuffle the 5 night cards and turn up 2, to be resolved."""
    s = g.s
    z = s["z"]
    if not z["night-deck"]:
        g.event("night-deck-empty")
        return
    rng = Rng(s["rng"])
    rng.shuffle(z["night-deck"])
    s["rng"] = rng.state
    up = [z["night-deck"].pop() for _ in range(min(NIGHT_REVEAL, len(z["night-deck"])))]
    z["night-up"].extend(up)
    g.event("night-cards", cards=[s["cards"][i] for i in up])
    s["queue"].append({"k": "night-pick", "left": up})


def night_pick_actions(g, item):
    return [{"type": "night-card", "player": 0, "card": i, "label": f"P0: resolve the night card {S.name(g, i)} next"}
            for i in item["left"]]


def apply_night_pick(g, item, a):
    s = g.s
    s["queue"].pop(0)
    rest = [i for i in item["left"] if i != a["card"]]
    s["queue"][0:0] = [{"k": "camp-night", "card": a["card"], "player": None}, {"k": "night-pick", "left": rest}]


def auto_night_pick(g, item) -> bool:
    left = [i for i in item["left"] if i in g.s["z"]["night-up"]]
    if len(left) > 1:
        return False
    s = g.s
    s["queue"].pop(0)
    s["queue"][0:0] = [{"k": "camp-night", "card": i, "player": None} for i in left] + [{"k": "night-return"}]
    return True


def _where_up(g, item):
    if item["card"] not in g.s["z"]["night-up"]:
        return f"pending decision camp-night for card instance {item['card']}, which is not a revealed night card"
    return None


def camp_night_actions(g, item):
    return R.card_decision_actions(g, {**item, "k": "nightcard"})


def apply_camp_night(g, item, a):
    R.apply_card_decision(g, {**item, "k": "nightcard"}, a)


def auto_night_return(g, item) -> bool:
    s = g.s
    s["queue"].pop(0)
    z = s["z"]
    back = list(z["night-up"])
    z["night-deck"].extend(back)
    z["night-up"] = []
    g.event("night-cards-returned", n=len(back))
    return True


def on_tool(g, payload) -> None:
    """A trap just received may go onto module N's mission card instead of staying with the group."""
    p, tool = payload
    if tool != g.rules.tool_id("trap") or _mission_of(g, "N") is None:
        return
    g.s["queue"].append({"k": "trap-place", "player": p, "by": "rule:anb-n/traps"})


def trap_actions(g, item):
    p = item["player"]
    return [{"type": "trap", "player": p, "to": "group", "label": f"P{p}: keep the new trap with the group"},
            {"type": "trap", "player": p, "to": "mission", "label": f"P{p}: lay the new trap on the mission card"}]


def auto_trap(g, item) -> bool:
    trap = g.rules.tool_id("trap")
    if g.s["tools"][item["player"]].get(trap, 0) > 0 and _mission_of(g, "N") is not None:
        return False
    g.s["queue"].pop(0)
    return True


def apply_trap(g, item, a):
    s = g.s
    s["queue"].pop(0)
    p = item["player"]
    if a["to"] == "group":
        g.event("trap-kept", player=p)
        return
    trap = g.rules.tool_id("trap")
    t = s["tools"][p]
    t[trap] -= 1
    if not t[trap]:
        del t[trap]
    s["traps_on_mission"] += 1
    g.event("trap-on-mission", player=p, total=s["traps_on_mission"], source="group")


# ------------------------------------------------------------------ O: the Xrib mood
def _check_mood(v, s, r):
    return None if v in MOODS else "the Xrib mood is friendly or angry"


def _mood_need(g, what, n, players) -> bool:
    return g.s.get("mood") == what


S.NEED_CHECKS["mood"] = _mood_need


def _mood_arg(mood, symbol) -> str:
    mood = str(mood or "").lower()
    if mood not in MOODS:
        raise OpError(f"`{symbol}` names the friendly or the angry side (got {mood!r})")
    return mood


MOOD_OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: module O's mood."""


@MOOD_OPS.op("symbol:mood", "requirement")
def mood_is(mood=None):
    mood = _mood_arg(mood, "symbol:mood")

    def check(need):
        need["mood:" + mood] = 1
    return check


@MOOD_OPS.op("symbol:turn-mood", "reward", "negative")
def turn_mood(mood=None):
    mood = _mood_arg(mood, "symbol:turn-mood")

    def run(g, ctx):
        if g.s["mood"] == mood:
            g.event("mood-unchanged", mood=mood)
            return
        g.s["mood"] = mood
        g.event("mood", mood=mood)
    return run


def _given_mood(g, value, used, take) -> None:
    if value not in MOODS:
        raise ValueError(f"given: the Xrib mood is friendly or angry (got {value!r})")
    g.s["mood"] = value


class ModuleO(ModuleSystem):
    """The double-sided Xrib mission card: its face-up side is the mood, which some actions need and some turn."""

    name = "anb-o"
    letter = "O"
    # reading (interpretation:anb-xrib-start): the rulebook does not say which side starts face up; friendly does
    fields = (Field("mood", initial=lambda r, n: "friendly", check=_check_mood),)
    ops = MOOD_OPS
    given = {"mood": _given_mood}

    def observe(self, g, player, obs) -> None:
        obs["mood"] = g.s["mood"]

    def view(self, g, out) -> None:
        out["mood"] = g.s["mood"]


# ------------------------------------------------------------------ P: obsidian
class ModuleP(ModuleSystem):
    """Obsidian, a resource (never a tool), is declared by the farm for every A New Beginning game with its supply
    of 5; the module adds its idea card to the idea deck."""

    name = "anb-p"
    letter = "P"


# ------------------------------------------------------------------ Q: the dream journey
class ModuleQ(ModuleSystem):
    name = "anb-q"
    letter = "Q"
    places = ("dream",)
    action_types = {"spirits": {"remove": Lit(True, False)}}
    scores = {"spirits": 0.0}

    def __init__(self):
        self.steps = (Step("spirits", "night", run_spirits, before="missions", rule="rule:anb-q/spirits"),)
        self.decisions = (
            Decision("spirit-mission", {"card": "card"}, spirit_actions, apply_spirit, where=_where_mission,
                     rule="rule:anb-q/spirits"),
        )

    def place_more(self, rules, missing) -> list[str]:
        n = sum(_copies(rules)(c) for c in rules.support["dreams"])
        if n < DREAM_DECK:
            missing.append(f"module:anb/Q: its setup boxes {DREAMS_BOXED} of the {DREAM_DECK} printed dream cards; "
                           f"the bundle has {n}")
        return []

    def prepare(self, rules) -> None:
        rules.dream_pick = deep_sleep_pick

    def arrange(self, g, rng, explo) -> None:
        """The dream deck (already shuffled) loses 9 cards to the box unseen, then takes the module's 9 and is shuffled."""
        s, r = g.s, g.rules
        z = s["z"]
        stacked = list((s["setup"].get("stack") or {}).get("dreams") or [])
        keep = []
        boxed = 0
        while z["dreams"] and boxed < DREAMS_BOXED:
            iid = z["dreams"].pop()
            if s["cards"][iid] in stacked:  # a rule test's stacked dream stays in the deck
                stacked.remove(s["cards"][iid])
                keep.append(iid)
                continue
            z["box"].append(iid)
            boxed += 1
        z["dreams"].extend(keep)
        mine = g.make_cards(self.own(r, "dream"), _copies(r))
        z["dreams"].extend(mine)
        rng.shuffle(z["dreams"])
        g.event("dream-journey", boxed=boxed, added=len(mine), dreams=len(z["dreams"]))

    def observe(self, g, player, obs) -> None:
        # marked backs are seen by everyone: their places in the dream deck, counted from the top
        s = g.s
        obs["dreams_marked"] = [k for k, i in enumerate(reversed(s["z"]["dreams"])) if _marked(g, i)]
        obs["spirits_removed"] = spirits_removed(g)

    def view(self, g, out) -> None:
        out["spirits_removed"] = spirits_removed(g)


def _marked(g, iid) -> bool:
    return "marked-back" in (g.rules.cards[g.s["cards"][iid]].get("marks") or ())


def deep_sleep_pick(g, ctx):
    """Deep Sleep takes the next marked dream from the top of the dream deck; with none marked, the top card."""
    if ctx is None or ctx.card is None or g.s["cards"][ctx.card] != DEEP_SLEEP:
        return None
    return next((i for i in reversed(g.s["z"]["dreams"]) if _marked(g, i)), None)


def spirits_removed(g) -> int:
    """Spirit cards removed lie in the graveyard (the tally beside it is the same count)."""
    s, r = g.s, g.rules
    return sum(1 for i in s["z"]["cemetery"] if r.has_title(s["cards"][i], "Spirit"))


def run_spirits(g):
    """Reading (interpretation:anb-q-spirit-mission): once 3 spirits are removed, the players may remove the
    mission card at the start of the missions step of any night, before the missions resolve."""
    iid = _mission_of(g, "Q")
    if iid is not None and spirits_removed(g) >= SPIRITS_NEEDED:
        g.s["queue"].append({"k": "spirit-mission", "card": iid})


def _where_mission(g, item):
    if item["card"] not in g.s["z"]["missions"]:
        return f"pending decision spirit-mission for card instance {item['card']}, which is no mission card in play"
    return None


def spirit_actions(g, item):
    return [{"type": "spirits", "player": 0, "remove": True,
             "label": f"P0: remove the mission card and heal {SPIRIT_HEAL} damage among all players"},
            {"type": "spirits", "player": 0, "remove": False, "label": "P0: keep the mission card for now"}]


def apply_spirit(g, item, a):
    s = g.s
    s["queue"].pop(0)
    if not a["remove"]:
        g.event("spirit-mission-kept")
        return
    g.move(item["card"], "missions", "cemetery")
    g.event("spirit-mission-removed", card=s["cards"][item["card"]], spirits=spirits_removed(g))
    s["queue"].insert(0, {"k": "heal", "n": SPIRIT_HEAL, "players": list(range(s["players"])), "decider": 0,
                          "optional": False, "by": "rule:anb-q/spirits"})


# ------------------------------------------------------------------ R: the volcano and the rescue
def _is_volcano(g, iid) -> bool:
    c = g.rules.cards[g.s["cards"][iid]]
    return c.get("kind") == "volcano" and c.get("module") == "module:anb/R"


VOLCANO_OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: module R's volcano and rescue."""


def _add_volcano(position: str) -> None:
    """The symbol printed on volcano cards restates module R's rule: each volcano card discarded face down to pay
    for an action brings a skull. The R system plays that rule on every volcano card (its discard listener), so the
    symbol has no effect of its own in an option; written into one, the game is not playable rather than guessed."""
    @VOLCANO_OPS.op("symbol:discard-volcano-cards", position)
    def volcano():
        raise OpError("`symbol:discard-volcano-cards` restates module R's volcano rule, which the module plays for "
                      f"every volcano card; as a {position} in an option it has no meaning of its own")


for _position in VOLCANO_OPS.positions("symbol:discard-volcano-cards"):
    _add_volcano(_position)


@VOLCANO_OPS.op("symbol:rescue-humans", "reward")
def rescue(n=1):
    def run(g, ctx):
        s = g.s
        z = s["z"]
        k = min(n, len(z["rescue"]))
        for _ in range(k):
            g.move(z["rescue"][-1], "rescue", "box")
        s["rescued"] += k
        g.event("rescue", n=k, total=s["rescued"], left=len(z["rescue"]))
    return run


def on_discard(g, payload) -> None:
    """Module R: every volcano card discarded face down as a cost brings 1 skull."""
    player, ids, cost = payload
    if not cost:
        return
    k = sum(1 for i in ids if _is_volcano(g, i))
    if k:
        by = g.by
        g.by = "rule:anb-r/volcano-discard"
        S.add_skulls(g, k, "volcano")
        g.by = by


def run_volcano(g):
    """After each night, before the deal: the top volcano card goes onto the face-down discard pile."""
    z = g.s["z"]
    if not z["volcano"]:
        g.event("volcano-empty")
        return
    iid = z["volcano"].pop()
    z["discard-down"].append(iid)
    g.event("volcano", left=len(z["volcano"]))


def _given_rescued(g, value, used, take) -> None:
    """Rule tests: that many humans of the rescue deck are already saved (in the box)."""
    s = g.s
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= s["rescued"] + len(s["z"]["rescue"]):
        raise ValueError(f"given: rescued is a count of at most {s['rescued'] + len(s['z']['rescue'])}")
    while s["rescued"] < value:
        g.move(s["z"]["rescue"][-1], "rescue", "box")
        s["rescued"] += 1


class ModuleR(ModuleSystem):
    """Rescue 20 humans instead of painting the cave; victory tokens remove skulls; no early sleep; the volcano."""

    name = "anb-r"
    letter = "R"
    places = ("volcano",)
    zones = (
        Zone("volcano", "shared", "count"),
        Zone("rescue", "shared", "count", given=None),
    )
    counters = (Counter("rescued", max=lambda r: r.rescue_total),)
    ops = VOLCANO_OPS
    allows_sleep_early = False
    won_rule = "rule:anb-r/rescue"

    def __init__(self):
        self.steps = (Step("volcano", "night", run_volcano, before="new-day", rule="rule:anb-r/volcano"),)
        self.listeners = (Listener("discard", on_discard),)
        self.given = {"rescued": _given_rescued}

    def place_more(self, rules, missing) -> list[str]:
        humans = sorted(c for c, rec in rules.cards.items()
                        if rec.get("game") == rules.game_id and rec.get("product") == rules.base_product
                        and rec.get("kind") == "person" and rec.get("module") is None)
        rules.rescue_total = sum(_copies(rules)(c) for c in humans)
        if rules.rescue_total < RESCUE_TO_WIN:
            missing.append(f"module:anb/R: the rescue deck needs the base game's {RESCUE_TO_WIN} human cards; "
                           f"the bundle has {rules.rescue_total}")
        return humans

    def prepare(self, rules) -> None:
        rules.victory_removes_skull = True
        for cid, opts in sorted(rules.options.items()):
            if rules.cards[cid].get("kind") == "volcano":
                continue
            if any(sym == "symbol:discard-volcano-cards" for o in opts for sym in o.symbols):
                rules.missing.append(f"{cid}: `discard volcano cards` is understood only on a volcano card")
        # the Wrath of the Fire God card's text is the module's rules, all played here; it has no action to resolve
        line = f"{WRATH}: its options (card face) are not given"
        if line in rules.missing:
            rules.missing.remove(line)

    def arrange(self, g, rng, explo) -> None:
        s, r = g.s, g.rules
        z = s["z"]
        volc = g.make_cards(self.own(r, "volcano"), _copies(r))
        rng.shuffle(volc)
        cut = max(0, len(volc) - VOLCANO_IN_DECKS)
        z["volcano"] = volc[:cut]
        explo.extend(volc[cut:])  # shuffled in with the base cards before the deal
        humans = g.make_cards(self.place_more_ids(r), _copies(r))
        rng.shuffle(humans)
        z["rescue"] = humans

    @staticmethod
    def place_more_ids(r) -> list[str]:
        return [c for c in r.placed if r.cards[c].get("kind") == "person"]

    def won(self, g) -> str | None:
        s = g.s
        if s["rescued"] >= RESCUE_TO_WIN or (s["rescued"] and not s["z"]["rescue"]):
            return f"{s['rescued']} humans rescued"
        return None

    def invariants(self, g) -> list[str]:
        s = g.s
        if s["rescued"] + len(s["z"]["rescue"]) != g.rules.rescue_total:
            return [f"{s['rescued']} rescued and {len(s['z']['rescue'])} waiting, of {g.rules.rescue_total} humans"]
        return []


# ------------------------------------------------------------------ the mission order
class MissionOrder(PaleoSystem):
    """The players decide in which order the mission cards resolve (the A New Beginning rulebook, module R)."""

    name = "anb-missions"
    action_types = {"mission-order": {"card": Instance()}}
    scores = {"mission-order": 0.0}
    rule_sources = {"rule:anb/mission-order": RULES["rule:anb/mission-order"]}

    def __init__(self):
        self.steps = (Step("mission-order", "night", run_mission_order, before="missions",
                           rule="rule:anb/mission-order"),)
        self.decisions = (
            Decision("mission-order", {"order": "list"}, order_actions, apply_order, auto=auto_order,
                     rule="rule:anb/mission-order"),
        )

    def applies(self, setup, bundle) -> bool:
        return "board:farm" in (setup.get("boards") or ())


def run_mission_order(g):
    if len(g.s["z"]["missions"]) > 1:
        g.s["queue"].append({"k": "mission-order", "order": []})


def _unordered(g, item) -> list[int]:
    return [i for i in g.s["z"]["missions"] if i not in item["order"]]


def order_actions(g, item):
    k = len(item["order"]) + 1
    return [{"type": "mission-order", "player": 0, "card": i, "label": f"P0: {S.name(g, i)} resolves as mission {k}"}
            for i in _unordered(g, item)]


def _set_order(g, item) -> None:
    s = g.s
    s["queue"].pop(0)
    order = [i for i in item["order"] if i in s["z"]["missions"]] + _unordered(g, item)
    s["z"]["missions"] = order
    g.event("mission-order", cards=[s["cards"][i] for i in order])


def apply_order(g, item, a):
    item["order"].append(a["card"])
    if len(_unordered(g, item)) <= 1:
        _set_order(g, item)


def auto_order(g, item) -> bool:
    if len(_unordered(g, item)) > 1:
        return False
    _set_order(g, item)
    return True


SYSTEMS = (ModuleM, ModuleN, ModuleO, ModuleP, ModuleQ, ModuleR, MissionOrder)
