"""Authored counts above printed counts (G409)."""

from __future__ import annotations

from typing import Iterable

from ...diagnostics import Diagnostic, Label, make
from ..build import Facts, Graph


def _copies(F: Facts, ids) -> int:
    return sum(F.cards[c].get("copies", 1) for c in ids)


def counts_above_printed(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    for mid in sorted(F.modules):
        m = F.modules[mid]
        printed = m.get("printed_cards")
        n = F.authored.get(mid, 0)
        if printed is not None and n > printed:
            ids = F.cards_by_module.get(mid, ())
            yield make(
                "G409", f"module {m['letter']} has {n} authored cards, {printed} printed", F.span(mid, "printed_cards"),
                label=f"{printed} printed", labels=_extra(F, ids, printed),
                help="remove a duplicate, move a card to its own module, or correct the printed count",
            )
    coverage = (F.bundle.get("coverage") or {}).get("products") or {}
    for pid in sorted(F.products):
        p = F.products[pid]
        ids = F.cards_by_product.get(pid, ())
        printed = p.get("printed_cards")
        cov = coverage.get(pid)
        # coverage counts a product's cards once (secret faces, named secrets, cards of an unknown deck)
        n = cov["authored"] if cov else F.authored.get(pid, 0)
        if printed is not None and n > printed:
            yield make(
                "G409", f"`{pid}` has {n} authored cards, {printed} printed", F.span(pid, "printed_cards"),
                label=f"{printed} printed", labels=_extra(F, ids, printed),
                help="remove a duplicate or correct the product of the extra cards",
            )
        groups = p.get("card_groups") or ()
        total = sum(gr.get("count", 0) for gr in groups)
        if printed is not None and total > printed:
            yield make(
                "G409", f"the card groups of `{pid}` add up to {total}, {printed} printed", F.span(pid, "card_groups"),
                label=f"{total} cards in these groups", help="correct a group count or the printed total",
            )
        for i, gr in enumerate(groups):
            letters = set(gr.get("modules") or ())
            if letters:
                members = [c for c in ids if F.cards[c].get("module") in F.modules
                           and F.modules[F.cards[c]["module"]]["letter"] in letters]
            elif gr.get("kind"):
                members = [c for c in ids if F.cards[c].get("kind") == gr["kind"] and not F.cards[c].get("module")
                           and F.cards[c].get("deck_known", True) is not False]
            else:
                continue
            rows = cov.get("groups") if cov else None
            n = rows[i]["authored"] if rows and i < len(rows) else _copies(F, members)
            if n > gr.get("count", 0):
                yield make(
                    "G409", f"{n} cards authored for the group \"{gr.get('name')}\" of `{pid}`, {gr.get('count')} printed",
                    F.span(pid, "card_groups", i, "count"), label=f"{gr.get('count')} printed",
                    labels=_extra(F, members, gr.get("count", 0)),
                    help="remove a duplicate, or correct the kind or module of the extra cards",
                )
    for num in sorted(F.secrets):
        s = F.secrets[num]
        faces = F.secret_cards.get(num, ())
        if not faces:
            continue
        faces = sorted(set(faces))
        n = _copies(F, faces)
        printed = s.get("copies", 1)
        if printed is not None and n > printed:  # null: the printed count is not stated
            yield make(
                "G409", f"{n} cards authored for secret {num}, {printed} printed", F.span(s["id"], "copies"),
                label=f"{printed} printed", labels=_extra(F, faces, 0),
                help="set the printed copies on the secret, or remove the duplicate face",
            )


def _extra(F: Facts, ids, printed: int) -> tuple[Label, ...]:
    """Point at the cards past the printed count (in id order), at most three of them."""
    ordered = sorted(ids)
    out = []
    seen = 0
    for c in ordered:
        seen += F.cards[c].get("copies", 1)
        if seen > printed:
            out.append(Label(F.span(c, "id"), "authored beyond the printed count"))
        if len(out) == 3:
            break
    return tuple(out)
