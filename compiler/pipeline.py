"""The pipeline: load, validate, parse and lower effects, check, bundle — one function the CLI wraps."""

from __future__ import annotations

import functools
import gc
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from typing import TYPE_CHECKING

from .diagnostics import Diagnostic, Span, make, sort_diagnostics
from .limits import MAX_FILE_BYTES
from .project import YAML_SUFFIXES, Config, apply_suppressions, bundled_dir, find_root, load_config
from .safeio import escape, path_problem
from .sources import Registry, bundle_sources

if TYPE_CHECKING:  # the loader and the models are imported when a file is compiled, not on a cache hit
    from .loader import LoadedFile
    from .validate import Entry


@dataclass
class CompileResult:
    bundle: dict | None
    diagnostics: list[Diagnostic]
    files: dict[str, LoadedFile] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    root: Path = Path(".")
    store: object = None  # the build cache's view of this build (compiler.cache.BuildStore), or None
    from_cache: bool = False  # answered from the whole-project cache (then `bundle` is None)
    summary: dict | None = None  # from the cache, for a build: each section's count and the coverage table
    written: bytes | None = None  # from the cache, for a build: the bundle's bytes its build wrote


def display_path(p: Path, root: Path) -> str:
    try:
        return p.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, RuntimeError, OSError):  # outside the root, or a link that loops
        return str(p)


def _display_paths():
    """`display_path` for one build's files: each folder (and the root) is resolved once, and a file that is
    not a link is named from its folder's resolved path (as resolving it whole would name it)."""
    folders: dict[str, str | None] = {}

    def real(folder: str) -> str | None:
        got = folders.get(folder, "")
        if got == "":
            try:
                got = os.path.realpath(folder)
            except (RuntimeError, OSError, ValueError):
                got = None
            folders[folder] = got
        return got

    def show(p: Path, root: Path) -> str:
        name = p.name
        folder = real(str(p.parent))
        base = real(str(root))
        try:
            plain = name not in ("", ".", "..") and not os.path.islink(p)
        except (OSError, ValueError):
            plain = False
        if folder is None or base is None or not plain:
            return display_path(p, root)
        full = os.path.join(folder, name)
        if base == os.sep:
            return full[1:] or "."
        if full.startswith(base + os.sep):
            return full[len(base) + 1:]
        return str(p)  # outside the root

    return show


def _collector_paused(fn):
    """Run `fn` with the garbage collector off. The build makes hundreds of thousands of long-lived, acyclic
    objects (positions, records, IR): collections over them would only make the time grow faster than the
    project."""
    @functools.wraps(fn)
    def paused(*args, **kwargs):
        was = gc.isenabled()
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            if was:
                gc.enable()

    return paused


def _eviction_held(fn):
    """Run `fn` with its build cache (the `cache` argument) keeping its bound once, at the end."""
    @functools.wraps(fn)
    def held(*args, **kwargs):
        cache = kwargs.get("cache")
        if cache is None or not hasattr(cache, "held_eviction"):
            return fn(*args, **kwargs)
        with cache.held_eviction():
            return fn(*args, **kwargs)

    return held


