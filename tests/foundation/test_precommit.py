"""Other repositories run `paleo lint` as a pre-commit hook; prove it on a bad card file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_pre_commit_try_repo_reports_the_diagnostic(tmp_path):
    target = tmp_path / "cards"
    target.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=target, check=True)
    bad = target / "bad-card.yaml"
    bad.write_text(
        "cards:\n"
        "  - id: card:other/reeds\n"
        "    name: Reeds\n"
        "    game: game:paleo\n"
        "    product: product:other\n"
        "    kind: base\n"
        "    back: forrest\n"
        "    source: {rulebook: 000_97f291d3c44cb3f7.txt, section: [Secrets]}\n"
        "    completeness: partial\n",
        encoding="utf-8",
    )
    subprocess.run(["git", "add", "bad-card.yaml"], cwd=target, check=True)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pc-home"), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    r = subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(REPO), "paleo-lint", "--files", "bad-card.yaml", "--color", "never"],
        cwd=target, capture_output=True, text=True, env=env, timeout=900,
    )
    out = r.stdout + r.stderr
    assert r.returncode == 1, out
    assert "paleo lint" in out and "Failed" in out
    assert "error[M005]: invalid value `forrest`" in out
    assert "bad-card.yaml:7:11" in out
    assert "did you mean `forest`?" in out
