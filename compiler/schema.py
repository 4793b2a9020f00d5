"""JSON Schema (Draft 2020-12) for content files, generated from the content models."""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic.json_schema import GenerateJsonSchema

from .effects import compile_text, default_registry, print_option
from .models import SECTIONS, ContentFile

DIALECT = "https://json-schema.org/draft/2020-12/schema"
CONTENT_SCHEMA_ID = "urn:paleo-codex:schema:content"
MODELINE_PREFIX = "# yaml-language-server: $schema="

_INT_KEY_PATTERN = "^[0-9]+$"


def schema_generator():
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


def complete_means_filled(defs: dict[str, Any]) -> None:
    """Mirror the models' rule "a field may be null only when the record is not complete"."""
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


# ---------------------------------------------------------------------------------------------- effect examples
# Editors without `paleo lsp` complete an effect string from the schema's `examples` (every editor using the
# YAML language server) and `defaultSnippets` (VS Code's extension and the YAML language server), so the strings
# of option and effect fields point to three definitions that carry them. Everything offered is printed from
# the bundled symbol registry: real symbols, one clause of each kind, and whole options from the symbols' own
# examples; a test compiles each one.

CLAUSE_KINDS = ("requirement", "cost", "reward", "negative")
_KIND_WORDS = {"requirement": "a requirement", "cost": "a cost", "reward": "a reward", "negative": "a negative outcome"}
_PER_KIND = 3  # single-clause examples of each kind for a whole option
_WHOLE = 4  # whole options (more than one kind of clause) from the symbols' examples
_FIELD_EXAMPLES = 6  # examples of a field that holds one kind of clause
# (definition, the clause kind it holds or None for a whole option, its description)
EFFECT_DEFS = {
    "EffectOption": (None, "one option in the effect language: clauses such as `require ...`, `cost ...`, "
                     "`suffer ...` and `-> ...`, separated by `;`, with an optional trigger (`on ...:`, `at night:`)"),
    "RewardClauses": ("reward", "reward clauses only, in the effect language: `-> ` and the rewards"),
    "CostClauses": ("cost", "cost clauses only, in the effect language: `cost ` and what it takes"),
}
# where each definition is used: (model, property, "items" for a list of strings or "string" for an optional string)
EFFECT_STRING_FIELDS = (
    ("Card", "options", "items", "EffectOption"),
    ("Card", "more_options", "items", "EffectOption"),
    ("Token", "options", "items", "EffectOption"),
    ("Person", "brings", "string", "RewardClauses"),
    ("Animal", "yield", "string", "RewardClauses"),
    ("Token", "improves", "string", "RewardClauses"),
    ("Token", "cost", "string", "CostClauses"),
    ("Token", "use", "string", "CostClauses"),
)
_CLAUSE_OF = {"require": "requirement", "cost": "cost", "suffer": "negative", "reward": "reward"}
_PREFIX = {"requirement": "require ", "cost": "cost ", "reward": "-> ", "negative": "suffer "}


def _clause_texts() -> tuple[dict[tuple[str, str], list[str]], list[str]]:
    """From the bundled registry, in its order: single clauses of each kind per game, each printed from the
    clause of a symbol's own example that calls that symbol, and the examples that hold more than one kind of
    clause. Only complete symbols whose example compiles without a problem count."""
    reg = default_registry()
    single: dict[tuple[str, str], list[str]] = {}
    whole: list[str] = []
    for sym in reg.symbols.values():
        if not sym.example or sym.completeness != "complete" or not sym.games:
            continue
        game = sym.games[0]
        ir, problems = compile_text(sym.example, reg, game, None)
        if ir is None or problems:
            continue
        kinds = set()
        for clause in ir.get("clauses") or ():
            kind = _CLAUSE_OF.get(clause.get("kind"))
            kinds.add(kind)
            if kind is None or (clause.get("body") or {}).get("symbol") != sym.id:
                continue
            one = {k: v for k, v in clause.items() if k != "everyone"}
            text = print_option({"node": "option", "clauses": [one]}, reg)
            if text not in single.setdefault((game, kind), []):
                single[game, kind].append(text)
        if len(kinds) > 1 and None not in kinds and ": " not in sym.example and sym.example not in whole:
            whole.append(sym.example)
    return single, whole


_COUNTED = re.compile(r"^\S+ [0-9]+ ")  # `-> 2 wood`: a clause of counted things, the usual field value


def _snippet_text(text: str) -> str:
    """A placeholder's default in snippet syntax: `$`, `}` and `\\` escaped."""
    return text.replace("\\", "\\\\").replace("$", "\\$").replace("}", "\\}")


def effect_definitions() -> dict[str, dict]:
    """The three effect-string definitions, each a string with its description, examples and snippets."""
    found, whole = _clause_texts()
    paleo = {k: found.get(("game:paleo", k), []) for k in CLAUSE_KINDS}
    first = {k: paleo[k][0][len(_PREFIX[k]):] for k in CLAUSE_KINDS}
    snippets = {k: {"label": f"{_PREFIX[k].strip()} ... ({k if k != 'negative' else 'negative outcome'})",
                    "description": f"{_KIND_WORDS[k]} clause, e.g. `{paleo[k][0]}`",
                    "body": f"{_PREFIX[k]}${{1:{_snippet_text(first[k])}}}"} for k in CLAUSE_KINDS}
    combined = {"label": "require ...; cost ... -> ...",
                "description": "an option with a requirement, a cost and a reward",
                "body": (f"require ${{1:{_snippet_text(first['requirement'])}}}; cost ${{2:{_snippet_text(first['cost'])}}}"
                         f" -> ${{3:{_snippet_text(first['reward'])}}}")}
    out = {}
    for name, (kind, description) in EFFECT_DEFS.items():
        if kind is None:
            examples = [t for k in CLAUSE_KINDS for t in paleo[k][:_PER_KIND]] + whole[:_WHOLE]
            others = sorted({g for g, _ in found} - {"game:paleo"})  # one clause of each kind for the other games
            examples += [found[g, k][0] for g in others for k in CLAUSE_KINDS if found.get((g, k))]
            snips = [snippets[k] for k in CLAUSE_KINDS] + [combined]
        else:
            counted = sorted(paleo[kind], key=lambda t: not _COUNTED.match(t))  # stable: registry order within
            examples = counted[:_FIELD_EXAMPLES]
            snips = [snippets[kind]]
        out[name] = {"type": "string", "description": description, "examples": examples, "defaultSnippets": snips}
    return out


def _effect_examples(defs: dict[str, Any]) -> None:
    """Point the option and effect fields at the effect-string definitions."""
    new = effect_definitions()
    for model, prop, where, name in EFFECT_STRING_FIELDS:
        node = defs[model]["properties"][prop]  # a renamed field fails here, not silently
        ref = {"$ref": f"#/$defs/{name}"}
        if where == "items":
            node["items"] = ref
        else:
            node["anyOf"] = [ref if branch == {"type": "string"} else branch for branch in node["anyOf"]]
    defs.update(new)
    for key in sorted(defs):  # keep `$defs` sorted, as pydantic writes it
        defs[key] = defs.pop(key)


def content_schema() -> dict:
    """The content-file schema: `$schema`, `$id` and title first, then pydantic's sorted output."""
    body = ContentFile.model_json_schema(schema_generator=schema_generator(), mode="validation")
    complete_means_filled(body.get("$defs", {}))
    _effect_examples(body.get("$defs", {}))
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
