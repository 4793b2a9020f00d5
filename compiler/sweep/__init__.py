"""Balance sweeps: many seeded games over a grid of setups, player counts and policies, on local cores or a Dask cluster.

    paleo sweep --bundle build/synthetic/bundle.json --setup A --setup B --players 1 2 \\
        --policy random --policy greedy --games 400 --out build/sweep/results.jsonl --jobs 2
    paleo sweep --report --out build/sweep/results.jsonl --report-dir build/sweep/report

`grid` (setups, blocks, what labels a result), `run` (executors and the resumable loop), `store`
(the JSON-lines results file), `stats` (intervals and rank correlation) and `report` (the JSON
summary and the calibration page). Dask is needed only for `--scheduler` (the `[sweep]` extra).
"""

from .grid import Grid, GridError, Setup, identity, parse_setup
from .run import Dask, Local, SweepError, policy_spec, run_sweep

__all__ = ["Dask", "Grid", "GridError", "Local", "Setup", "SweepError", "identity", "parse_setup", "policy_spec",
           "run_sweep"]
