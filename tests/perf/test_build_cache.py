"""The build cache is an optimisation only: whatever is in it, every result equals a cold build's."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler import cache as cache_mod
from compiler import store as store_mod
from compiler.bundle import dumps
from compiler.cache import Cache, source_digest
from compiler.pipeline import run
from compiler.project import load_config

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(REPO / "content", root / "content")
    (root / "pyproject.toml").write_text('[project]\nname = "p"\n\n[tool.paleo]\ncontent = ["content"]\nbundled = false\n')
    return root


def outcome(result) -> tuple:
    """The bundle's text and the diagnostics (a build answered from the cache has the bytes it wrote)."""
    if result.from_cache and result.written is not None:
        return (result.written.decode("utf-8"), result.diagnostics)
    return (dumps(result.bundle) if result.bundle is not None else None, result.diagnostics)


def cold(root: Path, dirs=None, config=None) -> tuple:
    return outcome(run(dirs or [root / "content"], root=root, config=config))


def cached(root: Path, cache: Cache, dirs=None, config=None):
    """A build through the cache, as `paleo build` makes it: compiled (or answered), then written."""
    from compiler.cache import write_result_bundle
    from compiler.diagnostics import has_errors

    dirs = dirs or [root / "content"]
    res = run(dirs, root=root, config=config, cache=cache)
    if not has_errors(res.diagnostics):
        text = outcome(res)[0]
        target, problem = write_result_bundle(res, dirs, root.parent / "out-cached")
        assert problem is None and target.read_text(encoding="utf-8") == text
    return res


def entries_of(cache: Cache) -> list[Path]:
    return sorted(cache.folder.glob("*.bin"))


def test_unchanged_project_is_answered_from_the_cache_and_equals_a_cold_build(project, tmp_path):
    c = Cache(tmp_path / "cache")
    first = cached(project, c)
    assert first.entries  # compiled
    again = cached(project, c)
    assert again.entries == [] and list(again.files) == list(first.files)  # answered from the cache
    assert outcome(again) == outcome(first) == cold(project)


