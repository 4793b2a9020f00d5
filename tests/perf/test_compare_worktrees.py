"""scripts/compare_worktrees.py: which outputs count as different, and what it refuses before producing any."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "compare_worktrees.py"


@pytest.fixture(scope="module")
def cw():
    spec = importlib.util.spec_from_file_location("compare_worktrees", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _tree(root: Path, files: dict) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_every_kind_of_difference_is_listed_with_its_path(cw, tmp_path):
    old = _tree(tmp_path / "old", {"content/bundle.json": "{}", "site/a/index.html": "x", "games/g.jsonl": "1",
                                   "gone.txt": ""})
    new = _tree(tmp_path / "new", {"content/bundle.json": "{}", "site/a/index.html": "y", "games/g.jsonl": "1",
                                   "site/extra.html": ""})
    assert cw._differences(old, new) == ["only in old: gone.txt", "only in new: site/extra.html",
                                         "differs: site/a/index.html"]


def test_identical_trees_have_no_difference(cw, tmp_path):
    files = {"packs/anb.json": '{"a": 1}', "ruletests.txt": "ok"}
    assert cw._differences(_tree(tmp_path / "a", files), _tree(tmp_path / "b", files)) == []


def test_a_folder_that_is_not_a_checkout_is_refused_as_usage(cw, tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        cw.main([str(tmp_path), str(tmp_path)])
    assert exc.value.code == 2
    assert "is not a checkout of this repository" in capsys.readouterr().err
