"""The compiled grammar is cached on disk, and a broken or unwritable cache never breaks parsing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SNIPPET = ("import sys; sys.path.insert(0, %r); from compiler.effects.parser import parse; "
           "ast, problems = parse('-> 1 wood'); print(problems == [] and ast is not None)") % str(REPO)


def run(env_extra: dict) -> subprocess.CompletedProcess:
    env = {**os.environ, **env_extra}
    return subprocess.run([sys.executable, "-c", SNIPPET], capture_output=True, text=True, env=env, timeout=120)


def test_cache_file_is_written_and_reused(tmp_path):
    first = run({"XDG_CACHE_HOME": str(tmp_path)})
    assert first.stdout.strip() == "True" and first.stderr == ""
    files = list((tmp_path / "paleo-codex").glob("effects-*.lark.cache"))
    assert len(files) == 1
    stamp = files[0].stat().st_mtime_ns
    again = run({"XDG_CACHE_HOME": str(tmp_path)})
    assert again.stdout.strip() == "True" and files[0].stat().st_mtime_ns == stamp


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
