"""`paleo docs` ÷ a bare `mkdocs build` of the same pages, 3,000 cards (benchmarks/bench_site.py --vs-bare).

Standalone: `python benchmarks/sections/site.py [--quick]`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ENV, REPO  # noqa: E402

NAME = "site"
DESCRIPTION = "paleo docs ÷ bare mkdocs build of the same pages (3,000 cards; 300 with --quick)"


def run(quick: bool = False) -> list[dict]:
    n = "300" if quick else "3000"
    r = subprocess.run([sys.executable, str(REPO / "benchmarks/bench_site.py"), "--vs-bare", n], cwd=REPO,
                       env={**ENV, "NO_MKDOCS_2_WARNING": "1"}, capture_output=True, text=True)
    row = re.search(rf"^\s*{n}\s+\d+\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)–([\d.]+)", r.stdout, re.M)
    if not row:
        raise RuntimeError(f"bench_site.py printed no figures (exit {r.returncode}):\n{r.stdout[-1500:]}{r.stderr[-1500:]}")
    value = float(row.group(1))
    return [{"figure": f"paleo docs ÷ bare mkdocs build, {int(n):,} cards", "value": value, "unit": "ratio",
             "target": "<= 1.3", "hard": True, "met": value <= 1.3,
             "spread": f"{row.group(2)}–{row.group(3)}, n=3"}]


if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "benchmarks"))
    from run import print_figures  # noqa: E402

    print_figures(NAME, run(quick="--quick" in sys.argv))
