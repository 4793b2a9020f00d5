"""What A New Beginning's modules share: their rule sources, the numbers the book states, and the
`ModuleSystem` each module's system is."""

from __future__ import annotations

from ..system import PaleoSystem


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


def copies(r):
    return lambda cid: int(r.cards[cid].get("copies") or 1)


def mission_of(g, letter) -> int | None:
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
