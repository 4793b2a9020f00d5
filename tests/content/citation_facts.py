"""The facts a content record states that a machine can look for in the sections it cites.

A record states numbers (in its prose, its integer fields and the arguments of its effect-language
strings), card names (its own name if it is a card, any card named in its prose, and the `card`,
`idea` and `title` references of its options), token names (its own name if it is a token, and the
secret tokens and cult tools its prose names) and symbol names (its own name if it is a symbol, and the
tools, resources, expansions, cult tools and skills its options use). Each must occur in the text of a section
the record cites. An object inside a record that cites its own source (a rule, a step, a phase) is a
scope of its own: its facts are looked for in its own citation. A source `note` belongs to the scope
of the record it annotates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from compiler.effects import compile_text

# keys whose values are ids, enum words or citations, not statements
SKIP_KEYS = {
    "id", "rulebook", "section", "game", "games", "product", "module", "kind", "back", "marks", "affects",
    "missions", "ideas", "boards", "requires", "always_needed", "card", "card_reading", "placement", "category",
    "positions", "completeness", "applies_to", "params", "tools", "resources", "backs", "parts", "title_keywords",
    "treatments", "diet", "order", "deck_known", "identical_backs", "counts_as_tool", "alert", "faces", "color",
    "tie_result", "letter", "plural",
}
# keys holding effect-language strings (or lists of them)
EFFECT_KEYS = {"options", "more_options", "brings", "yield", "cost", "improves", "example"}
# categories of symbols whose names are the names of things (a tool, a resource ...) worth finding in the text
NAMED_CATEGORIES = {"tool", "resource", "expansion", "cult-tool", "skill"}

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
}
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "twentieth": 20,
}
OTHER_NUMBERS = {"a": 1, "an": 1, "once": 1, "single": 1, "twice": 2, "both": 2, "pair": 2, "double": 2}
# `one` in a record's prose is read as the number 1 except where it is a pronoun (`the one that`, `one of`)
ONE_PRONOUN_BEFORE = {"the", "no", "any", "every", "each", "this", "that", "which", "another", "only", "someone"}
ONE_PRONOUN_AFTER = {"of", "another", "after", "at", "by", "side", "way", "or", "more", "another's"}

ID_LIKE = re.compile(r"\b[a-z]+:[A-Za-z0-9/._-]+")
FILE_LIKE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")


@dataclass
class Scope:
    """A record, or an object in it with its own citation: what it states and where it says it is stated."""

    record: str
    where: str
    citations: list[dict]
    game: str
    numbers: dict[int, str] = field(default_factory=dict)  # number -> where it is stated
    cards: dict[str, str] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    symbols: dict[str, tuple[list[str], str]] = field(default_factory=dict)  # symbol id -> (names, where)


def words_of(text: str) -> list[str]:
    text = text.lower().replace("’", "'").replace("‘", "'")
    return re.findall(r"[a-z0-9äöüß]+(?:'[a-z]+)?", text)


def numbers_in_prose(text: str) -> set[int]:
    text = FILE_LIKE.sub(" ", ID_LIKE.sub(" ", text))
    found = {int(m) for m in re.findall(r"(?<![\w.])(\d+)(?![\w])", text)}
    found |= {int(m) for m in re.findall(r"\b(\d+)(?:st|nd|rd|th)\b", text)}
    ws = words_of(text)
    for i, w in enumerate(ws):
        if w == "one":
            before = ws[i - 1] if i else ""
            after = ws[i + 1] if i + 1 < len(ws) else ""
            if before not in ONE_PRONOUN_BEFORE and after not in ONE_PRONOUN_AFTER:
                found.add(1)
        elif w in NUMBER_WORDS:
            found.add(NUMBER_WORDS[w])
        elif w in ORDINALS and ORDINALS[w] > 1:
            found.add(ORDINALS[w])
    found.discard(0)  # `seat 0` and the like name no fact of the books
    return found


def numbers_in_section(text: str) -> set[int]:
    """Every number a section's text states, as digits, number words, ordinals or words like `twice`."""
    found = {int(m) for m in re.findall(r"\d+", text)}
    for w in words_of(text):
        for table in (NUMBER_WORDS, ORDINALS, OTHER_NUMBERS):
            if w in table:
                found.add(table[w])
    return found


