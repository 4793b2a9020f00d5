"""Citations are heading paths that really nest.

tests/content/rulebook_outlines.yaml gives each rulebook's heading tree. Its headings must be whole
lines of the book in the book's order; where a book prints an indented table of contents, the tree is
that table. Every citation in the bundled content names a path from a top-level heading down, each
heading a sub-section of the one before it; a rule test's `section` may start below the top, but must
nest all the same.
"""

from __future__ import annotations

import json
import re

import pytest

from compiler.loader import load_file
from content_helpers import CONTENT, REPO, content_files
from rulebook_outline import Outline, body_start, load_outlines, outline_file_names, walk

TOC_ENTRY = re.compile(r"(\s*)[-•]\s+(\S.*?)\s*")


@pytest.fixture(scope="module")
def outlines(rulebooks):
    return load_outlines(rulebooks)


def test_every_rulebook_has_an_outline(rulebooks):
    assert outline_file_names() == sorted(rulebooks)


def test_outline_headings_are_lines_of_their_book_in_order(outlines):
    bad = {name: o.problems for name, o in outlines.items() if o.problems}
    assert not bad, bad


def toc_tree(text: str) -> list[tuple[int, str]] | None:
    """(indent level, entry) for each line of the printed table of contents, or None without one."""
    lines = text.splitlines()
    if "Table of Contents" not in lines:
        return None
    out, i = [], lines.index("Table of Contents")
    while i < len(lines) and lines[i].strip() in ("", "Table of Contents"):
        i += 1
    while i < len(lines) and (m := TOC_ENTRY.fullmatch(lines[i])):
        out.append((len(m.group(1)), m.group(2)))
        i += 1
    return out


def test_outlines_follow_the_printed_tables_of_contents(rulebooks, outlines):
    for name, o in outlines.items():
        toc = toc_tree(rulebooks[name])
        if not toc:
            continue
        nodes = list(walk(o.top))
        indents = sorted({ind for ind, _ in toc})
        if len(indents) > 1:  # an indented table: the tree is exactly that table
            assert [(indents.index(ind), e) for ind, e in toc] == [(n.depth, n.heading) for n in nodes], name
        else:  # a flat table: each entry is a heading of the tree
            headings = {n.heading for n in nodes}
            assert [e for _, e in toc if e not in headings] == [], name


BOOK = "Title\nTable of Contents\n- A\n- B\nA\nintro\nA1\none\n2. next: inline\nafter\nB\nbee\nB1\nlast\n"
TREE = [{"A": [{"heading": "A1", "until": "2. next:"}]}, {"B": ["B1"]}]


def test_outline_resolves_paths_and_cuts_sections():
    o = Outline("book.txt", BOOK, TREE)
    assert o.problems == []
    assert body_start(BOOK.splitlines()) == 4
    a1, err = o.resolve(["A", "A1"])
    assert err is None and o.text(a1) == "A1\none"  # ends at the `until` line
    a, _ = o.resolve(["A"])
    assert o.text(a) == "A\nintro\nA1\none\n2. next: inline\nafter"  # a section holds its sub-sections
    b1, _ = o.resolve(["B", "B1"])
    assert o.text(b1) == "B1\nlast"


def test_outline_refuses_paths_that_do_not_nest():
    o = Outline("book.txt", BOOK, TREE)
    assert "not a sub-section of 'A'" in o.resolve(["A", "B1"])[1]  # two sections that do not nest
    assert "not a top-level section" in o.resolve(["B1"])[1]
    assert o.resolve(["B1"], rooted=False)[1] is None  # a rule test may start below the top
    assert "not a section heading" in o.resolve(["intro"])[1]  # a line of text is not a heading
    assert "not a sub-section" in o.resolve(["B", "A1"], rooted=False)[1]


def test_outline_reports_headings_out_of_place():
    assert Outline("book.txt", BOOK, ["B", "A"]).problems  # out of the book's order
    assert Outline("book.txt", BOOK, ["Bx"]).problems  # not a whole line
    assert Outline("book.txt", BOOK, [{"heading": "A", "until": "zzz"}]).problems  # no such end line


def _citations(value, where=()):
    if isinstance(value, dict):
        if "rulebook" in value and "section" in value:
            yield where, value
        for k, v in value.items():
            yield from _citations(v, where + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _citations(v, where + (i,))


@pytest.mark.parametrize("path", content_files(CONTENT), ids=lambda p: str(p.relative_to(CONTENT)))
def test_content_citations_nest_from_the_top(path, outlines):
    loaded, _ = load_file(path)
    assert loaded is not None
    bad = []
    for where, cite in _citations(loaded.data):
        o = outlines.get(cite["rulebook"])
        err = "unknown rulebook" if o is None else o.resolve(cite["section"])[1]
        if err:
            bad.append(f"{'.'.join(map(str, where))}: {err}")
    assert not bad, "\n".join(bad)


def test_rule_test_sections_nest(outlines):
    bad = []
    for f in sorted((REPO / "tests" / "rules").glob("*.json")):
        t = json.loads(f.read_text(encoding="utf-8"))
        o = outlines.get(t.get("rulebook"))
        err = "unknown rulebook" if o is None else o.resolve(t.get("section") or [], rooted=False)[1]
        if err:
            bad.append(f"{f.name}: {err}")
    assert not bad, "\n".join(bad)
