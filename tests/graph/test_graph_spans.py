"""Reference diagnostics point at the reference itself, not at a longer one that starts the same way."""

from __future__ import annotations

import shutil
from pathlib import Path

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
