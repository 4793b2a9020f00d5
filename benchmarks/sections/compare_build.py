"""The cold-build figures of a base revision (HEAD) against this tree, alternating (benchmarks/compare_build.py).

Each figure is old time ÷ new time, so 1.0 means no change and above 1.0 means this tree builds faster.
Standalone: `python benchmarks/sections/compare_build.py [--quick]`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ENV, REPO  # noqa: E402

NAME = "compare_build"
DESCRIPTION = "cold builds, the base revision (HEAD) ÷ this tree, alternating rounds"


def run(quick: bool = False) -> list[dict]:
    cmd = [sys.executable, str(REPO / "benchmarks/compare_build.py"), "--json",
           "--rounds", "2" if quick else "6", "--cards", "300" if quick else "3000"]
    r = subprocess.run(cmd, cwd=REPO, env=ENV, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"compare_build.py exited {r.returncode}:\n{r.stderr[-2000:]}")
    return [{"figure": row["figure"], "value": row["ratio"], "unit": "ratio", "target": None, "hard": False,
             "met": None, "spread": f"{row['spread'][0]:.2f}–{row['spread'][1]:.2f}, n={row['rounds']}"}
            for row in json.loads(r.stdout)["figures"]]


if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "benchmarks"))
    from run import print_figures  # noqa: E402

    print_figures(NAME, run(quick="--quick" in sys.argv))
