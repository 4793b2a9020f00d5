"""The compiler's versions: the project's and the bundle format's.

The project's one version is declared in `runtime/version.py` (a leaf of the runtime, which the
runtime imports and the packaging reads). The compiler reads that assignment from the file rather
than importing it: importing `runtime.version` runs `runtime/__init__.py`, which loads the whole
engine, and no build needs the engine.
"""

from __future__ import annotations

import ast
from importlib.util import find_spec
from pathlib import Path

FORMAT_VERSION = "1.0.0"


def _project_version() -> str:
    spec = find_spec("runtime")  # finds the package without importing it
    where = list(spec.submodule_search_locations or []) if spec is not None else []
    for folder in where:
        tree = ast.parse((Path(folder) / "version.py").read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["__version__"]:
                return ast.literal_eval(node.value)
    raise ImportError("runtime/version.py, which declares the project's version, is not installed")


__version__ = _project_version()

__all__ = ["FORMAT_VERSION", "__version__"]
