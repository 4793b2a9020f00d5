"""The runtime's version: the project's one version, `compiler.__version__`, read without importing the compiler.

In the runtime's own distribution (`paleo-runtime`) the build writes `runtime/_version.py` with
that version; in a checkout or the full distribution, `compiler/__init__.py` lies beside the
runtime and its `__version__` line is read as text.
"""

from __future__ import annotations

import os
import re


def _read() -> str:
    try:
        from ._version import __version__ as v  # written by packaging/runtime's build

        return v
    except ImportError:
        pass
    src = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "compiler", "__init__.py")
    try:
        with open(src, encoding="utf-8") as f:
            m = re.search(r'^__version__\s*=\s*"([^"]+)"', f.read(), re.M)
    except OSError:
        m = None
    return m.group(1) if m else "0+unknown"


__version__ = _read()
