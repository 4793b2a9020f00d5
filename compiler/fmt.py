"""`paleo fmt`: canonical key order and layout for content files, keeping every comment and scalar.

The formatter never re-spells a value. It parses the file with libyaml (events with
character positions), copies every scalar, alias and flow collection verbatim from the
source, and only re-lays out block mappings and sequences: keys in the content models'
declaration order (unknown keys after, in their own order), two-space indentation,
sequences indented under their key, one blank line between top-level sections and between
records. Full-line comments belong to the entry below them and move with it; a comment at
the end of a line stays on the line of the value it follows.

Every result is checked before it is returned: the output must read back (with the fast
loader and with ruamel.yaml's round-trip loader) as the same data, hold the same comments,
and format to itself. Otherwise the file is left as it was and F002 says why.
"""

from __future__ import annotations

import bisect
import difflib
import math
import os
import re
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, TextIO, Union, get_args, get_origin

from .diagnostics import Diagnostic, Span, make
from .schema import MODELINE_PREFIX

YAML_SUFFIXES = (".yaml", ".yml")


class _Unsupported(Exception):
    def __init__(self, message: str, index: int = 0):
        super().__init__(message)
        self.index = index


# ---------------------------------------------------------------------------
# Canonical key order, from the content models


@dataclass
class _Shape:
    """The key order of one model and the shapes of its fields' values."""

    order: dict[str, int] = field(default_factory=dict)
    fields: dict[str, "_Shape | None"] = field(default_factory=dict)


_SHAPES: dict[type, _Shape] = {}


