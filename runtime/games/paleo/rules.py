"""Paleo's static rules, read once from the bundle for one setup: cards, runnable options, decks, stocks, listeners."""

from __future__ import annotations

from ...bundle import BundleError, check_version
from ...core import Layout, OpError, SetupError, compile_option
from .state import SKILLS


RED_BACKS = frozenset({"danger"})
WORKBENCH_PARAMS = {"workbench_torches": "torch", "workbench_stone_axes": "stone-axe", "workbench_spears": "spear"}
SUPPORT_KINDS = {"person": "people", "dream": "dreams", "idea": "ideas"}


def _local(id_: str) -> str:
    return id_.split(":", 1)[-1].split("/")[-1]


class Rules:
    """The static half of a game: everything fixed by the bundle, the game id and the modules chosen.

    Shared by every state of that game (clones and JSON round trips reuse it).
    """

    def __init__(self, bundle: dict, definition, setup: dict):
        check_version(bundle)
        self.bundle = bundle
        self.definition = definition
        self.setup = setup
        self.game_id = definition.id
        self.layout = Layout(definition.active(setup, bundle))
        self._read_game(bundle)
        mods = self._read_products(bundle, setup["modules"])
        missing: list[str] = []  # what keeps this setup from being playable, in the order it is found
        self.gaps: list[str] = []
        self._choose_cards(bundle, missing)
        self._choose_secrets(bundle, setup, mods)
        self._check_counts(mods, missing)
        self._read_people(missing)
        in_play, uses_dice = self._compile_options(missing)
        self._check_dice_and_boards(bundle, setup, uses_dice, missing)
        self.missing = missing
        self._index(bundle, in_play, missing)
        for x in self.layout.systems:  # the systems read what else they need (the farm: animals, tokens, costs)
            x.prepare(self)

    def _read_game(self, bundle: dict) -> None:
        """The game record and the parameters it states (victory target, skull limit, players ...)."""
        game = self.game_id
        games = {g["id"]: g for g in bundle.get("games", [])}
        if game not in games:
            raise SetupError(f"unknown game `{game}`; the bundle has: {', '.join(sorted(games)) or 'none'}")
        self.game = games[game]
        params = self.game.get("parameters") or {}
        self.victory_target = int(params.get("victory_tokens_to_win") or 5)
        self.skull_limit = int(params.get("skulls_to_lose") or 5)
        self.extra_skulls = 0  # skull tokens beyond the limit a system may bring (the Cult Site's sixth)
        self.tie_result = params.get("tie_result") or "win"
        self.starting_food = int(params.get("starting_food", 5) or 0)
        self.people_per_group = int(params.get("people_per_starting_group") or 2)
        self.backs_seen = int(params.get("backs_seen_when_choosing") or 3)
        players = self.game.get("players") or {}
        self.min_players = int(players.get("min") or 1)
        self.max_players = int(players.get("max") or 4)

    def _read_products(self, bundle: dict, modules: list) -> dict:
        """The chosen modules, the products in play and what their systems replace, the tokens and the stocks;
        returns the bundle's module records by id."""
        game = self.game_id
        params = self.game.get("parameters") or {}
        mods = {m["id"]: m for m in bundle.get("modules", [])}
        for m in modules:
            if m not in mods:
                raise SetupError(f"unknown module `{m}`")
        self.modules = list(modules)
        self.cards = {c["id"]: c for c in bundle.get("cards", [])}
        products = [p for p in bundle.get("products", []) if p.get("game") == game]
        base_products = [p["id"] for p in products if p.get("kind") == "base-game"]
        self.base_product = base_products[0] if base_products else None
        # an expansion's system brings its product's cards; `replaces` names the card kinds whose set the
        # expansion swaps for its own (A New Beginning: the base card set and the people)
        self.expansions = [x.product for x in self.layout.systems if x.product]
        self.products_in_play = {self.base_product, *self.expansions}
        replaced: dict[str, str] = {}
        for x in self.layout.systems:
            for kind in x.replaces:
                replaced[kind] = x.product
        self.replaced = replaced

        self.extra_skulls = sum(int(x.extra_skulls) for x in self.layout.systems)
        # what the greedy policy reckons a reward symbol worth, as the systems in play declare it
        self.reward_values = {sym: v for x in self.layout.systems for sym, v in x.reward_values.items()}
        # resolution kinds whose helpers share the rewards, as the systems in play declare them
        self.shared_kinds = frozenset(k for x in self.layout.systems for k in x.shared_kinds)
        self.tokens = {t["id"]: t for t in bundle.get("tokens", []) if t.get("game") == game}
        self.tool_by_name = {}
        for t in self.tokens.values():
            if t.get("kind") in ("tool", "cult-tool"):
                self.tool_by_name[_local(t["id"])] = t["id"]
                if t.get("name"):
                    self.tool_by_name[t["name"].lower()] = t["id"]
        self.tool_stock = {}
        # tools that add a skill while held (bow & arrow, shell necklace, obsidian tokens), as the tokens state
        self.tool_skills = {t["id"]: {k: int(v) for k, v in t["skills"].items() if k in SKILLS and isinstance(v, int)}
                            for t in self.tokens.values() if isinstance(t.get("skills"), dict)}
        # tokens that spare the dice of a requirement of up to some amount of one skill (Obsidian Jewelry)
        self.no_roll = {t["id"]: (t["no_roll_skill"], int(t["no_roll_up_to"])) for t in self.tokens.values()
                        if t.get("no_roll_skill") in SKILLS and isinstance(t.get("no_roll_up_to"), int)}
        self.resources = ("food", "wood", "stone") + tuple(
            r for x in self.layout.systems for r in x.resources)
        self.res_stock: dict[str, int] = {}
        for x in self.layout.systems:
            self.res_stock.update(x.resource_stock(bundle))
        for param, local in WORKBENCH_PARAMS.items():
            tid = self.tool_by_name.get(local)
            if tid and isinstance(params.get(param), int):
                self.tool_stock[tid] = params[param]
        return mods

    def _choose_cards(self, bundle: dict, missing: list[str]) -> None:
        """Which cards take part: the base set, the support decks, secrets, missions, module cards, the boxed
        cards, and what the systems lay out themselves."""
        game = self.game_id
        replaced = self.replaced
        sel = set(self.modules)
        self.base_set: list[str] = []
        self.support: dict[str, list[str]] = {"people": [], "dreams": [], "ideas": []}
        self.secret_cards: dict[int, list[str]] = {}
        self.missions: list[str] = []
        module_cards: list[str] = []
        self.module_extra: dict[str, list[str]] = {}
        self.boxed: list[str] = []
        # a secret record may name the card with its face (`card:`), when the card itself prints no number
        linked = {sec["card"]: sec["number"] for sec in bundle.get("secrets", [])
                  if isinstance(sec.get("card"), str) and isinstance(sec.get("number"), int)}
        self.linked_numbers = linked
        for cid in sorted(self.cards):
            c = self.cards[cid]
            if c.get("game") != game:
                continue
            kind, prod, mod = c.get("kind"), c.get("product"), c.get("module")
            if mod is not None and mod not in sel:
                continue
            if mod is None and prod not in self.products_in_play:
                continue
            if mod is None and kind in replaced and prod != replaced[kind]:
                continue
            if c.get("deck_known") is False:  # a card whose deck the rulebook does not give is dealt to no one:
                self.boxed.append(cid)           # it waits in the box (rule tests may still lay it out)
                continue
            if kind == "base" and mod is None:
                self.base_set.append(cid)
            elif kind in SUPPORT_KINDS and mod is None:
                self.support[SUPPORT_KINDS[kind]].append(cid)
            elif kind == "secret" and c.get("number"):
                self.secret_cards.setdefault(c["number"], []).append(cid)
            elif kind == "secret" and cid in linked:  # its number comes from the secret record's `card:` link
                self.secret_cards.setdefault(linked[cid], []).append(cid)
            elif kind == "mission" and mod is not None:
                self.missions.append(cid)
            elif mod is not None and kind in ("module", "base"):
                module_cards.append(cid)
            elif mod is not None:
                # a module's other cards (camp, night, volcano, idea, dream): its system places them
                self.module_extra.setdefault(kind, []).append(cid)
        self.exploration = self.base_set + module_cards
        # cards a module system lays out itself (a camp card, night or volcano decks, module dreams, humans to
        # rescue); `place(rules)` returns their ids and may add a module's ideas to the support decks
        self.placed: list[str] = []
        for x in self.layout.systems:
            self.placed.extend(x.place(self, missing))

    def _choose_secrets(self, bundle: dict, setup: dict, mods: dict) -> None:
        # the secrets of the chosen modules, plus numbered secret cards of the base product itself that no module
        # lists and no product's setup needs: a secret a module lists is needed only with that module (A New
        # Beginning's setup: "as with the secret cards from the base game, you need these only for specific modules")
        listed = {n for m in mods.values() for n in m.get("secrets") or ()}
        listed |= {sec.get("number") for sec in bundle.get("secrets", []) if sec.get("always_needed")}
        base_secrets = {n for n, cs in self.secret_cards.items() for c in cs
                        if self.cards[c].get("module") is None and self.cards[c].get("product") == self.base_product
                        and n not in listed}
        # secrets a product or board in play always needs (A New Beginning: 6 and 7)
        needed_by = self.products_in_play | set(setup["boards"])
        always = {sec.get("number") for sec in bundle.get("secrets", [])
                  if set(sec.get("always_needed") or ()) & needed_by and isinstance(sec.get("number"), int)}
        self.secret_numbers = sorted({n for m in self.modules for n in mods[m].get("secrets", [])} | base_secrets | always)

    def _check_counts(self, mods: dict, missing: list[str]) -> None:
        """A missing part of the setup is named: the base set, a module's card faces against its printed count,
        a secret's face, the support decks."""
        game = self.game_id
        if not self.base_set:
            missing.append("base card set (1): the bundle has no card of kind `base` for the base game, so no exploration deck can be dealt")
        per_module: dict[str, int] = {}
        # every card of a module counts toward its printed count, copies included, but a secret: a numbered secret
        # counts with its product, never with the module that lists it (compiler.coverage.counted_module)
        for c in self.cards.values():
            if c.get("module") is not None and c.get("game") == game and c.get("kind") != "secret":
                per_module[c["module"]] = per_module.get(c["module"], 0) + int(c.get("copies") or 1)
        for m in self.modules:
            mod = mods[m]
            have = per_module.get(m, 0)
            printed = mod.get("printed_cards")
            if have == 0:
                missing.append(f"{m}: no card faces (printed count {'unknown' if printed is None else printed})")
            elif printed is not None and have < printed:
                missing.append(f"{m}: {printed - have} of {printed} printed cards missing")
        for n in self.secret_numbers:
            if n not in self.secret_cards:
                missing.append(f"secret:{n}: its card face is not in the bundle")
        if len(self.support["people"]) == 0:
            missing.append("people cards (2): no person card in the bundle")
        if not self.support["dreams"]:
            missing.append("dream cards (3): no dream card in the bundle")
        if not self.support["ideas"]:
            missing.append("idea cards (4): no idea card in the bundle")


    def _read_people(self, missing: list[str]) -> None:
        self.persons: dict[str, dict] = {}
        for cid in self.support["people"]:
            p = self.cards[cid].get("person")
            if not isinstance(p, dict) or not isinstance(p.get("hearts"), int):
                missing.append(f"{cid}: skills, hearts and tools of the person are not given")
                continue
            self.persons[cid] = {
                "strength": int(p.get("strength") or 0), "awareness": int(p.get("awareness") or 0),
                "craftsmanship": int(p.get("craftsmanship") or 0), "hearts": int(p["hearts"]),
                "tools": [self.tool_id(t) for t in p.get("tools") or []],
            }


    def _compile_options(self, missing: list[str]) -> tuple[list[str], bool]:
        """Every option of every card in play compiled against the op table; returns the cards in play and
        whether any option rolls dice."""
        ops = self.layout.ops
        self.options: dict[str, list] = {}
        self.variants: dict[str, dict[int, int]] = {}
        in_play = self.exploration + self.boxed + self.missions + self.support["dreams"] + self.support["ideas"] + [
            c for n in self.secret_numbers for c in self.secret_cards.get(n, [])] + [
            c for c in self.placed if self.cards[c].get("kind") != "person"]
        uses_dice = False
        for cid in in_play:
            c = self.cards[cid]
            if c.get("back") is None and c.get("kind") not in ("mission", "camp"):  # both lie face up
                missing.append(f"{cid}: card back not given")
            opts = []
            for i, o in enumerate(c.get("options") or []):
                ir = o.get("ir") if isinstance(o, dict) else None
                text = o.get("text", "") if isinstance(o, dict) else str(o)
                if ir is None:
                    missing.append(f"{cid}: option {i + 1} has no compiled effect")
                    continue
                try:
                    variants = compile_option(i, text, ir, ops)
                except OpError as exc:
                    missing.append(f"{cid}: option {i + 1}: {exc}")
                    continue
                uses_dice = uses_dice or any(v.dice for v in variants)
                opts.extend(variants)
            if not (c.get("options") or []) and c.get("kind") not in ("person",) and cid not in self.boxed:
                if c.get("kind") == "idea":
                    # an idea whose face is unknown still sits in the idea deck and on the workbench;
                    # it can never be crafted, which does not stop a game (a gap, not a blocker)
                    self.gaps.append(f"{cid}: idea card without a known face (cannot be crafted)")
                else:
                    missing.append(f"{cid}: its options (card face) are not given")
            self.options[cid] = opts
            self.variants[cid] = {}
            for o in opts:
                self.variants[cid][o.index] = self.variants[cid].get(o.index, 0) + 1
        return in_play, uses_dice

    def _check_dice_and_boards(self, bundle: dict, setup: dict, uses_dice: bool, missing: list[str]) -> None:
        game = self.game_id
        self.die_faces = None
        for d in sorted(bundle.get("dice", []), key=lambda d: d["id"]):
            if d.get("game") == game and d.get("faces"):
                self.die_faces = [self._face(f) for f in d["faces"]]
                break
        if uses_dice and self.die_faces is None:
            missing.append("dice: the faces of the base game's dice are not given")
        for b in setup["boards"]:
            if not any(b in s.boards for s in self.layout.systems):
                missing.append(f"board `{b}`: no system of this runtime plays it yet")

    def _index(self, bundle: dict, in_play: list[str], missing: list[str]) -> None:
        """The symbols in play and missing, and the trigger indexes: reveals, help-paid options, listeners."""
        game = self.game_id
        ops = self.layout.ops
        self.in_play = sorted(set(in_play) | set(self.support["people"]))
        self._instances: list[str] | None = None
        # every symbol of this game the bundle defines but the op table lacks (used ones are in `missing`)
        self.unimplemented = missing_ops(bundle, ops, game)
        self.symbols = sorted(ops)
        self.symbols_in_play = sorted({sym for opts in self.options.values() for o in opts for sym in o.symbols})
        # trigger indexes: which cards answer a reveal, and which listen for a symbol
        self.revealed = {cid for cid, opts in self.options.items() if any(o.trigger == "revealed" for o in opts)}
        # options paid with a help action (`cost help`): offered to a player free to help, not to the revealer
        self.help_paid = {cid: [o for o in opts if o.trigger is None and "symbol:help" in (sym for sym, _ in o.costs)]
                          for cid, opts in self.options.items()}
        self.help_paid = {cid: opts for cid, opts in self.help_paid.items() if opts}
        self.listeners: dict[str, list[str]] = {}
        for cid, opts in sorted(self.options.items()):
            ons = sorted({o.on for o in opts if o.trigger == "on"})
            if ons and not self.has_moon(cid) and not self.keeps(cid):
                # only a card kept with a group (a night action card) is where an `on` option is heard
                missing.append(f"{cid}: `on {ons[0]}:` is heard only while the card lies with a group, "
                               "and this card never stays with one")
            for sym in ons:
                self.listeners.setdefault(sym, []).append(cid)
        self.resolve_at_once: set[int] = set()  # secret numbers a text says are resolved as soon as revealed

    def add_module_secrets(self, module: str) -> None:
        """The faces of a module's numbered secrets that belong to its product (no `module:` of their own), when
        the product's other cards are not in play (module W's secret 34, module T's 10 and 18)."""
        mod = next((m for m in self.bundle.get("modules", []) if m.get("id") == module), {})
        for number in mod.get("secrets") or []:
            if number in self.secret_cards:
                continue
            faces = sorted(c for c, rec in self.cards.items()
                           if rec.get("kind") == "secret" and rec.get("number") == number and rec.get("module") is None
                           and rec.get("game") == self.game_id and rec.get("product") == mod.get("product"))
            if faces:
                self.secret_cards[number] = faces

    def card_instances(self) -> list[str]:
        """The card id of every card instance a game of these rules holds (copies repeated), sorted."""
        if self._instances is None:
            ids = (self.support["people"] + self.support["dreams"] + self.support["ideas"] + self.exploration + self.boxed
                   + self.missions + [c for num in self.secret_numbers for c in self.secret_cards.get(num, [])]
                   + self.placed)
            self._instances = sorted(cid for cid in ids for _ in range(int(self.cards[cid].get("copies") or 1)))
        return self._instances

    def card_ids_in_play(self) -> list[str]:
        return self.in_play

    def has_title(self, cid: str, word: str) -> bool:
        """A title predicate ("Dodo", "Spirit"): the word is among the card's title keywords, or in its name."""
        c = self.cards.get(cid) or {}
        w = word.lower()
        if any(str(k).lower() == w for k in c.get("title_keywords") or ()):
            return True
        return w in str(c.get("name") or "").lower().replace("-", " ").split()

    def secret_number(self, cid: str) -> int | None:
        """A secret card's number: printed on it, or given by the secret record that links it."""
        n = (self.cards.get(cid) or {}).get("number")
        return n if isinstance(n, int) else self.linked_numbers.get(cid)

    def is_animal(self, cid: str) -> bool:
        return isinstance((self.cards.get(cid) or {}).get("animal"), dict)

    def tool_id(self, t: str) -> str:
        if t.startswith("token:"):
            return t
        if t.startswith("symbol:"):
            t = _local(t)
        return self.tool_by_name.get(t.lower(), self.tool_by_name.get(t.lower().replace(" ", "-"), t))

    @staticmethod
    def _face(f) -> tuple[str, int] | None:
        if isinstance(f, dict):
            skill, n = f.get("skill"), f.get("n", 1)
        else:
            parts = str(f).replace(":", " ").replace("+", " ").split()
            if not parts or parts[0] not in SKILLS:
                return None
            skill = parts[0]
            n = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
        return (skill, int(n)) if skill in SKILLS else None

    def name(self, cid: str) -> str:
        c = self.cards.get(cid) or {}
        return c.get("name") or _local(cid)

    def back(self, cid: str) -> str:
        return (self.cards.get(cid) or {}).get("back") or "unknown"

    def is_red_back(self, cid: str) -> bool:
        """A red back: what a discarded card is judged by (a skull symbol on the front is not seen)."""
        return (self.cards.get(cid) or {}).get("back") in RED_BACKS

    def is_person(self, cid: str) -> bool:
        return cid in self.persons

    def is_danger(self, cid: str) -> bool:
        c = self.cards.get(cid) or {}
        return c.get("back") in RED_BACKS or "skull" in (c.get("marks") or [])

    def keeps(self, cid: str) -> bool:
        """A card that stays where its `on` options are heard: an animal (the stable) or one kept with a group."""
        if self.is_animal(cid):
            return True
        return any(sym in ("symbol:place-this-card-with-group", "symbol:capture-animal")
                   for o in self.options.get(cid, ()) for sym in o.symbols)

    def has_moon(self, cid: str) -> bool:
        """A night action card: printed with the moon, or with an option that acts `at night`."""
        if "moon" in ((self.cards.get(cid) or {}).get("marks") or []):
            return True
        return any(o.trigger == "night" for o in self.options.get(cid, ()))

    def option(self, cid: str, index: int, variant: int = 0):
        for o in self.options.get(cid, ()):
            if o.index == index and o.variant == variant:
                return o
        raise KeyError((cid, index, variant))


