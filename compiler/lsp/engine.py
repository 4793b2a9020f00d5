"""The project a language server checks: open buffers over the files on disk, and what it knows of them.

A check is `paleo lint`'s: the same pipeline (compiler/pipeline.py) over the project's content roots,
with every open buffer's text in place of its file, so the diagnostics are lint's — codes, spans,
messages and fixes — cross-file checks included. The build cache (compiler/cache.py) is kept in
memory, each file's loaded data and records as objects (MemoryStore): an edit reloads, revalidates
and relowers the edited file only; each unchanged file keeps its display path, its citation
diagnostics (while the source registry holds the same documents) and its entries' lowered options
(while the symbol files are the same); coverage is answered from the last check while every value
it read is the same (compiler/lsp/memo.py); the other whole-project checks (unique ids, packs, the
graph) run again on the whole.
"""

from __future__ import annotations

import bisect
import gc
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cache import BuildStore, Cache, compiler_fingerprint, digest
from ..diagnostics import Diagnostic, Span
from ..effects import build_registry
from ..effects.positions import offset_map
from ..fixes import with_fixes
from ..models import SECTIONS
from ..vocabulary import CARD_MARKS
from ..paths import DEFAULT_CACHE_MAX_MB, SettingError
from ..pipeline import default_content_dirs, display_path, run
from ..project import bundled_dir, load_config
from ..schema import MODELINE_PREFIX
from ..validate import check_file_citations
from . import options as O
from .memo import CoverageMemo

_WHOLE = ("result-", "bundle-", "written-")  # whole-project entries: a check always compiles (it needs the records)


class MemoryCache(Cache):
    """The build cache in memory; an entry missing here is read once from the disk cache (when on)."""

    def __init__(self, disk: Cache | None):
        super().__init__(folder=disk.folder if disk is not None else Path(os.devnull),
                         max_bytes=disk.max_bytes if disk is not None else DEFAULT_CACHE_MAX_MB << 20)
        self.entries: dict[str, tuple[str, Any]] = {}
        self.disk = disk
        self.file_values: dict[str, tuple] = {}  # file key -> (loaded file, entries, diagnostics, ...)
        self.file_digests: dict[str, tuple[bytes, str]] = {}  # display path -> (bytes, file key)
        self.shown: dict[tuple[str, str], str] = {}  # (path, root) -> display path
        self.cited: dict[int, tuple] = {}  # id(loaded file) -> (loaded file, its citation diagnostics)
        self._registry: tuple = (None, None)  # (the last registry seen, its documents)
        self.coverage = CoverageMemo()
        self.lowered: dict = {}  # id(entry) -> (entry, effects memo, lowered options, their diagnostics)

    def citations(self, lf, registry) -> list:
        """`check_file_citations`, kept per loaded file (a file's entry is the same object while its bytes
        stay the same) for as long as the source registry holds the same documents in the same order."""
        if registry is not self._registry[0]:
            docs = list(registry.docs.items())
            if docs != self._registry[1]:
                self.cited = {}
            self._registry = (registry, docs)
        got = self.cited.get(id(lf))
        if got is None or got[0] is not lf:
            got = self.cited[id(lf)] = (lf, check_file_citations(lf, registry))
        return list(got[1])

    def show(self, path: Path, root: Path) -> str:
        """`display_path`, kept: resolving every file's path again on each check cost more than its citations."""
        key = (str(path), str(root))
        got = self.shown.get(key)
        if got is None:
            got = self.shown[key] = display_path(path, root)
        return got

    def get(self, name: str, key: str):
        if name.startswith(_WHOLE):
            return None
        hit = self.entries.get(name)
        if hit is not None:
            return hit[1] if hit[0] == key else None
        if self.disk is not None:
            value = self.disk.get(name, key)
            if value is not None:
                self.entries[name] = (key, value)
                return value
        return None

    def put(self, name: str, key: str, value) -> None:
        if not name.startswith(_WHOLE) and not name.startswith("files-"):
            self.entries[name] = (key, value)