@_eviction_held
@_collector_paused
def run(
    content_dirs: list[Path],
    *,
    extra_files: list[Path] = (),
    root: Path | None = None,
    overrides: dict[str, bytes] | None = None,
    config: Config | None = None,
    cache=None,
    want_bundle: bool = True,
    share_ir: bool = False,
    store_type=None,
    show=None,
    citations=None,
    coverage=None,
    lowered=None,
) -> CompileResult:
    """Compile everything under `content_dirs` (plus `extra_files`), returning bundle and diagnostics.

    `overrides` maps a display path to bytes that replace (or add) that file, for editors
    piping an unsaved buffer through stdin. `cache`, a `compiler.cache.Cache`, answers an unchanged
    project from its last result and reuses unchanged files' stages; the result is the same without
    it. A result from the whole-project cache carries no `entries` and no bundle, and `files` maps names
    to None; for a build (`want_bundle`) it carries the `summary` the build prints and the bytes it
    `written` for these content roots. With `share_ir` the bundle's equal options
    share one IR value (`paleo build` and `lint`, which only write or read it). `store_type` (default
    `compiler.cache.BuildStore`) makes the build's view of `cache`, and `show(path, root)` (default
    `display_path`) names a file, and `citations(lf, registry)` (default `check_file_citations`) checks a
    file's citations, `coverage(records)` stands for `compute_coverage`, and `lowered` is
    `build_bundle`'s `entry_memo`: a long-lived caller (the language server) keeps what they make in memory.
    """
    root = (root or find_root(Path.cwd())).resolve()
    if config is None:
        config, cdiags = load_config(root)
    else:
        cdiags = []
    diags: list[Diagnostic] = list(cdiags)
    overrides = dict(overrides or {})
    show = show or _display_paths()

    raws = _read_inputs([*content_dirs, *extra_files], overrides, show, root, diags)
    store = None
    if cache is not None:
        from .cache import BuildStore  # noqa: PLC0415 - start-up cost: the build cache (and the bundle stage it reads) loads when a cache is given

        store = (store_type or BuildStore)(cache, root, config, content_dirs, extra_files, raws, diags)
        hit = store.result(want_bundle, content_dirs)
        if hit is not None:
            summary, data, cached_diags, cached_texts, names = hit
            return CompileResult(None, cached_diags, dict.fromkeys(names), cached_texts, [], root, store, True,
                                 summary, data)
    files, texts, per_file = _load_files(raws, store, diags)
    registry, entries, broken, packed = _validate_files(config, files, per_file, store, citations, diags)
    bundle, memo = _build_bundle(entries, per_file, store, packed, want_bundle, share_ir, coverage, lowered, diags)
    if broken:
        from .effects import check_broken_options  # noqa: PLC0415 - start-up cost: the stages load when a file is compiled, not on a cache hit
        from .graph.checks.references import broken_record_references  # noqa: PLC0415 - as above

        diags.extend(check_broken_options(broken, entries))
        diags.extend(broken_record_references(broken, entries))
    if bundle is not None and registry.declared():
        bundle["sources"] = [s for s in bundle_sources(registry) if registry.get(s["rulebook"]) in registry.declared()]

    diags = sort_diagnostics(apply_suppressions(_first_causes(diags, entries), texts, config))
    if store is not None:
        store.save_effects(memo)
        store.save_result(bundle, diags, texts, list(files))
    return CompileResult(bundle, diags, files, texts, entries, root, store)


def _read_inputs(paths: list[Path], overrides: dict, show, root: Path, diags: list) -> dict[str, bytes | Exception]:
    """Stage 1, reading: each content file's bytes (or why it could not be read) by its shown name, the
    editor's unsaved buffers (`overrides`) in place of theirs; a path that is not a regular YAML file, or is
    too large, is reported and not read."""
    raws: dict[str, bytes | Exception] = {}
    found, refused = discover_inputs(paths)
    for p, why in refused:
        shown = show(p, root)
        if shown not in overrides:
            diags.append(make("C020", f"`{escape(shown)}` is {why}", Span.point(shown), label="not read",
                              help="content files are regular YAML files; remove or replace this path"))
    for p in found:
        shown = show(p, root)
        if shown in overrides:
            continue
        try:
            if p.stat().st_size > MAX_FILE_BYTES:  # refused without reading it
                diags.append(make("Y009", f"file is more than {MAX_FILE_BYTES} bytes", Span.point(shown),
                                  label="too large", help="split the content into several files"))
                continue
            raws[shown] = p.read_bytes()
        except OSError as exc:
            raws[shown] = exc
    for shown, raw in overrides.items():
        raws[shown] = raw
    return raws


def _load_files(raws: dict, store, diags: list) -> tuple[dict, dict, list]:
    """Stage 1, loading, and stage 2 within each file: the loaded files and their texts by name, and each
    file's (loaded file, its entries, their diagnostics, records that could not be salvaged); an unchanged
    file's are the build cache's."""
    from .loader import load_bytes  # noqa: PLC0415 - start-up cost: the stages load when a file is compiled, not on a cache hit
    from .validate import validate_file  # noqa: PLC0415 - start-up cost: the stages load when a file is compiled, not on a cache hit

    files: dict[str, LoadedFile] = {}
    texts: dict[str, str] = {}
    per_file: list[tuple] = []
    for shown in sorted(raws):
        raw = raws[shown]
        if isinstance(raw, Exception):
            diags.append(make("C002", f"cannot read `{escape(shown)}`: {escape(getattr(raw, 'strerror', None) or raw)}",
                              Span.point(shown)))
            continue
        got = store.file(shown) if store is not None else None
        if got is None:
            lf, d = load_bytes(shown, raw)
            fb: list = []
            file_entries, vd = validate_file(lf, None, fb) if lf is not None else ([], [])
            if store is not None:
                store.put_file(shown, (lf, file_entries, d, vd, fb))
        else:
            lf, file_entries, d, vd, fb = got
            if lf is not None:
                lf.with_text(raw)
        diags.extend(d)
        if lf is not None:
            files[shown] = lf
            texts[shown] = lf.text
            per_file.append((lf, file_entries, vd, fb))
        else:
            try:
                texts[shown] = raw.decode("utf-8", errors="replace")
            except Exception:  # pragma: no cover - decode with replace cannot fail
                pass
    return files, texts, per_file


