"""Rule tests: all pass, each cites a real heading, every heading of a playable system's rulebook is covered."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest

from compiler import ruletest_packs
from runtime import ruletests

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]

RULEBOOK = "002_56cce9db253ede81.txt"


def rulebook_path() -> Path | None:
    base = Path(os.environ.get("PALEO_RULEBOOKS", ROOT.parent / "shared" / "rulebooks"))
    p = base / RULEBOOK
    return p if p.is_file() else None


RULE_TESTS = ruletests.discover(ROOT)


@pytest.fixture(scope="module")
def pack_bundles():
    """`build(root, packs)` for the runner, each pack set compiled once per module (per worker)."""
    built: dict = {}

    def build(root, packs):
        if packs not in built:
            built[packs] = ruletest_packs.build_pack_bundle(root, packs)
        return built[packs]

    return build


def test_rule_tests_are_found():
    assert len(RULE_TESTS) > 100, f"only {len(RULE_TESTS)} rule tests in {ROOT / 'tests' / 'rules'}"


@pytest.mark.parametrize("path", RULE_TESTS, ids=[p.stem for p in RULE_TESTS])
def test_rule_test_passes(path, pack_bundles):
    """The rule test on the bundle of its own packs (the base game's on synthetic-base, A New Beginning's on all),
    run as `paleo test FILE` runs it."""
    out = io.StringIO()
    code = ruletests.main([str(path)], root=ROOT, out=out, build=pack_bundles)
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


# Heading coverage. tests/rules/headings/<rulebook file name without .txt>.json says, per rulebook,
# whether the coverage check applies (its system is playable), why, and which sections are excluded
# with a reason. Books with a printed table of contents take their headings from it; the others list
# them in the file ("rulebook" and "headings" then present as well).

HEADINGS = ROOT / "tests" / "rules" / "headings"
TOC_KEYS = {"applies", "why", "excluded"}
LISTED_KEYS = TOC_KEYS | {"rulebook", "headings"}
TOC_TITLE = "Table of Contents"
TOC_ENTRY = re.compile(r"\s*[-•]\s+(\S.*?)\s*")


def heading_specs() -> dict[str, dict]:
    """Rulebook file name -> its heading file's content."""
    return {f.stem + ".txt": json.loads(f.read_text(encoding="utf-8")) for f in sorted(HEADINGS.glob("*.json"))}


def rulebook_texts() -> dict[str, str]:
    """Rulebook file name -> text; skips when the texts are absent (a failure under CI=true, see tests/conftest.py)."""
    base = Path(os.environ.get("PALEO_RULEBOOKS", ROOT.parent / "shared" / "rulebooks"))
    texts = {f.name: f.read_text(encoding="utf-8") for f in sorted(base.glob("0*.txt"))} if base.is_dir() else {}
    if not texts:
        pytest.skip(f"rulebook texts not available in {base}")
    return texts


def table_of_contents(text: str) -> tuple[list[str], int] | None:
    """The entries of the printed table of contents and the index of the first line after it; None if none is printed.

    The contents start after the `Table of Contents` line (the dumps repeat it), skipping blank lines, and
    are the run of bullet lines (`- `, `• `, indented for sub-sections) up to the first line that is not one.
    """
    lines = text.splitlines()
    if TOC_TITLE not in lines:
        return None
    i = lines.index(TOC_TITLE)
    while i < len(lines) and lines[i].strip() in ("", TOC_TITLE):
        i += 1
    entries = []
    while i < len(lines) and (m := TOC_ENTRY.fullmatch(lines[i])):
        entries.append(m.group(1))
        i += 1
    return entries, i


def headings_of(text: str, spec: dict) -> tuple[list[str], int]:
    """A rulebook's section headings (listed, else from its table of contents) and the line where its body starts."""
    if "headings" in spec:
        return spec["headings"], 0
    toc = table_of_contents(text)
    assert toc is not None, "this heading file lists no headings and the rulebook prints no table of contents"
    return toc


