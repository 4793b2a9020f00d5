"""Each graph check on its fixture project: the diagnostics are exactly the `# expect: CODE` comments."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.codes import graph as graph_codes
from compiler.pipeline import run

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "graph"
EXPECT = re.compile(r"#\s*expect:\s*([A-Z][0-9]{3}(?:\s*,\s*[A-Z][0-9]{3})*)")
# Codes proven through `paleo lint --scenario` rather than a content fixture (see test_scenarios.py).
REPORT_CODES = {"G420", "G421"}


def fixture_dirs() -> list[Path]:
    return sorted(p for p in FIXTURES.iterdir() if p.is_dir())


def expected(d: Path) -> set[tuple[str, int, str]]:
    out = set()
    for f in sorted(d.glob("*.yaml")):
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            m = EXPECT.search(line)
            if m:
                for code in re.split(r"\s*,\s*", m.group(1)):
                    out.add((f.name, i, code))
    return out


def compile_fixture(d: Path):
    return run([d], root=d)


@pytest.mark.parametrize("d", fixture_dirs(), ids=lambda p: p.name)
def test_fixture_reports_exactly_its_expectations(d: Path):
    res = compile_fixture(d)
    got = {(Path(x.span.file).name, x.span.line, x.code) for x in res.diagnostics}
    want = expected(d)
    assert want or d.name == "clean", f"{d.name} has no `# expect:` comment"
    assert got == want, "\n".join(f"{x.code} {x.span.file}:{x.span.line}:{x.span.column} {x.message}" for x in res.diagnostics)


@pytest.mark.parametrize("d", [p for p in fixture_dirs() if p.name != "clean"], ids=lambda p: p.name)
def test_fixture_is_named_by_its_code(d: Path):
    code = d.name.split("-", 1)[0]
    res = compile_fixture(d)
    assert {x.code for x in res.diagnostics} == {code}


def test_every_graph_code_has_a_fixture():
    have = {d.name.split("-", 1)[0] for d in fixture_dirs()}
    for code in graph_codes.CODES:
        assert code.id in have or code.id in REPORT_CODES, f"{code.id} has no fixture"
        assert code.what and code.why and code.example and code.fix


def test_fixture_names_match_code_names():
    names = {c.id: c.name for c in graph_codes.CODES}
    for d in fixture_dirs():
        if d.name == "clean":
            continue
        code, name = d.name.split("-", 1)
        assert names[code] == name


def test_fixture_content_is_synthetic():
    for d in fixture_dirs():
        for f in d.glob("*.yaml"):
            text = f.read_text(encoding="utf-8")
            assert text.startswith("# Synthetic fixture content"), f
            for m in re.finditer(r"^\s+name: (.+)$", text, re.M):
                value = m.group(1)
                assert value.startswith("Fixture") or value in {"food", "reveal secret", "have"}, (f, value)


def lint_json(args: list[str]) -> tuple[int, list[dict]]:
    import contextlib
    import io
    import json

    from compiler.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        rc = main(["lint", "--format", "json", *args])
    return rc, json.loads(out.getvalue()) if out.getvalue().strip() else []


def test_cli_exit_codes_follow_severity():
    rc, diags = lint_json(["--isolated", "--content", str(FIXTURES / "G405-reveal-cycle")])
    assert rc == 1 and [d["code"] for d in diags] == ["G405"]
    rc, diags = lint_json(["--isolated", "--content", str(FIXTURES / "G403-unused-module-secret")])
    assert rc == 0 and [d["code"] for d in diags] == ["G403"]
    d = diags[0]
    assert d["file"].endswith("G403-unused-module-secret/modules.yaml") and d["line"] == 10
    rc, diags = lint_json(["--isolated", "--content", str(FIXTURES / "clean")])
    assert rc == 0 and diags == []


def test_reference_span_points_at_the_reference():
    res = compile_fixture(FIXTURES / "G401-unresolved-reference")
    (d,) = res.diagnostics
    line = (FIXTURES / "G401-unresolved-reference" / "cards.yaml").read_text().splitlines()[d.span.line - 1]
    assert line[d.span.column - 1:d.span.end_column - 1] == "secret 99"
    assert d.help and "author the record" in d.help
