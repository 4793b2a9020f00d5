"""Runtime benchmark, old against new: a base revision and this working tree, alternating, medians, ratios.

    python benchmarks/compare_runtime.py [--base REV] [--rounds 5] [--games 100] [--ops 100000] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path("benchmarks") / "bench_runtime.py"

# (label, path into bench_runtime.py's JSON report, which way is better)
FIGURES = [
    ("random games/s", ("games", "random", "games_per_s"), "higher"),
    ("random actions/s", ("games", "random", "actions_per_s"), "higher"),
    ("greedy games/s", ("games", "greedy", "games_per_s"), "higher"),
    ("greedy actions/s", ("games", "greedy", "actions_per_s"), "higher"),
    ("ops closures/plain", ("ops", "closure_to_plain_ratio"), "lower"),
    ("ops ns per op", ("ops", "ns_per_op_closures"), "lower"),
    ("JSON round trips/s", ("json_round_trip", "round_trips_per_s"), "higher"),
]

# Files whose difference between the sides means the two runs do not measure the same thing.
BENCH_INPUTS = [BENCH, Path("tests") / "packs" / "synthetic_bundle.py"]


class BenchFailed(Exception):
    pass


def _git(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError:
        raise BenchFailed("git is not on PATH; the base revision is checked out with it") from None


def _tail(text: str, lines: int = 20) -> str:
    return "\n".join(text.rstrip().splitlines()[-lines:])


def resolve_base(rev: str) -> str:
    """The commit id of `rev`, or BenchFailed."""
    r = _git("rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
    if r.returncode != 0:
        raise BenchFailed(f"--base {rev!r} is not a commit in {ROOT}")
    return r.stdout.strip()


def run_bench(tree: Path, games: int, ops: int) -> dict:
    env = dict(os.environ)
    # A fixed hash seed takes str-hash order (set iteration) out of the run-to-run differences.
    env["PYTHONHASHSEED"] = "0"
    # The editable install points at one checkout; putting the tree first makes each side import its own code.
    env["PYTHONPATH"] = os.pathsep.join([str(tree), *filter(None, [os.environ.get("PYTHONPATH")])])
    cmd = [sys.executable, str(BENCH), "--json", "--games", str(games), "--ops", str(ops)]
    r = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise BenchFailed(f"{' '.join(cmd)} in {tree} exited {r.returncode}; its stderr ends:\n{_tail(r.stderr)}")
    try:
        return json.loads(r.stdout)
    except json.JSONDecodeError as e:
        raise BenchFailed(f"{BENCH} in {tree} printed no JSON report ({e}):\n{_tail(r.stdout)}") from None


def _pick(report: dict, path: tuple):
    for key in path:
        if not isinstance(report, dict) or key not in report:
            return None  # an older bench may not report this figure
        report = report[key]
    return report if isinstance(report, (int, float)) else None


def summarise(runs: dict) -> list[dict]:
    rows = []
    for label, path, better in FIGURES:
        vals = {side: [v for v in (_pick(r, path) for r in runs[side]) if v is not None] for side in ("old", "new")}
        med = {side: statistics.median(v) if v else None for side, v in vals.items()}
        ratio = med["new"] / med["old"] if med["old"] and med["new"] is not None else None
        # speed: above 1.0 the new tree does better, whichever way the figure is better (the target is >= 0.95)
        speed = None if not ratio else (ratio if better == "higher" else 1 / ratio)
        # The widest run-to-run range of either side, so a ratio can be read against the noise.
        spread = max(((max(v) - min(v)) / med[side] for side, v in vals.items() if v and med[side]), default=None)
        rows.append({"figure": label, "key": ".".join(path), "better": better, "old": med["old"],
                     "new": med["new"], "ratio": None if ratio is None else round(ratio, 3),
                     "speed": None if speed is None else round(speed, 3),
                     "spread": None if spread is None else round(spread, 3),
                     "old_runs": vals["old"], "new_runs": vals["new"]})
    return rows


def _fmt(v) -> str:
    if v is None:
        return "-"
    return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.3g}"


def print_table(rows: list[dict], meta: dict) -> None:
    print(f"old: {meta['base']} ({meta['base_commit'][:12]})   new: working tree {meta['new_tree']}")
    print(f"{meta['rounds']} rounds alternating, --games {meta['games']} --ops {meta['ops']}; medians; "
          "spread = widest (max - min) / median of either side\n")
    head = ("figure", "better", "old", "new", "new/old", "speed", "spread")
    body = [(r["figure"], r["better"], _fmt(r["old"]), _fmt(r["new"]),
             "-" if r["ratio"] is None else f"{r['ratio']:.3f}",
             "-" if r.get("speed") is None else f"{r['speed']:.3f}",
             "-" if r["spread"] is None else f"{r['spread']:.0%}") for r in rows]
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
    for row in [head, *body]:
        print("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
    slow = [r["figure"] for r in rows if r.get("speed") is not None and r["speed"] < 0.95]
    print("\nspeed = new/old where higher is better, old/new where lower is: above 1.0 the new tree does better; "
          + ("every figure >= 0.95" if not slow else "below 0.95: " + ", ".join(slow)))


def differing_inputs(old_tree: Path) -> list[str]:
    out = []
    for rel in BENCH_INPUTS:
        a, b = old_tree / rel, ROOT / rel
        if not (a.is_file() and b.is_file() and a.read_bytes() == b.read_bytes()):
            out.append(str(rel))
    return out


def compare(base: str, commit: str, rounds: int, games: int, ops: int) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="paleo-bench-base-"))
    old_tree = tmp / "tree"
    try:
        r = _git("worktree", "add", "--detach", str(old_tree), commit)
        if r.returncode != 0:
            raise BenchFailed(f"git worktree add failed:\n{_tail(r.stderr)}")
        for rel in differing_inputs(old_tree):
            print(f"note: {rel} differs between the sides; the figures may not measure the same work",
                  file=sys.stderr)
        trees = {"old": old_tree, "new": ROOT}
        runs: dict = {"old": [], "new": []}
        for i in range(rounds):
            # Swapping who goes first each round spreads thermal / cache drift over both sides.
            order = ("old", "new") if i % 2 == 0 else ("new", "old")
            for side in order:
                print(f"round {i + 1}/{rounds}: {side}", file=sys.stderr, flush=True)
                runs[side].append(run_bench(trees[side], games, ops))
        meta = {"base": base, "base_commit": commit, "new_tree": str(ROOT), "rounds": rounds,
                "games": games, "ops": ops}
        return {**meta, "figures": summarise(runs)}
    finally:
        # --force: the checkout gains ignored files (__pycache__) and is ours to throw away.
        _git("worktree", "remove", "--force", str(old_tree))
        shutil.rmtree(tmp, ignore_errors=True)
        _git("worktree", "prune")


def _positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="HEAD", metavar="REV",
                    help="the old side, checked out into a temporary worktree (default HEAD, so the "
                         "comparison measures this tree's uncommitted changes)")
    ap.add_argument("--rounds", type=_positive, default=5)
    ap.add_argument("--games", type=_positive, default=100)
    ap.add_argument("--ops", type=_positive, default=100000)
    ap.add_argument("--json", action="store_true", help="print the comparison as JSON")
    args = ap.parse_args(argv)
    try:
        commit = resolve_base(args.base)
    except BenchFailed as e:
        ap.error(str(e))
    # SIGTERM as an exception, so the temporary worktree is removed on that too; restored after,
    # since main() is also called in-process (tests).
    previous = signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        result = compare(args.base, commit, args.rounds, args.games, args.ops)
    except BenchFailed as e:
        print(f"compare_runtime: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("compare_runtime: interrupted; temporary worktree removed", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print_table(result["figures"], result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
