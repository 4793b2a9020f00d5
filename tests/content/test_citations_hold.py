"""A citation holds its fact: what a record states can be found in the text of the sections it cites.

Every number, card name, token name and symbol name a bundled record states (see citation_facts.py
for what counts) must occur in the text of a section the record cites, read through the heading trees
of rulebook_outlines.yaml. tests/content/citation_exemptions.yaml may exempt a record's facts, each
with a reason; an exemption that no longer matches a missing fact fails, so the list cannot go stale.
"""

from __future__ import annotations

import pytest
import yaml

from citation_facts import Names, Scope, missing_facts, numbers_in_prose, numbers_in_section, occurs, record_scopes
from compiler.effects import load_registry
from compiler.loader import load_file
from content_helpers import CONTENT, content_files
from rulebook_outline import Outline, load_outlines

EXEMPTIONS = CONTENT.parent / "tests" / "content" / "citation_exemptions.yaml"


@pytest.fixture(scope="module")
def outlines(rulebooks):
    return load_outlines(rulebooks)


@pytest.fixture(scope="module")
def registry():
    reg, diags = load_registry()
    assert not diags, [d.message for d in diags]
    return reg


@pytest.fixture(scope="module")
def content_data():
    out = []
    for path in content_files(CONTENT):
        loaded, _ = load_file(path)
        assert loaded is not None, path
        out.append((path, loaded.data or {}))
    return out


@pytest.fixture(scope="module")
def missing(content_data, registry, outlines):
    """(record id, fact) -> where it is stated, for every fact of the bundled content its citations lack."""
    names = Names.of([d for _, d in content_data], registry)
    out = {}
    for path, data in content_data:
        for kind, recs in data.items():
            if not isinstance(recs, list):
                continue
            for rec in recs:
                if not isinstance(rec, dict):
                    continue
                for scope in record_scopes(kind, rec, registry, names):
                    for m in missing_facts(scope, outlines):
                        out.setdefault((m.record, m.fact), f"{path.relative_to(CONTENT)}: {m.where} (cites {m.cited})")
    return out


def load_exemptions() -> list[dict]:
    return (yaml.safe_load(EXEMPTIONS.read_text(encoding="utf-8")) or {}).get("exemptions") or []


def test_exemption_list_is_well_formed(content_data):
    ids = {r.get("id") for _, d in content_data for recs in d.values() if isinstance(recs, list)
           for r in recs if isinstance(r, dict)}
    seen = set()
    for e in load_exemptions():
        assert set(e) == {"record", "facts", "reason"}, e
        assert e["record"] in ids, f"the exemption names no record of the content: {e['record']}"
        assert e["record"] not in seen, f"{e['record']} is exempted twice; list all its facts in one entry"
        seen.add(e["record"])
        assert isinstance(e["facts"], list) and e["facts"], e
        assert isinstance(e["reason"], str) and len(e["reason"]) > 30, f"{e['record']}: give a reason"


def test_every_stated_fact_is_in_a_cited_section(missing):
    exempt = {(e["record"], f) for e in load_exemptions() for f in e["facts"]}
    bad = [f"{rec}: {fact} not in its cited text — {where}" for (rec, fact), where in sorted(missing.items())
           if (rec, fact) not in exempt]
    assert not bad, "a citation lacks what the record states (cite the section that does, or correct the record):\n" + "\n".join(bad)


def test_exemptions_still_apply(missing):
    stale = [f"{e['record']}: {f}" for e in load_exemptions() for f in e["facts"] if (e["record"], f) not in missing]
    assert not stale, "these exempted facts are now found in the cited text; drop them from the list:\n" + "\n".join(stale)


# --- the detector itself -------------------------------------------------------------------------------

BOOK = "Title\nRules\nTake 2 wood and a stone.\nThe Bull stays twice.\nMore\nNothing here.\n"


def _outlines():
    return {"b.txt": Outline("b.txt", BOOK, ["Rules", "More"])}


def _scope(section, **facts):
    s = Scope("card:x/y", "", [{"rulebook": "b.txt", "section": section}], "game:paleo")
    s.numbers.update(facts.get("numbers", {}))
    s.cards.update(facts.get("cards", {}))
    return s


def test_detector_finds_what_the_cited_section_lacks():
    ok = _scope(["Rules"], numbers={2: "a", 1: "b"}, cards={"Bull": "c"})
    assert missing_facts(ok, _outlines()) == []  # `a stone` is one
    bad = _scope(["More"], numbers={2: "a"}, cards={"Bull": "c"})
    assert sorted(m.fact for m in missing_facts(bad, _outlines())) == ["card 'Bull'", "number 2"]


def test_numbers_are_read_from_words_and_digits():
    assert numbers_in_prose("each player starts with one, and 18 are printed") == {1, 18}
    assert numbers_in_prose("the one that costs a skull, one of them") == set()  # pronouns, not numbers
    assert numbers_in_prose("see interpretation:whale-17-of-18 and seat 0") == set()  # ids and seats state nothing
    assert numbers_in_prose("the third fence, two humans") == {3, 2}
    assert numbers_in_section("roll both dice twice, the 5th skull") >= {2, 5}


def test_names_match_whole_words_and_plurals():
    assert occurs("Torch", "place 5 torches on the workbench")
    assert occurs("stone axe", "5 stone axes")
    assert not occurs("Clay", "the clayey ground")


def test_a_scope_with_its_own_citation_is_checked_against_it(registry):
    rec = {"id": "card:x/y", "game": "game:paleo", "summary": "It takes 2 wood.",
           "rules": [{"id": "r", "name": "r", "text": "It takes the Bull.", "source": {"rulebook": "b.txt", "section": ["More"]}}],
           "source": {"rulebook": "b.txt", "section": ["Rules"]}}
    scopes = record_scopes("boards", rec, registry, Names({"Bull"}, set()))
    found = [m.fact for s in scopes for m in missing_facts(s, _outlines())]
    assert found == ["card 'Bull'"]  # the rule cites `More`, which does not name the Bull; the record's own text is fine


def test_effect_strings_state_their_numbers_and_names(registry):
    rec = {"id": "card:x/y", "game": "game:paleo", "options": ['require have card "Bull"; cost discard 3 cards'],
           "source": {"rulebook": "b.txt", "section": ["Rules"]}}
    scopes = record_scopes("cards", rec, registry, Names(set(), set()))
    assert [m.fact for m in missing_facts(scopes[0], _outlines())] == ["number 3"]
