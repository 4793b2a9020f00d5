"""The bundle contract: it validates against its published schema and is byte-reproducible."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from compiler.bundle import FORMAT_VERSION, bundle_schema, dumps

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Build twice, in separate processes with different hash seeds."""
    outs = []
    for seed in ("1", "2"):
        out = tmp_path_factory.mktemp(f"build{seed}")
        r = subprocess.run([sys.executable, "-m", "compiler", "build", "--out", str(out)], cwd=REPO,
                           capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}, timeout=300)
        assert r.returncode == 0, r.stderr
        outs.append((out / "bundle.json").read_bytes())
    return outs


def test_build_is_byte_reproducible(built):
    assert built[0] == built[1]


def test_bundle_validates_against_its_schema(built):
    schema = bundle_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    bundle = json.loads(built[0])
    jsonschema.Draft202012Validator(schema).validate(bundle)
    assert bundle["format_version"] == FORMAT_VERSION


def test_schema_rejects_a_broken_bundle(built):
    bundle = json.loads(built[0])
    bundle["modules"][0]["letter"] = "mm"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(bundle_schema()).validate(bundle)
    del bundle["graph"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(bundle_schema()).validate(bundle)


def test_schema_command_prints_the_same_schema():
    r = subprocess.run([sys.executable, "-m", "compiler", "schema", "bundle"], cwd=REPO, capture_output=True, text=True)
    assert r.returncode == 0 and json.loads(r.stdout) == bundle_schema()


def test_dumps_is_canonical_and_refuses_nan():
    assert dumps({"b": 1, "a": [2, "é"]}) == '{"a":[2,"é"],"b":1}\n'
    with pytest.raises(ValueError):
        dumps({"x": float("nan")})


def test_a_complete_record_has_no_null_fields_the_model_allows_only_when_incomplete(built):
    from compiler.models import SECTIONS

    bundle = json.loads(built[0])
    for section, model in SECTIONS.items():
        for rec in bundle.get(section, []):
            if rec.get("completeness") == "complete":
                for f in model.NULLABLE_WHEN_INCOMPLETE:
                    assert rec.get(f) is not None, (rec["id"], f)
