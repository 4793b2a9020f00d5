"""Module R: the volcano cards, the rescue count and what the volcano ends."""

from __future__ import annotations

from ....core import OpTable
from ....core import Counter, Listener, Step, Zone
from .. import state as S
from ..registry_data import SYMBOLS
from .common import ModuleSystem, RESCUE_TO_WIN, VOLCANO_IN_DECKS, WRATH, copies


# ------------------------------------------------------------------ R: the volcano and the rescue
def _is_volcano(g, iid) -> bool:
    c = g.rules.cards[g.s["cards"][iid]]
    return c.get("kind") == "volcano" and c.get("module") == "module:anb/R"


VOLCANO_OPS = OpTable(SYMBOLS)
"""(symbol id, position) -> op: module R's volcano and rescue."""


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
        rules.rescue_total = sum(copies(rules)(c) for c in humans)
        if rules.rescue_total < RESCUE_TO_WIN:
            missing.append(f"module:anb/R: the rescue deck needs the base game's {RESCUE_TO_WIN} human cards; "
                           f"the bundle has {rules.rescue_total}")
        return humans

    def prepare(self, rules) -> None:
        rules.victory_removes_skull = True
        # the Wrath of the Fire God card's text is the module's rules, all played here; it has no action to resolve
        line = f"{WRATH}: its options (card face) are not given"
        if line in rules.missing:
            rules.missing.remove(line)

    def arrange(self, g, rng, explo) -> None:
        s, r = g.s, g.rules
        z = s["z"]
        volc = g.make_cards(self.own(r, "volcano"), copies(r))
        rng.shuffle(volc)
        cut = max(0, len(volc) - VOLCANO_IN_DECKS)
        z["volcano"] = volc[:cut]
        explo.extend(volc[cut:])  # shuffled in with the base cards before the deal
        humans = g.make_cards(self.place_more_ids(r), copies(r))
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
