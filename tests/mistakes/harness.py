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
OVER = re.compile(rb"^# over: (\S+)$", re.M)  # the case replaces this file (from tests/) of a folder linted alone
TESTS = CASES.parent.parent


def header(path: Path) -> tuple[tuple[str, int, int] | None, str]:
    raw = path.read_bytes()
    m = EXPECT.search(raw)
    ctx = CONTEXT.search(raw)
    exp = (m.group(1).decode(), int(m.group(2)), int(m.group(3))) if m else None
    return exp, (ctx.group(1).decode() if ctx else "symbols")


def lint_case(path: Path) -> list:
    """Every diagnostic but the infos, of the case file linted as a fan's file would be."""
    _, ctx = header(path)
    over = OVER.search(path.read_bytes())
    with tempfile.TemporaryDirectory() as tmp:
        if over:  # one file of a clean multi-file fixture, with the mistake in it
            base = TESTS / over.group(1).decode()
            shutil.copytree(base.parent, Path(tmp) / "content")
            f = Path(tmp) / "content" / base.name
            shutil.copyfile(path, f)
            dirs, extra = [Path(tmp) / "content"], []
        else:
            dirs = [bundled_dir("content") / "symbols"] if ctx == "symbols" else [bundled_dir("content")]
            f = Path(tmp) / "content" / path.name
            f.parent.mkdir()
            shutil.copyfile(path, f)
            extra = [f]
        res = run(dirs, extra_files=extra, root=Path(tmp), config=Config(root=Path(tmp)))
    shown = f"content/{f.name}"
    return [d for d in res.diagnostics if d.severity.value != "info" and d.span.file == shown
            or d.severity.value != "info" and d.span.file != shown and (over or d.severity.value == "error")]
