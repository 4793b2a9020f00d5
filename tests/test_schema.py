"""The content JSON Schema: committed copy, metaschema, and an independent validator over the content."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.schema import CONTENT_SCHEMA_ID, DIALECT, MODELINE_PREFIX, content_schema, write_json

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
SCHEMA_FILE = CONTENT / "schema.json"


def content_files() -> list[Path]:
    return sorted(p for p in CONTENT.rglob("*.yaml") if p.is_file())


def test_committed_schema_is_current():
    expected = write_json(content_schema())
    actual = SCHEMA_FILE.read_text(encoding="utf-8")
    assert actual == expected, (
        f"content/schema.json differs from `paleo schema content`; regenerate it with {REGENERATE}"
    )


REGENERATE = "`paleo schema content > content/schema.json`"


@pytest.mark.parametrize("seed", ["0", "1", "4242"])
def test_schema_is_reproducible(seed):
    """The schema a fresh interpreter writes, under any string-hash seed, is the committed file byte for byte."""
    proc = subprocess.run([sys.executable, "-c", "import sys\nfrom compiler.schema import content_schema, write_json\n"
                           "sys.stdout.write(write_json(content_schema()))"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == SCHEMA_FILE.read_text(encoding="utf-8"), (
        f"content/schema.json differs from the schema written with PYTHONHASHSEED={seed}; if the content models "
        f"changed, regenerate it with {REGENERATE}, else the schema's order depends on hashing")


def test_schema_head():
    s = content_schema()
    assert list(s)[:3] == ["$schema", "$id", "title"]
    assert s["$schema"] == DIALECT
    assert s["$id"] == CONTENT_SCHEMA_ID
    assert s["additionalProperties"] is False


def test_schema_validates_against_2020_12_metaschema():
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(content_schema())


def test_cli_schema_matches_committed_file():
    proc = subprocess.run(
        [sys.executable, "-m", "compiler.cli", "schema", "content"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == SCHEMA_FILE.read_text(encoding="utf-8")


def _check_jsonschema() -> list[str]:
    exe = shutil.which("check-jsonschema")
    if exe:
        return [exe]
    try:
        import check_jsonschema  # noqa: F401
    except ImportError:
        pytest.fail("check-jsonschema is not installed (pip install check-jsonschema)")
    return [sys.executable, "-m", "check_jsonschema"]


def test_metaschema_with_check_jsonschema():
    proc = subprocess.run(
        _check_jsonschema() + ["--check-metaschema", str(SCHEMA_FILE)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_bundled_content_validates_with_check_jsonschema():
    files = content_files()
    if not files:
        pytest.skip("no bundled content files yet")
    proc = subprocess.run(
        _check_jsonschema() + ["--schemafile", str(SCHEMA_FILE), *map(str, files)],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_schema_rejects_what_the_models_reject(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards:\n  - id: card:x/y\n    colour: red\n", encoding="utf-8")
    proc = subprocess.run(
        _check_jsonschema() + ["--schemafile", str(SCHEMA_FILE), str(bad)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr


def test_complete_records_may_not_leave_fields_null():
    from jsonschema import Draft202012Validator

    v = Draft202012Validator(content_schema())
    src = {"rulebook": "000_97f291d3c44cb3f7.txt", "section": ["Cards"]}
    module = {"id": "module:anb/M", "letter": "M", "game": "game:paleo", "source": src}
    assert not list(v.iter_errors({"modules": [{**module, "completeness": "partial"}]}))
    assert list(v.iter_errors({"modules": [{**module, "completeness": "complete"}]}))


def test_integer_keyed_maps_accept_player_counts():
    from jsonschema import Draft202012Validator

    v = Draft202012Validator(content_schema())
    src = {"rulebook": "000_97f291d3c44cb3f7.txt", "section": ["Cards"]}
    module = {"id": "module:anb/M", "letter": "M", "game": "game:paleo", "source": src,
              "completeness": "partial", "difficulty": {"2": "easy", "4": "hard"}}
    assert not list(v.iter_errors({"modules": [module]}))
    module["difficulty"] = {"two": "easy"}
    assert list(v.iter_errors({"modules": [module]}))


def test_content_files_carry_a_modeline_to_the_schema():
    files = content_files()
    if not files:
        pytest.skip("no bundled content files yet")
    wrong = []
    for f in files:
        first = f.read_text(encoding="utf-8").split("\n", 1)[0]
        if not first.startswith(MODELINE_PREFIX):
            wrong.append(f"{f.relative_to(ROOT)}: no modeline on the first line")
            continue
        target = (f.parent / first[len(MODELINE_PREFIX):].strip()).resolve()
        if target != SCHEMA_FILE.resolve():
            wrong.append(f"{f.relative_to(ROOT)}: modeline points to {target}")
    assert not wrong, "\n".join(wrong)


def test_schema_is_plain_json():
    json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
