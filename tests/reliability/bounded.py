"""Run a piece of Python in a child process under a CPU-time and a memory limit.

A hang shows as the CPU limit killing the child, a blow-up as a MemoryError; both fail the
test that asked. The limits are generous: they guard against hangs and blow-ups, not speed
(speed stays with the benchmarks).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

_PRELUDE = """
import resource, signal, sys
signal.alarm({cpu} * 5)  # a child blocked without using CPU (a FIFO opened for reading) ends too
resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu}))
resource.setrlimit(resource.RLIMIT_AS, ({mem}, {mem}))
sys.path[:0] = [{repo!r}, {tests!r}]
"""


def run_bounded(code: str, *, cpu: int = 60, mem_mb: int = 1024, cwd: Path | None = None,
                stdin: bytes | None = None) -> subprocess.CompletedProcess:
    src = _PRELUDE.format(cpu=cpu, mem=mem_mb << 20, repo=str(REPO), tests=str(REPO / "tests")) + textwrap.dedent(code)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-c", src], cwd=cwd or REPO, env=env, input=stdin,
                          capture_output=True)


def ok(proc: subprocess.CompletedProcess) -> str:
    """The child's standard output; fails with what it printed when it was killed or raised."""
    out, err = proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 0, f"child exited {proc.returncode} (a negative code is a signal: -24 CPU limit)\n{out[-2000:]}\n{err[-3000:]}"
    return out
