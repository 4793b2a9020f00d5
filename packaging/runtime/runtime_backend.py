"""The build backend of `paleo-runtime`: the runtime package alone, as a wheel or an sdist, with the standard library.

One repository, two distributions: `paleo-codex` (the compiler, the site and the runtime, built
by setuptools from the repository's pyproject.toml) and `paleo-runtime` (only `runtime/`,
built here; it needs no package to build or to run):

    python -m pip wheel --no-deps --no-index packaging/runtime -w dist
    python -m pip install --no-index dist/paleo_runtime-*.whl

The version is the project's one version, `__version__` of runtime/version.py (the line
setuptools reads for paleo-codex through `attr = "runtime.version.__version__"`), read as text;
the wheel carries that file as it is. The name, summary and Python bound come from this folder's
pyproject.toml. Built from its own sdist, the backend finds runtime/ beside itself.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
WHEEL_TAG = "py3-none-any"
_STAMP = (2024, 1, 1, 0, 0, 0)  # fixed times: the same sources give the same wheel, byte for byte


def _root() -> Path:
    """Where runtime/ is: beside this file in an sdist, two folders up in the repository."""
    return HERE if (HERE / "runtime").is_dir() else HERE.parents[1]


def project_version(root: Path | None = None) -> str:
    root = root or _root()
    src = root / "runtime" / "version.py"
    if src.is_file():
        m = re.search(r'^__version__\s*=\s*"([^"]+)"', src.read_text(encoding="utf-8"), re.M)
        if m:
            return m.group(1)
    raise RuntimeError(f"no version: runtime/version.py under {root} gives none")


def _project() -> dict:
    with open(HERE / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def _sources(root: Path) -> list[tuple[str, bytes]]:
    """Every file of the runtime package (its Python modules and the demo bundle), by archive name, in a fixed
    order."""
    out = []
    files = [*(root / "runtime").rglob("*.py"), *(root / "runtime" / "demo").glob("*.json.gz")]
    for p in sorted(files):
        rel = p.relative_to(root).as_posix()
        if "__pycache__" in rel:
            continue
        out.append((rel, p.read_bytes()))
    return out


def _metadata(version: str) -> str:
    proj = _project()
    lines = ["Metadata-Version: 2.1", f"Name: {proj['name']}", f"Version: {version}", f"Summary: {proj['description']}",
             f"Requires-Python: {proj['requires-python']}", f"License: {proj['license']['text']}"]
    readme = HERE / proj.get("readme", "README.md")
    if readme.is_file():
        lines.append("Description-Content-Type: text/markdown")
        return "\n".join(lines) + "\n\n" + readme.read_text(encoding="utf-8")
    return "\n".join(lines) + "\n"


def _dist_name(version: str) -> str:
    return f"{_project()['name'].replace('-', '_')}-{version}"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}"


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


# ------------------------------------------------------------------ PEP 517 hooks
def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    root = _root()
    version = project_version(root)
    dist = _dist_name(version)
    info = f"{dist}.dist-info"
    scripts = "".join(f"{k} = {v}\n" for k, v in sorted(_project().get("scripts", {}).items()))
    files = _sources(root) + [
        (f"{info}/METADATA", _metadata(version).encode("utf-8")),
        (f"{info}/WHEEL", f"Wheel-Version: 1.0\nGenerator: runtime_backend\nRoot-Is-Purelib: true\nTag: {WHEEL_TAG}\n".encode()),
        (f"{info}/top_level.txt", b"runtime\n"),
    ]
    if scripts:
        files.append((f"{info}/entry_points.txt", f"[console_scripts]\n{scripts}".encode()))
    record = "".join(_record_line(n, d) + "\n" for n, d in files) + f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            zi = zipfile.ZipInfo(name, _STAMP)
            zi.external_attr = 0o644 << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    name = f"{dist}-{WHEEL_TAG}.whl"
    _write_atomic(Path(wheel_directory) / name, buf.getvalue())
    return name


def build_sdist(sdist_directory, config_settings=None):
    root = _root()
    version = project_version(root)
    dist = _dist_name(version)
    files = _sources(root)
    for extra in ("pyproject.toml", "runtime_backend.py", "README.md"):
        if (HERE / extra).is_file():
            files.append((extra, (HERE / extra).read_bytes()))
    files.append(("PKG-INFO", _metadata(version).encode("utf-8")))
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz", format=tarfile.PAX_FORMAT) as tar:
        for name, data in files:
            ti = tarfile.TarInfo(f"{dist}/{name}")
            ti.size, ti.mode, ti.mtime = len(data), 0o644, 1704067200
            tar.addfile(ti, io.BytesIO(data))
    name = f"{dist}.tar.gz"
    _write_atomic(Path(sdist_directory) / name, buf.getvalue())
    return name
