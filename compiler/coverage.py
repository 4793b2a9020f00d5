"""Coverage: printed card counts per product and module against the authored records (complete / partial / unknown / missing)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterable

LEVELS = ("complete", "partial", "unknown")
# Every attribute `compute_coverage` reads of a record (through `_get`; a test traces it): a mapping of these
# names to the record's values (`plain_view`) gives the same coverage as the record itself.
READS = frozenset({"id", "kind", "module", "number", "product", "copies", "completeness", "card", "deck_known",
                   "name", "letter", "printed_cards", "card_groups", "modules", "count"})
_PLAIN = (str, int, bool, type(None))


class _NotPlain(Exception):
    pass


def _plain(value: Any, depth: int = 0) -> Any:
    """`value` as plain data: strings, numbers, booleans and None as they are, lists item by item, a model
    (a product's card group) as the mapping of its fields; anything else (an enum member, a mapping) is not."""
    if type(value) in _PLAIN:
        return value
    if depth < 3:
        if type(value) is list:
            return [_plain(v, depth + 1) for v in value]
        fields = getattr(type(value), "model_fields", None)
        if fields is not None:
            return {name: _plain(getattr(value, name, None), depth + 1) for name in fields}
    raise _NotPlain


def plain_view(record: Any) -> dict | None:
    """What coverage reads of a record, as plain data (for the build cache, and read as the record is);
    None when any of it is not (`_plain`), which the cache does not keep."""
    fields = getattr(type(record), "model_fields", None)
    if fields is None:
        return None
    out = {}
    try:
        for name in READS:
            if name in fields:
                out[name] = _plain(getattr(record, name, None))
            elif hasattr(record, name):  # an attribute that is no field: read as the record has it, not kept
                return None
    except _NotPlain:
        return None
    return out


def _get(rec: Any, name: str, default: Any = None) -> Any:
    if isinstance(rec, dict):
        return rec.get(name, default)
    return getattr(rec, name, default)


def _kind_of(rec: Any) -> str:
    """The content section a record belongs to, from its kind-qualified id."""
    rid = str(_get(rec, "id", ""))
    prefix = rid.split(":", 1)[0]
    return {"level": "scenario", "suggestion": "scenario"}.get(prefix, prefix)


def _level(rec: Any) -> str:
    value = _get(rec, "completeness", "unknown")
    value = getattr(value, "value", value)
    return value if value in LEVELS else "unknown"


def _tally() -> dict[str, int]:
    return {level: 0 for level in LEVELS}


def _row(printed: int | None, tally: dict[str, int], **extra: Any) -> dict[str, Any]:
    authored = sum(tally.values())
    row: dict[str, Any] = dict(extra)
    row["printed"] = printed
    row.update(tally)
    row["authored"] = authored
    row["missing"] = None if printed is None else max(printed - authored, 0)
    row["over"] = 0 if printed is None else max(authored - printed, 0)
    return row


def counted_module(card: Any) -> str | None:
    """The module whose printed count a card record counts toward (None: no module's).

    The one rule for every product: a module's printed count (the "(N cards)" of its heading) is
    the module's own cards, never the numbered secret cards its component list names. A card filed
    under a module (`module:` set) counts its `copies` toward it, whatever its kind, except a secret
    card: a secret counts once, with its product (in the product's secret group), not with the
    module that lists its number. A New Beginning and Path of the Elders only add up to their
    printed totals this way (interpretation:anb-module-counts), and The White Whale's module T is
    read the same way (interpretation:whale-17-of-18). Records may be content models or bundle dicts.
    """
    mid = _get(card, "module")
    if not mid or _kind_value(card) == "secret":
        return None
    return str(mid)


def compute_coverage(records: Iterable[Any]) -> dict[str, Any]:
    """Compare authored cards with printed counts, per product, per printed card group and per module.

    A unit is one printed card. A card record counts `copies` units; a numbered secret counts its
    copies unless a card record carries its face (then the card counts), always toward the product
    its `secret:` record names, whatever product the face is filed under. Named secret cards without
    a printed number may be faces of numbered secrets already counted, so they only fill the room a
    product's printed secret group leaves after its numbered secrets; the rest are reported as
    `unplaced` and never counted twice. A card whose deck is not known (`deck_known: false`, no
    module) is listed as `ungrouped` and counted nowhere, for the same reason. A module's printed
    count never includes secrets (`counted_module`, the rule the pack limit uses too): a numbered
    secret counts toward the product its `secret:` record names, and toward no product when that is
    not stated (The White Whale's 10 and 18, like the base game's older numbers).
    """
    by_kind: dict[str, list[Any]] = defaultdict(list)
    for rec in records:
        by_kind[_kind_of(rec)].append(rec)

    products = {str(_get(p, "id")): p for p in by_kind["product"]}
    modules = {str(_get(m, "id")): m for m in by_kind["module"]}
    cards = sorted(by_kind["card"], key=lambda c: str(_get(c, "id")))
    secrets = sorted(by_kind["secret"], key=lambda s: int(_get(s, "number", 0) or 0))

    def secret_group(pid: str | None) -> Any:
        prod = products.get(pid or "")
        for g in _get(prod, "card_groups", []) or []:
            k = _get(g, "kind")
            if getattr(k, "value", k) == "secret":
                return g
        return None

    # A numbered secret is counted once, with the product its `secret:` record names (none when that
    # is not stated), whatever product a card carrying its face is filed under.
    secret_product = {int(_get(s, "number")): _get(s, "product") for s in secrets}
    linked_product = {str(_get(s, "card")): _get(s, "product") for s in secrets if _get(s, "card")}

    def product_of(c: Any) -> str | None:
        """The product a card counts toward: a secret's face counts with its secret record's product."""
        if _kind_value(c) == "secret" and _get(c, "number") is not None and int(_get(c, "number")) in secret_product:
            pid = secret_product[int(_get(c, "number"))]
        elif str(_get(c, "id")) in linked_product:
            pid = linked_product[str(_get(c, "id"))]
        else:
            pid = _get(c, "product")
        return None if pid is None else str(pid)

    # which numbers have a card record carrying the face
    faced = {int(_get(c, "number")) for c in cards if _get(c, "number") is not None and _kind_value(c) == "secret"}
    linked_cards = set(linked_product)

    # units: (product, module or None, kind, level, copies, label)
    units: list[tuple[str | None, str | None, str, str, int, str]] = []
    unplaced: dict[str, list[str]] = defaultdict(list)
    numbered_secret_units: dict[str, int] = defaultdict(int)

    for s in secrets:
        num = int(_get(s, "number"))
        pid = _get(s, "product")
        if pid is None:
            continue
        if num in faced:
            continue  # the card printing this number counts below
        copies = int(_get(s, "copies", 1) or 1)
        numbered_secret_units[str(pid)] += copies  # a face linked by `card:` is still a numbered secret
        if _get(s, "card"):
            continue  # the linked card counts as the unit
        units.append((str(pid), None, "secret", _level(s), copies, str(_get(s, "id"))))

    for c in cards:
        if _kind_value(c) == "secret" and _get(c, "number") is not None and product_of(c) is not None:
            numbered_secret_units[product_of(c)] += int(_get(c, "copies", 1) or 1)

    room: dict[str, int | None] = {}
    for pid in products:
        g = secret_group(pid)
        room[pid] = None if g is None else max(int(_get(g, "count", 0)) - numbered_secret_units[pid], 0)

    ungrouped: dict[str, list[str]] = defaultdict(list)
    for c in cards:
        pid = product_of(c)
        if pid is None:
            continue  # the face of a secret whose product is not stated counts toward no product
        mid = counted_module(c)
        copies = int(_get(c, "copies", 1) or 1)
        kind = _kind_value(c)
        if _get(c, "deck_known", True) is False and not mid:
            # its printed group is unknown: it is surely one of the cards some group counts already
            ungrouped[pid].append(str(_get(c, "id")))
            continue
        if kind == "secret" and _get(c, "number") is None and str(_get(c, "id")) not in linked_cards:
            left = room.get(pid)
            if left is not None:
                if left < copies:
                    unplaced[pid].append(str(_get(c, "id")))
                    continue
                room[pid] = left - copies
        units.append((pid, mid, kind, _level(c), copies, str(_get(c, "id"))))

    # module tallies
    mod_tally: dict[str, dict[str, int]] = {mid: _tally() for mid in modules}
    for pid, mid, _kind, level, copies, _label in units:
        if mid and mid in mod_tally:
            mod_tally[mid][level] += copies

    module_rows: dict[str, Any] = {}
    for mid in sorted(modules):
        m = modules[mid]
        module_rows[mid] = _row(
            _get(m, "printed_cards"),
            mod_tally[mid],
            letter=_get(m, "letter"),
            name=_get(m, "name"),
            product=_get(m, "product"),
        )

    product_rows: dict[str, Any] = {}
    for pid in sorted(products):
        p = products[pid]
        tally = _tally()
        for upid, _mid, _kind, level, copies, _label in units:
            if upid == pid:
                tally[level] += copies
        groups = []
        for g in _get(p, "card_groups", []) or []:
            letters = list(_get(g, "modules", []) or [])
            gkind = _get(g, "kind")
            gkind = getattr(gkind, "value", gkind)
            gt = _tally()
            if letters:
                for mid, m in modules.items():
                    if _get(m, "product") == pid and _get(m, "letter") in letters:
                        for level in LEVELS:
                            gt[level] += mod_tally[mid][level]
            else:
                for upid, umid, ukind, level, copies, _label in units:
                    if upid == pid and umid is None and ukind == gkind:
                        gt[level] += copies
            groups.append(_row(int(_get(g, "count", 0)), gt, name=_get(g, "name"), kind=gkind, modules=letters))
        row = _row(_get(p, "printed_cards"), tally, name=_get(p, "name"))
        row["groups"] = groups
        row["unplaced"] = sorted(unplaced.get(pid, []))
        row["ungrouped"] = sorted(ungrouped.get(pid, []))
        product_rows[pid] = row

    return {"products": product_rows, "modules": module_rows}


def _kind_value(rec: Any) -> str:
    k = _get(rec, "kind")
    return str(getattr(k, "value", k))


def _fmt(value: Any) -> str:
    return "?" if value is None else str(value)


def format_coverage(cov: dict) -> str:
    """A plain-text table: one line per product, its printed groups and its modules."""
    if not cov or not cov.get("products"):
        return "coverage: no products"
    head = f"{'product / group / module':<52} {'printed':>7} {'complete':>8} {'partial':>7} {'unknown':>7} {'missing':>7}"
    lines = ["coverage (printed cards vs authored records)", head, "-" * len(head)]

    def line(label: str, row: dict) -> str:
        extra = f"  (+{row['over']} over printed)" if row.get("over") else ""
        return (
            f"{label[:52]:<52} {_fmt(row.get('printed')):>7} {row.get('complete', 0):>8} "
            f"{row.get('partial', 0):>7} {row.get('unknown', 0):>7} {_fmt(row.get('missing')):>7}{extra}"
        )

    modules = cov.get("modules", {})
    for pid, row in cov["products"].items():
        lines.append(line(f"{pid} {row.get('name') or ''}", row))
        for g in row.get("groups", []):
            lines.append(line(f"  group: {g.get('name')}", g))
        for mid, mrow in modules.items():
            if mrow.get("product") == pid:
                lines.append(line(f"  {mid} {mrow.get('name') or '(name unknown)'}", mrow))
        if row.get("unplaced"):
            lines.append(f"  named secrets without a number, not counted twice: {', '.join(row['unplaced'])}")
        if row.get("ungrouped"):
            lines.append(f"  cards of an unknown deck, not counted twice: {', '.join(row['ungrouped'])}")
    orphans = [(mid, r) for mid, r in modules.items() if r.get("product") not in cov["products"]]
    for mid, mrow in orphans:
        lines.append(line(f"{mid} {mrow.get('name') or '(name unknown)'}", mrow))
    return "\n".join(lines)
