"""The compiled grammar is cached on disk as signed plain data, never a pickle; a broken, planted or unwritable
cache never breaks parsing and never runs code; a cache folder others can write is not used."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SNIPPET = ("import sys; sys.path.insert(0, %r); from compiler.effects.parser import parse; "
           "ast, problems = parse('-> 1 wood'); print(problems == [] and ast is not None)") % str(REPO)


def run(env_extra: dict, snippet: str = SNIPPET) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PALEO_CACHE_DIR", "PALEO_NO_CACHE")}
    env.update(env_extra)
    return subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True, env=env, timeout=120)


def test_cache_file_is_written_and_reused(tmp_path):
    first = run({"XDG_CACHE_HOME": str(tmp_path)})
    assert first.stdout.strip() == "True" and first.stderr == ""
    files = list((tmp_path / "paleo-codex").glob("effects-*.grammar"))
    assert len(files) == 1
    assert files[0].read_bytes().startswith(b"PALEO-CACHE-3\n"), "a signed entry, in the store's format"
    assert b"\x80\x04" not in files[0].read_bytes()[:200], "not a pickle"
    kept = files[0].read_bytes()
    again = run({"XDG_CACHE_HOME": str(tmp_path)})
    assert again.stdout.strip() == "True"
    assert list((tmp_path / "paleo-codex").glob("effects-*.grammar")) == files and files[0].read_bytes() == kept


def test_corrupt_cache_is_ignored(tmp_path):
    run({"XDG_CACHE_HOME": str(tmp_path)})
    for f in (tmp_path / "paleo-codex").glob("*"):
        f.write_bytes(b"not a cache")
    r = run({"XDG_CACHE_HOME": str(tmp_path)})
    assert r.stdout.strip() == "True"
    assert "Traceback" not in r.stderr


def test_unwritable_cache_location_falls_back(tmp_path):
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    r = run({"XDG_CACHE_HOME": str(blocker), "TMPDIR": str(blocker)})
    assert r.stdout.strip() == "True" and "Traceback" not in r.stderr


class _Planted:
    """Unpickling this object writes a marker file: the proof that a cache file ran code."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


@pytest.mark.parametrize("no_cache", [False, True], ids=["cache", "no-cache"])
def test_a_planted_grammar_cache_runs_no_code(tmp_path, no_cache):
    """A pickle in place of every grammar cache name (Lark's own, and each entry the store would read, signed
    with the folder's own secret even) is never unpickled: nothing the compiler reads from a cache is a pickle."""
    cache = tmp_path / "cache"
    env = {"PALEO_CACHE_DIR": str(cache)}
    first = run(env)  # the real entry and the folder's secret
    assert first.stdout.strip() == "True"
    marker = tmp_path / "ran"
    evil = pickle.dumps(_Planted(marker))
    sys.path.insert(0, str(REPO))
    from compiler.store import MAGIC, SignedStore

    store = SignedStore(cache, 1 << 22)
    for entry in cache.glob("effects-*.grammar"):
        key = entry.read_bytes()[len(MAGIC):].split(b"\n", 1)[0].decode()
        store._put_payload(entry.name, key, b"p" + evil)  # a pickle payload under a valid signature
    for name in ("effects-0123456789abcdef.lark.cache", "effects-db5fa2bd3967d3ea.lark.cache"):
        (cache / name).write_bytes(evil)
    if no_cache:
        env["PALEO_NO_CACHE"] = "1"
    r = run(env)
    assert r.stdout.strip() == "True" and "Traceback" not in r.stderr
    assert not marker.exists(), "a cache file ran code"
    lint = subprocess.run([sys.executable, "-m", "compiler.cli", "lint", *(["--no-cache"] if no_cache else []),
                           str(REPO / "content" / "symbols")], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **env, "PYTHONPATH": str(REPO)}, cwd=tmp_path)
    assert "internal error" not in lint.stderr and not marker.exists()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="folders have no owners on this system")
def test_a_cache_folder_others_can_write_is_not_used(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    r = run({"PALEO_CACHE_DIR": str(shared), "XDG_CACHE_HOME": str(blocker), "TMPDIR": str(blocker)})
    assert r.stdout.strip() == "True" and "Traceback" not in r.stderr
    assert list(shared.iterdir()) == [], "nothing is read from or written to a folder others can write"


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="folders have no owners on this system")
def test_the_shared_temporary_folder_gets_a_private_folder(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    tmp.chmod(0o1777)
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    snippet = ("import sys; sys.path.insert(0, %r); from compiler.paths import cache_dir; print(cache_dir())") % str(REPO)
    r = run({"XDG_CACHE_HOME": str(blocker), "TMPDIR": str(tmp)}, snippet)
    got = Path(r.stdout.strip())
    assert got == tmp / f"paleo-codex-{os.getuid()}"
    assert got.stat().st_mode & 0o777 == 0o700
    # someone else's folder of that name (here: one others may write) is refused, and nothing is cached
    got.chmod(0o777)
    r = run({"XDG_CACHE_HOME": str(blocker), "TMPDIR": str(tmp)}, snippet)
    assert r.stdout.strip() == "None"
