"""The bounds policy: every limit on what the project reads and prints, in one place.

Each bound is checked where data enters (the reader, the YAML loader, the content model, the
runtime's `from_json` and `apply`) and ends in a precise diagnostic or refusal, never in an
exhausted memory, a hang or an internal error. `POLICY` lists each bound with the code that
reports it; the site's "Limits" page and `paleo explain CODE` explain them.
"""

from __future__ import annotations

MAX_FILE_BYTES = 1 << 20  # a content file, standard input: card files are a few KiB
MAX_DEPTH = 64  # nesting of mappings and sequences in a content file
MAX_EXPANDED_BYTES = 8 << 20  # bytes of data produced by a file, aliases expanded
MAX_INT = (1 << 63) - 1  # integers are 64-bit signed numbers
MIN_INT = -(1 << 63)
MAX_INT_CHARS = 64  # an integer literal longer than this is refused before it is converted
MAX_COPIES = 1000  # `copies` of a card, secret or token
MAX_ID_CHARS = 120  # a record id: page and file names are made from it (the longest bundled id has 45)
MAX_BUNDLE_BYTES = 64 << 20  # a compiled bundle read back (--bundle, paleo diff)
MAX_STATE_BYTES = 16 << 20  # a saved game given to the runtime's from_json
MAX_STATE_DEPTH = 200  # nesting of a saved game given to the runtime
MAX_REQUEST_LINE_BYTES = 8 << 20  # a request line of `python -m runtime serve`
MAX_SERVED_GAMES = 64  # games open at once in one `python -m runtime serve`
MAX_MESSAGE_CHARS = 500  # a message, label or help line printed (cut with an ellipsis)
MAX_LINE_SHOWN = 160  # a source line shown under a diagnostic (a window around the column)
MAX_CONFIG_BYTES = 1 << 20  # pyproject.toml
MAX_CONFIG_DEPTH = 64  # nesting of arrays and inline tables in pyproject.toml


# (what is bounded, the bound, the code that reports it, what happens)
POLICY: list[tuple[str, str, str, str]] = [
    ("size of a content file, of standard input", f"{MAX_FILE_BYTES} bytes", "Y009",
     "the file is refused before it is decoded"),
    ("nesting depth of a content file", f"{MAX_DEPTH} levels", "Y007", "the file is refused"),
    ("data a content file produces, aliases expanded", f"{MAX_EXPANDED_BYTES} bytes", "Y003",
     "the file is refused; a file without aliases never reaches this bound"),
    ("integers in a content file", "64-bit signed", "Y011",
     "the value is refused; it is never converted when longer than "
     f"{MAX_INT_CHARS} characters"),
    ("`copies` of a card, secret or token", f"1 to {MAX_COPIES}", "M010", "the record is refused"),
    ("a record id", f"{MAX_ID_CHARS} characters", "M010",
     "the record is refused, before any page or file is named after it"),
    ("a path that is not a regular file (FIFO, device, looping link)", "refused", "C020",
     "reported, never read nor skipped without a word"),
    ("writing an output file or folder", "atomic", "C021",
     "a write that fails leaves the old file; `--out` at a file or an unwritable place is refused"),
    ("`paleo docs --out` at a folder that holds other files", "refused", "C022",
     "a folder is only replaced when it is empty or a site an earlier `paleo docs` built"),
    ("a compiled bundle read back", f"{MAX_BUNDLE_BYTES} bytes", "C020", "the bundle is refused"),
    ("a saved game given to `Game.from_json`", f"{MAX_STATE_BYTES} bytes, {MAX_STATE_DEPTH} levels",
     "StateError", "the save is refused"),
    ("an action given to `Game.apply`", "any value", "IllegalAction",
     "one that is not a legal action (nested past the stack, a huge int, not JSON) is refused; the state is unchanged"),
    ("a request line of `python -m runtime serve`", f"{MAX_REQUEST_LINE_BYTES} bytes", "line-too-long",
     "the line is skipped without being held in memory and answered with an error; `--max-line-bytes` sets it"),
    ("games open at once in `python -m runtime serve`", f"{MAX_SERVED_GAMES}", "too-many-games",
     "a `new` or `load` past it is refused until a game is closed; `--max-games` sets it"),
    ("pyproject.toml (`[tool.paleo]`)", f"{MAX_CONFIG_BYTES} bytes, {MAX_CONFIG_DEPTH} levels of arrays and "
     f"tables, integers of {MAX_INT_CHARS} digits", "C003",
     "the configuration is refused with where it breaks the bound (exit 2); a path in it with a NUL or another "
     "control character is refused by name; its lines are read in linear time"),
    ("`PALEO_CACHE_MAX_MB` and the other settings from the environment", "a number of MiB, 0 to 1,048,576",
     "usage error", "a value that is not a finite size in range (`inf`, `nan`, text) stops the command with exit 2"),
    ("the cache folder and its entries", "the user's own; regular files within the bound",
     "-", "a cache folder others can write is not used; an entry that is not a regular file (FIFO, device, link "
     "to one), larger than the bound, or not signed with the folder's secret is a miss; no entry is a pickle "
     "read before its signature verified, and the compiled grammar is plain data"),
    ("a message, label or help printed", f"{MAX_MESSAGE_CHARS} characters", "-",
     "cut with an ellipsis; control characters shown as U+XXXX"),
    ("a source line shown under a diagnostic", f"{MAX_LINE_SHOWN} characters", "-",
     "a window around the reported column"),
]
