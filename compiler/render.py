"""Diagnostic renderers: human code frames, JSON, SARIF 2.1.0 and GitHub workflow annotations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Iterable
from urllib.parse import quote

from .codes import all_codes, lookup
from .diagnostics import Diagnostic, Safety, Severity
from .loader import text_lines
from .limits import MAX_FILE_BYTES
from .safeio import display_col, escape, read_regular, shown_line

SourceLookup = Callable[[str], "str | None"]


def file_source_lookup(overrides: dict[str, str] | None = None, root: Path | None = None) -> SourceLookup:
    cache: dict[str, str | None] = dict(overrides or {})

    def get(path: str) -> str | None:
        if path not in cache:
            p = Path(path)
            if not p.is_absolute() and root is not None:
                p = root / p
            try:  # bounded and non-blocking: a FIFO or a device named in a diagnostic is not read
                raw = read_regular(p)
                cache[path] = raw.decode("utf-8", errors="replace") if len(raw) <= MAX_FILE_BYTES else None
            except OSError:
                cache[path] = None
        return cache[path]

    return get


def render_human(diags: Iterable[Diagnostic], sources: SourceLookup, *, color: bool = False) -> str:
    """Code frames for people: every author string escaped and cut to a bound, each file split once."""
    split: dict[str, list[str]] = {}

    def lines_of(path: str) -> list[str]:
        hit = split.get(path)
        if hit is None:
            text = sources(path)
            hit = split[path] = text_lines(text) if text is not None else []
        return hit

    return "\n".join(_human_one(d, lines_of, color) for d in diags)


_COLORS = {"error": "\033[1;31m", "warning": "\033[1;33m", "info": "\033[1;36m"}


def fix_mark(d: Diagnostic) -> str:
    """`[*] ` before the message of a diagnostic `paleo lint --fix` settles, `[?] ` of one only
    `--fix --unsafe-fixes` does (a guess to review), nothing otherwise (as ruff marks its fixable rules)."""
    fix = d.fix
    if fix is None or not fix.edits:
        return ""
    return "[*] " if fix.safety is Safety.SAFE else "[?] " if fix.safety is Safety.UNSAFE else ""


def _human_one(d: Diagnostic, lines_of: Callable[[str], list[str]], color: bool) -> str:
    sev = d.severity.value
    msg = fix_mark(d) + escape(d.message)
    head = f"{sev}[{d.code}]: {msg}"
    if color:
        head = f"{_COLORS[sev]}{sev}[{d.code}]\033[0m\033[1m: {msg}\033[0m"
    s = d.span
    lines = [head, f"  --> {escape(s.file)}:{s.line}:{s.column}"]
    frame_lines = lines_of(s.file)
    annotated = [(s, d.label or "", True)] + [(lb.span, lb.message, False) for lb in d.labels if lb.span.file == s.file]
    wanted = sorted({a[0].line for a in annotated if 0 < a[0].line <= len(frame_lines)})
    if wanted:
        width = len(str(max(wanted)))
        lines.append(" " * width + " |")
        for ln in wanted:
            src = frame_lines[ln - 1].replace("\t", " ")
            here = [a for a in annotated if a[0].line == ln]
            first = min(max(a[0].column, 1) for a in here)
            lines.append(f"{ln:>{width}} | {shown_line(src, first)}")
            for span, m, primary in here:
                start = max(span.column, 1)
                end = span.end_column if span.end_line == span.line else len(src) + 1
                end = max(end, start + 1)
                ds, de = display_col(src, first, start), display_col(src, first, end)
                mark = ("^" if primary else "-") * max(de - ds, 1)
                lines.append(" " * width + " | " + " " * (ds - 1) + mark + (f" {escape(m)}" if m else ""))
        lines.append(" " * width + " |")
    for lb in d.labels:
        if lb.span.file != s.file:
            lines.append(f"  = note: {escape(lb.message)} at {escape(lb.span.file)}:{lb.span.line}:{lb.span.column}")
    for n in d.notes:
        lines.append(f"  = note: {escape(n)}")
    if d.help:
        lines.append(f"  = help: {escape(d.help)}")
    return "\n".join(lines) + "\n"


def summary_line(diags: list[Diagnostic]) -> str:
    counts = {s: 0 for s in ("error", "warning", "info")}
    for d in diags:
        counts[d.severity.value] += 1
    parts = [f"{n} {k}{'s' if n != 1 else ''}" for k, n in counts.items() if n]
    return ", ".join(parts) if parts else "no problems found"


def _json_escape(ch: str) -> str:
    n = ord(ch)
    if n > 0xFFFF:  # a surrogate pair, as JSON spells a character beyond the first plane
        n -= 0x10000
        return f"\\u{0xD800 + (n >> 10):04x}\\u{0xDC00 + (n & 0x3FF):04x}"
    return f"\\u{n:04x}"


def json_text(doc) -> str:
    """`doc` as indented JSON that is safe on a terminal: readable UTF-8, but every character that is not
    printable (DEL, C1 controls, U+2028, bidirectional overrides ...) as a `\\uXXXX` escape, which a
    JSON reader turns back into the same text."""
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    if text.isprintable():
        return text + "\n"
    return "".join(c if c.isprintable() or c in " \n" else _json_escape(c) for c in text) + "\n"


def render_json(diags: Iterable[Diagnostic]) -> str:
    return json_text([d.to_dict() for d in diags])


_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def render_sarif(diags: list[Diagnostic], *, version: str, root: Path) -> str:
    codes = all_codes()
    index = {c.id: i for i, c in enumerate(codes)}
    rules = [
        {
            "id": c.id,
            "name": _pascal(c.name),
            "shortDescription": {"text": c.summary},
            "fullDescription": {"text": c.what.strip()},
            "help": {"text": c.explanation(), "markdown": c.explanation()},
            "defaultConfiguration": {"level": _SARIF_LEVEL[c.severity]},
        }
        for c in codes
    ]
    results = []
    for d in diags:
        res = {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _SARIF_LEVEL[d.severity],
            "message": {"text": d.message + (f" ({d.help})" if d.help else "")},
            "locations": [_sarif_location(d.span, root)],
        }
        if d.labels:
            res["relatedLocations"] = [
                {**_sarif_location(lb.span, root), "id": i, "message": {"text": lb.message}}
                for i, lb in enumerate(d.labels)
            ]
        results.append(res)
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "paleo", "version": version, "informationUri": "https://example.invalid/paleo-codex", "rules": rules}},
                "originalUriBaseIds": {"SRCROOT": {"uri": root.resolve().as_uri() + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return json_text(doc)


def _sarif_location(span, root: Path) -> dict:
    uri = span.file.replace("\\", "/")
    loc = {"physicalLocation": {"artifactLocation": {"uri": _uri_escape(uri)}, "region": {
        "startLine": max(span.line, 1), "startColumn": max(span.column, 1),
        "endLine": max(span.end_line, span.line, 1), "endColumn": max(span.end_column, 1),
    }}}
    if not Path(span.file).is_absolute():
        loc["physicalLocation"]["artifactLocation"]["uriBaseId"] = "SRCROOT"
    else:
        loc["physicalLocation"]["artifactLocation"]["uri"] = Path(span.file).as_uri()
    return loc


def _uri_escape(path: str) -> str:
    return quote(path, safe="/-_.~")


def _pascal(name: str) -> str:
    return "".join(w.capitalize() for w in name.split("-"))


def _gh_escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_escape_prop(s: str) -> str:
    return _gh_escape_data(s).replace(":", "%3A").replace(",", "%2C")


_BREAKS = "\r\n"  # GitHub's annotation format escapes these itself
_GH_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def render_github(diags: Iterable[Diagnostic]) -> str:
    out = []
    for d in diags:
        s = d.span
        props = [
            f"file={_gh_escape_prop(escape(s.file, None, keep=_BREAKS))}",
            f"line={s.line}",
            f"col={s.column}",
            f"endLine={s.end_line}",
            f"endColumn={s.end_column}",
            f"title={_gh_escape_prop(d.code + ' ' + lookup(d.code).name)}",
        ]
        msg = escape(d.message, keep=_BREAKS) + ("\nhelp: " + escape(d.help, keep=_BREAKS) if d.help else "")
        out.append(f"::{_GH_LEVEL[d.severity]} {','.join(props)}::{_gh_escape_data(msg)}")
    return "\n".join(out) + ("\n" if out else "")
