"""Balance sweeps: many seeded games over a grid of setups, player counts and policies, on local cores or a Dask cluster.

    paleo sweep --bundle build/synthetic/bundle.json --setup A --setup B --players 1 2 \\
        --policy random --policy greedy --games 400 --out build/sweep/results.jsonl --jobs 2
    paleo sweep --report --out build/sweep/results.jsonl --report-dir build/sweep/report

`grid` (setups, blocks, what labels a result), `run` (executors and the resumable loop), `store`
(the JSON-lines results file), `stats` (intervals and rank correlation) and `report` (the JSON
summary and the calibration page). Dask is needed only for `--scheduler` (the `[sweep]` extra).
"""

import importlib

_HOME = {"Grid": "grid", "GridError": "grid", "Setup": "grid", "identity": "grid", "parse_setup": "grid",
         "Dask": "run", "Local": "run", "SweepError": "run", "policy_spec": "run", "run_sweep": "run"}

__all__ = ["Dask", "Grid", "GridError", "Local", "Setup", "SweepError", "identity", "parse_setup", "policy_spec",
           "run_sweep"]


def __getattr__(name: str):
    """The package's names, imported on first use: `paleo`'s argument parser imports `sweep.cli` for the
    subcommand's flags, and the grid and its runtime are loaded only when a sweep runs."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
