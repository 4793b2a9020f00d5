"""The `paleo` commands behind compiler/cli.py, one module per family; this module holds what the entry point
needs before any command is imported: the exit codes, the output formats and the two errors `main` reports."""

from __future__ import annotations

import os

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2
FORMATS = ["human", "concise", "json", "sarif", "github"]


class UsageError(Exception):
    pass


class ConfigError(Exception):
    """`[tool.paleo]` or the command line's rule selection is not valid: exit 2 after the diagnostics."""

    def __init__(self, diags):
        super().__init__("invalid configuration")
        self.diags = diags


def format_of(args) -> str:
    if getattr(args, "format", None):
        return args.format
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "human"