def test_one_edited_file_is_reloaded_alone(project, tmp_path, monkeypatch):
    c = Cache(tmp_path / "cache")
    cached(project, c)
    card = project / "content/paleo/a-new-beginning/module-m.yaml"
    card.write_text(card.read_text().replace("require buildings 5", "require buildings 4"))
    import compiler.loader as loader

    loaded = []
    real = loader.load_bytes
    monkeypatch.setattr(loader, "load_bytes", lambda shown, raw: (loaded.append(shown), real(shown, raw))[1])
    edited = cached(project, c)
    assert loaded == ["content/paleo/a-new-beginning/module-m.yaml"]
    monkeypatch.setattr(loader, "load_bytes", real)
    assert outcome(edited) == cold(project)
    assert "require buildings 4" in dumps(edited.bundle)


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage", "empty", "forged"])
def test_damaged_entries_never_change_a_result(project, tmp_path, damage):
    c = Cache(tmp_path / "cache")
    cached(project, c)
    card = project / "content/paleo/base/cards.yaml"
    card.write_text(card.read_text() + "\n# an edit the cache has not seen\n")
    expected = cold(project)
    for f in entries_of(c):
        blob = f.read_bytes()
        if damage == "flip":
            blob = blob[:-100] + bytes([blob[-100] ^ 0xFF]) + blob[-99:]
        elif damage == "truncate":
            blob = blob[: len(blob) // 2]
        elif damage == "garbage":
            blob = b"not a cache entry"
        elif damage == "empty":
            blob = b""
        else:  # the right header and key, a payload of someone else's making
            head, _, _ = blob.partition(b"\n")
            key = blob.split(b"\n")[1]
            blob = head + b"\n" + key + b"\n" + b"0" * 64 + b"\n" + b"\x80\x04N."
        f.write_bytes(blob)
    assert outcome(cached(project, c)) == expected
    assert outcome(cached(project, c)) == expected  # and what it wrote back is sound


def test_entries_of_another_project_are_not_used(project, tmp_path):
    c = Cache(tmp_path / "cache")
    cached(project, c)
    other = tmp_path / "other"
    shutil.copytree(project, other)
    tokens = other / "content/paleo/base/tokens.yaml"
    tokens.write_text(tokens.read_text().replace("name: ", "name: Other ", 1))
    fresh = Cache(tmp_path / "cache2")
    cached(other, fresh)
    for f in entries_of(c):  # the first project's entries under the other project's names
        for g in entries_of(fresh):
            if g.name.split("-")[0] == f.name.split("-")[0]:
                g.write_bytes(f.read_bytes())
    assert outcome(cached(other, fresh)) == cold(other)


def test_a_changed_symbol_relowers_every_option(project, tmp_path):
    c = Cache(tmp_path / "cache")
    cached(project, c)
    symbols = project / "content/symbols/paleo.yaml"
    symbols.write_text(symbols.read_text().replace("    name: wood\n", "    name: timber\n", 1))
    result = cached(project, c)
    assert outcome(result) == cold(project)
    assert any(d.is_error for d in result.diagnostics)  # options writing `wood` no longer lower


def test_a_changed_compiler_or_grammar_misses_every_entry(project, tmp_path, monkeypatch):
    c = Cache(tmp_path / "cache")
    cached(project, c)
    monkeypatch.setattr(cache_mod, "_fingerprint", "another compiler")
    result = cached(project, c)
    assert result.entries and outcome(result) == cold(project)
    # the fingerprint covers the grammar and every compiler file
    tree = tmp_path / "tree"
    shutil.copytree(REPO / "compiler", tree / "compiler", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "grammar", tree / "grammar")
    before = source_digest(tree / "compiler")
    grammar = next((tree / "grammar").glob("*.lark"))
    grammar.write_text(grammar.read_text() + "\n// changed\n")
    after_grammar = source_digest(tree / "compiler")
    (tree / "compiler/codes/extra.txt").write_text("x")
    assert len({before, after_grammar, source_digest(tree / "compiler")}) == 3
    # kept in the cache under the files' sizes and times, it is the same digest, and an edit that keeps a
    # file's size and modification time still changes it (its change time moves)
    memo = Cache(tmp_path / "memo")
    now = source_digest(tree / "compiler")
    assert source_digest(tree / "compiler", memo) == now == source_digest(tree / "compiler", memo)
    f = tree / "compiler/codes/extra.txt"
    st = f.stat()
    f.write_text("y")
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert source_digest(tree / "compiler", memo) == source_digest(tree / "compiler") != now


def test_changed_settings_and_content_roots_are_results_of_their_own(project, tmp_path):
    c = Cache(tmp_path / "cache")
    cfg, _ = load_config(project)
    cached(project, c, config=cfg)
    cfg.ignore = ["G"]
    cfg.per_file_ignores = {"content/paleo/base/*": ["M"]}
    assert outcome(cached(project, c, config=cfg)) == cold(project, config=cfg)
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "more.yaml").write_text("cards:\n  - id: card:x/y\n    name: Y\n")
    dirs = [project / "content", extra]
    assert outcome(cached(project, c, dirs=dirs)) == cold(project, dirs=dirs)
    assert outcome(cached(project, c)) == cold(project)


def test_switching_branches_back_and_forth(project, tmp_path):
    c = Cache(tmp_path / "cache")
    card = project / "content/paleo/base/cards.yaml"
    a = card.read_text()
    b = a.replace("name: ", "name: Renamed ", 3)
    for text in (a, b, a, b):
        card.write_text(text)
        assert outcome(cached(project, c)) == cold(project)


def test_an_interrupted_write_leaves_no_entry_that_changes_a_result(project, tmp_path, monkeypatch):
    c = Cache(tmp_path / "cache")
    real = store_mod.atomic_write

    def dies_half_way(path, pieces, **kw):  # a crash after half the bytes, as an unsynced write may leave
        data = b"".join(pieces)
        Path(path).write_bytes(data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_mod, "atomic_write", dies_half_way)
    assert outcome(cached(project, c)) == cold(project)
    assert entries_of(c)  # the half-written entries are there
    monkeypatch.setattr(store_mod, "atomic_write", real)
    assert outcome(cached(project, c)) == cold(project)


