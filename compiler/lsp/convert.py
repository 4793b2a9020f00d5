"""Conversions between the compiler's positions and diagnostics and the protocol's ranges, diagnostics and URIs."""

from __future__ import annotations

from lsprotocol import types as L
from pygls import uris

from ..diagnostics import Severity
from ..effects.positions import line_col
from ..limits import MAX_FILE_BYTES
from ..project import code_page_url
from .engine import Project, lsp_col

SEVERITY = {Severity.ERROR: L.DiagnosticSeverity.Error, Severity.WARNING: L.DiagnosticSeverity.Warning,
            Severity.INFO: L.DiagnosticSeverity.Information}


def too_large(text: str) -> bool:
    """A buffer past the loader's bound: checked (and refused, Y009) like the file, never loaded here."""
    return len(text) > MAX_FILE_BYTES // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES


def text_lines(text: str) -> list[str]:
    return text.split("\n")


def to_range(text: str, line1: int, col1: int, end_line1: int, end_col1: int, lines=None) -> L.Range:
    lines = lines or text_lines(text)

    def pos(ln, col):
        if ln - 1 >= len(lines) or ln < 1:
            return L.Position(line=max(ln - 1, 0), character=max(col - 1, 0))
        return L.Position(line=ln - 1, character=lsp_col(lines[ln - 1], col))

    return L.Range(start=pos(line1, col1), end=pos(end_line1, end_col1))


def offsets_range(text: str, start: int, end: int, starts=None) -> L.Range:
    l1, c1 = line_col(text, start)
    l2, c2 = line_col(text, end)
    return to_range(text, l1, c1, l2, c2)


def to_lsp_diag(d, text: str, project: Project) -> L.Diagnostic:
    s = d.span
    related = []
    for lab in d.labels:
        ltext = text if lab.span.file == s.file else (project.last.texts.get(lab.span.file, "") if project.last else "")
        related.append(L.DiagnosticRelatedInformation(
            location=L.Location(uri=uris.from_fs_path(str(project.path_of(lab.span.file))),
                                range=to_range(ltext, lab.span.line, lab.span.column, lab.span.end_line, lab.span.end_column)),
            message=lab.message))
    data = {"help": d.help} if d.help else None
    return L.Diagnostic(range=to_range(text, s.line, s.column, s.end_line, s.end_column), message=d.message,
                        severity=SEVERITY.get(d.severity, L.DiagnosticSeverity.Information), code=d.code,
                        source="paleo", code_description=L.CodeDescription(href=code_page_url(d.code)),
                        related_information=related or None, data=data)


def uri_of(project: Project, shown: str) -> str:
    return uris.from_fs_path(str(project.path_of(shown)))


def whole_range(text: str) -> L.Range:
    lines = text_lines(text)
    return L.Range(start=L.Position(line=0, character=0),
                   end=L.Position(line=len(lines) - 1, character=lsp_col(lines[-1], len(lines[-1]) + 1)))
