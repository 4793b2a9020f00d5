"""Bundles name every record's file from its content root, never by an absolute path."""

from __future__ import annotations

import json

from .support import FAN_CARDS, REPO, run_cli


def _files(bundle: dict) -> set[str]:
    out = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "file" and isinstance(v, str):
                    out.add(v)
                else:
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(bundle)
    return out


def test_a_build_outside_the_checkout_names_bundled_files_from_the_content_root(tmp_path):
    fan = tmp_path / "project"
    (fan / "cards").mkdir(parents=True)
    (fan / "cards" / "fan.yaml").write_text(FAN_CARDS, encoding="utf-8")
    rc, out, err = run_cli(["build", "--content", "cards", "--out", "out"], cwd=fan)
    assert rc == 0, out + err
    files = _files(json.loads((fan / "out" / "bundle.json").read_text(encoding="utf-8")))
    assert "cards/fan.yaml" in files
    assert "content/paleo/base/cards.yaml" in files
    assert not [f for f in files if f.startswith("/") or str(REPO) in f]


def test_the_checkout_and_a_foreign_folder_build_the_same_bundle(tmp_path):
    rc, _, err = run_cli(["build", "--out", str(tmp_path / "here")], cwd=REPO)
    assert rc == 0, err
    rc, _, err = run_cli(["build", "--out", str(tmp_path / "there")], cwd=tmp_path)
    assert rc == 0, err
    here = json.loads((tmp_path / "here" / "bundle.json").read_text(encoding="utf-8"))
    there = json.loads((tmp_path / "there" / "bundle.json").read_text(encoding="utf-8"))
    assert _files(here) == _files(there)
    assert here["cards"] == there["cards"]


def test_the_python_api_names_files_from_their_content_root_too(tmp_path, monkeypatch):
    """`compiler.compile()` called from outside the checkout writes the same relative names as `paleo build`."""
    import compiler

    monkeypatch.chdir(tmp_path)
    bundle, _ = compiler.compile([REPO / "content"], root=tmp_path)
    files = _files(bundle)
    assert files and all(f.startswith("content/") for f in files), sorted(files)[:3]
