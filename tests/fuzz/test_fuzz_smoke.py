"""The fuzz smoke of the test command: every seed and regression input passes its target, then a few
seconds of hypothesis fuzzing per target (fixed seeds, so a failure here reproduces).

The long runs are `python scripts/fuzz.py --budget 600` (see its docstring).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engine  # noqa: E402
import targets  # noqa: E402

SMOKE_SECONDS = 3.0


@pytest.mark.parametrize("name", list(targets.TARGETS))
def test_every_committed_input_passes(name):
    found = targets.inputs(name)
    assert found, f"target {name} has no seed corpus"
    fn = targets.TARGETS[name]
    for path, data in found:
        try:
            fn(data)
        except Exception as exc:  # name the input: it is the reproduction
            raise AssertionError(f"{path.relative_to(targets.REPO)}: {type(exc).__name__}: {exc}") from exc


@pytest.mark.parametrize("name", list(targets.TARGETS))
def test_a_few_seconds_of_fuzzing_find_nothing(name):
    res = engine.fuzz(name, SMOKE_SECONDS, first_seed=1, chunk=10)
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
