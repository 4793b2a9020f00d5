"""compare_runtime.py: a bad base is refused before any benchmark runs; figures are read the right way up."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "compare_runtime.py"


@pytest.fixture
def cmp(monkeypatch):
    spec = importlib.util.spec_from_file_location("compare_runtime", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    def no_bench(*a, **k):
        raise AssertionError("a benchmark ran")

    monkeypatch.setattr(mod, "run_bench", no_bench)
    return mod


def test_a_base_that_is_not_a_commit_exits_2_with_a_message(cmp, capsys):
    with pytest.raises(SystemExit) as exc:
        cmp.main(["--base", "no-such-revision-anywhere"])
    assert exc.value.code == 2
    assert "--base 'no-such-revision-anywhere' is not a commit" in capsys.readouterr().err


def test_a_failing_bench_exits_2_with_its_message_and_no_traceback(cmp, monkeypatch, capsys):
    def fails(*a, **k):
        raise cmp.BenchFailed("bench_runtime.py exited 1; its stderr ends:\nRuntimeError: boom")

    monkeypatch.setattr(cmp, "compare", fails)
    assert cmp.main(["--base", "HEAD"]) == 2
    err = capsys.readouterr().err
    assert "RuntimeError: boom" in err and "Traceback" not in err


def test_medians_ratios_and_which_way_is_better(cmp):
    def report(gps, ratio):
        return {"games": {"random": {"games_per_s": gps}}, "ops": {"closure_to_plain_ratio": ratio}}

    runs = {"old": [report(100, 2.0), report(300, 2.0), report(200, 2.0)],
            "new": [report(300, 1.0), report(500, 1.0), report(400, 1.0)]}
    rows = {r["key"]: r for r in cmp.summarise(runs)}
    games = rows["games.random.games_per_s"]
    assert (games["old"], games["new"], games["ratio"], games["better"]) == (200, 400, 2.0, "higher")
    ops = rows["ops.closure_to_plain_ratio"]
    assert (ops["ratio"], ops["better"]) == (0.5, "lower")
    # the speed column reads both the same way up: above 1.0 the new tree does better
    assert (games["speed"], ops["speed"]) == (2.0, 2.0)
    # a figure an older bench does not report is left empty, not a crash
    assert rows["json_round_trip.round_trips_per_s"]["ratio"] is None
