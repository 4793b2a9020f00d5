"""The `paleo` command line: a thin layer over the pipeline with one error boundary."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .version import __version__
from .safeio import escape, read_stream

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2
FORMATS = ["human", "concise", "json", "sarif", "github"]


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse exits 2 itself; keep the message short and ours
        self.print_usage(sys.stderr)
        sys.stderr.write(f"paleo: error: {message}\n")
        raise SystemExit(EXIT_USAGE)


def _content_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--content", action="append", default=[], metavar="DIR",
                   help="a content folder to load beside the project's content (repeatable)")
    p.add_argument("--isolated", action="store_true",
                   help="load only the --content folders and the given paths, not the project's content")
    p.add_argument("--no-bundled", action="store_true",
                   help="load the project's content alone, not on top of the bundled games (`bundled = false` of [tool.paleo])")


def _selection_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--select", metavar="CODES", action="append", default=None,
                   help="comma-separated codes or prefixes to report, replacing `select` of [tool.paleo]")
    p.add_argument("--ignore", metavar="CODES", action="append", default=None,
                   help="comma-separated codes or prefixes not to report, added to `ignore` of [tool.paleo]")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="paleo", description="Compile, check, publish and play Paleo card content.")
    p.add_argument("--version", action="version", version=f"paleo {__version__}")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks of internal errors")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    lint = sub.add_parser("lint", help="check content files and report diagnostics")
    lint.add_argument("paths", nargs="*", metavar="PATH")
    _content_args(lint)
    lint.add_argument("--format", choices=FORMATS, default=None,
                      help="how diagnostics are printed (default: human; github under GitHub Actions)")
    lint.add_argument("--output-format", dest="format", choices=FORMATS, help=argparse.SUPPRESS)
    lint.add_argument("--stdin-filename", metavar="F", help="read the file F's text from standard input")
    lint.add_argument("--scenario", metavar="ID", help="also report what playing this scenario needs")
    lint.add_argument("--color", choices=["auto", "always", "never"], default="auto",
                      help="auto: colour on a terminal or when FORCE_COLOR is set, never when NO_COLOR is set")
    _selection_args(lint)
    lint.add_argument("--statistics", action="store_true", help="count the diagnostics of each code instead of showing them")
    lint.add_argument("--exit-zero", action="store_true", help="exit 0 even when errors are found")
    lint.add_argument("-q", "--quiet", action="store_true", help="print the diagnostics only, no summary")
    lint.add_argument("--show-settings", action="store_true",
                      help="print the root, content roots, sources and rules in force, then exit")
    lint.add_argument("--content-files-only", action="store_true",
                      help="skip given YAML files that are not card files (for pre-commit hooks)")
    lint.add_argument("--fix", action="store_true", help="apply the safe fixes to the project's files, keeping every comment")
    lint.add_argument("--unsafe-fixes", action="store_true",
                      help="with --fix or --diff, also apply the unsafe fixes (likely guesses: review them)")
    lint.add_argument("--diff", action="store_true",
                      help="print the fixes as a unified diff instead of applying them; exit 1 when there are any")
    lint.add_argument("--no-cache", action="store_true", help="compile everything afresh; read and write no build cache")

    build = sub.add_parser("build", help="compile content into OUT/bundle.json")
    _content_args(build)
    build.add_argument("--out", default="build", metavar="DIR")
    build.add_argument("--no-cache", action="store_true", help="compile everything afresh; read and write no build cache")
    build.add_argument("--format", choices=FORMATS, default=None)
    _selection_args(build)

    fmt = sub.add_parser("fmt", help="rewrite content files in canonical key order and layout")
    fmt.add_argument("paths", nargs="*", metavar="PATH", help="files or folders; `-` reads standard input")
    fmt.add_argument("--check", action="store_true", help="exit 1 when a file would change")
    fmt.add_argument("--diff", action="store_true", help="print a unified diff instead of rewriting; exit 1 when a file would change")
    fmt.add_argument("--stdin-filename", metavar="F", help="the name of the file read from standard input (with `-`)")
    fmt.add_argument("--content-files-only", action="store_true",
                     help="skip given YAML files that are not card files (for pre-commit hooks)")

    schema = sub.add_parser("schema", help="print a JSON Schema (Draft 2020-12)")
    schema.add_argument("which", choices=["content", "bundle", "rule-test"])

    sym = sub.add_parser("symbols", help="list every symbol of the effect language")
    _content_args(sym)
    sym.add_argument("--format", choices=["human", "json"], default="human")

    graph = sub.add_parser("graph", help="print the dependency graph")
    _content_args(graph)
    graph.add_argument("--scenario", metavar="ID")
    graph.add_argument("--format", choices=["mermaid", "dot", "json"], default="mermaid")

    exp = sub.add_parser("explain", help="explain a diagnostic code")
    exp.add_argument("code", nargs="?")
    exp.add_argument("--list", action="store_true", help="list every code")

    docs = sub.add_parser("docs", help="generate the rules reference and build the site into build/site")
    docs.add_argument("--bundle", metavar="FILE", help="a compiled bundle (default: compile the content)")
    _content_args(docs)
    docs.add_argument("--out", metavar="DIR", help="where the site goes (default build/site, offline build/site-offline)")
    docs.add_argument("--offline", action="store_true",
                      help="build the offline download: search from file://, no instant navigation")
    docs.add_argument("--site-url", metavar="URL", help="the served site's address (default: $PALEO_SITE_URL)")
    docs.add_argument("--edit-url", metavar="URL",
                      help="'edit this record' leads to URL + the record's file (default: $PALEO_EDIT_URL, "
                           "else the site's own copy of the YAML)")
    docs.add_argument("--since", metavar="OLD", help="fill the 'what changed' page from `paleo diff OLD` (a bundle or a git ref)")

    diff = sub.add_parser("diff", help="records added, removed and changed between two bundles or git refs")
    diff.add_argument("old", metavar="OLD", help="a bundle file, a folder with bundle.json, or a git ref")
    diff.add_argument("new", metavar="NEW", nargs="?", help="the same (default: the content as it is now)")
    diff.add_argument("--format", choices=["human", "json"], default="human")

    test = sub.add_parser("test", help="run rule tests against a bundle")
    test.add_argument("files", nargs="*", metavar="FILE")
    test.add_argument("--bundle", metavar="FILE")
    test.add_argument("--junit", metavar="FILE", help="also write the results as JUnit XML (for CI)")

    init = sub.add_parser("init", help="create a fan-module project on top of the bundled games")
    init.add_argument("dir", nargs="?", default=".", metavar="DIR", help="the project folder (default: the current one)")
    init.add_argument("--name", metavar="NAME", help="the module's id namespace (default: from the folder's name)")

    sim = sub.add_parser("sim", help="play seeded games and report outcomes")
    sim.add_argument("--bundle", metavar="FILE", required=True)
    sim.add_argument("--scenario", metavar="ID", required=True)
    sim.add_argument("--game", metavar="ID", default=None, help="the game id (default: the scenario's game)")
    sim.add_argument("--board", metavar="ID", action="append", default=None,
                     help="a board of the setup record (repeatable; default: the scenario's boards)")
    sim.add_argument("--option", metavar="NAME=VALUE", action="append", default=None,
                     help="a setup option the game definition declares, such as a mode (repeatable)")
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--policy", metavar="NAME", default="random",
                     help="random, greedy, mc, mc-N (N rollouts per action) or a user's module:function")
    sim.add_argument("--jobs", type=int, default=1, metavar="N",
                     help="play on N worker processes (the per-game results are the sequential run's)")
    sim.add_argument("--format", choices=["human", "json"], default="human")

    sub.add_parser("lsp", help="run the language server for card files on standard input and output")

    from .sweep.cli import add_parser as add_sweep

    add_sweep(sub)
    return p


def _root() -> Path:
    from .project import find_root

    return find_root(Path.cwd())


class ConfigError(Exception):
    """`[tool.paleo]` or the command line's rule selection is not valid: exit 2 after the diagnostics."""

    def __init__(self, diags):
        super().__init__("invalid configuration")
        self.diags = diags


