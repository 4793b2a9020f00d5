"""Printer: canonical DSL text (also without an explicit registry) and English descriptions."""

from __future__ import annotations

from compiler.effects import build_registry, compile_option, describe_option, print_option
from compiler.models import Symbol


def test_canonical_text_normalises_aliases_plurals_and_sugar(compile_, registry):
    ir, _ = compile_("everyone:require perception 2;everyone roll 2 dice->receive grain,(1 wood,1 stone)")
    assert print_option(ir, registry) == (
        "everyone: require awareness 2; everyone: roll 2 dice -> 1 grain, 1 wood, 1 stone")


def test_reference_keyword_is_not_repeated_after_a_name_ending_with_it(compile_, registry):
    ir, _ = compile_('cost remove special card card "Reeds" -> reveal secret secret 23, place token token 1 on farm')
    assert print_option(ir, registry) == (
        'cost remove special card "Reeds" -> reveal secret 23, place token 1 on farm')


def test_print_without_registry_uses_the_registry_that_defines_the_symbols(registry):
    extra = Symbol.model_validate(dict(
        id="symbol:fixture-gift", name="fixture gift", positions=["reward"], games=["game:paleo"],
        explanation="x", example="-> fixture gift", completeness="complete",
        source={"rulebook": "002_56cce9db253ede81.txt", "section": ["End of Game and Scoring"]}))
    reg, diags = build_registry([(extra, "pack.yaml", ("symbols", 0))])
    assert diags == []
    ir, _ = compile_option("-> fixture gift", registry=reg, game="paleo", file=None, path=())
    assert print_option(ir) == "-> fixture gift"
    ir2, _ = compile_option("-> 1 wood", registry=registry, game="paleo", file=None, path=())
    assert print_option(ir2) == "-> 1 wood"


def test_describe_option(compile_, registry):
    ir, _ = compile_("require have scythe; cost discard 2 cards -> place this card with group")
    assert describe_option(ir, registry) == (
        "Requirement: have scythe; cost: discard 2 cards; reward: place this card with group.")
    ir, _ = compile_("at night: everyone: require strength 2; everyone roll 1 die -> 1 wood or reveal secret 23")
    assert describe_option(ir, registry) == (
        "At night, requirement (each player alone): strength 2; a roll of 1 die raises the requirement "
        "(each player alone); reward: either 1 wood or reveal secret 23.")
    ir, _ = compile_("when revealed: suffer 1 wound or (discard 2 cards then 1 skull)")
    assert describe_option(ir, registry) == (
        "When revealed, you suffer: either 1 wound or (discard 2 cards, then 1 skull).")
    ir, _ = compile_("blue: require strength 2 -> 1 food")
    assert describe_option(ir, registry) == "As a blue night action, requirement: strength 2; reward: 1 food."
