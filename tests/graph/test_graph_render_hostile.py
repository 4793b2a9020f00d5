"""`paleo graph` output stays valid and deterministic whatever the names: quotes, brackets,
newlines, `-->`, semicolons, entity-like text, backslashes, control characters, unicode."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from compiler.graph import render_graph
from compiler.graph.render import to_dot, to_mermaid

REPO = Path(__file__).resolve().parents[2]
MERMAID_PARSE = Path(__file__).with_name("mermaid_parse.mjs")

HOSTILE = [
    'Say "hi"', "a]b[c", "line one\nline two", "a --> b", "x; y", "#quot; #35;", "back\\slash \\n",
    "pipe | brace {x} (y)", "<b>bold</b> & amp", "`code`", "%% comment", "tab\there\r\nthere",
    "nul\x00bell\x07", "ünïcødé ✓ 恐竜", "\u2028sep", "end", "click n0 call x()", 'a\\"b',
]


def hostile_graph() -> dict:
    nodes = [{"id": f"card:fx/{i}-{name}", "kind": "card", "label": name} for i, name in enumerate(HOSTILE)]
    nodes.sort(key=lambda n: n["id"])
    edges = [{"source": nodes[i]["id"], "target": nodes[i + 1]["id"], "kind": HOSTILE[i]} for i in range(len(nodes) - 1)]
    return {"directed": True, "multigraph": True, "graph": {}, "nodes": nodes, "edges": edges}


def decode_mermaid(text: str) -> str:
    return re.sub(r"#(\d+);", lambda m: chr(int(m.group(1))), text)


def one_line(name: str) -> str:
    """A name as a Mermaid label shows it: line breaks and tabs become spaces."""
    return name.replace("\r\n", " ").replace("\n", " ").replace("\r", " ").replace("\t", " ")


def test_mermaid_lines_have_one_statement_each():
    data = hostile_graph()
    text = to_mermaid(data)
    lines = text.splitlines()
    assert lines[0] == "flowchart LR" and len(lines) == 1 + len(data["nodes"]) + len(data["edges"])
    node = re.compile(r'^  n\d+\["[^"\n;#<>`\[\]|{}()\\%&]*(?:#\d+;[^"\n;#<>`\[\]|{}()\\%&]*)*"\]$')
    edge = re.compile(r'^  n\d+ -->\|(?:[a-z]+(?:-[a-z]+)*|"[^"\n;#<>`\[\]|{}()\\%&]*(?:#\d+;[^"\n;#<>`\[\]|{}()\\%&]*)*")\| n\d+$')
    for line in lines[1:]:
        assert node.match(line) or edge.match(line), line


def test_mermaid_labels_decode_to_the_names():
    data = hostile_graph()
    text = to_mermaid(data)
    labels = re.findall(r'^  n\d+\["(.*)"\]$', text, re.M)
    want = [one_line(f"card: {n['label']}") for n in data["nodes"]]
    assert [decode_mermaid(x) for x in labels] == want


@pytest.mark.skipif(shutil.which("node") is None or not (REPO / "node_modules" / "mermaid").is_dir(),
                    reason="node and the mermaid package are not installed")
def test_mermaid_parser_accepts_hostile_names():
    data = hostile_graph()
    text = to_mermaid(data)
    out = subprocess.run(["node", str(MERMAID_PARSE)], input=text, capture_output=True, text=True, timeout=120)
    got = json.loads(out.stdout)
    assert got["ok"], got.get("error")
    assert len(got["vertices"]) == len(data["nodes"]) and len(got["edges"]) == len(data["edges"])
    assert {decode_mermaid(v) for v in got["vertices"].values()} == {one_line(f"card: {n['label']}")
                                                                    for n in data["nodes"]}
    assert [decode_mermaid(e[2]) for e in got["edges"]] == [one_line(e["kind"]) for e in data["edges"]]


# DOT: a quoted string is `"` ... `"` where only `\"` is an escape (and `\` + line break a continuation)
DOT_STRING = r'"(?:[^"\\\n]|\\[^\n])*"'
DOT_NODE = re.compile(rf"^  ({DOT_STRING}) \[label=({DOT_STRING}), shape=[a-z0-9]+\];$")
DOT_EDGE = re.compile(rf"^  ({DOT_STRING}) -> ({DOT_STRING}) \[label=({DOT_STRING})\];$")


def dot_unquote(s: str) -> str:
    return s[1:-1].replace('\\"', '"')


def test_dot_lines_are_single_statements_with_consistent_ids():
    data = hostile_graph()
    text = to_dot(data)
    lines = text.splitlines()
    assert lines[:3] == ["digraph paleo {", "  rankdir=LR;", '  node [fontname="Helvetica"];'] and lines[-1] == "}"
    ids = []
    for line in lines[3:3 + len(data["nodes"])]:
        m = DOT_NODE.match(line)
        assert m, line
        ids.append(dot_unquote(m.group(1)))
    assert len(set(ids)) == len(data["nodes"])  # distinct names stay distinct ids
    for line in lines[3 + len(data["nodes"]):-1]:
        m = DOT_EDGE.match(line)
        assert m, line
        assert dot_unquote(m.group(1)) in ids and dot_unquote(m.group(2)) in ids


def test_dot_label_escapes():
    text = to_dot({"nodes": [{"id": 'a"b\\c\nd', "kind": "card", "label": 'x"y\\z\nw'}], "edges": []})
    assert r'"a\"b\\c\nd" [label="card: x\"y\\z\nw", shape=box];' in text
    assert "\x00" not in to_dot({"nodes": [{"id": "n\x00", "kind": "card", "label": "\x07"}], "edges": []})


@pytest.mark.parametrize("fmt", ["mermaid", "dot", "json"])
def test_hostile_render_is_deterministic(fmt):
    bundle = {"graph": hostile_graph()}
    a, ok = render_graph(bundle, fmt, None)
    b, _ = render_graph(json.loads(json.dumps(bundle)), fmt, None)
    assert ok and a == b
    if fmt == "json":
        assert json.loads(a) == bundle["graph"]
