"""The graph checks on the bundled content: no errors; what remains names gaps in the rulebooks."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.graph import scenario_report
from compiler.pipeline import run

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bundled():
    return run([REPO / "content"], root=REPO)


def graph_diags(res):
    return [d for d in res.diagnostics if d.code.startswith("G")]


def test_no_graph_errors(bundled):
    errors = [d for d in graph_diags(bundled) if d.severity.value == "error"]
    assert not errors, "\n".join(f"{d.code} {d.span.file}:{d.span.line} {d.message}" for d in errors)


def test_missing_facts_are_reported_once_each(bundled):
    facts = [d.message for d in graph_diags(bundled) if d.code == "G490"]
    assert len(facts) == len(set(facts))


def test_every_bundled_reference_resolves(bundled):
    assert not [d for d in graph_diags(bundled) if d.code == "G401"]


def test_bundle_graph_covers_every_record(bundled):
    ids = {n["id"] for n in bundled.bundle["graph"]["nodes"]}
    for section in ("games", "products", "modules", "cards", "tokens", "scenarios", "boards"):
        for r in bundled.bundle[section]:
            assert r["id"] in ids, r["id"]
    for s in bundled.bundle["secrets"]:
        assert f"secret:{s['number']}" in ids


def test_every_bundled_scenario_has_a_report(bundled):
    assert bundled.bundle["scenarios"], "the bundled content has scenarios"
    for sc in bundled.bundle["scenarios"]:
        diags = scenario_report(bundled, sc["id"])
        assert diags and {d.code for d in diags} == {"G420"}, sc["id"]
        assert any(f"module {letter}" in d.message for d in diags for letter in sc["modules"])
