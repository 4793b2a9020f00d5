"""Module component lists against what the module's cards use (G402, G403)."""

from __future__ import annotations

from typing import Iterable

from ...diagnostics import Diagnostic, Label, make
from ..build import Facts, Graph, secret_node
from .common import always_needed_for, product_closure


def _module_scope(F: Facts, mid: str) -> set[int]:
    """Secret numbers a module's cards may reveal: its own list and the always-needed ones."""
    m = F.modules[mid]
    boards = {r for r in m.get("requires") or () if r.startswith("board:")}
    products = product_closure(F, {m.get("product")} | {r for r in m.get("requires") or () if r.startswith("product:")})
    return {u["number"] for u in m.get("secret_uses") or ()} | always_needed_for(F, products, boards)


def secrets_outside_module(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    scopes: dict[str, set[int]] = {}
    for ref in F.option_refs:
        if ref.number is None or not ref.resolved:
            continue
        card = F.cards.get(ref.src)
        if not card or not card.get("module") or card["module"] not in F.modules:
            continue
        n = ref.number
        mid = card["module"]
        if mid not in scopes:
            scopes[mid] = _module_scope(F, mid)
        if n in scopes[mid]:
            continue
        m = F.modules[mid]
        yield make(
            "G402", f"secret {n} is not among module {m['letter']}'s secrets", ref.span,
            label=f"module {m['letter']} does not list secret {n}",
            labels=(Label(F.span(mid, "secrets") if m.get("secret_uses") else F.span(mid, "id"),
                          f"module {m['letter']}'s component list"),),
            help=f"add `{{number: {n}}}` to the `secrets:` of `{mid}`, or correct the number",
        )


def _numbers_used(F: Facts, sources) -> set[int]:
    used: set[int] = set()
    for src in sources:
        for ref in F.refs_by_src.get(src, ()):
            if ref.kind == "secret-mark":
                used.update(int(h[7:]) for h in ref.resolved)
            elif ref.number is not None:
                used.add(ref.number)
    return used


def unused_module_secrets(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    by_product: dict[str, set[int]] = {}
    for mid in sorted(F.modules):
        m = F.modules[mid]
        uses = m.get("secret_uses") or ()
        if not uses:
            continue
        if not F.fully_known(mid):
            continue  # an unknown card face may be the one that reveals it; G406 names that gap
        listed = {u["number"] for u in uses}
        scope = set(m.get("cards") or ()) | set(m.get("missions") or ()) | set(m.get("ideas") or ())
        for n in listed:
            scope.update(F.secret_cards.get(n, ()))
        used = _numbers_used(F, scope)
        pid = m.get("product")
        if pid:
            if pid not in by_product:  # the product's own cards and tokens, shared by all its modules
                by_product[pid] = _numbers_used(F, [
                    *(c for c in F.cards_by_product.get(pid, ()) if not F.cards[c].get("module")),
                    *F.tokens_by_product.get(pid, ()),
                ])
            used |= by_product[pid]
        for i, use in enumerate(uses):
            n = use["number"]
            if n in used or any(True for _ in g.predecessors(secret_node(n), ("always-needs",))):
                continue
            yield make(
                "G403", f"module {m['letter']} lists secret {n}, but none of its cards reveals it", F.span(mid, "secrets", i),
                label="listed here, used by no card of the module",
                help="remove it from the list, or add the reveal to the card that needs it",
            )
