"""Where the compiler finds its own files and keeps its caches: the bundled content and grammar, the cache folder."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
CHECKOUT_DIR = PACKAGE_DIR.parent


def bundled_dir(name: str) -> Path:
    """`content/` or `grammar/`: from the checkout, or from the installed package data."""
    here = CHECKOUT_DIR / name
    if here.is_dir() and (CHECKOUT_DIR / "compiler").is_dir():
        return here
    return PACKAGE_DIR / "data" / name


def cache_dir() -> Path:
    """The one cache location (see `compiler.cache`'s documentation); made if missing."""
    env = os.environ.get("PALEO_CACHE_DIR")
    bases = [Path(env)] if env else []
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    bases += [Path(xdg) / "paleo-codex", Path(tempfile.gettempdir()) / "paleo-codex"]
    for d in bases:
        try:
            d.mkdir(parents=True, exist_ok=True)
            if os.access(d, os.W_OK):
                return d
        except OSError:
            continue
    return bases[-1]