class MemoryStore(BuildStore):
    """A check's view of a MemoryCache: each file's loaded data and records are kept as objects (read
    from the disk cache once, never pickled or unpickled again), and a file's key is made again only
    when its bytes changed. The keys are BuildStore's, so the disk cache of `paleo lint` serves the
    first check. The pipeline never changes what a file's entry holds, so a check may share them."""

    def __init__(self, cache: "MemoryCache", root, config, content_dirs, extra_files, raws: dict, pre_diags: list):
        self.cache = cache
        self.fingerprint = fp = compiler_fingerprint()
        self.project = digest(fp, str(Path(root).resolve()))[:32]
        self._files_key = digest(fp, "files", self.project)
        self._stored = None
        self._fresh = {}
        known = cache.file_digests
        self.file_keys = {}
        for shown in sorted(raws):
            raw = raws[shown]
            if isinstance(raw, bytes):
                prev = known.get(shown)
                if prev is None or prev[0] != raw:
                    prev = known[shown] = (raw, digest(shown, raw))
                self.file_keys[shown] = prev[1]
            else:
                self.file_keys[shown] = digest(shown, "unread", repr(raw))

    keeps_products = False  # the server keeps each entry's lowered options itself (`lowered`)

    def result(self, want_bundle: bool = True, dirs=()):
        return None  # a check always compiles: it needs the records

    def save_result(self, bundle, diags, texts: dict, names: list) -> None:
        pass

    def file(self, shown: str):
        key = self.file_keys.get(shown)
        if key is None:
            return None
        got = self.cache.file_values.get(key)
        if got is None and self.cache.disk is not None:
            got = super().file(shown)  # the disk cache's entry, unpickled once
            if got is not None:
                self.cache.file_values[key] = got
        return got

    def put_file(self, shown: str, value) -> None:
        key = self.file_keys.get(shown)
        if key is not None:
            self.cache.file_values[key] = value

    def save_files(self) -> None:
        """Keep this check's files only (those of deleted or changed files go)."""
        keep = set(self.file_keys.values())
        values = self.cache.file_values
        for k in [k for k in values if k not in keep]:
            del values[k]
        known = self.cache.file_digests
        for shown in [s for s in known if s not in self.file_keys]:
            del known[shown]
        live = {id(v[0]) for v in values.values()}
        cited = self.cache.cited
        for k in [k for k in cited if k not in live]:
            del cited[k]
        self._stored = None
        self.cache.entries.pop(f"files-{self.project}.bin", None)  # the disk blobs are not needed again


def norm(name: str) -> str:
    return " ".join(str(name).lower().split())


@dataclass
class Check:
    """One check's outcome: diagnostics per file, and the records and files they were made from."""

    diagnostics: dict[str, list[Diagnostic]]
    entries: list
    files: dict  # display path -> LoadedFile
    texts: dict[str, str]
    _index: "Index | None" = None
    _registry: Any = None

    def index(self) -> "Index":
        if self._index is None:
            self._index = Index(self.entries, self.files)
        return self._index

    def registry(self):
        if self._registry is None:
            syms = [(e.record, e.file.path, e.path) for e in self.entries if e.section == "symbols"]
            self._registry, _ = build_registry(syms, {e.file.path: e.file for e in self.entries if e.section == "symbols"})
        return self._registry


