"""No cascades: a broken option never drops its card's other options, a model error does not stop the
card's effect checks, a bad module field does not break its cards' references, and an unquoted
`word:` prefix gets a hint to quote it."""

from __future__ import annotations

from pathlib import Path

from .harness import lint_case

SEVERAL = Path(__file__).resolve().parent / "cascades" / "several.yaml"


def test_each_mistake_is_reported_once_and_nothing_else():
    got = [(d.code, d.span.line, d.span.column) for d in lint_case(SEVERAL)]
    assert got == [
        ("M006", 7, 11),   # `dice: two` on the module: its cards still find `module:fan/Z`
        ("M006", 19, 9),   # the unquoted `everyone:` option ...
        ("E302", 20, 34),  # ... does not hide the card's other broken option
        ("M005", 30, 11),  # a wrong `back` ...
        ("E302", 32, 15),  # ... does not stop the same card's effect checks
    ]  # and the suppression on line 21 suppresses the E302 there: no C004


def test_an_unquoted_word_prefix_gets_a_hint_to_quote_it():
    d = next(d for d in lint_case(SEVERAL) if d.span.line == 19)
    assert d.label == "`everyone:` read as a mapping key"
    assert d.help.endswith('put the whole value in quotes: `"everyone: cost 1 food"`')


def test_a_record_that_cannot_be_salvaged_still_has_its_options_checked(tmp_path):
    case = tmp_path / "kind.yaml"
    case.write_text("""cards:
  - id: card:fan/berry-bush
    nmae: Berry Bush
    game: game:paleo
    product: product:paleo
    kind: bsae
    back: forest
    options:
      - "require awareness 2 -> 2 fod"
      - "-> 1 wood"
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}
""", encoding="utf-8")
    got = [(d.code, d.span.line, d.span.column) for d in lint_case(case)]
    # a required field misspelt (one M003, not also M004) and a wrong required value: the card cannot be
    # kept, and its options are checked all the same
    assert got == [("M003", 3, 5), ("M005", 6, 11), ("E302", 9, 35)]


def test_a_card_whose_name_is_misspelt_still_has_its_references_checked(tmp_path):
    """One run shows every error: a card with `nmae` for `name` (its name taken as null, the card kept) still has
    its module reference checked, instead of the G401 waiting until the M003 is fixed."""
    case = tmp_path / "name.yaml"
    text = """# context: bundled
cards:
  - id: card:fan/berry-bush
    nmae: Berry Bush
    game: game:paleo
    product: product:paleo
    module: module:paleo/ZZ
    kind: base
    back: null
    options:
      - "-> 2 food"
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}
"""
    case.write_text(text, encoding="utf-8")
    got = [(d.code, d.span.line, d.span.column) for d in lint_case(case)]
    assert got == [("M003", 4, 5), ("G401", 7, 13)]


def test_a_record_that_cannot_be_salvaged_still_has_its_references_checked(tmp_path):
    """A wrong required value (`kind: bsae`) drops the card, and its module and product are checked all the same."""
    case = tmp_path / "kind-ref.yaml"
    case.write_text("""# context: bundled
cards:
  - id: card:fan/berry-bush
    name: Berry Bush
    game: game:paleo
    product: product:paleo
    module: module:paleo/ZZ
    kind: bsae
    back: null
    options:
      - "-> 2 food"
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}
""", encoding="utf-8")
    got = [(d.code, d.span.line, d.span.column, d.message) for d in lint_case(case)]
    assert got == [("G401", 7, 13, "no record `module:paleo/ZZ`"), ("M005", 8, 11, "invalid value `bsae`")]