_CACHE: dict = {}


def rules_for(bundle: dict, definition, setup: dict) -> Rules:
    """The Rules of (bundle, game, setup), built once and shared."""
    key = (id(bundle), id(definition), tuple(setup["modules"]), tuple(setup["boards"]),
           tuple(sorted(setup["options"].items())))
    hit = _CACHE.get(key)
    if hit is not None and hit.bundle is bundle and hit.definition is definition:
        return hit
    if len(_CACHE) > 64:
        _CACHE.clear()
    try:
        r = Rules(bundle, definition, setup)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a hand-edited bundle, not the compiler's
        raise BundleError(f"the bundle is malformed: {type(exc).__name__}: {exc}") from None
    _CACHE[key] = r
    return r


def scenario_modules(bundle: dict, game: str, scenario: str | None) -> list[str]:
    """Module ids for a scenario id (`scenario:…`, `level:…`, `suggestion:…`), a `+`-joined list of
    module letters or ids (`A+B`), or `none` / None for the base set alone."""
    if scenario in (None, "", "none", "base"):
        return []
    mods = [m for m in bundle.get("modules", []) if m.get("game") == game]
    by_letter: dict[str, list[str]] = {}
    for m in mods:
        by_letter.setdefault(m["letter"], []).append(m["id"])
    scen = {s["id"]: s for s in bundle.get("scenarios", [])}
    if scenario in scen:
        letters = scen[scenario].get("modules") or []
        prods = {scen[scenario].get("product")}
    else:
        letters = [x.strip() for x in str(scenario).split("+") if x.strip()]
        prods = set()
        if not letters:
            raise SetupError(f"`{scenario}` names no module; give module letters joined by `+`, a scenario id, or `none`")
    out = []
    for x in letters:
        if x.startswith("module:"):
            if x not in {m["id"] for m in mods}:
                raise SetupError(f"unknown module `{x}`")
            out.append(x)
            continue
        cands = by_letter.get(x, [])
        if not cands:
            raise SetupError(f"no module with letter `{x}` in game `{game}`"
                             + ("" if scenario in scen else f" (and `{scenario}` is not a scenario id)"))
        pick = [c for c in cands if any(m.get("product") in prods for m in mods if m["id"] == c)] or cands
        out.append(sorted(pick)[0])
    return list(dict.fromkeys(out))  # `A+A` is module A once


def missing_ops(bundle: dict, ops: dict, game: str | None = None) -> list[str]:
    """Symbol ids of the bundle (optionally only those of one game) without an implementation in `ops`."""
    out = []
    for sym in bundle.get("symbols") or []:
        sid = sym.get("id")
        games = sym.get("games") or []
        if game is not None and games and game not in games:
            continue
        if sid not in ops:
            out.append(sid)
    return sorted(out)
