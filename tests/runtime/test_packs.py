"""compiler.packs: a synthetic pack may only fill gaps; each P5xx code is triggered by a fixture."""

from __future__ import annotations

from pathlib import Path

from compiler.pipeline import run

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]

PACK = ROOT / "tests" / "packs" / "synthetic-base"

CARD = """\
  - id: {id}
    name: {name}
    game: game:paleo
    product: {product}
{extra}    kind: {kind}
    back: forest
    completeness: partial
    source: {{rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}}
    options: ["-> 1 food"]
"""


def _codes(tmp_path: Path, text: str) -> list[str]:
    d = tmp_path / "pack"
    d.mkdir()
    (d / "p.yaml").write_text(text)
    res = run([ROOT / "content", d], root=ROOT)
    return [x.code for x in res.diagnostics if x.code.startswith("P")]


def test_the_synthetic_pack_is_clean():
    res = run([ROOT / "content", PACK], root=ROOT)
    assert [d for d in res.diagnostics if d.code.startswith("P") or d.severity.value == "error"] == []


def test_p501_malformed_marker(tmp_path):
    text = "pack: {name: x}\ncards:\n" + CARD.format(id="card:synthetic/x", name="X (synthetic)", product="product:paleo", extra="", kind="base")
    assert "P501" in _codes(tmp_path, text)


def test_p502_redefinition(tmp_path):
    text = "pack: {synthetic: true, name: x}\ncards:\n" + CARD.format(id="card:paleo/trap", name="Trap (synthetic)", product="product:paleo", extra="", kind="idea")
    assert "P502" in _codes(tmp_path, text)


def test_p503_symbol(tmp_path):
    text = """pack: {synthetic: true, name: x}
symbols:
  - id: symbol:teleport
    name: teleport
    positions: [reward]
    games: [game:paleo]
    explanation: synthetic
    example: "-> teleport"
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}
"""
    assert "P503" in _codes(tmp_path, text)


def test_p504_record_kind(tmp_path):
    text = """pack: {synthetic: true, name: x}
boards:
  - id: board:synthetic-extra
    name: Extra (synthetic)
    game: game:paleo
    product: product:paleo
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}
"""
    assert "P504" in _codes(tmp_path, text)


def test_p505_over_printed_count(tmp_path):
    extra = "    module: module:anb/M\n    copies: 13\n"
    text = "pack: {synthetic: true, name: x}\ncards:\n" + CARD.format(id="card:synthetic/x", name="X (synthetic)", product="product:anb", extra=extra, kind="module")
    assert "P505" in _codes(tmp_path, text)


def test_p506_contradiction(tmp_path):
    extra = "    module: module:anb/M\n"
    text = "pack: {synthetic: true, name: x}\ncards:\n" + CARD.format(id="card:synthetic/x", name="X (synthetic)", product="product:paleo", extra=extra, kind="module")
    assert "P506" in _codes(tmp_path, text)


def test_p507_unlabelled(tmp_path):
    text = "pack: {synthetic: true, name: x}\ncards:\n" + CARD.format(id="card:synthetic/x", name="Wolf", product="product:paleo", extra="", kind="base")
    assert "P507" in _codes(tmp_path, text)
