"""Stage 1, load: YAML bytes to plain data with positions, YAML 1.2 core schema, bounded and safe.

The fast path drives libyaml's event parser (through PyYAML's C binding) and builds
plain Python data itself with an explicit stack, so that the YAML 1.2 core schema,
duplicate keys, nesting depth, alias expansion and tags are all decided here, in one
pass, and every node's position is recorded on the way. libyaml's own composer is
recursive and crashes on deep nesting; the event loop here is not.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, Label, Span, make

MAX_FILE_BYTES = 1 << 20  # 1 MiB: card files are a few KiB
MAX_DEPTH = 64
MAX_EXPANDED_NODES = 200_000  # nodes reachable after alias expansion, per file

Path_ = tuple  # a path of mapping keys and sequence indices from the document root


@dataclass(frozen=True, slots=True)
class NodePos:
    """Where a value (and, inside a mapping, its key) stands in the file."""

    value: Span
    key: Span | None = None
    style: str | None = None  # scalar style: None plain, "'", '"', "|", ">"
    start_index: int = 0  # character offsets of the value in the decoded text
    end_index: int = 0


@dataclass(slots=True)
class LoadedFile:
    path: str
    text: str
    data: Any
    positions: dict[Path_, NodePos] = field(default_factory=dict)
    comments: dict[int, str] = field(default_factory=dict)  # line -> trailing comment text

    def pos(self, path: Path_) -> NodePos:
        """The position of `path`, or of its nearest recorded ancestor."""
        p = tuple(path)
        while p:
            hit = self.positions.get(p)
            if hit is not None:
                return hit
            p = p[:-1]
        return self.positions.get((), NodePos(Span.point(self.path)))

    def span(self, path: Path_, *, key: bool = False) -> Span:
        hit = self.pos(path)
        if key and hit.key is not None and tuple(path) in self.positions:
            return hit.key
        return hit.value


# YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1023-core-schema)
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT10 = re.compile(r"^[-+]?[0-9]+$")
_INT8 = re.compile(r"^0o[0-7]+$")
_INT16 = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")


def resolve_plain(value: str) -> Any:
    """Resolve an untagged plain scalar as the YAML 1.2 core schema says."""
    if _NULL.match(value):
        return None
    b = _BOOL.get(value)
    if b is not None:
        return b
    if _INT10.match(value):
        return int(value)
    if _INT8.match(value):
        return int(value[2:], 8)
    if _INT16.match(value):
        return int(value[2:], 16)
    if _FLOAT.match(value):
        return float(value)
    if _INF.match(value):
        return -math.inf if value.startswith("-") else math.inf
    if _NAN.match(value):
        return math.nan
    return value


class _Frame:
    __slots__ = ("container", "path", "is_map", "pending_key", "pending_key_span", "keys", "anchor", "size", "start")

    def __init__(self, container, path, is_map, anchor, start):
        self.container = container
        self.path = path
        self.is_map = is_map
        self.pending_key = _NOKEY
        self.pending_key_span = None
        self.keys: dict = {}
        self.anchor = anchor
        self.size = 1
        self.start = start


_NOKEY = object()


def load_text(path: str, text: str) -> tuple[LoadedFile | None, list[Diagnostic]]:
    """Load one YAML document from decoded text."""
    import yaml  # PyYAML's binding to libyaml; imported lazily to keep start-up cheap

    diags: list[Diagnostic] = []
    lf = LoadedFile(path=path, text=text, data=None)
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        diags.append(make("Y005", "empty file", Span.point(path), label="no YAML document here",
                          help="a content file holds one mapping such as `cards: [...]`"))
        return None, diags

    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    def sp(start, end) -> Span:
        el, ec = end.line + 1, end.column + 1
        if (el, ec) <= (start.line + 1, start.column + 1):
            el, ec = start.line + 1, start.column + 2
        return Span(path, start.line + 1, start.column + 1, el, ec)

    stack: list[_Frame] = []
    anchors: dict[str, tuple[Any, int]] = {}
    positions = lf.positions
    root: Any = None
    docs = 0
    expanded = 0

    def attach(value, vspan: Span, *, style=None, start=0, end=0, size=1, anchor=None, ev=None) -> bool:
        nonlocal root, expanded
        expanded += size
        if expanded > MAX_EXPANDED_NODES:
            diags.append(make(
                "Y003", f"alias expansion exceeds {MAX_EXPANDED_NODES} nodes", vspan,
                label="this alias expands too far",
                help="anchors and aliases may repeat small parts; a file that expands into a "
                "huge tree (a 'billion laughs' file) is refused",
            ))
            return False
        if anchor:
            anchors[anchor] = (value, size)
        if not stack:
            root = value
            positions[()] = NodePos(vspan, None, style, start, end)
            return True
        top = stack[-1]
        top.size += size
        if top.is_map:
            if top.pending_key is _NOKEY:
                key = value
                if isinstance(key, (dict, list)):
                    diags.append(make("Y006", "mapping key is not a scalar", vspan,
                                      label="a key must be a plain name or number"))
                    return False
                if isinstance(key, float) and math.isnan(key):
                    key = "nan"
                if key in top.keys:
                    first = top.keys[key]
                    diags.append(make(
                        "Y004", f"duplicate key `{key}`", vspan, label="second definition",
                        labels=(Label(first, "first defined here"),),
                        help="YAML mappings may not repeat a key; merge the two entries or rename one",
                    ))
                    top.pending_key = _DUP
                else:
                    top.keys[key] = vspan
                    top.pending_key = key
                top.pending_key_span = vspan
            else:
                key = top.pending_key
                top.pending_key = _NOKEY
                if key is _DUP:
                    return True
                top.container[key] = value
                positions[top.path + (key,)] = NodePos(vspan, top.pending_key_span, style, start, end)
        else:
            idx = len(top.container)
            top.container.append(value)
            positions[top.path + (idx,)] = NodePos(vspan, None, style, start, end)
        return True

    def child_path() -> Path_:
        if not stack:
            return ()
        top = stack[-1]
        if top.is_map:
            if top.pending_key is _NOKEY:
                return top.path + ("<key>",)
            return top.path + (top.pending_key,)
        return top.path + (len(top.container),)

    def tag_error(ev) -> None:
        diags.append(make(
            "Y002", f"explicit tag `{ev.tag}` is not allowed", sp(ev.start_mark, ev.end_mark),
            label="tags are refused", help="remove the tag; content files use plain YAML 1.2 values only",
        ))

    try:
        for ev in yaml.parse(text, Loader=loader_cls):
            kind = type(ev).__name__
            if kind == "ScalarEvent":
                if ev.tag is not None and not (ev.tag == "!" and not ev.implicit[0]):
                    tag_error(ev)
                    return None, diags
                style = ev.style or None
                if style is None and ev.implicit[0]:
                    value = resolve_plain(ev.value)
                else:
                    value = ev.value
                s, e = ev.start_mark, ev.end_mark
                if not attach(value, sp(s, e), style=style, start=s.index, end=e.index, anchor=ev.anchor):
                    return None, diags
            elif kind in ("MappingStartEvent", "SequenceStartEvent"):
                if ev.tag is not None and not ev.implicit:
                    tag_error(ev)
                    return None, diags
                if len(stack) >= MAX_DEPTH:
                    diags.append(make(
                        "Y007", f"nesting deeper than {MAX_DEPTH} levels", sp(ev.start_mark, ev.end_mark),
                        label="too deep", help="content records are shallow; flatten this structure",
                    ))
                    return None, diags
                is_map = kind == "MappingStartEvent"
                stack.append(_Frame({} if is_map else [], child_path(), is_map, ev.anchor, ev.start_mark))
            elif kind in ("MappingEndEvent", "SequenceEndEvent"):
                fr = stack.pop()
                if fr.path and fr.path[-1] == "<key>":
                    diags.append(make("Y006", "mapping key is not a scalar", sp(fr.start, ev.end_mark),
                                      label="a key must be a plain name or number"))
                    return None, diags
                if not attach(fr.container, sp(fr.start, ev.end_mark), size=fr.size, anchor=fr.anchor):
                    return None, diags
            elif kind == "AliasEvent":
                target = anchors.get(ev.anchor)
                if target is None:  # libyaml reports undefined aliases itself; kept for safety
                    diags.append(make("Y001", f"undefined alias `*{ev.anchor}`", sp(ev.start_mark, ev.end_mark)))
                    return None, diags
                value, size = target
                if not attach(value, sp(ev.start_mark, ev.end_mark), size=size):
                    return None, diags
            elif kind == "DocumentStartEvent":
                docs += 1
                if docs > 1:
                    diags.append(make(
                        "Y008", "more than one YAML document in a file", sp(ev.start_mark, ev.end_mark),
                        label="second document starts here", help="put each document in a file of its own",
                    ))
                    return None, diags
    except yaml.MarkedYAMLError as exc:
        diags.append(_syntax_diag(path, text, exc))
        return None, diags
    except yaml.YAMLError as exc:  # reader errors: control characters and the like
        mark = getattr(exc, "mark", None) or getattr(exc, "problem_mark", None)
        line = (getattr(mark, "line", 0) or 0) + 1
        col = (getattr(mark, "column", 0) or 0) + 1
        diags.append(make("Y001", f"invalid YAML: {_first_line(str(exc))}", Span.point(path, line, col),
                          label="the YAML reader stopped here"))
        return None, diags
    lf.data = root
    return lf, diags


_DUP = object()


def _first_line(s: str) -> str:
    return s.strip().splitlines()[0] if s.strip() else "unreadable"


def _syntax_diag(path: str, text: str, exc) -> Diagnostic:
    lines = text.splitlines() or [""]
    mark = exc.problem_mark or exc.context_mark

    def clamp(m) -> tuple[int, int]:
        line = m.line + 1 if m else 1
        col = m.column + 1 if m else 1
        if line > len(lines):  # end of stream: point just past the last character
            line, col = len(lines), len(lines[-1]) + 1
        return line, col

    line, col = clamp(mark)
    problem = (exc.problem or "syntax error").strip()
    context = (exc.context or "").strip()
    help_ = None
    src_line = lines[line - 1] if 0 < line <= len(lines) else ""
    if "\t" in problem or "tab" in problem.lower() or "\t" in src_line[: max(col, 1) + 1]:
        help_ = "YAML forbids tabs for indentation; indent with spaces"
        if "\t" in src_line:
            col = src_line.index("\t") + 1
    elif "quoted scalar" in context:
        help_ = "a quoted string is not closed; add the closing quote"
    elif "mapping values are not allowed" in problem:
        help_ = "a value containing `: ` must be quoted, or the indentation is off by a level"
    elif "could not find expected ':'" in problem:
        help_ = "a key is missing its `:`, or a quoted string is not closed"
    elif "found undefined alias" in problem:
        help_ = "define the anchor (`&name`) before using the alias (`*name`)"
    msg = f"invalid YAML: {problem}"
    labels = ()
    if context:
        msg = f"invalid YAML: {problem} ({context})"
        if exc.context_mark is not None and exc.problem_mark is not None:
            cl, cc = clamp(exc.context_mark)
            if (cl, cc) != (line, col):
                labels = (Label(Span(path, cl, cc, cl, cc + 1), context),)
    return make("Y001", msg, Span(path, line, col, line, col + 1), label=problem, labels=labels, help=help_)


def decode(path: str, raw: bytes) -> tuple[str | None, list[Diagnostic]]:
    """Bytes to text: UTF-8 only (a BOM is allowed), bounded in size."""
    if len(raw) > MAX_FILE_BYTES:
        return None, [make(
            "Y009", f"file is {len(raw)} bytes; the limit is {MAX_FILE_BYTES}", Span.point(path),
            label="too large", help="split the content into several files",
        )]
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        return None, [make(
            "Y010", f"file is not valid UTF-8 (byte 0x{raw[exc.start]:02x})", Span.point(path, line, col),
            label="this byte is not UTF-8", help="save the file as UTF-8",
        )]
    if "\x00" in text:
        i = text.index("\x00")
        line = text.count("\n", 0, i) + 1
        col = i - (text.rfind("\n", 0, i) + 1) + 1
        return None, [make("Y010", "file contains a NUL character", Span.point(path, line, col),
                           label="NUL byte", help="content files are UTF-8 text")]
    return text, []


def load_file(path: str | Path, display: str | None = None) -> tuple[LoadedFile | None, list[Diagnostic]]:
    p = Path(path)
    shown = display or str(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        return None, [make("C001", f"no such file `{shown}`", Span.point(shown), label="not found")]
    except OSError as exc:
        return None, [make("C002", f"cannot read `{shown}`: {exc.strerror or exc}", Span.point(shown))]
    return load_bytes(shown, raw)


def load_bytes(path: str, raw: bytes) -> tuple[LoadedFile | None, list[Diagnostic]]:
    text, diags = decode(path, raw)
    if text is None:
        return None, diags
    return load_text(path, text)
