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


def _gate():
    import importlib.util

    spec = importlib.util.spec_from_file_location("coverage_gate", REPO / "scripts" / "coverage_gate.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _report(tmp_path, covered: dict[str, tuple[int, int]]) -> str:
    import json

    files = {name: {"summary": {"covered_branches": c, "num_branches": n}} for name, (c, n) in covered.items()}
    path = tmp_path / "coverage.json"
    path.write_text(json.dumps({"files": files}), encoding="utf-8")
    return str(path)


def test_the_gate_fails_below_ninety_percent_for_either_package(tmp_path, capsys):
    gate = _gate()
    assert gate.GATE == {"compiler": 90.0, "runtime": 90.0}
    ok = _report(tmp_path, {"compiler/a.py": (90, 100), "runtime/core/b.py": (181, 200)})
    assert gate.main([ok]) == 0
    assert "compiler/                         90.0%" in capsys.readouterr().out
    low = _report(tmp_path, {"compiler/a.py": (95, 100), "runtime/core/b.py": (89, 100), "runtime/c.py": (90, 100)})
    assert gate.main([low]) == 1
    out = capsys.readouterr().out
    assert "coverage gate failed: runtime/ 89.5% < 90.0%" in out and "runtime/core/b.py" in out
    assert gate.main(["--no-gate", low]) == 0  # a run of some tests prints its figures without the gate


def test_the_test_command_measures_and_gates_the_whole_suite_by_default():
    script = (REPO / "scripts" / "test.sh").read_text(encoding="utf-8")
    assert '"${PALEO_COVERAGE:-1}" = 0' in script  # coverage is on unless switched off
    assert 'coverage run -m pytest "${jobs[@]}" -m "not games and not browser"' in script
    assert 'pytest "${gjobs[@]}" -m "games or browser"' in script  # and every other test runs unmeasured
    assert "python3 scripts/coverage_gate.py build/coverage/coverage.json ||" in script
    assert (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().endswith("bash scripts/test.sh")