def _shape_of(tp: Any) -> _Shape | None:
    from pydantic import BaseModel

    origin = get_origin(tp)
    if origin is Annotated:
        return _shape_of(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        for arg in get_args(tp):
            s = _shape_of(arg)
            if s is not None:
                return s
        return None
    if origin in (list, tuple, set, frozenset):
        args = get_args(tp)
        return _shape_of(args[0]) if args else None
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _model_shape(tp)
    return None


def _model_shape(model: type) -> _Shape:
    hit = _SHAPES.get(model)
    if hit is not None:
        return hit
    shape = _Shape()
    _SHAPES[model] = shape  # before recursing: models may refer to themselves
    for i, (name, info) in enumerate(_canonical_fields(model)):
        key = info.alias or name
        shape.order[key] = i
        shape.fields[key] = _shape_of(info.annotation)
    return shape


# A record reads best as: its id, what it is, then what we say of it and where it comes from.
_TRAILING = ("summary", "completeness", "source")


def _canonical_fields(model: type) -> list:
    from .models import Record

    items = list(model.model_fields.items())
    if not (isinstance(model, type) and issubclass(model, Record)):
        return items
    head = [(n, f) for n, f in items if n not in _TRAILING]
    tail = sorted(((n, f) for n, f in items if n in _TRAILING), key=lambda nf: _TRAILING.index(nf[0]))
    return head + tail


def content_shape() -> _Shape:
    from .models import ContentFile

    return _model_shape(ContentFile)


# ---------------------------------------------------------------------------
# The source tree: block collections with entries, everything else an atom


@dataclass(eq=False)
class _Comment:
    text: str
    index: int
    line: int
    col: int
    gap: int = 2  # spaces before an end-of-line comment
    blank_before: bool = False


@dataclass(eq=False)
class _Node:
    kind: str  # "map" / "seq" (block collections) or "atom" (scalar, alias, flow collection)
    start: int
    end: int
    line: int
    col: int
    style: str | None = None
    anchor: str | None = None
    value: Any = None  # a scalar's text, for keys
    entries: list["_Entry"] = field(default_factory=list)
    parent: "_Entry | None" = None
    eol: _Comment | None = None
    trailers: list[_Comment] = field(default_factory=list)
    flow: bool = False
    alias: bool = False


@dataclass(eq=False)
class _Entry:
    block: _Node
    start: int  # the key's first character, or the sequence dash
    line: int
    col: int
    key: _Node | None
    value: _Node | None = None
    leading: list[_Comment] = field(default_factory=list)
    blank_before: bool = False
    eol: _Comment | None = None  # after a bare `-`


class _Source:
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


def _block_scalar_keeps(header: str) -> bool:
    return "+" in header.split("#", 1)[0]


def _atom_content_end(src: _Source, node: _Node) -> int:
    """End of an atom's own text: a block scalar's span also covers the blank lines after it."""
    if node.style not in ("|", ">"):
        return node.end
    raw = src.text[node.start:node.end]
    header = raw.split("\n", 1)[0]
    if _block_scalar_keeps(header):
        return node.end
    parts = raw.split("\n")
    while len(parts) > 1 and not parts[-1].strip():
        parts.pop()
    return node.start + len("\n".join(parts))


def _parse(src: _Source) -> tuple[_Node | None, bool, list[_Node]]:
    """Build the block tree from libyaml events; returns (root, explicit_start, atoms)."""
    import yaml

    text = src.text
    root: _Node | None = None
    stack: list[tuple[_Node, list]] = []  # (block node, [pending key])
    atoms: list[_Node] = []
    flow_depth = 0
    flow_node: _Node | None = None
    explicit_start = False

    def attach(node: _Node) -> None:
        nonlocal root
        if not stack:
            root = node
            return
        block, pending = stack[-1]
        if block.kind == "map":
            if not pending:
                if node.kind != "atom" or node.flow or node.alias:
                    raise _Unsupported("a mapping key that is not a plain or quoted name", node.start)
                if "\n" in text[node.start:node.end]:
                    raise _Unsupported("a mapping key that spans several lines", node.start)
                before = text[src.line_starts[node.line]:node.start]
                if before.strip() not in ("", "-") and not before.rstrip().endswith("-"):
                    raise _Unsupported("an explicit `? ` key or a key after another node", node.start)
                entry = _Entry(block, node.start, node.line, node.col, node)
                node.parent = entry
                block.entries.append(entry)
                pending.append(entry)
            else:
                entry = pending.pop()
                entry.value = node
                node.parent = entry
        else:
            dash = _find_dash(src, block, node)
            entry = _Entry(block, dash, src.line_of(dash), src.col_of(dash), None, node)
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
                raise _Unsupported("an anchor fmt cannot place", s.index)
            node = _Node("atom", s.index, e.index, s.line, s.column, style=ev.style or None,
                         anchor=ev.anchor, value=ev.value)
            attach(node)
            atoms.append(node)
        elif kind == "AliasEvent":
            node = _Node("atom", s.index, e.index, s.line, s.column, alias=True)
            attach(node)
            atoms.append(node)
        elif kind in ("MappingStartEvent", "SequenceStartEvent"):
            if ev.flow_style:
                flow_depth = 1
                flow_node = _Node("atom", s.index, e.index, s.line, s.column, anchor=ev.anchor, flow=True)
                continue
            node = _Node("map" if kind == "MappingStartEvent" else "seq", s.index, e.index, s.line, s.column,
                         anchor=ev.anchor)
            if ev.anchor:
                # `key: &a` then the block below: the block itself starts at its first entry
                if not text.startswith("&" + ev.anchor, s.index):
                    raise _Unsupported("an anchor fmt cannot place", s.index)
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
                raise _Unsupported("a `...` document end marker", s.index)
    return root, explicit_start, atoms


def _find_dash(src: _Source, block: _Node, item: _Node) -> int:
    """The `-` of a block sequence entry: at the sequence's column, on or above the item's line."""
    col = block.col
    for ln in range(item.line, block.line - 1, -1):
        s = src.lines[ln]
        if len(s) > col and s[col] == "-" and (len(s) == col + 1 or s[col + 1] in " \t") and not s[:col].strip():
            idx = src.line_starts[ln] + col
            if idx <= item.start:
                return idx
    raise _Unsupported("a sequence entry whose `-` cannot be found", item.start)


# ---------------------------------------------------------------------------
# Comments


def _scan_comments(src: _Source, atoms: list[_Node]) -> list[_Comment]:
    """Every `#` comment outside scalars and flow collections, in order."""
    text = src.text
    spans = sorted((a.start, _atom_content_end(src, a)) for a in atoms)
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
        c = _Comment(body, p, ln, p - ls)
        if before.strip():
            c.gap = max(1, len(before) - len(before.rstrip()))
            c.col = -1  # end-of-line
        out.append(c)
    return out


def _is_blank_line(src: _Source, ln: int, protected: list[tuple[int, int]], pstarts: list[int]) -> bool:
    if ln < 0 or ln >= len(src.lines) or src.lines[ln].strip():
        return False
    idx = src.line_starts[ln]
    i = bisect.bisect_right(pstarts, idx) - 1
    return not (i >= 0 and protected[i][0] <= idx < protected[i][1])


def _all_entries(root: _Node) -> list[_Entry]:
    out: list[_Entry] = []
    todo = [root]
    while todo:
        n = todo.pop()
        for e in n.entries:
            out.append(e)
            if e.value is not None and e.value.kind in ("map", "seq"):
                todo.append(e.value)
    out.sort(key=lambda e: e.start)
    return out


def _attach_comments(src: _Source, root: _Node, atoms: list[_Node], comments: list[_Comment]) -> None:
    entries = _all_entries(root)
    estarts = [e.start for e in entries]
    ends = sorted((a.end if a.style not in ("|", ">") else -1, i) for i, a in enumerate(atoms))
    atom_ends = [e for e, _ in ends]
    protected = sorted((a.start, _atom_content_end(src, a)) for a in atoms)
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
            raise _Unsupported("a comment fmt cannot attach to a value", c.index)
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


# ---------------------------------------------------------------------------
# Emitting


class _Emitter:
    def __init__(self, src: _Source):
        self.src = src
        self.out: list[str] = []
        self.opened = True  # no blank line directly below a line that opens a block
        self.keep = False  # the last line ends a `|+` / `>+` scalar: a blank line would join it

    def line(self, s: str, *, opens: bool = False) -> None:
        self.out.append(s)
        self.opened = opens
        self.keep = False

    def blank(self) -> None:
        if self.out and self.out[-1] != "" and not self.opened and not self.keep:
            self.out.append("")

    def comments(self, cs: list[_Comment], indent: int) -> None:
        for c in cs:
            if c.blank_before:
                self.blank()
            self.line(" " * indent + c.text)

    @staticmethod
    def with_eol(s: str, c: _Comment | None) -> str:
        return s if c is None else s + " " * c.gap + c.text

    def atom_lines(self, node: _Node, delta: int) -> list[str]:
        raw = self.src.text[node.start:_atom_content_end(self.src, node)]
        parts = raw.split("\n")
        if node.style in ("|", ">") and parts and parts[-1] == "":
            parts.pop()
        return parts[:1] + [_shift(p, delta, node) for p in parts[1:]]

    # -- block mappings

    def sorted_entries(self, block: _Node, shape: _Shape | None) -> list[_Entry]:
        if shape is None:
            return list(block.entries)
        n = len(shape.order)

        def rank(ie):
            i, e = ie
            r = shape.order.get(e.key.value) if e.key.style is None or e.key.style in ("'", '"') else None
            return (r, 0) if r is not None else (n, i)

        return [e for _, e in sorted(enumerate(block.entries), key=rank)]

    def mapping(self, block: _Node, indent: int, shape: _Shape | None, *, top: bool = False,
                dash: str | None = None) -> None:
        entries = self.sorted_entries(block, shape)
        for i, e in enumerate(entries):
            child = shape.fields.get(e.key.value) if shape is not None else None
            if i == 0 and dash is not None:
                self.comments(e.leading, indent - 2)
                prefix = dash
            else:
                if top and i > 0:
                    self.opened = False
                    self.blank()
                elif e.blank_before:
                    self.blank()
                self.comments(e.leading, indent)
                prefix = " " * indent
            self.entry(e, prefix, indent, child, top=top)
        self.comments(block.trailers, indent)

    def entry(self, e: _Entry, prefix: str, indent: int, shape: _Shape | None, *, top: bool) -> None:
        key, v = e.key, e.value
        head = prefix + self.src.text[key.start:key.end] + ":"
        if v.kind in ("map", "seq"):
            if v.anchor:
                head += " &" + v.anchor
            self.line(self.with_eol(head, key.eol), opens=True)
            if v.kind == "map":
                self.mapping(v, indent + 2, shape)
            else:
                self.sequence(v, indent + 2, shape, records=top)
            return
        delta = indent - key.col
        if v.start == v.end and not v.flow and not v.alias:  # an empty value
            self.line(self.with_eol(head, v.eol or key.eol))
            return
        lines = self.atom_lines(v, delta)
        same_line = v.line == key.line
        if same_line or (len(lines) == 1 and key.eol is None):
            lines[0] = head + " " + lines[0]
        else:
            self.line(self.with_eol(head, key.eol), opens=True)
            lines[0] = " " * max(indent + 2, v.col + delta) + lines[0]
        self.atom_out(lines, v)

    def atom_out(self, lines: list[str], v: _Node) -> None:
        lines[-1] = self.with_eol(lines[-1], v.eol)
        for ln in lines:
            self.line(ln)
        if v.style in ("|", ">"):
            self.keep = _block_scalar_keeps(self.src.text[v.start:v.end].split("\n", 1)[0])

    # -- block sequences

    def sequence(self, block: _Node, indent: int, shape: _Shape | None, *, records: bool = False) -> None:
        for i, e in enumerate(block.entries):
            if records and i > 0:
                self.opened = False
                self.blank()
            elif e.blank_before:
                self.blank()
            self.comments(e.leading, indent)
            dash = " " * indent + "-"
            v = e.value
            if v.kind == "map" and not v.anchor and e.eol is None:
                self.mapping(v, indent + 2, shape, dash=dash + " ")
            elif v.kind in ("map", "seq"):
                head = dash + (" &" + v.anchor if v.anchor else "")
                self.line(self.with_eol(head, e.eol), opens=True)
                if v.kind == "map":
                    self.mapping(v, indent + 2, shape)
                else:
                    self.sequence(v, indent + 2, shape)
            elif v.start == v.end and not v.flow and not v.alias:
                self.line(self.with_eol(dash, e.eol or v.eol))
            else:
                delta = indent - e.col
                lines = self.atom_lines(v, delta)
                if v.line == e.line or (len(lines) == 1 and e.eol is None):
                    lines[0] = dash + " " + lines[0]
                else:
                    self.line(self.with_eol(dash, e.eol), opens=True)
                    lines[0] = " " * max(indent + 2, v.col + delta) + lines[0]
                self.atom_out(lines, v)
        self.comments(block.trailers, indent)


def _shift(line: str, delta: int, node: _Node) -> str:
    if not line or delta == 0:
        return line
    if delta > 0:
        return " " * delta + line
    lead = len(line) - len(line.lstrip(" "))
    if lead < -delta and line.strip():
        raise _Unsupported("a multi-line value indented less than its new position allows", node.start)
    return line[min(lead, -delta):]


# ---------------------------------------------------------------------------
# The modeline


def _is_modeline(text: str) -> bool:
    return text.startswith(MODELINE_PREFIX) or re.match(r"^#\s*yaml-language-server\s*:\s*\$schema=", text) is not None


def schema_path_for(path: str) -> str | None:
    """The relative path from `path`'s folder to the nearest `content/schema.json` above it, or None: a file
    in no project with a schema gets no modeline (a path into wherever `paleo` is installed would be this
    machine's alone; `paleo schema content > content/schema.json` gives a project its own)."""
    p = Path(path).resolve()
    for d in p.parents:
        for cand in (d / "schema.json", d / "content" / "schema.json"):
            if cand.is_file() and cand.parent.name == "content":
                return os.path.relpath(cand, p.parent).replace(os.sep, "/")
    return None


# ---------------------------------------------------------------------------
# Public entry points


def format_text(text: str, path: str) -> tuple[str, list[Diagnostic]]:
    """Format one file's text; on any doubt return it unchanged with a diagnostic saying why."""
    from .loader import load_text

    lf, diags = load_text(path, text)
    if lf is None or any(d.is_error for d in diags):
        return text, diags
    try:
        out = _format(text, path)
    except _Unsupported as exc:
        return text, [_diag_at("F003", f"cannot lay out {exc}", path, text, exc.index)]
    if out == text:  # already canonical: nothing to prove
        return out, []
    problem = _verify(text, out, path, lf.data)
    if problem is None:
        try:
            again = _format(out, path)
        except _Unsupported as exc:
            again = None
            problem = f"its own output cannot be formatted again ({exc})"
        if problem is None and again != out:
            problem = "formatting the output again would change it"
    if problem is not None:
        return text, [make("F002", f"fmt cannot rewrite this file faithfully: {problem}", Span.point(path),
                           help="the file is left unchanged")]
    return out, []


def _diag_at(code: str, message: str, path: str, text: str, index: int) -> Diagnostic:
    index = max(0, min(index, len(text)))
    line = text.count("\n", 0, index) + 1
    col = index - (text.rfind("\n", 0, index) + 1) + 1
    return make(code, message, Span.point(path, line, col))


def _format(text: str, path: str) -> str:
    body = text.replace("\r\n", "\n")
    if "\r" in body:
        raise _Unsupported("a carriage return outside a line ending", body.index("\r"))
    if body.startswith("\ufeff"):
        body = body[1:]
    src = _Source(body)
    for ln, s in enumerate(src.lines):
        if s.startswith("%"):
            raise _Unsupported("a `%` directive", src.line_starts[ln])
    root, explicit_start, atoms = _parse(src)
    comments = _scan_comments(src, atoms)
    em = _Emitter(src)
    if root is None:
        raise _Unsupported("a file without a document", 0)
    if root.kind != "map":
        raise _Unsupported("a root that is not a block mapping", root.start)
    _attach_comments(src, root, atoms, comments)

    # the header: the first entry's leading comments, with the modeline first
    first = root.entries[0] if root.entries else None
    header = first.leading if first is not None else []
    modeline = next((c for c in header if _is_modeline(c.text)), None)
    if modeline is not None:
        header = [c for c in header if c is not modeline]
        em.line(modeline.text)
    else:
        rel = schema_path_for(path)
        if rel is not None:
            em.line(MODELINE_PREFIX + rel)
    em.opened = False
    if first is not None:
        first.leading = []
    em.comments(header, 0)
    if explicit_start:
        em.line("---")
    if first is not None and first.blank_before and header:
        em.blank()
    em.opened = True
    em.mapping(root, 0, content_shape(), top=True)
    if root.eol is not None:
        raise _Unsupported("a comment fmt cannot attach", root.eol.index)
    lines = em.out
    while lines and lines[-1] == "" and not em.keep:
        lines.pop()
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Verification and the positional (round-trip) loader


def roundtrip_load(text: str) -> Any:
    """Plain data through ruamel.yaml's round-trip composer, resolved with the YAML 1.2 core schema.

    This is the positional loader fmt checks itself with: every node it composes carries
    its start and end marks. Tags and complex keys are refused (ValueError), as the fast
    loader refuses them.
    """
    from ruamel.yaml import YAML
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    from .loader import MAX_DEPTH, resolve_plain

    from .limits import MAX_EXPANDED_BYTES

    MAX_EXPANDED_NODES = MAX_EXPANDED_BYTES // 2  # each node produces at least 2 bytes of data

    yaml = YAML(typ="rt")
    for ev in yaml.parse(text):
        tag = getattr(ev, "tag", None)
        tag = getattr(tag, "value", tag)
        if tag is not None and tag != "!":
            raise ValueError(f"explicit tag {tag}")
    yaml = YAML(typ="rt")
    node = yaml.compose(text)
    if node is None:
        return None
    memo: dict[int, Any] = {}
    sizes: dict[int, int] = {}

    def size(n, depth) -> int:
        if depth > MAX_DEPTH:
            raise ValueError("nesting too deep")
        hit = sizes.get(id(n))
        if hit:
            return hit
        if hit is not None:
            raise ValueError("recursive alias")
        sizes[id(n)] = 0
        total = 1
        if isinstance(n, SequenceNode):
            total += sum(size(c, depth + 1) for c in n.value)
        elif isinstance(n, MappingNode):
            total += sum(size(k, depth + 1) + size(v, depth + 1) for k, v in n.value)
        if total > MAX_EXPANDED_NODES:
            raise ValueError("alias expansion too large")
        sizes[id(n)] = total
        return total

    size(node, 0)

    def build(n, depth):
        if depth > MAX_DEPTH:
            raise ValueError("nesting too deep")
        hit = memo.get(id(n))
        if hit is not None:
            return hit
        if isinstance(n, ScalarNode):
            if n.style is None:
                return resolve_plain(n.value)
            if n.style == ">":
                return n.value.replace("\a", "")  # ruamel marks its folding points with BEL
            return n.value
        if isinstance(n, SequenceNode):
            out: list = []
            memo[id(n)] = out
            out.extend(build(c, depth + 1) for c in n.value)
            return out
        if isinstance(n, MappingNode):
            outm: dict = {}
            memo[id(n)] = outm
            for k, v in n.value:
                if not isinstance(k, ScalarNode):
                    raise ValueError("complex key")
                key = build(k, depth + 1)
                if isinstance(key, float) and math.isnan(key):
                    key = "nan"
                if key in outm:
                    raise ValueError(f"duplicate key {key!r}")
                outm[key] = build(v, depth + 1)
            return outm
        raise ValueError(f"unexpected node {type(n).__name__}")

    return build(node, 0)


def roundtrip_comments(text: str) -> list[str]:
    """Every comment ruamel.yaml's scanner sees, one entry per comment line, stripped."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    out = []
    for tok in yaml.scan(text):
        for c in _token_comments(tok):
            for ln in c.split("\n"):
                if ln.strip().startswith("#"):
                    out.append(ln.strip())
    return out


def _token_comments(tok) -> list[str]:
    found = []
    com = getattr(tok, "_comment", None) or getattr(tok, "comment", None)
    stack = [com]
    while stack:
        x = stack.pop()
        if x is None:
            continue
        if isinstance(x, (list, tuple)):
            stack.extend(x)
        elif hasattr(x, "value") and isinstance(x.value, str):
            found.append(x.value)
    return found


def same_data(a: Any, b: Any) -> bool:
    """Deep equality that tells 1 from True and 1.0 and treats NaN as equal to itself."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_data(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_data(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return a == b


def _comment_texts(text: str) -> list[str]:
    src = _Source(text.replace("\r\n", "\n"))
    _, _, atoms = _parse(src)
    return sorted(c.text for c in _scan_comments(src, atoms))


def _digested(text: str) -> str:
    """`text` with the body of every comment fmt's scanner finds replaced by a short digest of it."""
    import hashlib

    src = _Source(text.replace("\r\n", "\n"))
    _, _, atoms = _parse(src)
    out, at = [], 0
    for c in _scan_comments(src, atoms):
        end = c.index + len(c.text)
        out.append(src.text[at:c.index])
        out.append("#" + hashlib.sha256(c.text.encode("utf-8", "surrogatepass")).hexdigest()[:24])
        at = end
    out.append(src.text[at:])
    return "".join(out)


def _verify(before: str, after: str, path: str, data: Any) -> str | None:
    from .loader import load_text

    lf, diags = load_text(path, after)
    if lf is None or any(d.is_error for d in diags):
        return "the output does not load"
    if not same_data(data, lf.data):
        return "the output reads back as different data"
    want = _comment_texts(before)
    got = _comment_texts(after)
    # the second opinion: ruamel.yaml's own scanner, on the texts with each comment fmt found cut
    # to a digest (its scanner is slow on very long comments); a comment fmt's scanner missed
    # stays whole in `before`, so losing it shows
    view_before, view_after = _digested(before), _digested(after)
    try:
        if not same_data(data, roundtrip_load(view_after)):
            return "the output reads back differently with the round-trip loader"
        theirs_before = sorted(roundtrip_comments(view_before))
        theirs_after = sorted(roundtrip_comments(view_after))
    except Exception as exc:  # noqa: BLE001 - any failure here means "cannot prove it"
        return f"the round-trip loader cannot read the output ({exc})"
    lost = [c for c in theirs_before if theirs_before.count(c) > theirs_after.count(c)]
    if lost:
        return "a comment would be lost"
    added = [c for c in got if c not in want or got.count(c) > want.count(c)]
    if any(not _is_modeline(c) for c in added) or len(got) - len(want) > 1:
        return "comments would change"
    if [c for c in want if c not in got]:
        return "a comment would be lost"
    return None


def _files(paths: list[str]) -> tuple[list[Path], list[str]]:
    from .safeio import path_problem

    found: list[Path] = []
    missing: list[str] = []
    for p in map(Path, paths):
        if path_problem(p) is not None:
            found.append(p)  # reported when it is read
        elif p.is_file():
            found.append(p)
        elif p.is_dir():
            found.extend(sorted(f for f in p.rglob("*") if f.suffix in YAML_SUFFIXES
                                and (f.is_file() or path_problem(f) is not None)
                                and not any(part.startswith(".") for part in f.relative_to(p).parts)))
        else:
            missing.append(str(p))
    seen: set[Path] = set()
    unique = []
    for f in found:
        try:
            r = f.resolve()
        except (RuntimeError, OSError):  # a link that loops: reported when it is read
            r = f.absolute()
        if r not in seen:
            seen.add(r)
            unique.append(f)
    return unique, missing


def _not_formatted(path: str, before: str, after: str) -> Diagnostic:
    """F001 at the first line that differs from the canonical layout."""
    a, b = before.splitlines(), after.splitlines()
    line = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b))) + 1
    return make("F001", "file is not in canonical key order and layout", Span.point(path, line, 1),
                help="run `paleo fmt` on it")


