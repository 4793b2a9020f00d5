"""`paleo init`: a new fan-module project in a temporary folder lints clean, builds a bundle holding the
bundled games plus its module, and passes its rule test — each step run as a user would, in the project."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _paleo(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "compiler", *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_init_makes_a_project_that_lints_builds_and_passes_its_rule_test(tmp_path):
    r = _paleo("init", "berry-fans", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    p = tmp_path / "berry-fans"
    for f in ("pyproject.toml", ".gitignore", ".pre-commit-config.yaml", "content/schema.json", "content/berry-fans.yaml",
              "rules/berry-fans.md", "tests/packs/starter/cards.yaml", "tests/rules/berry-fans-berry-patch.json"):
        assert (p / f).is_file(), f
    assert "build/" in (p / ".gitignore").read_text().split()
    assert (p / "content/berry-fans.yaml").read_text().startswith("# yaml-language-server: $schema=schema.json\n")
    assert "pack: {synthetic: true, name: starter}" in (p / "tests/packs/starter/cards.yaml").read_text()

    lint = _paleo("lint", cwd=p)
    assert lint.returncode == 0 and lint.stdout == "no problems found\n", lint.stdout + lint.stderr
    fmt = _paleo("fmt", "--check", cwd=p)
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr
    fmt = _paleo("fmt", "--check", "content", "tests/packs", cwd=p)  # the starter pack too, as `paleo fmt` leaves it
    assert fmt.returncode == 0 and "0 files would be reformatted" in fmt.stdout + fmt.stderr, fmt.stdout + fmt.stderr

    build = _paleo("build", cwd=p)
    assert build.returncode == 0, build.stderr
    bundle = json.loads((p / "build" / "bundle.json").read_text())
    games = {g["id"] for g in bundle["games"]}
    assert {"game:paleo", "game:paleovet"} <= games
    modules = {m["id"] for m in bundle["modules"]}
    assert "module:berry-fans/Z" in modules and "module:paleo/A" in modules and "module:whale/T" in modules
    assert {"card:berry-fans/berry-patch", "card:berry-fans/flint-cache"} <= {c["id"] for c in bundle["cards"]}
    assert not any(c["id"].startswith("card:synthetic/") for c in bundle["cards"])  # the pack is for the tests only
    assert {"rulebook": "rules/berry-fans.md", "title": "Berry Fans rules",
            "headings": ["Berry Fans", "Setup", "The Cards"]} in bundle["sources"]

    test = _paleo("test", "tests/rules/berry-fans-berry-patch.json", cwd=p)
    assert test.returncode == 0 and "1 passed, 0 failed" in test.stdout, test.stdout + test.stderr

    # the rule test asserts what the card does: a card giving one food fails it
    card = p / "content/berry-fans.yaml"
    card.write_text(card.read_text().replace('"-> 2 food"', '"-> 1 food"'))
    test = _paleo("test", "tests/rules/berry-fans-berry-patch.json", cwd=p)
    assert test.returncode == 1 and "0 passed, 1 failed" in test.stdout


def test_init_refuses_to_overwrite_and_writes_nothing(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    r = _paleo("init", cwd=tmp_path)
    assert r.returncode == 2 and "already has `pyproject.toml`" in r.stderr and "nothing was written" in r.stderr
    assert sorted(x.name for x in tmp_path.iterdir()) == ["pyproject.toml"]


def test_the_starter_pack_is_the_synthetic_base_test_pack():
    """`paleo init` ships compiler/starter/cards.yaml, generated from tests/packs/synthetic-base/cards.yaml (the wheel
    carries no tests): a fix to the test pack cannot silently miss the pack a new project starts from."""
    from compiler.starter_pack import PACK_BODY, STARTER_FILE, TEST_PACK, starter_cards

    expected = starter_cards((REPO / TEST_PACK).read_text(encoding="utf-8"))
    assert STARTER_FILE.read_text(encoding="utf-8") == expected, (
        f"{STARTER_FILE.relative_to(REPO)} differs from {TEST_PACK}; edit the test pack and regenerate the starter "
        "pack with `python3 scripts/starter_pack.py`")
    assert PACK_BODY == "\n" + expected


def test_init_writes_the_starter_pack_after_its_own_header(tmp_path):
    """The pack a new project gets: the starter header naming the pack `starter`, then the starter file as shipped."""
    from compiler.starter_pack import STARTER_FILE

    r = _paleo("init", "berry-fans", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    written = (tmp_path / "berry-fans" / "tests/packs/starter/cards.yaml").read_text(encoding="utf-8")
    head, _, rest = written.partition("pack: {synthetic: true, name: starter}\n")
    assert head.startswith("# yaml-language-server: $schema=../../../content/schema.json\n") and "SYNTHETIC TEST DATA" in head
    assert rest == "\n" + STARTER_FILE.read_text(encoding="utf-8")
