"""The source tree fmt lays out: block collections with entries (everything else an atom), and the comments attached to them."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Any

import yaml


class Unsupported(Exception):
    def __init__(self, message: str, index: int = 0):
        super().__init__(message)
        self.index = index


# The source tree: block collections with entries, everything else an atom


@dataclass(eq=False)
class Comment:
    text: str
    index: int
    line: int
    col: int
    gap: int = 2  # spaces before an end-of-line comment
    blank_before: bool = False


@dataclass(eq=False)
class Node:
    kind: str  # "map" / "seq" (block collections) or "atom" (scalar, alias, flow collection)
    start: int
    end: int
    line: int
    col: int
    style: str | None = None
    anchor: str | None = None
    value: Any = None  # a scalar's text, for keys
    entries: list["Entry"] = field(default_factory=list)
    parent: "Entry | None" = None
    eol: Comment | None = None
    trailers: list[Comment] = field(default_factory=list)
    flow: bool = False
    alias: bool = False


@dataclass(eq=False)
class Entry:
    block: Node
    start: int  # the key's first character, or the sequence dash
    line: int
    col: int
    key: Node | None
    value: Node | None = None
    leading: list[Comment] = field(default_factory=list)
    blank_before: bool = False
    eol: Comment | None = None  # after a bare `-`


class Source:
    def __init__(self, text: str):
        self.text = text
        self.line_starts = [0]
        for m in re.finditer("\n", text):
            self.line_starts.append(m.end())
        self.lines = text.split("\n")

    def line_of(self, index: int) -> int:
        return bisect.bisect_right(self.line_starts, index) - 1

    def col_of(self, index: int) -> int:
        return index - self.line_starts[self.line_of(index)]


def block_scalar_keeps(header: str) -> bool:
    return "+" in header.split("#", 1)[0]


def atom_content_end(src: Source, node: Node) -> int:
    """End of an atom's own text: a block scalar's span also covers the blank lines after it."""
    if node.style not in ("|", ">"):
        return node.end
    raw = src.text[node.start:node.end]
    header = raw.split("\n", 1)[0]
    if block_scalar_keeps(header):
        return node.end
    parts = raw.split("\n")
    while len(parts) > 1 and not parts[-1].strip():
        parts.pop()
    return node.start + len("\n".join(parts))


def parse(src: Source) -> tuple[Node | None, bool, list[Node]]:
    """Build the block tree from libyaml events; returns (root, explicit_start, atoms)."""
    text = src.text
    root: Node | None = None
    stack: list[tuple[Node, list]] = []  # (block node, [pending key])
    atoms: list[Node] = []
    flow_depth = 0
    flow_node: Node | None = None
    explicit_start = False

    def attach(node: Node) -> None:
        nonlocal root
        if not stack:
            root = node
            return
        block, pending = stack[-1]
        if block.kind == "map":
            if not pending:
                if node.kind != "atom" or node.flow or node.alias:
                    raise Unsupported("a mapping key that is not a plain or quoted name", node.start)
                if "\n" in text[node.start:node.end]:
                    raise Unsupported("a mapping key that spans several lines", node.start)
                before = text[src.line_starts[node.line]:node.start]
                if before.strip() not in ("", "-") and not before.rstrip().endswith("-"):
                    raise Unsupported("an explicit `? ` key or a key after another node", node.start)
                entry = Entry(block, node.start, node.line, node.col, node)
                node.parent = entry
                block.entries.append(entry)
                pending.append(entry)
            else:
                entry = pending.pop()
                entry.value = node
                node.parent = entry
        else:
            dash = _find_dash(src, block, node)
            entry = Entry(block, dash, src.line_of(dash), src.col_of(dash), None, node)
            node.parent = entry
            block.entries.append(entry)

    for ev in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        kind = type(ev).__name__
        s, e = ev.start_mark, ev.end_mark
        if flow_depth:
            if kind in ("MappingStartEvent", "SequenceStartEvent"):
                flow_depth += 1
            elif kind in ("MappingEndEvent", "SequenceEndEvent"):
                flow_depth -= 1
                if not flow_depth:
                    flow_node.end = e.index
                    attach(flow_node)
                    atoms.append(flow_node)
                    flow_node = None
            continue
        if kind == "ScalarEvent":
            if ev.anchor and text[s.index] != "&":
                raise Unsupported("an anchor fmt cannot place", s.index)
            node = Node("atom", s.index, e.index, s.line, s.column, style=ev.style or None,
                         anchor=ev.anchor, value=ev.value)
            attach(node)
            atoms.append(node)
        elif kind == "AliasEvent":
            node = Node("atom", s.index, e.index, s.line, s.column, alias=True)
            attach(node)
            atoms.append(node)
        elif kind in ("MappingStartEvent", "SequenceStartEvent"):
            if ev.flow_style:
                flow_depth = 1
                flow_node = Node("atom", s.index, e.index, s.line, s.column, anchor=ev.anchor, flow=True)
                continue
            node = Node("map" if kind == "MappingStartEvent" else "seq", s.index, e.index, s.line, s.column,
                         anchor=ev.anchor)
            if ev.anchor:
                # `key: &a` then the block below: the block itself starts at its first entry
                if not text.startswith("&" + ev.anchor, s.index):
                    raise Unsupported("an anchor fmt cannot place", s.index)
                i = s.index + 1 + len(ev.anchor)
                while i < len(text) and (text[i] in " \t\n" or text[i] == "#"):
                    if text[i] == "#":
                        nl = text.find("\n", i)
                        i = len(text) if nl < 0 else nl
                    else:
                        i += 1
                node.start, node.line, node.col = i, src.line_of(i), src.col_of(i)
            attach(node)
            stack.append((node, []))
        elif kind in ("MappingEndEvent", "SequenceEndEvent"):
            node, _ = stack.pop()
            node.end = e.index
        elif kind == "DocumentStartEvent":  # a `%` directive was refused before parsing
            explicit_start = bool(getattr(ev, "explicit", False))
        elif kind == "DocumentEndEvent":
            if getattr(ev, "explicit", False):
                raise Unsupported("a `...` document end marker", s.index)
    return root, explicit_start, atoms


def _find_dash(src: Source, block: Node, item: Node) -> int:
    """The `-` of a block sequence entry: at the sequence's column, on or above the item's line."""
    col = block.col
    for ln in range(item.line, block.line - 1, -1):
        s = src.lines[ln]
        if len(s) > col and s[col] == "-" and (len(s) == col + 1 or s[col + 1] in " \t") and not s[:col].strip():
            idx = src.line_starts[ln] + col
            if idx <= item.start:
                return idx
    raise Unsupported("a sequence entry whose `-` cannot be found", item.start)


# ---------------------------------------------------------------------------
# Comments


def scan_comments(src: Source, atoms: list[Node]) -> list[Comment]:
    """Every `#` comment outside scalars and flow collections, in order."""
    text = src.text
    spans = sorted((a.start, atom_content_end(src, a)) for a in atoms)
    starts = [s for s, _ in spans]
    # libyaml starts a comment right after a closing quote or bracket, with no space: `x: "a"#c`
    closed = {a.end for a in atoms if a.flow or a.style in ("'", '"')}
    out = []
    for m in re.finditer("#", text):
        p = m.start()
        i = bisect.bisect_right(starts, p) - 1
        if i >= 0 and spans[i][0] <= p < spans[i][1]:
            continue
        ln = src.line_of(p)
        ls = src.line_starts[ln]
        if p > ls and text[p - 1] not in " \t" and p not in closed:
            continue
        if out and out[-1].line == ln:
            continue
        end = text.find("\n", p)
        end = len(text) if end < 0 else end
        body = text[p:end].rstrip()
        before = text[ls:p]
        c = Comment(body, p, ln, p - ls)
        if before.strip():
            c.gap = max(1, len(before) - len(before.rstrip()))
            c.col = -1  # end-of-line
        out.append(c)
    return out


def _is_blank_line(src: Source, ln: int, protected: list[tuple[int, int]], pstarts: list[int]) -> bool:
    if ln < 0 or ln >= len(src.lines) or src.lines[ln].strip():
        return False
    idx = src.line_starts[ln]
    i = bisect.bisect_right(pstarts, idx) - 1
    return not (i >= 0 and protected[i][0] <= idx < protected[i][1])


def _all_entries(root: Node) -> list[Entry]:
    out: list[Entry] = []
    todo = [root]
    while todo:
        n = todo.pop()
        for e in n.entries:
            out.append(e)
            if e.value is not None and e.value.kind in ("map", "seq"):
                todo.append(e.value)
    out.sort(key=lambda e: e.start)
    return out


def attach_comments(src: Source, root: Node, atoms: list[Node], comments: list[Comment]) -> None:
    entries = _all_entries(root)
    estarts = [e.start for e in entries]
    ends = sorted((a.end if a.style not in ("|", ">") else -1, i) for i, a in enumerate(atoms))
    atom_ends = [e for e, _ in ends]
    protected = sorted((a.start, atom_content_end(src, a)) for a in atoms)
    pstarts = [s for s, _ in protected]

    for e in entries:
        e.blank_before = _is_blank_line(src, e.line - 1, protected, pstarts)

    for c in comments:
        if c.col < 0:  # end of line: the last atom ending on this line before it
            i = bisect.bisect_right(atom_ends, c.index) - 1
            if i >= 0:
                atom = atoms[ends[i][1]]
                if src.line_of(atom.end) == c.line and atom.eol is None:
                    atom.eol = c
                    continue
            # after a bare `-`
            j = bisect.bisect_right(estarts, c.index) - 1
            if j >= 0 and entries[j].line == c.line and entries[j].key is None and entries[j].eol is None:
                entries[j].eol = c
                continue
            raise Unsupported("a comment fmt cannot attach to a value", c.index)
        c.blank_before = _is_blank_line(src, c.line - 1, protected, pstarts)
        j = bisect.bisect_right(estarts, c.index)
        nxt = entries[j] if j < len(entries) else None
        if nxt is not None and c.col <= nxt.col:
            nxt.leading.append(c)
            continue
        prev = entries[j - 1] if j > 0 else None
        if prev is None:
            if nxt is None:
                root.trailers.append(c)
            else:
                nxt.leading.append(c)
            continue
        # a comment after the last entry of a block: the deepest enclosing block it is indented into
        block = prev.block
        while True:
            if block.entries and block.entries[0].col <= c.col:
                break
            owner = block.parent
            if owner is None:
                break
            block = owner.block
        if nxt is not None and nxt.block is block:
            nxt.leading.append(c)
        else:
            block.trailers.append(c)
