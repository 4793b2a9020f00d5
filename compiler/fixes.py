"""Fixes for `paleo lint --fix / --unsafe-fixes / --diff`.

A fix is a set of text edits a diagnostic carries (`Diagnostic.fix`). Safety follows ruff: a **safe**
fix keeps what the author evidently meant (`yes` where a boolean is asked for is `true`; a
suppression comment that suppresses nothing goes), and is applied by `--fix`; an **unsafe** fix is a
likely guess (the one did-you-mean of a misspelt symbol, field name or value) and is applied only with
`--unsafe-fixes` as well. Edits are applied to the text as written, so layout and every comment stay
(the check that fmt's lossless writer makes is made again on the result: the file must load, and keep
every comment but a removed suppression). The fixed files are linted again and fixed again until
nothing changes, so a second `--fix` changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .diagnostics import Diagnostic, Edit, Fix, Safety, Span
from .loader import load_text

_ONE_GUESS = re.compile(r"did you mean `([^`]+)`\?")
_TRUE = {"yes", "Yes", "YES", "on", "On", "ON", "y", "Y"}
_FALSE = {"no", "No", "NO", "off", "Off", "OFF", "n", "N"}
_PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._/:-]*$")
MAX_ROUNDS = 8


def _text_at(lines: list[str], span: Span) -> str | None:
    if span.line != span.end_line or not (1 <= span.line <= len(lines)):
        return None
    line = lines[span.line - 1]
    if span.end_column - 1 > len(line) or span.column < 1:
        return None
    return line[span.column - 1:span.end_column - 1]


def _quoted(raw: str, value: str) -> str:
    """`value` written the way `raw` was: in the same quotes, or plain."""
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "'\"":
        return raw[0] + value + raw[0]
    return value


class _Lines(list):
    """A file's lines, split once for all its diagnostics, with the field names written at each indent
    (found on first use), so each diagnostic's fix costs what its own line does, not the whole file."""

    _FIELD = re.compile(r"^(\s*)([A-Za-z_][A-Za-z0-9_]*)\s*:")

    def __init__(self, text: str):
        super().__init__(text.split("\n"))
        self._fields: dict[int, set[str]] | None = None

    def has_field(self, indent: int, name: str) -> bool:
        if self._fields is None:
            self._fields = {}
            for ln in self:
                m = self._FIELD.match(ln)
                if m:
                    self._fields.setdefault(len(m.group(1)), set()).add(m.group(2))
        return name in self._fields.get(indent, ())


def fix_for(d: Diagnostic, text: "str | _Lines") -> Fix | None:
    """The fix of one diagnostic, read from the diagnostic and the file's text (or its `_Lines`, to share
    the split between diagnostics); None when there is none."""
    lines = text if isinstance(text, _Lines) else _Lines(text)
    raw = _text_at(lines, d.span)
    if d.code == "C004":
        return _remove_suppression(d, lines)
    if raw is None:
        return None
    if d.code in ("M006", "M005") and raw.strip("'\"") in _TRUE | _FALSE and "YAML 1.2" in (d.help or "") \
            and "true" in (d.help or "") and raw[:1] not in "'\"":
        value = "true" if raw in _TRUE else "false"
        return Fix(f"write `{value}` (YAML 1.2's boolean) for `{raw}`", (Edit(d.span, value),), Safety.SAFE)
    m = _ONE_GUESS.search(d.help or "")
    if m is None or d.code not in ("M003", "M005", "E302"):
        return None
    guess = m.group(1)
    if not _PLAIN.match(guess):
        return None
    if d.code == "M003":
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", raw):
            return None
        indent = len(lines[d.span.line - 1]) - len(lines[d.span.line - 1].lstrip())
        if lines.has_field(indent, guess):  # the field is there already: a guess too far
            return None
        return Fix(f"rename `{raw}` to `{guess}`", (Edit(d.span, guess),), Safety.UNSAFE)
    if d.code == "E302" and any(ch in raw for ch in "'\"\\"):
        return None
    return Fix(f"replace `{raw.strip(chr(39) + chr(34))}` with `{guess}`", (Edit(d.span, _quoted(raw, guess) if d.code != "E302" else guess),),
               Safety.UNSAFE)


_SUPPRESSION = re.compile(r"(\s*)#\s*paleo:\s*ignore\[([^\]]*)\]")


