"""The wheel ships content/ and grammar/ so an installed paleo works outside the checkout."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_wheel_contains_content_and_grammar(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-q", "-w", str(tmp_path)],
        capture_output=True, text=True, timeout=600,
    )
    assert r.returncode == 0, r.stderr
    (wheel,) = tmp_path.glob("paleo_codex-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    content = sorted(str(p.relative_to(REPO)) for p in (REPO / "content").rglob("*") if p.is_file())
    grammar = sorted(str(p.relative_to(REPO)) for p in (REPO / "grammar").rglob("*") if p.is_file())
    assert content and grammar
    for rel in content + grammar:
        assert f"compiler/data/{rel}" in names, rel
    assert "compiler/starter/cards.yaml" in names  # the pack `paleo init` writes
    assert any(n.endswith("entry_points.txt") for n in names)
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "paleo = compiler.cli:console" in zipfile.ZipFile(wheel).read(entry).decode()
