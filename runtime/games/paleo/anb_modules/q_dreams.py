"""Module Q: the dream journey, Deep Sleep and the spirits on the mission."""

from __future__ import annotations

from ....core import Decision, Step
from ....core.actions import Lit
from .common import DEEP_SLEEP, DREAMS_BOXED, DREAM_DECK, ModuleSystem, SPIRITS_NEEDED, SPIRIT_HEAL, copies, mission_of


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
        n = sum(copies(rules)(c) for c in rules.support["dreams"])
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
        mine = g.make_cards(self.own(r, "dream"), copies(r))
        z["dreams"].extend(mine)
        rng.shuffle(z["dreams"])
        g.event("dream-journey", boxed=boxed, added=len(mine), dreams=len(z["dreams"]))

    def observe(self, g, player, obs) -> None:
        # marked backs are seen by everyone: their places in the dream deck, counted from the top
        s = g.s
        obs["dreams_marked"] = [k for k, i in enumerate(reversed(s["z"]["dreams"])) if marked(g, i)]
        obs["spirits_removed"] = spirits_removed(g)

    def view(self, g, out) -> None:
        out["spirits_removed"] = spirits_removed(g)


def marked(g, iid) -> bool:
    return "marked-back" in (g.rules.cards[g.s["cards"][iid]].get("marks") or ())


def deep_sleep_pick(g, ctx):
    """Deep Sleep takes the next marked dream from the top of the dream deck; with none marked, the top card."""
    if ctx is None or ctx.card is None or g.s["cards"][ctx.card] != DEEP_SLEEP:
        return None
    return next((i for i in reversed(g.s["z"]["dreams"]) if marked(g, i)), None)


def spirits_removed(g) -> int:
    """Spirit cards removed lie in the graveyard (the tally beside it is the same count)."""
    s, r = g.s, g.rules
    return sum(1 for i in s["z"]["cemetery"] if r.has_title(s["cards"][i], "Spirit"))


def run_spirits(g):
    """Reading (interpretation:anb-q-spirit-mission): once 3 spirits are removed, the players may remove the
    mission card at the start of the missions step of any night, before the missions resolve."""
    iid = mission_of(g, "Q")
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
