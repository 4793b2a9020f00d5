"""References nothing provides (G401) and title predicates that match no card (G410)."""

from __future__ import annotations

import re
from typing import Iterable

from ...diagnostics import Diagnostic, make
from ..build import Facts, Graph, Ref
from ..refs import clip
from .common import describe_gap, game_owners, missing_fact, near_help, unknown_owners


# Record kinds a file may name while being linted alone: a dangling reference to one of them is
# reported only when the loaded content has records of that kind at all.
_CONTEXT_KINDS = {"game": "game:", "product": "product:", "module": "module:", "board": "board:"}


def unresolved_references(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    loaded = {prefix for prefix in _CONTEXT_KINDS.values() if any(k.startswith(prefix) for k in F.records)}
    for ref in F.unresolved:
        if ref.kind in ("title", "symbol", "secret-mark"):
            continue
        prefix = _CONTEXT_KINDS.get(ref.kind) or (
            next((p for p in _CONTEXT_KINDS.values() if str(ref.target).startswith(p)), None) if ref.kind == "record" else None)
        if prefix and prefix not in loaded:
            continue  # a file linted on its own: its game, product, module or board is simply not loaded
        yield make(
            "G401", _message(F, ref), ref.span, label=_label(ref),
            help=_help(F, ref),
        )


_RECORD_ID = re.compile(r"^(game|product|module|board):[A-Za-z0-9][A-Za-z0-9/-]*$")


def broken_record_references(broken: list, entries: list) -> list[Diagnostic]:
    """The references of records that could not be salvaged (their id or a required field is wrong), checked all
    the same, so that one run shows every error: a field naming a game, product, module or board that nothing
    loaded provides is a G401 now, not after the record's own error is fixed. (The salvaged records are checked
    with the rest, through the graph.)"""
    if not broken:
        return []
    ids = {e.id for e in entries}
    loaded = {p for p in _CONTEXT_KINDS.values() if any(i.startswith(p) for i in ids)}
    out: list[Diagnostic] = []
    for _section, lf, path, item in broken:
        for key, value in item.items():
            if key == "id" or not isinstance(key, str):
                continue
            named = [((key,), value)] if isinstance(value, str) else (
                [((key, i), v) for i, v in enumerate(value) if isinstance(v, str)] if isinstance(value, list) else [])
            for where, target in named:
                m = _RECORD_ID.match(target)
                if m is None or target in ids or f"{m.group(1)}:" not in loaded:
                    continue
                prefix = f"{m.group(1)}:"
                out.append(make("G401", f"no record `{clip(target)}`", lf.span(path + where),
                                label="not found in the loaded content",
                                help=near_help(target, sorted(i for i in ids if i.startswith(prefix)))))
    return out


def _message(F: Facts, ref: Ref) -> str:
    if ref.kind == "letter":
        game = F.records.get(ref.src, {}).get("game")
        return f"no module `{clip(str(ref.target))}` in `{game}`"
    if ref.kind in ("module", "board", "product", "game", "record"):
        return f"no record `{clip(str(ref.target))}`"
    return f"nothing provides {ref.shown}"


def _label(ref: Ref) -> str:
    if ref.kind in ("secret", "token", "idea", "card"):
        return f"no {ref.kind if ref.kind != 'secret' else 'secret card or secret record'} matches"
    return "not found in the loaded content"


def _help(F: Facts, ref: Ref) -> str | None:
    t = ref.target
    if ref.kind == "letter":
        game = F.records.get(ref.src, {}).get("game")
        letters = sorted(letter for (gm, letter) in F.module_by_letter if gm == game)
        return ("modules of this game: " + ", ".join(letters)) if letters else "this game has no module records"
    if ref.kind in ("secret", "token") and isinstance(t, int):
        have = sorted(F.secrets) if ref.kind == "secret" else sorted(F.tokens_by_number)
        near = sorted(have, key=lambda n: (abs(n - t), n))[:3]
        hint = f"nearest provided: {', '.join(str(n) for n in sorted(near))}; " if near else ""
        return hint + "author the record, as a stub with `completeness: unknown` if the rulebooks only name it"
    if ref.kind in ("card", "idea", "secret"):
        names = [F.cards[c]["name"] for c in F.cards if F.cards[c].get("name")
                 and (ref.kind != "idea" or F.cards[c].get("kind") == "idea")]
        return near_help(str(t), names) or "author the card, as a stub with `completeness: unknown` if the rulebooks only name it"
    if ref.kind == "token":
        return near_help(str(t), [r["name"] for r in F.tokens.values() if r.get("name")])
    if isinstance(t, str) and ":" in t:
        prefix = t.split(":", 1)[0] + ":"
        return near_help(t, [k for k in F.records if k.startswith(prefix)])
    return None


def title_predicates(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    reported: set[str] = set()
    for ref in F.option_refs:
        if ref.kind != "title" or not ref.resolved:
            continue
        nid = ref.resolved[0]
        if any(True for _ in g.successors(nid)):
            continue
        game = F.records.get(ref.src, {}).get("game")
        gaps = unknown_owners(F, game_owners(F, game))
        if gaps:
            if nid in reported:
                continue
            reported.add(nid)
            yield missing_fact(
                f"no known card has \"{clip(str(ref.target))}\" in its title; {describe_gap(F, gaps)}", ref.span,
            )
        else:
            yield make(
                "G410", f"no card has \"{clip(str(ref.target))}\" in its title", ref.span,
                label="matches no card",
                help=near_help(str(ref.target), sorted(F.cards_by_name)) or
                "add the word to the matching cards' `title_keywords`",
            )
