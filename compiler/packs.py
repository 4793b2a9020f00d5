"""Synthetic packs: check that test content only adds missing cards and unknown facts (codes P5xx)."""

from __future__ import annotations

from collections import Counter

from .diagnostics import Diagnostic, make
from .validate import Entry

ALLOWED_SECTIONS = ("cards", "dice")


def _is_pack(e: Entry) -> bool:
    return e.in_pack


# What a fill may never change: identity and provenance belong to the bundled record.
_NOT_FILLABLE = frozenset({"id", "source", "completeness", "summary"})


def merge_fills(entries: list[Entry]) -> tuple[list[Entry], list[Diagnostic]]:
    """Apply pack records that share a bundled record's id: they may only fill its null fields.

    The merged record replaces the bundled one (remembering which fields the pack filled);
    a pack field that would change a stated value is refused with P502.
    """
    bundled = {e.id: i for i, e in enumerate(entries) if not e.in_pack}
    out = list(entries)
    drop: set[int] = set()
    diags: list[Diagnostic] = []
    for j, e in enumerate(entries):
        if not e.in_pack or e.id not in bundled:
            continue
        i = bundled[e.id]
        base = out[i]
        if base.section != e.section:
            continue  # different kinds under one id: left to the P502 check
        drop.add(j)
        update: dict = {}
        for field in sorted(e.record.model_fields_set - _NOT_FILLABLE):
            new = getattr(e.record, field)
            old = getattr(base.record, field)
            if old is None:
                if new is not None:
                    update[field] = new
            elif old != new:
                diags.append(make(
                    "P502", f"pack changes `{field}` of `{e.id}`, which the bundled content states",
                    _span(e, field, key=True), label="a pack may only fill fields left null",
                    help="remove the field from the pack, or add a new record with its own id",
                ))
        if update:
            merged = base.record.model_copy(update=update)
            out[i] = Entry(merged, base.section, base.file, base.path, tuple(sorted({*base.filled, *update})))
    return [e for k, e in enumerate(out) if k not in drop], diags


def _span(e: Entry, field: str | None = None, key: bool = False):
    path = e.path + ((field,) if field else ())
    try:
        return e.file.span(path, key=key)
    except Exception:  # a field the file spells differently: point at the record
        return e.file.span(e.path)


def check_packs(entries: list[Entry], bundle: dict) -> list[Diagnostic]:
    """Diagnostics for every pack record that does more than fill a gap of the bundled content."""
    diags: list[Diagnostic] = []
    packs = [e for e in entries if _is_pack(e)]
    bundled = [e for e in entries if not _is_pack(e)]
    bundled_ids = {e.id for e in bundled}

    seen_files = set()
    for e in packs:
        if e.file.path in seen_files:
            continue
        seen_files.add(e.file.path)
        marker = e.file.data.get("pack")
        if not (isinstance(marker, dict) and marker.get("synthetic") is True and isinstance(marker.get("name"), str)):
            diags.append(make("P501", "the `pack:` marker must be `{synthetic: true, name: ...}`",
                              e.file.span(("pack",)), label="malformed pack marker"))

    games = {e.id for e in bundled if e.section == "games"}
    products = {e.id for e in bundled if e.section == "products"}
    modules = {e.id: e.record for e in bundled if e.section == "modules"}
    product_printed = {e.id: e.record.printed_cards for e in bundled if e.section == "products"}
    bundled_secret_faces = {e.record.number for e in bundled if e.section == "cards" and e.record.number}
    bundled_secret_faces |= {e.record.number for e in bundled if e.section == "secrets" and e.record.card}
    dice_with_faces = {e.record.game for e in bundled if e.section == "dice" and e.record.faces}

    def copies(e):
        return int(getattr(e.record, "copies", 1) or 1)

    per_module: Counter = Counter()
    per_product: Counter = Counter()
    for e in bundled:
        if e.section == "cards":
            if e.record.module:
                per_module[e.record.module] += copies(e)
            per_product[e.record.product] += copies(e)

    pack_module: Counter = Counter()
    pack_product: Counter = Counter()
    first_over: dict = {}
    for e in packs:
        rec = e.record
        if e.section == "symbols":
            diags.append(make("P503", f"a pack may not declare symbol `{rec.id}`", _span(e, "id"),
                              label="symbols come from the registry only",
                              help="write the pack's options with existing symbols"))
            continue
        if e.section not in ALLOWED_SECTIONS:
            diags.append(make("P504", f"a pack may not add a record of kind `{e.section}`", _span(e, "id"),
                              label="only cards and dice may be added",
                              help="packs fill missing card faces and unknown dice; everything else is stated by the rulebooks"))
            continue
        if rec.id in bundled_ids:
            diags.append(make("P502", f"pack redefines `{rec.id}`", _span(e, "id"),
                              label="already declared by the bundled content",
                              help="give the invented record its own id, e.g. under `card:synthetic/`"))
            continue
        label_text = f"{getattr(rec, 'name', '') or ''} {rec.summary or ''}".lower()
        if "synthetic" not in label_text:
            diags.append(make("P507", f"pack record `{rec.id}` is not labelled synthetic", _span(e, "name"),
                              label="say `(synthetic)` in the name or the summary"))
        if e.section == "dice":
            if rec.game not in games:
                diags.append(make("P506", f"die `{rec.id}` belongs to unknown game `{rec.game}`", _span(e, "game")))
            elif rec.game in dice_with_faces:
                diags.append(make("P506", f"the bundled content already gives die faces for `{rec.game}`",
                                  _span(e, "faces"), label="would contradict the bundled dice"))
            continue
        # cards
        if rec.game not in games:
            diags.append(make("P506", f"card `{rec.id}` belongs to unknown game `{rec.game}`", _span(e, "game")))
            continue
        if rec.product not in products:
            diags.append(make("P506", f"card `{rec.id}` belongs to unknown product `{rec.product}`", _span(e, "product")))
            continue
        if rec.module is not None:
            mod = modules.get(rec.module)
            if mod is None:
                diags.append(make("P506", f"card `{rec.id}` belongs to unknown module `{rec.module}`", _span(e, "module")))
                continue
            if mod.product is not None and mod.product != rec.product:
                diags.append(make("P506", f"module `{rec.module}` is part of `{mod.product}`, not `{rec.product}`",
                                  _span(e, "product")))
                continue
            pack_module[rec.module] += copies(e)
            printed = mod.printed_cards
            if printed is not None and per_module[rec.module] + pack_module[rec.module] > printed:
                first_over.setdefault(("m", rec.module), (e, printed))
        pack_product[rec.product] += copies(e)
        printed = product_printed.get(rec.product)
        if printed is not None and per_product[rec.product] + pack_product[rec.product] > printed:
            first_over.setdefault(("p", rec.product), (e, printed))
        if rec.kind == "secret" and rec.number is not None and rec.number in bundled_secret_faces:
            diags.append(make("P506", f"the face of secret {rec.number} is already bundled", _span(e, "number"),
                              label="a pack may only add secrets whose face is missing"))

    for (kind, target), (e, printed) in sorted(first_over.items(), key=lambda kv: kv[0]):
        have = (per_module if kind == "m" else per_product)[target]
        added = (pack_module if kind == "m" else pack_product)[target]
        diags.append(make(
            "P505", f"`{target}` prints {printed} cards; {have} are bundled and the pack adds {added}",
            _span(e, "id"), label="this card goes over the printed count",
            help=f"the pack may add at most {max(printed - have, 0)} cards (copies count) to `{target}`"))
    return diags
