"""compiler.packs: a synthetic pack may only fill gaps; each P5xx code is triggered by a bad pack."""

from __future__ import annotations

import pytest

from compiler.pipeline import run

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
PACK = ROOT / "tests" / "packs" / "synthetic-base"
BAD = ROOT / "tests" / "packs" / "bad"


def test_the_synthetic_pack_is_clean():
    res = run([ROOT / "content", PACK], root=ROOT)
    assert [d for d in res.diagnostics if d.code.startswith("P") or d.severity.value == "error"] == []


@pytest.mark.parametrize("code", sorted(p.name for p in BAD.iterdir() if p.is_dir()))
def test_bad_pack_triggers_its_code(code):
    res = run([ROOT / "content", BAD / code], root=ROOT)
    codes = [d.code for d in res.diagnostics if d.code.startswith("P")]
    assert code in codes, codes


def test_every_pack_code_has_a_bad_pack():
    from compiler.codes import all_codes

    assert sorted(c.id for c in all_codes() if c.id.startswith("P5")) == sorted(p.name for p in BAD.iterdir())
