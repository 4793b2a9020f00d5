"""Secrets: one number with different contents (G404), reveal cycles (G405), secrets nothing reveals (G406),
faces linked by a reading the secret does not name (G412)."""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable

from ...diagnostics import Diagnostic, Label, make
from ..build import REVEALS, Facts, Graph, secret_node
from .common import describe_gap, game_owners, missing_fact, name_of, near_help, unknown_owners


def conflicting_secrets(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    # two faces behind one number
    for n in sorted(F.secret_cards):
        faces = sorted(set(F.secret_cards[n]))
        if len(faces) < 2:
            continue
        sec = F.secrets.get(n) or {}
        if sec.get("identical_backs"):
            continue
        first = F.cards[faces[0]]
        for other in faces[1:]:
            c = F.cards[other]
            if (c.get("name"), c.get("product")) == (first.get("name"), first.get("product")):
                continue
            yield make(
                "G404", f"secret {n} has two different faces", F.span(other, "number"),
                label=f"another card with number {n}",
                labels=(Label(F.span(faces[0], "number"), f"{name_of(F, faces[0])} also has number {n}"),),
                help=f"declare `identical_backs: true` on `secret:{n}` if the rulebook says the backs are identical; "
                "otherwise correct the number",
            )
    # modules disagreeing on copies, or asking for more than are printed
    uses: dict[int, list[tuple[str, int, int]]] = defaultdict(list)
    for mid in sorted(F.modules):
        for i, use in enumerate(F.modules[mid].get("secret_uses") or ()):
            uses[use["number"]].append((mid, i, use.get("copies", 1)))
    for n in sorted(uses):
        lst = uses[n]
        sec = F.secrets.get(n)
        printed = sec.get("copies", 1) if sec else None
        first_mid, first_i, first_copies = lst[0]
        for mid, i, copies in lst:
            if printed is not None and copies > printed:
                yield make(
                    "G404", f"module {F.modules[mid]['letter']} lists {copies} copies of secret {n}, {printed} printed",
                    F.span(mid, "secrets", i), label=f"{copies} copies here",
                    labels=(Label(F.span(sec["id"], "copies") if sec else F.span(mid), f"secret {n} declares {printed}"),),
                    help=f"make the counts agree: set `copies: {copies}` on `secret:{n}` or correct the module",
                )
            elif copies != first_copies:
                yield make(
                    "G404", f"modules disagree on the copies of secret {n}", F.span(mid, "secrets", i),
                    label=f"{copies} copies here",
                    labels=(Label(F.span(first_mid, "secrets", first_i), f"{first_copies} in module {F.modules[first_mid]['letter']}"),),
                    help="a secret number names the same printed cards in every module; make the counts agree",
                )
    # the printing product of a secret and of its face
    for n in sorted(F.secrets):
        s = F.secrets[n]
        if not s.get("product"):
            continue
        for cid in sorted(set(F.secret_cards.get(n, ()))):
            c = F.cards[cid]
            if c.get("product") and c["product"] != s["product"]:
                yield make(
                    "G404", f"secret {n} is printed by `{s['product']}`, its face `{cid}` by `{c['product']}`",
                    F.span(s["id"], "product"), label="printed by this product",
                    labels=(Label(F.span(cid, "product"), "the face names another product"),),
                    help="one printed secret belongs to one product; correct one of the two",
                )


def reveal_cycles(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    reveal = [(s, t, g.edges[(s, t, k)]) for (s, t, k) in g.edges if k == REVEALS]
    if not reveal:
        return
    where: dict[tuple[str, str], object] = {}
    for ref in F.option_refs:
        card = F.cards.get(ref.src)
        if not card or card.get("kind") != "secret" or card.get("number") is None:
            continue
        n = ref.number
        if n is not None:
            where.setdefault((secret_node(card["number"]), secret_node(n)), ref)
    loops = []
    for s, t, _ in reveal:
        if s == t:
            sec = F.secrets.get(int(s[7:])) or {}
            copies = sec.get("copies", 1)
            if sec.get("identical_backs") and (copies is None or copies > 1):
                continue  # reveals the next copy of its own number (a count not stated may allow one)
            loops.append([s])
    multi = [(s, t) for s, t, _ in reveal if s != t]
    if multi:
        import networkx as nx  # noqa: PLC0415 - start-up cost: networkx (~240 ms) loads only when reveal chains exist

        dg = nx.DiGraph(multi)
        for comp in nx.strongly_connected_components(dg):
            if len(comp) > 1:
                loops.append(_cycle_order(dg, comp))
    for cyc in sorted(loops):
        chain = " -> ".join(f"secret {c[7:]}" for c in cyc + [cyc[0]])
        ref = where.get((cyc[0], cyc[1] if len(cyc) > 1 else cyc[0]))
        span = ref.span if ref is not None else F.span(cyc[0])
        yield make(
            "G405", f"reveal cycle: {chain}", span, label="this reveal closes the cycle",
            help="a revealed secret leaves the deck; correct one of the numbers",
        )


def _cycle_order(dg, comp: set[str]) -> list[str]:
    """The shortest cycle through the component's smallest node (ties: the smallest successor first).

    Every step of the returned order is an edge, and so is the step from its last node back to
    the first: the message prints the cycle closed.
    """
    start = min(comp)
    # breadth first from `start` inside the component, successors in sorted order
    parent: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for cur in frontier:
            for n in sorted(x for x in dg.successors(cur) if x in comp):
                if n == start:
                    order = [cur]
                    while order[-1] != start:
                        order.append(parent[order[-1]])
                    return order[::-1]
                if n not in parent:
                    parent[n] = cur
                    nxt.append(n)
        frontier = nxt
    return [start]  # not reached for a strongly connected component of two or more nodes


def unrevealable_secrets(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    revealed: set[int] = set()
    for ref in F.option_refs:
        if ref.kind == "secret-mark":
            revealed.update(int(h[7:]) for h in ref.resolved)
        elif ref.kind == "secret":
            n = ref.number
            card = F.cards.get(ref.src)
            if n is not None and not (card and card.get("kind") == "secret" and card.get("number") == n):
                revealed.add(n)
    numbers = set(F.secrets) | {n for n, faces in F.secret_cards.items() if faces}
    gaps: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for n in sorted(numbers):
        if n in revealed:
            continue
        listed_by = F.modules_by_secret.get(n, [])
        sec = F.secrets.get(n)
        game = _game_of_secret(F, n, listed_by)
        owners = listed_by or ([sec["product"]] if sec and sec.get("product") else [])
        if not owners and sec:
            owners = sorted(p for p in sec.get("always_needed") or () if p in F.records)
        unknown = unknown_owners(F, owners or game_owners(F, game))
        if unknown:
            anchor = listed_by[0] if listed_by else (sec["id"] if sec else F.secret_cards[n][0])
            gaps[(anchor, *unknown)].append(n)
            continue
        rid = sec["id"] if sec else F.secret_cards[n][0]
        yield make(
            "G406", f"no card reveals secret {n}", F.span(rid, "number"),
            label="nothing refers to this secret",
            help="add `reveal secret " + str(n) + "` to the card that should reveal it, or remove the secret",
        )
    for (anchor, *owners), nums in sorted(gaps.items()):
        what = ", ".join(str(n) for n in nums)
        yield missing_fact(
            f"no known card reveals secret{'s' if len(nums) > 1 else ''} {what}; {describe_gap(F, owners)}",
            F.span(anchor, "secrets") if anchor.startswith("module:") else F.span(anchor, "number"),
        )


def _game_of_secret(F: Facts, n: int, listed_by: list[str]) -> str | None:
    if listed_by:
        return F.modules[listed_by[0]].get("game")
    for cid in F.secret_cards.get(n, ()):
        return F.cards[cid].get("game")
    sec = F.secrets.get(n) or {}
    if sec.get("product") in F.products:
        return F.products[sec["product"]].get("game")
    return next(iter(sorted(F.games)), None)


def secret_face_readings(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    """A `card:` link the card's own number does not state must name the interpretation it follows."""
    for n in sorted(F.secrets):
        s = F.secrets[n]
        sid, cid, reading = s["id"], s.get("card"), s.get("card_reading")
        if reading is not None and cid is None:
            yield make(
                "G412", f"`card_reading` on secret {n} without a `card:` link", F.span(sid, "card_reading"),
                label="a reading of no link",
                help="add the `card:` the interpretation reads as this secret's face, or remove `card_reading`",
            )
            continue
        card = F.cards.get(cid) if cid else None
        if card is None:
            continue  # no link, or one to nothing (G401)
        if reading is None:
            printed = card.get("number")
            if printed != n:
                said = "prints no number" if printed is None else f"prints number {printed}"
                yield make(
                    "G412", f"the face of secret {n} is a reading: `{cid}` does not print number {n}",
                    F.span(sid, "card"), label="linked without a stated number",
                    labels=(Label(F.span(cid, "number"), f"{name_of(F, cid)} {said}"),),
                    help="name the interpretation that reads the card as this secret in "
                    "`card_reading: interpretation:...`",
                )
            continue
        rec = F.records.get(reading)
        if rec is None or not reading.startswith("interpretation:"):
            known = [k for k in F.records if k.startswith("interpretation:")]
            yield make(
                "G412", f"`card_reading` of secret {n} names no interpretation", F.span(sid, "card_reading"),
                label="no such interpretation",
                help=near_help(reading, known) or "write the interpretation record, or correct the id",
            )
        elif sid not in (rec.get("affects") or ()):
            yield make(
                "G412", f"`{reading}` does not list `{sid}` in its `affects`", F.span(sid, "card_reading"),
                label="the reading does not name this secret",
                labels=(Label(F.span(reading, "affects"), "its `affects`"),),
                help=f"add `{sid}` to the interpretation's `affects`",
            )
