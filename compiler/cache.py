"""The build cache: an optimisation only, never a source of results.

One location holds every cache the compiler keeps: `$PALEO_CACHE_DIR` when set, else
`$XDG_CACHE_HOME/paleo-codex`, else `~/.cache/paleo-codex`, else `paleo-codex-<uid>` in the system's
temporary folder — the first that is a folder private to the user (owned by the user, writable by nobody
else; `compiler.paths.cache_dir`); when none is, nothing is cached. The compiled effect grammar lives at its
top (`effects-*.grammar`: Lark's tables as plain data in a signed entry, never a pickle); builds
keep theirs under `builds/`:

- `builds/result-<project>.bin`: a whole build's diagnostics (and, for `paleo build`, the counts and the
  coverage table it prints), keyed by everything the result depends on — the compiler's own source and
  grammar, the `[tool.paleo]` settings in force, the project root, and the name and bytes of every input
  file the content roots, packs and given paths hold (and every path refused). An unchanged project is
  answered from it.
- `builds/written-<project>.bin`: the bytes of `bundle.json` that build wrote (keyed also by the content
  roots, which name the records' files), kept as they were written and written again as they are.
- `builds/files-<project>-<digit>.bin` (16 shards by the entries' keys, so one edited file rewrites one):
  per content file (keyed by its name and bytes and the compiler), the loaded data with positions, the
  validated records and their diagnostics (the data and each record read back only when something
  reads them); its citations' diagnostics under the source documents in force; and, under the symbol
  files in force, each record's bundle form (its options' texts; their IR is the effects memo's), what
  coverage reads of it and its text in a written bundle — for records whose bundle form is their own
  file's alone and whose own stages reported nothing (a module as its file makes it, before the cards of
  other files are filled in, and never its text; not symbols; none when a pack may change records; no
  text for a record naming an absolute file, which the content roots rename). Under the same symbol files,
  `builds/graph-<project>.bin` keeps the last graph's state, and `graph-texts-<project>.bin` its edges'
  texts, for the next build to patch (see `compiler.graph.incremental`). And per option (keyed also by the symbol files' names and bytes) in
  `builds/effects-<project>.bin`, each option string's parsed and lowered IR with its problems and the
  references the graph finds in it, by text, game and clause position.
  One edited file reloads, relowers and re-encodes that file only; the cross-file checks (unique ids,
  packs, the graph, coverage) always run on the whole project.

Every entry is a header (magic, the key it answers, an HMAC-SHA256 of the payload under a secret
kept in the cache folder, mode 0600) and a payload (`compiler.store`). An entry whose magic, key or digest
does not match — stale, corrupt, truncated, from another project or another compiler, or tampered with —
is ignored and the result computed afresh; so is one that is not a regular file (a FIFO, a device, a link
to one, a folder: opened without blocking and never read) or is larger than the bound. A payload is
unpickled only after its digest verified, so only what this user's own builds wrote is ever unpickled. Entries are written atomically (temporary file, rename), so two processes
building at once each leave a whole entry, and an interrupted write leaves none; they are not synced to
disk (a cache entry a crash truncates fails its digest and is ignored). The folder is bounded
(`PALEO_CACHE_MAX_MB`, default 512): after a write, the least recently used entries are removed until it
fits; a bound that is not a size (`inf`, `nan`, text, more than 1,048,576) is a usage error (exit 2).
`--no-cache` (or `PALEO_NO_CACHE=1`) turns the build cache off, and the compiled grammar's with it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import marshal
import os
import pickle
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from .bundle import SECTION_ORDER, encoded, encoded_reusing, portable_paths, write_bundle
from .diagnostics import has_errors
from .paths import cache_dir, cache_max_bytes
from .store import MAGIC, SignedStore
from .version import __version__

_fingerprint: str | None = None


def _source_files(package: Path) -> list[tuple[str, str]]:
    """(name from the package's parent, path) of every file of the compiler package at `package` (byte-code
    aside) and of the grammar beside it, in order."""
    base = str(package.parent)
    files = []
    for folder, subdirs, names in os.walk(package):
        subdirs[:] = [d for d in subdirs if d != "__pycache__"]
        files.extend(os.path.join(folder, n) for n in names)
    grammar = sorted(str(f) for f in (package.parent / "grammar").glob("*.lark"))
    cut = len(base) + 1
    return [(f[cut:].replace(os.sep, "/"), f) for f in sorted(files) + grammar]


def source_digest(package: Path, memo: "Cache | None" = None) -> str:
    """A digest of every file of the compiler package at `package` and of the grammar beside it.

    With `memo` (a build cache), the digest is kept under the files' names, sizes, inodes and change times
    (to the nanosecond): while none of them changes, the files are not read again."""
    files = _source_files(package)
    seen = None
    if memo is not None:
        try:
            stats = [(name, st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns)
                     for name, f in files for st in (os.stat(f),)]
        except OSError:
            stats = None
        if stats is not None:
            seen = digest(__version__, sys.version, repr(stats))
            got = memo.get("compiler.bin", seen)
            if isinstance(got, str):
                return got
    h = hashlib.sha256(__version__.encode() + b"\0" + sys.version.encode())  # pickles and marshal data are per Python
    for name, f in files:
        try:
            with open(f, "rb") as fh:
                h.update(name.encode() + b"\0" + fh.read() + b"\0")
        except OSError:
            h.update(b"unreadable\0")
    value = h.hexdigest()
    if seen is not None:
        memo.put_plain("compiler.bin", seen, value)
    return value


def _source_stats(package: Path) -> tuple | None:
    try:
        return tuple((name, st.st_size, st.st_mtime_ns) for name, f in _source_files(package) for st in (os.stat(f),))
    except OSError:
        return None


_PACKAGE = Path(__file__).resolve().parent
# The compiler's files as this process imported them: a process that outlives a change of them (an editor's language
# server while the package is upgraded or edited) runs the old code, so it must not file what it builds under the
# digest of the new files, where a new process would read records of the old models back.
_IMPORTED_STATS = _source_stats(_PACKAGE)


def compiler_fingerprint(memo: "Cache | None" = None) -> str:
    """This compiler's `source_digest`: a changed compiler or grammar misses every entry. When the files changed
    since this process imported them, a digest no other process computes: it neither reads nor feeds the cache."""
    global _fingerprint
    if _fingerprint is None:
        now = _source_stats(_PACKAGE)
        if now is None or now != _IMPORTED_STATS:
            _fingerprint = digest("compiler changed since import", str(os.getpid()), repr(_IMPORTED_STATS), repr(now))
        else:
            _fingerprint = source_digest(_PACKAGE, memo)
    return _fingerprint


def digest(*parts: bytes | str) -> str:
    h = hashlib.sha256()
    for p in parts:
        b = p.encode("utf-8", "surrogateescape") if isinstance(p, str) else p
        h.update(len(b).to_bytes(8, "little") + b)
    return h.hexdigest()


class Cache(SignedStore):
    """The build cache in `folder` (default: `cache_dir()/builds`; no private cache folder: nothing cached)."""

    def __init__(self, folder: Path | None = None, max_bytes: int | None = None):
        if folder is None:
            base = cache_dir()
            folder = base / "builds" if base is not None else None
        super().__init__(folder, cache_max_bytes() if max_bytes is None else max_bytes)
        self._held = 0  # while above 0 (`held_eviction`), writes leave the bound to be kept when it ends
        self._evict_due = False

    # -- entries ------------------------------------------------------------------------------
    def _decode(self, kind: bytes, body):
        if kind == b"p":  # the build's own records, read only once their digest verified (SignedStore)
            return pickle.loads(body)
        return super()._decode(kind, body)

    def put(self, name: str, key: str, value) -> None:
        """Store `value` under `name` for `key`, atomically; any problem leaves the cache as it was."""
        try:
            self._put_payload(name, key, b"p" + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        except Exception:  # the cache is an optimisation: a full disk or a refused write changes nothing
            return

    def put_plain(self, name: str, key: str, value) -> None:
        """`put` for plain data (dicts, lists, strings, bytes, numbers, None, as a bundle is): written with
        marshal, several times faster than pickle both ways; anything else is pickled."""
        try:
            payload = b"m" + marshal.dumps(value)
        except ValueError:
            return self.put(name, key, value)
        self._put_payload(name, key, payload)

    def tee(self, name: str, key: str, chunks):
        """Yield `chunks` (bytes) unchanged while storing their concatenation under `name` for `key`, as
        `get` gives it back: written as they pass, never joined in memory, and kept (atomically) only
        once every chunk has passed; a write that fails, or chunks not all taken, leave the cache as it
        was."""
        sink = None
        try:
            if self.folder is None:
                raise OSError("no cache folder")
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=f".{name}.", suffix=".tmp")
            sink = os.fdopen(fd, "wb")
            head = MAGIC + key.encode() + b"\n"
            sink.write(head + b"0" * 64 + b"\nr")
            mac = self._mac(key)
            mac.update(b"r")
        except Exception:
            sink = None
        size = 0
        done = False
        try:
            for chunk in chunks:
                if sink is not None:
                    try:
                        sink.write(chunk)
                        mac.update(chunk)
                        size += len(chunk)
                    except Exception:
                        sink.close()
                        os.unlink(tmp)
                        sink = None
                yield chunk
            done = True
        finally:
            if sink is not None:
                try:
                    if done and len(head) + 66 + size <= self.max_bytes:
                        sink.seek(len(head))
                        sink.write(mac.hexdigest().encode())
                        sink.close()
                        os.chmod(tmp, 0o600)
                        os.replace(tmp, self.folder / name)
                        self._after_write()
                    else:
                        sink.close()
                        os.unlink(tmp)
                except Exception:
                    try:
                        os.unlink(tmp)
                    except OSError:
                        pass

    SHARDS = "0123456789abcdef"

    def get_sharded(self, stem: str, key: str) -> dict:
        """The union of the mappings `put_sharded` stored under `stem` for `key` (a damaged shard is empty)."""
        out: dict = {}
        for c in self.SHARDS:
            got = self.get(f"{stem}-{c}.bin", key)
            if isinstance(got, dict):
                out.update((k, v) for k, v in got.items() if isinstance(k, str) and k[:1] == c)
        return out

    def put_sharded(self, stem: str, key: str, mapping: dict, old: dict | None = None) -> None:
        """Store a mapping of hex-digest keys as 16 entries by the keys' first digit, writing only the
        shards whose part differs from `old` (what `get_sharded` gave): one edited file rewrites one."""
        parts: dict[str, dict] = {c: {} for c in self.SHARDS}
        for k, v in mapping.items():
            if isinstance(k, str) and k[:1] in parts:
                parts[k[:1]][k] = v
        before: dict[str, dict] = {c: {} for c in self.SHARDS}
        for k, v in (old or {}).items():
            if k[:1] in before:
                before[k[:1]][k] = v
        for c in self.SHARDS:
            if old is None or parts[c] != before[c]:
                self.put_plain(f"{stem}-{c}.bin", key, parts[c])

    def _after_write(self) -> None:
        if self._held:
            self._evict_due = True
        else:
            self.evict()

    @contextmanager
    def held_eviction(self):
        """A context in which writes do not each walk the folder to keep its bound: it is kept once, at the
        end (one build writes several entries)."""
        self._held += 1
        try:
            yield self
        finally:
            self._held -= 1
            if not self._held and self._evict_due:
                self._evict_due = False
                self.evict()

    def evict(self) -> None:
        """Remove the least recently used entries until the folder fits its bound."""
        if self.folder is None:
            return
        for p in self.folder.glob(".*.tmp"):  # left by a process killed while writing
            try:
                if p.stat().st_mtime < time.time() - 3600:
                    p.unlink()
            except OSError:
                pass
        rows = []
        for p in self.folder.glob("*.bin"):
            try:
                st = p.stat()
            except OSError:
                continue
            rows.append((st.st_mtime_ns, st.st_size, p))
        total = sum(r[1] for r in rows)
        for _, size, p in sorted(rows, key=lambda r: r[0]):
            if total <= self.max_bytes:
                break
            try:
                p.unlink()
                total -= size
            except OSError:
                pass


class BuildStore:
    """One build's view of the cache: its keys, the entries it reads and the ones it writes."""

    MAX_MEMO = 200_000  # compiled option strings kept per project; past this the memo starts afresh
    keeps_products = True  # each file's records in bundle form (see `products`)
    _memo_key: str | None = None  # the symbol files' key, once `effects_memo` has made it

    def __init__(self, cache: Cache, root, config, content_dirs, extra_files, raws: dict, pre_diags: list):
        self.cache = cache
        fp = compiler_fingerprint(cache if isinstance(cache, Cache) else None)
        self.fingerprint = fp
        self.file_keys: dict[str, str] = {}
        for shown in sorted(raws):
            raw = raws[shown]
            self.file_keys[shown] = digest(shown, raw) if isinstance(raw, bytes) else digest(shown, "unread", repr(raw))
        # every setting of [tool.paleo] in force (select, ignore, per-file ignores, content roots, and
        # whatever later settings the configuration gains)
        settings = repr([(f.name, getattr(config, f.name)) for f in dataclasses.fields(config)])
        # The content roots and extra paths matter through the files they find (names and bytes, below), so
        # `paleo build`, `paleo lint` and `paleo lint FILE` of one project share their entries.
        self.project = digest(fp, str(Path(root).resolve()))[:32]
        self.result_key = digest(fp, "result", str(Path(root).resolve()), settings, repr(pre_diags),
                                 *(f"{k}={v}" for k, v in self.file_keys.items()))
        self._files_key = digest(fp, "files", self.project)
        self._stored = None
        self._fresh: dict[str, bytes] = {}
        self.record_texts: dict[int, bytes] = {}  # id() of a record dict of this build's bundle -> its text

    # -- the whole result: diagnostics, and for a build the summary it prints and the bytes it wrote ------
    def result(self, want_bundle: bool = True, dirs=()):
        """(summary, written bytes or None, diagnostics, texts, file names) of the last build of exactly these
        inputs, or None. With `want_bundle` (a build) the bytes it wrote for these content roots are needed,
        unless it failed."""
        got = self.cache.get(f"result-{self.project}.bin", self.result_key)
        if not (isinstance(got, tuple) and len(got) == 4):
            return None
        diags, texts, names, summary = got
        data = None
        if want_bundle and not has_errors(diags):  # a build with errors writes nothing
            if not isinstance(summary, dict):
                return None
            name, key = self.written(dirs)
            data = self.cache.get(name, key)
            if not isinstance(data, bytes):
                return None
        return summary, data, diags, texts, names

    def save_result(self, bundle, diags, texts: dict, names: list) -> None:
        named = {d.span.file for d in diags} | {lab.span.file for d in diags for lab in d.labels}
        kept = {k: v for k, v in texts.items() if k in named}
        summary = None
        if isinstance(bundle, dict):
            summary = {"counts": {k: len(v) for k, v in bundle.items() if isinstance(v, list)},
                       "coverage": bundle.get("coverage")}
        self.cache.put(f"result-{self.project}.bin", self.result_key, (diags, kept, names, summary))

    # -- the written bundle: the file's bytes for these content roots (on a rebuild from the cache) -----
    def written(self, dirs) -> tuple[str, str]:
        return f"written-{self.project}.bin", digest(self.result_key, "written", *(str(Path(d).resolve()) for d in dirs))

    # -- per file: loaded data, positions, validated records ----------------------------------
    def file(self, shown: str):
        if self._stored is None:
            self._stored = self.cache.get_sharded(f"files-{self.project}", self._files_key)
        key = self.file_keys.get(shown)
        blob = self._stored.get(key) if key else None
        if blob is None:
            return None
        try:
            value = pickle.loads(blob)
        except Exception:
            return None
        self._fresh[key] = blob
        return value

    def put_file(self, shown: str, value) -> None:
        key = self.file_keys.get(shown)
        if key is None:
            return
        try:
            self._fresh[key] = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            pass

    def save_files(self) -> None:
        """Keep the entries of this build's files (those of deleted or changed files go)."""
        if self._fresh != (self._stored or {}):
            self.cache.put_sharded(f"files-{self.project}", self._files_key, self._fresh, self._stored)
        self._stored = None
        self._fresh = {}

    # -- per option string: parsed and lowered under the same symbol files --------------------
    def effects_memo(self, entries) -> dict:
        sym_files = sorted({e.file.path for e in entries if e.section == "symbols"}
                           | {e.file.path for e in entries if e.in_pack})
        self._memo_key = digest(self.fingerprint, "effects", *(self.file_keys.get(f, f) for f in sym_files))
        got = self.cache.get(f"effects-{self.project}.bin", self._memo_key)
        memo = got if isinstance(got, dict) and len(got) <= self.MAX_MEMO else {}
        self._memo_size = (len(memo), _with_refs(memo)) if got is not None else None
        return memo

    # -- per file: what a later stage made of it, under a tag (the inputs from other files it depends on) --
    def _part_key(self, shown: str, part: str) -> str | None:
        fkey = self.file_keys.get(shown)
        return None if fkey is None else fkey[:1] + digest(fkey, part)[1:]  # in the file's own shard

    def _tagged(self, shown: str, part: str, tag, loads, kind: type):
        """The `kind` value kept for this file's `part` under `tag`, or None (missing, damaged, other tag)."""
        key = self._part_key(shown, part)
        if key is None or tag is None or self._stored is None:
            return None
        blob = self._stored.get(key)
        if type(blob) is not bytes:
            return None
        try:
            got_tag, value = loads(blob)
        except Exception:
            return None
        if got_tag != tag or not isinstance(value, kind):
            return None
        self._fresh[key] = blob
        return value

    def _put_tagged(self, shown: str, part: str, tag, value, dumps) -> None:
        key = self._part_key(shown, part)
        if key is None or tag is None:
            return
        try:
            self._fresh[key] = dumps((tag, value))
        except Exception:  # not data the format keeps: nothing kept
            self._fresh.pop(key, None)

    def citations(self, shown: str, sources: str) -> list | None:
        """The citation diagnostics of this file under the source registry whose digest is `sources`, or None."""
        return self._tagged(shown, "citations", sources, pickle.loads, list)

    def put_citations(self, shown: str, sources: str, found: list) -> None:
        self._put_tagged(shown, "citations", sources, found,
                         lambda v: pickle.dumps(v, protocol=pickle.HIGHEST_PROTOCOL))

    def products(self, shown: str) -> dict | None:
        """What the last build under the same symbol files made of this file's records: index in the file
        -> (the record's bundle form, what coverage reads of it, its text in a written bundle or None).
        None when there is nothing, or it was made under other symbol files."""
        return self._tagged(shown, "products", self._memo_key, marshal.loads, dict)

    def put_products(self, shown: str, made: dict) -> None:
        self._put_tagged(shown, "products", self._memo_key, made, marshal.dumps)

    # -- the graph: the last build's state, to patch (see compiler.graph.incremental) ----------------
    def _graph_key(self) -> str:
        return digest(self.fingerprint, "graph", self.project, self._memo_key or "")

    def graph_state(self):
        """The graph state the last build under the same symbol files left, or None."""
        got = self.cache.get(f"graph-{self.project}.bin", self._graph_key())
        return got if isinstance(got, dict) else None

    def graph_texts(self, texts_id: str):
        """The edge texts kept with the state that names them `texts_id`, or None."""
        got = self.cache.get(f"graph-texts-{self.project}.bin", digest(self._graph_key(), str(texts_id)))
        return got if isinstance(got, dict) else None

    def save_graph(self, state: dict, etext: dict | None = None) -> None:
        """Keep a graph state (and, when they changed, its edge texts: written first, so a state never names
        texts that are not there but by a failed write, which only costs a first build)."""
        core = {k: v for k, v in state.items() if k != "edges"}
        core["eattrs"] = {k: dict(v) for k, v in state["edges"].items() if v}
        if etext is not None:
            self.cache.put_plain(f"graph-texts-{self.project}.bin", digest(self._graph_key(), state["texts"]), etext)
        self.cache.put_plain(f"graph-{self.project}.bin", self._graph_key(), core)

    def save_effects(self, memo: dict | None) -> None:
        """Keep the effects memo when this build added strings to it, or the graph added references."""
        if memo is not None and (len(memo), _with_refs(memo)) != self._memo_size:
            self.cache.put(f"effects-{self.project}.bin", self._memo_key, memo)


