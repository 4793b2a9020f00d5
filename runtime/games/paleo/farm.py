"""A New Beginning as a system: the farm (stable, grain, expansion tokens, secret tokens), the new humans,
tools and symbols, and the night's additions (food spoils, animals need fences, the hut heals).

It switches on when the setup has the farm board (every A New Beginning scenario and module brings it).
The rules it plays are cited by `RULES`; readings the rulebook leaves open are interpretation records
of the content, named where they are played.
"""

from __future__ import annotations

from ...core import OpError, compile_option
from ...core import Counter, Decision, Field, Listener, Step, Zone
from ...core.actions import Below, Instance, Lit, Seat, Tokens, Zones
from ...core.invariants import is_int
from . import farm_board as B
from . import farm_ops as F
from . import farm_symbols as Y
from . import farm_tokens as T
from . import tool_ops as TO
from . import resolve as R
from .system import PaleoSystem

A = "000_97f291d3c44cb3f7.txt"
FARM = ["The Farm"]
SYMBOLS = ["New Humans, Tools, and Symbols"]
RULES = {
    "rule:farm/setup": (A, ["Setup"]),
    "rule:farm/capture": (A, FARM + ["New Farm Symbols"]),
    "rule:farm/animal-action": (A, FARM + ["Animal Actions"]),
    "rule:farm/grain-action": (A, FARM + ["Grain Actions"]),
    "rule:farm/build": (A, FARM + ["Build Expansion Tokens"]),
    "rule:farm/expansions": (A, FARM + ["Expansion Tokens on the Farm"]),
    "rule:farm/secret-tokens": (A, FARM + ["Secret Tokens on the Farm"]),
    "rule:farm/new-humans": (A, SYMBOLS + ["New Humans"]),
    "rule:farm/new-tools": (A, SYMBOLS + ["New Tools"]),
    "rule:farm/new-symbols": (A, SYMBOLS + ["New Symbols"]),
    "rule:farm/spoil": (A, ["Night Phase", "New Rules"]),
    "rule:farm/animals": (A, ["Night Phase", "New Rules"]),
    "rule:farm/hut": (A, FARM + ["Expansion Tokens on the Farm"]),
}
EXPANSIONS = ("fence", "scythe", "millstone", "hut")
EXPANSION_MAX = {"fence": 3, "scythe": 1, "millstone": 1, "hut": 1}  # 3 fences, 1 scythe, 1 millstone, 1 roof
STABLE_SPACES = 3
FARM_TOKENS = 2
TOKEN_PLACES = ("down", "farm", "farm-pending", "group", "box")  # farm-pending: a 3rd token waits for the limit


def _component_count(bundle: dict, product: str, word: str) -> int | None:
    for p in bundle.get("products", []):
        if p.get("id") != product:
            continue
        for c in p.get("components") or []:
            name = str(c.get("name") or "").lower()
            if name.split(" ")[0] == word and isinstance(c.get("count"), int):
                return c["count"]
    return None


