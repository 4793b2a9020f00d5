"""Reading a compiled bundle: JSON from disk, refusing an unknown major format version."""

from __future__ import annotations

import json
from pathlib import Path

SUPPORTED_MAJOR = 1


class BundleError(Exception):
    """The bundle cannot be used by this runtime (unreadable, or an unknown major format version)."""


def check_version(bundle: dict) -> None:
    v = bundle.get("format_version") if isinstance(bundle, dict) else None
    if not isinstance(v, str) or not v.split(".")[0].isdigit():
        raise BundleError(f"bundle has no usable format_version (found {v!r})")
    major = int(v.split(".")[0])
    if major != SUPPORTED_MAJOR:
        raise BundleError(
            f"bundle format_version {v} has major version {major}; this runtime reads major version {SUPPORTED_MAJOR} only"
        )


def load_bundle(path_or_data) -> dict:
    """Load `bundle.json` (a path, JSON text, or an already parsed dict) and check its format version."""
    if isinstance(path_or_data, dict):
        data = path_or_data
    elif isinstance(path_or_data, (str, Path)) and not str(path_or_data).lstrip().startswith("{"):
        try:
            data = json.loads(Path(path_or_data).read_text(encoding="utf-8"))
        except OSError as exc:
            raise BundleError(f"cannot read bundle {path_or_data}: {exc.strerror or exc}") from None
        except json.JSONDecodeError as exc:
            raise BundleError(f"bundle {path_or_data} is not JSON: {exc}") from None
    else:
        data = json.loads(path_or_data)
    check_version(data)
    return data
