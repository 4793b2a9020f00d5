"""The rule-test format page, rendered from the format's JSON Schema (`runtime.ruletests.format_schema()`).

Nothing here names a key of the format: every table is walked out of the schema, so a key the
runner's tables gain shows up on the page without touching this file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from . import markup as m

# The committed rule test shown whole as the page's example (a path from the checkout's root).
RULE_TEST_EXAMPLE = "tests/rules/resolve-dice-met.json"

_PLURAL = {"string": "strings", "integer": "integers", "object": "objects", "array": "arrays",
           "boolean": "booleans", "number": "numbers", "null": "nulls"}


def read_rule_test_example(root: Path) -> tuple[str, str] | None:
    """(path, text) of the committed example rule test, or None outside a checkout."""
    p = root / RULE_TEST_EXAMPLE
    return (RULE_TEST_EXAMPLE, p.read_text(encoding="utf-8")) if p.is_file() else None


def type_of(node: dict) -> str:
    """A schema node's type in words: `integer or null`, `array of strings`, `exactly 2`."""
    if not isinstance(node, dict):
        return "any"
    if "const" in node:
        return "exactly " + json.dumps(node["const"])
    t = node.get("type")
    names = []
    for x in (t if isinstance(t, list) else [t] if t else []):
        if x == "array" and isinstance(node.get("items"), dict) and node["items"]:
            inner = type_of(node["items"])
            names.append("array of " + _PLURAL.get(inner, inner))
        else:
            names.append(str(x))
    return " or ".join(names) or "any"


def constraints_of(node: dict) -> list[str]:
    """What a node demands beyond its type, in words."""
    if not isinstance(node, dict):
        return []
    out = []
    if node.get("minProperties"):
        out.append("non-empty" if node["minProperties"] == 1 else f"at least {node['minProperties']} keys")
    if node.get("minItems"):
        out.append("non-empty" if node["minItems"] == 1 else f"at least {node['minItems']} items")
    items = node.get("items")
    if isinstance(items, dict):
        if items.get("required"):
            out.append("each item has " + ", ".join(m.code(k) for k in items["required"]))
        if items.get("minProperties"):
            out.append("each item non-empty")
    return out


def describe(value: object) -> str:
    """A schema description as inline markup: escaped, with its `backtick spans` as code."""
    pieces = []
    for part in re.split(r"(`[^`]+`)", re.sub(r"\s+", " ", str(value or "")).strip()):
        if len(part) > 2 and part.startswith("`") and part.endswith("`"):
            pieces.append(m.code(part[1:-1]))
        else:
            pieces.append(m.text(part, strip=False))
    return "".join(pieces)


def _anchor(path: list[str]) -> str:
    return "key-" + "-".join("".join(ch if ch.isalnum() else "-" for ch in p.lower()) for p in path)


def _label(path: list[str]) -> str:
    return ".".join(path)


class _Walk:
    """One table per object of the schema, outermost first; an object whose keys are already shown is linked, not repeated."""

    def __init__(self):
        self.sections: list[str] = []
        self.seen: list[tuple[dict, list[str]]] = []  # (properties, path) of every table shown

    def table(self, node: dict, path: list[str], *, alternatives: dict[str, str] | None = None) -> tuple[str, list]:
        """The table of a node's keys, and the (key, node) of each key with keys of its own."""
        props = node.get("properties") or {}
        required = set(node.get("required") or [])
        rows, nested = [], []
        for key, sub in props.items():
            sub = sub if isinstance(sub, dict) else {}
            if key in required:
                req = "yes"
            elif alternatives and key in alternatives:
                req = alternatives[key]  # markup already
            else:
                req = "no"
            cell = m.code(key)
            if _inner(sub) is not None:
                cell = f'<a href="#{_anchor([*path, key])}">{m.code(key)}</a>'
                nested.append((key, sub))
            rows.append([cell, m.text(type_of(sub)), req, "; ".join(constraints_of(sub)), describe(sub.get("description"))])
        self.seen.append((props, path))
        return m.table(["Key", "Type", "Required", "Constraints", "Description"], rows), nested

    def section(self, node: dict, path: list[str]) -> None:
        kind, inner = _inner(node)
        where = {"properties": "", "items": "Each item of ", "values": "Each value of "}[kind]
        label = _label(path)
        lines = [f"## {m.text(where + label)} {{ #{_anchor(path)} }}", ""]
        if node.get("description"):
            lines += [f"{m.code(label)}: {describe(node['description'])}.", ""]
        if kind == "values":
            lines += [f"A map from a name to {'an object' if inner.get('type') == 'object' else m.text(type_of(inner))}.", ""]
        notes = [c for c in constraints_of(node) if not c.startswith("each item")]
        if inner is not node:
            notes += constraints_of(inner)
        if inner.get("additionalProperties") is False:
            notes.append("no other keys")
        elif "additionalProperties" not in inner:
            notes.append("other keys allowed")
        if notes:
            lines += ["Constraints: " + "; ".join(notes) + ".", ""]
        props = inner.get("properties") or {}
        same = next((p for q, p in self.seen if q == props), None)
        if same is not None:
            lines += [f'The same keys as <a href="#{_anchor(same)}">{m.code(_label(same))}</a>.', ""]
            self.sections.append("\n".join(lines))
            return
        table, nested = self.table(inner, path)
        self.sections.append("\n".join(lines + [table, ""]))
        for key, sub in nested:
            self.section(sub, [*path, key])


