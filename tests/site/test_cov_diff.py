"""`paleo diff`: field changes inside records, sides it refuses with one line, and the working tree as NEW."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from compiler.cli import main
from compiler.diff import SideError, diff_bundles, field_changes, load_side, render_human

V = {"format_version": "1.0.0", "generator": "t"}


def test_a_field_removed_or_added_is_old_or_new_null():
    old = {"name": "Trap", "copies": 2}
    new = {"name": "Trap", "kind": "base"}
    assert field_changes(old, new) == [{"path": "copies", "old": 2, "new": None},
                                       {"path": "kind", "old": None, "new": "base"}]


def test_lists_of_records_with_ids_are_compared_by_id_not_position():
    a, b, c = {"id": "r:a", "text": "one"}, {"id": "r:b", "text": "two"}, {"id": "r:c", "text": "three"}
    got = field_changes({"rules": [a, b]}, {"rules": [{**b, "text": "2"}, c]})
    assert got == [{"path": "rules[r:a]", "old": a, "new": None},
                   {"path": "rules[r:b].text", "old": "two", "new": "2"},
                   {"path": "rules[r:c]", "old": None, "new": c}]
    # ids repeated: compared by position instead, numbered from 1
    dup = [a, a]
    assert field_changes({"rules": dup}, {"rules": [a]}) == [{"path": "rules[2]", "old": a, "new": None}]


def test_records_without_an_id_are_not_compared_and_an_unnamed_record_is_shown_by_id():
    old = {**V, "cards": [{"name": "no id"}, "not a record"]}
    new = {**V, "cards": [{"id": "card:x/plain"}], "dice": [{"id": "die:x/d6", "count": 1}]}
    d = diff_bundles(old, new)
    assert [(r["id"], r["name"]) for r in d["added"]] == [("card:x/plain", ""), ("die:x/d6", "")]
    assert d["removed"] == [] and d["changed"] == []
    out = render_human(d, "a", "b")
    assert "  + card:x/plain\n" in out and out.endswith("2 records differ (2 added, 0 removed, 0 changed)")


def test_a_folder_with_bundle_json_is_a_side(tmp_path):
    (tmp_path / "bundle.json").write_text(json.dumps({**V, "cards": [{"id": "card:x/a"}]}), encoding="utf-8")
    assert load_side(str(tmp_path), tmp_path)["cards"] == [{"id": "card:x/a"}]


@pytest.mark.parametrize("text,message", [
    ('{"format_version": "2.0.0"}', "has bundle format `2.0.0`; this paleo reads 1.x"),
    ("[1, 2]", "has bundle format `?`; this paleo reads 1.x"),
])
def test_a_bundle_of_another_format_is_refused(tmp_path, capsys, text, message):
    f = tmp_path / "b.json"
    f.write_text(text, encoding="utf-8")
    assert main(["diff", str(f), str(f)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_bundle_over_the_size_limit_is_refused(tmp_path, monkeypatch):
    import compiler.diff

    f = tmp_path / "b.json"
    f.write_text(json.dumps({**V, "cards": []}), encoding="utf-8")
    monkeypatch.setattr(compiler.diff, "MAX_BUNDLE_BYTES", 8)  # the bound (compiler.limits) as diff reads it
    with pytest.raises(SideError, match=r"is more than 8 bytes \(C020\)"):
        load_side(str(f), tmp_path)


def test_an_option_looking_spec_is_never_passed_to_git(tmp_path):
    with pytest.raises(SideError, match="neither a bundle file nor a git ref"):
        load_side("--output=/tmp/x", tmp_path)


@pytest.fixture()
def git_repo(tmp_path):
    if shutil.which("git") is None:
        pytest.fail("git is needed to diff git refs")

    def commit(files: dict[str, str]):
        for name, text in files.items():
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text(text, encoding="utf-8")
        for args in (["add", "-A"], ["commit", "-qm", "c"]):
            subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args], cwd=tmp_path,
                           check=True, capture_output=True)

    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True, capture_output=True)
    return tmp_path, commit


def test_a_ref_that_is_no_paleo_project_cannot_be_built(git_repo):
    root, commit = git_repo
    commit({"README": "nothing here\n"})
    with pytest.raises(SideError, match=r"`HEAD` \([0-9a-f]{12}\) is not a Paleo project: it has no content/ folder"):
        load_side("HEAD", root)


def test_a_ref_whose_build_fails_shows_the_last_lines_it_printed(git_repo):
    root, commit = git_repo
    commit({"compiler/__init__.py": "", "compiler/__main__.py": "import sys\nsys.exit('the content did not compile')\n"})
    with pytest.raises(SideError) as exc:
        load_side("HEAD", root)
    assert "did not build:\nthe content did not compile" in str(exc.value)


def _project(tmp_path, content: str):
    (tmp_path / "pyproject.toml").write_text("[tool.paleo]\nbundled = false\n", encoding="utf-8")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "c.yaml").write_text(content, encoding="utf-8")
    old = tmp_path / "old.json"
    old.write_text(json.dumps({**V, "symbols": [{"id": "symbol:gone", "name": "gone"}]}), encoding="utf-8")
    return old


def test_without_new_the_working_tree_is_compiled_and_compared(tmp_path, capsys, monkeypatch):
    old = _project(tmp_path, "cards: []\n")
    monkeypatch.chdir(tmp_path)
    assert main(["diff", str(old)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"paleo diff {old} (working tree)\n") and "  - symbol:gone  gone" in out


def test_without_new_content_errors_end_the_diff_with_exit_1(tmp_path, capsys, monkeypatch):
    old = _project(tmp_path, "cards: [\n")
    monkeypatch.chdir(tmp_path)
    assert main(["diff", str(old)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "content/c.yaml:" in captured.err and "the content has errors" in captured.err
