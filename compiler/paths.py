"""Where the compiler finds its own files and keeps its caches: the bundled content and grammar, the cache folder
and its bound.

The cache folder is input like any file the compiler reads: it is used only when it is private to the user
(a folder, owned by the user, writable by nobody else); otherwise nothing is cached. The shared temporary
folder is never used as it is: its fallback is a folder of the user's own (`paleo-codex-<uid>`, mode 0700)."""

from __future__ import annotations

import math
import os
import stat
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


class SettingError(Exception):
    """A setting from the environment that is not valid (a usage error: exit 2, never an internal error)."""


DEFAULT_CACHE_MAX_MB = 512
MAX_CACHE_MAX_MB = 1 << 20  # a mebibyte count beyond this (a tebibyte) is taken for a mistake


def cache_max_bytes() -> int:
    """The cache folder's bound from `PALEO_CACHE_MAX_MB` (a number of MiB, 0 up to 1,048,576; default 512)."""
    raw = os.environ.get("PALEO_CACHE_MAX_MB")
    if raw is None or raw.strip() == "":
        return DEFAULT_CACHE_MAX_MB * 1024 * 1024
    text = raw.strip()
    try:
        mb = float(text) if len(text) <= 32 else math.nan
    except ValueError:
        mb = math.nan
    if not (math.isfinite(mb) and 0 <= mb <= MAX_CACHE_MAX_MB):
        shown = raw[:40].encode("unicode_escape").decode("ascii") + ("…" if len(raw) > 40 else "")
        raise SettingError(f"PALEO_CACHE_MAX_MB={shown} is not a size: expected a number of MiB from 0 "
                           f"to {MAX_CACHE_MAX_MB} (the default is {DEFAULT_CACHE_MAX_MB}); unset it or set, "
                           f"for example, PALEO_CACHE_MAX_MB=256")
    return int(mb * 1024 * 1024)


def private_folder(d: Path) -> bool:
    """Whether `d` is a folder owned by this user that no one else can write (on systems with owners)."""
    try:
        st = os.stat(d)
    except (OSError, ValueError):
        return False
    if not stat.S_ISDIR(st.st_mode):
        return False
    getuid = getattr(os, "getuid", None)
    if getuid is None:  # no owners to check (Windows): the folder's access rights are the user's own
        return os.access(d, os.W_OK)
    return st.st_uid == getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and os.access(d, os.W_OK)


def cache_dir() -> Path | None:
    """The one cache location (see `compiler.cache`'s documentation), made (mode 0700) if missing; None when
    no candidate is a private folder, and then nothing is cached."""
    env = os.environ.get("PALEO_CACHE_DIR")
    bases = [Path(env)] if env and "\0" not in env else []
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    uid = getattr(os, "getuid", lambda: "user")()
    bases += [Path(xdg) / "paleo-codex", Path(tempfile.gettempdir()) / f"paleo-codex-{uid}"]
    for d in bases:
        try:
            d.mkdir(mode=0o700, parents=True, exist_ok=True)
        except (OSError, ValueError):
            continue
        if private_folder(d):
            return d
    return None
