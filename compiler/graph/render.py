"""Render the bundle's graph, whole or for one scenario, as Mermaid, Graphviz DOT or node-link JSON."""

from __future__ import annotations

import json

# Edges followed from a scenario to what playing it needs.
_SCENARIO_EDGES = ("combines", "provides", "references", "requires", "matches", "face", "always-needs", "reveals", "part-of")


def render_graph(bundle: dict, fmt: str, scenario: str | None) -> tuple[str, bool]:
    from . import find_scenario

    data = bundle.get("graph") or {"directed": True, "multigraph": True, "graph": {}, "nodes": [], "edges": []}
    if scenario:
        ids = [n["id"] for n in data["nodes"] if n.get("kind") in ("scenario", "level", "suggestion")]
        sid, near = find_scenario(ids, scenario)
        if sid is None:
            hint = (" did you mean " + ", ".join(f"`{n}`" for n in near) + "?") if near else ""
            return f"paleo: no scenario `{scenario}`;{hint or ' list them with `paleo graph --format json`'}\n", False
        data = subgraph(data, sid)
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n", True
    if fmt == "dot":
        return to_dot(data), True
    return to_mermaid(data), True


def subgraph(data: dict, root: str) -> dict:
    """The nodes reachable from `root` along the edges a scenario needs, with the edges among them."""
    kinds = {n["id"]: n.get("kind") for n in data["nodes"]}
    out: dict[str, list[tuple[str, str]]] = {}
    for e in data["edges"]:
        if e["kind"] not in _SCENARIO_EDGES:
            continue
        if e["kind"] == "provides" and kinds.get(e["source"]) == "product" and kinds.get(e["target"]) == "module":
            continue  # a product's other modules are not part of the scenario
        out.setdefault(e["source"], []).append((e["target"], e["kind"]))
    keep = {root}
    stack = [root]
    while stack:
        cur = stack.pop()
        for dst, kind in out.get(cur, ()):
            if kind == "part-of":
                continue  # a record's game is context, not a need; drawn but not followed
            if dst not in keep:
                keep.add(dst)
                stack.append(dst)
    return {
        **{k: v for k, v in data.items() if k not in ("nodes", "edges")},
        "graph": {**data.get("graph", {}), "root": root},
        "nodes": [n for n in data["nodes"] if n["id"] in keep],
        "edges": [e for e in data["edges"] if e["source"] in keep and e["target"] in keep],
    }


_SHAPES = {"game": "doubleoctagon", "product": "box3d", "module": "folder", "card": "box", "secret": "note",
           "token": "circle", "title": "hexagon", "scenario": "house", "level": "house", "suggestion": "house",
           "board": "component", "symbol": "ellipse", "tool": "ellipse", "die": "square"}


def _label(n: dict) -> str:
    return f"{n.get('kind', '?')}: {n.get('label', n['id'])}"


def to_mermaid(data: dict) -> str:
    index = {n["id"]: f"n{i}" for i, n in enumerate(data["nodes"])}
    lines = ["flowchart LR"]
    for n in data["nodes"]:
        text = _label(n).replace('"', "#quot;")
        lines.append(f'  {index[n["id"]]}["{text}"]')
    for e in data["edges"]:
        if e["source"] in index and e["target"] in index:
            lines.append(f'  {index[e["source"]]} -->|{e["kind"]}| {index[e["target"]]}')
    return "\n".join(lines) + "\n"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(data: dict) -> str:
    lines = ["digraph paleo {", "  rankdir=LR;", "  node [fontname=\"Helvetica\"];"]
    for n in data["nodes"]:
        lines.append(f"  {_q(n['id'])} [label={_q(_label(n))}, shape={_SHAPES.get(n.get('kind'), 'box')}];")
    for e in data["edges"]:
        lines.append(f"  {_q(e['source'])} -> {_q(e['target'])} [label={_q(e['kind'])}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
