"""Synthetic packs: check that test content only adds missing cards and unknown facts (codes P5xx)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from pydantic import BaseModel

from .coverage import compute_coverage, counted_module
from .diagnostics import Diagnostic, make
from .validate import Entry

ALLOWED_SECTIONS = ("cards", "dice")
# Kinds of bundled record a pack record with the same id may fill: tokens and games only so (P504 for a new
# token or game). Of a game only the values its `parameters` leave null are filled.
FILLABLE_SECTIONS = ("cards", "dice", "tokens", "games")


def _is_pack(e: Entry) -> bool:
    return e.in_pack


# What a fill may never change: identity and provenance belong to the bundled record.
_NOT_FILLABLE = frozenset({"id", "source", "completeness", "summary", "more_options"})
# Lists a pack may fill when the bundled record leaves them empty and is not `complete`.
LIST_FILLABLE = frozenset({"options", "marks", "title_keywords"})


def module_card_counts(cards: Iterable[Any]) -> Counter:
    """The one rule for counting a module's printed cards: module id -> cards counted.

    Every card record filed under a module (`module:` set) counts its `copies` toward that
    module's `printed_cards`, whatever its kind (module, mission, idea, camp, night, volcano,
    star, sea, dream, ...), except a secret card: a module's printed count never includes the
    numbered secrets its component list names, in any product (`compiler.coverage.counted_module`,
    which coverage uses too). A card without `module:` counts toward no module. Records may be
    content models or bundle dicts.
    """
    out: Counter = Counter()
    for c in cards:
        mid = counted_module(c)
        if mid:
            get = c.get if isinstance(c, dict) else (lambda k, d=None, _c=c: getattr(_c, k, d))
            out[mid] += int(get("copies", 1) or 1)
    return out


UNSTATED = "..."  # the effect language's placeholder for a part of an option the rulebook does not state


def completes(stated: str, written: str) -> bool:
    """Whether `written` is `stated` with each `...` replaced by something (spaces aside): a pack completing a
    partly stated option may add what the rulebook leaves out, never change what it states."""
    parts = [" ".join(x.split()) for x in stated.split(UNSTATED)]
    text = " ".join(written.split())
    if UNSTATED in text:
        return False
    if len(parts) == 1:
        return text == parts[0]
    if not (text.startswith(parts[0]) and text.endswith(parts[-1])):
        return False
    at = len(parts[0])
    for mid in parts[1:-1]:
        k = text.find(mid, at)
        if k < 0:
            return False
        at = k + len(mid)
    return at <= len(text) - len(parts[-1])  # the stated end follows the stated middle, not overlapping it


def _shown(option: str) -> str:
    return "`" + option.replace("`", "'")[:120] + "`"


def _fill(base: Any, new: Any, field: str, may_fill_lists: bool) -> tuple[Any, list[str]]:
    """What filling `field` of a bundled value with a pack value gives: (value or None, changed sub-fields)."""
    if base is None:
        return new, []
    if base == new:
        return None, []
    if isinstance(base, list) and not base and field in LIST_FILLABLE and may_fill_lists:
        return new, []
    if isinstance(base, BaseModel) and type(base) is type(new):
        update, changed = {}, []
        for sub in sorted(new.model_fields_set):
            old_v, new_v = getattr(base, sub), getattr(new, sub)
            if old_v is None:
                if new_v is not None:
                    update[sub] = new_v
            elif old_v != new_v:
                changed.append(f"{field}.{(type(base).model_fields[sub].alias or sub)}")
        if changed:
            return None, changed
        return (base.model_copy(update=update) if update else None), []
    return None, [field]


def _fill_parameters(base: dict, new: dict, e: Entry) -> tuple[dict | None, list[str], list[Diagnostic]]:
    """A game's `parameters` with the pack's values for the ones the bundled game leaves null.

    Returns the merged mapping (None when nothing is filled), the names of the filled parameters and a P502
    for every parameter the pack would change or the bundled game does not have.
    """
    diags: list[Diagnostic] = []
    merged, filled = dict(base), []
    open_names = sorted(k for k, v in base.items() if v is None)
    for name, value in new.items():
        where = _span(e, ("parameters", name), key=True)
        if name not in base:
            diags.append(make(
                "P502", f"pack adds parameter `{name}` to `{e.id}`, which the bundled game does not have",
                where, label="a pack may only fill parameters the game leaves null",
                help=("parameters left null: " + ", ".join(f"`{n}`" for n in open_names)) if open_names
                else "the bundled game leaves no parameter null"))
        elif base[name] is None:
            if value is not None:
                merged[name] = value
                filled.append(name)
        elif base[name] != value:
            diags.append(make(
                "P502", f"pack changes `parameters.{name}` of `{e.id}` from {base[name]!r} to {value!r}, "
                "which the bundled content states", where, label="a pack may only fill parameters left null",
                help=f"remove `{name}` from the pack's parameters"))
    return (merged if filled else None), filled, diags


def _merge_game(base: Entry, e: Entry) -> tuple[dict, list[str], list[Diagnostic]]:
    """What a pack's record of a bundled game fills: only null `parameters` values; every other field it
    writes must repeat the bundled value (P502 otherwise)."""
    update: dict = {}
    diags: list[Diagnostic] = []
    filled: list[str] = []
    for field in sorted(e.record.model_fields_set - _NOT_FILLABLE):
        new, old = getattr(e.record, field), getattr(base.record, field)
        if field == "parameters":
            merged, filled, d = _fill_parameters(old, new, e)
            diags.extend(d)
            if merged is not None:
                update[field] = merged
        elif new != old:
            diags.append(make(
                "P502", f"pack changes `{field}` of `{e.id}`; a pack may fill only the game's null `parameters`",
                _span(e, field, key=True), label="the bundled game states this",
                help=f"remove `{field}` from the pack's record, or write it as the bundled content does"))
    return update, [f"parameters.{n}" for n in filled], diags


def merge_fills(entries: list[Entry]) -> tuple[list[Entry], list[Diagnostic]]:
    """Apply pack records that share a bundled record's id: they may only fill what it leaves open.

    Open means a null field (or a null field of a nested value such as `animal`), or an empty
    `options`, `marks` or `title_keywords` list of a record that is not `complete`. Cards, dice
    (a null `faces` as well) and tokens are filled; of a game only the values its `parameters` leave
    null (`specialty_die_cost: null`), never a stated one, a new parameter or another field (a fill of
    another kind is left to P504). A card's `more_options` are appended after its options when the
    bundled card is not `complete` (P508 otherwise). The merged record replaces the bundled one
    (remembering which fields the pack filled, `parameters.<name>` for a game, and where they were
    written); a pack field that would change a stated value is refused with P502.
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
        if base.section != e.section or e.section not in FILLABLE_SECTIONS:
            continue  # different kinds under one id, or a kind packs may not touch: left to check_packs
        drop.add(j)
        if e.section == "games":
            update, names, d = _merge_game(base, e)
            diags.extend(d)
            if update:
                origins = dict(base.origins or {})
                origins["parameters"] = (e.file, e.path)
                out[i] = Entry(base.record.model_copy(update=update), base.section, base.file, base.path,
                               tuple(sorted({*base.filled, *names})), origins, base.appended)
            continue
        open_lists = base.record.completeness != "complete"
        update: dict = {}
        more = list(getattr(e.record, "more_options", None) or ())
        if more and not open_lists:
            diags.append(make(
                "P508", f"pack appends options to `{e.id}`, which the bundled content marks complete",
                _span(e, "more_options", key=True), label="a complete card has all its options",
                help="remove `more_options`; a complete card states every option it has",
            ))
            more = []
        for field in sorted(e.record.model_fields_set - _NOT_FILLABLE):
            if field == "options" and any(UNSTATED in o for o in base.record.options):
                # a partly stated card: the pack writes the whole option, keeping every stated part
                bad = [i for i, (old, new) in enumerate(zip(base.record.options, e.record.options))
                       if not completes(old, new)]
                if len(e.record.options) != len(base.record.options):
                    bad = bad or [min(len(e.record.options), len(base.record.options))]
                for i in bad:
                    diags.append(make(
                        "P509", f"pack changes a stated part of option {i + 1} of `{e.id}`",
                        _span(e, ("options", i) if i < len(e.record.options) else "options"),
                        label="a pack may only write what `...` leaves out",
                        help=f"keep the stated parts: {_shown(base.record.options[i]) if i < len(base.record.options) else 'as many options as the bundled card'}",
                    ))
                if not bad:
                    update["options"] = list(e.record.options)
                continue
            value, changed = _fill(getattr(base.record, field), getattr(e.record, field), field, open_lists)
            for name in changed:
                diags.append(make(
                    "P502", f"pack changes `{name}` of `{e.id}`, which the bundled content states",
                    _span(e, field, key=True), label="a pack may only fill fields left null or empty",
                    help="remove the field from the pack, or add a new record with its own id",
                ))
            if value is not None and not changed:
                update[field] = value
        appended = None
        if more:
            stated = list(update.get("options", base.record.options))
            appended = len(stated)
            update["options"] = stated + more
        if update:
            merged = base.record.model_copy(update=update)
            origins = dict(base.origins or {})
            origins.update({f: (e.file, e.path) for f in update if not (f == "options" and appended is not None
                                                                     and "options" not in e.record.model_fields_set)})
            if appended is not None:
                origins["more_options"] = (e.file, e.path)
            out[i] = Entry(merged, base.section, base.file, base.path, tuple(sorted({*base.filled, *update})), origins,
                           appended if appended is not None else base.appended)
    return [e for k, e in enumerate(out) if k not in drop], diags


