"""The project: its root, its `[tool.paleo]` settings, its content folders and suppression comments."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .codes import find
from .diagnostics import Diagnostic, Span, make

PACKAGE_DIR = Path(__file__).resolve().parent
CHECKOUT_DIR = PACKAGE_DIR.parent
YAML_SUFFIXES = (".yaml", ".yml")


def bundled_dir(name: str) -> Path:
    """`content/` or `grammar/`: from the checkout, or from the installed package data."""
    here = CHECKOUT_DIR / name
    if here.is_dir() and (CHECKOUT_DIR / "compiler").is_dir():
        return here
    return PACKAGE_DIR / "data" / name


@dataclass
class Config:
    root: Path
    select: list[str] = field(default_factory=lambda: ["ALL"])
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    content: list[str] = field(default_factory=list)

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


def find_root(start: Path) -> Path:
    """The nearest folder upwards holding a pyproject.toml with `[tool.paleo]`, else `start`."""
    start = start.resolve()
    for d in (start, *start.parents):
        pp = d / "pyproject.toml"
        if pp.is_file():
            try:
                if "tool" in (t := tomllib.loads(pp.read_text(encoding="utf-8"))) and "paleo" in t["tool"]:
                    return d
            except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
                continue
    return start


def load_config(root: Path) -> tuple[Config, list[Diagnostic]]:
    cfg = Config(root=root)
    pp = root / "pyproject.toml"
    if not pp.is_file():
        return cfg, []
    try:
        text = pp.read_text(encoding="utf-8")
        table = tomllib.loads(text).get("tool", {}).get("paleo", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return cfg, [make("C003", f"cannot read pyproject.toml: {exc}", Span.point("pyproject.toml"))]
    diags: list[Diagnostic] = []
    span = _toml_span(text)

    def codes_list(key: str, value) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            diags.append(make("C003", f"`{key}` must be a list of codes", span, help='for example ["Y", "M003"]'))
            return []
        for v in value:
            if v != "ALL" and find(v) is None and not _is_prefix(v):
                diags.append(make("C003", f"`{key}` names unknown code `{v}`", span,
                                  help="list the codes with `paleo explain --list`"))
        return list(value)

    for key, value in table.items():
        if key == "select":
            cfg.select = codes_list(key, value)
        elif key == "ignore":
            cfg.ignore = codes_list(key, value)
        elif key == "per-file-ignores":
            if not isinstance(value, dict):
                diags.append(make("C003", "`per-file-ignores` must be a table of glob = [codes]", span))
                continue
            cfg.per_file_ignores = {k: codes_list(f"per-file-ignores.{k}", v) for k, v in value.items()}
        elif key == "content":
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                cfg.content = value
            else:
                diags.append(make("C003", "`content` must be a list of folders", span))
        else:
            from .diagnostics import suggestion_help

            diags.append(make("C003", f"unknown key `{key}` in [tool.paleo]", span,
                              help=suggestion_help(key, ["select", "ignore", "per-file-ignores", "content"])))
    return cfg, diags


def _is_prefix(v: str) -> bool:
    from .codes import all_codes

    return any(c.id.startswith(v) for c in all_codes())


def _toml_span(text: str) -> Span:
    for i, line in enumerate(text.splitlines(), 1):
        if line.strip() == "[tool.paleo]":
            return Span("pyproject.toml", i, 1, i, len(line) + 1)
    return Span.point("pyproject.toml")


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
                if find(code) is None and not _is_prefix(code):
                    if cfg.enabled("C005", path):
                        kept.append(make("C005", f"suppression names unknown code `{code}`", span,
                                         label="no such code", help="list the codes with `paleo explain --list`"))
                elif (path, ln, code) not in used and cfg.enabled("C004", path):
                    kept.append(make("C004", f"suppression of `{code}` suppresses nothing", span,
                                     label=f"no {code} diagnostic on this line", help="remove the comment"))
    return kept
