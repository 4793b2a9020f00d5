"""The one diagnostic type shared by every stage of the pipeline."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Iterable

from .codes import Severity, lookup  # Severity is declared with the codes, whose defaults it names


class Safety(str, Enum):
    """How safe it is to apply a suggested fix without review."""

    SAFE = "safe"
    UNSAFE = "unsafe"
    DISPLAY = "display"  # shown to the author, never applied automatically


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a file; lines and columns are 1-based, end column exclusive."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, file: str, line: int = 1, column: int = 1) -> "Span":
        return cls(file, line, column, line, column + 1)

    def to_dict(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
        }


@dataclass(frozen=True, slots=True)
class Label:
    """A secondary span with a short message saying what is at that spot."""

    span: Span
    message: str


@dataclass(frozen=True, slots=True)
class Edit:
    span: Span
    replacement: str


@dataclass(frozen=True, slots=True)
class Fix:
    description: str
    edits: tuple[Edit, ...] = ()
    safety: Safety = Safety.DISPLAY


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    span: Span
    label: str = ""
    labels: tuple[Label, ...] = ()
    help: str | None = None
    fix: Fix | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def with_severity(self, severity: Severity) -> "Diagnostic":
        return replace(self, severity=severity)

    def sort_key(self) -> tuple:
        s = self.span
        return (s.file, s.line, s.column, self.code, self.message)

    def to_dict(self) -> dict:
        out = {
            "code": self.code,
            "name": lookup(self.code).name,
            "severity": self.severity.value,
            "message": self.message,
            **self.span.to_dict(),
        }
        if self.label:
            out["label"] = self.label
        if self.labels:
            out["labels"] = [{"message": lb.message, **lb.span.to_dict()} for lb in self.labels]
        if self.help:
            out["help"] = self.help
        if self.fix:
            out["fix"] = {
                "description": self.fix.description,
                "safety": self.fix.safety.value,
                "edits": [{"replacement": e.replacement, **e.span.to_dict()} for e in self.fix.edits],
            }
        if self.notes:
            out["notes"] = list(self.notes)
        return out


def make(code: str, message: str, span: Span, **kw) -> Diagnostic:
    """Build a diagnostic whose severity is the code's registered default."""
    return Diagnostic(code=code, severity=lookup(code).severity, message=message, span=span, **kw)


def has_errors(diags: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diags)


def sort_diagnostics(diags: Iterable[Diagnostic]) -> list[Diagnostic]:
    return sorted(diags, key=Diagnostic.sort_key)


def did_you_mean(word: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """Nearest names by edit distance (Damerau-Levenshtein, optimal string alignment), best first: those
    within 1 to 3 edits (by the word's length), and those the word (4 characters or more) begins. Each
    candidate costs its length times the few edits allowed, so a file of many unknown words stays linear."""
    scored = []
    w = word.lower()
    budget = max(1, min(3, len(w) // 3 + 1))
    letters = set(w)
    for c in set(candidates):
        cl = c.lower()
        if len(w) >= 4 and cl.startswith(w):
            d = len(cl) - len(w)  # the word begins it: as many edits as letters it lacks
        elif abs(len(cl) - len(w)) > budget or len(letters.symmetric_difference(cl)) > 2 * budget:
            continue  # each edit changes the length by at most 1, and which letters occur by at most 2
        else:
            d = _distance(w, cl, budget)
            if d > budget:
                continue
        scored.append((d, c))
    scored.sort()
    return [c for _, c in scored[:limit]]


def _distance(a: str, b: str, bound: int) -> int:
    """The optimal-string-alignment distance of `a` and `b`, or `bound` + 1 as soon as it must exceed it."""
    if a == b:
        return 0
    la, lb = len(a), len(b)
    prev2: list[int] = []
    prev = list(range(lb + 1))
    over = False  # whether the previous row already exceeded the bound everywhere
    for i in range(1, la + 1):
        cur = [i] + [0] * lb
        for j in range(1, lb + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        now_over = min(cur) > bound
        if now_over and over:  # two rows over the bound: no later cell can come back under it
            return bound + 1
        over = now_over
        prev2, prev = prev, cur
    return min(prev[lb], bound + 1)


def suggestion_help(word: str, candidates: Iterable[str]) -> str | None:
    near = did_you_mean(word, candidates)
    if not near:
        return None
    if len(near) == 1:
        return f"did you mean `{near[0]}`?"
    return "did you mean one of " + ", ".join(f"`{n}`" for n in near) + "?"
