"""PaleoVet's static rules, read once from the bundle for one setup: dinos, upgrades, solo cards, dice, prices, effects."""

from __future__ import annotations

from ...bundle import BundleError, check_version
from ...core import Layout, OpError, compile_option
from .ops import static_of

GAME = "game:paleovet"
MODES = ("standard", "casual", "light", "solo")
ICONS = ("antibiotic", "antiviral", "surgery", "tranquilizer dart")
TREATMENTS = ("antibiotic", "antiviral", "surgery")
WILD = "dna"
COLOURS = ("purple", "teal", "yellow")
# interpretation:paleovet-mode-players: solo mode is the game for one; the others are played by 2 to 4
MODE_PLAYERS = {"standard": (2, 4), "casual": (2, 4), "light": (2, 4), "solo": (1, 1)}


def _count_of(components, words: tuple[str, ...]):
    for c in components or ():
        name = str(c.get("name") or "").lower()
        if all(w in name for w in words) and isinstance(c.get("count"), int):
            return c["count"]
    return None


class VetRules:
    """The static half of a PaleoVet game: everything fixed by the bundle and the mode (shared by its states)."""

    def __init__(self, bundle: dict, definition, setup: dict):
        check_version(bundle)
        self.bundle = bundle
        self.definition = definition
        self.setup = setup
        self.game_id = GAME
        self.mode = setup["options"].get("mode", "standard")
        self.layout = Layout(definition.active(setup, bundle))
        # the definition was found for this game of the bundle (definition_for), so the bundle has it
        self.game = next(g for g in bundle["games"] if g.get("id") == GAME)
        params = self.game.get("parameters") or {}
        self.min_players, self.max_players = MODE_PLAYERS[self.mode]
        missing: list[str] = []
        self.gaps: list[str] = []

        def param(name, default=None):
            v = params.get(name, default)
            if not isinstance(v, int) or isinstance(v, bool):
                missing.append(f"game parameter `{name}`: not given (null in the bundle)")
                return 0
            return v
        self.stacks = param("field_stacks")
        self.per_stack = param("dinos_per_stack")
        self.upgrades_per_stack = param("upgrades_per_stack")
        self.hospital_limit = param("hospital_limit")
        self.white_dice = param("starting_white_dice")
        self.start_dna = param("starting_dna_tokens")
        self.max_specialty = param("max_specialty_dice")
        self.upgrade_cost = param("upgrade_research_cost")
        self.die_cost = param("specialty_die_cost")
        self.dna_cost = param("dna_token_cost")
        self.admission_below = 4  # step 3 says "fewer than 4" in so many words, whatever the hospital limit

        prod = next((p for p in bundle.get("products", []) if p.get("game") == GAME), {})
        comps = prod.get("components") or []
        self.dna_total = _count_of(comps, ("dna",)) or 0
        self.sleep_total = _count_of(comps, ("sleep",)) or 0
        self.specialty_per_colour = {c: _count_of(comps, (c,)) or 0 for c in COLOURS}
        if not self.dna_total:
            missing.append("DNA tokens: their number is not in the product's components")
        if not self.sleep_total:
            missing.append("sleep tokens: their number is not in the product's components")

        self.cards = {c["id"]: c for c in bundle.get("cards", []) if c.get("game") == GAME}
        by_kind: dict[str, list[str]] = {}
        for cid in sorted(self.cards):
            by_kind.setdefault(self.cards[cid].get("kind"), []).append(cid)
        copies = lambda cid: int(self.cards[cid].get("copies") or 1)  # noqa: E731
        self.dinos = by_kind.get("dino", [])
        self.upgrades = by_kind.get("upgrade", []) if self.mode in ("standard", "solo") else []
        self.solo_cards = by_kind.get("solo", []) if self.mode == "solo" else []
        want_dinos = self.stacks * self.per_stack
        have = sum(copies(c) for c in self.dinos)
        if have < want_dinos:
            missing.append(f"dino cards: {have} of the {want_dinos} the field needs ({self.stacks} stacks of {self.per_stack})")
        for cid in self.dinos:
            c = self.cards[cid]
            bad = [k for k in ("sleep", "points", "diet", "order") if c.get(k) is None]
            if bad or not c.get("treatments"):
                missing.append(f"{cid}: {', '.join(bad + ([] if c.get('treatments') else ['treatments']))} not given")
            elif any(t not in TREATMENTS for t in c["treatments"]):
                missing.append(f"{cid}: a required treatment that is not antibiotic, antiviral or surgery")
        if self.upgrades or self.mode in ("standard", "solo"):
            want_up = self.stacks * self.upgrades_per_stack
            have_up = sum(copies(c) for c in by_kind.get("upgrade", []))
            if have_up < want_up:
                missing.append(f"upgrade cards: {have_up} of the {want_up} the field needs")
        if self.mode == "solo":
            if not self.solo_cards:
                missing.append("solo mode cards: none in the bundle")
            for cid in self.solo_cards:
                marks = self.cards[cid].get("solo")
                if not isinstance(marks, dict):
                    missing.append(f"{cid}: which stacks it marks is not given")

        dice = {d.get("color"): d for d in bundle.get("dice", []) if d.get("game") == GAME}
        self.faces: dict[str, list[str]] = {}
        for colour in ("white", *COLOURS):
            f = (dice.get(colour) or {}).get("faces")
            if not f:
                missing.append(f"die:{colour}: its faces are not given")
                continue
            self.faces[colour] = [str(x) for x in f]
        self.white_stock = int((dice.get("white") or {}).get("count") or 0)

        # the effects: the dinos' (never in light mode) and the upgrades'
        self.options: dict[str, list] = {}
        ops = self.layout.ops
        with_effects = ([] if self.mode == "light" else self.dinos) + self.upgrades
        for cid in with_effects:
            opts = []
            for i, o in enumerate(self.cards[cid].get("options") or []):
                ir = o.get("ir") if isinstance(o, dict) else None
                if ir is None:
                    missing.append(f"{cid}: option {i + 1} has no compiled effect")
                    continue
                try:
                    variants = compile_option(i, o.get("text", ""), ir, ops)
                except OpError as exc:
                    missing.append(f"{cid}: option {i + 1}: {exc}")
                    continue
                for v in variants:
                    problem = _refused(self.cards[cid], v)
                    if problem:
                        missing.append(f"{cid}: option {i + 1}: {problem}")
                opts.extend(variants)
            self.options[cid] = opts
        for cid in self.upgrades:
            if not self.options.get(cid):
                missing.append(f"{cid}: its effect (card face) is not given")
        self.missing = missing
        self.symbols_in_play = sorted({sym for opts in self.options.values() for o in opts for sym in o.symbols})
        self._instances = None

    def card_instances(self) -> list[str]:
        if self._instances is None:
            ids = self.dinos + self.upgrades + self.solo_cards
            self._instances = sorted(cid for cid in ids for _ in range(int(self.cards[cid].get("copies") or 1)))
        return self._instances

    def card_ids_in_play(self) -> list[str]:
        return sorted(set(self.card_instances()))

    def name(self, cid: str) -> str:
        return (self.cards.get(cid) or {}).get("name") or cid.split("/")[-1]

    def dino(self, cid: str) -> dict:
        return self.cards.get(cid) or {}

    def is_dino(self, cid: str) -> bool:
        return (self.cards.get(cid) or {}).get("kind") == "dino"

    def is_upgrade(self, cid: str) -> bool:
        return (self.cards.get(cid) or {}).get("kind") == "upgrade"

    def is_carnivore(self, cid: str) -> bool:
        return (self.cards.get(cid) or {}).get("diet") == "carnivore"


