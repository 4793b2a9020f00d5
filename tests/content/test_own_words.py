"""Content is written in our own words and cites real headings.

Every string in every bundled content file is compared with the rulebooks after normalising case
and punctuation: sharing 8 or more consecutive words fails. Each citation's section headings must
each be a whole line of the cited rulebook. Citation headings themselves are verbatim by design
and are not compared.
"""

from __future__ import annotations


import pytest

from compiler.loader import load_file
from content_helpers import CONTENT
from content_helpers import content_files, iter_strings, normalise_words, shingles

N = 8


def _all_files():
    return content_files(CONTENT)


@pytest.fixture(scope="module")
def rulebook_shingles(rulebooks):
    grams: dict[tuple[str, ...], str] = {}
    for name, text in rulebooks.items():
        for g in shingles(normalise_words(text), N):
            grams.setdefault(g, name)
    return grams


@pytest.fixture(scope="module")
def rulebook_lines(rulebooks):
    return {name: set(text.splitlines()) for name, text in rulebooks.items()}


def test_normalisation_ignores_case_and_punctuation():
    a = normalise_words("Place the 5 food tokens — in the storage, area!")
    b = normalise_words("place THE 5 food tokens in the Storage area")
    assert a == b
    assert shingles(normalise_words("one two three four five six seven eight nine"), N) == {
        ("one", "two", "three", "four", "five", "six", "seven", "eight"),
        ("two", "three", "four", "five", "six", "seven", "eight", "nine"),
    }


def test_detector_catches_a_copied_sentence(rulebook_shingles):
    copied = "If your group suffers wounds, you must choose a person to be wounded."
    assert shingles(normalise_words(copied), N) & set(rulebook_shingles)


@pytest.mark.parametrize("path", _all_files(), ids=lambda p: str(p.relative_to(CONTENT)))
def test_no_eight_word_overlap(path, rulebook_shingles):
    loaded, _ = load_file(path)
    assert loaded is not None
    hits = []
    for where, text in iter_strings(loaded.data):
        for g in shingles(normalise_words(text), N):
            if g in rulebook_shingles:
                hits.append(f"{'.'.join(map(str, where))}: '{' '.join(g)}' (from {rulebook_shingles[g]})")
                break
    assert not hits, "content shares 8+ consecutive words with a rulebook:\n" + "\n".join(hits)


def _citations(value):
    if isinstance(value, dict):
        if "rulebook" in value and "section" in value:
            yield value
        for v in value.values():
            yield from _citations(v)
    elif isinstance(value, list):
        for v in value:
            yield from _citations(v)


@pytest.mark.parametrize("path", _all_files(), ids=lambda p: str(p.relative_to(CONTENT)))
def test_cited_headings_are_whole_lines(path, rulebook_lines):
    loaded, _ = load_file(path)
    assert loaded is not None
    bad = []
    for cite in _citations(loaded.data):
        lines = rulebook_lines.get(cite["rulebook"])
        if lines is None:
            bad.append(f"unknown rulebook {cite['rulebook']!r}")
            continue
        for heading in cite["section"] or []:
            if heading not in lines:
                bad.append(f"{cite['rulebook']}: no line {heading!r}")
    assert not bad, "\n".join(bad)


def test_heading_check_rejects_a_partial_line(rulebook_lines):
    assert "Module M: A New Beginning (12 cards) — Difficulty: Easy" in rulebook_lines["000_97f291d3c44cb3f7.txt"]
    assert "Module M: A New Beginning" not in rulebook_lines["000_97f291d3c44cb3f7.txt"]


def _rule_test_files():
    rules = CONTENT.parent / "tests" / "rules"
    return sorted(rules.glob("*.json")) + sorted((rules / "headings").glob("*.json"))


@pytest.mark.parametrize("path", _rule_test_files(), ids=lambda p: p.name)
def test_rule_tests_are_in_our_own_words(path, rulebook_shingles):
    import json

    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("section", None)  # cited headings are verbatim by design
    data.pop("headings", None)
    for e in data.get("excluded", []):
        e.pop("section", None)
    hits = []
    for where, text in iter_strings(data):
        for g in shingles(normalise_words(text), N):
            if g in rulebook_shingles:
                hits.append(f"{'.'.join(map(str, where))}: '{' '.join(g)}' (from {rulebook_shingles[g]})")
                break
    assert not hits, "a rule test shares 8+ consecutive words with a rulebook:\n" + "\n".join(hits)
