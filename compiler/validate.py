"""Stage 2, validate: plain data to content models, with diagnostics at the exact key or value."""

from __future__ import annotations

import difflib
import pickle
import types
import typing
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from .diagnostics import Diagnostic, Label, suggestion_help, make
from .loader import LoadedFile
from .models import SECTIONS, Record, SourceDocument
from .safeio import escape_short
from .sources import SourceDoc

_YAML11_BOOLS = {"yes", "no", "on", "off", "y", "n", "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF"}


@dataclass(slots=True)
class Entry:
    """A validated record with where it came from."""

    record: Record
    section: str
    file: LoadedFile
    path: tuple
    filled: tuple[str, ...] = ()  # fields a synthetic pack filled in where the content left them null
    origins: dict | None = None  # filled field -> (file, path) of the pack record that filled it
    appended: int | None = None  # index of the first option a pack appended with `more_options`
    broken: bool = False  # the record has model errors (reported); kept, without its broken fields, so that
    # nothing that refers to it fails and its effect strings are still checked (no cascades)
    skip_options: frozenset = frozenset()  # indices of options that are not strings (M006 reported)

    @property
    def id(self) -> str:
        return self.record.id

    def where(self, field: str) -> tuple[LoadedFile, tuple]:
        """The file and record path a field's value comes from (the pack's, for a filled field)."""
        if self.origins and field in self.origins:
            return self.origins[field]
        return self.file, self.path

    def option_where(self, i: int) -> tuple[LoadedFile, tuple]:
        """The file and full path of option `i` (a pack's `more_options` entry for an appended one)."""
        if self.appended is not None and i >= self.appended:
            file, path = self.where("more_options")
            return file, path + ("more_options", i - self.appended)
        file, path = self.where("options")
        return file, path + ("options", i)

    @property
    def in_pack(self) -> bool:
        return self.file.pack_marker()

    def __reduce__(self):
        # kept in the build cache with the record as a pickled string of its own: read back, the record
        # is made only when something reads it (a rebuild takes most records' bundle form from the cache)
        rec = _RECORD.__get__(self, Entry)
        blob = getattr(self, "_blob", None) if rec is None else pickle.dumps(rec, protocol=pickle.HIGHEST_PROTOCOL)
        return (_cached_entry, (blob, self.id, self.section, self.file, self.path, self.filled, self.origins,
                                self.appended, self.broken, self.skip_options))


_RECORD = Entry.__dict__["record"]  # the slot that holds an entry's record


class _CachedEntry(Entry):
    """An entry read back from the build cache, whose record is unpickled when it is first read."""

    __slots__ = ("_blob", "_id")

    @property
    def record(self) -> Record:
        rec = _RECORD.__get__(self, Entry)
        if rec is None:
            rec = pickle.loads(self._blob)
            _RECORD.__set__(self, rec)
            self._blob = None
        return rec

    @record.setter
    def record(self, value: Record) -> None:
        _RECORD.__set__(self, value)
        self._blob = None
        self._id = value.id

    @property
    def id(self) -> str:
        return self._id

    @property
    def record_loaded(self) -> bool:
        return _RECORD.__get__(self, Entry) is not None


def _cached_entry(blob, rid, section, file, path, filled, origins, appended, broken, skip_options) -> _CachedEntry:
    e = _CachedEntry.__new__(_CachedEntry)
    _RECORD.__set__(e, None)
    e._blob, e._id = blob, rid
    e.section, e.file, e.path, e.filled, e.origins = section, file, path, filled, origins
    e.appended, e.broken, e.skip_options = appended, broken, skip_options
    return e


