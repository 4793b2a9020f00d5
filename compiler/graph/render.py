"""Render the bundle's graph, whole or for one scenario, as Mermaid, Graphviz DOT or node-link JSON."""

from __future__ import annotations

import json
import re

from ..safeio import escape
from .checks.common import find_scenario
from .refs import clip

# Edges followed from a scenario to what playing it needs.
_SCENARIO_EDGES = ("combines", "provides", "references", "requires", "matches", "face", "always-needs", "reveals", "part-of")


def render_graph(bundle: dict, fmt: str, scenario: str | None) -> tuple[str, bool]:
    data = bundle.get("graph") or {"directed": True, "multigraph": True, "graph": {}, "nodes": [], "edges": []}
    if scenario:
        ids = [n["id"] for n in data["nodes"] if n.get("kind") in ("scenario", "level", "suggestion")]
        sid, near = find_scenario(ids, scenario)
        if sid is None:
            hint = (" did you mean " + ", ".join(f"`{n}`" for n in near) + "?") if near else ""
            return f"paleo: no scenario `{clip(scenario)}`;{hint or ' list them with `paleo graph --format json`'}\n", False
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


# Characters a Mermaid label may hold as they are; every other one is written as an entity
# code (`#35;`), which Mermaid decodes after parsing, so no name can end the label, start
# a link (`-->`), end a statement (`;`) or open markdown or HTML.
_MERMAID_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 :/.,_+-'!?*=@")


_PLAIN_KIND = re.compile(r"[a-z]+(?:-[a-z]+)*")  # edge kinds as the builder writes them need no quotes


def _mermaid_text(s: str) -> str:
    out = []
    for c in s.replace("\r\n", "\n"):
        if c in _MERMAID_PLAIN or (ord(c) > 127 and c.isprintable()):
            out.append(c)
        elif c in "\t\n\r":
            out.append(" ")
        else:
            out.append(f"#{ord(c)};")
    return '"' + "".join(out) + '"'


def to_mermaid(data: dict) -> str:
    index = {n["id"]: f"n{i}" for i, n in enumerate(data["nodes"])}
    lines = ["flowchart LR"]
    for n in data["nodes"]:
        lines.append(f'  {index[n["id"]]}[{_mermaid_text(_label(n))}]')
    for e in data["edges"]:
        if e["source"] in index and e["target"] in index:
            kind = str(e["kind"])
            text = kind if _PLAIN_KIND.fullmatch(kind) else _mermaid_text(kind)
            lines.append(f'  {index[e["source"]]} -->|{text}| {index[e["target"]]}')
    return "\n".join(lines) + "\n"


def _q(s: str) -> str:
    """A DOT quoted string: only `\\` and `"` need escaping; line breaks become `\\n` (a label
    line break), other control characters are shown as U+XXXX so the file stays one statement a line."""
    s = s.replace("\\", "\\\\").replace('"', '\\"').replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n")
    return '"' + escape(s, None) + '"'


def to_dot(data: dict) -> str:
    lines = ["digraph paleo {", "  rankdir=LR;", "  node [fontname=\"Helvetica\"];"]
    for n in data["nodes"]:
        lines.append(f"  {_q(n['id'])} [label={_q(_label(n))}, shape={_SHAPES.get(n.get('kind'), 'box')}];")
    for e in data["edges"]:
        lines.append(f"  {_q(e['source'])} -> {_q(e['target'])} [label={_q(str(e['kind']))}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
