#!/usr/bin/env python3
"""Print branch coverage per package from a `coverage json` report and fail below the gate.

    python scripts/coverage_gate.py [--no-gate] build/coverage/coverage.json

`--no-gate` prints the figures without failing (a run of some tests only covers less).

Branch coverage is covered branches / branches (coverage.py's branch measurement). Every package
and subpackage of compiler/ and runtime/ gets a line; the lowest modules are listed after it.
`GATE` is the floor for compiler/ and runtime/ as a whole; the test command fails below it.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

# The floor of branch coverage for compiler/ and runtime/ as a whole, each.
GATE = {"compiler": 90.0, "runtime": 90.0}


def _pct(cov: int, total: int) -> float:
    return 100.0 * cov / total if total else 100.0


def main(argv: list[str]) -> int:
    gate = "--no-gate" not in argv
    argv = [a for a in argv if a != "--no-gate"]
    report = json.loads(Path(argv[0] if argv else "build/coverage/coverage.json").read_text(encoding="utf-8"))
    pkgs: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    mods = []
    for name, f in report["files"].items():
        parts = Path(name).as_posix().split("/")
        s = f["summary"]
        cov, total = s["covered_branches"], s["num_branches"]
        for i in range(1, len(parts)):
            pkgs["/".join(parts[:i])][0] += cov
            pkgs["/".join(parts[:i])][1] += total
        if total:
            mods.append((_pct(cov, total), total - cov, Path(name).as_posix()))
    print("branch coverage per package")
    for name in sorted(pkgs):
        cov, total = pkgs[name]
        print(f"  {name + '/':<32} {_pct(cov, total):5.1f}%  {cov:>6} of {total:>6} branches")
    print("lowest modules (by branches missed)")
    for pct, missed, name in sorted(mods, key=lambda m: -m[1])[:12]:
        print(f"  {name:<40} {pct:5.1f}%  {missed:>5} branches missed")
    if not gate:
        print("coverage gate not applied: a run of some tests only")
        return 0
    failed = [f"{p}/ {_pct(*pkgs[p]):.1f}% < {g}%" for p, g in GATE.items() if _pct(*pkgs[p]) < g]
    if failed:
        print("coverage gate failed: " + "; ".join(failed))
        return 1
    print("coverage gate passed: " + ", ".join(f"{p}/ >= {g}%" for p, g in GATE.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
