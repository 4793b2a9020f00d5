"""Mermaid flowcharts from the bundle's dependency graph (node-link JSON), with content text escaped."""

from __future__ import annotations

import re
from collections import defaultdict

_KIND_SHAPES = {
    "game": ('(["', '"])'),
    "product": ('[["', '"]]'),
    "board": ('[/"', '"/]'),
    "module": ('{{"', '"}}'),
    "scenario": ('(["', '"])'),
    "level": ('(["', '"])'),
    "suggestion": ('(["', '"])'),
    "secret": ('(("', '"))'),
    "symbol": ('>"', '"]'),
}


def label(value: object, limit: int = 60) -> str:
    """Text safe inside a quoted mermaid label: mermaid's own `#name;` entities, one line, bounded."""
    s = re.sub(r"\s+", " ", str(value)).strip()
    if len(s) > limit:
        s = s[: limit - 3].rstrip() + "..."
    out = []
    for ch in s:
        if ch in '"#&<>`\\|{}[]()':
            out.append(f"#{ord(ch)};")
        else:
            out.append(ch)
    return "".join(out) or "?"


class GraphIndex:
    """Edges of the bundle graph by node, tolerant of both `links` and `edges` node-link spellings."""

    def __init__(self, graph: dict | None):
        graph = graph or {}
        self.nodes: dict[str, dict] = {}
        for n in graph.get("nodes", []) or []:
            if isinstance(n, dict) and "id" in n:
                self.nodes[str(n["id"])] = n
        self.out: dict[str, list[tuple[str, str]]] = defaultdict(list)
        self.inc: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for e in (graph.get("links") or graph.get("edges") or []):
            if not isinstance(e, dict):
                continue
            s, t = str(e.get("source")), str(e.get("target"))
            rel = str(e.get("kind") or e.get("relation") or e.get("label") or e.get("type") or "")
            self.out[s].append((t, rel))
            self.inc[t].append((s, rel))

    def __bool__(self) -> bool:
        return bool(self.nodes) or bool(self.out)


def kind_of(node_id: str) -> str:
    return node_id.split(":", 1)[0] if ":" in node_id else "node"


def flowchart(edges: list[tuple[str, str, str]], names: dict[str, str], focus: str | None = None, limit: int = 60,
              short: bool = False) -> str:
    """A `flowchart LR` text for the given (source, target, relation) edges; `short` keeps labels to 44
    characters (wrapped), for a summary diagram that must fit the page at full size."""
    width = 44 if short else 60
    ids: dict[str, str] = {}
    lines = ["flowchart LR"]
    seen_edges = set()

    def node(n: str) -> str | None:
        if n in ids:
            return ids[n]
        if len(ids) >= limit:
            return None
        ids[n] = f"n{len(ids)}"
        left, right = _KIND_SHAPES.get(kind_of(n), ('["', '"]'))
        if short and kind_of(n) in ("module", "board", "symbol", "secret"):
            left, right = ('("', '")')  # rounded boxes: narrower than hexagons and slants
        lines.append(f"  {ids[n]}{left}{label(names.get(n, n), width)}{right}")
        return ids[n]

    if focus:
        node(focus)
    for s, t, rel in edges:
        if (s, t, rel) in seen_edges:
            continue
        seen_edges.add((s, t, rel))
        a, b = node(s), node(t)
        if a is None or b is None:
            continue
        if rel and not short:  # a summary's arrows go unlabelled: its legend says what they mean
            lines.append(f'  {a} -->|"{label(rel)}"| {b}')
        else:
            lines.append(f"  {a} --> {b}")
    if focus and focus in ids:
        lines.append("  classDef focus stroke-width:3px")
        lines.append(f"  class {ids[focus]} focus")
    if len(ids) >= limit:
        lines.append('  more["#8230; more nodes not shown"]')
    return "\n".join(lines)