def _remove_suppression(d: Diagnostic, lines: list[str]) -> Fix | None:
    if not (1 <= d.span.line <= len(lines)):
        return None
    line = lines[d.span.line - 1]
    for m in _SUPPRESSION.finditer(line):
        if not (m.start(2) < d.span.column <= m.end(2)):
            continue
        codes = [c for c in re.split(r"[,\s]+", m.group(2).strip()) if c]
        code = line[d.span.column - 1:d.span.end_column - 1]
        rest = [c for c in codes if c.upper() != code.upper()]
        if rest:
            new = line[:m.start(2)] + ", ".join(rest) + line[m.end(2):]
        else:
            tail = line[m.end():]
            if tail.strip() == "":
                new = line[:m.start()].rstrip()
            elif tail.lstrip().startswith("#"):  # another comment after it stays, where it was
                new = line[:m.start()] + m.group(1) + tail.lstrip()
            else:
                return None
        span = Span(d.span.file, d.span.line, 1, d.span.line, len(line) + 1)
        return Fix(f"remove the suppression of `{code}`", (Edit(span, new),), Safety.SAFE)
    return None


def with_fixes(diags: list[Diagnostic], texts: dict[str, str]) -> list[Diagnostic]:
    """The diagnostics, each carrying its fix when it has one."""
    out = []
    split: dict[str, _Lines] = {}
    for d in diags:
        text = texts.get(d.span.file)
        if text is not None and d.fix is None:
            lines = split.get(d.span.file)
            if lines is None:
                lines = split[d.span.file] = _Lines(text)
            fix = fix_for(d, lines)
        else:
            fix = None
        out.append(replace(d, fix=fix) if fix is not None else d)
    return out


def applicable(d: Diagnostic, unsafe: bool) -> bool:
    return d.fix is not None and (d.fix.safety is Safety.SAFE or (unsafe and d.fix.safety is Safety.UNSAFE))


def apply_fixes(text: str, fixes: list[Fix]) -> tuple[str, int]:
    """`text` with the edits of `fixes` applied (a fix overlapping one applied before it waits for the
    next round); the new text and how many fixes were applied."""
    lines = text.split("\n")
    starts = [0]
    for ln in lines[:-1]:
        starts.append(starts[-1] + len(ln) + 1)

    def offset(line: int, col: int) -> int:
        return starts[line - 1] + col - 1

    taken: list[tuple[int, int]] = []
    chosen: list[tuple[int, int, str]] = []
    applied = 0
    for fix in fixes:
        spans = [(offset(e.span.line, e.span.column), offset(e.span.end_line, e.span.end_column), e.replacement)
                 for e in fix.edits]
        if any(a < y and x < b for a, b, _ in spans for x, y in taken):
            continue
        taken.extend((a, b) for a, b, _ in spans)
        chosen.extend(spans)
        applied += 1
    pieces, at = [], 0
    for a, b, rep in sorted(chosen):  # one pass: the text between the edits, then each replacement
        pieces += [text[at:a], rep]
        at = b
    pieces.append(text[at:])
    return "".join(pieces), applied


def _kept_comments(text: str) -> list[str]:
    """The file's comments with suppressions taken out (a fix may remove those, nothing else)."""
    from .fmt import comment_texts  # noqa: PLC0415 - start-up cost: fmt loads ruamel.yaml (~120 ms), needed only to check a fix

    out = []
    for c in comment_texts(text):
        t = re.sub(r"#\s*paleo:\s*ignore\[[^\]]*\]", "", c).strip()
        if t and t != "#":
            out.append(t)
    return sorted(out)


def lossless(before: str, after: str, path: str) -> str | None:
    """Why `after` may not replace `before` (None when it may): it must load, and keep every comment of
    `before` but the suppressions a fix removed — the check fmt's writer makes of its own output."""
    lf, diags = load_text(path, after)
    if lf is None or any(d.code.startswith("Y") and d.is_error for d in diags):
        return "the fixed file would not load"
    try:
        same = _kept_comments(before) == _kept_comments(after)
    except Exception:  # noqa: BLE001 - a text fmt's scanner cannot read: the comments cannot be proven kept
        return "its comments cannot be checked"
    return None if same else "a comment would be lost"
