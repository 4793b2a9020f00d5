"""The architecture's contracts hold: import-linter's contracts, ruff's rules (imports at top level among them),
no file over 700 lines, and ARCHITECTURE.md names exactly the packages there are."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ROOTS = ("compiler", "runtime", "paleo_ai")
MAX_LINES = 700
GENERATED = "# generated"  # the first line of a generated file says so; data files are exempt from the size rule


def _run(cmd: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=300)


def test_the_import_contracts_hold():
    exe = shutil.which("lint-imports")
    assert exe, "lint-imports is not installed: the test extras carry import-linter (pip install -e '.[test]')"
    done = _run([exe, "--no-cache"])
    assert done.returncode == 0, done.stdout + done.stderr
    kept = re.search(r"Contracts: (\d+) kept, (\d+) broken", done.stdout)
    assert kept and int(kept.group(1)) >= 5 and kept.group(2) == "0", done.stdout


def test_ruff_passes_with_imports_at_top_level():
    done = _run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."])
    assert done.returncode == 0, done.stdout + done.stderr
    with open(REPO / "pyproject.toml", "rb") as f:
        assert "PLC0415" in tomllib.load(f)["tool"]["ruff"]["lint"]["select"]


def test_a_kept_import_outside_top_level_says_why():
    """Where an import stays inside a function (an optional extra, start-up cost), its noqa gives the reason."""
    bare = []
    for root in ROOTS:
        for path in sorted((REPO / root).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                m = re.search(r"#\s*noqa:\s*PLC0415(.*)$", line)
                if m and not re.match(r"\s*[-\u2014:]\s*\S", m.group(1)):
                    bare.append(f"{path.relative_to(REPO)}:{n}")
    assert not bare, "a `# noqa: PLC0415` without `- <reason>`: " + ", ".join(bare)


def _internal(node: ast.ImportFrom) -> bool:
    return node.level > 0 or (node.module or "").split(".")[0] in ROOTS


def test_no_module_takes_another_modules_private_names():
    """`from .x import _y`, or `_y` reached through a name imported from the project, couples a module to
    another's insides: what crosses modules is public."""
    found = []
    for root in ROOTS:
        for path in sorted((REPO / root).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imported = set()
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module != "__future__" and _internal(node):
                    for alias in node.names:
                        imported.add(alias.asname or alias.name)
                        if alias.name.startswith("_") and not alias.name.startswith("__"):
                            found.append(f"{path.relative_to(REPO)}:{node.lineno}: imports {alias.name}")
                elif isinstance(node, ast.Import):
                    for alias in node.names:
                        if alias.name.split(".")[0] in ROOTS:
                            imported.add(alias.asname or alias.name.split(".")[0])
            for node in ast.walk(tree):
                if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                        and isinstance(node.value, ast.Name) and node.value.id in imported):
                    found.append(f"{path.relative_to(REPO)}:{node.lineno}: {node.value.id}.{node.attr}")
    assert not found, "private names used across modules: " + ", ".join(found)


def test_no_source_file_is_over_700_lines():
    long = []
    for root in ROOTS:
        for path in sorted((REPO / root).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if text.startswith(GENERATED):
                continue
            n = text.count("\n")
            if n > MAX_LINES:
                long.append(f"{path.relative_to(REPO)} ({n} lines)")
    assert not long, f"split by concern (at most {MAX_LINES} lines): " + ", ".join(long)


def _packages() -> set[str]:
    found = set()
    for root in ROOTS:
        for init in (REPO / root).rglob("__init__.py"):
            found.add(init.parent.relative_to(REPO).as_posix() + "/")
    return found


def _named_paths(doc: str) -> set[str]:
    return set(re.findall(r"`((?:compiler|runtime|paleo_ai)(?:/[A-Za-z0-9_]+)*/?(?:\.py)?)`", doc))


@pytest.fixture(scope="module")
def doc() -> str:
    path = REPO / "ARCHITECTURE.md"
    assert path.is_file(), "ARCHITECTURE.md is the map of the code"
    return path.read_text(encoding="utf-8")


def test_the_map_names_every_package(doc):
    named = {p if p.endswith("/") or p.endswith(".py") else p + "/" for p in _named_paths(doc)}
    missing = sorted(_packages() - named)
    assert not missing, "packages ARCHITECTURE.md does not describe: " + ", ".join(missing)


def test_every_path_the_map_names_exists(doc):
    gone = sorted(p for p in _named_paths(doc) if not (REPO / p.rstrip("/")).exists())
    assert not gone, "ARCHITECTURE.md names paths that do not exist: " + ", ".join(gone)


def test_the_map_names_the_contracts_pyproject_declares(doc):
    with open(REPO / "pyproject.toml", "rb") as f:
        names = [c["name"] for c in tomllib.load(f)["tool"]["importlinter"]["contracts"]]
    assert names
    missing = [n for n in names if n not in doc]
    assert not missing, "contracts ARCHITECTURE.md does not state: " + "; ".join(missing)
