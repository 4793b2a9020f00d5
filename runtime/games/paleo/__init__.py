"""The Paleo game definition: the base system now; the farm, Cult Site, sea and star cards plug in as systems."""

from __future__ import annotations

from itertools import combinations

from ...core import GameDefinition, LayoutError, NotPlayable, SetupError
from ...rng import seed_state
from .base import BaseSystem
from .base_decisions import after_given
from .anb_modules import SYSTEMS as ANB_MODULES
from .cult_site import SYSTEMS as CULT_SYSTEMS
from .farm import FarmSystem
from .rules import Rules, rules_for, scenario_modules
from .sea import SYSTEMS as SEA_SYSTEMS
from .star_cards import SYSTEMS as STAR_SYSTEMS
from .system import PaleoSystem
from .tools import ToolsSystem
from .white_hands import SYSTEMS as WHITE_HANDS

ACTION_CAP = 20000
DAY_CAP = 200
STACKABLE = ("people", "dreams", "ideas")
BOARD_PRODUCTS = ("product:anb",)  # products whose board every game with them uses (the farm; the Cult Site is optional)
# action ids are public (`runtime.core.actions`: OpenSpiel, PettingZoo, the serve protocol): the types numbered
# before the systems declared their own keep their numbers, in this order; a type declared since is numbered
# after them, in the order of the systems
NUMBERED = (
    "choose", "sleep", "option", "help", "ignore", "wound", "craft", "share", "meet", "decline", "keep", "seek-help",
    "help-card", "token-option", "animal", "animal-action", "build", "grain-action", "dream", "flute", "heal",
    "idea", "remove", "return-dream", "token", "tool", "trap", "spirits", "night-card", "mission-order", "new-group",
    "release", "care", "spend", "trap-help", "cult-tool", "ritual", "develop", "hazard", "seek", "swap", "swap-done",
    "beside", "keep-beside", "to-cult", "sun-help", "wound-one", "star", "sea", "sea-keep", "raft", "split", "reroll",
)


def paleo_systems() -> tuple:
    """A new instance of every system of Paleo, in play order."""
    # the order of the systems is the order of steps inserted at one place (night step 4: module N's night
    # cards, the Cult Site's altar check, module R's volcano; interpretation:anb-night-order)
    anb = [x() for x in ANB_MODULES]
    at = next(i for i, x in enumerate(anb) if x.name == "anb-r")
    return (BaseSystem(), ToolsSystem(), FarmSystem(), *anb[:at], *(x() for x in CULT_SYSTEMS), *anb[at:],
            *(x() for x in STAR_SYSTEMS), *(x() for x in WHITE_HANDS), *(x() for x in SEA_SYSTEMS))


def merge(systems) -> tuple[dict, dict, dict]:
    """The action encoding, the greedy policy's scores and the rule sources the systems declare, merged; a
    LayoutError for a thing declared twice, an action type without a score or a score of no action type."""
    actions: dict = {}
    scores: dict = {}
    sources: dict = {}
    offered: dict = {}
    for x in systems:
        if not isinstance(x, PaleoSystem):
            raise LayoutError(f"system `{getattr(x, 'name', x)}` is not a PaleoSystem")
        for table, items, what in ((actions, x.action_types, "action type"), (scores, x.scores, "policy score of"),
                                   (sources, x.rule_sources, "rule source of")):
            for key, value in items.items():
                if key in table:
                    raise LayoutError(f"{what} `{key}` declared twice (system `{x.name}`)")
                table[key] = value
        for t in (*x.action_types, *x.extra_types, *x.choose_types):
            offered.setdefault(t, x.name)
    for t, name in offered.items():
        if t not in scores:
            raise LayoutError(f"action type `{t}` of system `{name}` has no greedy policy score (`scores`)")
    for t in scores:
        if t not in offered:
            raise LayoutError(f"a greedy policy score for `{t}`, which no system offers")
    order = [t for t in NUMBERED if t in actions] + [t for t in actions if t not in NUMBERED]
    return {t: actions[t] for t in order}, scores, sources


