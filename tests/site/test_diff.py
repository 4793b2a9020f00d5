"""`paleo diff OLD NEW` on two bundles and on git refs, and the "what changed" page built from it."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess

import pytest

from compiler.cli import main
from compiler.diff import diff_bundles
from site_support import REPO
from site_synthetic import synthetic_bundle


def _pair():
    old = synthetic_bundle(4, hostile=False)
    new = copy.deepcopy(old)
    added = copy.deepcopy(new["cards"][0])
    added.update(id="card:synth/added", name="Added Card")
    new["cards"].append(added)
    new["secrets"] = []  # the secret 23 removed
    new["cards"][1]["options"][0]["text"] = "venerate place forest -> gain 2 wood"
    return old, new


def test_diff_names_the_added_card_the_removed_secret_and_the_changed_option():
    old, new = _pair()
    d = diff_bundles(old, new)
    assert [r["id"] for r in d["added"]] == ["card:synth/added"]
    assert [r["id"] for r in d["removed"]] == ["secret:23"]
    (changed,) = d["changed"]
    assert changed["id"] == "card:synth/card-0001"
    assert {"path": "options[1].text", "old": "venerate place forest -> gain 1 wood",
            "new": "venerate place forest -> gain 2 wood"} in changed["fields"]
    assert diff_bundles(old, copy.deepcopy(old))["changed"] == []


def test_diff_command_prints_each_change_and_exits_1(tmp_path, capsys):
    old, new = _pair()
    a, b = tmp_path / "old.json", tmp_path / "new.json"
    a.write_text(json.dumps(old), encoding="utf-8")
    b.write_text(json.dumps(new), encoding="utf-8")
    assert main(["diff", str(a), str(b)]) == 1
    out = capsys.readouterr().out
    assert "+ card:synth/added  Added Card" in out and "- secret:23" in out
    assert 'options[1].text: "venerate place forest -> gain 1 wood" -> "venerate place forest -> gain 2 wood"' in out
    assert out.strip().endswith("3 records differ (1 added, 1 removed, 1 changed)")
    assert main(["diff", str(a), str(a)]) == 0
    assert "no record differs" in capsys.readouterr().out
    assert main(["diff", str(a), str(b), "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["removed"][0]["id"] == "secret:23"


def test_diff_of_a_side_it_cannot_read_exits_2_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["diff", str(bad), str(bad)]) == 2
    assert "is not JSON" in capsys.readouterr().err
    assert main(["diff", "no-such-ref-\x1b[31m", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "neither a bundle file nor a git ref" in err and "\x1b" not in err and "Traceback" not in err


def _git(root, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args], cwd=root, check=True,
                   capture_output=True)


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """A git checkout of this project with two commits: the second edits one card's option."""
    if shutil.which("git") is None:
        pytest.fail("git is needed to diff git refs")
    root = tmp_path_factory.mktemp("repo")
    for part in ("compiler", "runtime", "grammar", "content"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    for f in ("pyproject.toml",):
        shutil.copy(REPO / f, root / f)

    def git(*args):
        _git(root, *args)

    git("init", "-q")
    git("add", "-A")
    git("commit", "-qm", "one")
    card = root / "content" / "paleo" / "base" / "cards.yaml"
    text = card.read_text(encoding="utf-8")
    assert "aliases: [Falle]" in text
    card.write_text(text.replace("aliases: [Falle]", "aliases: [Falle, Fallgrube]", 1), encoding="utf-8")
    git("commit", "-qam", "two")
    return root, "card:paleo/trap"


def test_diff_builds_the_bundle_of_each_git_ref(repo, capsys, monkeypatch):
    root, card_id = repo
    monkeypatch.chdir(root)
    rc = main(["diff", "HEAD~1", "HEAD", "--format", "json"])
    out, err = capsys.readouterr()
    assert rc == 1, err
    d = json.loads(out)
    assert [r["id"] for r in d["changed"]] == [card_id]
    assert d["changed"][0]["fields"] == [{"path": "aliases[2]", "old": None, "new": "Fallgrube"}]
    assert not d["added"] and not d["removed"]


def test_docs_since_a_ref_fills_the_what_changed_page(repo, tmp_path):
    from compiler.docs import generate_reference
    from compiler.diff import load_side

    root, card_id = repo
    old, new = load_side("HEAD~1", root), load_side("HEAD", root)
    d = diff_bundles(old, new)
    d["since"] = "HEAD~1"
    page = generate_reference(new, REPO, changes=d)["reference/changes.md"]
    assert "Since <code>HEAD~1</code>: 0 added, 0 removed, 1 changed." in page
    assert card_id.replace("-", "\\-") in page or card_id in page


def test_diff_of_a_ref_works_in_an_authors_project(tmp_path, capsys, monkeypatch):
    """A fan project has no compiler/ of its own: each side is built with the compiler that runs `paleo diff`."""
    root = tmp_path / "fan"
    (root / "content").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[project]\nname = "fan"\n\n[tool.paleo]\n', encoding="utf-8")
    card = root / "content" / "cards.yaml"
    card.write_text(
        "cards:\n  - id: card:fan/berry-bush\n    name: Berry Bush\n    game: game:paleo\n    product: product:paleo\n"
        "    kind: base\n    back: null\n    options:\n      - '-> 2 food'\n    completeness: partial\n"
        "    source: {rulebook: 002_56cce9db253ede81.txt, section: [\"The Game Turn: Surviving Day and Night\"]}\n",
        encoding="utf-8")

    for args in (("init", "-q"), ("add", "-A"), ("commit", "-qm", "one")):
        _git(root, *args)
    card.write_text(card.read_text(encoding="utf-8").replace("'-> 2 food'", "'-> 3 food'"), encoding="utf-8")
    _git(root, "commit", "-qam", "two")
    monkeypatch.chdir(root)
    rc = main(["diff", "HEAD~1", "HEAD", "--format", "json"])
    out, err = capsys.readouterr()
    assert rc == 1, err
    d = json.loads(out)
    assert [r["id"] for r in d["changed"]] == ["card:fan/berry-bush"] and not d["added"] and not d["removed"]
    assert any(f["path"].startswith("options") for f in d["changed"][0]["fields"])
