"""The heading trees of the rulebooks (rulebook_outlines.yaml): resolving a cited path and reading a section's text."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

OUTLINES = Path(__file__).resolve().parent / "rulebook_outlines.yaml"
TOC_TITLE = "Table of Contents"


@dataclass
class Section:
    heading: str
    depth: int
    parent: "Section | None" = None
    until: str | None = None
    children: list["Section"] = field(default_factory=list)
    line: int = -1  # index of the heading line in the book, once placed
    end: int = -1  # index of the first line after the section's text

    @property
    def path(self) -> tuple[str, ...]:
        return (self.parent.path if self.parent else ()) + (self.heading,)


def _entries(items, depth: int, parent: Section | None, problems: list[str]) -> list[Section]:
    out = []
    for item in items or []:
        until, subs = None, []
        if isinstance(item, str):
            heading = item
        elif isinstance(item, dict) and "heading" in item:
            heading, until, subs = item["heading"], item.get("until"), item.get("sections") or []
            if set(item) - {"heading", "until", "sections"}:
                problems.append(f"unknown keys in the entry for {heading!r}: {sorted(set(item) - {'heading', 'until', 'sections'})}")
        elif isinstance(item, dict) and len(item) == 1:
            (heading, subs), = item.items()
        else:
            problems.append(f"an entry must be a heading or a one-key mapping, not {item!r}")
            continue
        if not isinstance(heading, str) or not heading or heading.strip() != heading:
            problems.append(f"a heading is a non-empty string without surrounding blanks, not {heading!r}")
            continue
        node = Section(heading, depth, parent, until)
        node.children = _entries(subs, depth + 1, node, problems)
        out.append(node)
    return out


def walk(nodes: list[Section]):
    for n in nodes:
        yield n
        yield from walk(n.children)


def body_start(lines: list[str]) -> int:
    """The first line after the printed table of contents (0 when the book prints none)."""
    if TOC_TITLE not in lines:
        return 0
    i = lines.index(TOC_TITLE)
    while i < len(lines) and (lines[i].strip() in ("", TOC_TITLE) or lines[i].lstrip().startswith(("- ", "• "))):
        i += 1
    return i


class Outline:
    """One rulebook's heading tree placed on its lines."""

    def __init__(self, name: str, text: str, items) -> None:
        self.name = name
        self.lines = text.splitlines()
        self.problems: list[str] = []
        self.top = _entries(items, 0, None, self.problems)
        self._place()

    def _place(self) -> None:
        nodes = list(walk(self.top))
        at = body_start(self.lines)
        for n in nodes:
            try:
                n.line = self.lines.index(n.heading, at)
            except ValueError:
                self.problems.append(f"{n.heading!r} is not a whole line of {self.name} after the previous heading")
                continue
            at = n.line + 1
        placed = [n for n in nodes if n.line >= 0]
        for i, n in enumerate(placed):
            nxt = next((m.line for m in placed[i + 1:] if m.depth <= n.depth), len(self.lines))
            if n.until is not None:
                stop = next((j for j in range(n.line + 1, nxt) if self.lines[j].startswith(n.until)), None)
                if stop is None:
                    self.problems.append(f"no line starting with {n.until!r} ends the section {n.heading!r}")
                else:
                    nxt = stop
            n.end = nxt

    def resolve(self, path: list[str] | tuple[str, ...], rooted: bool = True) -> tuple[Section | None, str | None]:
        """The section a cited path names, or None and what is wrong with the path.

        `rooted` asks for a path from a top-level heading; otherwise a path may start at any heading
        (the rest must still nest, each heading a sub-section of the one before)."""
        if not path:
            return None, "the path is empty"
        first = [n for n in (self.top if rooted else walk(self.top)) if n.heading == path[0]]
        if not first:
            if rooted and any(n.heading == path[0] for n in walk(self.top)):
                where = next(n for n in walk(self.top) if n.heading == path[0])
                return None, f"{path[0]!r} is not a top-level section; its full path is {list(where.path)}"
            return None, f"{path[0]!r} is not a section heading of {self.name}"
        candidates = first
        for h in path[1:]:
            nxt = [c for n in candidates for c in n.children if c.heading == h]
            if not nxt:
                parents = " or ".join(repr(n.heading) for n in candidates)
                return None, f"{h!r} is not a sub-section of {parents} in {self.name}"
            candidates = nxt
        if len(candidates) > 1:
            return None, f"the path {list(path)} names more than one section of {self.name}"
        return candidates[0], None

    def text(self, node: Section) -> str:
        """The section's heading line and its text, sub-sections included."""
        return "\n".join(self.lines[node.line:node.end])


def load_outlines(rulebooks: dict[str, str]) -> dict[str, Outline]:
    data = yaml.safe_load(OUTLINES.read_text(encoding="utf-8")) or {}
    return {name: Outline(name, rulebooks[name], items) for name, items in data.items() if name in rulebooks}


def outline_file_names() -> list[str]:
    return sorted((yaml.safe_load(OUTLINES.read_text(encoding="utf-8")) or {}).keys())
