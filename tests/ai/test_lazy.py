"""The adapters stay outside the runtime and load their libraries only when asked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _modules_after(code: str) -> set:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys; print(' '.join(sorted(sys.modules)))"],
                         capture_output=True, text=True, env=env, check=True)
    return set(out.stdout.split())


def test_importing_the_runtime_or_the_adapter_package_loads_no_ai_library():
    for code in ("import runtime; runtime.Game", "import paleo_ai, paleo_ai.chance"):
        mods = _modules_after(code)
        assert not mods & {"pyspiel", "pettingzoo", "gymnasium", "numpy"}, code
    assert "paleo_ai" not in _modules_after("import runtime")
    assert "pyspiel" in _modules_after("import paleo_ai; paleo_ai.openspiel")
