"""Helpers the checks share: names for messages, the G490 missing-fact diagnostic, scopes of a game."""

from __future__ import annotations

from ...diagnostics import Diagnostic, Span, did_you_mean, make, suggestion_help
from ..build import Facts
from ..refs import clip


def name_of(F: Facts, rid: str) -> str:
    """A short readable name for a record id, as messages print it."""
    r = F.records.get(rid)
    if rid.startswith("module:") and r:
        return f"module {r['letter']}"
    if rid.startswith("secret:"):
        return f"secret {rid[7:]}"
    if r and r.get("name"):
        kind = rid.split(":", 1)[0]
        return f"{kind} \"{clip(r['name'])}\""
    return f"`{rid}`"


def _too_long(word: str, names: list[str]) -> bool:
    # a name is suggested within 3 edits or when it starts with the word, so a word more than 3
    # characters longer than every name has none: it is not measured, and a hostile name costs nothing
    return not names or len(word) > max(map(len, names)) + 3


def nearest(word: str, names) -> list[str]:
    """The nearest names to `word`, best first."""
    names = list(names)
    return [] if _too_long(word, names) else did_you_mean(word, names)


def find_scenario(ids, wanted: str) -> tuple[str | None, list[str]]:
    """The scenario id `wanted` names (a full id, or a unique tail such as `anb/I`), else the nearest ids."""
    ids = sorted(ids)
    if wanted in ids:
        return wanted, []
    tails = [i for i in ids if i.split(":", 1)[-1] == wanted or i.split("/", 1)[-1] == wanted]
    if len(tails) == 1:
        return tails[0], []
    if tails:
        return None, tails
    return None, nearest(wanted, ids)


def near_help(word: str, names) -> str | None:
    """`did you mean ...?` with the nearest names, or None."""
    names = list(names)
    return None if _too_long(word, names) else suggestion_help(word, names)


def missing_fact(message: str, span: Span, *, help: str | None = None) -> Diagnostic:
    return make("G490", message, span, label="the rulebooks do not state this", help=help)


def unknown_owners(F: Facts, owners: list[str]) -> list[str]:
    """The owners (modules or products) whose printed cards are not all completely authored."""
    key = ("unknown", tuple(owners))
    if key not in F.cache:
        F.cache[key] = [o for o in owners if not F.fully_known(o)]
    return F.cache[key]


def game_owners(F: Facts, game: str | None) -> list[str]:
    """Every product and module of a game, sorted."""
    key = ("owners", game)
    if key not in F.cache:
        out = [p for p, r in F.products.items() if r.get("game") == game]
        out += [m for m, r in F.modules.items() if r.get("game") == game]
        F.cache[key] = sorted(out)
    return F.cache[key]


def describe_gap(F: Facts, owners: list[str], limit: int = 4) -> str:
    names = [name_of(F, o) for o in owners]
    shown = ", ".join(names[:limit]) + (f" and {len(names) - limit} more" if len(names) > limit else "")
    return f"the card faces of {shown} are not all in the rulebooks"


def product_closure(F: Facts, products: set[str]) -> set[str]:
    """Products plus every product they require, transitively."""
    out: set[str] = set()
    stack = [p for p in products if p]
    while stack:
        p = stack.pop()
        if p in out:
            continue
        out.add(p)
        for req in (F.products.get(p) or {}).get("requires") or ():
            if req.startswith("product:"):
                stack.append(req)
    return out


def always_needed_for(F: Facts, products: set[str], boards: set[str]) -> set[int]:
    """Secret numbers every game with these products or boards needs."""
    out: set[int] = set()
    for scope in products | boards:
        out |= F.always_by_scope.get(scope, set())
    return out
