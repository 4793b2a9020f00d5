"""The published bundle schema and its TypeScript definitions: generated from the typed definitions, committed up to
date, strict where the data is known, and usable from a TypeScript frontend (examples/frontend, checked by tsc).

That every bundle the suite builds or writes validates is checked for the whole suite by tests/conftest.py.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import bundle_check
from compiler.bundle import FORMAT_VERSION, dumps
from compiler.bundle_model import BUNDLE_SCHEMA_ID, bundle_schema
from compiler.schema import write_json

ROOT = Path(__file__).resolve().parent.parent
DOWNLOADS = ROOT / "site" / "downloads"
SCHEMA_FILE = DOWNLOADS / "bundle.schema.json"
TYPES_FILE = DOWNLOADS / "bundle.d.ts"
SAMPLE = ROOT / "examples" / "frontend"
TSC = ROOT / "node_modules" / ".bin" / "tsc"
JSON2TS = ROOT / "node_modules" / ".bin" / "json2ts"
REGENERATE = "bash scripts/bundle-types.sh"


def _need(tool: Path) -> None:
    if not tool.is_file() or shutil.which("node") is None:
        pytest.fail(f"{tool.relative_to(ROOT)} (or node) is missing: run `npm ci`")


@pytest.fixture(scope="module")
def schema() -> dict:
    return bundle_schema()


@pytest.fixture(scope="module")
def bundle() -> dict:
    """The default synthetic test bundle: the content plus synthetic-base."""
    if str(ROOT / "tests" / "packs") not in sys.path:
        sys.path.insert(0, str(ROOT / "tests" / "packs"))
    import synthetic_bundle

    return synthetic_bundle.cached()


def test_committed_schema_is_current(schema):
    assert SCHEMA_FILE.read_text(encoding="utf-8") == write_json(schema), (
        f"{SCHEMA_FILE.relative_to(ROOT)} differs from `paleo schema bundle`; regenerate it with `{REGENERATE}`")


def test_cli_prints_the_committed_schema():
    r = subprocess.run([sys.executable, "-m", "compiler", "schema", "bundle"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout == SCHEMA_FILE.read_text(encoding="utf-8")


def test_schema_is_versioned_with_the_format(schema):
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == BUNDLE_SCHEMA_ID and BUNDLE_SCHEMA_ID.endswith(":" + FORMAT_VERSION)
    assert schema["properties"]["format_version"]["const"] == FORMAT_VERSION
    assert FORMAT_VERSION in schema["$comment"]


def test_every_section_and_record_is_closed(schema):
    assert schema["additionalProperties"] is False
    # `sources` is written only when a project declares sources of its own; every other section is always there
    assert set(schema["properties"]) - set(schema["required"]) == {"sources"}
    for name, node in schema["$defs"].items():
        if node.get("type") == "object" and "properties" in node:
            assert node.get("additionalProperties") is False, name


def test_the_ir_node_kinds_are_the_effect_stage_kinds(schema):
    from compiler.effects import ir

    defs = schema["$defs"]
    node_kinds = {defs[r["$ref"].split("/")[-1]]["properties"]["node"]["const"] for r in defs["EffectNode"]["anyOf"]}
    assert node_kinds | {"option", "clause"} == set(ir.NODES)
    clause_kinds = {defs[r["$ref"].split("/")[-1]]["properties"]["kind"]["const"] for r in defs["Clause"]["anyOf"]}
    assert clause_kinds == set(ir.CLAUSE_KINDS)
    triggers = set(defs["PlainTrigger"]["properties"]["kind"]["enum"]) | {defs["OnTrigger"]["properties"]["kind"]["const"]}
    assert triggers == set(ir.TRIGGER_KINDS)


def _first_option(bundle: dict, node: str) -> tuple[int, int, list]:
    """(card index, option index, path of keys to a body of kind `node`) of the first option with one."""
    def find(n, path):
        if isinstance(n, dict):
            if n.get("node") == node:
                return path
            for k, v in n.items():
                hit = find(v, path + [k])
                if hit is not None:
                    return hit
        elif isinstance(n, list):
            for i, v in enumerate(n):
                hit = find(v, path + [i])
                if hit is not None:
                    return hit
        return None

    for ci, card in enumerate(bundle["cards"]):
        for oi, opt in enumerate(card["options"]):
            hit = find(opt["ir"], [])
            if hit is not None:
                return ci, oi, hit
    raise AssertionError(f"no option with a `{node}` node in the test bundle")


def _at(tree, path):
    for k in path:
        tree = tree[k]
    return tree


BREAKS = {
    "an unknown IR node kind": lambda n: n.update(node="reference"),
    "a call without its symbol id prefix": lambda n: n.update(symbol="wood"),
    "an argument that is no value of any parameter type": lambda n: n.update(args={"n": True}),
    "a reference with a field of another kind": lambda n: n.update(args={"what": {"ref": "card", "number": 3}}),
}


@pytest.mark.parametrize("what", sorted(BREAKS))
def test_a_broken_call_is_refused(bundle, what):
    sub = bundle_check._validators()[1]["cards"]
    ci, oi, path = _first_option(bundle, "call")
    broken = copy.deepcopy(bundle["cards"][ci])
    assert not list(sub.iter_errors(broken))
    BREAKS[what](_at(broken["options"][oi]["ir"], path))
    assert list(sub.iter_errors(broken)), what


@pytest.mark.parametrize("what", ["nested", "position", "too few", "everyone false", "extra key"])
def test_a_broken_structure_is_refused(bundle, what):
    sub = bundle_check._validators()[1]["cards"]
    ci, oi, path = _first_option(bundle, "call")
    card = copy.deepcopy(bundle["cards"][ci])
    option = card["options"][oi]["ir"]
    clause = option["clauses"][0]
    call = copy.deepcopy(_at(option, path))
    if what == "nested":  # `all` directly inside `all` is written flat
        clause["body"] = {"node": "all", "items": [{"node": "all", "items": [call, call]}, call]}
    elif what == "position":
        clause["position"] = "reward" if clause.get("kind") != "reward" else "cost"
    elif what == "too few":
        clause["body"] = {"node": "choice", "items": [call]}
    elif what == "everyone false":
        clause["everyone"] = False
    else:
        card["colour"] = "red"
    assert list(sub.iter_errors(card)), what


def test_a_complete_record_leaves_no_stated_field_null(bundle):
    sub = bundle_check._validators()[1]
    module = copy.deepcopy(bundle["modules"][0])
    module.update(completeness="complete", name=None)
    assert list(sub["modules"].iter_errors(module))
    module.update(completeness="partial")
    assert not list(sub["modules"].iter_errors(module))
    dino = copy.deepcopy(bundle["cards"][0])
    dino.update(kind="dino", completeness="complete", back="dino", sleep=None)
    assert any("should not be valid" in e.message for e in sub["cards"].iter_errors(dino))


def test_the_checker_finds_what_the_schema_refuses(bundle, tmp_path):
    assert bundle_check.problems(bundle) == []
    broken = copy.deepcopy(bundle)
    broken["cards"][0]["kind"] = "spaceship"
    del broken["graph"]["edges"][0]["kind"]
    found = bundle_check.problems(broken)
    assert any(line.startswith("cards[0]") and "kind" in line for line in found), found
    assert any(line.startswith("graph.edges[0]") for line in found), found
    # a written bundle is recognised by the compiler's canonical form; a hand-made bundle-shaped input is not one
    written = tmp_path / "bundle.json"
    written.write_text(dumps(broken), encoding="utf-8")
    assert bundle_check.is_written_bundle(written) == broken
    written.write_text(json.dumps(broken), encoding="utf-8")
    assert bundle_check.is_written_bundle(written) is None


def test_typescript_definitions_are_current(tmp_path):
    _need(JSON2TS)
    r = subprocess.run(["bash", str(ROOT / "scripts" / "bundle-types.sh"), str(tmp_path)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHON": sys.executable})
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "bundle.schema.json").read_text(encoding="utf-8") == SCHEMA_FILE.read_text(encoding="utf-8")
    assert (tmp_path / "bundle.d.ts").read_text(encoding="utf-8") == TYPES_FILE.read_text(encoding="utf-8"), (
        f"{TYPES_FILE.relative_to(ROOT)} is out of date; regenerate it with `{REGENERATE}`")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bundle.d.ts", "bundle.schema.json"]


def test_typescript_definitions_name_the_bundle_types():
    text = TYPES_FILE.read_text(encoding="utf-8")
    for name in ("interface Bundle ", "interface Card ", "interface Module ", "interface Scenario ",
                 "type EffectNode =", "type Clause =", "interface OptionIR ", "interface CallNode "):
        assert "export " + name in text, name
    assert f'format_version: "{FORMAT_VERSION}";' in text


def _tsc(project: Path) -> subprocess.CompletedProcess:
    _need(TSC)
    return subprocess.run([str(TSC), "--noEmit", "-p", str(project)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_sample_frontend_type_checks():
    r = _tsc(SAMPLE)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_type_check_refuses_a_frontend_that_misreads_the_bundle(tmp_path):
    bad = tmp_path / "bad.ts"
    types = (DOWNLOADS / "bundle").as_posix()
    bad.write_text(
        f'import type {{ Bundle, EffectNode }} from "{types}";\n'
        "export const colour = (b: Bundle): string => b.cards[0]!.colour;\n"
        'export const isRef = (n: EffectNode): boolean => n.node === "reference";\n', encoding="utf-8")
    config = json.loads((SAMPLE / "tsconfig.json").read_text(encoding="utf-8"))
    config["files"] = ["bad.ts"]
    (tmp_path / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    r = _tsc(tmp_path)
    assert r.returncode != 0
    assert "TS2339" in r.stdout and "'colour'" in r.stdout, r.stdout
    assert "TS2367" in r.stdout and "reference" in r.stdout, r.stdout


def test_sample_frontend_lists_the_setups_and_cards_of_a_real_bundle(bundle, tmp_path):
    _need(TSC)
    out = tmp_path / "emit"
    r = subprocess.run([str(TSC), "-p", str(SAMPLE), "--noEmit", "false", "--outDir", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    (out / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (out / "run.mjs").write_text(
        'import { readFileSync } from "node:fs";\nimport { listing } from "./list-setups.js";\n'
        'console.log(listing(JSON.parse(readFileSync(process.argv[2], "utf8"))).join("\\n"));\n', encoding="utf-8")
    path = tmp_path / "bundle.json"
    path.write_text(dumps(bundle), encoding="utf-8")
    r = subprocess.run(["node", str(out / "run.mjs"), str(path)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    for s in bundle["scenarios"]:
        assert any(line.endswith(f"{s['kind']} {s['name']}") or f"{s['kind']} {s['name']} (" in line
                   for line in lines if not line.startswith(" ")), s["id"]
    module = next(m for m in bundle["modules"] if m["cards"] and any(m["letter"] in s["modules"] for s in bundle["scenarios"]))
    names = {c["id"]: c["name"] or c["id"] for c in bundle["cards"]}
    assert any(line.strip().startswith(names[module["cards"][0]] + " x") for line in lines), module["id"]
    assert any(line.startswith("      ") for line in lines), "no option was described"