def _refused(card: dict, opt) -> str | None:
    """What the runtime does not play in an option of a dino or an upgrade, named (refuse rather than misplay)."""
    if opt.dice or opt.each_dice or opt.everyone:
        return "dice rolls and `everyone:` clauses have no meaning on a PaleoVet card"
    # (a cost never gets here: no PaleoVet op takes the cost position, so compiling one is refused first)
    if opt.trigger not in (None, "revealed", "on"):
        return f"`{opt.trigger}` options are not played in PaleoVet"
    if opt.trigger == "revealed" and not card.get("alert"):
        return "a `when revealed:` option is an ALERT!, which only a dino with the ALERT! banner has"
    if opt.trigger == "revealed" and card.get("kind") != "dino":
        return "only a dino is turned up in the field"
    if opt.trigger == "on" and opt.on not in ("symbol:tranquilize", "symbol:treat"):
        return f"`on {opt.on}` is not an event of PaleoVet's dinos (on tranquilize, on treat)"
    statics = [static_of(fn) for _, fn in opt.effects]
    if any(statics) and (opt.trigger is not None or not all(statics) or opt.negative):
        return "a lasting effect (a discount, a protection, a limit, bonus points) stands alone in its option"
    if opt.forbid:
        return "`not` filters are not played on PaleoVet cards"
    return None


_CACHE: dict = {}


def rules_for(bundle: dict, definition, setup: dict) -> VetRules:
    key = (id(bundle), id(definition), tuple(sorted(setup["options"].items())))
    hit = _CACHE.get(key)
    if hit is not None and hit.bundle is bundle:
        return hit
    if len(_CACHE) > 32:
        _CACHE.clear()
    try:
        r = VetRules(bundle, definition, setup)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BundleError(f"the bundle is malformed: {type(exc).__name__}: {exc}") from None
    _CACHE[key] = r
    return r
