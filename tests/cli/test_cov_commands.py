"""Command-line outputs not covered elsewhere: fmt --diff and fmt - on files they cannot format, the rule-test
schema, build's machine-readable output, lint's fix summary and the settings it shows."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from .support import project, run_cli

FIXABLE = Path(__file__).resolve().parents[1] / "mistakes" / "fixable"


def test_fmt_diff_reports_missing_files_and_unparsable_ones_and_diffs_the_rest(tmp_path):
    p = project(tmp_path, "[tool.paleo]\n", back="forest")
    (p / "content" / "bad.yaml").write_text("cards: [\n", encoding="utf-8")
    (p / "content" / "ugly.yaml").write_text("cards:\n- id: card:x/y\n", encoding="utf-8")
    rc, out, err = run_cli(["fmt", "--diff", "content/nope.yaml", "content/bad.yaml", "content/ugly.yaml"], cwd=p)
    assert rc == 2
    assert out.startswith("content/nope.yaml:1:1: error[C001]: no such file or folder `content/nope.yaml`\n")
    assert "content/bad.yaml:1:9: error[Y001]: invalid YAML" in out
    assert "--- a/content/ugly.yaml\n+++ b/content/ugly.yaml\n" in out and "-- id: card:x/y\n+  - id: card:x/y\n" in out
    assert err == "1 file would be reformatted, 0 unchanged, 1 with errors\n"
    assert (p / "content" / "ugly.yaml").read_text(encoding="utf-8") == "cards:\n- id: card:x/y\n"


def test_fmt_stdin_with_check_reports_an_unparsable_buffer_without_echoing_it(tmp_path):
    p = project(tmp_path, "[tool.paleo]\n", back="forest")
    assert run_cli(["fmt", "-", "--check"], cwd=p, stdin=b"cards: [\n") == (
        1, "", "-:1:9: error[Y001]: invalid YAML: did not find expected node content (while parsing a flow node)\n")
    rc, out, err = run_cli(["fmt", "-"], cwd=p, stdin=b"\xff\xfe cards")
    assert (rc, out) == (1, "") and err.startswith("-:1:1: error[Y010]: file is not valid UTF-8 (byte 0xff)\n")


def test_schema_rule_test_prints_the_rule_test_format(tmp_path):
    rc, out, _ = run_cli(["schema", "rule-test"], cwd=tmp_path)
    schema = json.loads(out)
    assert rc == 0 and schema["title"].startswith("Paleo Codex rule test") and "rulebook" in schema["required"]


def test_build_with_json_output_prints_the_diagnostics_on_stdout_and_no_summary(tmp_path):
    bad = project(tmp_path / "bad", "[tool.paleo]\n")
    rc, out, err = run_cli(["build", "--format", "json", "--out", str(tmp_path / "o1")], cwd=bad)
    assert rc == 1 and "bundle not written" in err and not (tmp_path / "o1").exists()
    assert [d["code"] for d in json.loads(out) if d["severity"] == "error"] == ["M005"]
    ok = project(tmp_path / "ok", "[tool.paleo]\n", back="forest")
    rc, out, err = run_cli(["build", "--format", "json", "--out", str(tmp_path / "o2")], cwd=ok)
    assert rc == 0 and all(d["severity"] == "info" for d in json.loads(out))
    assert "wrote" not in out + err and (tmp_path / "o2" / "bundle.json").is_file()


def test_lint_says_how_many_diagnostics_a_fix_would_clear(tmp_path):
    (tmp_path / "content").mkdir()
    for f in FIXABLE.glob("*.yaml"):
        shutil.copyfile(f, tmp_path / "content" / f.name)
    (tmp_path / "pyproject.toml").write_text("[tool.paleo]\n", encoding="utf-8")
    rc, out, _ = run_cli(["lint"], cwd=tmp_path)
    assert rc == 1
    assert out.endswith("[*] 5 fixable with `paleo lint --fix`\n"
                        "[?] 4 more fixable with `paleo lint --fix --unsafe-fixes` (review them)\n")
    # each fixable diagnostic is marked where it is shown, as ruff marks its own: [*] safe, [?] a guess to review
    heads = [line for line in out.splitlines() if line.startswith(("error[", "warning[", "info["))]
    assert sum("]: [*] " in h for h in heads) == 5 and sum("]: [?] " in h for h in heads) == 4
    rc, out, _ = run_cli(["lint", "--format", "concise"], cwd=tmp_path)
    rows = [line for line in out.splitlines() if line.startswith("content/")]
    assert sum(" [*] " in r for r in rows) == 5 and sum(" [?] " in r for r in rows) == 4
    assert out.endswith("[*] 5 fixable with `paleo lint --fix`\n"
                        "[?] 4 more fixable with `paleo lint --fix --unsafe-fixes` (review them)\n")
    rc, out, _ = run_cli(["lint", "--fix"], cwd=tmp_path)  # once applied, nothing safe is left to mark
    assert "[*]" not in out and out.endswith("[?] 4 more fixable with `paleo lint --fix --unsafe-fixes` (review them)\n")


def test_show_settings_lists_the_per_file_ignores(tmp_path):
    p = project(tmp_path, '[tool.paleo]\n[tool.paleo.per-file-ignores]\n"content/old/*.yaml" = ["M005", "M003"]\n')
    rc, out, _ = run_cli(["lint", "--show-settings"], cwd=p)
    assert rc == 0 and "per-file-ignores:\n  content/old/*.yaml = M005, M003\n" in out
