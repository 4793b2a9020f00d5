"""Effect language: parse + lowering ÷ bare LALR parse (benchmarks/bench_effects.py as a section).

Standalone: `python benchmarks/sections/effects.py [--quick]`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ENV, REPO, figure  # noqa: E402

NAME = "effects"
DESCRIPTION = "parse + lower ÷ bare LALR parse; memoised lowering; options per second"


def run(quick: bool = False) -> list[dict]:
    ratios, memo, rate = [], [], []
    for _ in range(2 if quick else 3):  # the script pairs its measurements itself; each run is one pair
        cmd = [sys.executable, str(REPO / "benchmarks/bench_effects.py"), "--repeat", "3" if quick else "7"]
        out = subprocess.run(cmd, cwd=REPO, env=ENV, capture_output=True, text=True).stdout
        m = re.search(r"^parse \+ lowering to IR \(no memoisation\)\s+[\d.]+ms\s+([\d,]+)\s+([\d.]+)x", out, re.M)
        k = re.search(r"^parse \+ lowering, memoised by unique string\s+[\d.]+ms\s+[\d,]+\s+([\d.]+)x", out, re.M)
        if not m or not k:
            raise RuntimeError("bench_effects.py printed no figures:\n" + out[-2000:])
        rate.append(float(m.group(1).replace(",", "")))
        ratios.append(float(m.group(2)))
        memo.append(float(k.group(1)))
    return [
        figure("parse + lower ÷ bare LALR parse", ratios, target="<= 2.5"),
        figure("parse + lower memoised by string ÷ bare parse (repeated corpus)", memo),
        figure("parse + lower, options per second", rate, unit="options/s"),
    ]


if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "benchmarks"))
    from run import print_figures  # noqa: E402

    print_figures(NAME, run(quick="--quick" in sys.argv))