def validate_file(lf: LoadedFile, registry=None, broken: list | None = None) -> tuple[list[Entry], list[Diagnostic]]:
    """The records of one file and their diagnostics. A record with model errors is salvaged when its
    errors lie in fields it may leave out (or in single options): it is kept without them, marked
    `broken`. One that cannot be salvaged is appended to `broken` as (section, file, path, data), so
    its effect strings can still be checked."""
    diags: list[Diagnostic] = []
    entries: list[Entry] = []
    data = lf.data
    if not isinstance(data, dict):
        diags.append(make(
            "M001", "a content file must be a mapping of record lists", lf.span(()),
            label=f"found {_kind(data)}", help="start the file with the kind of its records, e.g. `cards:`",
        ))
        return entries, diags
    for section, items in data.items():
        if section in ("pack", "sources"):  # `sources:` records are read first, into the registry
            continue
        model = SECTIONS.get(section) if isinstance(section, str) else None
        if model is None:
            diags.append(make(
                "M002", f"unknown record kind `{section}`", lf.span((section,), key=True),
                label="not a record kind", help=suggestion_help(str(section), SECTIONS) or
                "record kinds: " + ", ".join(SECTIONS),
            ))
            continue
        if items is None:
            continue
        if not isinstance(items, list):
            diags.append(make(
                "M006", f"`{section}` must be a list of records, found {_kind(items)}",
                lf.span((section,)), label="expected a list (`- id: ...`)",
            ))
            continue
        for i, item in enumerate(items):
            path = (section, i)
            if not isinstance(item, dict):
                diags.append(make("M006", f"a record must be a mapping, found {_kind(item)}",
                                  lf.span(path), label="expected `id: ...` and the other fields"))
                continue
            if registry is not None:
                diags.extend(check_citations(item, lf, path, registry))
            try:
                rec = model.model_validate(item)
            except ValidationError as exc:
                diags.extend(_errors_to_diags(exc, model, item, lf, path))
                # a pack's record is not salvaged: a fill made of part of it would change what it fills
                salvaged = None if data.get("pack") else _salvage(model, item, exc)
                if salvaged is not None and salvaged[0].id.split(":", 1)[0] in (getattr(model, "PREFIXES", None) or (model.PREFIX,)):
                    rec, skip = salvaged
                    entries.append(Entry(rec, section, lf, path, broken=True, skip_options=frozenset(skip)))
                elif broken is not None:
                    broken.append((section, lf, path, item))
                continue
            ok = _check_id_prefix(rec, model, lf, path, diags)
            if ok:
                entries.append(Entry(rec, section, lf, path))
                if getattr(rec, "more_options", None) and not data.get("pack"):
                    diags.append(make(
                        "P508", f"`more_options` on `{rec.id}` outside a synthetic pack",
                        lf.span(path + ("more_options",), key=True), label="only a pack's fill of a bundled card may append options",
                        help="write the card's stated options in `options`",
                    ))
    return entries, diags


def _salvage(model: type[Record], item: dict, exc: ValidationError):
    """(record, skipped option indices) validated from `item` without the fields its errors lie in,
    when every such field may be left out (an `options` element is replaced by an empty text and
    skipped) or be null (a missing or wrong `name` is taken as null); None when the id or another required
    field is wrong. The salvaged record is never reported
    on: its only use is that the rest of the content and its other options are checked as usual."""
    data = dict(item)
    skip: set[int] = set()
    for err in exc.errors(include_url=False):
        loc = err["loc"]
        if not loc or not isinstance(loc[0], str):
            return None
        name = loc[0]
        if name == "id":
            return None
        f = model.model_fields.get(name)
        if f is None:  # an unknown field: leave it out
            data.pop(name, None)
            continue
        if name == "options" and len(loc) >= 2 and isinstance(loc[1], int) and isinstance(data.get(name), list):
            opts = list(data[name])
            if 0 <= loc[1] < len(opts):
                opts[loc[1]] = ""
                skip.add(loc[1])
                data[name] = opts
                continue
        if f.is_required():
            if type(None) not in typing.get_args(f.annotation):
                return None
            data[name] = None  # a field that may be null (a card's name): null stands in, the rest is checked
            continue
        data.pop(name, None)
    try:
        return model.model_validate(data), skip
    except (ValidationError, ValueError, TypeError):
        return None


def check_file_citations(lf: LoadedFile, registry) -> list[Diagnostic]:
    """The citation checks of `validate_file` alone, for a file whose validation came from the build cache (the
    registry, which other files and the settings make, is not part of a file's cached result)."""
    diags: list[Diagnostic] = []
    data = lf.data
    if not isinstance(data, dict):
        return diags
    for section, items in data.items():
        if section in ("pack", "sources") or SECTIONS.get(section) is None or not isinstance(items, list):
            continue
        for i, item in enumerate(items):
            if isinstance(item, dict):
                diags.extend(check_citations(item, lf, (section, i), registry))
    return diags


