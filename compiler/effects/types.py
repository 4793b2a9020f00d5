"""Parameter types of symbols: how a value is read from a call's terms, checked and written back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..vocabulary import CARD_MARKS, EFFECT_BACKS, SEA_SYMBOLS

if TYPE_CHECKING:  # the syntax tree is imported when an option is parsed, not by the models
    from .ast import Term

# Values of the enumerated types, in the order the help messages list them.
ENUMS: dict[str, tuple[str, ...]] = {
    "altar": ("forest", "river", "mountain", "all", "any"),
    "back": EFFECT_BACKS,
    "mood": ("friendly", "angry"),
    "side": ("successful", "unsuccessful"),
    "diet": ("carnivore", "herbivore"),
    "order": ("ornithischian", "sauropod", "theropod"),
    "placement": ("on farm", "with group"),
    "pile": ("from deck", "from discard"),
    "die-color": ("purple", "teal", "yellow"),
}

ENUM_NOUNS = {
    "altar": "an altar", "back": "a card back", "mood": "a mood", "side": "a mission side", "diet": "a diet",
    "order": "an order", "placement": "a placement", "pile": "where the card comes from", "die-color": "a specialty die colour",
}

# Reference kinds: IR shape {"ref": kind, <field>: value}; `words` is the keyword written before the value.
REFS: dict[str, tuple[tuple[str, ...], str, str]] = {
    # kind: (keyword words, field, value kind)
    "secret": (("secret",), "number", "int"),
    "token": (("token",), "number", "int"),
    "sea-card": (("sea", "card"), "symbol", "int"),
    "card": (("card",), "name", "str"),
    "idea": (("idea",), "name", "str"),
    "title": (("title",), "name", "str"),
    "mark": (("mark",), "name", "str"),
}
# Derived: the kinds written as one keyword and a number (`secret 23`), and as a keyword and a quoted name
# (`card "Reeds"`); the grammar's REF_NUMBER and REF_NAME terminals spell the same keywords (a test checks).
NUMBER_REFS: tuple[str, ...] = tuple(k for k, (words, _, value) in REFS.items() if value == "int" and words == (k,))
NAME_REFS: tuple[str, ...] = tuple(k for k, (_, _, value) in REFS.items() if value == "str")
REF_NOUNS = {
    "secret": 'a secret number (`secret 23`)', "token": "a secret token number (`token 3`)",
    "sea-card": "a sea card symbol number 1 to 5 (`sea card 3`)", "card": 'a card name (`card "Reeds"`)',
    "idea": 'an idea name (`idea "Isolation"`)', "title": 'a title keyword (`title "Dodo"`)',
    "mark": 'a printed card mark (`mark "white-hand"`)',
}

# Symbol-valued types: the value is a registry symbol of this category.
CATEGORY_TYPES = {
    "tool": "tool", "resource": "resource", "expansion": "expansion", "die-face": "die-face", "skill": "skill",
    "cult-tool": "cult-tool",
}
CATEGORY_NOUNS = {
    "tool": "a tool", "resource": "a resource", "expansion": "an expansion token", "die-face": "a die face",
    "skill": "a skill", "cult-tool": "a cult tool",
}

BASIC = {"int", "count"}


def known_type(spec: str) -> bool:
    return all(p in BASIC or p in ENUMS or p in REFS or p in CATEGORY_TYPES for p in spec.split("|"))


@dataclass(frozen=True, slots=True)
class Match:
    value: Any
    end: int  # index of the first term not consumed


def words_at(terms: tuple[Term, ...], i: int, n: int) -> tuple[str, ...] | None:
    if i + n > len(terms):
        return None
    out = []
    for t in terms[i:i + n]:
        if t.kind != "word":
            return None
        out.append(t.value)
    return tuple(out)


def _longest(terms, i, table: dict[tuple[str, ...], Any], maxlen: int):
    for n in range(maxlen, 0, -1):
        w = words_at(terms, i, n)
        if w is not None and w in table:
            return table[w], i + n
    return None


def match_value(spec: str, terms: tuple[Term, ...], i: int, registry) -> Match | None:
    """Read one value of type `spec` at terms[i]; None when the terms there are not of the type."""
    plan = _PLANS.get(spec)
    if plan is None:
        parts = spec.split("|")
        plan = _PLANS[spec] = tuple(sorted(parts, key=_priority))
    for part in plan:
        m = _match_one(part, terms, i, registry)
        if m is not None:
            return m
    return None


_PLANS: dict[str, tuple] = {}


def _priority(part: str) -> int:
    # references first, then symbol names, then enumerated words, then numbers
    return 0 if part in REFS else 1 if part in CATEGORY_TYPES else 2 if part in ENUMS else 3


def _match_one(part: str, terms, i, registry) -> Match | None:
    if i >= len(terms):
        return None
    t = terms[i]
    if part in BASIC:
        if t.kind == "int":
            return Match(t.value, i + 1)
        return None
    if part in ENUMS:
        table = registry.enum_tables[part]
        hit = _longest(terms, i, table, registry.enum_maxlen[part])
        return Match(hit[0], hit[1]) if hit else None
    if part in CATEGORY_TYPES:
        cat = CATEGORY_TYPES[part]
        table = registry.category_phrases.get(cat, {})
        hit = _longest(terms, i, table, registry.max_phrase)
        return Match(hit[0], hit[1]) if hit else None
    field = REFS[part][1]
    if t.kind in ("name", "number") and t.refkind == part:
        return Match({"ref": part, field: t.value}, i + 1)
    return None


def check_value(spec: str, value: Any) -> str | None:
    """A range problem with an already typed value, or None."""
    if isinstance(value, dict):
        kind = value.get("ref")
        if kind in ("secret", "token") and value["number"] < 1:
            return f"{kind} numbers start at 1"
        if kind == "sea-card" and not 1 <= value["symbol"] <= SEA_SYMBOLS:
            return f"a sea card symbol is a number from 1 to {SEA_SYMBOLS}"
        if kind in ("card", "idea", "title") and not value["name"].strip():
            return "a quoted name cannot be empty"
        if kind == "mark" and value["name"] not in CARD_MARKS:
            return f"a card mark is one of {', '.join(CARD_MARKS)}"
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        if "count" in spec.split("|") and value < 1:
            return "the number must be at least 1"
    return None


def describe(spec: str, registry=None, *, brief: bool = False) -> str:
    """What a value of this type looks like, for messages: `an altar (forest, river, ...)`.

    `brief` names the kinds of value only (`an altar or a card name`), without listing them.
    """
    out = []
    for part in spec.split("|"):
        if part == "int":
            out.append("a number")
        elif part == "count":
            out.append("a number of at least 1")
        elif part in ENUMS and brief:
            out.append(ENUM_NOUNS[part])
        elif part in ENUMS:
            vals = ENUMS[part]
            out.append(f"{ENUM_NOUNS[part]} ({', '.join(vals[:-1])} or {vals[-1]})" if len(vals) > 1 else vals[0])
        elif part in CATEGORY_TYPES:
            noun = CATEGORY_NOUNS[part]
            if registry is not None and not brief:
                names = sorted(s.name for s in registry.symbols.values() if s.category == CATEGORY_TYPES[part])
                if names and len(names) <= 12:
                    noun += f" ({', '.join(names)})"
            out.append(noun)
        elif part in REFS:
            out.append(REF_NOUNS[part].split(" (`")[0] if brief else REF_NOUNS[part])
        else:
            out.append(part)
    if brief and len(out) > 1:
        return ", ".join(out[:-1]) + " or " + out[-1]
    return " or ".join(out)


def render(spec: str, value: Any, registry, *, omit_keyword: bool = False) -> str:
    """A typed value back to DSL words."""
    if isinstance(value, dict):
        kind = value["ref"]
        words, field, vkind = REFS[kind]
        v = value[field]
        text = f'"{v}"' if vkind == "str" else str(v)
        return text if omit_keyword else " ".join(words) + " " + text
    if isinstance(value, str) and value.startswith("symbol:"):
        return registry.symbols[value].name
    return str(value)


def samples(spec: str, registry) -> list[Any]:
    """Valid values of the type (for generated tests and documentation)."""
    out: list[Any] = []
    for part in spec.split("|"):
        if part == "int":
            out += [0, 1, 3]
        elif part == "count":
            out += [1, 2, 5]
        elif part in ENUMS:
            out += list(ENUMS[part])
        elif part in CATEGORY_TYPES:
            out += sorted(s.id for s in registry.symbols.values() if s.category == CATEGORY_TYPES[part])
        elif part == "sea-card":
            out += [{"ref": "sea-card", "symbol": n} for n in (1, 3, 5)]
        elif part in ("secret", "token"):
            out += [{"ref": part, "number": n} for n in (1, 23)]
        elif part == "mark":
            out += [{"ref": part, "name": n} for n in ("white-hand", "star")]
        elif part in REFS:
            out += [{"ref": part, "name": n} for n in ("Reeds", "Gilga the Great", "Dodo")]
    return out