def _span(e: Entry, field: "str | tuple | None" = None, key: bool = False):
    path = e.path + ((field,) if isinstance(field, str) else tuple(field or ()))
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
    bundled_secret_faces = {e.record.number for e in bundled if e.section == "cards" and e.record.number}
    bundled_secret_faces |= {e.record.number for e in bundled if e.section == "secrets" and e.record.card}
    dice_with_faces = {e.record.game for e in bundled if e.section == "dice" and e.record.faces}

    def copies(e):
        return int(getattr(e.record, "copies", 1) or 1)

    per_module = module_card_counts(e.record for e in bundled if e.section == "cards")

    pack_module: Counter = Counter()
    first_over: dict = {}
    pack_cards: list[Entry] = []
    for e in packs:
        rec = e.record
        if e.section == "symbols":
            diags.append(make("P503", f"a pack may not declare symbol `{rec.id}`", _span(e, "id"),
                              label="symbols come from the registry only",
                              help="write the pack's options with existing symbols"))
            continue
        if e.section not in ALLOWED_SECTIONS:
            fills = e.section in FILLABLE_SECTIONS
            only_fills = {"tokens": "; a token may only fill a bundled token",
                          "games": "; a game may only fill the null parameters of a bundled game"}
            diags.append(make(
                "P504", f"a pack may not add a record of kind `{e.section}`" if fills or rec.id not in bundled_ids
                else f"a pack may not fill a record of kind `{e.section}`", _span(e, "id"),
                label="only cards and dice may be added" + only_fills.get(e.section, ""),
                help="packs fill missing card faces, unknown dice and the null fields of bundled cards, dice and "
                "tokens; everything else is stated by the rulebooks"))
            continue
        if rec.id in bundled_ids:
            diags.append(make("P502", f"pack redefines `{rec.id}`", _span(e, "id"),
                              label="already declared by the bundled content",
                              help="give the invented record its own id, e.g. under `card:synthetic/`"))
            continue
        if e.section == "cards" and rec.more_options:
            diags.append(make(
                "P508", f"`more_options` on `{rec.id}`, which fills no bundled card", _span(e, "more_options", key=True),
                label="only a fill of a bundled card may append options",
                help="write the options of a new card in `options`"))
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
        # cards; a game, product or module that is not there is the graph's dangling reference (G401), said once
        if rec.game not in games or rec.product not in products:
            continue
        if rec.module is not None:
            mod = modules.get(rec.module)
            if mod is None:
                continue
            if mod.product is not None and mod.product != rec.product:
                diags.append(make("P506", f"module `{rec.module}` is part of `{mod.product}`, not `{rec.product}`",
                                  _span(e, "product")))
                continue
            if counted_module(rec):  # a secret filed under a module counts with its product instead
                pack_module[rec.module] += copies(e)
                printed = mod.printed_cards
                if printed is not None and per_module[rec.module] + pack_module[rec.module] > printed:
                    first_over.setdefault(("m", rec.module), (e, printed))
        pack_cards.append(e)
        if rec.kind == "secret" and rec.number is not None and rec.number in bundled_secret_faces:
            diags.append(make("P506", f"the face of secret {rec.number} is already bundled", _span(e, "number"),
                              label="a pack may only add secrets whose face is missing"))

    for (_kind, target), (e, printed) in sorted(first_over.items(), key=lambda kv: kv[0]):
        have, added = per_module[target], pack_module[target]
        diags.append(make(
            "P505", f"`{target}` prints {printed} cards; {have} are bundled and the pack adds {added}",
            _span(e, "id"), label="this card goes over the printed count",
            help=f"the pack may add at most {max(printed - have, 0)} cards (copies count) to `{target}`"))
    diags.extend(_over_product_counts(entries, bundled, pack_cards, modules))
    return diags


