"""The habits ruff users bring: statistics, exit-zero, quiet, concise output, selection flags,
show-settings, automatic GitHub annotations, FORCE_COLOR and SARIF help links."""

from __future__ import annotations

import json

import pytest

from compiler.codes import all_codes

from .support import lint_json, project, run_cli


def test_concise_is_one_line_per_diagnostic(tmp_path):
    p = project(tmp_path, "[tool.paleo]\n")
    rc, out, _ = run_cli(["lint", "--format", "concise"], cwd=p)
    assert rc == 1
    lines = out.splitlines()  # the fixable one marked, and the summary counts it (as ruff's concise output does)
    assert lines == ["content/c.yaml:7:11: M005 [?] invalid value `forrest`", "1 error",
                     "[?] 1 more fixable with `paleo lint --fix --unsafe-fixes` (review them)"]


def test_quiet_drops_the_summary(tmp_path):
    p = project(tmp_path, "[tool.paleo]\n")
    rc, out, _ = run_cli(["lint", "--format", "concise", "--quiet"], cwd=p)
    assert rc == 1 and len(out.splitlines()) == 1 and "M005" in out
    p2 = project(tmp_path / "clean", "[tool.paleo]\n", back="forest")
    rc, out, err = run_cli(["lint", "-q"], cwd=p2)
    assert rc == 0 and out == "" and err == ""


def test_exit_zero_reports_but_exits_0(tmp_path):
    p = project(tmp_path, "[tool.paleo]\n")
    rc, out, _ = run_cli(["lint", "--exit-zero", "--format", "concise"], cwd=p)
    assert rc == 0 and "M005" in out


def test_exit_zero_does_not_hide_a_configuration_error(tmp_path):
    p = project(tmp_path, '[tool.paleo]\nselect = "ALL"\n')
    rc, _, _ = run_cli(["lint", "--exit-zero"], cwd=p)
    assert rc == 2


def test_statistics_count_each_code(tmp_path):
    p = project(tmp_path, "[tool.paleo]\n")
    (p / "content" / "d.yaml").write_text((p / "content" / "c.yaml").read_text()
                                          .replace("fixture/ok", "fixture/ok2").replace("kind: base", "kind: base\n    bogus: 1"))
    rc, out, _ = run_cli(["lint", "--statistics"], cwd=p)
    assert rc == 1
    assert out.splitlines() == ["2\tM005\tinvalid-value", "1\tM003\tunknown-field"]
    rc, out, _ = run_cli(["lint", "--statistics", "--format", "json"], cwd=p)
    rows = json.loads(out)
    assert rows[0]["code"] == "M005" and rows[0]["count"] == 2


def test_select_and_ignore_on_the_command_line(tmp_path):
    p = project(tmp_path, "[tool.paleo]\n")
    rc, diags = lint_json(["--ignore", "M005"], cwd=p)
    assert rc == 0 and diags == []
    rc, diags = lint_json(["--select", "Y,G"], cwd=p)
    assert rc == 0 and diags == []
    rc, diags = lint_json(["--select", "M"], cwd=p)
    assert rc == 1 and [d["code"] for d in diags] == ["M005"]
    # --select replaces the configured selection
    p2 = project(tmp_path / "two", '[tool.paleo]\nselect = ["Y"]\n')
    rc, diags = lint_json(["--select", "ALL"], cwd=p2)
    assert rc == 1 and [d["code"] for d in diags] == ["M005"]


def test_an_unknown_code_on_the_command_line_is_a_usage_error(tmp_path):
    p = project(tmp_path, "[tool.paleo]\n")
    rc, out, err = run_cli(["lint", "--select", "Q999"], cwd=p)
    assert rc == 2
    assert "--select names unknown code `Q999`" in out + err


def test_show_settings_names_root_content_sources_and_rules(tmp_path):
    p = project(tmp_path, '[tool.paleo]\nignore = ["M005"]\n')
    rc, out, _ = run_cli(["lint", "--show-settings", "--ignore", "Y"], cwd=p)
    assert rc == 0
    assert f"root: {p.resolve()}" in out
    assert f"config: {p.resolve() / 'pyproject.toml'}" in out
    assert f"  {p.resolve() / 'content'}" in out
    assert "sources: 1 files\n  content/c.yaml" in out
    assert "ignore: M005, Y" in out
    rc, out, _ = run_cli(["lint", "--show-settings", "--format", "json", "--ignore", "Y"], cwd=p)
    info = json.loads(out)
    assert info["sources"] == ["content/c.yaml"]
    assert "M005" not in info["rules"] and not any(c.startswith("Y") for c in info["rules"])
    assert "M003" in info["rules"]
    assert len(info["rules"]) == len([c for c in all_codes() if c.id != "M005" and not c.id.startswith("Y")])


def test_github_annotations_are_chosen_under_github_actions(tmp_path, monkeypatch):
    p = project(tmp_path, "[tool.paleo]\n")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    rc, out, _ = run_cli(["lint"], cwd=p)
    assert rc == 1 and out.startswith("::error file=content/c.yaml,line=7,col=11,")
    rc, out, _ = run_cli(["lint", "--format", "concise"], cwd=p)
    assert out.startswith("content/c.yaml:7:11: M005")
    monkeypatch.delenv("GITHUB_ACTIONS")
    rc, out, _ = run_cli(["lint"], cwd=p)
    assert out.startswith("error[M005]")