def normal(text: str) -> str:
    return " ".join(words_of(text))


def occurs(name: str, text_normal: str) -> bool:
    """A name occurs in a section when its words do, in order, the last one perhaps with a plural ending."""
    ws = words_of(name)
    if not ws:
        return True
    pat = r"\b" + r"\s+".join(re.escape(w) for w in ws[:-1]) + (r"\s+" if len(ws) > 1 else "") + re.escape(ws[-1])
    return re.search(pat + r"(?:s|es)?\b", text_normal) is not None


def symbol_names_occur(names: list[str], text_normal: str) -> bool:
    """A symbol's name occurs when, for one of its names, every word of three letters or more is in the text."""
    for n in names:
        ws = [w for w in words_of(n) if len(w) >= 3]
        if all(re.search(r"\b" + re.escape(w[:-1] if len(w) > 4 and w.endswith("s") else w), text_normal) for w in ws):
            return True
    return False


def _ir_facts(ir, out: "Scope", where: str, registry) -> None:
    if isinstance(ir, dict):
        if ir.get("ref") in ("card", "idea", "title") and isinstance(ir.get("name"), str):
            out.cards.setdefault(ir["name"], where)
        if ir.get("node") == "call":
            sym = registry.symbols.get(ir.get("symbol"))
            if sym is not None and sym.category in NAMED_CATEGORIES:
                out.symbols.setdefault(sym.id, ([sym.name, *sym.aliases, *([sym.plural] if sym.plural else [])], where))
        for k, v in ir.items():
            if isinstance(v, bool) or isinstance(v, str):
                continue  # symbol ids, node kinds and reference names are not numbers
            if isinstance(v, int):  # a count, a secret or token number, a sea card's symbol, dice to roll
                out.numbers.setdefault(v, where)
            else:
                _ir_facts(v, out, where, registry)
    elif isinstance(ir, list):
        for v in ir:
            _ir_facts(v, out, where, registry)


def _scan(value, scope: Scope, where: str, key: str | None, registry, names: "Names", scopes: list[Scope]) -> None:
    if isinstance(value, dict):
        own = value.get("source")
        if own and key is not None and where:  # a nested object with its own citation is a scope of its own
            nested = Scope(scope.record, where, own if isinstance(own, list) else [own], scope.game)
            scopes.append(nested)
            scope = nested
        for k, v in value.items():
            if k == "source":
                for c in (v if isinstance(v, list) else [v]):
                    if isinstance(c, dict) and isinstance(c.get("note"), str):
                        _prose(c["note"], scope, f"{where}.source.note", names)
                continue
            if k == "citations" or k in SKIP_KEYS:
                continue
            if isinstance(k, int) and not isinstance(k, bool):  # a map keyed by numbers (difficulty by players)
                scope.numbers.setdefault(k, f"{where}.{k}")
            _scan(v, scope, f"{where}.{k}" if where else str(k), k, registry, names, scopes)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if key in EFFECT_KEYS and isinstance(v, str):
                _effect(v, scope, f"{where}.{i}", registry)
            else:
                _scan(v, scope, f"{where}.{i}", key, registry, names, scopes)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        scope.numbers.setdefault(value, where)
    elif isinstance(value, str):
        if key in EFFECT_KEYS:
            _effect(value, scope, where, registry)
        else:
            _prose(value, scope, where, names)


def _effect(text: str, scope: Scope, where: str, registry) -> None:
    for position in (None, "reward", "cost"):
        ir, problems = compile_text(text, registry, scope.game, position)
        if ir is not None and not problems:
            _ir_facts(ir, scope, where, registry)
            return


def named_in(name: str, text: str) -> bool:
    """A printed name used in prose: the exact words, capitals included; a one-word name is not counted where
    it opens a sentence, since there it may be an ordinary word (`Exchange the places ...`)."""
    for m in re.finditer(r"(?<![\w'])" + re.escape(name) + r"(?![\w'])", text):
        if " " in name or not re.search(r"(?:^|[.!?:;]\s+|[\"(]\s*)$", text[:m.start()]):
            return True
    return False