def _over_product_counts(entries: list[Entry], bundled: list[Entry], pack_cards: list[Entry], modules: dict) -> list[Diagnostic]:
    """P505 for a product or one of its printed card groups that the pack takes past its printed count.

    Products are counted the way coverage counts them (a secret face replaces its numbered secret,
    cards of an unknown group and unnumbered named secrets are never counted twice).
    """
    before = compute_coverage([e.record for e in bundled])["products"]
    after = compute_coverage([e.record for e in entries])["products"]
    diags: list[Diagnostic] = []
    for pid in sorted(after):
        row, old = after[pid], before.get(pid)
        if old is None:
            continue
        mine = [e for e in pack_cards if e.record.product == pid]
        if not mine:
            continue
        reported = False
        for g, og in zip(row["groups"], old["groups"]):
            if g["over"] <= og["over"]:
                continue
            letters = set(g.get("modules") or ())
            members = [e for e in mine if (
                (e.record.module in modules and modules[e.record.module].letter in letters) if letters
                else (e.record.kind == g.get("kind") and e.record.module is None))]
            at = members[-1] if members else mine[-1]
            room = og["missing"] or 0
            diags.append(make(
                "P505", f"the group \"{g['name']}\" of `{pid}` prints {g['printed']} cards; "
                f"{og['authored']} are bundled and the pack adds {g['authored'] - og['authored']}",
                _span(at, "id"), label="the pack goes over the printed count here",
                help=f"the pack may add at most {room} cards (copies count) to this group"))
            reported = True
        if not reported and row["over"] > old["over"]:
            diags.append(make(
                "P505", f"`{pid}` prints {row['printed']} cards; {old['authored']} are bundled and the pack adds "
                f"{row['authored'] - old['authored']}", _span(mine[-1], "id"),
                label="the pack goes over the printed count here",
                help=f"the pack may add at most {old['missing'] or 0} cards (copies count) to `{pid}`"))
    return diags
