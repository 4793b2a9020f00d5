"""Rule tests: all pass, each cites a real heading, every heading of the base rulebook is covered."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from runtime import ruletests

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]

RULEBOOK = "002_56cce9db253ede81.txt"


def rulebook_path() -> Path | None:
    base = Path(os.environ.get("PALEO_RULEBOOKS", ROOT.parent / "shared" / "rulebooks"))
    p = base / RULEBOOK
    return p if p.is_file() else None


def headings(text: str) -> list[str]:
    """Section headings of the base rulebook: short unindented lines that are not sentences or bullets."""
    out = []
    for line in text.splitlines():
        if not line or line[0] in " \t•-" or len(line) > 70 or line.endswith("."):
            continue
        if line.endswith(":") and not line[0].isdigit():
            continue
        out.append(line)
    return out


def test_every_rule_test_passes(bundle_file):
    out = io.StringIO()
    code = ruletests.main([], bundle=str(bundle_file), root=ROOT, out=out)
    assert code == 0, out.getvalue()


def test_rule_tests_cite_real_headings():
    p = rulebook_path()
    if p is None:
        pytest.skip("rulebook texts not available")
    books = {f.name: set(f.read_text(encoding="utf-8").splitlines()) for f in p.parent.glob("0*.txt")}
    assert len(books) == 5
    for f in ruletests.discover(ROOT):
        t = json.loads(f.read_text())
        assert t["rulebook"] in books, f"{f.name} cites an unknown rulebook {t['rulebook']!r}"
        for h in t["section"]:
            assert h in books[t["rulebook"]], f"{f.name} cites `{h}`, which is not a line of {t['rulebook']}"


def test_rule_tests_cite_interpretations_that_exist(bundle):
    known = {i["id"] for i in bundle.get("interpretations", [])}
    for f in ruletests.discover(ROOT):
        t = json.loads(f.read_text())
        if "interpretation" in t:
            assert t["interpretation"] in known, f"{f.name} cites {t['interpretation']}, which the bundle lacks"


def test_every_heading_has_a_rule_test_or_a_reasoned_exclusion():
    p = rulebook_path()
    if p is None:
        pytest.skip("rulebook texts not available")
    hs = headings(p.read_text(encoding="utf-8"))
    assert len(hs) >= 8
    cited = {h for f in ruletests.discover(ROOT) for h in json.loads(f.read_text())["section"]}
    excl = json.loads((ROOT / "tests" / "rules" / "exclusions.json").read_text())
    excluded = {e["section"][-1]: e["reason"] for e in excl["excluded"]}
    assert all(len(r) > 20 for r in excluded.values())
    uncovered = [h for h in hs if h not in cited and h not in excluded]
    assert not uncovered, f"headings without a rule test or exclusion: {uncovered}"
    stale = [h for h in excluded if h not in hs]
    assert not stale, f"exclusions for headings the rulebook does not have: {stale}"
