"""Driving `python -m runtime serve` as a frontend does: a child process, a pipe each way, one JSON line per request."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "packs"))

import synthetic_bundle  # noqa: E402

TIMEOUT = 60.0


class Frontend:
    """One server process. `ask(request)` writes a line and returns the one response line, parsed."""

    def __init__(self, *args: str, python: str = sys.executable, env: dict | None = None, cwd: str | None = None):
        if env is None:
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([python, "-m", "runtime", "serve", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0, env=env,
                                     cwd=cwd or str(ROOT))
        self._buf = b""
        self.raw: list[bytes] = []  # every response line as it came

    def send(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def line(self) -> bytes:
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._buf:
            ready, _, _ = select.select([fd], [], [], TIMEOUT)
            if not ready:
                raise AssertionError(f"no response within {TIMEOUT} s")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise AssertionError("the server closed its output; stderr: " + self.proc.stderr.read().decode()[:2000])
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        self.raw.append(line)
        return line

    def ask(self, request) -> dict:
        data = request if isinstance(request, bytes) else json.dumps(request).encode()
        self.send(data + b"\n")
        return json.loads(self.line())

    def ok(self, request) -> dict:
        r = self.ask(request)
        assert r["ok"] is True, r
        return r

    def hello(self) -> dict:
        return self.ok({"cmd": "hello", "protocol": 1})

    def close(self) -> tuple[int, bytes]:
        """End input; the exit code and whatever the server wrote on standard error."""
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        assert rest == b"" and self._buf == b"", f"output nobody asked for: {self._buf + rest!r}"
        err = self.proc.stderr.read()
        return self.proc.wait(timeout=TIMEOUT), err


@pytest.fixture(scope="session")
def paleo_file(tmp_path_factory) -> Path:
    p = tmp_path_factory.mktemp("serve") / "bundle.json"
    synthetic_bundle.cached(p)
    return p


@pytest.fixture(scope="session")
def vet_file(tmp_path_factory) -> Path:
    p = tmp_path_factory.mktemp("serve-vet") / "bundle.json"
    synthetic_bundle.paleovet(p)
    return p


@pytest.fixture()
def frontend(paleo_file):
    fe = Frontend("--bundle", str(paleo_file))
    yield fe
    if fe.proc.poll() is None:
        fe.proc.kill()
        fe.proc.wait()


@pytest.fixture(scope="session")
def bundle_dict() -> dict:
    return synthetic_bundle.cached()