def _validate_files(config: Config, files: dict, per_file: list, store, citations, diags: list):
    """Stage 2 across the files: the source registry (the bundled rulebooks, the settings' and every file's
    `sources:` records), each file's citations checked against it (kept by the build cache per file and
    registry), ids unique across all files, and a pack's records merged into the ones they fill. Returns the
    registry, the entries, the records that could not be salvaged and whether a pack was loaded."""
    from .validate import check_file_citations, check_unique_ids, collect_sources  # noqa: PLC0415 - start-up cost: the stages load when a file is compiled, not on a cache hit

    kept_citations = citations is None and store is not None and store.keeps_products
    citations = citations or check_file_citations

    registry = Registry.bundled()
    for doc in config.sources:
        registry.add(doc)
    diags.extend(collect_sources(list(files.values()), registry))
    entries = []
    broken: list = []
    sources = _registry_digest(registry) if kept_citations else None
    for lf, file_entries, vd, fb in per_file:
        entries.extend(file_entries)
        diags.extend(vd)
        found = store.citations(lf.path, sources) if kept_citations else None
        if found is None:
            found = citations(lf, registry)
            if kept_citations:
                store.put_citations(lf.path, sources, found)
        diags.extend(found)
        broken.extend(fb)
    diags.extend(check_unique_ids(entries))
    packed = any(e.in_pack for e in entries)
    if packed:
        from .packs import merge_fills  # noqa: PLC0415 - start-up cost: the stages load when a file is compiled, not on a cache hit

        entries, d = merge_fills(entries)
        diags.extend(d)
    return registry, entries, broken, packed


def _build_bundle(entries: list, per_file: list, store, packed: bool, want_bundle: bool, share_ir: bool, coverage,
                  lowered, diags: list):
    """Stages 3-6 (effects, checks, bundle) on the entries; with the build cache, the records and the graph
    of the last build under the same symbol files are reused where nothing they depend on changed, and what
    this build made is kept for the next."""
    from .bundle import build_bundle  # noqa: PLC0415 - start-up cost: the stages load when a file is compiled, not on a cache hit

    memo = store.effects_memo(entries) if store is not None else None
    reuse: dict = {}
    keyed: dict = {}
    quiet = None
    if store is not None and store.keeps_products and not packed:  # a pack may change any file's records
        reuse, keyed = _reusable(store, per_file, memo if share_ir else None)
        quiet = set()
    origins = {} if keyed else None
    graph_keep = None
    if keyed:  # the graph of the last build under these symbol files, patched where this one differs
        keys = store.file_keys
        # a record is its file's bytes and place, but a module lists the cards of other files too
        graph_keep = {"stamps": {e.id: f"f:{keys[place[0]]}:{place[1]}" for e in entries
                                 for place in (keyed.get(id(e)),) if place is not None and e.section != "modules"},
                      "previous": store.graph_state(), "texts": store.graph_texts}
    bundle, d = build_bundle(entries, memo=memo, share_ir=share_ir, origins=origins, coverage=coverage,
                             entry_memo=lowered, reuse=reuse, quiet=quiet, graph_keep=graph_keep)
    diags.extend(d)
    if graph_keep is not None and graph_keep.get("state") is not None:
        if graph_keep.get("text") is not None and isinstance(bundle, dict) and want_bundle:
            store.record_texts[id(bundle["graph"])] = graph_keep["text"]
        if graph_keep.get("save"):
            store.save_graph(graph_keep["state"], graph_keep.get("etext"))
    if store is not None:
        if keyed:
            _keep_products(store, keyed, origins, reuse, quiet, want_bundle, entries, memo if share_ir else None)
        store.save_files()
    return bundle, memo


def _registry_digest(registry) -> str:
    """A digest of every source document a citation may name (the settings', the files' and the rulebooks'):
    a file's citation diagnostics are a function of its bytes and these."""
    from .cache import digest  # noqa: PLC0415 - start-up cost: the build cache (and the bundle stage it reads) loads when a cache is given

    return digest(repr(sorted(registry.docs.items())))