def _codes_arg(values) -> list[str]:
    return [c.strip().upper() if c.strip().upper() != "ALL" else "ALL"
            for v in values or () for c in v.split(",") if c.strip()]


def _settings(args):
    """(root, config, content dirs) with the command line's selection applied; ConfigError on any problem."""
    from .diagnostics import Span, make
    from .pipeline import default_content_dirs
    from .project import _is_prefix, load_config
    from .codes import find

    root = _root()
    cfg, cdiags = load_config(root)
    cdiags = [d for d in cdiags if d.is_error]
    for flag in ("select", "ignore"):
        codes = _codes_arg(getattr(args, flag, None))
        for c in codes:
            if c != "ALL" and find(c) is None and not _is_prefix(c):
                cdiags.append(make("C003", f"--{flag} names unknown code `{_escape(c)}`", Span.point("<command line>"),
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


def _compile(args, extra: list[Path] = (), overrides=None):
    from .pipeline import run

    root, cfg, dirs = _settings(args)
    cache = _build_cache(args)
    return run(dirs, extra_files=list(extra), root=root, overrides=overrides, config=cfg, cache=cache,
               want_bundle=args.command != "lint" or bool(getattr(args, "scenario", None)),
               share_ir=args.command in ("lint", "build"))


def _build_cache(args):
    """The build cache for `lint` and `build` (compiler/cache.py), or None with --no-cache or PALEO_NO_CACHE."""
    if getattr(args, "command", None) not in ("lint", "build") or getattr(args, "no_cache", False) \
            or getattr(args, "scenario", None) or os.environ.get("PALEO_NO_CACHE") not in (None, "", "0"):
        return None
    from .cache import Cache

    return Cache()


def _format_of(args) -> str:
    if getattr(args, "format", None):
        return args.format
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "human"


def _use_color(color: str, stream) -> bool:
    if color != "auto":
        return color == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR") not in (None, "", "0"):
        return True
    return hasattr(stream, "isatty") and stream.isatty()


def _sarif_with_help_uris(text: str) -> str:
    """Every SARIF rule gets `helpUri`: its code's page on the rules site ($PALEO_SITE_URL)."""
    import json

    from .project import code_page_url, site_url

    doc = json.loads(text)
    for run in doc.get("runs", []):
        driver = run["tool"]["driver"]
        driver["informationUri"] = site_url()
        for rule in driver.get("rules", []):
            rule["helpUri"] = code_page_url(rule["id"])
    from .render import json_text

    return json_text(doc)


def _escape(text: str) -> str:
    """Control characters shown as escapes, so a message cannot move the cursor or ring the bell."""
    return "".join(ch if ch.isprintable() or ch == " " else ascii(ch)[1:-1] for ch in str(text))


def render_concise(diags) -> str:
    """One line per diagnostic: `file:line:col: CODE message`."""
    return "".join(f"{_escape(d.span.file)}:{d.span.line}:{d.span.column}: {d.code} {_escape(d.message)}\n"
                   for d in diags)


def _emit(diags, fmt: str, res, stream, color: str = "never", quiet: bool = False) -> None:
    from .render import file_source_lookup, render_github, render_human, render_json, render_sarif, summary_line

    root = res.root if res is not None else _root()
    if fmt == "json":
        stream.write(render_json(diags))
    elif fmt == "sarif":
        stream.write(_sarif_with_help_uris(render_sarif(diags, version=__version__, root=root)))
    elif fmt == "github":
        stream.write(render_github(diags))
    elif fmt == "concise":
        stream.write(render_concise(diags))
        if not quiet:
            stream.write(summary_line(diags) + "\n")
    else:
        texts = res.texts if res is not None else {}
        text = render_human(diags, file_source_lookup(texts, root), color=_use_color(color, stream))
        if text:
            stream.write(text + "\n")
        if not quiet:
            stream.write(summary_line(diags) + "\n")


def _statistics(diags, fmt: str, stream) -> None:
    import json
    from collections import Counter

    from .codes import lookup

    counts = Counter(d.code for d in diags)
    rows = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    if fmt == "json":
        stream.write(json.dumps([{"code": c, "name": lookup(c).name, "count": n} for c, n in rows], indent=2) + "\n")
        return
    width = len(str(max(counts.values()))) if counts else 1
    for c, n in rows:
        stream.write(f"{n:>{width}}\t{c}\t{lookup(c).name}\n")


def _show_settings(args, stream) -> int:
    import json

    from .codes import all_codes
    from .pipeline import display_path
    from .project import discover

    from .project import bundled_dir

    root, cfg, dirs = _settings(args)
    shipped = bundled_dir("content").resolve()
    on_top = [d for d in dirs if d.resolve() == shipped and not shipped.is_relative_to(root.resolve())]
    sources = [display_path(p, root) for p in discover([*(d for d in dirs if d not in on_top), *map(Path, args.paths)])]
    enabled = [c.id for c in all_codes() if cfg.enabled(c.id, "")]
    pp = root / "pyproject.toml"
    info = {
        "root": str(root),
        "config": str(pp) if pp.is_file() else None,
        "content_roots": [str(d) for d in dirs],
        "sources": sources,
        "bundled": str(shipped) if on_top else None,
        "select": cfg.select,
        "ignore": cfg.ignore,
        "per_file_ignores": cfg.per_file_ignores,
        "rules": enabled,
    }
    if _format_of(args) == "json":
        stream.write(json.dumps(info, indent=2, ensure_ascii=False) + "\n")
        return EXIT_OK
    w = stream.write
    w(f"root: {info['root']}\n")
    w(f"config: {info['config'] or '(none: defaults)'}\n")
    w("content roots:\n" + "".join(f"  {d}\n" for d in info["content_roots"]))
    w(f"sources: {len(sources)} files\n" + "".join(f"  {s}\n" for s in sources))
    w(f"bundled games: {'on top of ' + info['bundled'] if on_top else 'not loaded (the content above stands alone)'}\n"
      if on_top or not cfg.bundled else "")
    w(f"select: {', '.join(cfg.select) or '(none)'}\n")
    w(f"ignore: {', '.join(cfg.ignore) or '(none)'}\n")
    if cfg.per_file_ignores:
        w("per-file-ignores:\n" + "".join(f"  {k} = {', '.join(v)}\n" for k, v in cfg.per_file_ignores.items()))
    w(f"rules in force: {len(enabled)} of {len(all_codes())}\n" + "".join(f"  {c}\n" for c in enabled))
    return EXIT_OK


def cmd_lint(args) -> int:
    from .diagnostics import Span, has_errors, make, sort_diagnostics
    from .pipeline import display_path

    if args.show_settings:
        return _show_settings(args, sys.stdout)
    root, _, dirs = _settings(args)
    wanted: list[str] = []
    extra: list[Path] = []
    missing = []
    overrides = None
    for raw in args.paths:
        p = Path(raw)
        if not p.exists() and not p.is_symlink() and not (args.stdin_filename and raw == args.stdin_filename):
            missing.append(make("C001", f"no such file or folder `{raw}`", Span.point(raw), label="not found",
                                help="check the path; it is resolved from the current folder"))
            continue
        if args.content_files_only and p.is_file():
            from .project import looks_like_content

            if not looks_like_content(p, dirs):
                continue
        wanted.append(display_path(p, root))
        extra.append(p)
    if args.content_files_only and args.paths and not wanted and not missing and not args.stdin_filename:
        return EXIT_OK  # nothing given was a card file
    if args.stdin_filename:
        data = read_stream(sys.stdin.buffer)
        shown = display_path(Path(args.stdin_filename), root)
        overrides = {shown: data}
        wanted.append(shown)
    res = _compile(args, extra, overrides)

    def inside(f: str) -> bool:
        return any(f == w or f.startswith(w.rstrip("/") + "/") for w in wanted)

    def shown_of(res):
        return [d for d in res.diagnostics if inside(d.span.file)] if wanted else _own_diagnostics(res.diagnostics, root, dirs)

    diags = shown_of(res)
    fixed = None
    if args.fix or args.diff:
        res, fixed = _fix_rounds(args, extra, overrides, res, shown_of, root, stdin=bool(args.stdin_filename))
        diags = shown_of(res)
        if args.diff:
            return _print_fix_diff(fixed, res)
    from .fixes import with_fixes

    diags = with_fixes(diags, res.texts)
    if args.scenario:
        from .graph import scenario_report

        extra_diags = scenario_report(res, args.scenario)
        diags = sort_diagnostics([*diags, *extra_diags])
    diags = missing + diags
    fmt = _format_of(args)
    if args.statistics:
        _statistics(diags, fmt, sys.stdout)
    else:
        _emit(diags, fmt, res, sys.stdout, args.color, quiet=args.quiet)
    if fmt == "human" and not args.quiet and not args.statistics:
        _fix_summary(fixed, diags, args)
    if missing:
        return EXIT_USAGE
    if args.exit_zero:
        return EXIT_OK
    return EXIT_ERRORS if has_errors(diags) else EXIT_OK


def _fix_rounds(args, extra, overrides, res, shown_of, root: Path, *, stdin: bool):
    """Apply the fixes in memory, lint again, and repeat until nothing changes; write the files unless
    --diff. Returns the last result and {file: (original text, fixed text, fixes applied)}."""
    from .fixes import MAX_ROUNDS, applicable, apply_fixes, lossless, with_fixes
    from .safeio import atomic_write

    overrides = dict(overrides or {})
    originals: dict[str, str] = {}
    counts: dict[str, int] = {}
    for _ in range(MAX_ROUNDS):
        diags = with_fixes(shown_of(res), res.texts)
        by_file: dict[str, list] = {}
        for d in diags:
            if applicable(d, args.unsafe_fixes) and not Path(d.span.file).is_absolute():
                by_file.setdefault(d.span.file, []).append(d.fix)
        changed = False
        for f, fixes in sorted(by_file.items()):
            before = res.texts.get(f)
            if before is None:
                continue
            after, n = apply_fixes(before, fixes)
            if n == 0 or after == before or lossless(before, after, f) is not None:
                continue
            originals.setdefault(f, before)
            counts[f] = counts.get(f, 0) + n
            overrides[f] = after.encode("utf-8")
            changed = True
        if not changed:
            break
        res = _compile(args, extra, overrides)
    fixed = {f: (originals[f], res.texts.get(f, overrides[f].decode("utf-8")), counts[f]) for f in originals}
    if not args.diff:
        for f, (_, after, _) in fixed.items():
            if stdin and f == args.stdin_filename:
                continue
            atomic_write(root / f, after)
    return res, fixed


def _print_fix_diff(fixed, res) -> int:
    import difflib

    for f, (before, after, _) in sorted(fixed.items()):
        sys.stdout.writelines(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                                   fromfile=f"a/{f}", tofile=f"b/{f}"))
    n = sum(c for _, _, c in fixed.values())
    sys.stderr.write(f"{n} fix{'es' if n != 1 else ''} would be applied to {len(fixed)} file{'s' if len(fixed) != 1 else ''}\n")
    return EXIT_ERRORS if fixed else EXIT_OK


def _fix_summary(fixed, diags, args) -> None:
    from .diagnostics import Safety

    if fixed:
        n = sum(c for _, _, c in fixed.values())
        sys.stdout.write(f"fixed {n} diagnostic{'s' if n != 1 else ''} in {len(fixed)} file{'s' if len(fixed) != 1 else ''}\n")
    safe = sum(1 for d in diags if d.fix is not None and d.fix.safety is Safety.SAFE)
    unsafe = sum(1 for d in diags if d.fix is not None and d.fix.safety is Safety.UNSAFE)
    if safe and not args.fix:
        sys.stdout.write(f"{safe} fixable with `paleo lint --fix`\n")
    if unsafe and not (args.fix and args.unsafe_fixes):
        sys.stdout.write(f"{unsafe} more fixable with `paleo lint --fix --unsafe-fixes` (review them)\n")


def _own_diagnostics(diags, root: Path, dirs: list[Path]):
    """A project's lint reports its own files: not the notes of the bundled games it builds on
    (they are paleo's, and the bundled content lints clean), unless the project is the checkout."""
    from .project import bundled_dir

    shipped = bundled_dir("content").resolve()
    if shipped.is_relative_to(root.resolve()) or not any(d.resolve() == shipped for d in dirs):
        return diags
    prefix = str(shipped) + os.sep
    return [d for d in diags if not (d.span.file.startswith(prefix) and not d.is_error)]


def _portable_paths(bundle, dirs: list[Path]) -> None:
    from .bundle import portable_paths

    portable_paths(bundle, dirs)


def cmd_build(args) -> int:
    from .diagnostics import has_errors

    _, _, dirs = _settings(args)
    res = _compile(args)
    out = Path(args.out)
    errors = has_errors(res.diagnostics)
    fmt = _format_of(args)
    if fmt != "human":
        _emit(res.diagnostics, fmt, res, sys.stdout)
    else:
        shown = [d for d in res.diagnostics if d.severity.value != "info"]
        _emit(shown, "human", res, sys.stderr, "auto")
    if errors:
        sys.stderr.write("paleo: build failed; bundle not written\n")
        return EXIT_ERRORS
    from .cache import write_result_bundle

    target, problem = write_result_bundle(res, dirs, out)
    if problem:
        sys.stderr.write(problem)
        return EXIT_ERRORS
    if fmt == "human":
        _print_build_summary(res, target)
    return EXIT_OK


def _print_build_summary(res, target: Path) -> None:
    b = res.bundle
    if b is None:  # answered from the build cache: what the build that wrote these bytes printed
        b = {k: [None] * n for k, n in res.summary["counts"].items()}
        b["coverage"] = res.summary["coverage"]
    counts = ", ".join(f"{len(b[k])} {k}" for k in ("games", "products", "modules", "cards", "secrets", "tokens", "symbols", "scenarios"))
    info = sum(1 for d in res.diagnostics if d.severity.value == "info")
    warn = sum(1 for d in res.diagnostics if d.severity.value == "warning")
    print(f"compiled {len(res.files)} files: {counts}")
    print(f"diagnostics: 0 errors, {warn} warnings, {info} info (see `paleo lint`)")
    from .coverage import format_coverage

    print(format_coverage(b["coverage"]))
    print(f"wrote {target}")


def _shown(p: Path, root: Path) -> str:
    """A path as diffs and messages show it: from the project root when inside it, else as given."""
    try:
        return p.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return p.as_posix()


def cmd_fmt(args) -> int:
    from .fmt import run as fmt_run

    root, _, dirs = _settings(args)
    paths = list(args.paths)
    if "-" in paths:
        if len(paths) > 1:
            raise UsageError("`-` (standard input) cannot be given with other paths")
        return _fmt_stdin(args)
    if not paths:
        from .project import bundled_dir

        shipped = bundled_dir("content").resolve()
        own = [d for d in dirs if d.resolve() != shipped or shipped.is_relative_to(root.resolve())]  # never the bundled games'
        paths = [os.path.relpath(d) if d.resolve().is_relative_to(Path.cwd().resolve()) else str(d) for d in own]
    if args.content_files_only:
        from .project import looks_like_content

        paths = [p for p in paths if not Path(p).is_file() or looks_like_content(Path(p), dirs)]
        if not paths:
            return EXIT_OK
    if args.diff:
        return _fmt_diff(paths, root, check=args.check)
    return fmt_run(paths, check=args.check, diff=False, out=sys.stdout)


def _fmt_diff(paths: list[str], root: Path, *, check: bool) -> int:
    """`fmt --diff`: a unified diff per file that would change, paths from the project root; exit 1 if any."""
    import difflib

    from .fmt import _files, _render, format_text
    from .loader import decode

    files, missing = _files(paths)
    rc = EXIT_OK
    for m in missing:
        sys.stdout.write(f"{_escape(m)}:1:1: error[C001]: no such file or folder `{_escape(m)}`\n")
        rc = EXIT_USAGE
    changed = unchanged = failed = 0
    for f in files:
        shown = _shown(f, root)
        try:
            raw = f.read_bytes()
        except OSError as exc:
            sys.stdout.write(f"{shown}:1:1: error[C002]: cannot read `{shown}`: {exc.strerror or exc}\n")
            rc = EXIT_USAGE
            continue
        text, diags = decode(shown, raw)
        new = None
        if text is not None:
            new, diags = format_text(text, str(f))
        for d in diags:
            sys.stdout.write(_render(d) + "\n")
        if new is None or any(d.is_error for d in diags):
            failed += 1
            rc = max(rc, EXIT_ERRORS)
            continue
        if new == text:
            unchanged += 1
            continue
        changed += 1
        rc = max(rc, EXIT_ERRORS)
        sys.stdout.writelines(difflib.unified_diff(text.splitlines(keepends=True), new.splitlines(keepends=True),
                                                   fromfile=f"a/{shown}", tofile=f"b/{shown}"))
    parts = [f"{changed} file{'s' if changed != 1 else ''} would be reformatted", f"{unchanged} unchanged"]
    if failed:
        parts.append(f"{failed} with errors")
    sys.stderr.write(", ".join(parts) + "\n")
    return rc


def _fmt_stdin(args) -> int:
    """`fmt -`: format standard input to standard output (exit 1 with --check or --diff when it would change)."""
    import difflib

    from .fmt import _render, format_text
    from .loader import decode

    name = args.stdin_filename or "-"
    raw = sys.stdin.buffer.read()
    text, diags = decode(name, raw)
    new = None
    if text is not None:
        new, diags = format_text(text, name)
    if new is None or any(d.is_error for d in diags):
        for d in diags:
            sys.stderr.write(_render(d) + "\n")
        if text is not None and not (args.check or args.diff):
            sys.stdout.write(text)  # an editor piping through fmt keeps its buffer
        return EXIT_ERRORS
    if args.diff:
        sys.stdout.writelines(difflib.unified_diff(text.splitlines(keepends=True), new.splitlines(keepends=True),
                                                   fromfile=f"a/{name}", tofile=f"b/{name}"))
    elif args.check:
        if new != text:
            sys.stderr.write(f"would reformat {name}\n")
    else:
        sys.stdout.write(new)
    return EXIT_ERRORS if (args.check or args.diff) and new != text else EXIT_OK


def cmd_schema(args) -> int:
    import json

    if args.which == "content":
        from .schema import content_schema, write_json

        sys.stdout.write(write_json(content_schema()))
    elif args.which == "rule-test":
        from runtime.ruletests import format_schema

        sys.stdout.write(json.dumps(format_schema(), indent=2, ensure_ascii=False) + "\n")
    else:
        from .bundle_model import bundle_schema
        from .schema import write_json

        sys.stdout.write(write_json(bundle_schema()))
    return EXIT_OK


def cmd_symbols(args) -> int:
    from .bundle import lower_options
    from .effects import symbols_report

    res_entries = _compile(args).entries
    registry, _, _ = lower_options([e for e in res_entries if e.section == "symbols"])
    sys.stdout.write(symbols_report(registry, args.format))
    return EXIT_OK


def cmd_graph(args) -> int:
    from .graph import render_graph

    from .diagnostics import has_errors

    res = _compile(args)
    if res.bundle is None or has_errors(res.diagnostics):
        # a graph of content with errors would draw what the errors leave out: show them, draw nothing
        _emit([d for d in res.diagnostics if d.is_error], "human", res, sys.stderr, "auto")
        sys.stderr.write("paleo: graph not drawn: the content has errors (`paleo lint` lists them)\n")
        return EXIT_ERRORS
    text, ok = render_graph(res.bundle, args.format, args.scenario)
    sys.stdout.write(text)
    return EXIT_OK if ok else EXIT_USAGE


def cmd_explain(args) -> int:
    from .codes import all_codes, find

    if args.list or not args.code:
        for c in all_codes():
            print(f"{c.id}  {c.severity.value:<7}  {c.name:<28} {c.summary}")
        return EXIT_OK
    code = find(args.code)
    if code is None:
        from .diagnostics import suggestion_help

        hint = suggestion_help(args.code.upper(), [c.id for c in all_codes()] + [c.name for c in all_codes()])
        sys.stderr.write(f"paleo: unknown code `{escape(args.code)}`" + (f"; {escape(hint)}" if hint else "") + "\n")
        return EXIT_USAGE
    print(code.explanation())
    return EXIT_OK


def _docs_toolchain_missing() -> list[str]:
    import importlib.util

    return [dist for mod, dist in (("mkdocs", "mkdocs"), ("material", "mkdocs-material"))
            if importlib.util.find_spec(mod) is None]


def cmd_docs(args) -> int:
    missing = _docs_toolchain_missing()
    if missing:
        sys.stderr.write(
            f"paleo: error: `paleo docs` needs the docs toolchain ({', '.join(missing)} not installed)\n"
            "  = help: install it with `python -m pip install \"paleo-codex[docs]\"` "
            "(in a checkout: `python -m pip install -e \".[docs]\"`)\n")
        return EXIT_USAGE
    from .docs import build_site

    out = Path(args.out or ("build/site-offline" if args.offline else "build/site"))
    root = _root()
    if not (root / "mkdocs.yml").is_file() or args.content or args.isolated:
        return _docs_in_a_project(args, root, out)
    return build_site(bundle_path=args.bundle, out=out, root=root, offline=args.offline,
                      site_url=args.site_url, edit_url=args.edit_url, since=args.since)


def _docs_kit() -> Path | None:
    """The site's scaffold shipped in the package (mkdocs.yml, site/, mermaid), or None."""
    from .project import PACKAGE_DIR

    kit = PACKAGE_DIR / "data" / "docs-kit"
    return kit if (kit / "mkdocs.yml").is_file() and (kit / "site").is_dir() else None


def _docs_in_a_project(args, root: Path, out: Path) -> int:
    """`paleo docs` where there is no mkdocs.yml (or with --content): the rules site of the project's
    content (its content folders, else the bundled content, plus --content), built from the scaffold
    shipped in the package (in a checkout, the checkout's own)."""
    import re
    import shutil
    import tempfile

    from .bundle import dumps
    from .diagnostics import has_errors
    from .docs import MERMAID_JS, build_site
    from .project import PACKAGE_DIR

    kit = _docs_kit()
    if (root / "mkdocs.yml").is_file() and (root / "site").is_dir():
        kit = root  # a checkout given --content: its own scaffold
    if kit is None:
        sys.stderr.write(f"paleo: error: no mkdocs.yml in {root}, and this install of paleo carries no site scaffold\n"
                         "  = help: run `paleo docs` in a Paleo Codex checkout, or install a wheel built from one\n")
        return EXIT_USAGE
    mermaid = kit / "mermaid" / "mermaid.min.js" if kit != root else root / MERMAID_JS
    if not mermaid.is_file():
        sys.stderr.write("paleo: error: this install of paleo carries no mermaid (its wheel was built before `npm ci`)\n"
                         "  = help: build the wheel in a checkout after `npm ci`, or run `paleo docs` in the checkout\n")
        return EXIT_USAGE
    out = out if out.is_absolute() else Path.cwd() / out
    with tempfile.TemporaryDirectory(prefix="paleo-docs-project-") as tmp:
        stage = Path(tmp)
        bundle_path = args.bundle
        if bundle_path is None:
            res = _compile(args)
            if has_errors(res.diagnostics) or res.bundle is None:
                _emit([d for d in res.diagnostics if d.is_error], "human", res, sys.stderr, "auto")
                sys.stderr.write("paleo: the content has errors; site not built\n")
                return EXIT_ERRORS
            _, _, dirs = _settings(args)
            _portable_paths(res.bundle, dirs)
            bundle_path = str(stage / "bundle.json")
            Path(bundle_path).write_text(dumps(res.bundle), encoding="utf-8")
        shutil.copytree(kit / "site", stage / "site")
        config = (kit / "mkdocs.yml").read_text(encoding="utf-8")
        hooks = (PACKAGE_DIR / "docs" / "hooks.py").as_posix()
        config = re.sub(r"(?m)^(\s*-\s*)compiler/docs/hooks\.py\s*$", lambda m: m.group(1) + hooks, config)
        (stage / "mkdocs.yml").write_text(config, encoding="utf-8")
        (stage / MERMAID_JS).parent.mkdir(parents=True)
        shutil.copy2(mermaid, stage / MERMAID_JS)
        return build_site(bundle_path=bundle_path, out=out, root=stage, offline=args.offline,
                          site_url=args.site_url, edit_url=args.edit_url, since=args.since)


def cmd_diff(args) -> int:
    from .diff import main as diff_main

    return diff_main(args.old, args.new, _root(), fmt=args.format)


def cmd_test(args) -> int:
    from .ruletest_packs import main as ruletests_main

    return ruletests_main(args.files, bundle=args.bundle, root=_root(), junit=args.junit)


def cmd_init(args) -> int:
    from .scaffold import init

    return init(Path(args.dir), args.name)


def cmd_sim(args) -> int:
    from runtime.sim import main as sim_main

    return sim_main(args)


def cmd_lsp(args) -> int:
    from .lsp import main as lsp_main

    return lsp_main()


def cmd_sweep(args) -> int:
    from .sweep.cli import main as sweep_main

    return sweep_main(args)


COMMANDS = {
    "lint": cmd_lint, "build": cmd_build, "fmt": cmd_fmt, "schema": cmd_schema, "symbols": cmd_symbols,
    "graph": cmd_graph, "explain": cmd_explain, "docs": cmd_docs, "diff": cmd_diff, "test": cmd_test, "sim": cmd_sim,
    "sweep": cmd_sweep, "lsp": cmd_lsp,
    "init": cmd_init,
}


# Commands that compile a project once and end. Run by `console`, they run with the cyclic garbage
# collector off: a build holds hundreds of thousands of long-lived objects (the compile itself pauses the
# collector), and the collections that would walk them once it is done — while the bundle is written and
# the report printed — free nothing; the heap goes with the process.
ONE_PASS = frozenset({"build", "lint", "graph", "diff"})


def main(argv: list[str] | None = None, *, ending: bool = False) -> int:
    """Run one `paleo` command; `ending` says the process ends with it (see `ONE_PASS`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv or os.environ.get("PALEO_DEBUG") == "1"
    args = None
    try:
        args = build_parser().parse_args(argv)
        if ending and args.command in ONE_PASS:
            import gc

            gc.disable()
        return COMMANDS[args.command](args)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except UsageError as exc:
        sys.stderr.write(f"paleo: error: {escape(exc)}\n")
        return EXIT_USAGE
    except ConfigError as exc:
        fmt = _format_of(args) if args is not None and hasattr(args, "format") else "human"
        if fmt not in FORMATS:
            fmt = "human"
        _emit(exc.diags, fmt, None, sys.stdout if fmt != "human" else sys.stderr, "auto")
        sys.stderr.write("paleo: error: the configuration is not valid; nothing was checked\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("paleo: interrupted\n")
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # the one place that turns a bug into a one-line report
        if debug:
            import traceback

            traceback.print_exc()
        sys.stderr.write(
            f"paleo: internal error: {type(exc).__name__}: {escape(exc)}\n"
            "This is a bug in paleo, not in your content. Please report it with the command you ran "
            "and the file involved" + ("" if debug else "; rerun with --debug to see the traceback") + ".\n"
        )
        return EXIT_USAGE


def console() -> None:
    """The `paleo` command: `main`, then the process ends without tearing down its heap. Freeing a large
    build's objects one by one (hundreds of thousands of records, positions and IR values) takes a tenth
    of a second and more that nobody waits for. What the interpreter would do first at exit is done
    here: the output is flushed and the `atexit` functions run (coverage measurement, temporary folders'
    clean-up). With a thread still running, or a stream that cannot be flushed, it ends normally."""
    code = main(ending=True)
    import atexit
    import threading

    run_exit_functions = getattr(atexit, "_run_exitfuncs", None)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed or broken stream: the normal shutdown reports it as before
        sys.exit(code)
    if run_exit_functions is None or threading.active_count() != 1:
        sys.exit(code)
    run_exit_functions()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code)


if __name__ == "__main__":
    console()
