"""Build benchmark, old against new: a base revision's compiler and this tree's, alternating, medians, ratios.

    python benchmarks/compare_build.py [--base REV | --old DIR] [--rounds 5] [--cards 3000] [--json]

Both sides build the same projects cold (`paleo build --no-cache`): the bundled content, and a generated
project of N cards from this tree's benchmarks/corpus.py. Each command runs with its side's code first on the
path, the two sides alternate which goes first, and each figure is the median of old time ÷ new time, so 1.0
means no change and above 1.0 means the new tree is faster (the architecture work's target is ≥ 0.95). The
old side is checked out into a temporary worktree (default HEAD) unless --old names a checkout.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE / "sections"))

from _common import ENV, timed  # noqa: E402
from benchmarks.corpus import make_project  # noqa: E402


def _build(tree: Path, project: Path, out: Path, env: dict) -> float:
    cmd = [sys.executable, "-m", "compiler", "build", "--no-cache", "--out", str(out)]
    return timed(cmd, project, {**env, "PYTHONPATH": str(tree)})[0]


def compare(old: Path, rounds: int, cards: int) -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="paleo-compare-build-") as tmp:
        tmp = Path(tmp)
        env = {**ENV, "PALEO_CACHE_DIR": str(tmp / "cache")}
        projects = {"bundled content": ROOT, f"{cards:,} cards": make_project(tmp / "corpus", cards)}
        for label, project in projects.items():
            for tree in (old, ROOT):  # byte-code and the grammar cache made before timing
                _build(tree, project, tmp / "warm", env)
            ratios = []
            for i in range(rounds):
                sides = (old, ROOT) if i % 2 == 0 else (ROOT, old)
                t = {side: _build(side, project, tmp / "out", env) for side in sides}
                ratios.append(t[old] / t[ROOT])
            rows.append({"figure": f"cold build, {label}, old ÷ new (higher is better)",
                         "ratio": statistics.median(ratios), "spread": [min(ratios), max(ratios)], "rounds": rounds})
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", default="HEAD", help="the old side's revision (default HEAD)")
    ap.add_argument("--old", type=Path, help="an old checkout to use instead of checking out --base")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cards", type=int, default=3000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="paleo-base-") as tmp:
        old = args.old
        if old is None:
            old = Path(tmp) / "old"
            r = subprocess.run(["git", "worktree", "add", "--detach", str(old), args.base], cwd=ROOT,
                               capture_output=True, text=True)
            if r.returncode != 0:
                print(f"compare_build: git worktree add failed:\n{r.stderr}", file=sys.stderr)
                return 2
            if (ROOT / "node_modules").exists() and not (old / "node_modules").exists():
                (old / "node_modules").symlink_to(ROOT / "node_modules")
        try:
            rows = compare(old.resolve(), args.rounds, args.cards)
        finally:
            if args.old is None:
                subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, capture_output=True)
                subprocess.run(["git", "worktree", "prune"], cwd=ROOT, capture_output=True)
    if args.json:
        print(json.dumps({"figures": rows}, indent=2))
    else:
        for row in rows:
            lo, hi = row["spread"]
            print(f"{row['figure']}: {row['ratio']:.3f} [{lo:.3f}–{hi:.3f}], n={row['rounds']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
