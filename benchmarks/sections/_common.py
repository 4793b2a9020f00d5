"""Helpers the sections share: paired, alternating timing of whole commands, medians with the spread."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
ENV = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
ENV.pop("PYTHONDONTWRITEBYTECODE", None)  # commands run as a user's do: with their byte-code written and reused


def timed(cmd: list[str], cwd: Path | None = None, env: dict | None = None, ok: tuple[int, ...] = (0,)) -> tuple[float, float]:
    """(wall seconds, peak resident MiB) of one command, which must exit with a status of `ok`."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, env=env or ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    t = time.perf_counter() - t0
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode not in ok:
        raise RuntimeError(f"{' '.join(map(str, cmd))} exited {p.returncode}:\n{err[-2000:]}")
    return t, usage.ru_maxrss / 1024


def paired(a, b, rounds: int) -> list[float]:
    """a() ÷ b() for `rounds` pairs, alternating which goes first; each callable returns seconds."""
    ratios = []
    for i in range(rounds):
        if i % 2:
            tb = b()
            ta = a()
        else:
            ta = a()
            tb = b()
        ratios.append(ta / tb)
    return ratios


def figure(name: str, values: list[float], unit: str = "ratio", target: str | None = None, hard: bool = True) -> dict:
    value = statistics.median(values)
    met = None
    if target:
        op, limit = target.split()
        met = value <= float(limit) if op == "<=" else value >= float(limit)
    spread = f"{min(values):.2f}–{max(values):.2f}, n={len(values)}" if len(values) > 1 else None
    print(f"  … {name}: {value:.3g} {unit}", file=sys.stderr, flush=True)  # progress while a section runs
    return {"figure": name, "value": value, "unit": unit, "target": target, "hard": hard, "met": met, "spread": spread}
