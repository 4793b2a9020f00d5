"""Golden files for the human renderer; regenerate with PALEO_UPDATE_GOLDEN=1 and review the diff."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .helpers import run_cli

HERE = Path(__file__).resolve().parent.parent
FIXTURES = HERE / "fixtures" / "render"
GOLDEN = HERE / "golden" / "render"
CASES = sorted(p.name for p in FIXTURES.glob("*.yaml"))


@pytest.mark.parametrize("name", CASES)
def test_human_rendering_matches_golden(name):
    rel = f"tests/fixtures/render/{name}"
    rc, out, err = run_cli(["lint", "--isolated", "--color", "never", rel], cwd=HERE.parent)
    assert rc == 1, out + err
    golden = GOLDEN / (Path(name).stem + ".txt")
    if os.environ.get("PALEO_UPDATE_GOLDEN") == "1":
        golden.write_text(out, encoding="utf-8")
    assert golden.exists(), f"no golden file {golden}; run with PALEO_UPDATE_GOLDEN=1"
    assert out == golden.read_text(encoding="utf-8")


def test_code_frame_points_carets_at_the_span():
    rc, out, _ = run_cli(["lint", "--isolated", "--color", "never", "tests/fixtures/render/bad-card.yaml"], cwd=HERE.parent)
    lines = out.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.endswith("back: forrest"))
    caret = lines[i + 1]
    src = lines[i].split("| ", 1)[1]
    col = src.index("forrest")
    assert caret.split("| ", 1)[1].startswith(" " * col + "^" * len("forrest"))
    assert "help: did you mean `forest`?" in out
