#!/usr/bin/env python3
"""Fuzz the compiler and the runtime with a time budget per target.

    python scripts/fuzz.py [TARGET...] [--budget SECONDS] [--timeout SECONDS] [--engine auto|atheris|hypothesis] [--jobs N]

Targets (tests/fuzz/targets.py): loader, effects, lint, fmt, apply, from_json, lsp, serve, config, cache; none named means all.
The engine is atheris (coverage-guided libFuzzer) where it installs (`pip install atheris`),
hypothesis otherwise. Each target starts from its committed seed corpus (tests/fuzz/corpus/TARGET)
and regression inputs (tests/fuzz/regressions/TARGET); atheris keeps what it grows in
build/fuzz/TARGET/corpus. A failing input is written to build/fuzz/TARGET/crashes/ and the run goes
on until the budget is spent; once the defect is fixed, move the input to tests/fuzz/regressions/TARGET/,
where the test command's smoke replays it. An input that runs past `--timeout` seconds (default 30)
is a hang: it is kept the same way, in build/fuzz/TARGET/hangs/, and belongs in the same regressions
folder once fixed (the smoke replays each regression input under a time limit). Prints one line of
figures per target (executions, coverage features reached, crashes, hangs) and exits 1 when any
target found a crash or a hang.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FUZZ = REPO / "tests" / "fuzz"
OUT = REPO / "build" / "fuzz"
sys.path[:0] = [str(FUZZ), str(REPO)]


def _have_atheris() -> bool:
    try:
        import atheris  # noqa: F401
    except ImportError:
        return False
    return True


def _child(name: str, argv: list[str]) -> None:
    """Inside the atheris child: import the project instrumented (its own modules only), warm the target, fuzz."""
    import importlib
    import pkgutil

    import atheris

    # compiler.diagnostics is left plain: its edit distance (did-you-mean) runs 20 times slower instrumented
    with atheris.instrument_imports(include=["compiler", "runtime"], exclude=["compiler.diagnostics"]):
        import compiler
        import runtime

        for pkg in (compiler, runtime):
            for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
                if not mod.name.startswith("compiler.docs") and not mod.name.endswith("__main__"):
                    importlib.import_module(mod.name)
        import targets

        targets.warm(name)
    atheris.Setup([sys.argv[0], *argv], targets.TARGETS[name])
    atheris.Fuzz()


def _save_input(name: str, data: bytes, kind: str = "crashes") -> str:
    """Keep a failing input (`crashes`) or one that ran past the time limit (`hangs`); its path, as shown."""
    d = OUT / name / kind
    d.mkdir(parents=True, exist_ok=True)
    p = d / hashlib.sha1(data).hexdigest()[:16]
    p.write_bytes(data)
    return str(p.relative_to(REPO)) if p.is_relative_to(REPO) else str(p)


def artifact_kind(artifact: Path) -> str:
    """What libFuzzer's artifact is: `hangs` for a unit past -timeout (timeout-...), else `crashes`
    (crash-..., oom-..., leak-...)."""
    return "hangs" if artifact.name.startswith(("timeout-", "slow-unit-")) else "crashes"


_STAT = re.compile(r"stat::(\w+):\s*(\d+)")
_COV = re.compile(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)")


def run_atheris(name: str, budget: float, timeout: float = 30.0) -> dict:
    work = OUT / name
    corpus = work / "corpus"
    arts = work / "artifacts"
    for d in (corpus, arts):
        d.mkdir(parents=True, exist_ok=True)
    seeds = [str(d) for d in (FUZZ / "corpus" / name, FUZZ / "regressions" / name) if d.is_dir()]
    fig = {"target": name, "engine": "atheris", "executions": 0, "cov": 0, "ft": 0, "corpus": 0, "crashes": [],
           "hangs": [], "restarts": 0}
    deadline = time.monotonic() + budget
    log = open(work / "log.txt", "w", encoding="utf-8")
    while (left := int(deadline - time.monotonic())) > 5 and fig["restarts"] < 50:
        before = set(arts.iterdir())
        args = [str(corpus), *seeds, f"-max_total_time={left}", f"-artifact_prefix={arts}/", "-print_final_stats=1",
                f"-timeout={max(1, round(timeout))}", "-rss_limit_mb=3072", "-max_len=8192", "-close_fd_mask=1"]
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        proc = subprocess.run([sys.executable, __file__, "--child", name, "--", *args], env=env, cwd=REPO,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace")
        log.write(proc.stderr)
        log.flush()
        for m in _STAT.finditer(proc.stderr):
            if m.group(1) == "number_of_executed_units":
                fig["executions"] += int(m.group(2))
        covs = _COV.findall(proc.stderr)
        if covs:
            _, cov, ft, corp = covs[-1]
            fig["cov"], fig["ft"], fig["corpus"] = max(fig["cov"], int(cov)), max(fig["ft"], int(ft)), int(corp)
        new = [p for p in arts.iterdir() if p not in before]
        for p in new:
            kind = artifact_kind(p)
            if (kept := _save_input(name, p.read_bytes(), kind)) not in fig[kind]:
                fig[kind].append(kept)
        if proc.returncode == 0:
            break
        if not new:  # died without an artifact (e.g. the child could not start): stop, say so
            fig["crashes"].append(f"exit {proc.returncode} without an input; see {work / 'log.txt'}")
            break
        fig["restarts"] += 1
    log.close()
    return fig


def run_hypothesis(name: str, budget: float, timeout: float = 30.0) -> dict:
    import engine

    fig = {"target": name, "engine": "hypothesis", "executions": 0, "crashes": [], "hangs": [], "restarts": 0}
    deadline = time.monotonic() + budget

    def stuck(data: bytes) -> None:  # past the alarm too (a long call into C): keep it, say so, the process ends
        print(f"{name}: an input outlived its time limit uninterrupted; kept as {_save_input(name, data, 'hangs')}",
              flush=True)

    first = int(time.time())
    while (left := deadline - time.monotonic()) > 1:
        res = engine.fuzz(name, left, first_seed=first, timeout=timeout, on_stuck=stuck)
        fig["executions"] += res.executions
        first += res.chunks
        if res.failure is None and res.hang is None and res.error is None:
            break
        for kind, data in (("crashes", res.failure), ("hangs", res.hang)):
            if data is not None and (kept := _save_input(name, data, kind)) not in fig[kind]:  # once each
                fig[kind].append(kept)
        fig["restarts"] += 1
    return fig


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        _child(argv[1], argv[3:])
        return 0
    import targets

    p = argparse.ArgumentParser(prog="scripts/fuzz.py", description=__doc__.split("\n\n")[0])
    p.add_argument("targets", nargs="*", metavar="TARGET", help=f"one of {', '.join(targets.TARGETS)} (default: all)")
    p.add_argument("--budget", type=float, default=60.0, help="seconds per target (default 60)")
    p.add_argument("--engine", choices=["auto", "atheris", "hypothesis"], default="auto")
    p.add_argument("--timeout", type=float, default=30.0,
                   help="seconds one input may take before it counts as a hang (default 30)")
    p.add_argument("--jobs", type=int, default=1, help="targets fuzzed at once (default 1)")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    a = p.parse_args(argv)
    names = a.targets or list(targets.TARGETS)
    unknown = [n for n in names if n not in targets.TARGETS]
    if unknown:
        p.error(f"unknown target {unknown[0]!r}; the targets are {', '.join(targets.TARGETS)}")
    use = a.engine
    if use == "auto":
        use = "atheris" if _have_atheris() else "hypothesis"
    elif use == "atheris" and not _have_atheris():
        p.error("atheris is not installed (pip install atheris), or use --engine hypothesis")
    run = run_atheris if use == "atheris" else run_hypothesis
    if use == "hypothesis" and a.jobs > 1:
        a.jobs = 1  # in-process: one target at a time
    OUT.mkdir(parents=True, exist_ok=True)
    if a.jobs <= 1:  # in the main thread: the hypothesis engine's time limit is an alarm signal
        figs = [run(n, a.budget, a.timeout) for n in names]
    else:
        with ThreadPoolExecutor(max_workers=a.jobs) as pool:
            figs = list(pool.map(lambda n: run(n, a.budget, a.timeout), names))
    for f in figs:
        cov = f" cov {f['cov']} ft {f['ft']} corpus {f['corpus']}" if "cov" in f else ""
        print(f"{f['target']:<10} {f['engine']:<10} {f['executions']:>10} executions{cov}  crashes {len(f['crashes'])}"
              f"  hangs {len(f['hangs'])}")
        for c in f["crashes"] + f["hangs"]:
            print(f"    {c}")
    if a.json:
        Path(a.json).write_text(json.dumps(figs, indent=2), encoding="utf-8")
    return 1 if any(f["crashes"] or f["hangs"] for f in figs) else 0


if __name__ == "__main__":
    sys.exit(main())
