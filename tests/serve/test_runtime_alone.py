"""The runtime calls no compiler: its rule-test runner takes built bundles; `paleo test` builds them on the compiler side."""

from __future__ import annotations

import ast
import io

from runtime import ruletests

from .conftest import ROOT


def test_no_runtime_module_starts_a_process_or_imports_the_compiler():
    for p in sorted((ROOT / "runtime").rglob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
            for n in names:
                assert n.split(".")[0] not in ("subprocess", "compiler"), f"{p.relative_to(ROOT)} imports {n}"


def test_the_runner_asks_for_a_built_bundle(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    assert ruletests.main([str(ROOT / "tests" / "rules" / "resolve-ignore.json")], root=ROOT, out=out, err=err) == 2
    assert "need a built bundle" in err.getvalue() and "paleo test" in err.getvalue()


def test_the_runner_builds_each_pack_set_once_through_the_callable(bundle_dict):
    calls = []

    def build(root, packs):
        calls.append(packs)
        return bundle_dict

    tests = [ROOT / "tests" / "rules" / n for n in ("resolve-ignore.json", "resolve-ignore.json")]
    out = io.StringIO()
    code = ruletests.main([str(t) for t in tests], root=ROOT, out=out, err=out, build=build)
    assert code == 0, out.getvalue()
    assert len(calls) == 1 and all(p.is_dir() for p in calls[0])
    assert "2 passed, 0 failed" in out.getvalue()


def test_paleo_test_names_the_diagnostics_of_a_pack_that_does_not_compile(tmp_path):
    import json

    from compiler import ruletest_packs

    pack = tmp_path / "broken"
    pack.mkdir()
    (pack / "bad.yaml").write_text("cards:\n  - id: card:x/y\n    name: [unclosed\n", encoding="utf-8")
    test = json.loads((ROOT / "tests" / "rules" / "resolve-ignore.json").read_text(encoding="utf-8"))
    test["content"]["packs"] = ["broken"]
    (tmp_path / "t.json").write_text(json.dumps(test), encoding="utf-8")
    out = io.StringIO()
    assert ruletest_packs.main([str(tmp_path / "t.json")], root=ROOT, out=out, err=out) == 1
    text = out.getvalue()
    assert "FAIL t.json: cannot build the bundle with broken" in text and "Y001" in text and "bad.yaml:3:20" in text