def _reusable(store, per_file: list, memo: dict | None) -> tuple[dict, dict]:
    """Which entries the build cache keeps the bundle form of (`keyed`: id() of the entry -> (its file, its
    index there)), and what it has for them from an earlier build under the same symbol files (`reuse`:
    id() of the entry -> (bundle form, coverage's view, text)). Kept are the records whose bundle form is
    their own file's alone (a module as its file makes it, before its cards are filled in from the other
    files, and with no text): not symbols (the registry), records
    with model errors or non-string options, or records whose id is declared twice (the options of one id
    are lowered once). A kept record holds its options' texts only: with `memo` (a build whose equal options
    share one IR value) a reused option's IR is the memo's own value for its text, as a lowered one's is
    (the same value, compiled under the same symbol files); without it, or when the memo lacks a text, a
    record with options is compiled again."""
    counts = Counter(e.id for _, file_entries, _, _ in per_file for e in file_entries)
    irs: dict = {}  # the memo's IR by game and text, as `_with_ir` found it
    reuse: dict = {}
    keyed: dict = {}
    for lf, file_entries, _, _ in per_file:
        made = None
        for i, e in enumerate(file_entries):
            if (e.section == "symbols" or e.broken or e.skip_options or e.filled or e.origins
                    or e.appended is not None or counts[e.id] != 1):
                continue
            keyed[id(e)] = (lf.path, i)
            if made is None:
                made = store.products(lf.path) or {}
            got = made.get(i)
            if type(got) is tuple and len(got) == 3 and isinstance(got[0], dict) and isinstance(got[1], dict) \
                    and got[0].get("id") == e.id and _with_ir(got[0], memo, irs):
                reuse[id(e)] = got
    return reuse, keyed


def _game_key(rec: dict) -> str | None:
    """A record's game as the effects memo keys its options (`compile_option`)."""
    from .effects.registry import game_id  # noqa: PLC0415 - start-up cost: the stages load when a file is compiled, not on a cache hit

    game = rec.get("game")
    return game_id(game) if isinstance(game, str) and game else None


_UNSET = object()


def _with_ir(rec: dict, memo: dict | None, irs: dict | None = None) -> bool:
    """Give a kept record's options their IR again: the memo's own value for each text (kept records hold
    their options' texts only, and were kept under the same symbol files). False when one is missing.
    `irs` keeps what was found, by the record's game and the text, for the next record."""
    opts = rec.get("options")
    if not opts:
        return True
    if not memo:
        return False
    irs = {} if irs is None else irs
    raw = rec.get("game")
    found = irs.get(raw) if type(raw) is str else None
    if found is None:
        found = {}
        if type(raw) is str:
            irs[raw] = found
    game = _UNSET  # the record's game key, found once (it may be None)
    for opt in opts:
        if type(opt) is not dict:
            return False
        text = opt.get("text")
        ir = found.get(text) if type(text) is str else None
        if ir is None:
            if game is _UNSET:
                game = _game_key(rec)
            hit = memo.get((text, game, None))
            if hit is None:
                return False
            ir = hit[0]
            if type(text) is str and ir is not None:
                found[text] = ir
        opt["ir"] = ir
    return True


def _without_ir(rec: dict, memo: dict | None) -> dict | None:
    """A record to keep: its options' texts only, when each IR is the memo's value for its text (so
    `_with_ir` gives it back exactly); None when one is not."""
    opts = rec.get("options")
    if not opts:
        return rec
    game = _game_key(rec)
    for opt in opts:
        hit = memo.get((opt.get("text"), game, None)) if memo and isinstance(opt, dict) else None
        if hit is None or hit[0] is not opt.get("ir"):
            return None
    return {**rec, "options": [{"text": opt["text"]} for opt in opts]}