class Project:
    """A project root, its settings and content roots, and its last check."""

    def __init__(self, root: Path):
        self.root = Path(root).resolve()
        self.last: Check | None = None
        self.reload()

    def reload(self) -> None:
        """Read `[tool.paleo]` and the content roots again; forget every cached file."""
        self.config, self.config_diagnostics = load_config(self.root)
        self.dirs = default_content_dirs(self.root, self.config)
        try:
            disk = None if os.environ.get("PALEO_NO_CACHE") not in (None, "", "0") else Cache()
        except SettingError:  # a cache bound that is not a size: the server works without the disk cache
            disk = None
        self.cache = MemoryCache(disk)
        self.last = None

    # -- paths ------------------------------------------------------------------------------
    def shown(self, path: Path) -> str:
        return display_path(path, self.root)

    def path_of(self, shown: str) -> Path:
        p = Path(shown)
        return p if p.is_absolute() else self.root / p

    def in_roots(self, path: Path) -> bool:
        try:
            rp = path.resolve()
            return any(rp.is_relative_to(d.resolve()) for d in self.dirs)
        except OSError:
            return False

    def is_content(self, path: Path, text: str) -> bool:
        """A buffer is checked when it lies under a content root or reads as a card file (lint's rule)."""
        if self.in_roots(path):
            return True
        if text.startswith(MODELINE_PREFIX) or "content/schema.json" in text.split("\n", 1)[0]:
            return True
        keys = "|".join(re.escape(k) for k in (*SECTIONS, "pack", "sources"))
        return re.search(rf"^(?:{keys})\s*:", text, re.M) is not None

    def watched(self, path: Path) -> bool:
        """Whether a change to this file on disk changes the project's settings or symbols."""
        if path.name == "pyproject.toml":
            return True
        return path.suffix in (".yaml", ".yml") and "symbols" in path.parts

    def writable(self, shown: str) -> bool:
        """A file a rename may edit: the project's own (never the bundled games under an install)."""
        p = self.path_of(shown).resolve()
        shipped = bundled_dir("content").resolve()
        return p.is_relative_to(self.root) and (not p.is_relative_to(shipped) or shipped.is_relative_to(self.root))

    # -- the check --------------------------------------------------------------------------
    def check(self, buffers: dict[str, str]) -> Check:
        """Lint the project with `buffers` ({display path: text}) in place of the files on disk."""
        overrides = {k: v.encode("utf-8", "surrogatepass") for k, v in buffers.items()}
        _collect_now_and_then()
        gc.disable()  # kept off until this check's objects are frozen (see _collect_now_and_then)
        try:
            return self._check(buffers, overrides)
        finally:
            gc.freeze()
            gc.enable()

    def _check(self, buffers: dict[str, str], overrides: dict[str, bytes]) -> Check:
        res = run(self.dirs, root=self.root, overrides=overrides, config=self.config, cache=self.cache,
                  want_bundle=False, share_ir=True, store_type=MemoryStore, show=self.cache.show,
                  citations=self.cache.citations, coverage=self.cache.coverage,
                  lowered=self.cache.lowered)
        by_file: dict[str, list[Diagnostic]] = {}
        for d in res.diagnostics:
            by_file.setdefault(d.span.file, []).append(d)
        for f in buffers:  # the fixes `lint` attaches, for the files a client shows (each file's text split once)
            if f in by_file:
                by_file[f] = with_fixes(by_file[f], {f: res.texts.get(f, buffers[f])})
        self.last = Check(by_file, res.entries, res.files, res.texts)
        return self.last


_CHECKS = [0]
COLLECT_EVERY = 40


def _collect_now_and_then() -> None:
    """The pipeline makes its objects with the collector off; once a check is done they are frozen
    (never scanned again: a full collection over them after every check cost more than the check's
    own work). Every COLLECT_EVERY checks the frozen ones are collected once, so the garbage cycles
    of old checks do not pile up over a long session."""
    _CHECKS[0] += 1
    if _CHECKS[0] % COLLECT_EVERY == 0:
        gc.unfreeze()
        gc.collect()


# -- positions ------------------------------------------------------------------------------------
def line_starts(text: str) -> list[int]:
    out = [0]
    for m in re.finditer("\n", text):
        out.append(m.end())
    return out


def offset_of(text: str, line0: int, char16: int, starts: list[int] | None = None) -> int:
    """The character offset of an LSP position (0-based line, UTF-16 column)."""
    starts = starts or line_starts(text)
    if line0 >= len(starts):
        return len(text)
    s = starts[line0]
    e = starts[line0 + 1] - 1 if line0 + 1 < len(starts) else len(text)
    units = 0
    i = s
    while i < e and units < char16:
        units += 2 if ord(text[i]) > 0xFFFF else 1
        i += 1
    return i


def lsp_col(line_text: str, col1: int) -> int:
    """The UTF-16 column (0-based) of a 1-based character column."""
    head = line_text[:max(col1 - 1, 0)]
    extra = col1 - 1 - len(head)
    return len(head) + sum(1 for c in head if ord(c) > 0xFFFF) + max(extra, 0)


# -- the index: records, references, targets -------------------------------------------------------
@dataclass
class Site:
    """A place in a file: a record's id, a field naming a record, or a reference inside an option."""

    file: str
    start: int  # character offsets in the file's text
    end: int
    target: str  # the record id it names
    kind: str  # "id" (the definition), "field" (a field value), "ref" (inside an option), "name" (a name value)
    name: str | None = None  # for a reference by name: the name written