def _render(d: Diagnostic) -> str:
    from .safeio import escape

    s = d.span
    out = f"{escape(s.file)}:{s.line}:{s.column}: {d.severity.value}[{d.code}]: {escape(d.message)}"
    if d.help:
        out += f"\n  = help: {escape(d.help)}"
    return out


def run(paths: list[str], *, check: bool, diff: bool, out: TextIO | None = None) -> int:
    """Format files and folders; 0 ok, 1 would change (with --check) or errors, 2 I/O error."""
    from .loader import decode, read_input
    from .safeio import atomic_write, escape

    out = out or sys.stdout
    files, missing = _files(paths)
    rc = 0
    for m in missing:
        out.write(f"{escape(m)}:1:1: error[C001]: no such file or folder `{escape(m)}`\n")
        rc = 2
    changed = unchanged = failed = 0
    for f in files:
        shown = str(f)
        raw, problems = read_input(f, shown)
        if raw is None:
            for d in problems:
                out.write(_render(d) + "\n")
            failed += 1
            rc = 2
            continue
        text, diags = decode(shown, raw)
        if text is not None:
            new, diags = format_text(text, shown)
        else:
            new = None
        errors = [d for d in diags if d.is_error]
        for d in diags:
            out.write(_render(d) + "\n")
        if errors or new is None:
            failed += 1
            rc = max(rc, 1)
            continue
        if new == text:
            unchanged += 1
            continue
        changed += 1
        if diff:
            out.writelines(difflib.unified_diff(
                text.splitlines(keepends=True), new.splitlines(keepends=True),
                fromfile=f"a/{shown}", tofile=f"b/{shown}",
            ))
        if check:
            out.write(_render(_not_formatted(shown, text, new)) + "\n")
            out.write(f"would reformat {escape(shown)}\n")
            rc = max(rc, 1)
        elif not diff:
            try:
                atomic_write(f, new)
            except OSError as exc:
                changed -= 1
                failed += 1
                out.write(_render(make("C021", f"cannot write `{shown}`: {exc.strerror or exc}",
                                       Span.point(shown), help="the file is left as it was")) + "\n")
                rc = 2
                continue
            out.write(f"reformatted {escape(shown)}\n")
    verb = "would be reformatted" if (check or diff) else "reformatted"
    parts = [f"{changed} file{'s' if changed != 1 else ''} {verb}", f"{unchanged} unchanged"]
    if failed:
        parts.append(f"{failed} with errors")
    out.write(", ".join(parts) + "\n")
    return rc
