"""The project: its root, its `[tool.paleo]` settings, its content folders and suppression comments."""

from __future__ import annotations

import fnmatch
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .codes import all_codes, find
from .diagnostics import Diagnostic, Span, did_you_mean, make, suggestion_help
from .limits import MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH, MAX_INT_CHARS
from .paths import CHECKOUT_DIR, PACKAGE_DIR, bundled_dir  # noqa: F401 - named here by the project's callers
from .safeio import escape_python, read_regular
from .sources import SourceDoc

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class Config:
    root: Path
    select: list[str] = field(default_factory=lambda: ["ALL"])
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    content: list[str] = field(default_factory=list)
    bundled: bool = True  # the project's content adds to the bundled games (`bundled = false` opts out)
    sources: list = field(default_factory=list)  # SourceDoc of `[[tool.paleo.sources]]`

    def enabled(self, code: str, file: str) -> bool:
        if not _matches(code, self.select):
            return False
        if _matches(code, self.ignore):
            return False
        for pattern, codes in self.per_file_ignores.items():
            if fnmatch.fnmatch(file, pattern) and _matches(code, codes):
                return False
        return True


def _matches(code: str, selectors: list[str]) -> bool:
    return any(s == "ALL" or code.startswith(s) for s in selectors)


CONFIG_KEYS = ("select", "ignore", "per-file-ignores", "content", "bundled", "sources")


class _TomlProblem(ValueError):
    """A pyproject.toml tomllib cannot hold: nested past the stack, or an integer too long to convert."""


def _pyproject_table(text: str):
    """(parsed toml, error) of a pyproject.toml text; every failure is an error value, never an exception:
    a document nested past MAX_CONFIG_DEPTH or with an integer of more than MAX_INT_CHARS digits is refused
    (with where it is) before tomllib reads it."""
    problem = _toml_bounds(text)
    if problem is not None:
        return None, problem
    try:
        return tomllib.loads(text), None
    except tomllib.TOMLDecodeError as exc:
        return None, exc
    except (RecursionError, ValueError, MemoryError) as exc:  # a bound the scan below did not foresee
        return None, _TomlProblem(f"{type(exc).__name__}: {exc}")


def _toml_bounds(text: str) -> "_TomlProblem | None":
    """The first bound a TOML text passes, with its line and column in tomllib's words, in one pass: arrays
    and inline tables nested deeper than MAX_CONFIG_DEPTH, a run of more than MAX_INT_CHARS digits. Strings
    and comments are skipped (a bracket or digits inside them are text)."""
    depth, line, col0, i, n = 0, 1, 0, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line, col0 = line + 1, i + 1
        elif ch == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        elif ch in "\"'":
            quote = text[i:i + 3] if text[i:i + 3] in ('"""', "'''") else ch
            j, k = i + len(quote), -1
            while j < n:
                if ch == '"' and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(quote, j):
                    k = j
                    break
                if text[j] == "\n":
                    if len(quote) == 1:
                        break  # an unclosed one-line string: tomllib reports it
                    line, col0 = line + 1, j + 1
                j += 1
            i = n if k < 0 else k + len(quote)
            continue
        elif ch in "[{":
            depth += 1
            if depth > MAX_CONFIG_DEPTH:
                return _TomlProblem(f"nested deeper than {MAX_CONFIG_DEPTH} arrays or tables (at line {line}, "
                                    f"column {i - col0 + 1})")
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif ch.isdigit():
            j = i
            while j < n and (text[j].isdigit() or text[j] == "_"):
                j += 1
            if j - i > MAX_INT_CHARS:
                return _TomlProblem(f"a number of more than {MAX_INT_CHARS} digits (at line {line}, column {i - col0 + 1})")
            i = j
            continue
        i += 1
    return None


