"""The graph in the bundle, `paleo graph` in its three formats, and `paleo lint --scenario`."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from compiler.bundle import dumps
from compiler.graph import render_graph, scenario_report
from compiler.pipeline import run

REPO = Path(__file__).resolve().parents[2]
CLEAN = REPO / "tests" / "fixtures" / "graph" / "clean"
COMBINE = REPO / "tests" / "fixtures" / "graph" / "G408-combination-rule"


def cli(*args: str) -> tuple[int, str]:
    from compiler.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        rc = main(list(args))
    return rc, out.getvalue()


@pytest.fixture(scope="module")
def clean():
    return run([CLEAN], root=CLEAN)


def test_bundle_carries_node_link_graph(clean):
    g = clean.bundle["graph"]
    assert g["directed"] is True and g["multigraph"] is True
    ids = [n["id"] for n in g["nodes"]]
    assert ids == sorted(ids)
    keys = [(e["source"], e["target"], e["kind"]) for e in g["edges"]]
    assert keys == sorted(keys)
    kinds = {n["id"]: n["kind"] for n in g["nodes"]}
    assert kinds["secret:1"] == "secret" and kinds["scenario:fx/one"] == "scenario" and kinds["title:fixture"] == "title"
    assert {"game", "product", "module", "card", "board", "symbol"} <= set(kinds.values())
    edges = set(keys)
    assert ("card:fx/a1", "secret:1", "references") in edges
    assert ("module:fx/A", "card:fx/a1", "provides") in edges
    assert ("module:fx/A", "secret:1", "provides") in edges
    assert ("scenario:fx/one", "module:fx/A", "combines") in edges
    assert ("title:fixture", "card:fx/b2", "matches") in edges
    assert ("card:fx/a1", "symbol:fx-reveal-secret", "uses") in edges
    assert ("secret:1", "card:fx/s1", "face") in edges


def test_graph_is_byte_reproducible():
    a = run([CLEAN], root=CLEAN).bundle
    b = run([CLEAN], root=CLEAN).bundle
    assert dumps(a) == dumps(b)


def test_graph_loads_into_networkx(clean):
    import networkx as nx

    g = nx.node_link_graph(clean.bundle["graph"], edges="edges")
    assert g.is_directed() and g.is_multigraph()
    assert g.number_of_nodes() == len(clean.bundle["graph"]["nodes"])


def test_reveal_edges_between_secrets():
    d = REPO / "tests" / "fixtures" / "graph" / "G405-reveal-cycle"
    g = run([d], root=d).bundle["graph"]
    reveals = {(e["source"], e["target"]) for e in g["edges"] if e["kind"] == "reveals"}
    assert reveals == {("secret:1", "secret:2"), ("secret:2", "secret:1")}


@pytest.mark.parametrize("fmt", ["mermaid", "dot", "json"])
def test_render_formats(clean, fmt):
    text, ok = render_graph(clean.bundle, fmt, None)
    assert ok and text.endswith("\n")
    if fmt == "mermaid":
        assert text.startswith("flowchart LR\n") and "-->|combines|" in text
    elif fmt == "dot":
        assert text.startswith("digraph paleo {") and '"scenario:fx/one" -> "module:fx/A" [label="combines"];' in text
    else:
        assert json.loads(text) == clean.bundle["graph"]


def test_scenario_subgraph_keeps_what_the_scenario_needs():
    res = run([COMBINE], root=COMBINE)
    text, ok = render_graph(res.bundle, "json", "scenario:fx/two")
    assert ok
    ids = {n["id"] for n in json.loads(text)["nodes"]}
    assert {"scenario:fx/two", "module:fx/A", "module:fx/C", "card:fx/c1", "secret:1", "board:fx/site"} <= ids
    assert "module:fx/B" not in ids and "module:fx/D" not in ids and "scenario:fx/one" not in ids


def test_unknown_scenario_names_the_nearest():
    res = run([COMBINE], root=COMBINE)
    text, ok = render_graph(res.bundle, "mermaid", "scenario:fx/tow")
    assert not ok and "scenario:fx/two" in text
    text, ok = render_graph(res.bundle, "mermaid", "fx/four")
    assert ok and "level: Fixture Level four" in text


def test_cli_graph(tmp_path):
    rc, out = cli("graph", "--isolated", "--content", str(CLEAN), "--format", "dot", "--scenario", "scenario:fx/one")
    assert rc == 0 and out.startswith("digraph paleo {")
    rc, out = cli("graph", "--isolated", "--content", str(CLEAN), "--scenario", "nope")
    assert rc == 2 and "no scenario `nope`" in out


def test_scenario_report_lists_needs(clean):
    diags = scenario_report(clean, "scenario:fx/one")
    assert diags and {d.code for d in diags} == {"G420"}
    text = "\n".join(d.message for d in diags)
    assert "needs module A (Fixture Module A): supplied, complete, 2 of 2 cards authored" in text
    assert "needs secret 1 (listed by module A): supplied, complete" in text
    assert "needs board `board:fx/camp`: supplied, complete" in text
    files = {d.message.split(" needs ", 1)[1].split(": ")[0]: d.span.file.rsplit("/", 1)[-1] for d in diags}
    assert files["module A (Fixture Module A)"] == "scenarios.yaml"  # the letter in the scenario
    assert files["secret 1 (listed by module A)"] == "modules.yaml"  # the module's component list
    assert files["board `board:fx/camp`"] == "game.yaml"  # a board every game of it uses


def test_scenario_report_shows_unmet_needs():
    d = REPO / "tests" / "fixtures" / "graph" / "G407-scenario-unmet-need"
    res = run([d], root=d)
    text = "\n".join(x.message for x in scenario_report(res, "level:fx/two"))
    assert 'card "Fixture Card B2" for card "Fixture Card A2": not supplied' in text


def test_scenario_report_unknown_id(clean):
    (d,) = scenario_report(clean, "scenario:fx/onee")
    assert d.code == "G421" and d.severity.value == "error" and "scenario:fx/one" in d.help


def test_cli_lint_scenario():
    rc, out = cli("lint", "--isolated", "--content", str(CLEAN), "--format", "json", "--scenario", "fx/one")
    assert rc == 0
    codes = {d["code"] for d in json.loads(out)}
    assert codes == {"G420"}
    rc, out = cli("lint", "--isolated", "--content", str(CLEAN), "--format", "json", "--scenario", "fx/zzz")
    assert rc == 1 and [d["code"] for d in json.loads(out)] == ["G421"]


def test_cli_graph_of_content_with_errors_draws_nothing_and_fails(capsys):
    from compiler.cli import main

    broken = REPO / "tests" / "fixtures" / "graph" / "G401-unresolved-reference"
    rc = main(["graph", "--isolated", "--content", str(broken), "--format", "dot"])
    cap = capsys.readouterr()
    assert rc == 1 and cap.out == ""
    assert "G401" in cap.err and "graph not drawn: the content has errors" in cap.err