class PaleoDefinition(GameDefinition):
    id = "game:paleo"
    options = {}

    def __init__(self, systems: tuple | None = None):
        """Paleo with its systems (by default every one, `paleo_systems()`), each a PaleoSystem."""
        self.systems = paleo_systems() if systems is None else tuple(systems)
        self.actions, self.scores, self.rule_sources = merge(self.systems)

    def all_systems(self) -> tuple:
        """Every system of the definition, switched on or not."""
        return self.systems

    def setup_record(self, bundle, *, scenario=None, modules=None, boards=None, options=None) -> dict:
        if scenario is not None and not isinstance(scenario, str):
            raise SetupError("a scenario is named by its id or by module letters joined by `+`")
        if modules is None:
            modules = scenario_modules(bundle, self.id, scenario)
        elif not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
            raise SetupError("modules are a list of module ids")
        if boards is None:
            scen = next((s for s in bundle.get("scenarios", []) if s.get("id") == scenario), None)
            boards = list((scen or {}).get("boards") or [])
        elif not isinstance(boards, list) or not all(isinstance(b, str) for b in boards):
            raise SetupError("boards are a list of board ids")
        known = {b.get("id") for b in bundle.get("boards", []) if isinstance(b, dict)}
        # a product's board comes with its modules (A New Beginning's farm with M to R, and its scenarios)
        scen_rec = next((s for s in bundle.get("scenarios", []) if s.get("id") == scenario), None)
        prods = {m.get("product") for m in bundle.get("modules", []) if m.get("id") in modules}
        if scen_rec is not None:
            prods.add(scen_rec.get("product"))
        for b in bundle.get("boards", []):
            if isinstance(b, dict) and b.get("product") in prods and b.get("product") in BOARD_PRODUCTS \
                    and b["id"] not in boards:
                boards = [*boards, b["id"]]
        for b in boards:
            if b not in known:
                raise SetupError(f"unknown board `{b[:60]}`; the bundle has: {', '.join(sorted(map(str, known))) or 'none'}")
        if options is not None and not isinstance(options, dict):
            raise SetupError("setup options are a mapping")
        # a scenario id is kept; letters such as `A+B` are fully said by the modules
        scen_ids = {s.get("id") for s in bundle.get("scenarios", [])}
        rec = super().setup_record(bundle, scenario=scenario if scenario in scen_ids else None,
                                   modules=list(dict.fromkeys(modules)), boards=[], options=options)
        rec["boards"] = sorted(set(boards))
        return rec

    def rules(self, bundle, setup) -> Rules:
        return rules_for(bundle, self, setup)

    def setups(self, bundle) -> list[dict]:
        """The base game alone, each scenario, level and suggestion the bundle lists, and the base game's
        modules alone and two by two (the base rulebook's setup plays up to `modules_per_scenario` of them)."""
        out = super().setups(bundle)
        game = next((g for g in bundle.get("games") or [] if isinstance(g, dict) and g.get("id") == self.id), {})
        per = int((game.get("parameters") or {}).get("modules_per_scenario") or 1)
        bases = {p.get("id") for p in bundle.get("products") or [] if isinstance(p, dict)
                 and p.get("game") == self.id and p.get("kind") == "base-game"}
        letters = sorted({m["letter"] for m in bundle.get("modules") or [] if isinstance(m, dict)
                          and m.get("game") == self.id and m.get("product") in bases and isinstance(m.get("letter"), str)})
        for k in range(1, per + 1):
            out += [{"id": "+".join(c), "scenario": "+".join(c), "options": {}} for c in combinations(letters, k)]
        return out

    def player_counts(self, bundle, setup) -> tuple[int, ...]:
        r = self.rules(bundle, setup)
        return tuple(range(r.min_players, r.max_players + 1))

    def start(self, cls, bundle, setup, players, seed, check, stack):
        rules = self.rules(bundle, setup)
        if not rules.min_players <= players <= rules.max_players:
            raise SetupError(
                f"{players} players: game `{self.id}` allows {rules.min_players} to {rules.max_players} "
                "(interpretation: one group per player; the 4-player first-game note of the base rulebook's setup "
                "suggests 3 groups, which is a recommendation, not a limit)")
        if check and rules.missing:
            raise NotPlayable(rules.missing)
        if stack:
            setup = dict(setup, stack=self._check_stack(rules, stack))
        return cls.create(rules, setup, players, seed, seed_state(seed))

    @staticmethod
    def _check_stack(rules, stack) -> dict:
        """`stack` (rule tests): card ids put on top of a shuffled support deck, top first, before the setup draws."""
        if not isinstance(stack, dict):
            raise SetupError("a stack is a mapping from a support deck to card ids")
        out = {}
        for zone, cids in sorted(stack.items()):
            if zone not in STACKABLE:
                raise SetupError(f"cannot stack `{str(zone)[:40]}`; stackable decks: {', '.join(STACKABLE)}")
            kind = {"people": "person", "dreams": "dream", "ideas": "idea"}[zone]
            ids = rules.support[zone] + [c for c in getattr(rules, "placed", ()) if rules.cards[c].get("kind") == kind
                                         and c not in rules.support[zone]]  # a module's own (module Q's dreams)
            pool = [c for c in ids for _ in range(int(rules.cards[c].get("copies") or 1))]
            for cid in cids:
                if cid not in pool:
                    raise SetupError(f"cannot stack `{str(cid)[:60]}` on the {zone} deck: no copy left in it")
                pool.remove(cid)
            out[zone] = list(cids)
        return out

    stamp = ("day",)

    def outcome_fields(self, game) -> dict:
        s = game.s
        return {"days": s["day"], "nights": s["nights"], "skulls": s["skulls"], "victory": s["victory"]}

    def after_action(self, game) -> None:
        s = game.s
        if s["actions"] >= ACTION_CAP or s["day"] > DAY_CAP:
            game.end("unfinished", f"cap reached ({ACTION_CAP} actions or {DAY_CAP} days)")

    def after_given(self, game) -> None:
        after_given(game)


PALEO = PaleoDefinition()
