"""The `paleo` command line: a thin layer over the pipeline with one error boundary."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import __version__
from .safeio import escape, read_stream

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


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


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="paleo", description="Compile, check, publish and play Paleo card content.")
    p.add_argument("--version", action="version", version=f"paleo {__version__}")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks of internal errors")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    lint = sub.add_parser("lint", help="check content files and report diagnostics")
    lint.add_argument("paths", nargs="*", metavar="PATH")
    _content_args(lint)
    lint.add_argument("--format", choices=["human", "json", "sarif", "github"], default="human")
    lint.add_argument("--stdin-filename", metavar="F", help="read the file F's text from standard input")
    lint.add_argument("--scenario", metavar="ID", help="also report what playing this scenario needs")
    lint.add_argument("--color", choices=["auto", "always", "never"], default="auto")

    build = sub.add_parser("build", help="compile content into OUT/bundle.json")
    _content_args(build)
    build.add_argument("--out", default="build", metavar="DIR")
    build.add_argument("--format", choices=["human", "json", "sarif", "github"], default="human")

    fmt = sub.add_parser("fmt", help="rewrite content files in canonical key order and layout")
    fmt.add_argument("paths", nargs="*", metavar="PATH")
    fmt.add_argument("--check", action="store_true", help="exit 1 when a file would change")
    fmt.add_argument("--diff", action="store_true", help="print a unified diff instead of rewriting")

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
    sim.add_argument("--policy", choices=["random", "greedy"], default="random")
    sim.add_argument("--format", choices=["human", "json"], default="human")
    return p


def _root() -> Path:
    from .project import find_root

    return find_root(Path.cwd())


def _compile(args, extra: list[Path] = (), overrides=None):
    from .pipeline import default_content_dirs, run
    from .project import load_config

    root = _root()
    cfg, cdiags = load_config(root)
    dirs = [] if args.isolated else default_content_dirs(root, cfg)
    for c in args.content:
        cp = Path(c)
        if not cp.is_dir():
            raise UsageError(f"--content {c}: no such folder")
        dirs.append(cp)
    res = run(dirs, extra_files=list(extra), root=root, overrides=overrides, config=cfg)
    res.diagnostics[:0] = cdiags
    return res


def _emit(diags, fmt: str, res, stream, color: str = "never") -> None:
    from .render import file_source_lookup, render_github, render_human, render_json, render_sarif, summary_line

    if fmt == "json":
        stream.write(render_json(diags))
    elif fmt == "sarif":
        stream.write(render_sarif(diags, version=__version__, root=res.root))
    elif fmt == "github":
        stream.write(render_github(diags))
    else:
        use_color = color == "always" or (color == "auto" and stream.isatty() and not os.environ.get("NO_COLOR"))
        text = render_human(diags, file_source_lookup(res.texts, res.root), color=use_color)
        if text:
            stream.write(text + "\n")
        stream.write(summary_line(diags) + "\n")


def cmd_lint(args) -> int:
    from .diagnostics import Span, has_errors, make, sort_diagnostics
    from .pipeline import display_path

    root = _root()
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
        wanted.append(display_path(p, root))
        extra.append(p)
    if args.stdin_filename:
        data = read_stream(sys.stdin.buffer)
        shown = display_path(Path(args.stdin_filename), root)
        overrides = {shown: data}
        wanted.append(shown)
    res = _compile(args, extra, overrides)
    diags = res.diagnostics
    if wanted:
        def inside(f: str) -> bool:
            return any(f == w or f.startswith(w.rstrip("/") + "/") for w in wanted)
        diags = [d for d in diags if inside(d.span.file)]
    if args.scenario:
        from .graph import scenario_report

        extra_diags = scenario_report(res, args.scenario)
        diags = sort_diagnostics([*diags, *extra_diags])
    diags = missing + diags
    _emit(diags, args.format, res, sys.stdout, args.color)
    if missing:
        return EXIT_USAGE
    return EXIT_ERRORS if has_errors(diags) else EXIT_OK


def cmd_build(args) -> int:
    from .bundle import write_bundle
    from .diagnostics import has_errors

    res = _compile(args)
    out = Path(args.out)
    errors = has_errors(res.diagnostics)
    if args.format != "human":
        _emit(res.diagnostics, args.format, res, sys.stdout)
    else:
        shown = [d for d in res.diagnostics if d.severity.value != "info"]
        _emit(shown, "human", res, sys.stderr)
    if errors:
        sys.stderr.write("paleo: build failed; bundle not written\n")
        return EXIT_ERRORS
    target, problem = write_bundle(out, res.bundle)
    if problem:
        sys.stderr.write(problem)
        return EXIT_ERRORS
    if args.format == "human":
        _print_build_summary(res, target)
    return EXIT_OK


def _print_build_summary(res, target: Path) -> None:
    b = res.bundle
    counts = ", ".join(f"{len(b[k])} {k}" for k in ("games", "products", "modules", "cards", "secrets", "tokens", "symbols", "scenarios"))
    info = sum(1 for d in res.diagnostics if d.severity.value == "info")
    warn = sum(1 for d in res.diagnostics if d.severity.value == "warning")
    print(f"compiled {len(res.files)} files: {counts}")
    print(f"diagnostics: 0 errors, {warn} warnings, {info} info (see `paleo lint`)")
    from .coverage import format_coverage

    print(format_coverage(b["coverage"]))
    print(f"wrote {target}")


def cmd_fmt(args) -> int:
    from .fmt import run as fmt_run
    from .pipeline import default_content_dirs
    from .project import load_config

    paths = args.paths
    if not paths:
        root = _root()
        cfg, _ = load_config(root)
        paths = [str(p) for p in default_content_dirs(root, cfg)]
    return fmt_run(paths, check=args.check, diff=args.diff, out=sys.stdout)


def cmd_schema(args) -> int:
    import json

    if args.which == "content":
        from .schema import content_schema, write_json

        sys.stdout.write(write_json(content_schema()))
    elif args.which == "rule-test":
        from runtime.ruletests import format_schema

        sys.stdout.write(json.dumps(format_schema(), indent=2, ensure_ascii=False) + "\n")
    else:
        from .bundle import bundle_schema

        sys.stdout.write(json.dumps(bundle_schema(), indent=2, ensure_ascii=False) + "\n")
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

    res = _compile(args)
    if res.bundle is None:
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


def cmd_docs(args) -> int:
    from .docs import build_site

    out = args.out or ("build/site-offline" if args.offline else "build/site")
    return build_site(bundle_path=args.bundle, out=Path(out), root=_root(), offline=args.offline,
                      site_url=args.site_url, edit_url=args.edit_url, since=args.since)


def cmd_diff(args) -> int:
    from .diff import main as diff_main

    return diff_main(args.old, args.new, _root(), fmt=args.format)


def cmd_test(args) -> int:
    from runtime.ruletests import main as ruletests_main

    return ruletests_main(args.files, bundle=args.bundle, root=_root(), junit=args.junit)


def cmd_sim(args) -> int:
    from runtime.sim import main as sim_main

    return sim_main(args)


COMMANDS = {
    "lint": cmd_lint, "build": cmd_build, "fmt": cmd_fmt, "schema": cmd_schema, "symbols": cmd_symbols,
    "graph": cmd_graph, "explain": cmd_explain, "docs": cmd_docs, "diff": cmd_diff, "test": cmd_test, "sim": cmd_sim,
}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv or os.environ.get("PALEO_DEBUG") == "1"
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except UsageError as exc:
        sys.stderr.write(f"paleo: error: {escape(exc)}\n")
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


if __name__ == "__main__":
    sys.exit(main())
