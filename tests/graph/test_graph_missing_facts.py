"""When the deciding fact is not known, a check says so once (G490) instead of guessing an error."""

from __future__ import annotations

import shutil
from pathlib import Path

from compiler.graph.refs import iter_option_refs
from compiler.pipeline import run

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "graph"


def variant(tmp_path: Path, name: str, edits: dict[str, list[tuple[str, str]]]) -> list:
    """Compile a copy of a fixture with text replacements applied; return its diagnostics."""
    d = tmp_path / name
    shutil.copytree(FIXTURES / name, d)
    for file, subs in edits.items():
        p = d / file
        text = p.read_text(encoding="utf-8")
        for old, new in subs:
            assert old in text, (file, old)
            text = text.replace(old, new, 1)
        p.write_text(text, encoding="utf-8")
    return run([d], root=d).diagnostics


def codes(diags) -> list[str]:
    return sorted(d.code for d in diags)


def test_unrevealable_secret_with_unknown_faces_is_a_missing_fact(tmp_path):
    diags = variant(tmp_path, "G406-unrevealable-secret", {"product.yaml": [("printed_cards: 7", "printed_cards: 9")]})
    assert codes(diags) == ["G490"]
    assert "no known card reveals secret 3" in diags[0].message and "Fixture Product" in diags[0].message


def test_title_with_unknown_cards_is_a_missing_fact(tmp_path):
    diags = variant(tmp_path, "G410-title-matches-nothing", {"modules.yaml": [("printed_cards: 2\n    secrets: [{number: 2}]", "printed_cards: 3\n    secrets: [{number: 2}]")],
                                                          "product.yaml": [("printed_cards: 6", "printed_cards: 7")]})
    assert codes(diags) == ["G490"]
    assert 'no known card has "Nonesuch" in its title' in diags[0].message


def test_unused_secret_of_an_incomplete_module_is_not_reported(tmp_path):
    diags = variant(tmp_path, "G403-unused-module-secret", {"modules.yaml": [("completeness: complete", "completeness: partial")]})
    assert codes(diags) == []


def test_extra_module_in_a_scenario_of_incomplete_modules_is_a_missing_fact(tmp_path):
    diags = variant(tmp_path, "G408-combination-rule", {
        "scenarios.yaml": [("modules: [A, C]  # expect: G408\n    boards: []", "modules: [A, C]\n    boards: [board:fx/site]"),
                           ("modules: [A]  # expect: G408", "modules: [A, B, C]"),
                           ("modules: [A, D]  # expect: G408", "modules: [A, B, D]")],
        "modules.yaml": [("name: Fixture Module C\n    game: game:fx\n    product: product:fx\n    difficulty: easy\n"
                          "    printed_cards: 1\n    secrets: []\n    completeness: complete",
                          "name: Fixture Module C\n    game: game:fx\n    product: product:fx\n    difficulty: easy\n"
                          "    printed_cards: 1\n    secrets: []\n    completeness: partial")],
    })
    assert codes(diags) == ["G408", "G408", "G490"]
    fact = next(d for d in diags if d.code == "G490")
    assert "combines 3 modules, 2 as usual" in fact.message
    g408 = sorted(d.message for d in diags if d.code == "G408")
    assert "module C needs `board:fx/site`, which suggestion:fx/three does not use" in g408  # C's board
    assert "module E needs `product:fx-other`, which scenario:fx/seven does not bring" in g408


def test_scenario_need_on_a_stub_module_is_a_missing_fact(tmp_path):
    diags = variant(tmp_path, "G407-scenario-unmet-need", {"modules.yaml": [
        ("name: Fixture Module C\n    game: game:fx\n    product: product:fx\n    difficulty: easy\n"
         "    printed_cards: 1\n    secrets: []\n    completeness: complete",
         "name: Fixture Module C\n    game: game:fx\n    product: product:fx\n    difficulty: easy\n"
         "    printed_cards: 1\n    secrets: []\n    completeness: unknown")]})
    assert codes(diags) == ["G490"]
    assert "the components of module C are not in the rulebooks" in diags[0].message


def test_card_named_secret_without_number_is_a_missing_fact(tmp_path):
    diags = variant(tmp_path, "clean", {"cards.yaml": [
        ("options:\n      - '-> 1 food'", "options:\n      - 'require have card \"Fixture Secret Two\" -> 1 food'"),
        ("    number: 2\n", ""),
    ], "secrets.yaml": [("    card: card:fx/s2\n", "")]})
    # secret 2 keeps its record, but its face no longer says which number it is
    assert "G490" in codes(diags)
    assert any('the secret number of card "Fixture Secret Two" is not stated' in d.message for d in diags)


def test_references_come_from_the_ir():
    ir = {"node": "option", "clauses": [{"node": "clause", "kind": "reward", "body": {
        "node": "all", "items": [
            {"node": "call", "symbol": "symbol:reveal-secret", "args": {"secret": {"ref": "secret", "number": 23}}},
            {"node": "call", "symbol": "symbol:have", "args": {"item": {"ref": "title", "name": "Dodo"}}},
            {"node": "call", "symbol": "symbol:reveal-sea-card", "args": {"card": {"ref": "sea-card", "symbol": 3}}},
        ]}}]}
    got = {(k, t) for k, t, _ in iter_option_refs("-> reveal secret 23, have title \"Dodo\"", ir)}
    assert got == {("secret", 23), ("title", "Dodo"), ("symbol", "symbol:reveal-secret"), ("symbol", "symbol:have"),
                   ("symbol", "symbol:reveal-sea-card")}


def test_references_are_read_from_the_text_while_an_option_has_no_ir():
    got = [(k, t, n) for k, t, n in iter_option_refs('require have card "Reeds", idea "Isolation" -> reveal secret 7, place token 2', None)]
    assert got == [("card", "Reeds", '"Reeds"'.join(["card ", ""])), ("idea", "Isolation", 'idea "Isolation"'),
                   ("secret", 7, "secret 7"), ("token", 2, "token 2")]


def test_farm_card_without_known_options_is_a_missing_fact(tmp_path):
    diags = variant(tmp_path, "G411-farm-card-without-farm-action", {"cards.yaml": [
        ("    completeness: complete\n    source: {rulebook: 002_56cce9db253ede81.txt, section: [\"Game Objective: Leave Your Mark in the Stone Age!\"]}\n"
         "    options:\n      - '-> 1 food'  # expect: G411",
         "    completeness: partial\n    source: {rulebook: 002_56cce9db253ede81.txt, section: [\"Game Objective: Leave Your Mark in the Stone Age!\"]}")]})
    assert codes(diags) == ["G490"]
    assert "is a farm card, but its options are not known" in diags[0].message

