"""The generated reference on a bundle that states little: every page still says what is known and no more.

In process (no mkdocs build): `Reference(bundle).pages()` is the markdown `paleo docs` writes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.docs.pages import Reference, read_grammar

from site_synthetic import synthetic_bundle

_SRC = {"rulebook": "001_5f1e4d8bf7e7ff1a.txt", "section": ["Cult Site"]}


def _sparse_bundle() -> dict:
    b = synthetic_bundle(3, hostile=False)
    b["graph"] = None  # a bundle without its graph: the module diagram is drawn from the records
    b["coverage"] = ["not a mapping"]  # not a mapping: the coverage is counted from the cards instead
    b["games"].append({"id": "game:bare", "name": "Bare Game", "parameters": {}, "completeness": "unknown",
                       "setup": [], "phases": [], "rules": []})
    b["games"][0]["parameters"] = {"victory_tokens": 5, "open_hands": True, "hidden_deck": False}
    b["products"].append({"id": "product:stray", "name": "Stray Box", "game": "game:elsewhere", "kind": "expansion",
                          "source": _SRC, "completeness": "unknown"})
    # Two ids whose pages would share a path, a record without an id, and one that is not a mapping.
    extra = [
        {"id": "card:synth/twin_card", "name": "Twin One", "game": "game:paleo", "product": "product:synth",
         "module": "module:synth/V", "kind": "module", "copies": 3, "number": 23, "diet": "herbivore", "order": 2,
         "sleep": 1, "points": 4, "alert": 0, "treatments": ["rest", "herbs"],
         "options": [{"text": "-> gain 1 wood", "ir": {"node": "call", "symbol": "gain", "args": {}}}],
         "notes": ["Unlike card:synth/no-such-card, this names card:synth/card-0000."],
         "source": _SRC, "completeness": "partial", "file": "content/twins.yaml"},
        {"id": "card:synth/twin-card", "game": "game:elsewhere", "product": "product:stray", "kind": "module",
         "options": [], "completeness": "complete", "file": "content/twins.yaml"},
        {"name": "A card without an id"},
        "not a record",  # a hand-edited bundle given to `paleo docs --bundle`: skipped, never a traceback
    ]
    b["cards"] += extra
    b["modules"][0]["cards"] = b["modules"][0]["cards"] + ["card:synth/twin_card"]
    b["modules"].append({"id": "module:synth/W", "letter": "W", "game": "game:paleo", "combine": 2,
                         "cards": [], "source": _SRC, "completeness": "unknown"})
    b["modules"].append({"id": "module:synth/Z", "letter": "Z", "game": "game:paleo", "cards": [],
                         "source": _SRC, "completeness": "unknown"})
    b["tokens"].append(5)
    b["tokens"].append({"id": "token:synth/3", "number": 3, "product": "product:synth", "kind": "secret-token",
                        "source": _SRC, "completeness": "unknown"})
    b["symbols"] += [{"name": "nameless"}, "not a symbol",
                     {"id": "symbol:quiet", "positions": [], "params": [], "games": ["game:paleo"],
                      "completeness": "partial", "source": _SRC}]
    b["scenarios"].append({"id": "suggestion:synth/duo", "kind": "suggestion", "name": "Duo", "game": "game:paleo",
                           "modules": ["W", "Q"], "players": [2, 3], "boards": ["board:not-authored"],
                           "notes": ["Play it twice."], "source": _SRC, "completeness": "partial"})
    b["interpretations"] = [{"id": "interpretation:quiet", "question": "Is it quiet?", "citations": [_SRC],
                             "affects": ["game:paleo#no-such-rule"]},
                            {"id": "interpretation:still", "question": "Is it still?", "reading": "It is.", "citations": [_SRC]}]
    return b


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    texts = {"content/twins.yaml": "cards:\n  - id: card:synth/twin_card\n    name: Twin One\n  - name: no id line here"}
    changes = {"since": "v1.0", "removed": [{"id": "card:gone", "name": "Gone Card"}]}
    return Reference(_sparse_bundle(), source_texts=texts, changes=changes).pages()


def test_records_whose_pages_would_share_a_path_get_one_page_each_and_records_without_an_id_none(pages):
    assert not any("not a record" in text for text in pages.values())
    cards = sorted(p for p in pages if p.startswith("reference/cards/synth/twin"))
    assert cards == ["reference/cards/synth/twin-card-2.md", "reference/cards/synth/twin-card.md"]
    assert "# Twin One" in pages[cards[0]] and "# Untitled" in pages[cards[1]]
    assert not any("without" in p for p in pages)
    assert "A card without an id" not in pages["reference/cards/index.md"]


def test_a_card_page_lists_every_stated_fact(pages):
    page = pages["reference/cards/synth/twin-card-2.md"]
    for fact in ("- Secret number: [23](", "- Copies: 3", "- Diet: herbivore", "- Order: 2", "- Sleep: 1",
                 "- Points: 4", "- ALERT!: 0", "- Treatments: rest, herbs"):
        assert fact in page
    # a known id in a note is a link, an unknown one stays plain text
    assert "card:synth/no\\-such\\-card" in page and "[Synthetic Card 0000](" in page
    # a symbol named by its name inside the IR is a reference to that symbol
    assert "## Refers to" in page and "[Gain](../../symbols/gain.md)" in page
    assert "×3" in pages["reference/modules/synth/v.md"]


def test_a_card_without_a_name_or_citation_is_named_for_what_is_known(pages):
    page = pages["reference/cards/synth/twin-card.md"]
    assert "# Untitled module card \\(card:synth/twin\\-card\\)" in page
    assert "_No citation._" in page and "This card has no options." in page
    assert "Untitled module card" in pages["reference/cards/index.md"]
    # its game is not in the content: the index names it as text
    assert "| game:elsewhere |" in pages["reference/cards/index.md"]


def test_the_edit_link_goes_to_the_record_line_of_the_source_page_when_it_is_found(pages):
    one = pages["reference/cards/synth/twin-card-2.md"]
    two = pages["reference/cards/synth/twin-card.md"]
    assert "../../source/content/twins.md#L2" in one
    assert "(../../source/content/twins.md)" in two  # its id line is not in the file: the page, no line
    src = pages["reference/source/content/twins.md"]
    assert 'id="L4">  - name: no id line here&#10;</span>' in src  # the last line without a newline is kept


def test_the_edit_link_is_the_repository_url_when_one_is_set():
    ref = Reference(_sparse_bundle(), edit_url=lambda f, rid: f"https://example.org/edit/{f}?id={rid}")
    page = ref.pages()["reference/cards/synth/twin-card-2.md"]
    assert "Authored in [<code>content/twins\\.yaml</code>](https://example.org/edit/content/twins.yaml?id=card:synth/twin_card)." in page


def test_a_game_without_facts_rules_parameters_or_products_has_a_short_page(pages):
    page = pages["reference/games/bare.md"]
    for absent in ("## At a glance", "## The rules", "## Numbers the rules fix", "## Products", "## Boards"):
        assert absent not in page
    idx = pages["reference/games/index.md"]
    assert "## Bare Game" in idx and "## Other products" in idx and "[Stray Box](" in idx
    paleo = pages["reference/games/paleo.md"]
    assert "Open hands: **yes**" in paleo and "Hidden deck: **no**" in paleo


def test_a_module_without_a_graph_is_drawn_from_its_own_record(pages):
    page = pages["reference/modules/synth/v.md"]
    full = page.split('paleo-diagram-full', 1)[1]
    for rel in ("part of", "requires", "card", "secret"):
        assert f"&quot;{rel}&quot;" in full
    # no coverage mapping in the bundle: the page counts the authored cards itself
    assert "6 of 5 printed cards authored: 0 complete, 6 partial, 0 unknown, 0 missing" in page


def test_a_module_on_its_own_still_has_its_diagram_and_combination_rule(pages):
    assert "- Combine with 2 other modules" in pages["reference/modules/synth/w.md"]
    page = pages["reference/modules/synth/z.md"]
    assert "Played in" not in page
    summary = page.split('<pre class="paleo-diagram"', 1)[1].split("</pre>", 1)[0]
    assert "Module Z" in summary
    assert "No card of this module is authored yet." in page


def test_a_scenario_page_says_what_is_and_is_not_recorded(pages):
    page = pages["reference/scenarios/suggestion/synth/duo.md"]
    assert "- Players: 2, 3" in page and "## Notes" in page and "Play it twice\\." in page
    assert "- Boards: <code>board:not\\-authored</code>" in page  # not in the content: named, not linked
    assert "- Products:" not in page and "- Secrets:" not in page
    full = page.split('paleo-diagram-full', 1)[1]
    assert "&quot;module&quot;" in full and "&quot;part of&quot;" not in full  # module W names no product


def test_token_symbol_and_interpretation_pages_without_optional_fields(pages):
    assert "## Secret token 3 {: #token-synth-3 }" in pages["reference/tokens.md"]
    sym = pages["reference/symbols/quiet.md"]
    assert "## Example" not in sym and "- Positions: none" in sym and "None." in sym
    interp = pages["reference/interpretations.md"]
    assert "Shapes: <code>game:paleo\\#no\\-such\\-rule</code>" in interp
    still = interp.split("## Is it still?", 1)[1]
    assert "It is\\." in still and "Shapes:" not in still


def test_the_changes_page_lists_only_the_kinds_of_change_there_are(pages):
    page = pages["reference/changes.md"]
    assert "Since <code>v1\\.0</code>: 0 added, 1 removed, 0 changed." in page
    assert "## Removed" in page and "Gone Card <code>card:gone</code>" in page
    assert "## Added" not in page and "## Changed" not in page


def test_the_changes_page_links_added_and_changed_records_that_have_pages():
    changes = {"since": "abc123", "added": [{"id": "card:synth/card-0001", "name": "One"}, {"id": "card:elsewhere"}],
               "changed": [{"id": "module:synth/V", "fields": [{"path": "difficulty", "old": "easy", "new": {"2": "hard"}},
                                                                 {"path": "name", "old": None, "new": "x" * 200}]}]}
    page = Reference(synthetic_bundle(2, hostile=False), changes=changes).pages()["reference/changes.md"]
    assert "- [One](cards/synth/card-0001.md) <code>card:synth/card\\-0001</code>" in page
    assert "- card:elsewhere <code>card:elsewhere</code>" in page
    assert "## Changed" in page and "| <code>difficulty</code> | easy | \\{&quot;2&quot;: &quot;hard&quot;\\} |" in page
    assert "| <code>name</code> | — | " + "x" * 159 + "… |" in page


def test_coverage_over_the_printed_count_is_said(pages):
    b = synthetic_bundle(2, hostile=False)
    b["coverage"] = {"modules": {"module:synth/V": {"printed": 1, "authored": 2, "complete": 0, "partial": 2,
                                                    "unknown": 0, "missing": 0, "over": 1}}}
    page = Reference(b).pages()["reference/modules/synth/v.md"]
    assert "**1** more authored than printed." in page


def test_the_grammar_page_without_a_grammar_or_positioned_symbols():
    b = synthetic_bundle(1, hostile=False)
    b["symbols"] = []
    page = Reference(b).pages()["reference/grammar.md"]
    assert "The grammar file is not part of this build." in page and "Symbols by clause position" not in page


def test_the_grammar_is_read_from_the_installed_package_outside_a_checkout(tmp_path: Path):
    repo = Path(__file__).resolve().parents[2]
    assert read_grammar(tmp_path) == (repo / "grammar" / "effects.lark").read_text(encoding="utf-8")
