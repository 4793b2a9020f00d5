"""Find the references in one option: from its lowered IR, or from its text while it has none."""

from __future__ import annotations

import re
from typing import Any, Iterator

from ..effects.ir import walk
from ..effects.types import NAME_REFS, NUMBER_REFS
from ..safeio import escape

# Reference words of the effect language and the kind of thing each names.
_NAMED = re.compile(r'(?<![\w-])(card|idea|title|secret|token)\s+"([^"\n]+)"')
# at most 9 digits, as the effect language allows: a longer number is no reference (and Python
# refuses to convert very long digit strings)
_NUMBERED = re.compile(r"(?<![\w-])(secret|token)\s+([0-9]{1,9})\b")


MAX_SHOWN = 40  # characters of an authored name quoted in a message


def clip(text: str) -> str:
    """An authored name for a message: cut to a readable length, non-printable characters as U+XXXX."""
    return escape(text, MAX_SHOWN)


def iter_option_refs(text: str, ir: Any) -> Iterator[tuple[str, Any, str | None]]:
    """(kind, target, needle) for each reference; needle is the text to point at, when known."""
    seen: set[tuple[str, Any]] = set()
    if ir is not None:  # the lowered IR is the truth; the text is read only while an option has none
        for kind, target, needle in _ir_refs(ir):
            key = (kind, target)
            if key not in seen:
                seen.add(key)
                yield kind, target, needle  # located only when a diagnostic needs it
        return
    for m in _NAMED.finditer(text or ""):
        key = (m.group(1), m.group(2))
        if key not in seen:
            seen.add(key)
            yield m.group(1), m.group(2), m.group(0)
    for m in _NUMBERED.finditer(text or ""):
        key = (m.group(1), int(m.group(2)))
        if key not in seen:
            seen.add(key)
            yield m.group(1), int(m.group(2)), m.group(0)


def needle_in(text: str, kind: str, target: Any) -> str | None:
    """The text of one reference inside an option: `secret 2` never matches inside `secret 23`."""
    if not text:
        return None
    if isinstance(target, int):
        m = re.search(rf"(?<![\w-]){kind}\s+{target}(?![0-9])", text)
    else:
        name = re.escape(f'"{target}"')
        m = re.search(rf"(?<![\w-]){kind}\s*{name}", text) or re.search(name, text)
    return m.group(0) if m else None


def _ir_refs(node: Any) -> Iterator[tuple[str, Any, str | None]]:
    """Symbol calls (in `ir.walk`'s order) and the reference values (`{"ref": kind, ...}`) of their arguments."""
    for n in walk(node):
        sym = n.get("symbol")
        if n.get("node") == "call" and isinstance(sym, str):
            yield "symbol", sym, None
        args = n.get("args")
        if isinstance(args, (dict, list)):
            yield from _value_refs(args)


def _value_refs(value: dict | list) -> Iterator[tuple[str, Any, str | None]]:
    """The reference values anywhere inside an argument value (a mapping or a list)."""
    stack = [value]
    while stack:
        cur = stack.pop()
        if isinstance(cur, dict):
            kind = cur.get("ref")
            if isinstance(kind, str):
                ref = _as_ref(kind, cur)
                if ref is not None:
                    yield ref
                continue
            stack.extend(v for v in cur.values() if isinstance(v, (dict, list)))
        elif isinstance(cur, list):
            stack.extend(reversed(cur))


def _as_ref(kind: str, d: dict) -> tuple[str, Any, str | None] | None:
    if kind in NUMBER_REFS:
        target = d.get("number") if d.get("number") is not None else d.get("name")
    elif kind == "mark":  # a printed mark (`mark "white-hand"`) names no record
        return None
    elif kind in NAME_REFS:
        target = d.get("name")
    elif kind == "secret-mark":  # "the top secret card marked with ..." (not yet in the effect language)
        target = d.get("mark")
    else:  # sea-card symbols and other in-deck lookups name no record
        return None
    if target is None:
        return None
    return kind, target, None