def missing_lines(headings: list[str], lines: list[str], start: int) -> list[str]:
    """The headings that are not whole lines of lines[start:] in the given order (repeats matched to later lines)."""
    missing, at = [], start
    for h in headings:
        try:
            at = lines.index(h, at) + 1
        except ValueError:
            missing.append(h)
    return missing


def cited_sections() -> dict[str, set[str]]:
    """Rulebook file name -> every section heading a rule test cites from it."""
    cited: dict[str, set[str]] = {}
    for f in ruletests.discover(ROOT):
        t = json.loads(f.read_text(encoding="utf-8"))
        cited.setdefault(t["rulebook"], set()).update(t["section"])
    return cited


def test_table_of_contents_parser():
    text = "Book\n\nTable of Contents\n\nTable of Contents\n\n• Setup\n  • Board\n- Play\n\nSetup\n\nBoard\nPlay\n"
    assert table_of_contents(text) == (["Setup", "Board", "Play"], 9)
    assert table_of_contents("Book\nTable of Contents\nTable of Contents\nImportant\nText.\n") == ([], 3)
    assert table_of_contents("Book\nSetup\n") is None
    lines = text.splitlines()
    assert missing_lines(["Setup", "Board", "Play"], lines, 9) == []
    assert missing_lines(["Board", "Setup"], lines, 9) == ["Setup"]  # out of order
    assert missing_lines(["Setup", "Setup"], lines, 9) == ["Setup"]  # one line cannot stand for two entries
    assert missing_lines(["Boar"], lines, 0) == ["Boar"]  # part of a line is not a heading


def spec_problems(name: str, spec) -> list[str]:
    """What is wrong with one heading file's content (empty when it is well formed)."""
    if not isinstance(spec, dict) or set(spec) not in (TOC_KEYS, LISTED_KEYS):
        return [f"keys are {sorted(TOC_KEYS)}, plus `rulebook` and `headings` when the headings are listed"]
    bad = []
    if not isinstance(spec["applies"], bool):
        bad.append("`applies` is true or false")
    if not isinstance(spec["why"], str) or len(spec["why"]) <= 20:
        bad.append("`why` says, in more than 20 characters, why the check does or does not apply")
    if "headings" in spec:
        if spec["rulebook"] != name:
            bad.append(f"`rulebook` is {spec['rulebook']!r}, not {name!r} as the file name says")
        hs = spec["headings"]
        if not isinstance(hs, list) or not hs or not all(isinstance(h, str) and h and h.strip() == h for h in hs):
            bad.append("`headings` is a list of non-empty strings without surrounding blanks")
        elif len(set(hs)) != len(hs):
            bad.append("a heading is listed twice")
    excl = spec["excluded"]
    if not isinstance(excl, list) or not all(isinstance(e, dict) and set(e) == {"section", "reason"} for e in excl):
        return bad + ["`excluded` is a list of {section, reason} objects"]
    for e in excl:
        if not isinstance(e["section"], str) or not isinstance(e["reason"], str) or len(e["reason"]) <= 20:
            bad.append(f"the exclusion of {e['section']!r} needs a reason of more than 20 characters")
    sections = [e["section"] for e in excl]
    if len(set(map(str, sections))) != len(sections):
        bad.append("a section is excluded twice")
    return bad


def test_heading_file_checks_catch_mistakes():
    good = {"applies": False, "why": "its system is not playable yet", "excluded": []}
    assert spec_problems("x.txt", good) == []
    assert spec_problems("x.txt", {**good, "headings": ["A"]})  # a listed book names its rulebook too
    assert spec_problems("x.txt", {**good, "rulebook": "y.txt", "headings": ["A"]})
    assert spec_problems("x.txt", {**good, "rulebook": "x.txt", "headings": ["A", "A"]})
    assert spec_problems("x.txt", {**good, "rulebook": "x.txt", "headings": ["A "]})
    assert spec_problems("x.txt", {**good, "applies": "yes"})
    assert spec_problems("x.txt", {**good, "excluded": [{"section": "A", "reason": "tips"}]})
    assert spec_problems("x.txt", {**good, "excluded": [{"section": "A"}]})
    twice = {"section": "A", "reason": "a list of the components in the box"}
    assert spec_problems("x.txt", {**good, "excluded": [twice, twice]})


