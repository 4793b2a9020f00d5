"""The runtime as its own distribution: `paleo-runtime` builds from this repository, installs alone in a fresh venv, serves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import compiler

from .conftest import ROOT, Frontend

PACKAGING = ROOT / "packaging" / "runtime"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-index", "--disable-pip-version-check",
                        "--quiet", str(PACKAGING), "-w", str(out)], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    wheels = list(out.glob("*.whl"))
    assert [w.name for w in wheels] == [f"paleo_runtime-{compiler.__version__}-py3-none-any.whl"]
    return wheels[0]


def test_the_wheel_holds_the_runtime_only_with_the_project_version(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read(f"paleo_runtime-{compiler.__version__}.dist-info/METADATA").decode()
        stamped = z.read("runtime/version.py").decode()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"runtime", f"paleo_runtime-{compiler.__version__}.dist-info"}
    shipped = {n for n in names if n.startswith("runtime/")}
    assert shipped == {p.relative_to(ROOT).as_posix() for p in (ROOT / "runtime").rglob("*.py")
                       if "__pycache__" not in p.parts} | {"runtime/demo/collection.json.gz"}
    assert f"Version: {compiler.__version__}\n" in meta and "Requires-Dist" not in meta
    assert f'__version__ = "{compiler.__version__}"' in stamped


def test_the_sdist_rebuilds_the_same_wheel(tmp_path, wheel):
    sys.path.insert(0, str(PACKAGING))
    try:
        import runtime_backend
    finally:
        sys.path.remove(str(PACKAGING))
    sdist = tmp_path / runtime_backend.build_sdist(str(tmp_path))
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path / "x", filter="data")
    unpacked = tmp_path / "x" / f"paleo_runtime-{compiler.__version__}"
    p = subprocess.run([sys.executable, "-c", "import sys, runtime_backend; print(runtime_backend.build_wheel(sys.argv[1]))",
                        str(tmp_path)], cwd=unpacked, capture_output=True, text=True, env={"PATH": os.environ.get("PATH", "")})
    assert p.returncode == 0, p.stderr
    again = tmp_path / p.stdout.strip()
    assert again.read_bytes() == wheel.read_bytes()  # no compiler/ in the sdist: the version travels in _version.py


def test_it_installs_alone_in_a_fresh_venv_and_serves_a_game(wheel, tmp_path, paleo_file):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True)
    py = venv / "bin" / "python"  # (pip installs into it from outside: a venv with its own pip takes 20 s to make)
    p = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-index", "--disable-pip-version-check",
                        "--quiet", str(wheel)], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path)}  # no PYTHONPATH: only what the venv holds
    probe = subprocess.run([str(py), "-c", "import json, importlib.util as u, runtime; print(json.dumps([runtime.__file__, "
                            "runtime.__version__, [m for m in ('compiler', 'lark', 'pydantic', 'yaml') if u.find_spec(m)]]))"],
                           capture_output=True, text=True, env=env, cwd=tmp_path)
    where, version, others = json.loads(probe.stdout)
    assert where.startswith(str(venv)) and version == compiler.__version__ and others == []
    fe = Frontend("--bundle", str(paleo_file), python=str(py), env=env, cwd=str(tmp_path))
    hello = fe.hello()
    assert hello["runtime"] == compiler.__version__
    h = fe.ok({"cmd": "new", "game": "game:paleo", "setup": {"scenario": "A"}, "players": 2, "seed": 4})["handle"]
    status = fe.ok({"cmd": "status", "handle": h})
    while not status["terminal"]:
        status = fe.ok({"cmd": "apply", "handle": h, "index": 0})
    assert status["outcome"]["result"] in ("win", "loss", "unfinished")
    assert fe.close() == (0, b"")
    script = subprocess.run([str(venv / "bin" / "paleo-runtime"), "--version"], capture_output=True, text=True, env=env)
    assert script.stdout.strip() == f"paleo-runtime {compiler.__version__}"


def test_the_installed_runtime_alone_serves_the_labelled_demo_bundle(wheel, tmp_path):
    """A runtime-only user with no bundle: `serve` with no `--bundle` plays the demo bundle, which says what it is."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True)
    py = venv / "bin" / "python"
    p = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-index", "--disable-pip-version-check",
                        "--quiet", str(wheel)], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path)}
    fe = Frontend(python=str(py), env=env, cwd=str(tmp_path))
    bundle = fe.hello()["bundle"]
    assert bundle["synthetic"] is True and "synthetic" in bundle["demo"] and "invented" in bundle["demo"]
    assert {"game:paleo", "game:paleovet"} <= set(bundle["games"]) and "level:pote/I" in bundle["scenarios"]
    for req in ({"cmd": "new", "game": "game:paleo", "setup": {"scenario": "level:pote/I"}, "players": 2, "seed": 4},
                {"cmd": "new", "game": "game:paleovet", "players": 2, "seed": 4}):
        h = fe.ok(req)["handle"]
        status = fe.ok({"cmd": "status", "handle": h})
        while not status["terminal"]:
            status = fe.ok({"cmd": "apply", "handle": h, "index": 0})
        assert status["outcome"]["result"] in ("win", "loss", "unfinished")
    assert fe.close() == (0, b"")
