"""Stage 1, load: YAML bytes to plain data with positions, YAML 1.2 core schema, bounded and safe.

The fast path drives libyaml's event parser (through PyYAML's C binding) and builds
plain Python data itself with an explicit stack, so that the YAML 1.2 core schema,
duplicate keys, nesting depth, alias expansion and tags are all decided here, in one
pass, and every node's position is recorded on the way. libyaml's own composer is
recursive and crashes on deep nesting; the event loop here is not.
"""

from __future__ import annotations

import bisect
import marshal
import math
import pickle
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, Label, Span, make

from .limits import MAX_DEPTH, MAX_EXPANDED_BYTES, MAX_FILE_BYTES, MAX_INT, MAX_INT_CHARS, MIN_INT  # noqa: F401
from .safeio import ReadRefused, escape, read_regular

Path_ = tuple  # a path of mapping keys and sequence indices from the document root


@dataclass(frozen=True, slots=True)
class NodePos:
    """Where a value (and, inside a mapping, its key) stands in the file."""

    value: Span
    key: Span | None = None
    style: str | None = None  # scalar style: None plain, "'", '"', "|", ">"
    start_index: int = 0  # character offsets of the value in the decoded text
    end_index: int = 0


def _pack(np: NodePos) -> tuple:
    v, k = np.value, np.key
    return (v.file, v.line, v.column, v.end_line, v.end_column,
            None if k is None else (k.file, k.line, k.column, k.end_line, k.end_column),
            np.style, np.start_index, np.end_index)


def _unpack(t: tuple) -> NodePos:
    k = t[5]
    return NodePos(Span(*t[:5]), None if k is None else Span(*k), t[6], t[7], t[8])


class CompactPositions(dict):
    """A file's positions kept as plain tuples, each made a NodePos when it is read: a file from the
    build cache, whose positions only a diagnostic ever reads, costs no object per node. Read back from
    the cache, the tuples themselves stay one pickled string until the first read of any position (most
    files of a rebuild are never asked for one)."""

    __slots__ = ("_blob",)

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self._blob = None

    @classmethod
    def _lazy(cls, blob: bytes) -> "CompactPositions":
        self = cls()
        self._blob = blob
        return self

    def _fill(self) -> None:
        blob, self._blob = self._blob, None
        dict.update(self, pickle.loads(blob))

    def __getitem__(self, key) -> NodePos:
        if self._blob is not None:
            self._fill()
        v = dict.__getitem__(self, key)
        if type(v) is tuple:
            v = _unpack(v)
            dict.__setitem__(self, key, v)
        return v

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __contains__(self, key) -> bool:
        if self._blob is not None:
            self._fill()
        return dict.__contains__(self, key)

    def __iter__(self):
        if self._blob is not None:
            self._fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        if self._blob is not None:
            self._fill()
        return dict.__len__(self)

    def __eq__(self, other):
        if self._blob is not None:
            self._fill()
        return dict(self.items()) == (dict(other.items()) if isinstance(other, dict) else other)

    __hash__ = None

    def keys(self):
        if self._blob is not None:
            self._fill()
        return dict.keys(self)

    def values(self):
        return [self[k] for k in self]

    def items(self):
        return [(k, self[k]) for k in self]

    def __repr__(self) -> str:
        return f"CompactPositions({dict(self.items())!r})"

    def __reduce__(self):
        blob = self._blob
        if blob is None:
            blob = pickle.dumps({k: v if type(v) is tuple else _pack(v) for k, v in dict.items(self)},
                                protocol=pickle.HIGHEST_PROTOCOL)
        return (CompactPositions._lazy, (blob,))


