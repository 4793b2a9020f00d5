"""`paleo sweep`: play a grid of setups x player counts x policies x seeds, resumably; `--report` writes the calibration page.

A grid comes from the flags, or from a TOML file (`--grid`) with the same keys:

    setups = ["A", "B", "scenario:anb/I"]
    players = [1, 2]
    policies = ["random", "greedy"]
    games = 400
    seed = 0
    block = 25
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

from typing import TYPE_CHECKING

from ..safeio import atomic_write, escape

if TYPE_CHECKING:  # the grid (and through it the runtime) is imported when a sweep runs, not by `paleo --help`
    from .grid import Grid

DEFAULT_OUT = "build/sweep/results.jsonl"
DEFAULT_REPORT = "build/sweep/report"
GRID_KEYS = {"setups", "players", "policies", "games", "seed", "block"}


def add_parser(sub) -> None:
    sw = sub.add_parser("sweep", help="play a grid of setups, player counts, policies and seeds; report calibration")
    sw.add_argument("--bundle", metavar="FILE", help="the compiled bundle the games are played on")
    sw.add_argument("--grid", metavar="FILE", help="a TOML grid (setups, players, policies, games, seed, block)")
    sw.add_argument("--setup", metavar="SETUP", action="append", default=None,
                    help="SCENARIO[,board=ID][,game=ID][,NAME=VALUE] (repeatable)")
    sw.add_argument("--players", type=int, nargs="+", metavar="N", default=None)
    sw.add_argument("--policy", metavar="NAME", action="append", default=None,
                    help="random, greedy, mc, mc-N or module:function (repeatable)")
    sw.add_argument("--games", type=int, default=None, help="games per configuration (default 100)")
    sw.add_argument("--seed", type=int, default=None, help="first seed (default 0); every configuration plays the same seeds")
    sw.add_argument("--block", type=int, default=None, help="games per seed block (default 25)")
    sw.add_argument("--out", metavar="FILE", default=DEFAULT_OUT, help=f"results file, JSON lines (default {DEFAULT_OUT})")
    sw.add_argument("--resume", action="store_true", help="continue the sweep in --out where it stopped")
    where = sw.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, default=1, metavar="N", help="local worker processes (default 1)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="an existing dask.distributed scheduler, e.g. tcp://host:8786")
    sw.add_argument("--report", action="store_true", help="write the calibration page and JSON summary of --out")
    sw.add_argument("--report-dir", metavar="DIR", default=DEFAULT_REPORT, help=f"where --report writes (default {DEFAULT_REPORT})")
    sw.add_argument("--against", metavar="FILE", help="with --report: another results file of the same grid, compared on shared seeds")
    sw.add_argument("--progress", action=__import__("argparse").BooleanOptionalAction, default=None,
                    help="draw the progress bar on stderr (default: when stderr is a terminal)")


def _err(msg: str) -> int:
    sys.stderr.write(f"paleo sweep: {msg}\n")
    return 2


def grid_from(args) -> Grid:
    from .grid import Grid, GridError, parse_setup

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
    from .run import policy_spec

    return Grid(setups=[parse_setup(s) for s in setups], players=list(players),
                policies=[policy_spec(p) for p in policies], games=games, seed=seed, block=block)


def main(args) -> int:
    from runtime.bundle import BundleError, load_bundle
    from runtime.engine import IllegalAction, NotPlayable, SetupError
    from runtime.policies import PolicyError

    from . import report, store
    from .grid import GridError
    from .run import Dask, Local, SweepError, run_sweep

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
            sys.stderr.write(f"paleo sweep: {escape(exc, None)}\n")
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
