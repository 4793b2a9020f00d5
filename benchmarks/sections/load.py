"""The loader against the YAML floor on synthetic card files (benchmarks/bench_load.py as a section).

Standalone: `python benchmarks/sections/load.py [--quick]`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ENV, REPO, figure  # noqa: E402

NAME = "load"
DESCRIPTION = "paleo loader (positions, YAML 1.2 core, bounds) ÷ PyYAML's C loader"


def run(quick: bool = False) -> list[dict]:
    ours, rt = [], []
    for _ in range(2 if quick else 5):
        out = subprocess.run([sys.executable, str(REPO / "benchmarks/bench_load.py"), "1000" if quick else "3000"],
                             cwd=REPO, env=ENV, capture_output=True, text=True).stdout
        m = re.search(r"paleo loader.*?([\d.]+)x floor", out)
        r = re.search(r"ruamel round-trip.*?([\d.]+)x floor", out)
        if not m:
            raise RuntimeError("bench_load.py printed no figures:\n" + out[-2000:])
        ours.append(float(m.group(1)))
        if r:
            rt.append(float(r.group(1)))
    figs = [figure("paleo loader ÷ YAML C loader (floor)", ours)]
    if rt:
        figs.append(figure("ruamel round-trip ÷ YAML C loader (floor)", rt))
    return figs


if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "benchmarks"))
    from run import print_figures  # noqa: E402

    print_figures(NAME, run(quick="--quick" in sys.argv))
