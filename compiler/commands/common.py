"""What the commands share: the project's settings with the command line's selection, the compile, and printing diagnostics."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..version import __version__
from ..cache import Cache
from ..codes import find
from ..diagnostics import Span, make
from ..pipeline import default_content_dirs
from ..pipeline import run as run_pipeline
from ..project import code_page_url, find_root, is_code_prefix, load_config, site_url
from ..safeio import escape_python
from ..render import (file_source_lookup, fix_mark, json_text, render_github, render_human, render_json, render_sarif,
                      summary_line)
from . import ConfigError


def project_root() -> Path:
    return find_root(Path.cwd())



def codes_arg(values) -> list[str]:
    return [c.strip().upper() if c.strip().upper() != "ALL" else "ALL"
            for v in values or () for c in v.split(",") if c.strip()]


def settings(args):
    """(root, config, content dirs) with the command line's selection applied; ConfigError on any problem."""
    root = project_root()
    cfg, cdiags = load_config(root)
    cdiags = [d for d in cdiags if d.is_error]
    for flag in ("select", "ignore"):
        codes = codes_arg(getattr(args, flag, None))
        for c in codes:
            if c != "ALL" and find(c) is None and not is_code_prefix(c):
                cdiags.append(make("C003", f"--{flag} names unknown code `{escape_python(c)}`", Span.point("<command line>"),
                                   help="list the codes with `paleo explain --list`"))
        if codes and flag == "select":
            cfg.select = codes
        elif codes:
            cfg.ignore = [*cfg.ignore, *codes]
    if getattr(args, "no_bundled", False):
        cfg.bundled = False
    dirs = [] if getattr(args, "isolated", False) else default_content_dirs(root, cfg)
    for c in getattr(args, "content", None) or ():
        cp = Path(c)
        if not cp.is_dir():
            cdiags.append(make("C001", f"--content {c}: no such folder", Span.point(c), label="not found",
                               help="content folders are resolved from the current folder"))
        dirs.append(cp)
    if cdiags:
        raise ConfigError(cdiags)
    return root, cfg, dirs


def compile_project(args, extra: list[Path] = (), overrides=None):
    root, cfg, dirs = settings(args)
    cache = build_cache(args)
    return run_pipeline(dirs, extra_files=list(extra), root=root, overrides=overrides, config=cfg, cache=cache,
               want_bundle=args.command != "lint" or bool(getattr(args, "scenario", None)),
               share_ir=args.command in ("lint", "build"))


def build_cache(args):
    """The build cache for `lint` and `build` (compiler/cache.py), or None with --no-cache or PALEO_NO_CACHE."""
    if getattr(args, "no_cache", False):
        from ..effects import parser  # noqa: PLC0415 - --no-cache reads no compiled grammar either

        parser.GRAMMAR_CACHE = False
    if getattr(args, "command", None) not in ("lint", "build") or getattr(args, "no_cache", False) \
            or getattr(args, "scenario", None) or os.environ.get("PALEO_NO_CACHE") not in (None, "", "0"):
        return None
    return Cache()


def use_color(color: str, stream) -> bool:
    if color != "auto":
        return color == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR") not in (None, "", "0"):
        return True
    return hasattr(stream, "isatty") and stream.isatty()


def sarif_with_help_uris(text: str) -> str:
    """Every SARIF rule gets `helpUri`: its code's page on the rules site ($PALEO_SITE_URL)."""
    doc = json.loads(text)
    for run in doc.get("runs", []):
        driver = run["tool"]["driver"]
        driver["informationUri"] = site_url()
        for rule in driver.get("rules", []):
            rule["helpUri"] = code_page_url(rule["id"])
    return json_text(doc)


def render_concise(diags) -> str:
    """One line per diagnostic: `file:line:col: CODE message`, the message marked `[*]` (or `[?]`) when fixable."""
    return "".join(f"{escape_python(d.span.file)}:{d.span.line}:{d.span.column}: {d.code} {fix_mark(d)}"
                   f"{escape_python(d.message)}\n" for d in diags)


def emit(diags, fmt: str, res, stream, color: str = "never", quiet: bool = False) -> None:
    root = res.root if res is not None else project_root()
    if fmt == "json":
        stream.write(render_json(diags))
    elif fmt == "sarif":
        stream.write(sarif_with_help_uris(render_sarif(diags, version=__version__, root=root)))
    elif fmt == "github":
        stream.write(render_github(diags))
    elif fmt == "concise":
        stream.write(render_concise(diags))
        if not quiet:
            stream.write(summary_line(diags) + "\n")
    else:
        texts = res.texts if res is not None else {}
        text = render_human(diags, file_source_lookup(texts, root), color=use_color(color, stream))
        if text:
            stream.write(text + "\n")
        if not quiet:
            stream.write(summary_line(diags) + "\n")