def check_unique_ids(entries: list[Entry]) -> list[Diagnostic]:
    seen: dict[str, Entry] = {}
    diags = []
    for e in entries:
        first = seen.get(e.id)
        if first is None:
            seen[e.id] = e
            continue
        if first.in_pack != e.in_pack:  # a pack filling a bundled record's gaps: the pack stage decides
            continue
        diags.append(make(
            "M008", f"duplicate id `{e.id}`", e.file.span(e.path + ("id",)), label="declared again here",
            labels=(Label(first.file.span(first.path + ("id",)), "first declared here"),),
            help="each id names exactly one record; rename one or merge them",
        ))
    return diags


def _check_id_prefix(rec: Record, model: type[Record], lf: LoadedFile, path: tuple, diags: list) -> bool:
    prefixes = getattr(model, "PREFIXES", None) or (model.PREFIX,)
    prefix = rec.id.split(":", 1)[0]
    if prefix in prefixes:
        return True
    diags.append(make(
        "M007", f"id `{rec.id}` names a `{prefix}`, but the record is in `{path[0]}`",
        lf.span(path + ("id",)), label=f"expected an id starting with `{prefixes[0]}:`",
        help=f"move the record to the right list or write `{prefixes[0]}:{rec.id.split(':', 1)[-1]}`",
    ))
    return False


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return f"boolean `{str(v).lower()}`"
    if isinstance(v, int):
        return f"number `{v}`"
    if isinstance(v, float):
        return f"number `{v}`"
    if isinstance(v, str):
        short = v if len(v) <= 40 else v[:37] + "..."
        return f"text `{short}`"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "a mapping"
    return type(v).__name__


def _data_path(item: Any, loc: tuple) -> tuple[tuple, tuple]:
    """Split a pydantic error location into the part that exists in the data and union tags."""
    path = []
    cur = item
    for part in loc:
        if isinstance(cur, dict) and part in cur:
            path.append(part)
            cur = cur[part]
        elif isinstance(cur, dict) and isinstance(part, str) and part.isdigit() and int(part) in cur:
            path.append(int(part))
            cur = cur[int(part)]
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            path.append(part)
            cur = cur[part]
        elif isinstance(cur, (dict, list)) and not isinstance(part, int) and part not in ("[key]",):
            # a missing or extra field, or a union member's tag: stop at the last real node
            if isinstance(cur, dict) and isinstance(part, str) and _is_field_like(part):
                return tuple(path), (part,)
            continue
        else:
            continue
    return tuple(path), ()


def _is_field_like(part: str) -> bool:
    return part.replace("_", "").isalnum() and part[:1].islower()


def _model_at(model: type[BaseModel], path: tuple) -> type[BaseModel] | None:
    """The model class that describes the mapping at `path` inside a record."""
    cur: Any = model
    for part in path:
        if isinstance(part, int):
            continue
        if not (isinstance(cur, type) and issubclass(cur, BaseModel)):
            return None
        f = cur.model_fields.get(part)
        if f is None:
            return None
        cur = _unwrap(f.annotation)
    return cur if isinstance(cur, type) and issubclass(cur, BaseModel) else None


def _unwrap(ann: Any) -> Any:
    origin = typing.get_origin(ann)
    if origin in (list, tuple):
        return _unwrap(typing.get_args(ann)[0])
    if origin in (typing.Union, types.UnionType):
        for a in typing.get_args(ann):
            u = _unwrap(a)
            if isinstance(u, type) and issubclass(u, BaseModel):
                return u
        return None
    return ann


def _allowed_values(ctx: dict | None) -> list[str]:
    if not ctx or "expected" not in ctx:
        return []
    raw = str(ctx["expected"])
    parts = [p.strip() for p in raw.replace(" or ", ",").split(",")]
    return [p.strip("'\"") for p in parts if p.strip("'\"")]


_TYPE_WORDS = {
    "int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
    "string_type": "text", "bool_type": "true or false", "bool_parsing": "true or false",
    "list_type": "a list", "dict_type": "a mapping", "model_type": "a mapping", "model_attributes_type": "a mapping",
    "float_type": "a number", "float_parsing": "a number", "none_required": "null",
}


