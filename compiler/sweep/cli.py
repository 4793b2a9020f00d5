"""`paleo sweep`: play a grid of setups x player counts x policies x seeds, resumably; `--report` writes the calibration page.

A grid comes from the flags, or from a TOML file (`--grid`) with the same keys:

    setups = ["A", "B", "scenario:anb/I"]
    players = [1, 2]
    policies = ["random", "greedy"]
    games = 400
    seed = 0
    block = 25

The subcommand's flags are declared with the other commands' in compiler/cli.py; this module runs it.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

from runtime.bundle import BundleError, load_bundle
from runtime.engine import IllegalAction, NotPlayable, SetupError
from runtime.policies import PolicyError

from ..safeio import atomic_write, escape
from . import report, store
from .grid import Grid, GridError, parse_setup
from .run import Dask, Local, SweepError, policy_spec, run_sweep

GRID_KEYS = {"setups", "players", "policies", "games", "seed", "block"}


def _err(msg: str) -> int:
    sys.stderr.write(f"paleo sweep: {msg}\n")
    return 2


def grid_from(args) -> Grid:
    spec: dict = {}
    if args.grid:
        try:
            spec = tomllib.loads(Path(args.grid).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise GridError(f"{escape(args.grid)}: cannot read the grid: {escape(exc)}") from None
        except tomllib.TOMLDecodeError as exc:
            raise GridError(f"{escape(args.grid)}: not TOML: {escape(exc)}") from None
        unknown = set(spec) - GRID_KEYS
        if unknown:
            raise GridError(f"{escape(args.grid)}: unknown grid key `{escape(sorted(unknown)[0], 40)}`; "
                            f"keys: {', '.join(sorted(GRID_KEYS))}")
    setups = args.setup or spec.get("setups", [])
    players = args.players or spec.get("players") or [2]
    policies = args.policy or spec.get("policies") or ["random"]
    for name, v in (("setups", setups), ("players", players), ("policies", policies)):
        if not isinstance(v, list):
            raise GridError(f"grid `{name}` is a list")
    if not setups:
        raise GridError("name at least one --setup (or `setups` in --grid)")
    games = args.games if args.games is not None else spec.get("games", 100)
    seed = args.seed if args.seed is not None else spec.get("seed", 0)
    block = args.block if args.block is not None else spec.get("block", 25)
    for name, v in (("games", games), ("seed", seed), ("block", block)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise GridError(f"grid `{name}` is an integer (got {escape(v, 40)})")
    return Grid(setups=[parse_setup(s) for s in setups], players=list(players),
                policies=[policy_spec(p) for p in policies], games=games, seed=seed, block=block)


def main(args) -> int:
    out = Path(args.out)
    sweeping = bool(args.setup or args.grid)
    if not sweeping and not args.report:
        return _err("name a grid (--setup, or --grid FILE) to sweep, or --report to report on --out")
    bundle = None
    if args.bundle:
        try:
            bundle = load_bundle(args.bundle)
        except BundleError as exc:
            return _err(escape(exc))
    if sweeping:
        if bundle is None:
            return _err("--bundle is needed to play")
        if args.jobs < 1 or args.jobs > 256:
            return _err(f"--jobs is 1 to 256 worker processes (got {args.jobs})")
        try:
            grid = grid_from(args)
            executor = Dask(args.scheduler) if args.scheduler else Local(args.jobs)
            done = run_sweep(bundle, grid, out, executor=executor, resume=args.resume,
                             progress={True: True, False: False, None: None}[args.progress],
                             log=lambda m: sys.stderr.write(f"paleo sweep: {m}\n"))
        except (GridError, PolicyError, SweepError, store.StoreError, SetupError, BundleError) as exc:
            return _err(escape(exc))
        except NotPlayable as exc:
            sys.stderr.write(f"paleo sweep: {escape(exc, None, keep=chr(10))}\n")  # its facts, one per line
            return 1
        except IllegalAction as exc:  # a policy returned something not among the legal actions
            return _err(f"a policy chose an illegal action (blocks finished so far are kept; --resume continues): "
                        f"{escape(exc)}")
        except KeyboardInterrupt:
            sys.stderr.write(f"paleo sweep: interrupted; every finished block is in {escape(out)}: "
                             "rerun with --resume to continue\n")
            return 130
        sys.stdout.write(f"{done['played']} blocks played, {done['kept']} kept from before, {done['games']} games "
                         f"per grid ({done['where']}); results in {escape(out)}\n")
    if args.report:
        try:
            header, blocks = store.load(out)
            summary = report.summarise(header, blocks, bundle)
            if args.against:
                h2, b2 = store.load(Path(args.against))
                summary["versions"] = report.compare_versions(blocks, b2, header, h2)
        except store.StoreError as exc:
            return _err(escape(exc))
        d = Path(args.report_dir)
        d.mkdir(parents=True, exist_ok=True)
        atomic_write(d / "calibration.json", json.dumps(summary, sort_keys=True, indent=1, ensure_ascii=False) + "\n")
        atomic_write(d / "calibration.md", report.page(summary))
        sys.stdout.write(f"wrote {escape(d / 'calibration.md')} and {escape(d / 'calibration.json')}"
                         + (" (synthetic packs: not the published game's balance)" if summary["synthetic"] else "") + "\n")
    return 0
