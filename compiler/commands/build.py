"""`paleo build`, `schema`, `symbols`, `graph` and `explain`: the bundle and what is printed from the compiler's own tables."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from runtime.ruletests import format_schema

from ..bundle import lower_options
from ..bundle_model import bundle_schema
from ..cache import write_result_bundle
from ..codes import all_codes, find
from ..coverage import format_coverage
from ..diagnostics import has_errors, suggestion_help
from ..effects import symbols_report
from ..graph import render_graph
from ..safeio import escape
from ..schema import content_schema, write_json
from . import EXIT_ERRORS, EXIT_OK, EXIT_USAGE, format_of
from .common import compile_project, emit, settings
from .lint import own_diagnostics


def cmd_build(args) -> int:
    root, _, dirs = settings(args)
    res = compile_project(args)
    out = Path(args.out)
    errors = has_errors(res.diagnostics)
    fmt = format_of(args)
    own = own_diagnostics(res.diagnostics, root, dirs)  # what `paleo lint` shows: not the bundled games' notes
    if fmt != "human":
        emit(own, fmt, res, sys.stdout)
    else:
        shown = [d for d in own if d.severity.value != "info"]
        emit(shown, "human", res, sys.stderr, "auto")
    if errors:
        sys.stderr.write("paleo: build failed; bundle not written\n")
        return EXIT_ERRORS
    target, problem = write_result_bundle(res, dirs, out)
    if problem:
        sys.stderr.write(problem)
        return EXIT_ERRORS
    if fmt == "human":
        print_build_summary(res, target, own)
    return EXIT_OK


def print_build_summary(res, target: Path, diags=None) -> None:
    """The build's summary; its counts are of `diags` (default: every diagnostic of the result)."""
    diags = res.diagnostics if diags is None else diags
    b = res.bundle
    if b is None:  # answered from the build cache: what the build that wrote these bytes printed
        b = {k: [None] * n for k, n in res.summary["counts"].items()}
        b["coverage"] = res.summary["coverage"]
    counts = ", ".join(f"{len(b[k])} {k}" for k in ("games", "products", "modules", "cards", "secrets", "tokens", "symbols", "scenarios"))
    info = sum(1 for d in diags if d.severity.value == "info")
    warn = sum(1 for d in diags if d.severity.value == "warning")
    print(f"compiled {len(res.files)} files: {counts}")
    print(f"diagnostics: 0 errors, {warn} warnings, {info} info (see `paleo lint`)")
    print(format_coverage(b["coverage"]))
    print(f"wrote {target}")


def cmd_schema(args) -> int:
    if args.which == "content":
        sys.stdout.write(write_json(content_schema()))
    elif args.which == "rule-test":
        sys.stdout.write(json.dumps(format_schema(), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(write_json(bundle_schema()))
    return EXIT_OK


def cmd_symbols(args) -> int:
    res_entries = compile_project(args).entries
    registry, _, _ = lower_options([e for e in res_entries if e.section == "symbols"])
    sys.stdout.write(symbols_report(registry, args.format))
    return EXIT_OK


def cmd_graph(args) -> int:
    res = compile_project(args)
    if res.bundle is None or has_errors(res.diagnostics):
        # a graph of content with errors would draw what the errors leave out: show them, draw nothing
        emit([d for d in res.diagnostics if d.is_error], "human", res, sys.stderr, "auto")
        sys.stderr.write("paleo: graph not drawn: the content has errors (`paleo lint` lists them)\n")
        return EXIT_ERRORS
    text, ok = render_graph(res.bundle, args.format, args.scenario)
    sys.stdout.write(text)
    return EXIT_OK if ok else EXIT_USAGE


def cmd_explain(args) -> int:
    if args.list or not args.code:
        for c in all_codes():
            print(f"{c.id}  {c.severity.value:<7}  {c.name:<28} {c.summary}")
        return EXIT_OK
    code = find(args.code)
    if code is None:
        hint = suggestion_help(args.code.upper(), [c.id for c in all_codes()] + [c.name for c in all_codes()])
        sys.stderr.write(f"paleo: unknown code `{escape(args.code)}`" + (f"; {escape(hint)}" if hint else "") + "\n")
        return EXIT_USAGE
    print(code.explanation())
    return EXIT_OK
