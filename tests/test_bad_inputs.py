"""The bad-input corpus: every file ends in its expected diagnostic at its expected spot, never a traceback.

Each fixture under tests/fixtures/bad/ states its expectation on its first line,
`# expect: CODE LINE:COLUMN`; binary fixtures (and files that cannot hold a comment)
have a sidecar `NAME.expect` holding `CODE LINE:COLUMN`.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "fixtures" / "bad"
_EXPECT = re.compile(r"^(?:#\s*expect:\s*)?([A-Z][0-9]{3})\s+([0-9]+):([0-9]+)(?:\s+xfail:\s*(.*))?\s*$")


def fixtures() -> list[Path]:
    return sorted(p for p in BAD.iterdir() if p.suffix in (".yaml", ".yml"))


def expectation(p: Path) -> tuple[str, int, int, str | None]:
    side = p.with_name(p.name + ".expect")
    if side.exists():
        first = side.read_text(encoding="utf-8").strip()
    else:
        first = p.read_bytes().split(b"\n", 1)[0].decode("utf-8", "replace")
    m = _EXPECT.match(first)
    assert m, f"{p.name}: no `# expect: CODE LINE:COL` on the first line and no .expect file"
    return m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)


def test_corpus_is_large_enough():
    assert len(fixtures()) >= 30


def _matches(diags, name: str) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in diags if Path(d.span.file).name == name]


@pytest.mark.parametrize("path", fixtures(), ids=lambda p: p.name)
def test_fixture_yields_expected_diagnostic(path: Path):
    import compiler

    code, line, col, xfail = expectation(path)
    _, diags = compiler.compile([path], root=ROOT)
    got = _matches(diags, path.name)
    if xfail and (code, line, col) not in got:
        pytest.xfail(xfail)
    assert (code, line, col) in got, f"expected {code} at {line}:{col}, got {got}"


@pytest.mark.parametrize("path", fixtures(), ids=lambda p: p.name)
def test_loader_never_raises(path: Path):
    from compiler.loader import load_bytes

    lf, diags = load_bytes(path.name, path.read_bytes())
    code = expectation(path)[0]
    if code.startswith("Y"):
        assert lf is None or any(d.code == code for d in diags)
        assert any(d.code == code for d in diags)


@pytest.mark.parametrize("path", fixtures(), ids=lambda p: p.name)
def test_fmt_never_raises_and_leaves_bad_files_alone(path: Path):
    from compiler.fmt import format_text
    from compiler.loader import decode

    text, diags = decode(path.name, path.read_bytes())
    if text is None:
        return
    out, diags = format_text(text, str(path))
    if any(d.is_error for d in diags):
        assert out == text


def test_huge_file_is_refused(tmp_path):
    import compiler
    from compiler.loader import MAX_FILE_BYTES

    f = tmp_path / "huge.yaml"
    line = "  - id: card:anb/filler\n"
    f.write_text("cards:\n" + line * (MAX_FILE_BYTES // len(line) + 10), encoding="utf-8")
    _, diags = compiler.compile([f], root=ROOT)
    assert ("Y009", 1, 1) in _matches(diags, f.name)


def test_lint_cli_over_the_corpus():
    proc = subprocess.run(
        [sys.executable, "-m", "compiler.cli", "lint", str(BAD), "--format", "json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 1, proc.stderr
    diags = json.loads(proc.stdout)
    by_file: dict[str, set] = {}
    for d in diags:
        by_file.setdefault(Path(d["file"]).name, set()).add((d["code"], d["line"], d["column"]))
    missing = []
    for p in fixtures():
        code, line, col, xfail = expectation(p)
        if not xfail and (code, line, col) not in by_file.get(p.name, set()):
            missing.append(f"{p.name}: expected {code} {line}:{col}, got {sorted(by_file.get(p.name, ()))}")
    assert not missing, "\n".join(missing)
