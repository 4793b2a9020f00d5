"""The coverage exclusions are a committed list: every `pragma: no cover` and every omit has its entry with a reason."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _listed() -> dict[str, str]:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    block = text.split("[tool.coverage.run]", 1)[1].split("\n[", 1)[0]
    return dict(re.findall(r"^#\s+((?:compiler|runtime)/\S+\.py): (.+)$", block, re.M))


def test_every_pragma_no_cover_is_in_the_committed_list_with_a_reason():
    listed = _listed()
    found = {}
    for p in sorted((REPO / "compiler").rglob("*.py")) + sorted((REPO / "runtime").rglob("*.py")):
        n = p.read_text(encoding="utf-8").count("pragma: no cover")
        if n:
            found[p.relative_to(REPO).as_posix()] = n
    assert set(found) == set(listed), f"pragmas in {sorted(found)}, listed {sorted(listed)}"
    assert all(len(reason) > 20 for reason in listed.values())
    assert all(n == 1 for n in found.values()), "one pragma per listed file; list each further one"


def test_nothing_is_omitted_and_branches_and_subprocesses_are_measured():
    run = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["coverage"]["run"]
    assert run["omit"] == [] and run["branch"] is True and "subprocess" in run["patch"]
    assert sorted(run["source"]) == ["compiler", "runtime"]
