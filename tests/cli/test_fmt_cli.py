"""`paleo fmt` from the command line: --diff exit codes and paths, `-` for standard input."""

from __future__ import annotations

from .support import run_cli

MODELINE = "# yaml-language-server: $schema=https://example.org/schema.json\n"
UNSORTED = MODELINE + "cards:\n- name: X\n  id: card:a/b\n"
CANONICAL = MODELINE + "cards:\n  - id: card:a/b\n    name: X\n"


def _project(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.paleo]\n", encoding="utf-8")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "x.yaml").write_text(UNSORTED, encoding="utf-8")
    (tmp_path / "content" / "ok.yaml").write_text(CANONICAL.replace("a/b", "a/c"), encoding="utf-8")
    return tmp_path


def test_diff_exits_1_with_project_relative_paths_and_leaves_the_file(tmp_path):
    p = _project(tmp_path)
    for args in (["fmt", "--diff", str(p / "content" / "x.yaml")], ["fmt", "--diff"], ["fmt", "--diff", "x.yaml"]):
        cwd = p / "content" if args[-1] == "x.yaml" else p
        rc, out, err = run_cli(args, cwd=cwd)
        assert rc == 1, (args, out, err)
        assert "--- a/content/x.yaml\n+++ b/content/x.yaml\n" in out
        assert "a//" not in out and str(p) not in out
        assert "-- name: X\n" in out and "+  - id: card:a/b\n" in out
        assert "1 file would be reformatted" in err
    assert (p / "content" / "x.yaml").read_text() == UNSORTED


def test_diff_exits_0_when_nothing_would_change(tmp_path):
    p = _project(tmp_path)
    (p / "content" / "x.yaml").write_text(CANONICAL, encoding="utf-8")
    rc, out, err = run_cli(["fmt", "--diff"], cwd=p)
    assert rc == 0 and out == ""


def test_check_exits_1_and_plain_fmt_rewrites(tmp_path):
    p = _project(tmp_path)
    rc, out, _ = run_cli(["fmt", "--check"], cwd=p)
    assert rc == 1 and "would reformat" in out
    rc, out, _ = run_cli(["fmt"], cwd=p)
    assert rc == 0 and (p / "content" / "x.yaml").read_text() == CANONICAL


def test_dash_formats_standard_input_to_standard_output(tmp_path):
    rc, out, err = run_cli(["fmt", "-"], cwd=tmp_path, stdin=UNSORTED.encode())
    assert rc == 0 and out == CANONICAL and err == ""
    rc, out, err = run_cli(["fmt", "-", "--check"], cwd=tmp_path, stdin=UNSORTED.encode())
    assert rc == 1 and out == "" and "would reformat -" in err
    rc, out, err = run_cli(["fmt", "-", "--check"], cwd=tmp_path, stdin=CANONICAL.encode())
    assert rc == 0
    rc, out, err = run_cli(["fmt", "-", "--diff", "--stdin-filename", "cards.yaml"], cwd=tmp_path, stdin=UNSORTED.encode())
    assert rc == 1 and out.startswith("--- a/cards.yaml\n+++ b/cards.yaml\n")


def test_dash_with_a_broken_file_keeps_the_text_and_exits_1(tmp_path):
    broken = "cards:\n  - id: [unclosed\n"
    rc, out, err = run_cli(["fmt", "-"], cwd=tmp_path, stdin=broken.encode())
    assert rc == 1 and out == broken and "error[" in err and "Traceback" not in err


def test_dash_cannot_be_mixed_with_paths(tmp_path):
    rc, _, err = run_cli(["fmt", "-", "x.yaml"], cwd=tmp_path, stdin=b"")
    assert rc == 2 and "standard input" in err


def test_content_files_only_leaves_other_yaml_alone(tmp_path):
    p = _project(tmp_path)
    other = p / ".pre-commit-config.yaml"
    other.write_text("repos:\n- repo: local\n  hooks: []\n", encoding="utf-8")
    rc, out, _ = run_cli(["fmt", "--content-files-only", "--check", ".pre-commit-config.yaml"], cwd=p)
    assert rc == 0 and other.read_text().startswith("repos:\n- repo")
    rc, out, _ = run_cli(["fmt", "--content-files-only", "--check", ".pre-commit-config.yaml", "content/x.yaml"], cwd=p)
    assert rc == 1 and "content/x.yaml" in out and "pre-commit-config" not in out
    # a kanban board with `cards:` and a Vector config with `sources:` outside the content folders: never rewritten,
    # and no Paleo schema modeline is added to them
    board, vector = p / "board.yaml", p / "vector.yaml"
    board.write_text("cards:\n- {title: docs, lane: todo}\n", encoding="utf-8")
    vector.write_text("sources:\n  in: {type: stdin}\n", encoding="utf-8")
    before = board.read_bytes(), vector.read_bytes()
    rc, out, _ = run_cli(["fmt", "--content-files-only", "board.yaml", "vector.yaml"], cwd=p)
    assert rc == 0 and (board.read_bytes(), vector.read_bytes()) == before


def test_a_project_file_outside_the_content_folders_is_never_rewritten(tmp_path):
    """`paleo fmt .pre-commit-config.yaml` in a project: not a card file, so no rewrite and no schema modeline."""
    p = _project(tmp_path)
    (p / "content" / "schema.json").write_text("{}", encoding="utf-8")
    hooks = "repos:\n- repo: local\n  hooks:\n  - id: paleo-fmt\n"
    (p / ".pre-commit-config.yaml").write_text(hooks, encoding="utf-8")
    vector = "sources:\n  in: {type: stdin}\ncards: [a]\n"
    (p / "ops").mkdir()
    (p / "ops" / "vector.yaml").write_text(vector, encoding="utf-8")
    for args in (["fmt", ".pre-commit-config.yaml"], ["fmt", "--check", "ops/vector.yaml"], ["fmt", "--diff", "ops/vector.yaml"]):
        rc, out, err = run_cli(args, cwd=p)
        assert rc == 0 and out == "", (args, out, err)
        assert "is not a card file of this project" in err and "content" in err
    assert (p / ".pre-commit-config.yaml").read_text() == hooks and (p / "ops" / "vector.yaml").read_text() == vector
    rc, out, err = run_cli(["fmt", ".pre-commit-config.yaml", "content/x.yaml"], cwd=p)  # the card file is formatted
    assert rc == 0 and (p / "content" / "x.yaml").read_text() != UNSORTED
    assert (p / ".pre-commit-config.yaml").read_text() == hooks
