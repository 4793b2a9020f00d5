"""Validate bundles against the published bundle schema (site/downloads/bundle.schema.json), for the whole suite.

tests/conftest.py uses it three ways: every bundle the compiler builds in the test process (`compiler.pipeline.run`
without errors, the synthetic pack fixtures included) is checked when it is built, and every bundle file the
compiler wrote during the session (a regular file in the compiler's canonical form, `compiler.bundle.dumps`,
under pytest's temporary folder: the subprocess builds) is checked when the session ends.

Bundles of one suite share most of their records, so each distinct record (and graph node or edge) is validated
once per process: a record is independent of its neighbours in the schema, and the rest of the bundle (its
sections emptied) is validated whole every time.
"""

from __future__ import annotations

import json
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SCHEMA_FILE = REPO / "site" / "downloads" / "bundle.schema.json"
MAX_ERRORS = 5

_state: dict = {}


def _any_of(validator, any_of, instance, schema):
    """`anyOf` that stops reading a branch at its first error (the stock keyword collects all of them first).

    The same verdict as the stock keyword; what changes is the time: the schema's tagged unions (IR nodes by
    `node`, clauses by `kind`, references by `ref`) fail a wrong branch at its tag, where collecting every error
    would validate the whole subtree under each wrong branch, at a cost growing exponentially with nesting."""
    from jsonschema.exceptions import ValidationError

    first = []
    for index, sub in enumerate(any_of):
        err = next(validator.descend(instance, sub, schema_path=index), None)
        if err is None:
            return
        first.append(err)
    yield ValidationError(f"{instance!r:.200} is not valid under any of the given schemas", context=first)


def _validators():
    if "v" not in _state:
        from jsonschema import Draft202012Validator, validators

        Draft202012Validator = validators.extend(Draft202012Validator, {"anyOf": _any_of})

        schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
        defs = schema["$defs"]

        def sub(node: dict) -> Draft202012Validator:
            return Draft202012Validator({"$schema": schema["$schema"], "$defs": defs, **node})

        props = schema["properties"]
        items = {name: sub(props[name]["items"]) for name, p in props.items() if p.get("type") == "array"}
        graph = defs["Graph"]["properties"]
        items["graph.nodes"] = sub(graph["nodes"]["items"])
        items["graph.edges"] = sub(graph["edges"]["items"])
        _state["v"] = (Draft202012Validator(schema), items)
        _state["seen"] = set()
    return _state["v"]


def problems(bundle) -> list[str]:
    """What is wrong with a bundle against the published schema: at most MAX_ERRORS lines, empty when it validates."""
    return _problems(bundle)


def _problems(bundle):
    whole, items = _validators()
    seen = _state["seen"]
    out: list[str] = []
    if not isinstance(bundle, dict):
        return ["the bundle is not a JSON object"]
    shell = dict(bundle)
    lists: list[tuple[str, list]] = []
    for name in items:
        if name.startswith("graph."):
            continue
        if isinstance(shell.get(name), list):
            lists.append((name, shell[name]))
            shell[name] = []
    graph = shell.get("graph")
    if isinstance(graph, dict):
        shell["graph"] = dict(graph)
        for part in ("nodes", "edges"):
            if isinstance(graph.get(part), list):
                lists.append((f"graph.{part}", graph[part]))
                shell["graph"][part] = []
    for e in whole.iter_errors(shell):
        out.append(_line(e, ""))
    for name, values in lists:
        v = items[name]
        for i, value in enumerate(values):
            key = (name, json.dumps(value, sort_keys=True, ensure_ascii=False))
            if key in seen:
                continue
            errs = list(v.iter_errors(value))
            if not errs:
                seen.add(key)
                continue
            rid = value.get("id") if isinstance(value, dict) else None
            for e in errs[:2]:
                out.append(_line(e, f"{name}[{i}]" + (f" ({rid})" if rid else "")))
            if len(out) >= MAX_ERRORS:
                return out[:MAX_ERRORS]
    return out[:MAX_ERRORS]


def _line(e, where: str) -> str:
    path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e.absolute_path)
    return f"{where}{path or ('' if where else '(top level)')}: {e.message[:300]}"


def is_written_bundle(path: Path) -> dict | None:
    """The bundle in `path` when it is one the compiler wrote: a regular file named like a bundle, in the canonical
    form `compiler.bundle.dumps` writes, from a `paleo-codex` generator. Hand-made bundle-shaped test inputs and the
    bundles tests rewrite on purpose are in other forms."""
    from compiler.bundle import dumps

    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > 64 * 1024 * 1024:
            return None
        raw = path.read_text(encoding="utf-8")
        data = json.loads(raw)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not str(data.get("generator", "")).startswith("paleo-codex "):
        return None
    try:
        return data if dumps(data) == raw else None
    except ValueError:
        return None


def written_bundles(base: Path) -> list[Path]:
    """Candidate bundle files under `base`."""
    import os

    out = []
    for folder, _, names in os.walk(base):  # links are not followed: some tests make looping ones
        out += [Path(folder) / n for n in names if n == "bundle.json" or n.endswith(".bundle.json")]
    return sorted(out)