@dataclass
class Index:
    entries: list
    files: dict
    records: dict = field(default_factory=dict)
    _sites: list | None = None

    def __post_init__(self):
        self.by_name: dict[str, list[str]] = {}
        self.secrets: dict[int, list[str]] = {}
        self.tokens: dict[int, list[str]] = {}
        for e in self.entries:
            self.records.setdefault(e.id, e)
        for rid, e in self.records.items():
            r = e.record
            if e.section == "cards":
                for n in [getattr(r, "name", None), *(getattr(r, "aliases", None) or ())]:
                    if n:
                        self.by_name.setdefault(norm(n), []).append(rid)
                if str(getattr(r, "kind", "")).endswith("secret") and getattr(r, "number", None) is not None:
                    self.secrets.setdefault(r.number, []).append(rid)
            elif e.section == "secrets":
                self.secrets.setdefault(getattr(r, "number", None) or _number(rid), []).insert(0, rid)
            elif e.section == "tokens" and getattr(r, "number", None) is not None:
                self.tokens.setdefault(r.number, []).append(rid)

    # -- what a reference names ----------------------------------------------------------------
    def resolve(self, kind: str, target) -> list[str]:
        if kind == "secret":
            return list(self.secrets.get(target, ())) if isinstance(target, int) else \
                [c for c in self.by_name.get(norm(target), ()) if c in self.secrets_cards()]
        if kind == "token":
            return list(self.tokens.get(target, ())) if isinstance(target, int) else []
        if kind in ("card", "idea"):
            hits = list(self.by_name.get(norm(target), ()))
            if kind == "idea":
                hits = [c for c in hits if str(getattr(self.records[c].record, "kind", "")).endswith("idea")]
            return hits
        if kind == "title":
            w = norm(target)
            return [rid for n, ids in sorted(self.by_name.items()) if w in n.split() for rid in ids]
        return []

    def secrets_cards(self) -> set[str]:
        return {c for ids in self.secrets.values() for c in ids}

    def targets(self) -> dict[str, list[str]]:
        """What a reference may name, for completion."""
        cards = sorted({getattr(self.records[c].record, "name", None) for ids in self.by_name.values() for c in ids} - {None})
        ideas = sorted({self.records[c].record.name for ids in self.by_name.values() for c in ids
                        if str(getattr(self.records[c].record, "kind", "")).endswith("idea") and self.records[c].record.name})
        words = sorted({w for n in cards for w in re.findall(r"[a-z0-9]+", n.lower()) if len(w) > 2})
        return {"secret": [str(n) for n in sorted(k for k in self.secrets if isinstance(k, int))],
                "token": [str(n) for n in sorted(self.tokens)], "card": cards, "idea": ideas, "title": words,
                "mark": list(CARD_MARKS)}

    def ids(self, prefix: str = "") -> list[str]:
        return sorted(r for r in self.records if r.startswith(prefix))

    # -- where things are ----------------------------------------------------------------------
    def definition(self, rid: str) -> Site | None:
        e = self.records.get(rid)
        if e is None:
            return None
        np = e.file.positions.get(tuple(e.path) + ("id",))
        if np is None:
            return None
        return Site(e.file.path, np.start_index, np.end_index, rid, "id")

    def sites(self) -> list[Site]:
        """Every place a record is named: ids, fields holding a record id, references in options, names."""
        if self._sites is not None:
            return self._sites
        out: list[Site] = []
        ids = self.records
        for shown, lf in self.files.items():
            if lf is None:
                continue
            for path, value in strings_in(lf.data, ()):
                np = lf.positions.get(path)
                if np is None:
                    continue
                if value in ids:
                    kind = "id" if len(path) == 3 and path[2] == "id" else "field"
                    out.append(Site(shown, np.start_index, np.end_index, value, kind))
                elif len(path) == 3 and path[0] == "cards" and path[2] in ("name",) and isinstance(lf.data, dict):
                    rec = _at(lf.data, path[:2])
                    rid = rec.get("id") if isinstance(rec, dict) else None
                    if isinstance(rid, str):
                        out.append(Site(shown, np.start_index, np.end_index, rid, "name", value))
                elif is_effect_path(path) and any(k in value for k in ("secret", "token", "card", "idea", "title")):
                    mapping = None
                    for ref in O.references(value):
                        hits = self.resolve(ref.kind, ref.target)
                        if not hits:
                            continue
                        if mapping is None:
                            mapping = offset_map(lf.text, np.style, np.start_index, np.end_index, value) or []
                        if len(mapping) <= ref.end:
                            continue
                        s, e = mapping[ref.start], mapping[ref.end - 1] + 1
                        named = ref.target if isinstance(ref.target, str) else None
                        for h in hits:
                            out.append(Site(shown, s, e, h, "ref", named))
                        if named is not None:  # the name inside the quotes, for a rename
                            out.append(Site(shown, mapping[ref.value_start], mapping[ref.value_end - 1] + 1 if ref.value_end > ref.value_start else mapping[ref.value_start],
                                            hits[0], "refname", named))
        self._sites = out
        return out

    def site_at(self, shown: str, off: int) -> Site | None:
        best = None
        for s in self.sites():
            if s.file == shown and s.start <= off <= s.end and s.kind != "refname":
                if best is None or (s.end - s.start) < (best.end - best.start):
                    best = s
        return best


