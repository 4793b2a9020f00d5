"""`paleo lint --fix / --unsafe-fixes / --diff` on a corpus of fixable mistakes: the fixed files lint
clean with every comment kept, and a second `--fix` changes nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

from compiler.fixes import _kept_comments

from foundation.helpers import lint_json, run_cli

FIXABLE = Path(__file__).resolve().parent / "fixable"


def _project(tmp_path: Path) -> Path:
    (tmp_path / "content").mkdir()
    for f in FIXABLE.glob("*.yaml"):
        shutil.copyfile(f, tmp_path / "content" / f.name)
    (tmp_path / "pyproject.toml").write_text("[tool.paleo]\n", encoding="utf-8")
    return tmp_path


def _texts(p: Path) -> dict[str, str]:
    return {f.name: f.read_text(encoding="utf-8") for f in sorted((p / "content").glob("*.yaml"))}


def test_fix_with_unsafe_fixes_leaves_files_that_lint_clean_with_every_comment_kept(tmp_path):
    p = _project(tmp_path)
    before = _texts(p)
    rc, diags = lint_json([], cwd=p)
    assert rc == 1 and len(diags) == 9
    rc, out, err = run_cli(["lint", "--fix", "--unsafe-fixes"], cwd=p)
    assert rc == 0, out + err
    assert "fixed 9 diagnostics in 3 files" in out
    after = _texts(p)
    for name in before:
        assert _kept_comments(before[name]) == _kept_comments(after[name]), name
    assert "deck_known: true  # written the old way" in after["booleans.yaml"]
    assert "    name: Lookout  # the printed title\n" in after["guesses.yaml"]
    assert '    kind: "base"\n' in after["guesses.yaml"]  # the value keeps its quotes
    assert "- 'require have title \"Nonesuch\" -> 1 food'  # paleo: ignore[G490] a title still to come" in after["suppressions.yaml"]
    assert '- "-> 1 food"  # a note after it stays' in after["suppressions.yaml"]
    rc, diags = lint_json([], cwd=p)
    assert rc == 0 and diags == []
    rc, out, _ = run_cli(["lint", "--fix", "--unsafe-fixes"], cwd=p)  # a second run changes nothing
    assert rc == 0 and _texts(p) == after and "fixed" not in out


def test_fix_alone_applies_only_the_safe_fixes(tmp_path):
    p = _project(tmp_path)
    before = _texts(p)
    rc, out, _ = run_cli(["lint", "--fix"], cwd=p)
    assert rc == 1 and "fixed 5 diagnostics in 2 files" in out
    assert "4 more fixable with `paleo lint --fix --unsafe-fixes`" in out
    after = _texts(p)
    assert after["guesses.yaml"] == before["guesses.yaml"]  # the guesses are unsafe: not applied
    rc, diags = lint_json([], cwd=p)
    assert sorted(d["code"] for d in diags) == ["E302", "M003", "M005", "M005"]
    run_cli(["lint", "--fix"], cwd=p)
    assert _texts(p) == after  # a second --fix changes nothing


def test_diff_shows_the_fixes_and_writes_nothing(tmp_path):
    p = _project(tmp_path)
    before = _texts(p)
    rc, out, err = run_cli(["lint", "--diff", "--unsafe-fixes"], cwd=p)
    assert rc == 1 and _texts(p) == before
    assert "--- a/content/guesses.yaml\n+++ b/content/guesses.yaml\n" in out
    assert "\n-    back: forrest  # its back\n" in out and "\n+    back: forest  # its back\n" in out
    assert "9 fixes would be applied to 3 files" in err
    rc, out, err = run_cli(["lint", "--diff"], cwd=p)
    assert rc == 1 and "guesses.yaml" not in out and "5 fixes would be applied to 2 files" in err


def test_json_output_carries_each_fix_with_its_safety(tmp_path):
    p = _project(tmp_path)
    _, diags = lint_json([], cwd=p)
    by = {(d["code"], d["line"]): d.get("fix") for d in diags}
    assert by[("M006", 10)]["safety"] == "safe" and by[("M006", 10)]["edits"][0]["replacement"] == "true"
    assert by[("M003", 5)]["safety"] == "unsafe" and by[("M003", 5)]["edits"][0]["replacement"] == "name"
    assert by[("C004", 4)]["safety"] == "safe"