class FarmData:
    """What the farm system reads from the bundle once per rules: animals, secret tokens, expansion costs."""

    def __init__(self, rules, ops):
        r = rules
        self.animals: dict[str, dict] = {}
        self.brings: dict[str, list] = {}
        missing = r.missing
        for cid in r.card_ids_in_play():
            c = r.cards[cid]
            a = c.get("animal")
            if isinstance(a, dict):
                y = a.get("yield")
                yield_opt = None
                if isinstance(y, dict) and y.get("ir") is not None:
                    try:
                        yield_opt = compile_option(0, y.get("text", ""), y["ir"], ops)[0]
                    except OpError as exc:
                        missing.append(f"{cid}: animal yield: {exc}")
                hunt = a.get("hunt")
                self.animals[cid] = {"yield": yield_opt, "hunt": hunt if is_int(hunt, 1) else None}
        for cid in r.support["people"]:
            br = (r.cards[cid].get("person") or {}).get("brings")
            if isinstance(br, dict) and br.get("ir") is not None:
                try:
                    self.brings[cid] = compile_option(0, br.get("text", ""), br["ir"], ops)
                except OpError as exc:
                    missing.append(f"{cid}: what the person brings: {exc}")
        self.tokens: dict[str, dict] = {}
        self.token_by_number: dict[int, str] = {}
        self.token_options: dict[str, list] = {}
        for t in sorted(r.tokens.values(), key=lambda t: t["id"]):
            if t.get("kind") != "secret-token":
                continue
            self.tokens[t["id"]] = t
            if isinstance(t.get("number"), int):
                self.token_by_number[t["number"]] = t["id"]
            opts = []
            for i, o in enumerate(t.get("options") or []):
                if not isinstance(o, dict) or o.get("ir") is None:
                    continue
                try:
                    opts.extend(compile_option(i, o.get("text", ""), o["ir"], ops))
                except OpError as exc:
                    missing.append(f"{t['id']}: option {i + 1}: {exc}")
            self.token_options[t["id"]] = opts
        self.costs: dict[str, object] = {}
        self.improves: dict[str, object] = {}
        for name in EXPANSIONS:
            t = r.tokens.get(f"token:anb/{name}") or {}
            for key, table in (("cost", self.costs), ("improves", self.improves)):
                v = t.get(key)
                if isinstance(v, dict) and v.get("ir") is not None:
                    try:
                        table[name] = compile_option(0, v.get("text", ""), v["ir"], ops)[0]
                    except OpError as exc:
                        missing.append(f"token:anb/{name}: {key}: {exc}")
        # the facts a symbol in play needs, when the bundle does not state them
        used = set(r.symbols_in_play) | {s for o in (o for opts in self.token_options.values() for o in opts)
                                         for s in o.symbols}
        if "symbol:expansion-action" in used:
            for name in EXPANSIONS:
                if name not in self.costs:
                    missing.append(f"token:anb/{name}: the resources that build it are printed on the farm board, "
                                   "not given (needed by the expansion action)")
        if "symbol:grind" in used or "symbol:grain-action" in used:
            if "millstone" not in self.improves and ("symbol:expansion-action" in used or "symbol:millstone" in used):
                missing.append("token:anb/millstone: how the millstone improves grinding is not given")
        if "symbol:harvest" in used or "symbol:grain-action" in used:
            if "scythe" not in self.improves and ("symbol:expansion-action" in used or "symbol:scythe" in used):
                missing.append("token:anb/scythe: how the scythe improves harvesting is not given")
        for cid, opts in r.options.items():
            for o in opts:
                for pos, sym, args in o.calls:
                    if sym == "symbol:capture-animal" and cid not in self.animals:
                        missing.append(f"{cid}: captures itself, but its animal yield is not given")
                    if sym == "symbol:place-token":
                        num = (args.get("token") or {}).get("number")
                        if num not in self.token_by_number:
                            missing.append(f"{cid}: places secret token {num}, whose face is not given")
                        elif not _token_played(self, self.token_by_number[num]):
                            missing.append(f"{cid}: places secret token {num} ({self.token_by_number[num]}), whose "
                                           "rule is stated in words only (no option or skill the engine plays)")
        for cid, a in self.animals.items():
            if a["hunt"] is not None and not any(o.index == a["hunt"] - 1 for o in r.options.get(cid, ())):
                missing.append(f"{cid}: its hunt action is option {a['hunt']}, which the card does not have")


def _token_played(data, tid: str) -> bool:
    """A secret token the engine plays: a farm token's options, or a group token's lasting skills or spared dice."""
    t = data.tokens[tid]
    return bool(data.token_options.get(tid)) or bool(t.get("skills")) or t.get("no_roll_skill") is not None


def _check_tokens(v, s, r):
    if not isinstance(v, dict) or set(v) != set(r.farm.tokens) or not all(x in TOKEN_PLACES for x in v.values()):
        return "secret token places are down, farm, group or box, one per secret token"
    return None


def _check_dreaming(v, s, r):
    if not isinstance(v, list) or not all(is_int(i) and i < len(s["cards"]) for i in v) or len(set(v)) != len(v):
        return "dreaming people are a list of card instances"
    return None


