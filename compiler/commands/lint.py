"""`paleo lint`: the diagnostics of a project's files, their statistics, the settings in force, and `--fix`."""

from __future__ import annotations

import difflib
import json
import os
import sys
from collections import Counter
from pathlib import Path

from ..codes import all_codes, lookup
from ..diagnostics import Safety, Span, has_errors, make, sort_diagnostics
from ..fixes import MAX_ROUNDS, applicable, apply_fixes, lossless, with_fixes
from ..graph import scenario_report
from ..pipeline import display_path
from ..project import bundled_dir, discover, looks_like_content
from ..safeio import atomic_write, read_stream
from . import EXIT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError, format_of
from .common import compile_project, emit, settings


def statistics(diags, fmt: str, stream) -> None:
    counts = Counter(d.code for d in diags)
    rows = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    if fmt == "json":
        stream.write(json.dumps([{"code": c, "name": lookup(c).name, "count": n} for c, n in rows], indent=2) + "\n")
        return
    width = len(str(max(counts.values()))) if counts else 1
    for c, n in rows:
        stream.write(f"{n:>{width}}\t{c}\t{lookup(c).name}\n")


def show_settings(args, stream) -> int:
    root, cfg, dirs = settings(args)
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
    if format_of(args) == "json":
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
    if args.show_settings:
        return show_settings(args, sys.stdout)
    root, _, dirs = settings(args)
    wanted: list[str] = []
    extra: list[Path] = []
    missing = []
    overrides = None
    for raw in args.paths:
        if raw == "-":  # standard input, as ruff reads it: named by --stdin-filename
            if not args.stdin_filename:
                raise UsageError("`-` reads the file from standard input: name it with --stdin-filename F, "
                                 "for example `paleo lint --stdin-filename content/cards.yaml -`")
            continue
        p = Path(raw)
        if not p.exists() and not p.is_symlink() and not (args.stdin_filename and raw == args.stdin_filename):
            missing.append(make("C001", f"no such file or folder `{raw}`", Span.point(raw), label="not found",
                                help="check the path; it is resolved from the current folder"))
            continue
        if args.content_files_only and p.is_file():
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
    res = compile_project(args, extra, overrides)

    def inside(f: str) -> bool:
        return any(f == w or f.startswith(w.rstrip("/") + "/") for w in wanted)

    def shown_of(res):
        return [d for d in res.diagnostics if inside(d.span.file)] if wanted else own_diagnostics(res.diagnostics, root, dirs)

    diags = shown_of(res)
    fixed = None
    if args.fix or args.diff:
        res, fixed = fix_rounds(args, extra, overrides, res, shown_of, root, stdin=bool(args.stdin_filename))
        diags = shown_of(res)
        if args.diff:
            return print_fix_diff(fixed, res)
    diags = with_fixes(diags, res.texts)
    if args.scenario:
        extra_diags = scenario_report(res, args.scenario)
        diags = sort_diagnostics([*diags, *extra_diags])
    diags = missing + diags
    fmt = format_of(args)
    if args.statistics:
        statistics(diags, fmt, sys.stdout)
    else:
        emit(diags, fmt, res, sys.stdout, args.color, quiet=args.quiet)
    if fmt in ("human", "concise") and not args.quiet and not args.statistics:
        fix_summary(fixed, diags, args)
    if missing:
        return EXIT_USAGE
    if args.exit_zero:
        return EXIT_OK
    return EXIT_ERRORS if has_errors(diags) else EXIT_OK


def fix_rounds(args, extra, overrides, res, shown_of, root: Path, *, stdin: bool):
    """Apply the fixes in memory, lint again, and repeat until nothing changes; write the files unless
    --diff. Returns the last result and {file: (original text, fixed text, fixes applied)}."""
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
        res = compile_project(args, extra, overrides)
    fixed = {f: (originals[f], res.texts.get(f, overrides[f].decode("utf-8")), counts[f]) for f in originals}
    if not args.diff:
        for f, (_, after, _) in fixed.items():
            if stdin and f == args.stdin_filename:
                continue
            atomic_write(root / f, after)
    return res, fixed


def print_fix_diff(fixed, res) -> int:
    for f, (before, after, _) in sorted(fixed.items()):
        sys.stdout.writelines(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                                   fromfile=f"a/{f}", tofile=f"b/{f}"))
    n = sum(c for _, _, c in fixed.values())
    sys.stderr.write(f"{n} fix{'es' if n != 1 else ''} would be applied to {len(fixed)} file{'s' if len(fixed) != 1 else ''}\n")
    return EXIT_ERRORS if fixed else EXIT_OK


def fix_summary(fixed, diags, args) -> None:
    if fixed:
        n = sum(c for _, _, c in fixed.values())
        sys.stdout.write(f"fixed {n} diagnostic{'s' if n != 1 else ''} in {len(fixed)} file{'s' if len(fixed) != 1 else ''}\n")
    safe = sum(1 for d in diags if d.fix is not None and d.fix.safety is Safety.SAFE)
    unsafe = sum(1 for d in diags if d.fix is not None and d.fix.safety is Safety.UNSAFE)
    if safe and not args.fix:
        sys.stdout.write(f"[*] {safe} fixable with `paleo lint --fix`\n")
    if unsafe and not (args.fix and args.unsafe_fixes):
        sys.stdout.write(f"[?] {unsafe} more fixable with `paleo lint --fix --unsafe-fixes` (review them)\n")


def own_diagnostics(diags, root: Path, dirs: list[Path]):
    """A project's lint reports its own files: not the notes of the bundled games it builds on
    (they are paleo's, and the bundled content lints clean), unless the project is the checkout."""
    shipped = bundled_dir("content").resolve()
    if shipped.is_relative_to(root.resolve()) or not any(d.resolve() == shipped for d in dirs):
        return diags
    prefix = str(shipped) + os.sep
    return [d for d in diags if not (d.span.file.startswith(prefix) and not d.is_error)]