def _inner(node: dict) -> tuple[str, dict] | None:
    """The part of a node that has keys of its own: the node itself, its items or its values."""
    if node.get("properties"):
        return "properties", node
    if isinstance(node.get("items"), dict) and node["items"].get("properties"):
        return "items", node["items"]
    if isinstance(node.get("additionalProperties"), dict) and node["additionalProperties"].get("properties"):
        return "values", node["additionalProperties"]
    return None


def _alternatives(schema: dict) -> tuple[dict[str, str], str | None]:
    """The schema's `anyOf` of required keys: the Required cell of each key it names, and the sentence that states it."""
    groups = [a.get("required") or [] for a in schema.get("anyOf") or [] if isinstance(a, dict)]
    groups = [g for g in groups if g]
    if not groups:
        return {}, None
    keys = [k for g in groups for k in g]
    if all(len(g) == 1 for g in groups):
        names = ", ".join(m.code(k) for k in keys)
        cells = {k: "at least one of " + " / ".join(m.code(x) for x in keys) for k in keys}
        return cells, f"Besides the required keys, a test holds at least one of {names}: it names what it checks."
    names = "; ".join("(" + ", ".join(m.code(k) for k in g) + ")" for g in groups)
    return {k: "in a group below" for k in keys}, f"Besides the required keys, a test holds every key of at least one group: {names}."


def rule_test_page(schema: dict | None, example: tuple[str, str] | None) -> str:
    """The reference page of the rule-test file format, from its JSON Schema and one committed test."""
    title = "Rule-test format"
    fm = m.title_front_matter(title, description="Every key of a rule test file, generated from the format's JSON Schema.")
    out = [fm, f"# {m.text(title)}", ""]
    if not schema:
        return "\n".join(out + ["The rule-test format is not part of this build.", ""])
    out += [f"A rule test is a JSON file in {m.code('tests/rules/')} that {m.code('paleo test')} runs. This page lists "
            f"every key of {m.text(schema.get('title') or 'the format')}, generated from the format's JSON Schema "
            f"({m.code(schema.get('$schema') or 'JSON Schema')}), which is built from the tables the runner checks a test against; "
            f"{m.code('paleo schema rule-test')} prints that schema.", ""]
    walk = _Walk()
    cells, sentence = _alternatives(schema)
    top, nested = walk.table(schema, [], alternatives=cells)
    for key, sub in nested:
        walk.section(sub, [key])
    out += ["## Top-level keys", ""]
    if schema.get("additionalProperties") is False:
        out += ["A test holds only these keys; any other fails it, naming the key.", ""]
    out += [top, ""]
    if sentence:
        out += ["## What a test names { #what-a-test-names }", "", sentence, ""]
    out += walk.sections
    out += ["## Example", ""]
    if example:
        path, text = example
        out += [f"The committed rule test {m.code(path)}, whole:", "", m.fenced(text, "json"), ""]
    else:
        out += ["The example rule test is not part of this build.", ""]
    return "\n".join(out)
