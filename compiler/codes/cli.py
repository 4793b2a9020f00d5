"""Codes for the command line, configuration and file access (C0xx)."""

from . import Code, E, W

CODES = [
    Code(
        "C001", "path-not-found", E, "a path given on the command line does not exist",
        what="`paleo` was asked to read a file or folder that is not there.",
        why="Nothing can be checked in a file that cannot be read; reporting it keeps a typo in a "
        "pre-commit or CI configuration from passing silently.",
        example="paleo lint content/paleo/missing.yaml",
        fix="Check the spelling of the path, or run the command from the project root.",
    ),
    Code(
        "C002", "unreadable-file", E, "a file could not be read",
        what="The operating system refused to read a content file (permissions, a folder where a "
        "file was expected, a broken link).",
        why="An unreadable file would otherwise be skipped without notice.",
        example="chmod 000 content/paleo/base/game.yaml; paleo lint",
        fix="Make the file readable by the user running `paleo`.",
    ),
    Code(
        "C003", "invalid-config", E, "the `[tool.paleo]` table in pyproject.toml is not valid",
        what="A key in `[tool.paleo]` is unknown, has the wrong type (the table itself is not a table, a list "
        "holds something else), names a code that does not exist, or a `content` folder that does not exist. "
        "`paleo` stops with exit 2 and checks nothing.",
        why="A misspelt rule selection would silently turn checks off, and a missing content folder would "
        "compile nothing and report the project clean.",
        example='[tool.paleo]\nignore = "M005"\ncontent = ["cards-that-are-not-here"]',
        fix="Use `select`, `ignore`, `per-file-ignores` and `content` with codes listed by `paleo explain --list` "
        "and folders that exist.",
    ),
    Code(
        "C004", "unused-suppression", W, "a suppression comment suppresses nothing",
        what="A `# paleo: ignore[CODE]` comment sits on a line where no diagnostic with that code "
        "is reported.",
        why="Stale suppressions hide future problems and mislead readers about the content.",
        example="- name: Reeds  # paleo: ignore[M005]",
        fix="Remove the comment, or correct the code it names.",
    ),
    Code(
        "C005", "unknown-suppressed-code", W, "a suppression comment names a code that does not exist",
        what="A `# paleo: ignore[...]` comment names something that is not a registered code.",
        why="A typo in a suppression would silence nothing while looking as if it did.",
        example="- name: Reeds  # paleo: ignore[M2O1]",
        fix="Use a code from `paleo explain --list`.",
    ),
]
