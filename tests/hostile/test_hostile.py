"""Every hostile input ends in its exact diagnostic codes and exit status, within a CPU and a memory limit.

Each case runs `paleo` (`python -m compiler`) in a child process whose CPU time and address space
are capped with `resource.setrlimit`: a hang or a blow-up fails the case, as a traceback, an
unescaped control character or a wrong code does.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from .cases import CASES, DEVZERO, DIR, FIFO, LOOP, Case

REPO = Path(__file__).resolve().parents[2]
CPU_SECONDS = 60
MEMORY_BYTES = 2 << 30
_RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_HUMAN = re.compile(r"(?:^|: )(?:error|warning|info)\[([A-Z][0-9]{3})\]", re.M)
_CONCISE = re.compile(r"^.*?:\d+:\d+: ([A-Z][0-9]{3}) ", re.M)
_GITHUB = re.compile(r"title=([A-Z][0-9]{3}) ")


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


def _lay_out(root: Path, files: dict) -> None:
    (root / "pyproject.toml").write_text("[project]\nname = \"hostile\"\n\n[tool.paleo]\n", encoding="utf-8")
    (root / "content").mkdir()
    for rel, data in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if data == FIFO:
            os.mkfifo(p)
        elif data == DEVZERO:
            p.symlink_to("/dev/zero")
        elif data == LOOP:
            p.symlink_to(p.name)
        elif data == DIR:
            p.mkdir()
        else:
            p.write_bytes(data)


def codes_of(out: str, args: list[str]) -> list[str]:
    """The codes a run reported (fmt's, and the configuration's in human format, go to standard error)."""
    fmt = args[args.index("--format") + 1] if "--format" in args else "human"
    if fmt == "json":
        return [d["code"] for d in json.loads(out)]
    if fmt == "sarif":
        return [r["ruleId"] for r in json.loads(out)["runs"][0]["results"]]
    if fmt == "github":
        return _GITHUB.findall(out)
    return (_CONCISE if fmt == "concise" else _HUMAN).findall(out)


def run_case(c: Case, root: Path) -> subprocess.CompletedProcess:
    _lay_out(root, c.files)
    first = next(iter(c.files), "")
    args = [a.replace("{f}", first) for a in c.args]
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "FORCE_COLOR")}
    env["PYTHONPATH"] = str(REPO)
    env.update(c.env)
    return subprocess.run([sys.executable, "-m", "compiler", *args], cwd=root, env=env, input=c.stdin or b"",
                          capture_output=True, preexec_fn=_limits, timeout=CPU_SECONDS * 2)


def test_the_corpus_covers_every_kind_of_hostile_input():
    names = {c.name for c in CASES}
    assert len(CASES) >= 60 and len(names) == len(CASES)
    for kind in ("alias", "copies-", "bom", "bidi", "fifo", "link", "file-name", "over-one-mib", "depth"):
        assert any(kind in n for n in names), kind


@pytest.mark.parametrize("c", CASES, ids=lambda c: c.name)
def test_hostile_input(c: Case, tmp_path):
    proc = run_case(c, tmp_path)
    out, err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
    assert proc.returncode >= 0, f"killed by signal {-proc.returncode} (CPU limit: 24, memory: a MemoryError first)"
    assert "Traceback" not in out + err and "internal error" not in out + err, err[-3000:]
    assert not _RAW_CONTROL.search(out + err), f"raw control character in output: {(out + err)[:400]!r}"
    assert (proc.returncode, codes_of(out + err if c.args[0] == "fmt" or "pyproject.toml" in c.files else out, c.args)) == (c.rc, c.codes), out[:1500] + err[:1500]
    for s in c.shows:
        assert s in out + err, f"{s!r} not in output"
    for s in c.hides:
        assert s not in out + err, f"{s!r} in output"