def _with_refs(memo: dict) -> int:
    """How many of the memo's entries carry the graph's references of their IR (a third item)."""
    return sum(1 for v in memo.values() if type(v) is tuple and len(v) > 2)


def write_result_bundle(res, dirs, out):
    """`write_bundle` for `paleo build`: the record files named from their content roots; a result from the
    cache writes the bytes its build wrote, and a compiled one's bytes are kept for that as they are written."""
    store = res.store
    if store is not None and res.from_cache:
        return write_bundle(out, None, data=res.written)
    if store is None or not isinstance(res.bundle, dict):
        portable_paths(res.bundle, dirs)
        return write_bundle(out, res.bundle)
    name, key = store.written(dirs)
    texts = getattr(store, "record_texts", None)
    if texts:
        return _write_reusing(texts, res.bundle, dirs, out, lambda chunks: store.cache.tee(name, key, chunks))
    portable_paths(res.bundle, dirs)
    return write_bundle(out, res.bundle, data=store.cache.tee(name, key, encoded(res.bundle)))


def _write_reusing(texts: dict, bundle: dict, dirs, out, keep=lambda chunks: chunks):
    """`portable_paths` and `write_bundle` for a compiled result, with the text of each record `texts` holds
    (by the id() of its record dict: the build's own or the cache's, made before any path was rewritten):
    only the other records are made portable and encoded. A text is kept only for a record that names no
    absolute file (which `portable_paths`, the content roots, could change), so reusing it skips nothing
    `portable_paths` would do."""
    fresh = [rec for s in SECTION_ORDER for rec in bundle.get(s) or () if id(rec) not in texts]
    rest = {k: v for k, v in bundle.items() if k not in SECTION_ORDER}
    view = {**rest, "\0records": fresh}
    portable_paths(view, dirs)
    if "file" in rest:  # the walk fixed the top's own `file` in its view
        bundle["file"] = view["file"]
    return write_bundle(out, bundle, data=keep(encoded_reusing(bundle, texts)))