def _keep_products(store, keyed: dict, records: dict, reuse: dict, quiet: set, with_text: bool, entries,
                   memo: dict | None) -> None:
    """Keep the bundle form of each keyed record (`records`: id() of an entry -> its record dict) of a file
    whose own stages reported nothing, with what coverage reads of it and (`with_text`, a build that
    writes) its text in the written bundle; note the texts in `store.record_texts` for the write. A file's
    entry is written again only when it changed."""
    from .bundle import has_absolute_file, record_text  # noqa: PLC0415 - start-up cost: the stages load when a file is compiled, not on a cache hit
    from .coverage import plain_view  # noqa: PLC0415 - start-up cost: the stages load when a file is compiled, not on a cache hit

    texts = store.record_texts
    by_file: dict[str, list] = {}
    for e in entries:
        place = keyed.get(id(e))
        if place is not None and id(e) in records:
            by_file.setdefault(place[0], []).append((place[1], e))
    for shown, items in by_file.items():
        changed = False
        kept = []
        for i, e in items:
            rec = records[id(e)]
            got = reuse.get(id(e))
            if got is not None:
                if got[2] is None and with_text:  # kept by a build that wrote nothing: its text is made now
                    got = (got[0], got[1], False if has_absolute_file(rec) else record_text(rec))
                    changed = True
            elif shown in quiet:
                view = plain_view(e.record)
                if view is None:
                    continue
                if e.section == "modules":  # its text lists other files' cards: made by every build
                    text = False
                else:
                    text = (False if has_absolute_file(rec) else record_text(rec)) if with_text else None
                got = (rec, view, text)
                changed = True
            else:
                continue
            if type(got[2]) is bytes:
                texts[id(rec)] = got[2]
            kept.append((i, rec, got))
        if not changed:  # the file's entry holds these already
            continue
        made = {}
        for i, rec, got in kept:
            bare = _without_ir(rec, memo)
            if bare is not None:
                made[i] = (bare, got[1], got[2])
        store.put_products(shown, made)


def _first_causes(diags: list[Diagnostic], entries) -> list[Diagnostic]:
    """Each diagnostic a first cause: a count over the printed one (G409) that a pack's over-count (P505)
    already explains is not reported again at the bundled record."""
    over = {m.group(1) for d in diags if d.code == "P505" for m in [re.search(r"`((?:module|product):[^`]+)`", d.message)] if m}
    if not over:
        return diags
    at = set()
    for e in entries:
        if e.id in over and not e.in_pack:
            for key in ("printed_cards", "id"):
                sp = e.file.span(e.path + (key,))
                at.add((sp.file, sp.line))
    return [d for d in diags if not (d.code == "G409" and (d.span.file, d.span.line) in at)]


def discover_inputs(paths: list[Path]) -> tuple[list[Path], list[tuple[Path, str]]]:
    """YAML files under the given files and folders (sorted, hidden folders skipped), and every
    path that cannot be read as one — a FIFO, a device, a looping or dangling link — with why."""
    found: set[Path] = set()
    refused: dict[Path, str] = {}
    for p in paths:
        why = path_problem(p)
        if why is not None:
            refused[p] = why
        elif p.is_file():
            found.add(p)
        elif p.is_dir():
            # every entry below (links to folders are not followed), hidden folders and files skipped
            for folder, subdirs, names in os.walk(p):
                subdirs[:] = [d for d in subdirs if not d.startswith(".")]
                base = Path(folder)
                for name in names:
                    if name.startswith(".") or os.path.splitext(name)[1] not in YAML_SUFFIXES:
                        continue
                    f = base / name
                    why = path_problem(f)
                    if why is not None:
                        refused[f] = why
                    elif f.is_file():
                        found.add(f)
    return sorted(found), sorted(refused.items())


def default_content_dirs(root: Path, config: Config | None = None, *, bundled: bool | None = None) -> list[Path]:
    """The project's content folders (`content` of [tool.paleo], else `content/`), then the bundled
    games' content unless `bundled` (default: the config's `bundled`, true) is false. A project's
    cards add to the bundled games; a folder that is (or lies inside) the bundled content, or a copy of
    it (this repository's checkout beside an installed paleo), is not loaded twice, so the checkout
    itself compiles its content once."""
    if bundled is None:
        bundled = config.bundled if config is not None else True
    if config and config.content:
        dirs = [root / c for c in config.content]
    elif (root / "content").is_dir():
        dirs = [root / "content"]
    else:
        dirs = []
    shipped = bundled_dir("content")
    if bundled and shipped.is_dir():
        try:
            dup = any(_overlaps(d, shipped) or _is_bundled_copy(d, shipped) for d in dirs)
        except OSError:
            dup = False
        if not dup:
            dirs.append(shipped)
    return dirs


def _is_bundled_copy(folder: Path, shipped: Path) -> bool:
    """A project folder holding every file of the bundled games' content at the same place: a checkout of this
    repository run with an installed paleo (its `content/`, edited or not). It is that content, so the installed
    copy is not loaded beside it (which would make every record a duplicate id)."""
    names = [p.relative_to(shipped) for p in shipped.rglob("*.yaml")]
    return bool(names) and folder.is_dir() and all((folder / n).is_file() for n in names)


def _overlaps(a: Path, b: Path) -> bool:
    ra, rb = a.resolve(), b.resolve()
    return ra == rb or ra.is_relative_to(rb) or rb.is_relative_to(ra)