def _errors_to_diags(exc: ValidationError, model: type[Record], item: dict, lf: LoadedFile, base: tuple) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    by_path: dict[tuple, list] = {}
    for err in exc.errors(include_url=False):
        dpath, tail = _data_path(item, tuple(err["loc"]))
        by_path.setdefault((dpath, tail), []).append(err)
    # A field of a union type (a citation or a list of them; a level or a map of levels) reports each
    # alternative. The one its value has the shape of reports inside the value; the others say only
    # that the value is not a list, not a level: not the mistake, so they go.
    inner = {dpath + tail for dpath, tail in by_path if tail or dpath}
    for key in [k for k in by_path if k[0] and not k[1] and any(len(p) > len(k[0]) and p[:len(k[0])] == k[0] for p in inner)]:
        del by_path[key]
    missing: dict[tuple, list[str]] = {}
    # a misspelt required field is one mistake: its unknown-field error names it, so it is not also missing
    misspelt: set[tuple] = set()
    for (dpath, tail), errs in by_path.items():
        if any(e["type"] == "extra_forbidden" for e in errs) and (tail or dpath):
            parent, key = (dpath, tail[0]) if tail else (dpath[:-1], dpath[-1])
            owner = _model_at(model, parent)
            near = _near(str(key), list(owner.model_fields) if owner else [])
            if near:
                misspelt.add((parent, near))
    for (dpath, tail), errs in by_path.items():
        if tail and all(e["type"] == "missing" for e in errs) and (dpath, tail[0]) in misspelt:
            continue
        if tail and all(e["type"] == "missing" for e in errs):
            missing.setdefault(dpath, []).append(tail[0])
            continue
        out.append(_one_diag(errs, model, item, lf, base, dpath, tail))
    for dpath, fields in missing.items():
        anchor = base + dpath
        span = lf.span(anchor + ("id",)) if (anchor + ("id",)) in lf.positions else lf.span(anchor)
        names = ", ".join(f"`{f}`" for f in fields)
        helps = [h for h in (_missing_help(f) for f in fields) if h]
        out.append(make(
            "M004", f"missing field{'s' if len(fields) > 1 else ''} {names}", span,
            label="this record is incomplete", help="; ".join(helps) or None,
        ))
    return out