@dataclass(slots=True)
class LoadedFile:
    path: str
    text: str
    data: Any
    positions: dict[Path_, NodePos] = field(default_factory=dict)
    comments: dict[int, str] = field(default_factory=dict)  # line -> trailing comment text

    def __reduce__(self):
        # for the build cache: positions as tuples (NodePos objects are made when read), the data as one
        # marshalled string read back when something first reads it (a rebuild reads few files' data), and
        # no text: the cache keeps a file under its bytes, which the build has read (`with_text`)
        pos = self.positions
        packed = pos if isinstance(pos, CompactPositions) else CompactPositions(
            {k: _pack(v) for k, v in pos.items()})
        data = self.data
        try:
            blob = marshal.dumps(data)
        except ValueError:  # not plain data: kept as it is
            return (_cached_file, (self.path, None, None, packed, self.comments, self.top_keys(),
                                   self.pack_marker(), data))
        return (_cached_file, (self.path, None, blob, packed, self.comments, self.top_keys(), self.pack_marker()))

    def with_text(self, raw: bytes) -> "LoadedFile":
        """This file read back from the build cache, given its text again from the bytes it was loaded from."""
        if self.text is None:
            self.text = (raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw).decode("utf-8")
        return self

    def top_keys(self) -> frozenset:
        """The file's top-level keys (its sections), when its data is a mapping."""
        data = self.data
        return frozenset(k for k in data if isinstance(k, str)) if isinstance(data, dict) else frozenset()

    def pack_marker(self) -> bool:
        """Whether the file is a synthetic pack (a true `pack:` at its top)."""
        data = self.data
        return isinstance(data, dict) and bool(data.get("pack"))

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


_DATA = LoadedFile.__dict__["data"]  # the slot that holds a loaded file's data


class _CachedFile(LoadedFile):
    """A loaded file read back from the build cache: its data is unmarshalled when first read."""

    __slots__ = ("_blob", "_top", "_pack")

    @property
    def data(self) -> Any:
        blob = self._blob
        if blob is not None:
            _DATA.__set__(self, marshal.loads(blob))
            self._blob = None
        return _DATA.__get__(self, LoadedFile)

    @data.setter
    def data(self, value: Any) -> None:
        _DATA.__set__(self, value)
        self._blob = None

    def top_keys(self) -> frozenset:
        return self._top if self._blob is not None else LoadedFile.top_keys(self)

    def pack_marker(self) -> bool:
        return self._pack if self._blob is not None else LoadedFile.pack_marker(self)


def _cached_file(path, text, blob, positions, comments, top, pack, data=None) -> _CachedFile:
    lf = _CachedFile.__new__(_CachedFile)
    lf.path, lf.text, lf.positions, lf.comments = path, text, positions, comments
    _DATA.__set__(lf, data)
    lf._blob, lf._top, lf._pack = blob, top, pack
    return lf


# YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1023-core-schema)
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT10 = re.compile(r"^[-+]?[0-9]+$")
_INT8 = re.compile(r"^0o[0-7]+$")
_INT16 = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")
_MAYBE_NOT_TEXT = frozenset("~nNtTfF0123456789+-.")  # the first characters any pattern above can match


class IntTooLarge(ValueError):
    """A plain integer outside the 64-bit range the project accepts (Y011)."""


def _int(digits: str, base: int, sign: int = 1) -> int:
    if len(digits.lstrip("0")) > MAX_INT_CHARS:  # refused before conversion: never a 4,300-digit int()
        raise IntTooLarge(digits)
    n = sign * int(digits, base)
    if not MIN_INT <= n <= MAX_INT:
        raise IntTooLarge(digits)
    return n


def resolve_plain(value: str) -> Any:
    """Resolve an untagged plain scalar as the YAML 1.2 core schema says.

    An integer outside the 64-bit signed range raises IntTooLarge.
    """
    if value and value[0] not in _MAYBE_NOT_TEXT:  # most scalars are words: no pattern can match them
        return value
    if _NULL.match(value):
        return None
    b = _BOOL.get(value)
    if b is not None:
        return b
    if _INT10.match(value):
        return _int(value.lstrip("+-"), 10, -1 if value.startswith("-") else 1)
    if _INT8.match(value):
        return _int(value[2:], 8)
    if _INT16.match(value):
        return _int(value[2:], 16)
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
        self.size = 2  # bytes of data: its brackets, then its children's
        self.start = start


