"""Runtime speed: games and actions per second, op dispatch ÷ plain Python (benchmarks/bench_runtime.py).

Standalone: `python benchmarks/sections/runtime.py [--quick]`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ENV, REPO, figure  # noqa: E402

NAME = "runtime"
DESCRIPTION = "runtime games/s and actions/s (random, greedy), closures ÷ plain Python, JSON round trips"


def run(quick: bool = False) -> list[dict]:
    reports = []
    for _ in range(1 if quick else 3):
        cmd = [sys.executable, str(REPO / "benchmarks/bench_runtime.py"), "--json",
               "--games", "50" if quick else "300", "--ops", "50000" if quick else "200000"]
        r = subprocess.run(cmd, cwd=REPO, env=ENV, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"bench_runtime.py exited {r.returncode}:\n{r.stderr[-2000:]}")
        reports.append(json.loads(r.stdout))
    figs = []
    for pol in ("random", "greedy"):
        figs.append(figure(f"{pol} games/s", [x["games"][pol]["games_per_s"] for x in reports], unit="games/s"))
        figs.append(figure(f"{pol} actions/s", [x["games"][pol]["actions_per_s"] for x in reports], unit="actions/s"))
    figs.append(figure("op dispatch closures ÷ plain Python", [x["ops"]["closure_to_plain_ratio"] for x in reports]))
    figs.append(figure("JSON state round trips/s", [x["json_round_trip"]["round_trips_per_s"] for x in reports],
                       unit="round trips/s"))
    return figs


if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "benchmarks"))
    from run import print_figures  # noqa: E402

    print_figures(NAME, run(quick="--quick" in sys.argv))
