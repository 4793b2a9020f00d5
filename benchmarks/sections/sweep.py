"""Sweep throughput: games per second for 1 and 2 workers, locally and on a dask.distributed LocalCluster.

    python benchmarks/run.py sweep        (or standalone: python benchmarks/sections/sweep.py [--quick])

Each figure is the wall time of a whole `run_sweep` (random policy, module A, 2 players, blocks of
25 games, the default) on the synthetic pack, best of the repeats: locally the pool's start-up is included (a sweep
starts its own); the LocalCluster is warmed by one small sweep first (a cluster outlives a sweep) and its workers'
statistical profiler is off (`distributed.worker.profile.enabled: false`, worth setting on a sweep
cluster: it samples the deep stacks of a game every 10 ms and costs about a quarter of the speed here).
The speed-up per worker is (2-worker rate / 1-worker rate) / 2: 1.0 would be perfect scaling on a
2-core machine. The machine's load average is given with each figure: on a shared machine the
parallel figures say more about the neighbours than about the pool.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT, ROOT / "tests" / "packs"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

NAME = "sweep"
DESCRIPTION = "games per second of paleo sweep for 1 and 2 workers, locally and on a Dask LocalCluster"


def _rate(bundle, executor, games: int, repeats: int) -> tuple[float, list]:
    from compiler.sweep import Grid, parse_setup, policy_spec, run_sweep

    grid = Grid(setups=[parse_setup("A")], players=[2], policies=[policy_spec("random")], games=games, block=25)
    rates = []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as d:
            t0 = time.perf_counter()
            run_sweep(bundle, grid, Path(d) / "r.jsonl", executor=executor, progress=False)
            rates.append(games / (time.perf_counter() - t0))
    return max(rates), rates


def _load() -> str:
    try:
        return f"load average {__import__('os').getloadavg()[0]:.1f}"
    except OSError:
        return "load average unknown"


def _figure(name, value, unit, rates=None, target=None, met=None) -> dict:
    spread = _load()
    if rates and len(rates) > 1:
        spread = (f"{min(rates):.1f}..{max(rates):.1f} over {len(rates)} runs (median {statistics.median(rates):.1f}), "
                  + spread)
    return {"figure": name, "value": round(value, 3), "unit": unit, "target": target, "hard": False, "met": met,
            "spread": spread}


def run(quick: bool = False) -> list[dict]:
    import synthetic_bundle

    from compiler.sweep import Dask, Local

    bundle = synthetic_bundle.cached()
    games = 60 if quick else 300
    repeats = 1 if quick else 2
    out = []
    local = {}
    for n in (1, 2):
        local[n], rates = _rate(bundle, Local(n), games, repeats)
        out.append(_figure(f"local, {n} worker{'s' if n > 1 else ''} ({games} games)", local[n], "games/s", rates))
    speed = local[2] / local[1]
    out.append(_figure("local speed-up, 2 workers vs 1", speed, "ratio"))
    out.append(_figure("local speed-up per worker", speed / 2, "ratio", target=">= 0.7", met=speed / 2 >= 0.7))
    try:
        import dask
        from distributed import LocalCluster
    except ImportError:
        out.append(_figure("dask LocalCluster (not installed: pip install .[sweep])", 0.0, "games/s"))
        return out
    on_dask = {}
    for n in (1, 2):
        with dask.config.set({"distributed.worker.profile.enabled": False}), \
                LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None) as cl:
            _rate(bundle, Dask(cl.scheduler_address), 10 * n, 1)  # workers import and receive the bundle
            on_dask[n], rates = _rate(bundle, Dask(cl.scheduler_address), games, repeats)
        out.append(_figure(f"dask LocalCluster, {n} worker{'s' if n > 1 else ''} ({games} games)", on_dask[n], "games/s",
                           rates))
    speed = on_dask[2] / on_dask[1]
    out.append(_figure("dask speed-up, 2 workers vs 1", speed, "ratio"))
    out.append(_figure("dask speed-up per worker", speed / 2, "ratio", target=">= 0.7", met=speed / 2 >= 0.7))
    return out


if __name__ == "__main__":
    import platform

    figs = run(quick="--quick" in sys.argv[1:])
    print(f"{NAME}: {DESCRIPTION}\n{platform.platform()}, Python {platform.python_version()}")
    for f in figs:
        tgt = f" (target {f['target']}: {'met' if f['met'] else 'missed'})" if f["target"] else ""
        spread = f"  [{f['spread']}]" if f["spread"] else ""
        print(f"  {f['figure']:<48} {f['value']:>9.3f} {f['unit']}{tgt}{spread}")