@pytest.mark.parametrize("env, colored", [({"FORCE_COLOR": "1"}, True), ({}, False),
                                          ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False), ({"FORCE_COLOR": "0"}, False)])
def test_force_color_is_honoured(tmp_path, monkeypatch, env, colored):
    p = project(tmp_path, "[tool.paleo]\n")
    for k in ("FORCE_COLOR", "NO_COLOR", "GITHUB_ACTIONS"):
        monkeypatch.delenv(k, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    _, out, _ = run_cli(["lint"], cwd=p)
    assert ("\033[" in out) is colored


def test_sarif_rules_link_to_their_code_pages(tmp_path, monkeypatch):
    p = project(tmp_path, "[tool.paleo]\n")
    monkeypatch.setenv("PALEO_SITE_URL", "https://rules.example.org/codex")
    rc, out, _ = run_cli(["lint", "--format", "sarif"], cwd=p)
    doc = json.loads(out)
    driver = doc["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == "https://rules.example.org/codex/"
    by = {r["id"]: r for r in driver["rules"]}
    assert by["M005"]["helpUri"] == "https://rules.example.org/codex/reference/codes/m005/"
    assert all(r["helpUri"].endswith(f"/reference/codes/{r['id'].lower()}/") for r in driver["rules"])
    monkeypatch.delenv("PALEO_SITE_URL")
    _, out, _ = run_cli(["lint", "--format", "sarif"], cwd=p)
    assert json.loads(out)["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"].startswith("http://127.0.0.1:8000/reference/codes/")


def test_the_code_pages_sarif_links_to_exist_in_the_site_layout():
    """The help links follow the site's own page paths for codes (reference/codes/<code>.md)."""
    from compiler.docs.catalog import slug
    from compiler.docs.pages import REF

    assert REF == "reference" and slug("M005") == "m005"


def test_content_files_only_skips_other_yaml(tmp_path):
    p = project(tmp_path, None)
    (p / ".pre-commit-config.yaml").write_text("repos:\n  - repo: local\n    hooks: []\n")
    wf = p / ".github" / "workflows"
    wf.mkdir(parents=True)
    (wf / "ci.yml").write_text("name: ci\non: [push]\njobs: {}\n")
    rc, out, _ = run_cli(["lint", "--content-files-only", "--format", "concise", ".pre-commit-config.yaml",
                          ".github/workflows/ci.yml"], cwd=p)
    assert rc == 0 and "M002" not in out
    rc, out, _ = run_cli(["lint", "--format", "concise", ".pre-commit-config.yaml"], cwd=p)
    assert rc == 1  # without the flag the file is linted as content, and fails
    # YAML outside the content folders is not the project's, whatever its keys: a Vector config (`sources:`), a
    # kanban board (`cards:`), a file copying the content schema's modeline
    (p / "vector.yaml").write_text("sources:\n  in:\n    type: stdin\n")
    (p / "board.yaml").write_text("cards:\n  - title: write docs\n    lane: todo\n")
    (p / "copied.yaml").write_text("# yaml-language-server: $schema=content/schema.json\ncards: [oops\n")
    rc, out, _ = run_cli(["lint", "--content-files-only", "--format", "concise", "vector.yaml", "board.yaml",
                          "copied.yaml", ".pre-commit-config.yaml"], cwd=p)
    assert rc == 0 and not any(n in out for n in ("vector", "board", "copied", "pre-commit")), out
    # under a content folder, a broken card file is linted
    (p / "content" / "loose.yaml").write_text("cards:\n  - id: card:x/y\n    name: [unclosed\n")
    rc, out, _ = run_cli(["lint", "--content-files-only", "--format", "concise", "content/loose.yaml",
                          "board.yaml"], cwd=p)
    assert rc == 1 and "content/loose.yaml:" in out and "board.yaml" not in out


def test_a_dash_reads_standard_input_as_ruff_does(tmp_path):
    """`paleo lint --stdin-filename F -` lints standard input as the file F (ruff's spelling); `-` alone is
    a usage error saying what to add."""
    p = project(tmp_path, "[tool.paleo]\n")
    text = (p / "content" / "c.yaml").read_bytes()
    rc, out, _ = run_cli(["lint", "--format", "concise", "--stdin-filename", "content/c.yaml", "-"], cwd=p, stdin=text)
    assert rc == 1 and out.splitlines()[:2] == ["content/c.yaml:7:11: M005 [?] invalid value `forrest`", "1 error"]
    fixed = text.replace(b"forrest", b"forest")
    rc, out, _ = run_cli(["lint", "-q", "--stdin-filename", "content/c.yaml", "-"], cwd=p, stdin=fixed)
    assert rc == 0 and out == ""
    rc, _, err = run_cli(["lint", "-"], cwd=p, stdin=text)
    assert rc == 2 and "--stdin-filename" in err and "no such file" not in err