def _prose(text: str, scope: Scope, where: str, names: "Names") -> None:
    for n in numbers_in_prose(text):
        scope.numbers.setdefault(n, where)
    for name in names.cards:
        if named_in(name, text):
            scope.cards.setdefault(name, where)
    for name in names.tokens:
        if named_in(name, text):
            scope.tokens.setdefault(name, where)


@dataclass
class Names:
    """The printed names looked for in prose: card titles (and their other printed names) and the names of
    secret tokens and cult tools. A card title that is also the name of a product, a module, a token or a
    symbol ("Path of the Elders", "White Whale", "Rope") is left out: in prose it most often means the other."""

    cards: set[str]
    tokens: set[str]

    @classmethod
    def of(cls, files: list[dict], registry) -> "Names":
        cards, tokens, other = set(), set(), set()
        for data in files:
            for c in data.get("cards") or []:
                cards.update(n for n in [c.get("name"), *(c.get("aliases") or [])] if n)
            for t in data.get("tokens") or []:
                if t.get("kind") in ("secret-token", "cult-tool") and t.get("name"):
                    tokens.add(t["name"])
                if t.get("name"):
                    other.add(t["name"].lower())
            for key in ("products", "modules"):
                for r in data.get(key) or []:
                    for n in [r.get("name"), *(r.get("aliases") or [])]:
                        if n:
                            other.add(n.lower())
                            other.add(n.lower().removeprefix("paleo: ").removeprefix("the "))
        other |= {sym.name.lower() for sym in registry.symbols.values()}
        return cls({c for c in cards if c.lower() not in other and c.lower().removeprefix("the ") not in other}, tokens)


def record_scopes(kind: str, rec: dict, registry, names: Names) -> list[Scope]:
    """The scopes of one record: the record itself first, then each object in it with its own citation."""
    src = rec.get("source")
    cites = list(src if isinstance(src, list) else [src] if src else [])
    if kind == "interpretations":
        cites = list(rec.get("citations") or []) + cites
    game = (rec.get("game") or (rec.get("games") or ["game:paleo"])[0] or "game:paleo")
    top = Scope(rec.get("id", "?"), "", cites, game)
    scopes = [top]
    if kind == "cards" and rec.get("name"):
        top.cards.setdefault(rec["name"], "name")
    if kind == "tokens" and rec.get("name"):
        top.tokens.setdefault(rec["name"], "name")
    if kind == "symbols":
        top.symbols.setdefault(rec["id"], ([rec["name"], *(rec.get("aliases") or []), *([rec["plural"]] if rec.get("plural") else [])], "name"))
    body = {k: v for k, v in rec.items() if k not in ("name", "aliases") or kind not in ("cards", "tokens", "symbols")}
    if kind in ("cards", "tokens"):
        for a in rec.get("aliases") or []:
            (top.cards if kind == "cards" else top.tokens).setdefault(a, "aliases")
    _scan(body, top, "", None, registry, names, scopes)
    return scopes


@dataclass
class Missing:
    record: str
    where: str
    fact: str  # "number 3", "card 'Jhula'", ...
    cited: list[str]


def missing_facts(scope: Scope, outlines) -> list[Missing]:
    """The facts of a scope that occur in none of the sections it cites."""
    texts, cited = [], []
    for c in scope.citations:
        o = outlines.get(c.get("rulebook"))
        node = o.resolve(c.get("section") or [])[0] if o else None
        if node is not None:
            texts.append(o.text(node))
            cited.append(f"{c['rulebook'][:3]} {' > '.join(c['section'])}")
    text = "\n".join(texts)
    nums, low = numbers_in_section(text), normal(text)
    out = []
    for n, where in sorted(scope.numbers.items()):
        if n not in nums:
            out.append(Missing(scope.record, where, f"number {n}", cited))
    for name, where in sorted(scope.cards.items()):
        if not occurs(name, low):
            out.append(Missing(scope.record, where, f"card {name!r}", cited))
    for name, where in sorted(scope.tokens.items()):
        if not occurs(name, low):
            out.append(Missing(scope.record, where, f"token {name!r}", cited))
    for sid, (ns, where) in sorted(scope.symbols.items()):
        if not symbol_names_occur(ns, low):
            out.append(Missing(scope.record, where, f"symbol {sid}", cited))
    return out
