"""The pre-commit hooks in a scratch repository that, like any real one, also holds a
`.pre-commit-config.yaml` and a GitHub workflow: both hooks pass on it, and a broken card fails."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from compiler import __version__
from compiler.fmt import format_text

from .support import BROKEN_FAN_CARD, FAN_CARDS, REPO, git, snapshot_repo

PRE_COMMIT_CONFIG = """repos:
  - repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v4.6.0
    hooks:
      - id: check-yaml
"""

WORKFLOW = """name: ci
on: [push, pull_request]
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: paleo lint
"""

MODELINE = "# yaml-language-server: $schema=https://example.org/content/schema.json\n"


def _try_repo(hooks_repo, ref, cwd, env, *hook):
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(hooks_repo), *hook, "--ref", ref, "--all-files",
         "--color", "never"],
        cwd=cwd, capture_output=True, text=True, env=env, timeout=1200,
    )


KANBAN = "cards:\n- {title: write the docs, lane: todo}\n"


def test_both_hooks_pass_on_a_real_repository_and_flag_a_broken_card(tmp_path):
    hooks_repo = tmp_path / "paleo-codex"
    ref = snapshot_repo(hooks_repo)
    target = tmp_path / "fan"
    target.mkdir()
    git(target, "init", "-q")
    card, diags = format_text(MODELINE + FAN_CARDS, "cards.yaml")
    assert not diags
    (target / "cards").mkdir()
    (target / "cards" / "fan.yaml").write_text(card, encoding="utf-8")
    (target / ".pre-commit-config.yaml").write_text(PRE_COMMIT_CONFIG, encoding="utf-8")
    # the card files are those under the project's content folders: `cards/` here
    (target / "pyproject.toml").write_text('[project]\nname = "fan"\n\n[tool.paleo]\ncontent = ["cards"]\n',
                                           encoding="utf-8")
    # a kanban board with a `cards:` key outside them is not the project's: neither linted nor rewritten
    (target / "board.yaml").write_text(KANBAN, encoding="utf-8")
    (target / ".github" / "workflows").mkdir(parents=True)
    (target / ".github" / "workflows" / "ci.yml").write_text(WORKFLOW, encoding="utf-8")
    git(target, "add", "-A")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pc-home"), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)

    r = _try_repo(hooks_repo, ref, target, env)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert re.search(r"paleo lint\.+Passed", out) and re.search(r"paleo fmt\.+Passed", out), out
    assert "M002" not in out

    (target / "cards" / "broken.yaml").write_text(MODELINE + BROKEN_FAN_CARD, encoding="utf-8")
    git(target, "add", "-A")
    r = _try_repo(hooks_repo, ref, target, env, "paleo-lint")
    out = r.stdout + r.stderr
    assert r.returncode == 1, out
    assert re.search(r"paleo lint\.+Failed", out)
    # the effect language works in the hook's own install: grammar and bundled symbols are there
    assert "error[E302]: unknown symbol `fod`" in out and "cards/broken.yaml:10:34" in out
    assert ".pre-commit-config" not in out.split("Failed", 1)[1] and "ci.yml" not in out and "board.yaml" not in out

    (target / "cards" / "broken.yaml").unlink()
    (target / "cards" / "messy.yaml").write_text(MODELINE + "cards:\n- name: Messy\n  id: card:fan/messy\n", encoding="utf-8")
    git(target, "add", "-A")
    r = _try_repo(hooks_repo, ref, target, env, "paleo-fmt")
    out = r.stdout + r.stderr
    assert r.returncode == 1 and re.search(r"paleo fmt\.+Failed", out) and "files were modified by this hook" in out, out
    assert (target / "cards" / "messy.yaml").read_text().startswith(MODELINE + "cards:\n  - id: card:fan/messy\n")
    assert (target / ".github" / "workflows" / "ci.yml").read_text() == WORKFLOW
    assert (target / ".pre-commit-config.yaml").read_text() == PRE_COMMIT_CONFIG
    assert (target / "board.yaml").read_text() == KANBAN


def test_the_readme_rev_follows_the_version_scheme():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    revs = re.findall(r"^\s*rev:\s*(\S+)", readme, re.M)
    assert revs == [f"v{__version__}"]
    hooks = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert "- id: paleo-lint" in hooks and "- id: paleo-fmt" in hooks
