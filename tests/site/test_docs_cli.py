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