class FarmSystem(PaleoSystem):
    name = "farm"
    action_types = {
        "token-option": {"option": Below(8), "variant": Below(8)},
        "animal": {"animal": Instance()}, "animal-action": {"what": Lit("stable", "slaughter"), "animal": Instance()},
        "build": {"expansion": Lit("fence", "hut", "millstone", "scythe")},
        "grain-action": {"what": Lit("harvest", "grind")}, "dream": {"person": Instance()},
        "flute": {"to": Seat()}, "idea": {"idea": Instance()},
        "remove": {"zone": Zones(), "target": Instance()}, "return-dream": {"from": Seat()},
        "token": {"back": Tokens()}, "new-group": {"who": Seat()}, "release": {"animal": Instance()},
        "care": {"animal": Instance(), "pay": Lit(True, False)},
    }
    scores = dict.fromkeys(action_types, 0.0)
    rule_sources = RULES
    product = "product:anb"
    boards = ("board:farm",)
    replaces = ("base", "person")   # the new base cards and humans instead of the old (Setup)
    resources = ("grain", "pelt", "obsidian")
    zones = (
        Zone("stable", "shared", "public", key="stable", holds="animal", listens=True, given="bottom-first"),
        Zone("kept", "player", "public", key="kept", listens=True, given="bottom-first"),
    )
    counters = (
        Counter("built", keys=EXPANSIONS, max=lambda r: EXPANSION_MAX,
                initial=lambda r: {"fence": 1, "scythe": 0, "millstone": 0, "hut": 0}),
    )
    fields = (
        Field("tokens", initial=lambda r, n: dict.fromkeys(r.farm.tokens, "down"), check=_check_tokens),
        Field("dreaming", initial=lambda r, n: [], check=_check_dreaming),
    )

    def __init__(self):
        self.ops = F.OPS
        self.steps = (
            Step("spoil", "night", run_spoil, after="night-cards", rule="rule:farm/spoil"),
            Step("animals", "night", run_animals, after="spoil", rule="rule:farm/animals"),
            Step("hut", "night", run_hut, after="animals", rule="rule:farm/hut"),
        )
        self.decisions = (
            Decision("release", {"card": "card", "player": "player"}, B.release_actions, B.apply_release,
                     auto=B.auto_release, rule="rule:farm/capture"),
            Decision("pick-animal", {"to": "str", "player": "player", "why": "str"}, B.pick_animal_actions,
                     B.apply_pick_animal, auto=B.auto_pick_animal, rule="rule:farm/capture"),
            Decision("animal-action",
                     {"player": "player", "helpers": "players", "only": "str~", "trigger": "bool~"},
                     B.animal_actions, B.apply_animal_action, auto=B.auto_animal_action,
                     rule="rule:farm/animal-action"),
            Decision("grain-action", {"player": "player", "helpers": "players", "trigger": "bool~"},
                     B.grain_actions, B.apply_grain_action, auto=B.auto_grain_action, rule="rule:farm/grain-action"),
            Decision("build", {"player": "player", "helpers": "players"}, B.build_actions, B.apply_build,
                     rule="rule:farm/build"),
            Decision("care", {"left": "count", "kept": "list"}, B.care_actions, B.apply_care, rule="rule:farm/animals"),
            Decision("token-limit", {"token": "str"}, T.token_limit_actions, T.apply_token_limit,
                     rule="rule:farm/secret-tokens"),
            Decision("token-trigger", {"token": "str", "player": "player", "symbol": "str"},
                     T.token_trigger_actions, T.apply_token_trigger, rule="rule:paleo/on-symbol"),
            Decision("special", {"what": "dict", "players": "players", "decider": "player"}, Y.special_actions,
                     Y.apply_special, auto=Y.auto_special, rule="rule:farm/new-symbols"),
            Decision("return-dreams", {"n": "count", "players": "players", "decider": "player"},
                     Y.return_dreams_actions, Y.apply_return_dreams, auto=Y.auto_return_dreams,
                     rule="rule:farm/new-symbols"),
            Decision("dream-person", {"player": "player", "awaken": "bool"}, Y.dream_person_actions,
                     Y.apply_dream_person, auto=Y.auto_dream_person, rule="rule:farm/new-symbols"),
            Decision("new-group", {"players": "players", "n": "count"}, Y.new_group_actions, Y.apply_new_group,
                     auto=Y.auto_new_group, rule="rule:farm/new-symbols"),
            Decision("flute", {"players": "players", "cards": "list"}, Y.flute_actions, Y.apply_flute,
                     auto=Y.auto_flute, where=Y.where_flute, rule="rule:farm/new-tools"),
            Decision("pick-ideas", {"n": "count", "player": "player"}, Y.pick_ideas_actions, Y.apply_pick_ideas,
                     auto=Y.auto_pick_ideas, rule="rule:farm/new-symbols"),
        )
        self.listeners = (
            Listener("symbol", T.on_symbol_tokens),
            Listener("join", F.on_join),
        )
        self.given = {"tokens": F.given_tokens, "dreaming": F.given_dreaming, "built": F.given_built}

    extra_types = ("flute",)

    def resolve_extras(self, g, p) -> list[dict]:
        """A resolving player (or their helper) may play the flute: 2 cards from the face-down discard pile."""
        s = g.s
        flute = g.rules.tool_id("flute")
        if not s["z"]["discard-down"]:
            return []
        if any(s["tools"][q].get(flute, 0) for q in [p, *R.helpers_of(g, p)]):
            return [{"type": "flute", "player": p, "label": f"P{p}: play the flute (2 cards from the face-down discard pile onto the deck)"}]
        return []

    def apply_extra(self, g, a) -> None:
        s = g.s
        p = a["player"]
        flute = g.rules.tool_id("flute")
        players = [p, *R.helpers_of(g, p)]
        owner = next(q for q in players if s["tools"][q].get(flute, 0))
        g.by = "rule:farm/new-tools"
        TO.spend_held(g, owner, flute)
        cards = list(reversed(s["z"]["discard-down"][-2:]))  # the top two, top first
        s["queue"].insert(0, {"k": "flute", "players": players, "cards": cards})

    def applies(self, setup, bundle) -> bool:
        return "board:farm" in (setup.get("boards") or ())

    def resource_stock(self, bundle) -> dict:
        out = {}
        for res in ("grain", "obsidian"):
            n = _component_count(bundle, "product:anb", res)
            if n is not None:
                out[res] = n
        return out

    def prepare(self, rules) -> None:
        rules.farm = FarmData(rules, rules.layout.ops)

    def setup(self, g) -> None:
        g.event("farm", fences=g.s["built"]["fence"], grain_supply=g.rules.res_stock.get("grain"),
                tokens_down=len(g.s["tokens"]))

    def observe(self, g, player, obs) -> None:
        s = g.s
        obs["built"] = dict(s["built"])
        obs["tokens"] = dict(s["tokens"])  # where each token lies; a face-down one shows only that it is down
        obs["dreaming"] = list(s["dreaming"])

    def view(self, g, out) -> None:
        s = g.s
        out["tokens"] = {t.split("/")[-1]: p for t, p in s["tokens"].items()}
        out["dreaming"] = [s["cards"][i] for i in s["dreaming"]]

    def invariants(self, g) -> list[str]:
        s = g.s
        out = []
        if len(s["z"]["stable"]) > STABLE_SPACES:
            out.append(f"the stable holds {len(s['z']['stable'])} animals in {STABLE_SPACES} spaces")
        on_farm = [t for t, p in s["tokens"].items() if p == "farm"]
        if len(on_farm) > FARM_TOKENS:
            out.append(f"{len(on_farm)} secret tokens on the farm, at most {FARM_TOKENS}")
        for t, p in s["tokens"].items():
            held = sum(s["tools"][q].get(t, 0) for q in range(s["players"]))
            if (p == "group") != (held == 1) or held > 1:
                out.append(f"secret token {t} is `{p}` but {held} groups hold it")
        groups = {i for q in range(s["players"]) for i in s["z"][f"group/{q}"]}
        for i in s["dreaming"]:
            if i not in groups:
                out.append(f"{s['cards'][i]} dreams but is in no group")
        for q in range(s["players"]):
            grp = s["z"][f"group/{q}"]
            if grp and all(i in s["dreaming"] for i in grp) and g.s["z"]["people"]:
                out.append(f"every person of player {q} dreams, and the people deck still has cards")
        return out


# ------------------------------------------------------------------ night
def run_spoil(g):
    """Food spoils: what the camp still holds after feeding and the missions returns to the supply."""
    s = g.s
    left = s["res"].get("food", 0)
    if left:
        s["res"]["food"] = 0
    g.event("food-spoils", n=left)


def run_animals(g):
    """Animals beyond the fences leave for the face-up discard pile, unless 1 grain each keeps them."""
    s = g.s
    over = len(s["z"]["stable"]) - s["built"]["fence"]
    if over > 0:
        s["queue"].append({"k": "care", "left": over, "kept": []})


def run_hut(g):
    """With its roof on, the hut heals up to 2 damage, from one or two people of any groups."""
    s = g.s
    if s["built"]["hut"]:
        s["queue"].append({"k": "heal", "n": 2, "players": list(range(s["players"])), "decider": 0, "optional": True})
        if "symbol:hut" not in s["used"]:  # the roofed hut plays its part
            s["used"].append("symbol:hut")
