"""Every malformed `[tool.paleo]` shape is a positioned C003 and exit 2, never an internal error."""

from __future__ import annotations

import json

import pytest

from .support import project, run_cli

CASES = [
    # (pyproject.toml, message, line, column)
    ("[tool]\npaleo = 5\n", "`tool.paleo` must be a table, not a number", 2, 1),
    ('[tool]\npaleo = "ALL"\n', "`tool.paleo` must be a table, not a string", 2, 1),
    ("# paleo settings\ntool = 5\n", "`tool` must be a table, not a number", 2, 1),
    ('[tool.paleo]\nselect = "ALL"\n', "`select` must be a list of codes, not a string", 2, 1),
    ("[tool.paleo]\nignore = [1, 2]\n", "`ignore` must be a list of codes, not a list with something other than strings", 2, 1),
    ('[tool.paleo]\n\n\nselect = ["Q999"]\n', "`select` names unknown code `Q999`", 4, 1),
    ("[tool.paleo]\nper-file-ignores = 3\n", "`per-file-ignores` must be a table of glob = [codes], not a number", 2, 1),
    ('[tool.paleo.per-file-ignores]\n"a/*.yaml" = "M005"\n', "`per-file-ignores.a/*.yaml` must be a list of codes, not a string", 2, 1),
    ('[tool.paleo]\ncontent = "content"\n', "`content` must be a list of folders, not a string", 2, 1),
    ('[tool.paleo]\nselect = ["ALL"]\ncontent = ["nope"]\n', "`content` names `nope`, which is not a folder of", 3, 1),
    ("[tool.paleo]\n  ignroe = []\n", "unknown key `ignroe` in [tool.paleo]", 2, 3),
    ("tool = {paleo = {select = 3}}\n", "`select` must be a list of codes, not a number", 1, 1),
    ("[tool.paleo\nselect = []\n", "pyproject.toml is not valid TOML: Expected ']' at the end of a table declaration", 1, 12),
    ("[tool.paleo]\nselect = [\n", "pyproject.toml is not valid TOML", 3, 1),
    ("[tool.paleo]\nsources = 5\n", "`sources` must be a list of tables, not a number", 2, 1),
    ('[[tool.paleo.sources]]\nfile = "a.md"\nname = "b"\ntitle = "A"\n', "`sources[0]` needs exactly one of `file` and `name`", 1, 1),
    ('[[tool.paleo.sources]]\nname = "Fan rules"\n', "`sources[0]` needs a `title` (text)", 1, 1),
    ('[[tool.paleo.sources]]\nname = "Fan rules"\ntitle = "Fan"\nheadings = "Setup"\n',
     "`headings` of `sources[0]` must be a list of texts", 4, 1),
    # each item of the array of tables is placed at its own header or key; a misspelt required key is one mistake
    ('[[tool.paleo.sources]]\nname = "A"\ntitle = "A"\n\n[[tool.paleo.sources]]\nname = "B"\n',
     "`sources[1]` needs a `title` (text)", 5, 1),
    ('[[tool.paleo.sources]]\nname = "A"\ntitel = "A"\n', "unknown key `titel` in `sources[0]`", 3, 1),
    ('[[tool.paleo.sources]]\nfiel = "a.md"\ntitle = "A"\n', "unknown key `fiel` in `sources[0]`", 2, 1),
    ('[[tool.paleo.sources]]\nname = "Fan rules"\ntitle = "Fan"\n\nhedings = ["A"]\n', "unknown key `hedings` in `sources[0]`", 5, 1),
]


@pytest.mark.parametrize("pyproject, message, line, column", CASES)
def test_malformed_shape_is_a_positioned_diagnostic_with_exit_2(tmp_path, pyproject, message, line, column):
    p = project(tmp_path, pyproject, back="forest")
    for command in (["lint", "--format", "json"], ["build", "--format", "json", "--out", str(tmp_path / "out")]):
        rc, out, err = run_cli(command, cwd=p)
        assert rc == 2, (command, out, err)
        assert "internal error" not in out + err and "Traceback" not in out + err
        (d,) = json.loads(out)
        assert d["code"] == "C003" and d["file"] == "pyproject.toml"
        assert d["message"].startswith(message)
        assert (d["line"], d["column"]) == (line, column)
        assert "nothing was checked" in err
    assert not (tmp_path / "out").exists()


def test_human_output_shows_the_line_of_pyproject(tmp_path):
    p = project(tmp_path, '[tool.paleo]\ncontent = ["nope"]\n', back="forest")
    rc, out, err = run_cli(["lint"], cwd=p)
    assert rc == 2
    assert "error[C003]: `content` names `nope`" in err
    assert "--> pyproject.toml:2:1" in err and '2 | content = ["nope"]' in err


def test_a_missing_content_folder_on_the_command_line_exits_2(tmp_path):
    p = project(tmp_path, "[tool.paleo]\n", back="forest")
    rc, out, err = run_cli(["lint", "--format", "concise", "--content", "nope"], cwd=p)
    assert rc == 2 and "C001 --content nope: no such folder" in out


def test_a_pyproject_without_paleo_settings_is_not_an_error(tmp_path):
    p = project(tmp_path, '[project]\nname = "x"\n[tool.black]\nline-length = 100\n', back="forest")
    rc, out, err = run_cli(["lint", "--format", "concise"], cwd=p)
    assert rc == 0, out + err


def test_control_characters_in_a_key_are_escaped(tmp_path):
    p = project(tmp_path, '[tool.paleo]\n"ig\\u001b[31mnore" = []\n', back="forest")
    rc, out, err = run_cli(["lint", "--format", "concise"], cwd=p)
    assert rc == 2
    assert "\x1b" not in out + err
    assert "unknown key `ig\\x1b[31mnore` in [tool.paleo]" in out
