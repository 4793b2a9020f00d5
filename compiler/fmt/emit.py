"""Emitting the canonical layout: keys in model order, two-space indentation, one blank line between records; and the modeline."""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..schema import MODELINE_PREFIX
from .shape import Shape
from .tree import Comment, Entry, Node, Source, Unsupported, atom_content_end, block_scalar_keeps


class Emitter:
    def __init__(self, src: Source):
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

    def comments(self, cs: list[Comment], indent: int) -> None:
        for c in cs:
            if c.blank_before:
                self.blank()
            self.line(" " * indent + c.text)

    @staticmethod
    def with_eol(s: str, c: Comment | None) -> str:
        return s if c is None else s + " " * c.gap + c.text

    def atom_lines(self, node: Node, delta: int) -> list[str]:
        raw = self.src.text[node.start:atom_content_end(self.src, node)]
        parts = raw.split("\n")
        if node.style in ("|", ">") and parts and parts[-1] == "":
            parts.pop()
        return parts[:1] + [_shift(p, delta, node) for p in parts[1:]]

    # -- block mappings

    def sorted_entries(self, block: Node, shape: Shape | None) -> list[Entry]:
        if shape is None:
            return list(block.entries)
        n = len(shape.order)

        def rank(ie):
            i, e = ie
            r = shape.order.get(e.key.value) if e.key.style is None or e.key.style in ("'", '"') else None
            return (r, 0) if r is not None else (n, i)

        return [e for _, e in sorted(enumerate(block.entries), key=rank)]

    def mapping(self, block: Node, indent: int, shape: Shape | None, *, top: bool = False,
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

    def entry(self, e: Entry, prefix: str, indent: int, shape: Shape | None, *, top: bool) -> None:
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

    def atom_out(self, lines: list[str], v: Node) -> None:
        lines[-1] = self.with_eol(lines[-1], v.eol)
        for ln in lines:
            self.line(ln)
        if v.style in ("|", ">"):
            self.keep = block_scalar_keeps(self.src.text[v.start:v.end].split("\n", 1)[0])

    # -- block sequences

    def sequence(self, block: Node, indent: int, shape: Shape | None, *, records: bool = False) -> None:
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


def _shift(line: str, delta: int, node: Node) -> str:
    if not line or delta == 0:
        return line
    if delta > 0:
        return " " * delta + line
    lead = len(line) - len(line.lstrip(" "))
    if lead < -delta and line.strip():
        raise Unsupported("a multi-line value indented less than its new position allows", node.start)
    return line[min(lead, -delta):]


# ---------------------------------------------------------------------------
# The modeline


def is_modeline(text: str) -> bool:
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
