"""Shared pieces of the command-line tests: a small project on disk and the CLI run in-process."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from foundation.helpers import lint_json, run_cli  # noqa: F401 - re-exported for the tests

REPO = Path(__file__).resolve().parents[2]

CARD = """cards:
  - id: card:fixture/ok
    name: Fine
    game: game:paleo
    product: product:paleo
    kind: base
    back: {back}
    source: {{rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}}
    completeness: partial
"""

# A fan's cards for the bundled game: a product of their own and a card whose options use the
# effect language, so compiling it needs the grammar and the bundled symbols.
FAN_CARDS = """products:
  - id: product:fan
    name: Fan Cards
    game: game:paleo
    kind: expansion
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}
cards:
  - id: card:fan/berry-bush
    name: Berry Bush
    game: game:paleo
    product: product:fan
    kind: base
    back: forest
    options:
      - require awareness 2; roll 1 die -> 2 food
      - cost 1 wood -> 1 idea
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}
"""

BROKEN_FAN_CARD = """cards:
  - id: card:fan/thorns
    name: Thorns
    game: game:paleo
    product: product:fan
    kind: base
    back: forest
    options:
      - require awareness 2 -> 2 fod
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}
"""


def project(tmp_path: Path, pyproject: str | None, back: str = "forrest") -> Path:
    """A project with one card file under content/ (an invalid back unless told otherwise)."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    if pyproject is not None:
        (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "c.yaml").write_text(CARD.format(back=back), encoding="utf-8")
    return tmp_path


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True, env=env).stdout


def snapshot_repo(dest: Path) -> str:
    """This checkout's tracked files as they are on disk, committed in a fresh repository; returns the commit."""
    if shutil.which("git") is None:
        raise RuntimeError("git is not installed")
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                           check=True, capture_output=True).stdout.decode().split("\0")
    dest.mkdir(parents=True)
    for rel in filter(None, files):
        src = REPO / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    mermaid = REPO / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"  # vendored by `npm ci`, not tracked
    if mermaid.is_file():
        (dest / mermaid.relative_to(REPO)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(mermaid, dest / mermaid.relative_to(REPO))
        (dest / ".gitignore").write_text((dest / ".gitignore").read_text() + "/node_modules/\n")
    git(dest, "init", "-q")
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "snapshot")
    return git(dest, "rev-parse", "HEAD").strip()


def python() -> str:
    return sys.executable
