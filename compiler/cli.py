"""The `paleo` command line: the parser, one error boundary, and each command loaded from compiler/commands/ when it runs."""

from __future__ import annotations

import argparse
import atexit
import gc
import os
import sys
import threading
import traceback
from pathlib import Path

from .version import __version__
from .commands import EXIT_OK, EXIT_USAGE, FORMATS, ConfigError, UsageError, format_of
from .paths import SettingError
from .safeio import escape

__all__ = ["main", "console", "build_parser", "COMMANDS", "ONE_PASS", "EXIT_OK", "EXIT_USAGE", "FORMATS", "UsageError", "ConfigError"]


# `paleo sweep`'s default results file and report folder
SWEEP_OUT = "build/sweep/results.jsonl"
SWEEP_REPORT = "build/sweep/report"


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


def _sweep_parser(sub) -> None:
    sw = sub.add_parser("sweep", help="play a grid of setups, player counts, policies and seeds; report calibration")
    sw.add_argument("--bundle", metavar="FILE", help="the compiled bundle the games are played on")
    sw.add_argument("--grid", metavar="FILE", help="a TOML grid (setups, players, policies, games, seed, block)")
    sw.add_argument("--setup", metavar="SETUP", action="append", default=None,
                    help="SCENARIO[,board=ID][,game=ID][,NAME=VALUE] (repeatable)")
    sw.add_argument("--players", type=int, nargs="+", metavar="N", default=None)
    sw.add_argument("--policy", metavar="NAME", action="append", default=None,
                    help="random, greedy, mc, mc-N or module:function (repeatable)")
    sw.add_argument("--games", type=int, default=None, help="games per configuration (default 100)")
    sw.add_argument("--seed", type=int, default=None, help="first seed (default 0); every configuration plays the same seeds")
    sw.add_argument("--block", type=int, default=None, help="games per seed block (default 25)")
    sw.add_argument("--out", metavar="FILE", default=SWEEP_OUT, help=f"results file, JSON lines (default {SWEEP_OUT})")
    sw.add_argument("--resume", action="store_true", help="continue the sweep in --out where it stopped")
    where = sw.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, default=1, metavar="N", help="local worker processes (default 1)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="an existing dask.distributed scheduler, e.g. tcp://host:8786")
    sw.add_argument("--report", action="store_true", help="write the calibration page and JSON summary of --out")
    sw.add_argument("--report-dir", metavar="DIR", default=SWEEP_REPORT, help=f"where --report writes (default {SWEEP_REPORT})")
    sw.add_argument("--against", metavar="FILE", help="with --report: another results file of the same grid, compared on shared seeds")
    sw.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                    help="draw the progress bar on stderr (default: when stderr is a terminal)")


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
                      help="skip given files outside the project's content roots (for pre-commit hooks)")
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
                     help="skip given files outside the project's content roots (for pre-commit hooks)")

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
    which = sim.add_mutually_exclusive_group(required=True)
    which.add_argument("--scenario", metavar="ID")
    which.add_argument("--all", action="store_true",
                       help="every setup the bundle lists, for every player count it allows (a table)")
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
    _sweep_parser(sub)
    return p


# Each command's modules are imported when it runs, so `paleo --version` or `paleo explain` does not load
# the whole compiler (the pipeline, the models, ruamel.yaml, the runtime).

def cmd_lint(args) -> int:
    from .commands.lint import cmd_lint as run  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return run(args)


def cmd_build(args) -> int:
    from .commands.build import cmd_build as run  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return run(args)


def cmd_fmt(args) -> int:
    from .commands.fmt import cmd_fmt as run  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return run(args)


def cmd_schema(args) -> int:
    from .commands.build import cmd_schema as run  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return run(args)


def cmd_symbols(args) -> int:
    from .commands.build import cmd_symbols as run  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return run(args)


def cmd_graph(args) -> int:
    from .commands.build import cmd_graph as run  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return run(args)


def cmd_explain(args) -> int:
    from .commands.build import cmd_explain as run  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return run(args)


def cmd_docs(args) -> int:
    from .commands.docs import cmd_docs as run  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return run(args)


def cmd_diff(args) -> int:
    from .diff import main as diff_main  # noqa: PLC0415 - start-up cost: loaded when the command runs
    from .project import find_root  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return diff_main(args.old, args.new, find_root(Path.cwd()), fmt=args.format)


def cmd_test(args) -> int:
    from .project import find_root  # noqa: PLC0415 - start-up cost: loaded when the command runs
    from .ruletest_packs import main as ruletests_main  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return ruletests_main(args.files, bundle=args.bundle, root=find_root(Path.cwd()), junit=args.junit)


def cmd_init(args) -> int:
    from .scaffold import init  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return init(Path(args.dir), args.name)


def cmd_sim(args) -> int:
    from runtime.sim import main as sim_main  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return sim_main(args)


def cmd_lsp(args) -> int:
    from .lsp import main as lsp_main  # noqa: PLC0415 - start-up cost: loaded when the command runs

    return lsp_main()


def cmd_sweep(args) -> int:
    from .sweep.cli import main as sweep_main  # noqa: PLC0415 - start-up cost: loaded when the command runs

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
            gc.disable()
        return COMMANDS[args.command](args)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except (UsageError, SettingError) as exc:
        sys.stderr.write(f"paleo: error: {escape(exc)}\n")
        return EXIT_USAGE
    except ConfigError as exc:
        from .commands.common import emit  # noqa: PLC0415 - start-up cost: loaded only to report the error

        fmt = format_of(args) if args is not None and hasattr(args, "format") else "human"
        if fmt not in FORMATS:
            fmt = "human"
        emit(exc.diags, fmt, None, sys.stdout if fmt != "human" else sys.stderr, "auto")
        sys.stderr.write("paleo: error: the configuration is not valid; nothing was checked\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("paleo: interrupted\n")
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # the one place that turns a bug into a one-line report
        if debug:
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
