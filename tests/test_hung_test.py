"""A test that never ends fails on its own, with its stack, and the run goes on to the next test: the suite's
timeout (pyproject's `timeout`, read from this project's settings) holds in one process and in an xdist worker."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_suite_has_a_timeout_per_test():
    opts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert 60 <= int(opts["timeout"]) <= 1200


def test_a_test_that_waits_forever_fails_named_and_the_next_test_runs(tmp_path):
    (tmp_path / "test_waits.py").write_text(textwrap.dedent("""
        import threading

        def test_waits_forever():
            threading.Event().wait()

        def test_after_it():
            assert True
    """), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COVERAGE", "PYTEST_"))}
    for jobs in (["-p", "no:xdist"], ["-n", "1"]):
        got = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", str(REPO / "pyproject.toml"),
                              "--rootdir", str(tmp_path), "-o", "timeout=2", "-o", "addopts=",
                              *jobs, str(tmp_path / "test_waits.py")],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        out = got.stdout + got.stderr
        assert got.returncode == 1, out
        assert "1 failed, 1 passed" in out and "Timeout" in out, out
        assert "test_waits_forever" in out and "Event().wait()" in out, out
