"""Find the references in one option: from its lowered IR, or from its text while it has none."""

from __future__ import annotations

import re
from typing import Any, Iterator

# Reference words of the effect language and the kind of thing each names.
_NAMED = re.compile(r'(?<![\w-])(card|idea|title|secret|token)\s+"([^"\n]+)"')
_NUMBERED = re.compile(r"(?<![\w-])(secret|token)\s+([0-9]+)\b")
_ID_PREFIXES = ("secret:", "card:", "token:", "title:", "module:", "board:", "product:", "symbol:")


def iter_option_refs(text: str, ir: Any) -> Iterator[tuple[str, Any, str | None]]:
    """(kind, target, needle) for each reference; needle is the text to point at, when known."""
    seen: set[tuple[str, Any]] = set()
    if ir is not None:
        for kind, target, needle in _ir_refs(ir):
            key = (kind, target)
            if key not in seen:
                seen.add(key)
                yield kind, target, needle or _needle(text, kind, target)
        if seen:
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


def _needle(text: str, kind: str, target: Any) -> str | None:
    if not text:
        return None
    if isinstance(target, int):
        m = re.search(rf"(?<![\w-]){kind}\s+{target}\b", text)
    else:
        m = re.search(rf'"{re.escape(str(target))}"', text)
    return m.group(0) if m else None


def _ir_refs(node: Any) -> Iterator[tuple[str, Any, str | None]]:
    """Walk the IR generically: reference nodes, symbol calls and kind-qualified ids."""
    stack = [node]
    while stack:
        cur = stack.pop()
        if isinstance(cur, dict):
            ref = _as_ref(cur)
            if ref is not None:
                yield ref
            sym = cur.get("symbol")
            if isinstance(sym, str) and sym.startswith("symbol:"):
                yield "symbol", sym, None
            for k, v in cur.items():
                if isinstance(v, (dict, list)):
                    stack.append(v)
        elif isinstance(cur, list):
            stack.extend(reversed(cur))


def _as_ref(d: dict) -> tuple[str, Any, str | None] | None:
    tag = d.get("node") or d.get("type") or d.get("op")
    if tag not in ("ref", "reference", "Ref", "Reference"):
        return None
    kind = d.get("ref_kind") or d.get("kind") or d.get("of") or d.get("target_kind")
    target = d.get("id") or d.get("target") or d.get("resolved")
    if target is None:
        target = d.get("number") if d.get("number") is not None else d.get("name")
    if isinstance(target, str):
        for p in _ID_PREFIXES:
            if target.startswith(p):
                kind = kind or p[:-1]
                if p == "secret:" and target[7:].isdigit():
                    target = int(target[7:])
                elif p == "title:":
                    target = d.get("name") or d.get("word") or target[6:]
                break
    if kind not in ("secret", "token", "card", "idea", "title", "secret-mark"):
        return None
    return kind, target, d.get("text")