def _number(rid: str) -> int | None:
    try:
        return int(rid.split(":", 1)[1])
    except (IndexError, ValueError):
        return None


def _at(data, path):
    for p in path:
        try:
            data = data[p]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def strings_in(data, path: tuple):
    stack = [(data, path)]
    while stack:
        cur, p = stack.pop()
        if isinstance(cur, str):
            yield p, cur
        elif isinstance(cur, dict):
            for k, v in cur.items():
                stack.append((v, p + (k,)))
        elif isinstance(cur, list):
            for i, v in enumerate(cur):
                stack.append((v, p + (i,)))


EFFECT_KEYS = {("options",), ("more_options",), ("person", "brings"), ("animal", "yield"), ("cost",), ("improves",), ("use",)}


def is_effect_path(path: tuple) -> bool:
    """Whether a string at `path` is written in the effect language (an option or an effect field)."""
    if len(path) < 3 or path[0] not in ("cards", "tokens", "pack"):
        return False
    tail = path[2:]
    if tail and isinstance(tail[-1], int):
        tail = tail[:-1]
    return tuple(tail) in EFFECT_KEYS


def effect_string_at(lf, off: int):
    """(path, value, mapping) of the effect-language string covering file offset `off`, or None."""
    for path, value in strings_in(lf.data, ()):
        if not is_effect_path(path):
            continue
        np = lf.positions.get(path)
        if np is None or not (np.start_index <= off <= np.end_index):
            continue
        mapping = offset_map(lf.text, np.style, np.start_index, np.end_index, value)
        if mapping:
            return path, value, mapping
    return None


def string_offset(mapping: list[int], off: int) -> int:
    """The offset in the string of the character at file offset `off` (the nearest one before it)."""
    i = bisect.bisect_right(mapping, off) - 1
    return max(0, min(i, len(mapping) - 1))


def whole_span(lf, path: tuple) -> tuple[int, int] | None:
    np = lf.positions.get(tuple(path))
    return None if np is None else (np.start_index, np.end_index)


def scalar_edit(text: str, start: int, end: int, new: str) -> tuple[int, int, str]:
    """(start, end, replacement) writing `new` in place of the scalar at [start, end), in its quotes."""
    raw = text[start:end]
    if len(raw) >= 2 and raw[0] == raw[-1] == "'":
        return start + 1, end - 1, new.replace("'", "''")
    if len(raw) >= 2 and raw[0] == raw[-1] == '"':
        return start + 1, end - 1, new.replace("\\", "\\\\").replace('"', '\\"')
    if re.match(r"^[A-Za-z0-9][A-Za-z0-9 ._/:-]*$", new) and ": " not in new and not new.endswith(":"):
        return start, end, new
    return start, end, '"' + new.replace("\\", "\\\\").replace('"', '\\"') + '"'


def span_offsets(text: str, span: Span, starts: list[int] | None = None) -> tuple[int, int]:
    starts = starts or line_starts(text)

    def one(line, col):
        if line - 1 >= len(starts):
            return len(text)
        return min(starts[line - 1] + col - 1, len(text))

    return one(span.line, span.column), one(span.end_line, span.end_column)
