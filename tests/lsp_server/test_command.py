"""The `lsp` command: imported only when it runs, and a plain message (exit 2) when pygls is missing."""

from __future__ import annotations

import os
import subprocess
import sys

from .conftest import REPO

ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def _py(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, env=ENV, capture_output=True, text=True, timeout=120)


def test_other_commands_never_import_the_server():
    got = _py("import sys, compiler.cli as c\n"
              "rc = c.main(['explain', '--list'])\n"
              "print(rc, 'pygls' in sys.modules, 'compiler.lsp' in sys.modules)")
    assert got.stdout.strip().splitlines()[-1] == "0 False False", got.stderr


def test_without_pygls_the_command_says_what_to_install():
    got = _py("import sys\nsys.modules['pygls'] = None\nimport compiler.cli as c\nsys.exit(c.main(['lsp']))")
    assert got.returncode == 2
    assert "needs pygls" in got.stderr and 'paleo-codex[lsp]' in got.stderr
    assert "Traceback" not in got.stderr
