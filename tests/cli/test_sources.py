"""The source registry: the bundled rulebooks plus the sources a project declares; citations checked against it."""

from __future__ import annotations

import json
from pathlib import Path

from .support import lint_json, run_cli

CARD = """cards:
  - id: card:fan/berry-bush
    name: Berry Bush
    game: game:paleo
    product: product:paleo
    kind: base
    back: forest
    completeness: partial
    source: {{rulebook: {book}, section: [{head}]}}
"""


def _project(tmp_path: Path, book: str, head: str, pyproject: str, extra: str | None = None) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "fan.md").write_text("# Fan rules\n## Cards\n", encoding="utf-8")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "c.yaml").write_text(CARD.format(book=book, head=head), encoding="utf-8")
    if extra:
        (tmp_path / "content" / "sources.yaml").write_text(extra, encoding="utf-8")
    return tmp_path


DECLARED = '[tool.paleo]\nsources = [{file = "rules/fan.md", title = "Fan rules", headings = ["Fan rules", "Cards"]}]\n'


def test_a_declared_source_can_be_cited_and_the_bundle_carries_its_title(tmp_path):
    p = _project(tmp_path, "rules/fan.md", "Cards", DECLARED)
    rc, diags = lint_json([], cwd=p)
    assert rc == 0 and diags == []
    rc, _, err = run_cli(["build", "--out", "build"], cwd=p)
    assert rc == 0, err
    bundle = json.loads((p / "build" / "bundle.json").read_text())
    assert {"rulebook": "rules/fan.md", "title": "Fan rules", "headings": ["Fan rules", "Cards"]} in bundle["sources"]
    from compiler.docs.sources import Sources

    shown = Sources(bundle)  # the rules site cites by title, the bundled rulebooks' and the project's own
    assert shown.plain({"rulebook": "rules/fan.md", "section": ["Cards"]}) == "Fan rules › Cards"
    assert shown.title("000_97f291d3c44cb3f7.txt") == "Paleo: A New Beginning rulebook"


def test_an_unknown_source_is_one_m005_with_a_did_you_mean(tmp_path):
    p = _project(tmp_path, "rules/fan.txt", "Cards", DECLARED)
    rc, diags = lint_json([], cwd=p)
    assert rc == 1
    assert [(d["code"], d["line"], d["column"]) for d in diags] == [("M005", 9, 24)]
    assert "did you mean `rules/fan.md`?" in diags[0]["help"]


def test_a_heading_the_source_does_not_declare_is_reported_at_the_heading(tmp_path):
    p = _project(tmp_path, "rules/fan.md", "Card", DECLARED)
    rc, diags = lint_json([], cwd=p)
    assert [(d["code"], d["line"], d["column"]) for d in diags] == [("M005", 9, 48)]
    assert "did you mean `Cards`?" in diags[0]["help"]


def test_a_wrong_bundled_rulebook_name_is_one_error(tmp_path):
    p = _project(tmp_path, "002_56cce9db253ede82.txt", "Game Objective", "[tool.paleo]\n")
    rc, diags = lint_json([], cwd=p)
    assert [d["code"] for d in diags] == ["M005"] and "002_56cce9db253ede81.txt" in diags[0]["help"]


def test_a_source_record_in_content_registers_a_named_source(tmp_path):
    extra = "sources:\n  - id: source:notes\n    name: Designer notes\n    title: Designer notes on the fan cards\n"
    p = _project(tmp_path, "Designer notes", "Anything", "[tool.paleo]\n", extra)
    rc, diags = lint_json([], cwd=p)
    assert rc == 0 and diags == []
    twice = extra + "  - id: source:notes-again\n    name: Designer notes\n    title: Again\n"
    (p / "content" / "sources.yaml").write_text(twice, encoding="utf-8")
    rc, diags = lint_json([], cwd=p)
    assert [(d["code"], d["line"]) for d in diags] == [("M008", 6)]


def test_a_bad_sources_setting_is_positioned(tmp_path):
    p = _project(tmp_path, "rules/fan.md", "Cards", '[tool.paleo]\nsources = [{file = "rules/missing.md", title = "X"}]\n')
    rc, out, err = run_cli(["lint", "--format", "concise"], cwd=p)
    assert rc == 2 and out.startswith("pyproject.toml:2:1: C003 `sources[0]` names `rules/missing.md`, which is not a file")