def find_root(start: Path) -> Path:
    """The nearest folder upwards holding a pyproject.toml with `[tool.paleo]`, else `start`.

    A pyproject.toml that cannot be read as TOML, or whose `tool` is not a table, while it
    mentions `paleo`, also ends the walk: its folder is the root and `load_config` reports why.
    """
    start = start.resolve()
    for d in (start, *start.parents):
        pp = d / "pyproject.toml"
        if not pp.is_file():
            continue
        try:
            text = pp.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        t, err = _pyproject_table(text)
        if err is not None or not isinstance(t.get("tool", {}), dict):
            if "paleo" in text:
                return d
            continue
        if "paleo" in t.get("tool", {}):
            return d
    return start


class _Locator:
    """Where a dotted key of pyproject.toml is written: tomllib keeps no positions, so read the lines."""

    _KEY = re.compile(r'^\s*((?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_-]+))*)\s*=')

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.keys: list[tuple[tuple[str, ...], int, int, int]] = []  # (dotted key, line, column, end column)
        table: tuple[str, ...] = ()
        for i, line in enumerate(self.lines, 1):
            name = self._header(line)
            if name is not None:
                table = self._split(name)
                col = line.index("[") + 1
                self.keys.append((table, i, col, len(line.rstrip()) + 1))
                continue
            m = self._KEY.match(line)
            if m:
                key = table + self._split(m.group(1))
                self.keys.append((key, i, m.start(1) + 1, m.end(1) + 1))

    @staticmethod
    def _header(line: str) -> str | None:
        """The dotted name of a table header line (`[a.b]`, `[[a.b]]`, a comment after it), else None; read
        in one pass over the line (a pattern with nested repeats backtracked for minutes on a line of spaces)."""
        text = line.strip()
        if not text.startswith("["):
            return None
        inner = text[2:] if text.startswith("[[") else text[1:]
        close = inner.find("]")
        if close < 0:
            return None
        name, rest = inner[:close].strip(), inner[close + 1:]
        if text.startswith("[[") and rest.startswith("]"):
            rest = rest[1:]
        rest = rest.strip()
        if not name or (rest and not rest.startswith("#")):
            return None
        return name

    @staticmethod
    def _split(dotted: str) -> tuple[str, ...]:
        parts = re.findall(r'"[^"]*"|\'[^\']*\'|[^.\s]+', dotted)
        return tuple(p.strip("\"'") for p in parts)

    def item_span(self, key: tuple, n: int, sub: str | None = None) -> Span:
        """Where item `n` of an array of tables `[[key]]` is written (its `sub` key when given and written
        there), else where `key` (or `sub` of it) is; an inline array has no place per item."""
        heads = [i for i, (k, line, _, _) in enumerate(self.keys)
                 if k == key and self.lines[line - 1].lstrip().startswith("[[")]
        if n >= len(heads):
            return self.span(*key, *((sub,) if sub else ()))
        _, line, col, end = self.keys[heads[n]]
        if sub is not None:
            for k, l2, c2, e2 in self.keys[heads[n] + 1:]:
                if self.lines[l2 - 1].lstrip().startswith("["):
                    break
                if k == (*key, sub):
                    return Span("pyproject.toml", l2, c2, l2, max(e2, c2 + 1))
        return Span("pyproject.toml", line, col, line, max(end, col + 1))

    def span(self, *key: str) -> Span:
        """The most precise place for `key`: itself, else the nearest enclosing key written."""
        for n in range(len(key), 0, -1):
            for k, line, col, end in self.keys:
                if k == key[:n]:
                    return Span("pyproject.toml", line, col, line, max(end, col + 1))
        return Span.point("pyproject.toml")


def _type_name(value) -> str:
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "a table"}.get(type(value), "a date or time")