_NOKEY = object()


def load_text(path: str, text: str) -> tuple[LoadedFile | None, list[Diagnostic]]:
    """Load one YAML document from decoded text."""
    import yaml  # noqa: PLC0415 - start-up cost: PyYAML loads when a file is parsed, not on a cache hit

    diags: list[Diagnostic] = []
    lf = LoadedFile(path=path, text=text, data=None)
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.split("\n")
    ):
        diags.append(make("Y005", "empty file", Span.point(path), label="no YAML document here",
                          help="a content file holds one mapping such as `cards: [...]`"))
        return None, diags

    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    at = _mark_position(text)
    plain_lines = "\r" not in text or text.count("\r") == text.count("\r\n")

    def sp(start, end) -> Span:
        if plain_lines:  # the common case, inline: no lone CR, so libyaml's lines are ours
            sl, sc, el, ec = start.line + 1, start.column + 1, end.line + 1, end.column + 1
        else:
            (sl, sc), (el, ec) = at(start), at(end)
        if el < sl or (el == sl and ec <= sc):
            el, ec = sl, sc + 1
        return Span(path, sl, sc, el, ec)

    parsed, back = yaml12_breaks(text)
    stack: list[_Frame] = []
    anchors: dict[str, tuple[Any, int]] = {}
    positions = lf.positions
    root: Any = None
    docs = 0
    expanded = 0

    def attach(value, vspan: Span, *, style=None, start=0, end=0, size=1, produced=None, anchor=None) -> bool:
        # `size`: the bytes of data this value stands for; `produced`: the bytes this event adds
        # to the file's data (a scalar its own, a container its brackets, an alias all of its target)
        nonlocal root, expanded
        expanded += size if produced is None else produced
        if expanded > MAX_EXPANDED_BYTES:
            diags.append(make(
                "Y003", f"the file's data, aliases expanded, exceeds {MAX_EXPANDED_BYTES} bytes", vspan,
                label="expanding this alias goes past the bound",
                help="anchors and aliases may repeat small parts; a file whose aliases expand into "
                "huge data (a 'billion laughs' file) is refused",
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
        scalar, map_start, seq_start, map_end, seq_end, alias, doc_start = (
            yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent, yaml.MappingEndEvent,
            yaml.SequenceEndEvent, yaml.AliasEvent, yaml.DocumentStartEvent)
        for ev in yaml.parse(parsed, Loader=loader_cls):
            kind = type(ev)
            if kind is scalar:
                if ev.tag is not None and not (ev.tag == "!" and not ev.implicit[0]):
                    tag_error(ev)
                    return None, diags
                style = ev.style or None
                raw = ev.value if back is None else ev.value.translate(back)
                s, e = ev.start_mark, ev.end_mark
                if style is None and ev.implicit[0]:
                    try:
                        value = resolve_plain(raw)
                    except IntTooLarge:
                        diags.append(make(
                            "Y011", "integer out of range", sp(s, e),
                            label=f"not between {MIN_INT} and {MAX_INT}",
                            help="content numbers are small counts; quote the value if it is text",
                        ))
                        return None, diags
                else:
                    value = raw
                if not attach(value, sp(s, e), style=style, start=s.index, end=e.index, size=len(raw) + 2,
                              anchor=ev.anchor):
                    return None, diags
            elif kind is map_start or kind is seq_start:
                if ev.tag is not None and not ev.implicit:
                    tag_error(ev)
                    return None, diags
                if len(stack) >= MAX_DEPTH:
                    diags.append(make(
                        "Y007", f"nesting deeper than {MAX_DEPTH} levels", sp(ev.start_mark, ev.end_mark),
                        label="too deep", help="content records are shallow; flatten this structure",
                    ))
                    return None, diags
                is_map = kind is map_start
                stack.append(_Frame({} if is_map else [], child_path(), is_map, ev.anchor, ev.start_mark))
            elif kind is map_end or kind is seq_end:
                fr = stack.pop()
                if fr.path and fr.path[-1] == "<key>":
                    diags.append(make("Y006", "mapping key is not a scalar", sp(fr.start, ev.end_mark),
                                      label="a key must be a plain name or number"))
                    return None, diags
                if not attach(fr.container, sp(fr.start, ev.end_mark), size=fr.size, produced=2, anchor=fr.anchor):
                    return None, diags
            elif kind is alias:
                target = anchors.get(ev.anchor)
                if target is None:  # libyaml reports undefined aliases itself; kept for safety
                    diags.append(make("Y001", f"undefined alias `*{ev.anchor}`", sp(ev.start_mark, ev.end_mark)))
                    return None, diags
                value, size = target
                if not attach(value, sp(ev.start_mark, ev.end_mark), size=size):
                    return None, diags
            elif kind is doc_start:
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

# YAML 1.2 has two line breaks, LF and CR; libyaml follows YAML 1.1, where NEL, LS and PS break
# lines too, so a comment holding one of them would end there and its rest be read as data.
_YAML11_BREAKS = "\x85\u2028\u2029"


def yaml12_breaks(text: str) -> tuple[str, dict | None]:
    """`text` with NEL, LS and PS swapped for private-use characters libyaml reads as ordinary text.

    Returns the text to parse and the table that turns scalar values back (None when the text
    has none of them). The swap is one character for one, so every index and column stays.
    """
    if not any(c in text for c in _YAML11_BREAKS):
        return text, None
    spare = (chr(c) for c in range(0xE000, 0xF900) if chr(c) not in text)
    there = {ord(c): next(spare) for c in _YAML11_BREAKS}
    back = {ord(v): chr(k) for k, v in there.items()}
    return text.translate(there), back


def text_lines(text: str) -> list[str]:
    """The lines of a file as YAML 1.2 and editors count them: split at LF only (CR LF kept as one)."""
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return [ln[:-1] if ln.endswith("\r") else ln for ln in lines] or [""]


def _first_line(s: str) -> str:
    return s.strip().splitlines()[0] if s.strip() else "unreadable"


def _mark_position(text: str):
    """(line, column), 1-based, of a libyaml mark, lines counted as everywhere else: at LF only.

    libyaml also breaks lines at a lone CR; in a text that has one, the position is taken from the
    mark's character index, so a diagnostic never points past the lines its code frame shows.
    """
    if "\r" not in text or text.count("\r") == text.count("\r\n"):
        return lambda m: (m.line + 1, m.column + 1)
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(m) -> tuple[int, int]:
        ln = bisect.bisect_right(starts, m.index)
        return ln, m.index - starts[ln - 1] + 1

    return at


def _syntax_diag(path: str, text: str, exc) -> Diagnostic:
    lines = text_lines(text)
    mark = exc.problem_mark or exc.context_mark
    at = _mark_position(text)

    def clamp(m) -> tuple[int, int]:
        line, col = at(m) if m else (1, 1)
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
            "Y009", f"file is more than {MAX_FILE_BYTES} bytes", Span.point(path),
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
    raw, diags = read_input(p, shown)
    if raw is None:
        return None, diags
    return load_bytes(shown, raw)


def read_input(p: Path, shown: str) -> tuple[bytes | None, list[Diagnostic]]:
    """A content file's bytes (at most one byte past the size bound), or why it cannot be read."""
    try:
        return read_regular(p), []
    except FileNotFoundError:
        return None, [make("C001", f"no such file `{escape(shown)}`", Span.point(shown), label="not found")]
    except ReadRefused as exc:
        return None, [make("C020", f"`{escape(shown)}` is {exc.strerror}", Span.point(shown),
                           label="not read", help="content files are regular YAML files; remove or replace this path")]
    except OSError as exc:
        return None, [make("C002", f"cannot read `{escape(shown)}`: {escape(exc.strerror or exc)}", Span.point(shown))]


def load_bytes(path: str, raw: bytes) -> tuple[LoadedFile | None, list[Diagnostic]]:
    text, diags = decode(path, raw)
    if text is None:
        return None, diags
    return load_text(path, text)
