"""The cache's promise holds for every file type and size: an entry that is a FIFO, a link to `/dev/zero`, a
folder or a file past the bound is a miss, never a hang, an unbounded read or an internal error; the results
are a cold build's."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CARD = """cards:
  - id: card:anb/c1
    name: N
    game: game:paleo
    product: product:anb
    kind: base
    back: null
    copies: 1
    completeness: partial
    source: {rulebook: 000_97f291d3c44cb3f7.txt, section: [Base Cards]}
"""


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def _paleo(root: Path, cache: Path, *args: str, **env) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if k not in ("PALEO_NO_CACHE", "GITHUB_ACTIONS", "FORCE_COLOR")}
    full.update(PYTHONPATH=str(REPO), PALEO_CACHE_DIR=str(cache), NO_COLOR="1", **env)
    return subprocess.run([sys.executable, "-m", "compiler", *args], cwd=root, env=full, capture_output=True,
                          text=True, preexec_fn=_limits, timeout=120)


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "p"
    (root / "content" / "paleo").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[project]\nname = "p"\n\n[tool.paleo]\ncontent = ["content"]\n')
    (root / "content" / "paleo" / "x.yaml").write_text(CARD)
    return root


def _plant(path: Path, kind: str) -> None:
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "over-the-bound":
        with open(path, "wb") as fh:
            fh.truncate(3 << 20)  # sparse: 3 MiB, past the 1 MiB bound set below


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder", "over-the-bound"])
@pytest.mark.parametrize("command", ["lint", "build"])
def test_an_entry_that_is_not_a_regular_file_within_the_bound_is_a_miss(tmp_path, kind, command):
    root, cache = _project(tmp_path), tmp_path / "cache"
    args = [command, *(["--out", "bundle.json"] if command == "build" else ["content"])]
    cold = _paleo(root, cache, *args)
    assert cold.returncode in (0, 1) and "internal error" not in cold.stderr, cold.stderr
    entries = [p for p in cache.rglob("*") if p.is_file() and p.name != "secret"]
    assert any(p.name.endswith(".grammar") for p in entries) and any(p.suffix == ".bin" for p in entries), entries
    for p in entries:
        _plant(p, kind)
    again = _paleo(root, cache, *args, PALEO_CACHE_MAX_MB="1")
    assert again.returncode == cold.returncode, again.stderr
    assert "internal error" not in again.stderr and "Traceback" not in again.stderr
    assert again.stdout == cold.stdout
    if command == "build":
        assert (root / "bundle.json").stat().st_size > 1000


def test_a_secret_that_is_a_fifo_does_not_hang(tmp_path):
    root, cache = _project(tmp_path), tmp_path / "cache"
    (cache / "builds").mkdir(parents=True, mode=0o700)
    cache.chmod(0o700)
    os.mkfifo(cache / "builds" / "secret")
    os.mkfifo(cache / "secret")
    r = _paleo(root, cache, "lint", "content")
    assert r.returncode in (0, 1) and "internal error" not in r.stderr, r.stderr
