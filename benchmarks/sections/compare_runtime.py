"""The runtime figures of a base revision (HEAD) against this tree, alternating (benchmarks/compare_runtime.py).

Each figure is new ÷ old, so 1.0 means no change (lower is better for the time-like figures).
Standalone: `python benchmarks/sections/compare_runtime.py [--quick]`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ENV, REPO  # noqa: E402

NAME = "compare_runtime"
DESCRIPTION = "runtime figures, this tree ÷ the base revision (HEAD), alternating rounds"


def run(quick: bool = False) -> list[dict]:
    cmd = [sys.executable, str(REPO / "benchmarks/compare_runtime.py"), "--json",
           "--rounds", "2" if quick else "5", "--games", "30" if quick else "100", "--ops", "30000" if quick else "100000"]
    r = subprocess.run(cmd, cwd=REPO, env=ENV, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"compare_runtime.py exited {r.returncode}:\n{r.stderr[-2000:]}")
    out = []
    for row in json.loads(r.stdout)["figures"]:
        if row["ratio"] is None:
            continue
        out.append({"figure": f"{row['figure']}, new ÷ old ({row['better']} is better)", "value": row["ratio"],
                    "unit": "ratio", "target": None, "hard": False, "met": None,
                    "spread": None if row["spread"] is None else f"±{row['spread']:.0%} of a median"})
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "benchmarks"))
    from run import print_figures  # noqa: E402

    print_figures(NAME, run(quick="--quick" in sys.argv))
