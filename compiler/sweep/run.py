"""Playing a sweep's seed blocks: in this process, on a local process pool, or on a Dask cluster.

Each block is plain data (setup record, players, policy spec, seeds) and its games depend only on
their seeds, so where a block runs never changes its results. A user's policy travels inside the
spec as its module's text and is loaded from that text on every worker.
"""

from __future__ import annotations

import hashlib
import importlib.util
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from runtime.engine import Game
from runtime.policies import BUILTIN, PolicyError, policy_factory, user_factory
from runtime.sim import Progress, game_for, play_seeds, pool_context

from ..safeio import escape
from . import store
from .grid import Grid, identity, printed_difficulty

_FACTORIES: dict = {}  # (name, digest) -> factory, per worker process


def policy_spec(name: str) -> dict:
    """What names a policy in a sweep: its name and, for a user's `module:function`, the module text and digest."""
    if name in BUILTIN or name.startswith("mc-"):
        policy_factory(name)
        return {"name": name, "digest": None}
    if ":" not in name:
        policy_factory(name)  # refuses with the list of names
    mod, _, fn = name.rpartition(":")
    if mod.endswith(".py"):
        path = Path(mod)
    else:
        try:
            spec = importlib.util.find_spec(mod)
        except (ImportError, ValueError) as exc:
            raise PolicyError(f"policy module `{escape(mod, 60)}` is not importable: {escape(exc, 80)}") from None
        if spec is None or not spec.origin or not spec.origin.endswith(".py"):
            raise PolicyError(f"policy module `{escape(mod, 60)}` is not importable as one Python file")
        path = Path(spec.origin)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PolicyError(f"policy file `{escape(path, 80)}` cannot be read: {escape(exc, 80)}") from None
    user_factory(name, source)  # it loads and names a function here, before any worker sees it
    return {"name": name, "digest": hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()[:16],
            "source": source}


def factory_of(spec: dict):
    key = (spec["name"], spec.get("digest"))
    f = _FACTORIES.get(key)
    if f is None:
        f = user_factory(spec["name"], spec["source"]) if spec.get("source") is not None else policy_factory(spec["name"])
        _FACTORIES[key] = f
    return f


def run_block(bundle: dict, task: dict) -> dict:
    """Play one seed block; the worker function of every executor."""
    t0 = time.perf_counter()
    game = task["game"] or game_for(bundle, task["setup"].get("scenario"))
    results, used, rec = play_seeds(bundle, range(task["start"], task["start"] + task["count"]), game=game,
                                    players=task["players"], policy=factory_of(task["policy"]), setup=task["setup"])
    return {"key": task["key"], "game": game, "setup_record": rec, "symbols_in_play": used, "results": results,
            "seconds": round(time.perf_counter() - t0, 4)}


_POOL: dict = {}


def _pool_init(bundle: dict) -> None:
    _POOL["bundle"] = bundle


def _pool_block(task: dict) -> dict:
    return run_block(_POOL["bundle"], task)


class Local:
    """`jobs` worker processes on this machine (1: in this process)."""

    def __init__(self, jobs: int = 1):
        self.jobs = jobs
        self.where = f"local, {jobs} worker{'s' if jobs != 1 else ''}"

    def run(self, bundle: dict, tasks: list, on_result) -> None:
        if self.jobs <= 1:
            for t in tasks:
                on_result(run_block(bundle, t))
            return
        ctx = pool_context()
        with ProcessPoolExecutor(max_workers=self.jobs, mp_context=ctx, initializer=_pool_init,
                                 initargs=(bundle,)) as ex:
            futs = [ex.submit(_pool_block, t) for t in tasks]
            try:
                for f in as_completed(futs):
                    on_result(f.result())
            except BaseException:
                for f in futs:
                    f.cancel()
                raise


