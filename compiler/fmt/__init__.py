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

import difflib
import sys
from pathlib import Path
from typing import TextIO

from ..diagnostics import Diagnostic, Span, make
from ..loader import decode, load_text, read_input
from ..safeio import atomic_write, escape, path_problem
from ..schema import MODELINE_PREFIX
from .emit import Emitter, is_modeline, schema_path_for
from .shape import content_shape
from .tree import Source, Unsupported, attach_comments, parse, scan_comments
from .roundtrip import comment_texts, roundtrip_comments, roundtrip_load, same_data, verify

__all__ = ["format_text", "run", "collect_files", "render_diagnostic", "content_shape", "schema_path_for",
           "roundtrip_load", "roundtrip_comments", "same_data", "comment_texts"]

YAML_SUFFIXES = (".yaml", ".yml")


def format_text(text: str, path: str) -> tuple[str, list[Diagnostic]]:
    """Format one file's text; on any doubt return it unchanged with a diagnostic saying why."""
    lf, diags = load_text(path, text)
    if lf is None or any(d.is_error for d in diags):
        return text, diags
    try:
        out = _format(text, path)
    except Unsupported as exc:
        return text, [_diag_at("F003", f"cannot lay out {exc}", path, text, exc.index)]
    if out == text:  # already canonical: nothing to prove
        return out, []
    problem = verify(text, out, path, lf.data)
    if problem is None:
        try:
            again = _format(out, path)
        except Unsupported as exc:
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
        raise Unsupported("a carriage return outside a line ending", body.index("\r"))
    if body.startswith("\ufeff"):
        body = body[1:]
    src = Source(body)
    for ln, s in enumerate(src.lines):
        if s.startswith("%"):
            raise Unsupported("a `%` directive", src.line_starts[ln])
    root, explicit_start, atoms = parse(src)
    comments = scan_comments(src, atoms)
    em = Emitter(src)
    if root is None:
        raise Unsupported("a file without a document", 0)
    if root.kind != "map":
        raise Unsupported("a root that is not a block mapping", root.start)
    attach_comments(src, root, atoms, comments)

    # the header: the first entry's leading comments, with the modeline first
    first = root.entries[0] if root.entries else None
    header = first.leading if first is not None else []
    modeline = next((c for c in header if is_modeline(c.text)), None)
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
        raise Unsupported("a comment fmt cannot attach", root.eol.index)
    lines = em.out
    while lines and lines[-1] == "" and not em.keep:
        lines.pop()
    return "\n".join(lines) + "\n"


def collect_files(paths: list[str]) -> tuple[list[Path], list[str]]:
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


def render_diagnostic(d: Diagnostic) -> str:
    s = d.span
    out = f"{escape(s.file)}:{s.line}:{s.column}: {d.severity.value}[{d.code}]: {escape(d.message)}"
    if d.help:
        out += f"\n  = help: {escape(d.help)}"
    return out


def run(paths: list[str], *, check: bool, diff: bool, out: TextIO | None = None) -> int:
    """Format files and folders; 0 ok, 1 would change (with --check) or errors, 2 I/O error."""
    out = out or sys.stdout
    files, missing = collect_files(paths)
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
                out.write(render_diagnostic(d) + "\n")
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
            out.write(render_diagnostic(d) + "\n")
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
            out.write(render_diagnostic(_not_formatted(shown, text, new)) + "\n")
            out.write(f"would reformat {escape(shown)}\n")
            rc = max(rc, 1)
        elif not diff:
            try:
                atomic_write(f, new)
            except OSError as exc:
                changed -= 1
                failed += 1
                out.write(render_diagnostic(make("C021", f"cannot write `{shown}`: {exc.strerror or exc}",
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
