"""Paleo Codex compiler: card files in, a checked and versioned rules bundle out."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from .version import __version__

__all__ = ["compile", "__version__"]


def compile(paths: Iterable[str | Path] | None = None, *, root: str | Path | None = None):  # noqa: A001 - the documented API name
    """Compile content folders or files into `(bundle, diagnostics)`.

    With no paths, compiles the project's content (its `content/` folder, or the bundled
    content of the installed package). The same pipeline `paleo build` runs.
    """
    from .pipeline import default_content_dirs, run  # noqa: PLC0415 - start-up cost: every compiler module loads this package; the pipeline loads when `compile` runs
    from .project import find_root, load_config  # noqa: PLC0415 - start-up cost: every compiler module loads this package; the pipeline loads when `compile` runs

    base = Path(root) if root is not None else find_root(Path.cwd())
    cfg, _ = load_config(base)
    dirs = [Path(p) for p in paths] if paths else default_content_dirs(base, cfg)
    result = run(dirs, root=base, config=cfg)
    if result.bundle is not None:  # files named from their content root, never an install path
        from .bundle import portable_paths  # noqa: PLC0415 - start-up cost: every compiler module loads this package; the pipeline loads when `compile` runs

        portable_paths(result.bundle, dirs)
    return result.bundle, result.diagnostics
