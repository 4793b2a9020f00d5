"""Verification of fmt's output: the positional (round-trip) loader, the same data, the same comments."""

from __future__ import annotations

from collections import Counter

import hashlib
import math
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..limits import MAX_EXPANDED_BYTES
from ..loader import MAX_DEPTH, load_text, resolve_plain
from .emit import is_modeline
from .tree import Source, parse, scan_comments


def roundtrip_load(text: str) -> Any:
    """Plain data through ruamel.yaml's round-trip composer, resolved with the YAML 1.2 core schema.

    This is the positional loader fmt checks itself with: every node it composes carries
    its start and end marks. Tags and complex keys are refused (ValueError), as the fast
    loader refuses them.
    """


    MAX_EXPANDED_NODES = MAX_EXPANDED_BYTES // 2  # each node produces at least 2 bytes of data

    yaml = YAML(typ="rt")
    for ev in yaml.parse(text):
        tag = getattr(ev, "tag", None)
        tag = getattr(tag, "value", tag)
        if tag is not None and tag != "!":
            raise ValueError(f"explicit tag {tag}")
    yaml = YAML(typ="rt")
    node = yaml.compose(text)
    if node is None:
        return None
    memo: dict[int, Any] = {}
    sizes: dict[int, int] = {}

    def size(n, depth) -> int:
        if depth > MAX_DEPTH:
            raise ValueError("nesting too deep")
        hit = sizes.get(id(n))
        if hit:
            return hit
        if hit is not None:
            raise ValueError("recursive alias")
        sizes[id(n)] = 0
        total = 1
        if isinstance(n, SequenceNode):
            total += sum(size(c, depth + 1) for c in n.value)
        elif isinstance(n, MappingNode):
            total += sum(size(k, depth + 1) + size(v, depth + 1) for k, v in n.value)
        if total > MAX_EXPANDED_NODES:
            raise ValueError("alias expansion too large")
        sizes[id(n)] = total
        return total

    size(node, 0)

    def build(n, depth):
        if depth > MAX_DEPTH:
            raise ValueError("nesting too deep")
        hit = memo.get(id(n))
        if hit is not None:
            return hit
        if isinstance(n, ScalarNode):
            if n.style is None:
                return resolve_plain(n.value)
            if n.style == ">":
                return n.value.replace("\a", "")  # ruamel marks its folding points with BEL
            return n.value
        if isinstance(n, SequenceNode):
            out: list = []
            memo[id(n)] = out
            out.extend(build(c, depth + 1) for c in n.value)
            return out
        if isinstance(n, MappingNode):
            outm: dict = {}
            memo[id(n)] = outm
            for k, v in n.value:
                if not isinstance(k, ScalarNode):
                    raise ValueError("complex key")
                key = build(k, depth + 1)
                if isinstance(key, float) and math.isnan(key):
                    key = "nan"
                if key in outm:
                    raise ValueError(f"duplicate key {key!r}")
                outm[key] = build(v, depth + 1)
            return outm
        raise ValueError(f"unexpected node {type(n).__name__}")

    return build(node, 0)


def roundtrip_comments(text: str) -> list[str]:
    """Every comment ruamel.yaml's scanner sees, one entry per comment line, stripped."""
    yaml = YAML(typ="rt")
    out = []
    for tok in yaml.scan(text):
        for c in _token_comments(tok):
            for ln in c.split("\n"):
                if ln.strip().startswith("#"):
                    out.append(ln.strip())
    return out


def _token_comments(tok) -> list[str]:
    found = []
    com = getattr(tok, "_comment", None) or getattr(tok, "comment", None)
    stack = [com]
    while stack:
        x = stack.pop()
        if x is None:
            continue
        if isinstance(x, (list, tuple)):
            stack.extend(x)
        elif hasattr(x, "value") and isinstance(x.value, str):
            found.append(x.value)
    return found


def same_data(a: Any, b: Any) -> bool:
    """Deep equality that tells 1 from True and 1.0 and treats NaN as equal to itself."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_data(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_data(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return a == b


def comment_texts(text: str) -> list[str]:
    src = Source(text.replace("\r\n", "\n"))
    _, _, atoms = parse(src)
    return sorted(c.text for c in scan_comments(src, atoms))


def _digested(text: str) -> str:
    """`text` with the body of every comment fmt's scanner finds replaced by a short digest of it."""
    src = Source(text.replace("\r\n", "\n"))
    _, _, atoms = parse(src)
    out, at = [], 0
    for c in scan_comments(src, atoms):
        end = c.index + len(c.text)
        out.append(src.text[at:c.index])
        out.append("#" + hashlib.sha256(c.text.encode("utf-8", "surrogatepass")).hexdigest()[:24])
        at = end
    out.append(src.text[at:])
    return "".join(out)


def verify(before: str, after: str, path: str, data: Any) -> str | None:
    lf, diags = load_text(path, after)
    if lf is None or any(d.is_error for d in diags):
        return "the output does not load"
    if not same_data(data, lf.data):
        return "the output reads back as different data"
    want = comment_texts(before)
    got = comment_texts(after)
    # the second opinion: ruamel.yaml's own scanner, on the texts with each comment fmt found cut
    # to a digest (its scanner is slow on very long comments); a comment fmt's scanner missed
    # stays whole in `before`, so losing it shows
    view_before, view_after = _digested(before), _digested(after)
    try:
        if not same_data(data, roundtrip_load(view_after)):
            return "the output reads back differently with the round-trip loader"
        theirs_before = sorted(roundtrip_comments(view_before))
        theirs_after = sorted(roundtrip_comments(view_after))
    except Exception as exc:  # noqa: BLE001 - any failure here means "cannot prove it"
        return f"the round-trip loader cannot read the output ({exc})"
    # counted once each (a file of many equal comment lines made list.count quadratic)
    if Counter(theirs_before) - Counter(theirs_after):
        return "a comment would be lost"
    n_got, n_want = Counter(got), Counter(want)
    added = [c for c in got if n_got[c] > n_want[c]]
    if any(not is_modeline(c) for c in added) or len(got) - len(want) > 1:
        return "comments would change"
    if any(c not in n_got for c in want):
        return "a comment would be lost"
    return None