class Dask:
    """An existing dask.distributed cluster (a scheduler address, or a `Client`)."""

    def __init__(self, scheduler):
        self.scheduler = scheduler
        self.where = f"dask scheduler {scheduler if isinstance(scheduler, str) else 'client'}"

    def run(self, bundle: dict, tasks: list, on_result) -> None:
        try:
            from distributed import Client  # noqa: PLC0415 - dask.distributed is the [sweep] extra
            from distributed import as_completed as completed  # noqa: PLC0415 - dask.distributed is the [sweep] extra
        except ImportError:
            raise SweepError("--scheduler needs dask.distributed: pip install \"paleo-codex[sweep]\"") from None
        own = isinstance(self.scheduler, str)
        try:
            client = Client(self.scheduler, timeout="20s") if own else self.scheduler
        except OSError as exc:
            raise SweepError(f"cannot reach the dask scheduler at {escape(self.scheduler, 80)}: {escape(exc, 120)}") from None
        try:
            ref = client.scatter(bundle, broadcast=True)
            futs = [client.submit(run_block, ref, t, key=f"paleo-block-{t['key']}-{id(tasks):x}", pure=False)
                    for t in tasks]
            try:
                for f in completed(futs):
                    on_result(f.result())
            except BaseException:
                client.cancel(futs)
                raise
        finally:
            if own:
                client.close()


class SweepError(ValueError):
    """A sweep that cannot start or go on, with the reason."""


def run_sweep(bundle: dict, grid: Grid, out: Path, *, executor=None, resume: bool = False, progress=None,
              log=None) -> dict:
    """Play every block of `grid` not yet in `out`, appending each as it finishes; returns counts."""
    grid.check()
    executor = executor or Local(1)
    ident = identity(bundle)
    policies = {p["name"]: p for p in grid.policies}
    blocks = grid.blocks()
    done_keys: set = set()
    _check_setups(bundle, grid)  # before any file is written
    if out.exists():
        if not resume:
            raise SweepError(f"{escape(out)} exists: pass --resume to continue that sweep, or choose another --out")
        header, lines, torn = store.read(out)
        if header is None:
            store.start(out, {"kind": "sweep", "format": store.FORMAT, **ident, "grid": grid.as_json()})
        else:
            store.check_identity(out, header, lines, ident, policies)
            was = header.get("grid") or {}
            for k in ("seed", "block"):
                if was.get(k) != getattr(grid, k):
                    raise SweepError(f"{escape(out)} was swept with {k} {escape(was.get(k), 20)}, not "
                                     f"{getattr(grid, k)}: its seed blocks would overlap; keep --{k} "
                                     f"{escape(was.get(k), 20)} or sweep into another --out")
            if torn:
                store.repair(out, header, lines)
                if log:
                    log(f"dropped a torn last line of {escape(out)} (its block is played again)")
            done_keys = {r["key"] for r in lines}
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        store.start(out, {"kind": "sweep", "format": store.FORMAT, **ident, "grid": grid.as_json()})
    todo = [b for b in blocks if b.key not in done_keys]
    total = grid.games * len(grid.setups) * len(grid.players) * len(grid.policies)
    already = total - sum(b.count for b in todo)
    if log and done_keys:  # a resumed sweep says at once what it found and what is left
        log(f"resuming {escape(out)}: {len(blocks) - len(todo)} of {len(blocks)} blocks ({already} of {total} games) "
            f"are done; playing {len(todo)} blocks on {executor.where}")
    bar = None
    if progress is not False:  # None: only on a terminal; True: on stderr; a stream: on it
        stream = progress if hasattr(progress, "write") else None
        bar = Progress(total, stream=stream, force=progress is True or stream is not None, done=already)
    if bar:
        bar.update(already)
    by_key = {b.key: b for b in todo}
    app = store.Appender(out)
    done = [already]

    def on_result(r: dict) -> None:
        b = by_key[r["key"]]
        pol = {"name": b.policy["name"], "digest": b.policy.get("digest")}
        app.append({"kind": "block", "key": b.key, **ident, "policy": pol, "game": r["game"],
                    "setup": b.setup.as_json(), "setup_record": r["setup_record"], "players": b.players,
                    "printed_difficulty": printed_difficulty(bundle, r["game"], r["setup_record"] or {}, b.players),
                    "seeds": [b.start, b.count], "symbols_in_play": r["symbols_in_play"], "results": r["results"],
                    "seconds": r["seconds"]})
        done[0] += b.count
        if bar:
            bar.update(done[0])

    try:
        executor.run(bundle, [b.task() for b in todo], on_result)
    finally:
        app.close()
    return {"blocks": len(blocks), "played": len(todo), "kept": len(blocks) - len(todo), "games": total,
            "where": executor.where}


def _check_setups(bundle: dict, grid: Grid) -> None:
    """Every setup and player count starts a game here, so a refusal names it before any worker runs."""
    for s in grid.setups:
        for n in grid.players:
            Game.new(bundle, game=s.game or game_for(bundle, s.scenario), setup=s.record(), players=n,
                     seed=grid.seed)
