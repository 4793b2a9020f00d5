"""What a position in a card file names: the records at a cursor, their hover text, and what a rename there renames."""

from __future__ import annotations

import re
from pathlib import Path

from ..safeio import read_regular


def target_at(check, shown, off, lf):
    """(record ids, site) named at the offset: a reference in an option, an id or a field naming one."""
    idx = check.index()
    site = idx.site_at(shown, off)
    if site is not None:
        same = [s.target for s in idx.sites() if s.file == shown and s.start == site.start and s.end == site.end]
        return list(dict.fromkeys(same)), site
    return [], None


def record_hover(idx, rid: str) -> str:
    e = idx.records[rid]
    r = e.record
    name = getattr(r, "name", None)
    lines = [f"**{name}** — `{rid}`" if name else f"`{rid}`"]
    summary = getattr(r, "summary", None)
    if summary:
        lines += ["", summary]
    comp = getattr(r, "completeness", None)
    if comp is not None:
        lines += ["", f"completeness: {getattr(comp, 'value', comp)}"]
    lines.append(f"\n{e.file.path}")
    return "\n".join(lines)


def rename_plan(check, shown, off, lf):
    """(what, record id, old text, site) of what a rename at the offset renames: a record's id or a card's name."""
    ids, site = target_at(check, shown, off, lf)
    if site is None or len(ids) != 1:
        return None
    if site.kind in ("id", "field"):
        return "id", ids[0], ids[0], site
    if site.kind == "name" or (site.kind == "ref" and site.name is not None):
        rec = check.index().records[ids[0]].record
        name = getattr(rec, "name", None)
        if name:
            if site.kind == "ref":
                inner = [s for s in check.index().sites() if s.kind == "refname" and s.file == shown
                         and site.start <= s.start and s.end <= site.end]
                site = inner[0] if inner else site
            return "name", ids[0], name, site
    return None


def norm_eq(a, b) -> bool:
    return a is not None and " ".join(a.lower().split()) == " ".join(str(b).lower().split())


RULE_TESTS = ("tests", "rules")  # where a project's rule tests live (`paleo test`'s default folder)
MAX_RULE_TESTS = 5000


def rule_test_renames(root: Path, rid: str, new: str) -> dict[Path, tuple[str, list[tuple[int, int, str]]]]:
    """The edits that rename record `rid` to `new` in the project's rule tests: every JSON string that is the id,
    or a rule reference of it (`rid#rule`), by file: (its text, [(start, end, replacement)])."""
    folder = root.joinpath(*RULE_TESTS)
    out: dict[Path, tuple[str, list[tuple[int, int, str]]]] = {}
    if not folder.is_dir() or folder.is_symlink():
        return out
    pattern = re.compile('"(' + re.escape(rid) + ')(?=["#])')
    for n, path in enumerate(sorted(folder.glob("*.json"))):
        if n >= MAX_RULE_TESTS:
            break
        try:
            text = read_regular(path).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        edits = [(m.start(1), m.end(1), new) for m in pattern.finditer(text)]
        if edits:
            out[path] = (text, edits)
    return out
