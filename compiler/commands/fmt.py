"""`paleo fmt` on files, folders and standard input, with `--check` and `--diff`."""

from __future__ import annotations

import difflib
import os
import sys
from pathlib import Path

from ..fmt import collect_files, format_text, render_diagnostic
from ..fmt import run as fmt_run
from ..loader import decode
from ..project import bundled_dir, looks_like_content
from . import EXIT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError
from ..safeio import escape_python
from .common import settings


def shown_path(p: Path, root: Path) -> str:
    """A path as diffs and messages show it: from the project root when inside it, else as given."""
    try:
        return p.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return p.as_posix()


def cmd_fmt(args) -> int:
    root, _, dirs = settings(args)
    paths = list(args.paths)
    if "-" in paths:
        if len(paths) > 1:
            raise UsageError("`-` (standard input) cannot be given with other paths")
        return fmt_stdin(args)
    if not paths:
        shipped = bundled_dir("content").resolve()
        own = [d for d in dirs if d.resolve() != shipped or shipped.is_relative_to(root.resolve())]  # never the bundled games'
        paths = [os.path.relpath(d) if d.resolve().is_relative_to(Path.cwd().resolve()) else str(d) for d in own]
    if args.content_files_only:
        paths = [p for p in paths if not Path(p).is_file() or looks_like_content(Path(p), dirs)]
    else:
        paths = _project_card_files(paths, root, dirs)
    if not paths:
        return EXIT_OK
    if args.diff:
        return fmt_diff(paths, root, check=args.check)
    return fmt_run(paths, check=args.check, diff=False, out=sys.stdout)


def _project_card_files(paths: list[str], root: Path, dirs: list[Path]) -> list[str]:
    """The given paths less the files of this project that lie outside its content folders (its
    `.pre-commit-config.yaml`, a CI file): fmt rewrites card files only, and a modeline in another YAML file
    would make the editor check it against the card schema. Each one left is named on standard error. A file
    outside the project, or in a project with no content folder of its own, is formatted as given."""
    try:
        top = root.resolve()
        own = [d for d in dirs if d.is_dir() and d.resolve().is_relative_to(top)]
    except OSError:
        return paths
    if not own:
        return paths
    kept = []
    for p in paths:
        f = Path(p)
        try:
            inside = f.is_file() and f.resolve().is_relative_to(top)
        except OSError:
            inside = False
        if inside and not looks_like_content(f, own):
            where = ", ".join(shown_path(d, root) for d in own)
            sys.stderr.write(f"paleo fmt: {escape_python(shown_path(f, root))} is not a card file of this project "
                             f"(it lies outside its content folders: {escape_python(where)}); left unchanged. "
                             "Add its folder to `content` in [tool.paleo], or give `--content`, to format it\n")
            continue
        kept.append(p)
    return kept


def fmt_diff(paths: list[str], root: Path, *, check: bool) -> int:
    """`fmt --diff`: a unified diff per file that would change, paths from the project root; exit 1 if any."""
    files, missing = collect_files(paths)
    rc = EXIT_OK
    for m in missing:
        sys.stdout.write(f"{escape_python(m)}:1:1: error[C001]: no such file or folder `{escape_python(m)}`\n")
        rc = EXIT_USAGE
    changed = unchanged = failed = 0
    for f in files:
        shown = shown_path(f, root)
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
            sys.stdout.write(render_diagnostic(d) + "\n")
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


def fmt_stdin(args) -> int:
    """`fmt -`: format standard input to standard output (exit 1 with --check or --diff when it would change)."""
    name = args.stdin_filename or "-"
    raw = sys.stdin.buffer.read()
    text, diags = decode(name, raw)
    new = None
    if text is not None:
        new, diags = format_text(text, name)
    if new is None or any(d.is_error for d in diags):
        for d in diags:
            sys.stderr.write(render_diagnostic(d) + "\n")
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
