"""The benchmark's synthetic corpus compiles cleanly and its measurement runs."""

from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_graph.py"


def test_benchmark_corpus_is_clean_and_measurable():
    spec = importlib.util.spec_from_file_location("bench_graph", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    cards, res = bench.prepare(1000)
    assert cards == 1030
    row = bench.measure_once(cards, res)
    assert row["diagnostics"] == 0 and row["nodes"] > cards and row["edges"] > 2 * cards
    assert row["build_us"] > 0 and row["checks_us"] > 0
