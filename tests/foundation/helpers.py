"""Run the paleo CLI in-process and capture what it prints."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from pathlib import Path

from compiler.cli import main


def run_cli(args: list[str], *, cwd: Path | None = None, stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_cwd = Path.cwd()
    old_stdin = sys.stdin
    try:
        if cwd is not None:
            os.chdir(cwd)
        if stdin is not None:
            sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = main(args)
    finally:
        os.chdir(old_cwd)
        sys.stdin = old_stdin
    return rc, out.getvalue(), err.getvalue()


def lint_json(args: list[str], **kw) -> tuple[int, list[dict]]:
    rc, out, err = run_cli(["lint", "--format", "json", *args], **kw)
    assert "Traceback" not in out + err
    return rc, json.loads(out) if out.strip() else []
