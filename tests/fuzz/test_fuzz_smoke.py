"""The fuzz smoke of the test command: every seed and regression input passes its target, then a few
seconds of hypothesis fuzzing per target (fixed seeds, so a failure here reproduces). Every input runs
under a time limit, so a hang kept as a regression input fails here too.

The long runs are `python scripts/fuzz.py --budget 600` (see its docstring).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engine  # noqa: E402
import targets  # noqa: E402

SMOKE_SECONDS = 3.0
INPUT_LIMIT = 20.0  # seconds one committed input may take (each takes well under one)


@pytest.mark.parametrize("name", list(targets.TARGETS))
def test_every_committed_input_passes(name):
    found = targets.inputs(name)
    assert found, f"target {name} has no seed corpus"
    fn = targets.TARGETS[name]
    for path, data in found:
        try:
            with engine.time_limit(INPUT_LIMIT):
                fn(data)
        except (Exception, engine.Hang) as exc:  # name the input: it is the reproduction
            raise AssertionError(f"{path.relative_to(targets.REPO)}: {type(exc).__name__}: {exc}") from exc


@pytest.mark.parametrize("name", list(targets.TARGETS))
def test_a_few_seconds_of_fuzzing_find_nothing(name):
    res = engine.fuzz(name, SMOKE_SECONDS, first_seed=1, chunk=10, timeout=INPUT_LIMIT)
    assert res.executions > 0
    assert res.error is None, f"{name} fails on {res.failure!r}: {res.error}"


def test_a_target_does_fail_on_a_broken_contract(monkeypatch):
    """The smoke can fail: a loader that loses its diagnostics' codes is caught."""
    from compiler import loader

    real = loader.load_bytes

    def broken(path, raw):
        lf, diags = real(path, raw)
        return None, []

    monkeypatch.setattr(loader, "load_bytes", broken)
    with pytest.raises(AssertionError, match="no file and no error"):
        targets.loader(b"a: 1\n")


def _hangs_on_long_inputs(data: bytes) -> None:
    n = 0
    while len(data) > 3:  # a busy loop: the time limit must interrupt running code, not only a sleep
        n += 1


def _fuzz_script():
    spec = importlib.util.spec_from_file_location("fuzz_script", targets.REPO / "scripts" / "fuzz.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_an_input_past_the_time_limit_is_returned_as_a_hang(monkeypatch):
    monkeypatch.setitem(targets.TARGETS, "hangs-test", _hangs_on_long_inputs)
    res = engine.fuzz("hangs-test", 30.0, first_seed=1, timeout=0.2)
    assert res.hang is not None and len(res.hang) > 3, res
    assert res.failure is None and res.error.startswith("Hang")


def test_the_fuzz_command_keeps_a_hang_like_a_crash(monkeypatch, tmp_path, capsys):
    fuzz = _fuzz_script()
    monkeypatch.setattr(fuzz, "OUT", tmp_path)
    monkeypatch.setitem(targets.TARGETS, "hangs-test", _hangs_on_long_inputs)
    rc = fuzz.main(["hangs-test", "--engine", "hypothesis", "--budget", "3", "--timeout", "0.2"])
    out = capsys.readouterr().out
    assert rc == 1, out
    kept = sorted((tmp_path / "hangs-test" / "hangs").iterdir())
    assert kept and all(len(p.read_bytes()) > 3 for p in kept), out
    assert "hangs " + str(len(kept)) in out and str(kept[0]) in out
    with pytest.raises(engine.Hang):  # and the kept input, replayed as the smoke replays a regression, hangs again
        with engine.time_limit(0.2):
            _hangs_on_long_inputs(kept[0].read_bytes())


def test_libfuzzer_timeouts_are_hangs_and_the_rest_crashes():
    fuzz = _fuzz_script()
    assert fuzz.artifact_kind(Path("timeout-0a1b")) == "hangs"
    assert [fuzz.artifact_kind(Path(n)) for n in ("crash-0a1b", "oom-0a1b", "leak-0a1b")] == ["crashes"] * 3
