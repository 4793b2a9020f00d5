"""A fan's project: its cards add to the bundled games unless it opts out (`--no-bundled`, `bundled = false`)."""

from __future__ import annotations

from pathlib import Path

from .support import FAN_CARDS, lint_json, run_cli


def _fan(tmp_path: Path, pyproject: str = "[tool.paleo]\n") -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "fan.yaml").write_text(FAN_CARDS, encoding="utf-8")
    return tmp_path


def test_a_project_with_content_adds_to_the_bundled_games(tmp_path):
    p = _fan(tmp_path)
    rc, diags = lint_json([], cwd=p)
    assert rc == 0 and diags == []  # `wood`, `food`, `idea`, `game:paleo` come from the bundled games
    rc, out, _ = run_cli(["symbols"], cwd=p)
    assert rc == 0 and int(out.strip().splitlines()[-1].split()[0]) > 50


def test_no_bundled_flag_and_key_load_the_project_alone(tmp_path):
    p = _fan(tmp_path / "flag")
    rc, diags = lint_json(["--no-bundled"], cwd=p)
    assert rc == 1 and {d["code"] for d in diags} == {"E302"}  # the bundled symbols are not loaded
    q = _fan(tmp_path / "key", "[tool.paleo]\nbundled = false\n")
    rc2, diags2 = lint_json([], cwd=q)
    assert rc2 == 1 and [(d["code"], d["line"], d["column"]) for d in diags2] == \
        [(d["code"], d["line"], d["column"]) for d in diags]


def test_bundled_must_be_a_boolean(tmp_path):
    p = _fan(tmp_path, '[tool.paleo]\nbundled = "no"\n')
    rc, out, err = run_cli(["lint", "--format", "concise"], cwd=p)
    assert rc == 2 and "nothing was checked" in err
    assert out.startswith("pyproject.toml:2:1: C003 `bundled` must be true or false, not a string\n")


def test_isolated_keeps_its_meaning(tmp_path):
    p = _fan(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    (other / "c.yaml").write_text(FAN_CARDS.replace("card:fan/", "card:other/").replace("product:fan", "product:other"),
                                  encoding="utf-8")
    rc, out, _ = run_cli(["lint", "--isolated", "--content", "other", "--show-settings", "--format", "json"], cwd=p)
    import json

    info = json.loads(out)
    assert rc == 0 and info["content_roots"] == ["other"] and info["bundled"] is None


def test_show_settings_says_what_the_project_builds_on(tmp_path):
    p = _fan(tmp_path)
    rc, out, _ = run_cli(["lint", "--show-settings"], cwd=p)
    assert rc == 0 and "sources: 1 files\n  content/fan.yaml\nbundled games: on top of " in out


def test_fmt_never_rewrites_the_bundled_games(tmp_path):
    p = _fan(tmp_path)
    rc, out, err = run_cli(["fmt", "--check"], cwd=p)
    assert "content/fan.yaml" in out + err or rc == 0
    assert "paleo/base" not in out + err
