"""The demo bundle: a labelled synthetic bundle that ships with the runtime, so that a frontend or an agent can
play with nothing else installed (`python -m runtime serve`, then `new`).

It is the collection of the project's test packs compiled with the bundled content: the base game and its
modules, A New Beginning, Path of the Elders, The White Whale and PaleoVet, every setup playable. The rulebooks
do not print most card faces, so **its card faces are invented** (each such record is marked as synthetic);
the rules it plays are the runtime's. Build a bundle of real content with `paleo build` for anything else.

    from runtime.demo import load_demo
    bundle = load_demo()          # parsed once per process

The file is `collection.json.gz` beside this module, written by `python scripts/demo_bundle.py` (a test checks
that it is the current build of the packs).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from ..bundle import BundleError, check_shape, check_version

FILE = Path(__file__).resolve().parent / "collection.json.gz"
NOTICE = ("the runtime's demo bundle: synthetic test packs with invented card faces (not the published cards), "
          "for trying the runtime; build real content with `paleo build`")
MAX_BYTES = 64 << 20  # the demo's text, once decompressed (the runtime's bound on any bundle)

_LOADED: dict = {}


def load_demo() -> dict:
    """The demo bundle, parsed and checked once per process (BundleError if the file is missing or damaged)."""
    if "b" not in _LOADED:
        try:
            with gzip.open(FILE, "rb") as f:
                text = f.read(MAX_BYTES + 1)
            if len(text) > MAX_BYTES:
                raise BundleError(f"the demo bundle is larger than {MAX_BYTES} bytes")
            data = json.loads(text)
        except (OSError, EOFError, ValueError) as exc:
            raise BundleError(f"the demo bundle {FILE.name} cannot be read: {exc}") from None
        if not isinstance(data, dict):
            raise BundleError("the demo bundle is not a bundle")
        check_version(data)
        check_shape(data)
        _LOADED["b"] = data
    return _LOADED["b"]



def is_demo(bundle) -> bool:
    """Whether `bundle` is the demo bundle this process loaded."""
    return bundle is not None and bundle is _LOADED.get("b")
