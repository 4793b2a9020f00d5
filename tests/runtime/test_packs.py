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


_BASE = """cards:
  - id: card:fixture/gap
    name: Fixture Gap Card
    game: game:fixture
    product: product:fixture
    kind: base
    back: null
    copies: 1
    source: {rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}
    completeness: partial
"""

_FILL = """pack: {synthetic: true, name: fill}
cards:
  - id: card:fixture/gap
    name: Fixture Gap Card
    game: game:fixture
    product: product:fixture
    kind: base
    back: %s
    source: {rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}
    completeness: partial
"""


def _fill_project(tmp_path, back: str, copies: str = ""):
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "c.yaml").write_text(_BASE, encoding="utf-8")
    (tmp_path / "pack").mkdir()
    (tmp_path / "pack" / "p.yaml").write_text(_FILL % back + copies, encoding="utf-8")
    return run([tmp_path / "content", tmp_path / "pack"], root=tmp_path)


def test_a_pack_fills_a_null_field_of_a_bundled_record(tmp_path):
    res = _fill_project(tmp_path, "forest")
    assert not [d for d in res.diagnostics if d.code in ("M008", "P502")]
    (card,) = [c for c in res.bundle["cards"] if c["id"] == "card:fixture/gap"]
    assert card["back"] == "forest"
    assert card["synthetic_fields"] == ["back"]


def test_a_pack_may_not_change_a_stated_field(tmp_path):
    res = _fill_project(tmp_path, "river", copies="    copies: 3\n")
    p502 = [d for d in res.diagnostics if d.code == "P502"]
    assert len(p502) == 1 and "`copies`" in p502[0].message
    assert (p502[0].span.file, p502[0].span.line) == ("pack/p.yaml", 11)
    (card,) = [c for c in res.bundle["cards"] if c["id"] == "card:fixture/gap"]
    assert card["copies"] == 1 and card["back"] == "river"
