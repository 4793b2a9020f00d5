"""`paleo` (the console entry point) ends the process without tearing down the heap, after doing what the
interpreter would do at exit: the output flushed and the `atexit` functions run."""

from __future__ import annotations

import atexit
import subprocess
import sys
import threading

import pytest

import compiler.cli as cli


class Exited(Exception):
    pass


def test_console_runs_the_exit_functions_then_ends_with_mains_code(monkeypatch):
    ran = []
    monkeypatch.setattr(cli, "main", lambda **kw: 3)
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: ran.append("atexit"))
    monkeypatch.setattr(cli.os, "_exit", lambda code: (_ for _ in ()).throw(Exited(code)))
    monkeypatch.setattr(threading, "active_count", lambda: 1)  # as in the command: no other thread (a test
    # process may hold some from earlier tests)
    with pytest.raises(Exited) as exc:
        cli.console()
    assert exc.value.args == (3,) and ran == ["atexit"]


def test_console_ends_normally_while_a_thread_runs(monkeypatch):
    monkeypatch.setattr(cli, "main", lambda **kw: 0)
    monkeypatch.setattr(cli.os, "_exit", lambda code: pytest.fail("the heap was not to be skipped"))
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        assert threading.active_count() > 1
        with pytest.raises(SystemExit) as exc:
            cli.console()
        assert exc.value.code == 0
    finally:
        stop.set()
        worker.join()


def test_the_command_line_flushes_its_output_and_runs_atexit_work(tmp_path):
    # a program that registers exit work, then runs `paleo --version` through the console entry point
    marker = tmp_path / "ran"
    code = ("import atexit, sys\n"
            f"atexit.register(lambda: open({str(marker)!r}, 'w').write('yes'))\n"
            "sys.argv = ['paleo', '--version']\n"
            "from compiler.cli import console\n"
            "console()\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("paleo ") and marker.read_text() == "yes"


def test_the_installed_command_is_the_console_entry_point():
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["paleo"] == "compiler.cli:console"


def test_a_command_that_compiles_once_runs_without_the_cyclic_collector_when_the_process_ends_with_it(monkeypatch):
    import gc

    seen = []
    for name in ("lint", "sim"):
        monkeypatch.setitem(cli.COMMANDS, name, lambda args: seen.append(gc.isenabled()) or 0)
    assert gc.isenabled()
    try:
        assert cli.main(["lint"], ending=True) == 0  # `paleo lint`: the heap goes with the process
        gc.enable()
        assert cli.main(["lint"]) == 0  # called in a longer-lived process: the collector stays on
        assert cli.main(["sim", "--bundle", "x", "--scenario", "y"], ending=True) == 0  # plays games: the collector stays on
    finally:
        gc.enable()
    assert seen == [False, True, True]
    assert "lint" in cli.ONE_PASS and "build" in cli.ONE_PASS and "sim" not in cli.ONE_PASS


def test_console_tells_main_the_process_ends_with_the_command(monkeypatch):
    got = {}
    monkeypatch.setattr(cli, "main", lambda **kw: got.update(kw) or 0)
    # the real exit functions would end this test process's coverage measurement and clean-ups
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: got.setdefault("atexit", True))
    monkeypatch.setattr(cli.os, "_exit", lambda code: (_ for _ in ()).throw(Exited(code)))
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    with pytest.raises(Exited):
        cli.console()
    assert got == {"ending": True, "atexit": True}