def _one_diag(errs: list, model, item, lf: LoadedFile, base: tuple, dpath: tuple, tail: tuple) -> Diagnostic:
    # prefer the most specific error among union alternatives
    rank = {"extra_forbidden": 0, "missing": 1, "enum": 2, "literal_error": 2, "value_error": 3, "string_pattern_mismatch": 4}
    errs = sorted(errs, key=lambda e: rank.get(e["type"], 5))
    err = errs[0]
    etype = err["type"]
    full = base + dpath
    value = err.get("input")
    if etype == "extra_forbidden":
        key = tail[0] if tail else (dpath[-1] if dpath else "?")
        keypath = full + ((key,) if tail else ())
        owner = _model_at(model, dpath if tail else dpath[:-1])
        fields = list(owner.model_fields) if owner else []
        return make(
            "M003", f"unknown field `{key}`", lf.span(keypath, key=True),
            label=f"not a field of {_article(owner)}",
            help=(f"did you mean `{_near(str(key), fields)}`?" if _near(str(key), fields) else None)
            or suggestion_help(str(key), fields) or (f"fields: {', '.join(fields)}" if fields else None),
        )
    if etype == "missing":
        field = tail[0] if tail else (dpath[-1] if dpath else "?")
        anchor = full if tail else full[:-1]
        span = lf.span(anchor + ("id",)) if (anchor + ("id",)) in lf.positions else lf.span(anchor, key=True)
        return make(
            "M004", f"missing field `{field}`", span,
            label=f"this record needs `{field}`",
            help=_missing_help(field),
        )
    if etype in ("enum", "literal_error"):
        allowed = _allowed_values(err.get("ctx"))
        shown = value if not isinstance(value, (dict, list)) else _kind(value)
        help_ = suggestion_help(str(value), allowed) or ("allowed: " + ", ".join(f"`{a}`" for a in allowed) if allowed else None)
        if isinstance(value, str) and value in _YAML11_BOOLS:
            help_ = f"`{value}` is text in YAML 1.2, not a boolean; " + (help_ or "")
        return make("M005", f"invalid value `{shown}`", lf.span(full), label="not one of the allowed values", help=help_)
    if etype == "value_error":
        msg = str(err.get("msg", "")).removeprefix("Value error, ")
        if "complete record" in msg:
            return make("M009", msg, lf.span(full + ("completeness",)) if (full + ("completeness",)) in lf.positions else lf.span(full),
                        label="declared complete here")
        return make("M010", msg, lf.span(full), label="invalid here")
    if etype == "string_pattern_mismatch" and dpath == ("id",) and isinstance(value, str) and ":" in value:
        prefix = value.split(":", 1)[0]
        kinds = {m.PREFIX for m in SECTIONS.values()} | {"level", "suggestion"}
        expected = (getattr(model, "PREFIXES", None) or (model.PREFIX,))[0]
        if prefix in kinds and prefix != expected:
            return make(
                "M007", f"id `{value}` names a `{prefix}`, but the record is in `{base[0]}`",
                lf.span(full), label=f"expected an id starting with `{expected}:`",
                help=f"move the record to the right list or write `{expected}:{value.split(':', 1)[1]}`",
            )
    if etype in ("string_pattern_mismatch", "too_short", "greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        msg = _format_msg(err)
        return make("M010", msg, lf.span(full), label="invalid here", help=_format_help(err))
    want = _TYPE_WORDS.get(etype, str(err.get("msg", "a different type")).lower())
    help_ = None
    if etype == "string_type" and isinstance(value, dict) and len(value) == 1 and isinstance(next(iter(value)), str):
        key, rest = next(iter(value.items()))
        shown = f"{key}: {rest}" if isinstance(rest, (str, int, float)) and not isinstance(rest, bool) else f"{key}: ..."
        return make("M006", f"expected {want}, found a mapping", lf.span(full), label=f"`{escape_short(key)}:` read as a mapping key",
                    help=f"YAML reads an unquoted `{escape_short(key)}:` followed by a space as a mapping; "
                    f"put the whole value in quotes: `\"{escape_short(shown)}\"`")
    if isinstance(value, str) and value in _YAML11_BOOLS:
        help_ = f"`{value}` is text in YAML 1.2; write `true` or `false`"
    elif isinstance(value, str) and "whole number" in want:
        help_ = "write the number with digits, e.g. `2`"
    return make("M006", f"expected {want}, found {_kind(value)}", lf.span(full), label=f"expected {want}", help=help_)


def _near(word: str, names: list[str]) -> str | None:
    """The one field name `word` is a misspelling of, if there is exactly one close enough."""
    close = difflib.get_close_matches(word, names, n=2, cutoff=0.7)
    return close[0] if len(close) == 1 else None


def _article(owner) -> str:
    if owner is None:
        return "this record"
    return f"a {owner.__name__.lower()}"


def _missing_help(field: str) -> str | None:
    return {
        "source": "cite where the rulebooks say this: `source: {rulebook: <file>, section: [<heading>, ...]}`",
        "completeness": "say how much the rulebooks state: `completeness: complete | partial | unknown`",
        "id": "give the record a kind-qualified id such as `card:anb/reeds`",
    }.get(field)


def _format_msg(err: dict) -> str:
    t = err["type"]
    v = err.get("input")
    ctx = err.get("ctx") or {}
    if t == "string_pattern_mismatch":
        return f"`{v}` does not have the required form"
    if t == "too_short":
        return f"needs at least {ctx.get('min_length', 1)} item(s)"
    if t in ("greater_than_equal", "greater_than"):
        return f"`{v}` is too small (must be {'at least' if t.endswith('equal') else 'more than'} {ctx.get('ge', ctx.get('gt'))})"
    return f"`{v}` is too large (must be {'at most' if t.endswith('equal') else 'less than'} {ctx.get('le', ctx.get('lt'))})"


def _format_help(err: dict) -> str | None:
    if err["type"] == "string_pattern_mismatch":
        pat = (err.get("ctx") or {}).get("pattern", "")
        if ":" in pat:
            kind = pat.lstrip("^").split(":", 1)[0].strip("(?:)")
            return f"ids look like `{kind.split('|')[0]}:namespace/name` — lower-case words joined by hyphens"
        return f"the value must match `{pat}`"
    return None


def _citations(value: Any, path: tuple):
    """(path, citation) of every mapping with `rulebook` and `section` inside a record's data."""
    if isinstance(value, dict):
        if "rulebook" in value and "section" in value:
            yield path, value
            return
        for k, v in value.items():
            yield from _citations(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _citations(v, path + (i,))


def check_citations(item: dict, lf: LoadedFile, path: tuple, registry) -> list[Diagnostic]:
    """Every citation of a record names a document of the source registry (and, when that document
    declares its headings, only those headings). Checked on the data, so a model error elsewhere in
    the record does not hide a wrong citation, nor a wrong citation add a second error."""
    out: list[Diagnostic] = []
    for cpath, cite in _citations(item, path):
        book = cite.get("rulebook")
        if not isinstance(book, str):
            continue  # the model reports the type
        doc = registry.get(book)
        if doc is None:
            keys = registry.keys()
            out.append(make(
                "M005", f"invalid value `{escape_short(book)}`", lf.span(cpath + ("rulebook",)), label="not a registered source",
                help=suggestion_help(book, keys) or "cite a bundled rulebook file or declare the source "
                "(`[[tool.paleo.sources]]` in pyproject.toml, or a `sources:` record)",
            ))
            continue
        heads = cite.get("section")
        if doc.headings is not None and isinstance(heads, list):
            for j, h in enumerate(heads):
                if isinstance(h, str) and h not in doc.headings:
                    out.append(make(
                        "M005", f"invalid value `{escape_short(h)}`", lf.span(cpath + ("section", j)),
                        label=f"not a heading of `{escape_short(book)}`",
                        help=suggestion_help(h, list(doc.headings)) or
                        "headings of this source: " + ", ".join(f"`{x}`" for x in doc.headings[:8]),
                    ))
    return out


def collect_sources(files: list[LoadedFile], registry) -> list[Diagnostic]:
    """Read every `sources:` record into the registry (before any citation is checked)."""
    diags: list[Diagnostic] = []
    for lf in files:
        if "sources" not in lf.top_keys():  # a file from the build cache is not read for this
            continue
        data = lf.data
        if not isinstance(data, dict) or "sources" not in data or data["sources"] is None:
            continue
        items = data["sources"]
        if not isinstance(items, list):
            diags.append(make("M006", f"`sources` must be a list of records, found {_kind(items)}",
                              lf.span(("sources",)), label="expected a list (`- id: ...`)"))
            continue
        for i, item in enumerate(items):
            path = ("sources", i)
            if not isinstance(item, dict):
                diags.append(make("M006", f"a record must be a mapping, found {_kind(item)}",
                                  lf.span(path), label="expected `id: ...` and the other fields"))
                continue
            try:
                rec = SourceDocument.model_validate(item)
            except ValidationError as exc:
                diags.extend(_errors_to_diags(exc, SourceDocument, item, lf, path))
                continue
            doc = SourceDoc(rec.key, rec.title, tuple(rec.headings) if rec.headings is not None else None, where=lf.path)
            first = registry.add(doc)
            if first is not None:
                key = "file" if rec.file is not None else "name"
                diags.append(make("M008", f"source `{escape_short(rec.key)}` is declared twice", lf.span(path + (key,)),
                                  label="declared again here",
                                  help=f"it is declared already ({first.where}); keep one declaration"))
    return diags


def validate(files: list[LoadedFile], registry=None, broken: list | None = None) -> tuple[list[Entry], list[Diagnostic]]:
    """Validate every loaded file; check that ids are unique across all of them. Records that cannot
    be salvaged are appended to `broken` (see `validate_file`)."""
    entries: list[Entry] = []
    diags: list[Diagnostic] = []
    if registry is not None:
        diags.extend(collect_sources(files, registry))
    for lf in files:
        e, d = validate_file(lf, registry, broken)
        entries.extend(e)
        diags.extend(d)
    diags.extend(check_unique_ids(entries))
    return entries, diags
