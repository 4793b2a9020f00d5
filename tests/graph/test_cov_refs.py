"""A card named in an option resolves by name; an idea must be a card of kind idea."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.pipeline import run

CLEAN = Path(__file__).resolve().parents[1] / "fixtures" / "graph" / "clean"


def _with_option(tmp_path: Path, option: str):
    root = tmp_path / "g"
    shutil.copytree(CLEAN, root)
    text = (root / "cards.yaml").read_text(encoding="utf-8")
    assert 'require have title "Fixture" -> 1 food' in text
    (root / "cards.yaml").write_text(text.replace('require have title "Fixture" -> 1 food', option), encoding="utf-8")
    res = run([root], root=root)
    refs = sorted(e["target"] for e in res.bundle["graph"]["edges"] if e["source"] == "card:fx/b2" and e["kind"] == "references")
    return res.diagnostics, refs


def test_a_card_named_in_an_option_is_referenced_by_name(tmp_path):
    diags, refs = _with_option(tmp_path, 'require have card "Fixture Card A2" -> 1 food')
    assert diags == [] and refs == ["card:fx/a2"]


@pytest.mark.parametrize("option, missing", [
    ('require have idea "Fixture Card A2" -> 1 food', 'idea "Fixture Card A2"'),  # a module card, not an idea
    ("require have token 3 -> 1 food", "token 3"),
])
def test_a_name_nothing_of_its_kind_has_is_a_dangling_reference(tmp_path, option, missing):
    diags, refs = _with_option(tmp_path, option)
    assert [(d.code, d.message, d.span.line, d.span.column) for d in diags] == [("G401", f"nothing provides {missing}", 46, 23)]
    assert refs == []
