"""The diagnostic code registry: every code is declared once, in the stage file that owns it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from importlib import import_module


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass(frozen=True, slots=True)
class Code:
    """A stable diagnostic code with its documentation (What / Why / Example / Fix)."""

    id: str
    name: str
    severity: Severity
    summary: str
    what: str
    why: str
    example: str
    fix: str

    def explanation(self) -> str:
        return (
            f"{self.id} ({self.name}): {self.summary}\n\n"
            f"## What\n{self.what.strip()}\n\n"
            f"## Why\n{self.why.strip()}\n\n"
            f"## Example\n{self.example.strip()}\n\n"
            f"## Fix\n{self.fix.strip()}\n"
        )


# One module per stage; each exports CODES. Prefixes: C cli/config, Y yaml loading,
# M content model, E effect language, G graph checks, P synthetic packs, B bundle.
_STAGE_MODULES = ("cli", "io", "load", "model", "effects", "fmt", "graph", "pack", "bundle")

_REGISTRY: dict[str, Code] = {}


def _load() -> dict[str, Code]:
    if not _REGISTRY:
        for name in _STAGE_MODULES:
            try:
                mod = import_module(f"{__name__}.{name}")
            except ModuleNotFoundError as exc:  # a stage without codes yet
                if exc.name != f"{__name__}.{name}":
                    raise
                continue
            for code in mod.CODES:
                if code.id in _REGISTRY:
                    raise RuntimeError(f"diagnostic code {code.id} declared twice")
                _REGISTRY[code.id] = code
    return _REGISTRY


def lookup(code_id: str) -> Code:
    reg = _load()
    try:
        return reg[code_id]
    except KeyError:
        raise KeyError(f"unregistered diagnostic code {code_id}") from None


def all_codes() -> list[Code]:
    return sorted(_load().values(), key=lambda c: c.id)


def find(code_or_name: str) -> Code | None:
    reg = _load()
    key = code_or_name.strip()
    if key.upper() in reg:
        return reg[key.upper()]
    for c in reg.values():
        if c.name == key.lower():
            return c
    return None


E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741 - the code tables' one-letter severities
