"""Reference diagnostics point at the reference itself, not at a longer one that starts the same way."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.graph.refs import needle_in
from compiler.pipeline import run

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "graph" / "G401-unresolved-reference"


def test_needle_is_the_whole_reference():
    text = '-> reveal secret 23 then reveal secret 2'
    assert needle_in(text, "secret", 2) == "secret 2"
    assert needle_in('require have title "Dodo" -> place card "Dodo"', "card", "Dodo") == 'card "Dodo"'
    assert needle_in('-> reveal secret 23', "secret", 2) is None


def test_span_of_a_number_that_is_a_prefix_of_another(tmp_path: Path):
    d = tmp_path / "project"
    shutil.copytree(FIXTURE, d)
    cards = d / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    option = "'-> reveal secret 991 then reveal secret 99'"
    cards.write_text(text.replace("'-> reveal secret 99'", option), encoding="utf-8")
    res = run([d], root=d)
    spans = {d.message: d.span for d in res.diagnostics if d.code == "G401"}
    line = cards.read_text(encoding="utf-8").splitlines()[spans["nothing provides secret 99"].line - 1]
    for target in (991, 99):
        s = spans[f"nothing provides secret {target}"]
        assert line[s.column - 1:s.end_column - 1] == f"secret {target}"
    assert spans["nothing provides secret 99"].column > spans["nothing provides secret 991"].column


@pytest.mark.parametrize("option,excerpt", [
    ('"require have card \\"Nope\\" -> 1 food"', 'card \\"Nope\\"'),
    ("'require have card \"It''s\" -> 1 food'", "card \"It''s\""),
    ('"-> reveal\\x20secret 99"', "secret 99"),
    ("|\n        -> 1 food\n        then reveal secret 99", "secret 99"),
    ("'-> 1 food then\n        reveal secret 99'", "secret 99"),
])
def test_span_through_quoting_escapes_and_block_scalars(tmp_path: Path, option: str, excerpt: str):
    d = tmp_path / "project"
    shutil.copytree(FIXTURE, d)
    cards = d / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("'-> reveal secret 99'  # expect: G401", option),
                     encoding="utf-8")
    (diag,) = run([d], root=d).diagnostics
    assert diag.code == "G401" and diag.span.line == diag.span.end_line
    line = cards.read_text(encoding="utf-8").splitlines()[diag.span.line - 1]
    assert line[diag.span.column - 1:diag.span.end_column - 1] == excerpt


def test_span_ends_after_an_escape(tmp_path: Path):
    d = tmp_path / "project"
    shutil.copytree(FIXTURE, d)
    cards = d / "cards.yaml"
    option = '"require have card \\"N\\x6Fp\\u00e9\\" -> 1 food"'
    cards.write_text(cards.read_text(encoding="utf-8").replace("'-> reveal secret 99'  # expect: G401", option),
                     encoding="utf-8")
    (diag,) = run([d], root=d).diagnostics
    line = cards.read_text(encoding="utf-8").splitlines()[diag.span.line - 1]
    assert line[diag.span.column - 1:diag.span.end_column - 1] == 'card \\"N\\x6Fp\\u00e9\\"'
