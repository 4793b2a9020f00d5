"""Hostile names in references: the graph checks stay quick and their messages short and printable."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from compiler.graph import find_scenario
from compiler.pipeline import run

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "graph" / "G401-unresolved-reference"


# A hang guard, not a speed target: these inputs once took minutes; speed is benchmarked elsewhere.
HANG_GUARD_CPU_SECONDS = 60.0


def project(tmp_path: Path, option: str) -> Path:
    d = tmp_path / "project"
    shutil.copytree(FIXTURE, d)
    cards = d / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("'-> reveal secret 99'", option), encoding="utf-8")
    return d


@pytest.mark.parametrize("name,shown", [
    ("x" * 100_000, "x" * 39 + "…"),
    ("Fixture Card\\u0007 A1", "Fixture CardU+0007 A1"),
])
def test_unresolved_name_is_quick_and_short(tmp_path, name, shown):
    d = project(tmp_path, f'"require have card \\"{name}\\" -> 1 food"')
    start = time.process_time()
    res = run([d], root=d)
    assert time.process_time() - start < HANG_GUARD_CPU_SECONDS
    (diag,) = res.diagnostics
    assert diag.code == "G401" and diag.message == f'nothing provides card "{shown}"'
    assert diag.message.isprintable() and len(diag.message) < 80


def test_find_scenario_with_hostile_input():
    ids = ["scenario:fx/one", "scenario:fx/two", "odd-id-without-colon"]
    start = time.process_time()
    assert find_scenario(ids, "y" * 1_000_000) == (None, [])
    assert time.process_time() - start < HANG_GUARD_CPU_SECONDS
    assert find_scenario(ids, "scenario:fx/tow") == (None, ["scenario:fx/two", "scenario:fx/one"])
    assert find_scenario(ids, "odd-id-without-colon") == ("odd-id-without-colon", [])
    assert find_scenario(ids, "one") == ("scenario:fx/one", [])


def test_option_with_a_huge_number_is_a_diagnostic_not_a_crash(tmp_path):
    d = project(tmp_path, "'-> reveal secret " + "9" * 6000 + "'")
    res = run([d], root=d)
    assert [x.code for x in res.diagnostics] == ["E305"]


def test_unknown_hostile_scenario_id_is_echoed_short(tmp_path):
    from compiler.graph import render_graph, scenario_report

    res = run([FIXTURE], root=FIXTURE)
    wanted = "z" * 100_000 + "\x00"
    (d,) = scenario_report(res, wanted)
    assert d.code == "G421" and len(d.message) < 80 and d.message.isprintable()
    text, ok = render_graph(res.bundle, "mermaid", wanted)
    assert not ok and len(text) < 200 and text[:-1].isprintable()
