"""JSON Schema (Draft 2020-12) for content files, generated from the content models."""

from __future__ import annotations

import json
from typing import Any

DIALECT = "https://json-schema.org/draft/2020-12/schema"
CONTENT_SCHEMA_ID = "urn:paleo-codex:schema:content"
MODELINE_PREFIX = "# yaml-language-server: $schema="

_INT_KEY_PATTERN = "^[0-9]+$"


def _generator():
    from pydantic.json_schema import GenerateJsonSchema

    class _ContentSchema(GenerateJsonSchema):
        """pydantic's generator, with integer mapping keys spelt as JSON property names."""

        def dict_schema(self, schema):
            out = super().dict_schema(schema)
            keys = schema.get("keys_schema") or {}
            if keys.get("type") == "int":
                # YAML reads `2: easy` as an integer key; JSON and editors see the string "2".
                out["propertyNames"] = {"pattern": _INT_KEY_PATTERN}
            return out

    return _ContentSchema


def _complete_means_filled(defs: dict[str, Any]) -> None:
    """Mirror the models' rule "a field may be null only when the record is not complete"."""
    from .models import SECTIONS

    for model in SECTIONS.values():
        fields = getattr(model, "NULLABLE_WHEN_INCOMPLETE", ())
        node = defs.get(model.__name__)
        if not fields or node is None:
            continue
        node["if"] = {
            "properties": {"completeness": {"const": "complete"}},
            "required": ["completeness"],
        }
        node["then"] = {
            "properties": {f: {"not": {"type": "null"}} for f in fields},
            "required": list(fields),
        }
        conditional = getattr(model, "NULLABLE_WHEN_INCOMPLETE_IF", {})
        if conditional:
            node["allOf"] = [{
                "if": {
                    "properties": {"completeness": {"const": "complete"}, other: {"const": value}},
                    "required": ["completeness", other],
                },
                "then": {"properties": {f: {"not": {"type": "null"}}}, "required": [f]},
            } for f, (other, value) in conditional.items()]


def content_schema() -> dict:
    """The content-file schema: `$schema`, `$id` and title first, then pydantic's sorted output."""
    from .models import ContentFile

    body = ContentFile.model_json_schema(schema_generator=_generator(), mode="validation")
    _complete_means_filled(body.get("$defs", {}))
    head = {
        "$schema": DIALECT,
        "$id": CONTENT_SCHEMA_ID,
        "title": body.pop("title", "Paleo Codex content file"),
        "description": "A Paleo Codex content file: lists of records (games, boards, products, "
        "modules, cards, secrets, tokens, dice, scenarios, symbols, interpretations), each citing "
        "its rulebook source.",
    }
    body.pop("description", None)
    comment = body.pop("$comment", None)
    if comment:
        head["$comment"] = comment
    return {**head, **body}


def write_json(obj: Any) -> str:
    """Canonical JSON text: two-space indent, key order as given, UTF-8, final newline."""
    return json.dumps(obj, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