def test_heading_files_are_well_formed():
    specs = heading_specs()
    assert specs, f"no heading files in {HEADINGS}"
    bad = {f"{name[:-4]}.json": p for name, spec in specs.items() if (p := spec_problems(name, spec))}
    assert not bad, f"malformed heading files in {HEADINGS}: {bad}"
    assert specs.get(RULEBOOK, {}).get("applies") is True, "the base game is playable, so its headings must be covered"


def test_every_rulebook_has_a_heading_file():
    texts = rulebook_texts()
    assert len(texts) == 5
    specs = heading_specs()
    assert sorted(specs) == sorted(texts), f"heading files for {sorted(specs)}, but the rulebooks are {sorted(texts)}"


def test_tables_of_contents_are_used_where_printed():
    texts = rulebook_texts()
    for name, spec in heading_specs().items():
        toc = table_of_contents(texts[name])
        if "headings" in spec:
            assert not (toc and toc[0]), f"{name} prints a table of contents: take its headings from there"
        else:
            assert toc and len(toc[0]) >= 5, f"{name} prints no usable table of contents: list its headings"


@pytest.mark.parametrize("name", sorted(heading_specs()), ids=lambda n: n[:-4])
def test_headings_and_exclusions_are_whole_lines(name):
    """For every rulebook, applying or not, so that flipping `applies` needs no other change."""
    text = rulebook_texts().get(name)
    assert text is not None, f"no rulebook {name}"
    spec = heading_specs()[name]
    hs, start = headings_of(text, spec)
    missing = missing_lines(hs, text.splitlines(), start)
    assert not missing, f"{name}: headings not found as whole lines, in order, after any contents: {missing}"
    stale = [e["section"] for e in spec["excluded"] if e["section"] not in hs]
    assert not stale, f"{name}: exclusions for sections that are not headings of it: {stale}"
    cited = cited_sections().get(name, set())
    tested = [e["section"] for e in spec["excluded"] if e["section"] in cited]
    assert not tested, f"{name}: excluded as stating no rule, yet a rule test cites them: {tested}"


def test_every_heading_has_a_rule_test_or_a_reasoned_exclusion():
    texts = rulebook_texts()
    cited = cited_sections()
    applying = {name: spec for name, spec in heading_specs().items() if spec["applies"]}
    assert applying, "no rulebook's system is playable, so nothing is checked"
    uncovered = {}
    for name, spec in applying.items():
        hs, _ = headings_of(texts[name], spec)
        excluded = {e["section"] for e in spec["excluded"]}
        left = [h for h in dict.fromkeys(hs) if h not in cited.get(name, set()) and h not in excluded]
        if left:
            uncovered[name] = left
    assert not uncovered, f"headings without a rule test or an exclusion: {uncovered}"


def test_heading_files_are_in_our_own_words():
    """`why` and the reasons share no 8 words in a row with a rulebook (as tests/content/test_own_words.py checks)."""
    def words(text):
        return re.findall(r"[a-z0-9äöüß]+", re.sub(r"(?<=\w)'(?=\w)", "", text.lower().replace("’", "'")))

    def grams(ws):
        return {tuple(ws[i : i + 8]) for i in range(len(ws) - 7)}

    book = set().union(*(grams(words(t)) for t in rulebook_texts().values()))
    for name, spec in heading_specs().items():
        for text in [spec["why"], *(e["reason"] for e in spec["excluded"])]:
            assert not grams(words(text)) & book, f"{name}: copied from a rulebook: {text!r}"
