"""Human and SARIF output of a diagnostic whose label lies in another file, with notes, at an absolute path."""

from __future__ import annotations

import json

from compiler.diagnostics import Label, Span, make
from compiler.render import render_human, render_sarif


def test_a_label_in_another_file_and_the_notes_are_printed_as_notes():
    d = make("M008", "duplicate id `card:a/b`", Span("content/b.yaml", 2, 9, 2, 17),
             labels=(Label(Span("content/a.yaml", 4, 9, 4, 17), "first declared here"),),
             notes=("ids are compared across files\x1b[31m",))
    out = render_human([d], lambda f: "cards:\n  - id: card:a/b\n" if f == "content/b.yaml" else None)
    assert "  = note: first declared here at content/a.yaml:4:9\n" in out
    assert "  = note: ids are compared across filesU+001B[31m\n" in out and "\x1b" not in out


def test_sarif_names_a_file_outside_the_project_by_its_file_uri(tmp_path):
    f = tmp_path / "outside dir" / "c.yaml"
    d = make("M005", "invalid value `x`", Span(str(f), 3, 5, 3, 6))
    doc = json.loads(render_sarif([d], version="1.0", root=tmp_path / "project"))
    loc = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert loc == {"uri": f.as_uri()} and "%20" in loc["uri"]