def load_config(root: Path) -> tuple[Config, list[Diagnostic]]:
    """The `[tool.paleo]` settings of `root`'s pyproject.toml and a positioned C003 for every problem."""
    cfg = Config(root=root)
    pp = root / "pyproject.toml"
    if not pp.is_file():
        return cfg, []
    try:
        raw = read_regular(pp, MAX_CONFIG_BYTES)
        if len(raw) > MAX_CONFIG_BYTES:
            return cfg, [make("C003", f"pyproject.toml is larger than {MAX_CONFIG_BYTES} bytes", Span.point("pyproject.toml"),
                              help="a project's pyproject.toml is a few KiB; this one is not read")]
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return cfg, [make("C003", f"cannot read pyproject.toml: {escape_python(getattr(exc, 'strerror', None) or exc)}",
                          Span.point("pyproject.toml"))]
    data, err = _pyproject_table(text)
    if err is not None:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(err))
        if m:
            line, col = int(m.group(1)), int(m.group(2))
        elif "end of document" in str(err):
            lines = text.split("\n")
            line, col = len(lines), len(lines[-1]) + 1
        else:
            line, col = 1, 1
        msg = escape_python(re.sub(r"\s*\(at (?:line \d+, column \d+|end of document)\)", "", str(err))) or "not valid TOML"
        return cfg, [make("C003", f"pyproject.toml is not valid TOML: {msg}", Span.point("pyproject.toml", line, col),
                          help="fix the TOML syntax; `[tool.paleo]` cannot be read until then")]
    loc = _Locator(text)
    loc.root = root
    tool = data.get("tool", {})
    if not isinstance(tool, dict):
        return cfg, [make("C003", f"`tool` must be a table, not {_type_name(tool)}", loc.span("tool"),
                          help="write the settings under a `[tool.paleo]` header")]
    table = tool.get("paleo", {})
    if not isinstance(table, dict):
        return cfg, [make("C003", f"`tool.paleo` must be a table, not {_type_name(table)}", loc.span("tool", "paleo"),
                          help='write `[tool.paleo]` and keys under it, for example `select = ["ALL"]`')]
    diags: list[Diagnostic] = []

    def codes_list(key: tuple[str, ...], value) -> list[str]:
        name = escape_python(".".join(key))
        span = loc.span("tool", "paleo", *key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            what = _type_name(value) if not isinstance(value, list) else "a list with something other than strings"
            hint = f'write `["{escape_python(value)}"]`' if isinstance(value, str) else 'for example ["Y", "M003"]'
            diags.append(make("C003", f"`{name}` must be a list of codes, not {what}", span, help=hint))
            return []
        for v in value:
            if v != "ALL" and find(v) is None and not is_code_prefix(v):
                diags.append(make("C003", f"`{name}` names unknown code `{escape_python(v)}`", span,
                                  help="list the codes with `paleo explain --list`"))
        return list(value)

    for key, value in table.items():
        if key == "select":
            cfg.select = codes_list((key,), value)
        elif key == "ignore":
            cfg.ignore = codes_list((key,), value)
        elif key == "per-file-ignores":
            if not isinstance(value, dict):
                diags.append(make("C003", f"`per-file-ignores` must be a table of glob = [codes], not {_type_name(value)}",
                                  loc.span("tool", "paleo", key),
                                  help='write `[tool.paleo.per-file-ignores]` then `"content/*.yaml" = ["M005"]`'))
                continue
            cfg.per_file_ignores = {k: codes_list((key, k), v) for k, v in value.items()}
        elif key == "content":
            span = loc.span("tool", "paleo", key)
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                cfg.content = [v for v in value if not _bad_path(v)]
                for v in value:
                    if _bad_path(v):
                        diags.append(make("C003", f"`content` names `{escape_python(v)}`, {_bad_path(v)}", span,
                                          help="write the folder's name as it is on disk, relative to pyproject.toml"))
                    elif not (root / v).is_dir():
                        diags.append(make("C003", f"`content` names `{escape_python(v)}`, which is not a folder of {escape_python(root)}", span,
                                          help="content folders are resolved from the folder of pyproject.toml"))
            else:
                what = _type_name(value) if not isinstance(value, list) else "a list with something other than strings"
                hint = f'write `["{escape_python(value)}"]`' if isinstance(value, str) else 'for example ["content"]'
                diags.append(make("C003", f"`content` must be a list of folders, not {what}", span, help=hint))
        elif key == "sources":
            cfg.sources = _config_sources(value, loc, diags)
        elif key == "bundled":
            if isinstance(value, bool):
                cfg.bundled = value
            else:
                hint = f"write `bundled = {str(value).lower()}`" if str(value).lower() in ("true", "false") else \
                    "write `bundled = true` (add to the bundled games) or `bundled = false` (the project's content alone)"
                diags.append(make("C003", f"`bundled` must be true or false, not {_type_name(value)}",
                                  loc.span("tool", "paleo", key), help=hint))
        else:
            diags.append(make("C003", f"unknown key `{escape_python(key)}` in [tool.paleo]", loc.span("tool", "paleo", key),
                              help=suggestion_help(key, list(CONFIG_KEYS))
                              or "the keys are " + ", ".join(f"`{k}`" for k in CONFIG_KEYS)))
    return cfg, diags


_SOURCE_KEYS = ("file", "name", "title", "headings")


def _config_sources(value, loc: "_Locator", diags: list) -> list:
    """`[[tool.paleo.sources]]`: each `{file = ... | name = ..., title = ..., headings = [...]}`."""
    span = loc.span("tool", "paleo", "sources")
    example = 'write `[[tool.paleo.sources]]` then `file = "rules/my-module.md"` and `title = "My module rules"`'
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        diags.append(make("C003", f"`sources` must be a list of tables, not {_type_name(value)}", span, help=example))
        return []
    out = []
    here = ("tool", "paleo", "sources")
    for i, item in enumerate(value):
        where = f"`sources[{i}]`"
        item_span = loc.item_span(here, i)
        meant = set()  # required keys a misspelt key stands for: their absence is that one mistake
        for k in (k for k in item if k not in _SOURCE_KEYS):
            meant.update(did_you_mean(k, list(_SOURCE_KEYS))[:1])
            diags.append(make("C003", f"unknown key `{escape_python(k)}` in {where}", loc.item_span(here, i, k),
                              help=suggestion_help(k, list(_SOURCE_KEYS)) or "the keys are `file` or `name`, `title`, `headings`"))
        key = item.get("file", item.get("name"))
        if ("file" in item) == ("name" in item) or not isinstance(key, str) or not key:
            if not ({"file", "name"} & meant and "file" not in item and "name" not in item):
                diags.append(make("C003", f"{where} needs exactly one of `file` and `name` (text)", item_span, help=example))
            continue
        title = item.get("title")
        if not isinstance(title, str) or not title:
            if not ("title" in meant and "title" not in item):
                diags.append(make("C003", f"{where} needs a `title` (text)", loc.item_span(here, i, "title"), help=example))
            continue
        heads = item.get("headings")
        if heads is not None and (not isinstance(heads, list) or not all(isinstance(h, str) for h in heads)):
            diags.append(make("C003", f"`headings` of {where} must be a list of texts", loc.item_span(here, i, "headings"),
                              help='for example `headings = ["Setup", "New cards"]`'))
            continue
        root = getattr(loc, "root", None)
        if "file" in item and _bad_path(key):
            diags.append(make("C003", f"{where} names `{escape_python(key)}`, {_bad_path(key)}",
                              loc.item_span(here, i, "file"), help="write the file's name as it is on disk"))
            continue
        if "file" in item and root is not None and not (root / key).is_file():
            diags.append(make("C003", f"{where} names `{escape_python(key)}`, which is not a file of the project",
                              loc.item_span(here, i, "file"), help="source files are resolved from the folder of pyproject.toml"))
        out.append(SourceDoc(key, title, tuple(heads) if heads is not None else None, where="pyproject.toml"))
    return out


def _bad_path(v: str) -> str | None:
    """Why a path written in the configuration cannot name a file (None when it can): a NUL or another
    control character, or more than a path's length."""
    if any(ord(c) < 32 or ord(c) == 127 for c in v):
        return "which holds a control character (no file name does)"
    if len(v) > 4096:
        return "which is longer than any path (4096 characters)"
    return None


def is_code_prefix(v: str) -> bool:
    """Whether `v` begins the id of some code (`M0` selects every M0xx)."""
    return any(c.id.startswith(v) for c in all_codes())


def discover(paths: list[Path]) -> list[Path]:
    """YAML files under the given files and folders, sorted, skipping hidden folders."""
    found: set[Path] = set()
    for p in paths:
        if p.is_file():
            found.add(p)
        elif p.is_dir():
            for f in p.rglob("*"):
                if f.suffix in YAML_SUFFIXES and f.is_file() and not any(part.startswith(".") for part in f.relative_to(p).parts):
                    found.add(f)
    return sorted(found)


_SUPPRESS = re.compile(r"(?:^|\s)#\s*paleo:\s*ignore\[([A-Za-z0-9_,\s-]+)\]")


def suppressions(path: str, text: str) -> dict[int, list[tuple[str, Span]]]:
    """Line -> codes named by `# paleo: ignore[CODE, ...]` comments on that line."""
    out: dict[int, list[tuple[str, Span]]] = {}
    if "paleo:" not in text:
        return out
    for i, line in enumerate(text.splitlines(), 1):
        m = _SUPPRESS.search(line)
        if not m:
            continue
        start = m.start(1)
        for code in re.split(r"[,\s]+", m.group(1).strip()):
            if code:
                col = line.index(code, start) + 1
                out.setdefault(i, []).append((code.upper(), Span(path, i, col, i, col + len(code))))
    return out


def apply_suppressions(diags: list[Diagnostic], texts: dict[str, str], cfg: Config) -> list[Diagnostic]:
    """Drop configured-off and suppressed diagnostics; report suppressions that suppress nothing."""
    kept: list[Diagnostic] = []
    used: set[tuple[str, int, str]] = set()
    table = {path: suppressions(path, t) for path, t in texts.items()}
    for d in diags:
        if not cfg.enabled(d.code, d.span.file):
            continue
        sup = table.get(d.span.file, {})
        lines = range(d.span.line, max(d.span.line, d.span.end_line) + 1)
        hit = None
        for ln in lines:
            for code, _ in sup.get(ln, ()):
                if code == d.code or (len(code) < 4 and d.code.startswith(code)):
                    hit = (d.span.file, ln, code)
                    break
            if hit:
                break
        if hit:
            used.add(hit)
            continue
        kept.append(d)
    for path, sup in table.items():
        for ln, items in sup.items():
            for code, span in items:
                if find(code) is None and not is_code_prefix(code):
                    if cfg.enabled("C005", path):
                        kept.append(make("C005", f"suppression names unknown code `{code}`", span,
                                         label="no such code", help="list the codes with `paleo explain --list`"))
                elif (path, ln, code) not in used and cfg.enabled("C004", path):
                    kept.append(make("C004", f"suppression of `{code}` suppresses nothing", span,
                                     label=f"no {code} diagnostic on this line", help="remove the comment"))
    return kept


SITE_URL_ENV = "PALEO_SITE_URL"
DEFAULT_SITE_URL = "http://127.0.0.1:8000/"


def site_url() -> str:
    """The rules site's address: `$PALEO_SITE_URL` (the setting `paleo docs` and mkdocs.yml read), ending in `/`."""
    url = os.environ.get(SITE_URL_ENV) or DEFAULT_SITE_URL
    return url if url.endswith("/") else url + "/"


def code_page_url(code: str) -> str:
    """The page of a diagnostic code on the rules site."""
    slug = re.sub(r"[^a-z0-9]+", "-", code.lower()).strip("-")
    return f"{site_url()}reference/codes/{slug}/"


def looks_like_content(path: Path, roots: list[Path]) -> bool:
    """A YAML file is a card file when it lies under one of the project's content folders (`content` of
    [tool.paleo], else `content/`). Nothing else is guessed: a Vector `vector.yaml` (`sources:`) or a kanban file
    (`cards:`) elsewhere in the repository is not the project's, and the hooks neither lint nor rewrite it."""
    try:
        rp = path.resolve()
        return any(rp.is_relative_to(r.resolve()) for r in roots)
    except OSError:
        return False
