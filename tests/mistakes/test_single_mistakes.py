"""The single-mistake corpus: each case gives exactly one diagnostic, of its code, at its line and column."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from compiler.codes import all_codes

from foundation.helpers import lint_json, run_cli

from .harness import CASES, header, lint_case

FILE_CASES = sorted(CASES.glob("*.yaml"))

# Codes a single mistake cannot trigger on its own, and why.
NOT_A_SINGLE_MISTAKE = {
    "G420": "an info: what a scenario needs, not a mistake",
    "G490": "an info: a fact the rulebooks do not give, not a mistake",
    "C002": "the operating system refuses a read: not a mistake in the project",
    "F002": "fmt's own self-check failing: a bug in fmt, not in the file",
    "G402": "a card revealing another secret than its module lists also leaves that one unused (G403, G406)",
    "G406": "needs a secret that no card of any scenario reveals: the whole content together",
    "G407": "needs a scenario and what its modules supply: several records together",
    "G408": "needs a scenario and a module's combination rule together",
    "G412": "needs a secret record and a card face reading it differently",
    "C022": "only `paleo docs` (the site toolchain) refuses a non-empty output folder; tests/fixtures/codes/C022 runs it",
}


def _cli_cases(tmp: Path) -> dict[str, tuple[list[str], Path, tuple[str, int, int]]]:
    """Mistakes made outside a content file: (args, cwd, expected code, line, column)."""
    text = (CASES / "M005.yaml").read_text(encoding="utf-8").replace("back: forrest", "back: forest")
    proj = tmp / "project"
    (proj / "content").mkdir(parents=True)
    (proj / "content" / "c.yaml").write_text(text, encoding="utf-8")
    (proj / "pyproject.toml").write_text('[tool.paleo]\nselect = ["ALL"]\nignores = ["M005"]\n', encoding="utf-8")
    ok = tmp / "ok"
    (ok / "content").mkdir(parents=True)
    (ok / "content" / "c.yaml").write_text(text, encoding="utf-8")
    (ok / "pyproject.toml").write_text("[tool.paleo]\n", encoding="utf-8")
    os.mkfifo(ok / "content" / "pipe.yaml")
    clean = tmp / "clean"
    (clean / "content").mkdir(parents=True)
    (clean / "content" / "c.yaml").write_text(text, encoding="utf-8")
    (clean / "pyproject.toml").write_text("[tool.paleo]\n", encoding="utf-8")
    big = tmp / "big"
    (big / "content").mkdir(parents=True)
    (big / "pyproject.toml").write_text("[tool.paleo]\nbundled = false\n", encoding="utf-8")
    line = b"- " + b"x" * 60 + b"\n"
    (big / "content" / "huge.yaml").write_bytes(b"cards:\n" + line * (1_100_000 // len(line) + 1))
    return {
        "C001": (["lint", "--format", "json", "content/nope.yaml"], clean, ("C001", 1, 1)),
        "C003": (["lint", "--format", "json"], proj, ("C003", 3, 1)),
        "C020": (["lint", "--format", "json"], ok, ("C020", 1, 1)),
        "Y009": (["lint", "--format", "json"], big, ("Y009", 1, 1)),
    }


def test_every_code_has_a_case_or_a_reason(capsys):
    codes = {c.id for c in all_codes()}
    covered = {p.stem.split("-")[0] for p in FILE_CASES} | {"C001", "C003", "C020", "Y009", "C021", "F001", "F003", "G421"}
    assert set(NOT_A_SINGLE_MISTAKE) <= codes
    assert codes - covered == set(NOT_A_SINGLE_MISTAKE), sorted(codes - covered - set(NOT_A_SINGLE_MISTAKE))
    counts = Counter(p.stem.split("-")[0] for p in FILE_CASES)
    for c in ("C001", "C003", "C020", "Y009", "C021", "F001", "F003", "G421"):
        counts[c] += 1
    rows = [f"{c} {counts[c]}" for c in sorted(counts)]
    with capsys.disabled():
        print("\nsingle-mistake cases per code: " + ", ".join(rows))
        print(f"{sum(counts.values())} cases for {len(counts)} codes; "
              f"{len(NOT_A_SINGLE_MISTAKE)} codes need more than one mistake or are not mistakes")


@pytest.mark.parametrize("case", FILE_CASES, ids=[p.stem for p in FILE_CASES])
def test_a_mistake_in_a_file_gives_exactly_one_diagnostic(case):
    expected, _ = header(case)
    assert expected is not None, f"{case.name} has no `# expect: CODE LINE:COLUMN` header"
    assert expected[0] == case.stem.split("-")[0]
    got = [(d.code, d.span.line, d.span.column) for d in lint_case(case)]
    assert got == [expected], f"{case.name}: {got}"


@pytest.mark.parametrize("code", ["C001", "C003", "C020", "Y009"])
def test_a_mistake_outside_a_file_gives_exactly_one_diagnostic(code, tmp_path):
    args, cwd, expected = _cli_cases(tmp_path)[code]
    rc, out, err = run_cli(args, cwd=cwd)
    import json

    diags = [d for d in json.loads(out or "[]") if d["severity"] != "info"]
    assert [(d["code"], d["line"], d["column"]) for d in diags] == [expected], out + err
    assert rc in (1, 2)


def test_a_mistake_in_the_output_folder_gives_one_diagnostic(tmp_path):
    ok = tmp_path / "ok"
    (ok / "content").mkdir(parents=True)
    text = (CASES / "M005.yaml").read_text().replace("back: forrest", "back: forest")
    (ok / "content" / "c.yaml").write_text("".join(x for x in text.splitlines(True) if "->" not in x and "options:" not in x))
    (ok / "pyproject.toml").write_text("[tool.paleo]\nbundled = false\n")
    (ok / "file").write_text("not a folder")
    rc, out, err = run_cli(["build", "--out", "file"], cwd=ok)
    assert rc == 1 and err.count("C021") == 1 and err.count("error") == 1, err


def test_a_formatting_mistake_gives_one_diagnostic(tmp_path):
    f = tmp_path / "c.yaml"
    f.write_text("cards:\n  - name: Berry Bush\n    id: card:fan/berry-bush\n")
    rc, out, err = run_cli(["fmt", "--check", str(f)], cwd=tmp_path)
    assert rc == 1 and (out + err).count("[F001]") == 1, out + err
    g = tmp_path / "d.yaml"
    g.write_text("%YAML 1.2\n---\ncards: []\n")  # a directive fmt does not lay out
    rc, out, err = run_cli(["fmt", "--check", str(g)], cwd=tmp_path)
    assert rc == 1 and (out + err).count("error[") == 1 and f"{g}:1:1: error[F003]" in out + err, out + err


def test_an_unknown_scenario_gives_one_diagnostic(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.paleo]\n")
    rc, diags = lint_json(["--scenario", "scenario:nope"], cwd=tmp_path)
    assert [d["code"] for d in diags if d["severity"] != "info"] == ["G421"]
