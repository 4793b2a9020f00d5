"""Rule selection in pyproject.toml and inline suppression comments."""

from __future__ import annotations

from .helpers import lint_json

CARD = """cards:
  - id: card:fixture/ok
    name: Fine
    game: game:paleo
    product: product:paleo
    kind: base
    back: {back}
    source: {{rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}}
    completeness: partial
"""


def _project(tmp_path, pyproject: str, back: str = "forrest"):
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "c.yaml").write_text(CARD.format(back=back), encoding="utf-8")
    return tmp_path


def test_ignore_drops_a_code(tmp_path):
    p = _project(tmp_path, '[tool.paleo]\nignore = ["M005"]\n')
    rc, diags = lint_json([], cwd=p)
    assert rc == 0 and diags == []


def test_select_keeps_only_selected_prefixes(tmp_path):
    p = _project(tmp_path, '[tool.paleo]\nselect = ["Y"]\n')
    rc, diags = lint_json([], cwd=p)
    assert rc == 0 and diags == []


def test_per_file_ignores_match_globs(tmp_path):
    p = _project(tmp_path, '[tool.paleo]\n[tool.paleo.per-file-ignores]\n"content/*.yaml" = ["M005"]\n')
    rc, diags = lint_json([], cwd=p)
    assert rc == 0 and diags == []


def test_root_is_found_from_a_subfolder(tmp_path):
    p = _project(tmp_path, '[tool.paleo]\nignore = ["M005"]\n')
    rc, diags = lint_json(["c.yaml"], cwd=p / "content")
    assert rc == 0 and diags == []


def test_unknown_config_key_and_code_are_reported(tmp_path):
    p = _project(tmp_path, '[tool.paleo]\nignroe = ["M005"]\nselect = ["ALL", "Q999"]\n', back="forest")
    rc, diags = lint_json([], cwd=p)
    msgs = {d["message"] for d in diags if d["code"] == "C003"}
    assert "unknown key `ignroe` in [tool.paleo]" in msgs
    assert "`select` names unknown code `Q999`" in msgs
    assert next(d for d in diags if "ignroe" in d["message"])["help"] == "did you mean `ignore`?"
    assert rc == 2  # a configuration error, as ruff and eslint exit


def test_inline_suppression_silences_its_line_only(tmp_path):
    p = _project(tmp_path, "[tool.paleo]\n")
    f = p / "content" / "c.yaml"
    f.write_text(f.read_text().replace("back: forrest", "back: forrest  # paleo: ignore[M005]"), encoding="utf-8")
    rc, diags = lint_json([], cwd=p)
    assert rc == 0 and diags == []


def test_unused_and_unknown_suppressions_warn(tmp_path):
    p = _project(tmp_path, "[tool.paleo]\n", back="forest")
    f = p / "content" / "c.yaml"
    text = f.read_text().replace("name: Fine", "name: Fine  # paleo: ignore[M003]").replace("kind: base", "kind: base  # paleo: ignore[Z123]")
    f.write_text(text, encoding="utf-8")
    rc, diags = lint_json([], cwd=p)
    by = {d["code"]: d for d in diags}
    assert set(by) == {"C004", "C005"}
    assert by["C004"]["severity"] == "warning" and (by["C004"]["line"], by["C004"]["column"]) == (3, 33)
    assert rc == 0  # warnings alone keep the exit code clean
