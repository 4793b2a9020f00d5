"""`paleo lsp`: a language server for card files (stdio), built on pygls.

Imported only when the command runs: the rest of the compiler never needs pygls. The modules:

- `engine`: the project the server checks — open buffers over the files on disk, checked by the same
  pipeline `paleo lint` runs (with an in-memory per-file cache), and the index of records and
  references that navigation and completion read;
- `options`: the effect language inside one option string — tokens, the clause position at a cursor,
  completion items, hover text, semantic tokens;
- `server`: the pygls wiring of every feature.
"""

from __future__ import annotations

import sys

EXTRA = ("pygls", "lsprotocol")  # the [lsp] extra


def main() -> int:
    """Run the server on standard input and output until the client exits; the command's exit code."""
    try:
        from .server import serve  # noqa: PLC0415 - the server is built on pygls and lsprotocol, the [lsp] extra
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in EXTRA:
            raise  # a broken import of the compiler's own, not a missing extra
        sys.stderr.write(
            f"paleo: error: `paleo lsp` needs pygls ({exc.name} is not installed)\n"
            "  = help: install it with `python -m pip install \"paleo-codex[lsp]\"`\n")
        return 2
    serve()
    return 0