def test_two_processes_building_at_once(project, tmp_path):
    env = {**os.environ, "PALEO_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    env.pop("PALEO_NO_CACHE", None)
    outs = [project / f"out{i}" for i in range(2)]
    procs = [subprocess.Popen([sys.executable, "-m", "compiler", "build", "--out", str(o)], cwd=project, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for o in outs]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    expected = cold(project)[0]
    assert [(o / "bundle.json").read_text() for o in outs] == [expected, expected]
    assert outcome(cached(project, Cache(tmp_path / "cache" / "builds"))) == cold(project)


def test_the_cache_stays_within_its_bound(project, tmp_path):
    c = Cache(tmp_path / "cache", max_bytes=3_000_000)
    card = project / "content/paleo/base/cards.yaml"
    text = card.read_text()
    for i in range(3):  # each a project of its own: a new root
        root = tmp_path / f"copy{i}"
        shutil.copytree(project, root)
        (root / "content/paleo/base/cards.yaml").write_text(text + f"\n# {i}\n")
        cached(root, c)
        assert sum(f.stat().st_size for f in entries_of(c)) <= c.max_bytes
    assert outcome(cached(root, c)) == cold(root)


def test_no_cache_reads_and_writes_nothing(project, tmp_path):
    env = {**os.environ, "PALEO_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    env.pop("PALEO_NO_CACHE", None)
    for cmd in (["build", "--no-cache"], ["lint", "--no-cache", "-q"]):
        r = subprocess.run([sys.executable, "-m", "compiler", *cmd], cwd=project, env=env, capture_output=True,
                           text=True, timeout=300)
        assert r.returncode == 0, r.stderr
    assert not list((tmp_path / "cache").rglob("*.bin"))
    r = subprocess.run([sys.executable, "-m", "compiler", "lint", "-q"], cwd=project, env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0 and list((tmp_path / "cache" / "builds").glob("result-*.bin"))


def test_a_cached_files_positions_place_its_diagnostics_as_a_cold_build_does(project, tmp_path):
    broken = project / "content/paleo/base/tokens.yaml"
    broken.write_text(broken.read_text().replace("completeness: ", "completeness: sometimes #", 1))
    c = Cache(tmp_path / "cache")
    cached(project, c)
    other = project / "content/paleo/base/cards.yaml"
    other.write_text(other.read_text() + "\n# edited\n")
    result = cached(project, c)  # tokens.yaml comes from the cache, positions and all
    expected = cold(project)
    assert outcome(result) == expected
    assert any(d.is_error and d.span.file.endswith("tokens.yaml") and d.span.line > 1 for d in result.diagnostics)


def test_rebuilds_from_the_cache_write_the_cold_builds_bytes(project, tmp_path):
    env = {**os.environ, "PALEO_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    env.pop("PALEO_NO_CACHE", None)
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(project / "content", elsewhere / "content")  # outside the root: named from its content root

    def build(*flags: str) -> bytes:
        r = subprocess.run([sys.executable, "-m", "compiler", "build", "--out", "out", *flags], cwd=project, env=env,
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        return (project / "out" / "bundle.json").read_bytes()

    for flags in ((), ("--isolated", "--content", str(elsewhere / "content"))):
        expected = build("--no-cache", *flags)
        assert [build(*flags) for _ in range(3)] == [expected] * 3


def written(root: Path, c: Cache | None, out: Path) -> bytes:
    """The bytes `paleo build` writes for the project: through the cache's record texts, or cold."""
    from compiler.cache import write_result_bundle

    res = run([root / "content"], root=root, cache=c)
    target, problem = write_result_bundle(res, [root / "content"], out)
    assert problem is None
    return target.read_bytes()


def record_shards(c: Cache) -> list[Path]:
    """The shards that hold each file's entry, its records' bundle form and their texts."""
    return sorted(c.folder.glob("files-*.bin"))


def test_record_texts_are_reused_and_the_written_bundle_is_the_cold_builds(project, tmp_path, monkeypatch):
    import compiler.bundle as bundle_mod

    c = Cache(tmp_path / "cache")
    written(project, c, tmp_path / "a")
    assert record_shards(c)
    calls, made = [], []
    real_text, real_json = bundle_mod.record_text, bundle_mod._record_json
    monkeypatch.setattr(bundle_mod, "record_text", lambda rec: calls.append(1) or real_text(rec))
    monkeypatch.setattr(bundle_mod, "_record_json", lambda e: made.append(e.id) or real_json(e))
    card = project / "content/paleo/base/cards.yaml"
    card.write_text(card.read_text().replace("name: ", "name: Renamed ", 2))
    again = written(project, c, tmp_path / "b")
    assert again == written(project, None, tmp_path / "cold")
    records = sum(len(v) for k, v in json.loads(again).items() if isinstance(v, list))
    assert 0 < len(calls) < records / 2  # the edited file's records (and the modules) encoded, not the rest
    rebuilt = made[: len(made) // 2]  # the cached build's, before the cold one's
    assert "card:paleo/trap" in rebuilt and len(rebuilt) < records / 2  # the rest came from the cache


def test_a_rebuild_reads_the_records_and_data_of_the_edited_file_only(project, tmp_path):
    c = Cache(tmp_path / "cache")
    run([project / "content"], root=project, cache=c, share_ir=True)
    card = project / "content/paleo/base/cards.yaml"
    card.write_text(card.read_text().replace("name: ", "name: Renamed ", 1))
    res = run([project / "content"], root=project, cache=c, share_ir=True)  # as `paleo build` compiles
    assert outcome(res) == cold(project)
    loaded = {e.file.path for e in res.entries if getattr(e, "record_loaded", True) and e.section == "cards"}
    assert "content/paleo/base/cards.yaml" in loaded
    others = {e.file.path for e in res.entries if e.section == "cards"} - loaded
    assert len(others) > 3 * len(loaded)  # the other card files' records were never made
    unread = [lf for lf in res.files.values() if getattr(lf, "_blob", None) is not None]
    assert len(unread) > len(res.files) / 2  # nor most files' data read
    # equal options still share one IR value, from the cache as from the compiler
    by_text: dict = {}
    for rec in res.bundle["cards"]:
        for opt in rec.get("options") or ():
            by_text.setdefault((opt["text"], rec["game"]), set()).add(id(opt["ir"]))
    assert by_text and all(len(ids) == 1 for ids in by_text.values())


def test_citations_follow_a_source_declared_in_another_file(project, tmp_path):
    c = Cache(tmp_path / "cache")
    extra = project / "content/extra.yaml"
    extra.write_text("sources:\n  - id: source:fan-notes\n    name: fan-notes\n    title: Fan notes\n")
    cards = project / "content/paleo/base/cards.yaml"
    text = cards.read_text()
    cite = "rulebook: fan-notes"
    assert "rulebook: 003_d22ca494923bf453.txt" in text
    cards.write_text(text.replace("rulebook: 003_d22ca494923bf453.txt", cite, 1))
    first = cached(project, c)
    assert outcome(first) == cold(project)
    extra.write_text("sources: []\n")  # the cited document is no longer declared: cards.yaml is unchanged
    again = cached(project, c)
    assert outcome(again) == cold(project)
    assert {d.code for d in again.diagnostics} - {d.code for d in first.diagnostics}


@pytest.mark.parametrize("damage", ["flip", "truncate", "foreign", "stale"])
def test_damaged_foreign_or_stale_record_texts_never_change_the_written_bundle(project, tmp_path, damage):
    c = Cache(tmp_path / "cache")
    written(project, c, tmp_path / "a")
    if damage == "foreign":  # another project's record texts under this project's names
        other = tmp_path / "other"
        shutil.copytree(project, other)
        tokens = other / "content/paleo/base/tokens.yaml"
        tokens.write_text(tokens.read_text().replace("name: ", "name: Other ", 3))
        theirs = Cache(tmp_path / "cache2")
        written(other, theirs, tmp_path / "o")
        mine = {p.name.rsplit("-", 1)[1]: p for p in record_shards(c)}
        for p in record_shards(theirs):
            if p.name.rsplit("-", 1)[1] in mine:
                mine[p.name.rsplit("-", 1)[1]].write_bytes(p.read_bytes())
    elif damage == "stale":  # texts stored under other symbol files (the records are kept under those)
        symbols = project / "content/symbols/paleo.yaml"
        symbols.write_text(symbols.read_text() + "\n# edited\n")
    else:
        for p in record_shards(c):
            blob = p.read_bytes()
            p.write_bytes(blob[: len(blob) // 2] if damage == "truncate" else
                          blob[:-50] + bytes([blob[-50] ^ 0xFF]) + blob[-49:])
    card = project / "content/paleo/base/cards.yaml"
    card.write_text(card.read_text() + "\n# edited\n")
    assert written(project, c, tmp_path / "b") == written(project, None, tmp_path / "cold")
    assert written(project, c, tmp_path / "c") == written(project, None, tmp_path / "cold")


def test_lint_file_and_the_pre_commit_entry_compile_only_what_the_file_needs(project, tmp_path, monkeypatch, capsys):
    import compiler.loader as loader
    from compiler.cli import main

    monkeypatch.chdir(project)
    monkeypatch.setenv("PALEO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PALEO_NO_CACHE", raising=False)
    card = "content/paleo/base/cards.yaml"

    def lint(*args: str) -> tuple[int, str]:
        try:
            code = main(["lint", *args])
        except SystemExit as exc:
            code = exc.code
        return code, capsys.readouterr().out

    first = lint(card)
    loaded = []
    real = loader.load_bytes
    monkeypatch.setattr(loader, "load_bytes", lambda path, raw: loaded.append(path) or real(path, raw))
    # warm: `paleo lint FILE` and pre-commit's `paleo lint --content-files-only FILE` load nothing
    assert lint(card) == first and lint("--content-files-only", card) == first and loaded == []
    Path(card).write_text(Path(card).read_text() + "\n# edited\n")
    edited = lint("--content-files-only", card)
    assert loaded == [card]  # the edited file alone
    monkeypatch.setenv("PALEO_NO_CACHE", "1")
    assert lint(card) == edited


def test_bytes_kept_as_they_pass_are_kept_whole_or_not_at_all(tmp_path):
    c = Cache(tmp_path / "cache")
    chunks = [b"{", b"\"a\":1", b"}\n"]
    assert list(c.tee("written-x.bin", "k", iter(chunks))) == chunks
    assert c.get("written-x.bin", "k") == b"".join(chunks)
    assert c.get("written-x.bin", "other key") is None
    taken = c.tee("written-y.bin", "k", iter(chunks))
    next(taken)
    taken.close()  # a write that stopped after its first piece
    assert c.get("written-y.bin", "k") is None and not list(c.folder.glob(".*.tmp"))


def test_a_build_answered_from_the_cache_writes_and_prints_what_the_build_did(project, tmp_path, monkeypatch, capsys):
    from compiler.cli import main

    monkeypatch.chdir(project)
    monkeypatch.setenv("PALEO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PALEO_NO_CACHE", raising=False)
    outputs = []
    for flags in ((), (), ("--no-cache",)):
        assert main(["build", *flags, "--out", str(tmp_path / "out")]) == 0
        outputs.append(((tmp_path / "out/bundle.json").read_bytes(), capsys.readouterr().out))
    assert outputs[0] == outputs[1] == outputs[2]
    written = list((tmp_path / "cache/builds").glob("written-*.bin"))
    assert len(written) == 1
    written[0].write_bytes(written[0].read_bytes()[:-7])  # a damaged copy: the build compiles again
    assert main(["build", "--out", str(tmp_path / "out")]) == 0
    assert ((tmp_path / "out/bundle.json").read_bytes(), capsys.readouterr().out) == outputs[2]


def test_a_failing_build_is_answered_from_the_cache(project, tmp_path, monkeypatch):
    card = project / "content/paleo/base/cards.yaml"
    card.write_text(card.read_text().replace("completeness: ", "completeness: nearly-", 1))
    c = Cache(tmp_path / "cache")
    first = cached(project, c)
    assert any(d.severity.value == "error" for d in first.diagnostics)
    again = cached(project, c)
    assert again.from_cache and again.bundle is None  # a failed build writes nothing, so keeps no bytes
    assert again.diagnostics == first.diagnostics == cold(project)[1]


def test_a_build_keeps_the_bound_once_at_its_end(tmp_path):
    c = Cache(tmp_path / "cache", max_bytes=3000)
    with c.held_eviction():
        for i in range(5):
            c.put_plain(f"e{i}.bin", "k", b"x" * 1000)
        assert len(list(c.folder.glob("*.bin"))) == 5  # not walked after each write
    assert sum(p.stat().st_size for p in c.folder.glob("*.bin")) <= 3000
    assert c.get("e4.bin", "k") == b"x" * 1000  # the most recent kept


def test_a_process_whose_compiler_changed_on_disk_since_import_shares_no_cache_entries(monkeypatch):
    """An editor's language server that outlives an upgrade runs the old models: what it builds must not be filed
    under the new files' digest (a new process would read records of the old models back and fail)."""
    monkeypatch.setattr(cache_mod, "_fingerprint", None)
    same = cache_mod.compiler_fingerprint()
    assert same == source_digest(cache_mod._PACKAGE)
    monkeypatch.setattr(cache_mod, "_fingerprint", None)
    stats = list(cache_mod._IMPORTED_STATS)
    name, size, mtime = stats[0]
    monkeypatch.setattr(cache_mod, "_IMPORTED_STATS", tuple([(name, size + 1, mtime), *stats[1:]]))
    stale = cache_mod.compiler_fingerprint()
    assert stale != same
    monkeypatch.setattr(cache_mod, "_fingerprint", None)
    assert cache_mod.compiler_fingerprint() == stale  # the same for the rest of that process, never the files' own
