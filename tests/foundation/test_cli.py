"""The CLI contract: exit codes, formats, stdin buffers, explain, the error boundary."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema

from compiler.codes import all_codes

from .helpers import lint_json, run_cli

REPO = Path(__file__).resolve().parents[2]
BAD = "tests/fixtures/render/bad-card.yaml"

GOOD = b"""cards:
  - id: card:fixture/ok
    name: Fine
    game: game:paleo
    product: product:paleo
    kind: base
    back: forest
    source: {rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}
    completeness: partial
"""


def test_json_diagnostics_have_the_contract_fields():
    rc, diags = lint_json(["--isolated", BAD], cwd=REPO)
    assert rc == 1
    assert {d["code"] for d in diags} >= {"M003", "M005", "M006"}
    for d in diags:
        for key in ("code", "severity", "message", "file", "line", "column", "end_line", "end_column"):
            assert key in d
        assert d["file"] == BAD
    forrest = next(d for d in diags if "forrest" in d["message"])
    assert (forrest["line"], forrest["column"], forrest["end_column"]) == (8, 11, 18)
    assert forrest["help"] == "did you mean `forest`?"


def test_missing_path_is_a_diagnostic_with_exit_2():
    rc, out, err = run_cli(["lint", "--isolated", "no/such/file.yaml"], cwd=REPO)
    assert rc == 2
    assert "C001" in out and "Traceback" not in out + err


def test_clean_file_exits_0(tmp_path):
    f = tmp_path / "ok.yaml"
    f.write_bytes(GOOD)
    rc, diags = lint_json(["--isolated", str(f)], cwd=tmp_path)
    assert [d for d in diags if d["severity"] == "error"] == []
    assert rc == 0


def test_stdin_buffer_replaces_the_file_on_disk(tmp_path):
    f = tmp_path / "card.yaml"
    f.write_bytes(GOOD)
    broken = GOOD.replace(b"back: forest", b"back: forrest")
    rc, diags = lint_json(["--isolated", "--stdin-filename", "card.yaml", "card.yaml"], cwd=tmp_path, stdin=broken)
    assert rc == 1
    assert [d["code"] for d in diags] == ["M005"]
    assert diags[0]["file"] == "card.yaml" and diags[0]["line"] == 7


def test_only_the_given_paths_are_reported(tmp_path):
    (tmp_path / "a.yaml").write_bytes(GOOD)
    (tmp_path / "b.yaml").write_bytes(GOOD.replace(b"card:fixture/ok", b"card:fixture/b").replace(b"forest", b"forrest"))
    rc, diags = lint_json(["--isolated", "--content", str(tmp_path), str(tmp_path / "a.yaml")], cwd=tmp_path)
    assert rc == 0 and diags == []
    rc, diags = lint_json(["--isolated", "--content", str(tmp_path)], cwd=tmp_path)
    assert rc == 1 and [d["code"] for d in diags] == ["M005"]


def test_cross_file_duplicate_ids_are_found_when_linting_one_file(tmp_path):
    (tmp_path / "a.yaml").write_bytes(GOOD)
    (tmp_path / "b.yaml").write_bytes(GOOD)
    rc, diags = lint_json(["--isolated", "--content", str(tmp_path), "b.yaml"], cwd=tmp_path)
    assert rc == 1
    (dup,) = diags
    assert dup["code"] == "M008" and dup["file"] == "b.yaml"
    assert dup["labels"][0]["file"] == "a.yaml"


def test_github_annotations_escape_properties_and_data():
    rc, out, _ = run_cli(["lint", "--isolated", "--format", "github", BAD], cwd=REPO)
    assert rc == 1
    lines = out.splitlines()
    assert all(ln.startswith("::error file=tests/fixtures/render/bad-card.yaml,line=") for ln in lines)
    forrest = next(ln for ln in lines if "forrest" in ln)
    assert ",col=11,endLine=8,endColumn=18,title=M005 invalid-value::" in forrest
    assert "%0Ahelp: did you mean `forest`?" in forrest and "\n" not in forrest


def test_github_escaping_of_special_characters():
    from compiler.diagnostics import Diagnostic, Severity, Span
    from compiler.render import render_github

    d = Diagnostic("M005", Severity.ERROR, "50% done\r\nnext", Span("a,b:c.yaml", 1, 1, 1, 2))
    out = render_github([d])
    assert out == "::error file=a%2Cb%3Ac.yaml,line=1,col=1,endLine=1,endColumn=2,title=M005 invalid-value::50%25 done%0D%0Anext\n"


def test_sarif_validates_against_the_official_schema():
    rc, out, _ = run_cli(["lint", "--isolated", "--format", "sarif", BAD, "tests/fixtures/render/duplicate.yaml"], cwd=REPO)
    assert rc == 1
    doc = json.loads(out)
    schema = json.loads((REPO / "tests" / "vendor" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft7Validator(schema).validate(doc)
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert {r["id"] for r in rules} == {c.id for c in all_codes()}
    for r in rules:
        assert r["shortDescription"]["text"] and r["fullDescription"]["text"] and r["help"]["text"]
    res = run["results"]
    assert res and all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("tests/fixtures/render/") for r in res)
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in res)
    dup = next(r for r in res if r["ruleId"] == "Y004")
    assert dup["relatedLocations"][0]["message"]["text"] == "first defined here"


def test_explain_prints_the_registered_explanation():
    rc, out, _ = run_cli(["explain", "Y004"])
    assert rc == 0
    for part in ("## What", "## Why", "## Example", "## Fix"):
        assert part in out
    rc, out, err = run_cli(["explain", "Y04"])
    assert rc == 2 and "unknown code" in err


def test_explain_by_name_and_list():
    rc, out, _ = run_cli(["explain", "duplicate-key"])
    assert rc == 0 and out.startswith("Y004")
    rc, out, _ = run_cli(["explain", "--list"])
    assert rc == 0 and len(out.splitlines()) == len(all_codes())


def test_usage_errors_exit_2():
    rc, _, err = run_cli(["lint", "--format", "xml"])
    assert rc == 2 and "invalid choice" in err
    rc, _, err = run_cli(["frobnicate"])
    assert rc == 2


def test_internal_errors_are_one_line_and_exit_2(monkeypatch, capsys):
    import compiler.cli as cli

    def boom(args):
        raise ZeroDivisionError("synthetic failure")

    monkeypatch.setitem(cli.COMMANDS, "explain", boom)
    rc = cli.main(["explain", "Y001"])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.startswith("paleo: internal error: ZeroDivisionError: synthetic failure")
    assert "Traceback" not in err and "--debug" in err
    rc = cli.main(["--debug", "explain", "Y001"])
    assert "Traceback" in capsys.readouterr().err


def test_console_script_and_module_entry_points_agree():
    r = subprocess.run([sys.executable, "-m", "compiler", "explain", "Y001"], capture_output=True, text=True, cwd=REPO)
    assert r.returncode == 0 and r.stdout.startswith("Y001")


def test_compile_api_returns_bundle_and_diagnostics(tmp_path):
    import compiler

    (tmp_path / "a.yaml").write_bytes(GOOD)
    bundle, diags = compiler.compile([tmp_path], root=tmp_path)
    assert bundle["format_version"].startswith("1.")
    assert [c["id"] for c in bundle["cards"]] == ["card:fixture/ok"]
    assert not [d for d in diags if d.is_error]
