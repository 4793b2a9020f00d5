"""Reading a compiled bundle: JSON from disk, refusing an unknown major format version."""

from __future__ import annotations

import json
from pathlib import Path

SUPPORTED_MAJOR = 1
MAX_BUNDLE_BYTES = 64 << 20  # a bundle read from disk or text (the bounds policy: compiler/limits.py)


class BundleError(Exception):
    """The bundle cannot be used by this runtime (unreadable, or an unknown major format version)."""


def check_version(bundle: dict) -> None:
    v = bundle.get("format_version") if isinstance(bundle, dict) else None
    major = v.split(".")[0] if isinstance(v, str) else ""
    # ASCII digits, and few: str.isdigit() also takes "¹", and int() refuses both it and 5,000 digits
    if not (major.isascii() and major.isdigit()) or len(major) > 9:
        raise BundleError(f"bundle has no usable format_version (found {v!r})")
    major = int(major)
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
            p = Path(path_or_data)
            if not p.is_file():  # a FIFO or a device would block or never end
                raise BundleError(f"cannot read bundle {path_or_data}: not a regular file")
            if p.stat().st_size > MAX_BUNDLE_BYTES:
                raise BundleError(f"bundle {path_or_data} is larger than {MAX_BUNDLE_BYTES} bytes")
            data = json.loads(p.read_text(encoding="utf-8"))
        except OSError as exc:
            raise BundleError(f"cannot read bundle {path_or_data}: {exc.strerror or exc}") from None
        except (json.JSONDecodeError, RecursionError, UnicodeDecodeError) as exc:
            raise BundleError(f"bundle {path_or_data} is not JSON: {exc}") from None
    else:
        if isinstance(path_or_data, (str, bytes)) and len(path_or_data) > MAX_BUNDLE_BYTES:
            raise BundleError(f"bundle text is larger than {MAX_BUNDLE_BYTES} bytes")
        try:
            data = json.loads(path_or_data)
        except (TypeError, ValueError, RecursionError) as exc:
            raise BundleError(f"bundle text is not JSON: {exc}") from None
    check_version(data)
    check_shape(data)
    return data


# top-level list -> fields each of its records must have as strings
_SHAPE = {"games": ("id",), "products": ("id",), "modules": ("id", "letter"), "cards": ("id",),
          "tokens": ("id",), "symbols": ("id",), "scenarios": ("id",), "dice": ("id",)}


def check_shape(bundle: dict) -> None:
    """Refuse a bundle whose top-level lists the runtime reads are not lists of records with string ids."""
    for key, fields in _SHAPE.items():
        items = bundle.get(key, [])
        if not isinstance(items, list):
            raise BundleError(f"bundle `{key}` is not a list")
        for i, rec in enumerate(items):
            if not isinstance(rec, dict) or not all(isinstance(rec.get(f), str) for f in fields):
                raise BundleError(f"bundle `{key}` entry {i} is not a record with {' and '.join(fields)}")


def packs_of(bundle: dict) -> list:
    """The synthetic packs a bundle was built with: the folders of its records that are not bundled content.

    A bundle that names its packs (`packs`) is taken at its word."""
    named = bundle.get("packs")
    if isinstance(named, list) and all(isinstance(p, str) for p in named):
        return sorted(set(named))
    found = set()
    for key, value in bundle.items():
        if not isinstance(value, list) or key == "graph":
            continue
        for rec in value:
            f = rec.get("file") if isinstance(rec, dict) else None
            if isinstance(f, str) and "/" in f and not f.startswith("content/"):
                found.add(f.rsplit("/", 1)[0])
    return sorted(found)


def is_synthetic(bundle: dict) -> bool:
    """Whether a game on this bundle rests on invented content (a pack record or a pack's fill)."""
    if packs_of(bundle):
        return True
    for key in ("cards", "dice", "tokens", "games"):
        for rec in bundle.get(key, []) or []:
            if isinstance(rec, dict) and (rec.get("synthetic_fields") or rec.get("synthetic_options_from") is not None):
                return True
    return False
