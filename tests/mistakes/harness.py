"""Run one single-mistake case: lint its file (with the bundled symbols, or on top of the bundled games)."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from compiler.pipeline import run
from compiler.project import Config, bundled_dir

CASES = Path(__file__).resolve().parent / "cases"
EXPECT = re.compile(rb"^# expect: ([A-Z][0-9]{3}) (\d+):(\d+)$", re.M)
CONTEXT = re.compile(rb"^# context: (\w+)$", re.M)


def header(path: Path) -> tuple[tuple[str, int, int] | None, str]:
    raw = path.read_bytes()
    m = EXPECT.search(raw)
    ctx = CONTEXT.search(raw)
    exp = (m.group(1).decode(), int(m.group(2)), int(m.group(3))) if m else None
    return exp, (ctx.group(1).decode() if ctx else "symbols")


def lint_case(path: Path) -> list:
    """Every diagnostic but the infos, of the case file linted as a fan's file would be."""
    _, ctx = header(path)
    dirs = [bundled_dir("content") / "symbols"] if ctx == "symbols" else [bundled_dir("content")]
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "content" / path.name
        f.parent.mkdir()
        shutil.copyfile(path, f)
        res = run(dirs, extra_files=[f], root=Path(tmp), config=Config(root=Path(tmp)))
    return [d for d in res.diagnostics if d.severity.value != "info" and d.span.file == f"content/{path.name}"
            or d.severity.value == "error"]
