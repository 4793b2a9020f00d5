"""The bundle a command works on: a bundle file read and checked for its format, or the project's content compiled."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .diagnostics import has_errors
from .limits import MAX_BUNDLE_BYTES
from .pipeline import default_content_dirs, run
from .project import load_config
from .render import file_source_lookup, render_human
from .safeio import ReadRefused, escape, read_regular

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


def bundle_for(bundle_path: str | None, root: Path) -> tuple[dict | None, int]:
    """(bundle, exit code): the bundle file at `bundle_path` (format 1.x), else the project's content at `root`
    compiled; None with the exit code after a message on standard error."""
    if bundle_path:
        try:
            raw = read_regular(bundle_path, MAX_BUNDLE_BYTES)
            if len(raw) > MAX_BUNDLE_BYTES:
                sys.stderr.write(f"paleo: error: bundle `{escape(bundle_path)}` is larger than {MAX_BUNDLE_BYTES} bytes\n")
                return None, EXIT_USAGE
            bundle = json.loads(raw.decode("utf-8"))
        except ReadRefused as exc:
            sys.stderr.write(f"paleo: error: cannot read bundle `{escape(bundle_path)}`: {escape(exc.strerror)}\n")
            return None, EXIT_USAGE
        except OSError as exc:
            sys.stderr.write(f"paleo: error: cannot read bundle `{escape(bundle_path)}`: {exc.strerror or exc}\n")
            return None, EXIT_USAGE
        except (ValueError, RecursionError) as exc:
            sys.stderr.write(f"paleo: error: `{bundle_path}` is not JSON: {exc}\n")
            return None, EXIT_USAGE
        version = str(bundle.get("format_version", "")) if isinstance(bundle, dict) else ""
        if not version.startswith("1."):
            sys.stderr.write(f"paleo: error: `{bundle_path}` has bundle format `{version or '?'}`; this paleo reads 1.x\n")
            return None, EXIT_USAGE
        return bundle, EXIT_OK
    return compiled_content(root)


def compiled_content(root: Path) -> tuple[dict | None, int]:
    """(bundle, exit code) of the project's content at `root`, compiled; None and exit 1 when it has errors."""
    cfg, _ = load_config(root)
    res = run(default_content_dirs(root, cfg), root=root, config=cfg)
    if has_errors(res.diagnostics) or res.bundle is None:
        errors = [d for d in res.diagnostics if d.severity.value == "error"]
        sys.stderr.write(render_human(errors, file_source_lookup(res.texts, res.root)) + "\n")
        sys.stderr.write("paleo: the content has errors; site not built\n")
        return None, EXIT_ERRORS
    return res.bundle, EXIT_OK
