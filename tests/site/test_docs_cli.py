"""`paleo docs` through the CLI: the documented exit codes for good and bad bundles."""

from __future__ import annotations

import json

import pytest

from compiler.cli import main
from site_synthetic import synthetic_bundle


def test_docs_command_builds_the_site(tmp_path, capsys):
    from site_support import require_mermaid

    require_mermaid()
    bundle = tmp_path / "bundle.json"
    bundle.write_text(json.dumps(synthetic_bundle(3)), encoding="utf-8")
    out = tmp_path / "site"
    assert main(["docs", "--bundle", str(bundle), "--out", str(out)]) == 0
    assert (out / "reference" / "cards" / "synth" / "card-0002" / "index.html").is_file()
    assert "built" in capsys.readouterr().out


@pytest.mark.parametrize("text, message", [
    (None, "cannot read bundle"),
    ("{not json", "is not JSON"),
    (json.dumps({"format_version": "2.0.0"}), "bundle format `2.0.0`"),
    (json.dumps([1, 2]), "bundle format `?`"),
])
def test_bad_bundles_exit_2_with_one_line(tmp_path, capsys, text, message):
    path = tmp_path / "bundle.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    assert main(["docs", "--bundle", str(path), "--out", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "site").exists()


def test_without_a_bundle_the_content_is_compiled():
    from compiler.bundle_input import bundle_for
    from site_support import REPO

    bundle, rc = bundle_for(None, REPO)
    assert rc == 0 and bundle["format_version"].startswith("1.")
    assert bundle["cards"] and bundle["symbols"]


def test_an_install_without_the_diagram_renderer_still_builds_a_projects_site(tmp_path, monkeypatch, capsys):
    """A wheel built before `npm ci` carries no mermaid: `paleo docs` in a project still builds, says so once, and
    the site shows each diagram as its (escaped) text under a note."""
    _, out = _fan_project(tmp_path, monkeypatch, "berry-fans", mermaid=False)  # a wheel's scaffold with no mermaid/
    assert main(["docs", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert err.count("carries no diagram renderer") == 1 and "Traceback" not in err
    stand_in = (out / "reference" / "assets" / "mermaid.min.js").read_text(encoding="utf-8")
    assert "shown as their text" in stand_in and "esc(text)" in stand_in
    assert any('class="paleo-diagram' in p.read_text(encoding="utf-8") for p in (out / "reference").rglob("*.html"))
    assert "berry-fans — rules</title>" in (out / "index.html").read_text(encoding="utf-8")


def test_a_long_id_is_a_diagnostic_and_the_site_built_before_stays_whole(tmp_path, monkeypatch, capsys):
    """An id past the bound (page and file names are made from ids) is an M010 at the id, so `paleo docs` refuses
    the content before mkdocs runs, and the site an earlier `paleo docs` built there is left as it was."""
    from compiler.limits import MAX_ID_CHARS
    from site_support import require_mermaid

    require_mermaid()
    project, out = _fan_project(tmp_path, monkeypatch, "fan", mermaid=True)
    assert main(["docs", "--out", str(out)]) == 0
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    rid = "card:fan/" + "a" * (MAX_ID_CHARS + 1)
    (project / "content" / "long.yaml").write_text(
        f"cards:\n  - id: {rid}\n    name: Long\n    game: game:paleo\n    product: product:paleo\n    kind: base\n"
        "    back: null\n    options: ['-> 2 food']\n    completeness: partial\n"
        "    source: {rulebook: 002_56cce9db253ede81.txt, section: [\"Game Objective\"]}\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["lint", "--format", "concise", "content/long.yaml"]) == 1
    said = capsys.readouterr().out
    assert f"content/long.yaml:2:9: M010 an id is at most {MAX_ID_CHARS} characters" in said
    assert main(["docs", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "M010" in err and "site not built" in err and "Traceback" not in err
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def _fan_project(tmp_path, monkeypatch, name: str, *, mermaid: bool):
    """(project, site folder): an empty fan project named `name`, the current folder, over a scaffold in place of
    the install's (`_use_kit`)."""
    _use_kit(tmp_path, monkeypatch, mermaid=mermaid)
    project = tmp_path / name
    (project / "content").mkdir(parents=True)
    (project / "pyproject.toml").write_text(f'[project]\nname = "{name}"\n\n[tool.paleo]\n', encoding="utf-8")
    monkeypatch.chdir(project)
    return project, tmp_path / "site"


def _use_kit(tmp_path, monkeypatch, *, mermaid: bool):
    """`paleo docs` in a project reads the site's scaffold from the install: here, a copy of the checkout's
    (mkdocs.yml, the guides and, with `mermaid`, the vendored renderer)."""
    import shutil

    from compiler.commands import docs as docs_cmd
    from site_support import REPO

    kit = tmp_path / "kit"
    kit.mkdir()
    shutil.copy2(REPO / "mkdocs.yml", kit / "mkdocs.yml")
    shutil.copytree(REPO / "site", kit / "site", ignore=shutil.ignore_patterns("reference", "__pycache__", ".*"))
    if mermaid:
        (kit / "mermaid").mkdir()
        shutil.copy2(REPO / "node_modules" / "mermaid" / "dist" / "mermaid.min.js", kit / "mermaid" / "mermaid.min.js")
    monkeypatch.setattr(docs_cmd, "docs_kit", lambda: kit)
    return kit
