"""Graph build and checks per card at 1,000 and 10,000 cards (benchmarks/bench_graph.py as a section).

Standalone: `python benchmarks/sections/graph.py [--quick]`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ENV, REPO, figure  # noqa: E402

NAME = "graph"
DESCRIPTION = "graph build + checks: per-card time at 10,000 cards ÷ at 1,000"


def run(quick: bool = False) -> list[dict]:
    ratios, per_card = [], []
    for _ in range(1 if quick else 2):
        out = subprocess.run([sys.executable, str(REPO / "benchmarks/bench_graph.py"), "1000", "10000"], cwd=REPO,
                             env=ENV, capture_output=True, text=True).stdout
        m = re.search(r"per-card time at \d+ cards / at \d+ cards: ([\d.]+)", out)
        rows = re.findall(r"^\s*10000\s+\d+\s+\d+\s+\d+\s+[\d.]+\s+[\d.]+\s+([\d.]+)$", out, re.M)
        if not m:
            raise RuntimeError("bench_graph.py printed no figures:\n" + out[-2000:])
        ratios.append(float(m.group(1)))
        per_card += [float(r) for r in rows]
    figs = [figure("graph per-card time, 10,000 ÷ 1,000 cards", ratios, target="<= 1.5")]
    if per_card:
        figs.append(figure("graph build + checks per card at 10,000 cards", per_card, unit="µs"))
    return figs


if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "benchmarks"))
    from run import print_figures  # noqa: E402

    print_figures(NAME, run(quick="--quick" in sys.argv))
