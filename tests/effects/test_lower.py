"""Lowering: resolution by longest match, typed arguments, references, and every E3xx diagnostic."""

from __future__ import annotations

import pytest

from compiler.effects.ir import references, to_json, validate


def codes(diags):
    return [d.code for d in diags]


def test_design_example_lowers_to_documented_ir(compile_):
    ir, diags = compile_("require have scythe; cost discard 2 cards -> place this card with group")
    assert diags == []
    assert ir == {"node": "option", "clauses": [
        {"node": "clause", "kind": "require", "position": "requirement",
         "body": {"node": "call", "symbol": "symbol:have", "args": {"item": "symbol:scythe"}}},
        {"node": "clause", "kind": "cost", "position": "cost",
         "body": {"node": "call", "symbol": "symbol:discard", "args": {"n": 2}}},
        {"node": "clause", "kind": "reward", "position": "reward",
         "body": {"node": "call", "symbol": "symbol:place-this-card-with-group", "args": {}}},
    ]}


def test_everyone_and_dice(compile_):
    ir, diags = compile_("everyone: require strength 2; everyone roll 1 die -> 3 food")
    assert diags == []
    req, roll, reward = ir["clauses"]
    assert req["everyone"] is True and req["body"]["args"] == {"n": 2}
    assert roll == {"node": "clause", "kind": "roll", "dice": 1, "everyone": True}
    assert reward["body"] == {"node": "call", "symbol": "symbol:food", "args": {"n": 3}}


def test_aliases_and_plurals_resolve_to_one_symbol(compile_):
    a, _ = compile_("require perception 2 -> 1 food")
    b, _ = compile_("require eye 2 -> 1 food")
    c, _ = compile_("require awareness 2 -> 1 food")
    assert a == b == c
    assert a["clauses"][0]["body"]["symbol"] == "symbol:awareness"
    skill, _ = compile_("require skill 1 -> 1 food")
    assert skill["clauses"][0]["body"]["symbol"] == "symbol:craftsmanship"
    w, _ = compile_("suffer 2 wounds")
    assert w["clauses"][0]["body"] == {"node": "call", "symbol": "symbol:wound", "args": {"n": 2}}


def test_longest_match_prefers_the_longer_phrase(compile_):
    ir, _ = compile_("suffer discard volcano cards")
    assert ir["clauses"][0]["body"]["symbol"] == "symbol:discard-volcano-cards"
    ir, _ = compile_("cost discard 1 card -> 1 stone axe")
    assert ir["clauses"][1]["body"] == {"node": "call", "symbol": "symbol:stone-axe", "args": {"n": 1}}


def test_references_have_one_uniform_shape(compile_):
    ir, diags = compile_('require have card "Jhula", have token 3, have idea "Isolation", have title "Dodo" '
                         '-> reveal secret 23, reveal sea card 2, remove special card "Reeds", place token 1 on farm')
    assert diags == []
    refs = sorted(to_json(r) for r in references(ir))
    assert refs == sorted(to_json(r) for r in [
        {"ref": "card", "name": "Jhula"}, {"ref": "token", "number": 3}, {"ref": "idea", "name": "Isolation"},
        {"ref": "title", "name": "Dodo"}, {"ref": "secret", "number": 23}, {"ref": "sea-card", "symbol": 2},
        {"ref": "card", "name": "Reeds"}, {"ref": "token", "number": 1},
    ])


def test_blue_lowers_to_its_own_trigger_kind_like_at_night(compile_, registry):
    night, diags = compile_("at night: require strength 2 -> 1 food")
    assert diags == []
    blue, diags = compile_("blue: require strength 2 -> 1 food")
    assert diags == []
    assert blue["trigger"] == {"kind": "blue"} and night["trigger"] == {"kind": "night"}
    assert {k: v for k, v in blue.items() if k != "trigger"} == {k: v for k, v in night.items() if k != "trigger"}
    assert validate(blue, registry) == []
    assert validate({**blue, "trigger": {"kind": "dawn"}}, registry) == ["trigger: unknown kind"]


def test_parentheses_around_the_same_operator_are_flattened(compile_):
    a, _ = compile_("-> (1 wood, 1 stone), 1 food")
    b, _ = compile_("-> 1 wood, 1 stone, 1 food")
    assert a == b and len(a["clauses"][0]["body"]["items"]) == 3


def test_unknown_symbol_with_did_you_mean(compile_):
    ir, diags = compile_("require venerat place forest -> 1 wood")
    assert ir is None and codes(diags) == ["E302"]
    d = diags[0]
    assert d.message == "unknown symbol `venerat place forest`"
    assert d.help == "did you mean `venerate place`?"
    assert (d.span.column, d.span.end_column) == (9, 29)


def test_symbol_in_a_position_it_may_not_take(compile_):
    ir, diags = compile_("require capture animal -> 1 food")
    assert codes(diags) == ["E303"]
    assert "cannot be a requirement" in diags[0].message and "a reward" in diags[0].help
    _, diags = compile_("-> venerate place forest")
    assert codes(diags) == ["E303"]
    _, diags = compile_("on capture animal: -> 1 food")
    assert codes(diags) == ["E303"] and "trigger" in diags[0].message


def test_symbol_of_another_game(compile_):
    ir, diags = compile_("cost 1 antibiotic -> 1 food")
    assert ir is None and codes(diags) == ["E304"]
    assert "not a symbol of paleo" in diags[0].message
    _, diags = compile_("cost 1 antibiotic -> treat", game="paleovet")
    assert diags == []
    _, diags = compile_("-> 1 food", game="game:paleovet")
    assert codes(diags) == ["E304"]


def test_altar_type_error_lists_the_altars(compile_):
    _, diags = compile_("require venerate place lake -> 1 wood")
    assert codes(diags) == ["E305"]
    assert diags[0].message == "`lake` is not an altar (forest, river, mountain, all or any)"
    assert (diags[0].span.column, diags[0].span.end_column) == (24, 28)


def test_secret_must_be_a_number(compile_):
    _, diags = compile_("-> reveal secret x")
    assert codes(diags) == ["E305"]
    assert "`x` is not a secret number" in diags[0].message


@pytest.mark.parametrize("text,code,fragment", [
    ("require venerate place -> 1 wood", "E306", "needs its altar"),
    ("-> reveal sea card 9", "E305", "from 1 to 5"),
    ("-> 0 wood", "E305", "at least 1"),
    ("require 2 venerate place forest -> 1 wood", "E305", "takes no leading number"),
    ("require strength 2 cost 1 wood -> 1 food", "E307", "unexpected `cost`"),
    ("-> capture animal now", "E307", "unexpected `now`"),
    ("-> 1 wood; ", None, None),
    ("require may have scythe -> 1 grain", "E310", "`may` is not allowed"),
    ("-> not 1 wood", "E310", "`not` is only allowed"),
    ("require strength 1 then strength 2 -> 1 food", "E310", "`then` is not allowed"),
    ("roll 1 die", "E310", "dice roll needs a requirement"),
    ('require have "x" -> 1 wood', "E301", "a quoted name follows its kind"),
])
def test_diagnostics(compile_, text, code, fragment):
    ir, diags = compile_(text)
    if code is None:
        return
    assert ir is None
    assert code in codes(diags), [d.message for d in diags]
    if fragment:
        assert any(fragment in d.message for d in diags if d.code == code), [d.message for d in diags]


def test_clause_keyword_left_inside_a_call_suggests_a_semicolon(compile_):
    _, diags = compile_("require strength 2 cost 1 wood -> 1 food")
    assert diags[0].help == "separate clauses with `;`: `...; cost ...`"


def test_lowered_ir_validates_and_bad_ir_does_not(compile_, registry):
    ir, _ = compile_("at night: require mood friendly; cost 2 wood or 1 pelt -> may reveal secret 23")
    assert validate(ir, registry) == []
    broken = {"node": "option", "clauses": [{"node": "clause", "kind": "reward", "position": "reward",
                                              "body": {"node": "call", "symbol": "symbol:venerate-place",
                                                       "args": {"altar": "lake"}}}]}
    assert validate(broken, registry) == ["clauses[0].body: 'altar' of `venerate place` is not an altar "
                                          "(forest, river, mountain, all or any)"]
    assert validate({"node": "option", "clauses": []}, registry)


def test_memoised_results_are_independent_copies(compile_):
    a, _ = compile_("-> 1 wood")
    a["clauses"].clear()
    b, _ = compile_("-> 1 wood")
    assert b["clauses"]


def test_position_argument_compiles_a_bare_clause_body(compile_):
    ir, diags = compile_("1 wood, 1 stone", position="reward")
    assert diags == [] and ir["clauses"][0]["kind"] == "reward"
    _, diags = compile_("venerate place lake", position="requirement")
    assert codes(diags) == ["E305"] and diags[0].span.column == 16


def test_non_string_option_is_a_diagnostic(compile_):
    ir, diags = compile_(12)
    assert ir is None and codes(diags) == ["E301"]


def test_game_may_be_unknown(compile_):
    ir, diags = compile_("-> 1 antibiotic", game=None)
    assert diags == []


def test_option_read_as_a_mapping_suggests_quotes(compile_):
    _, diags = compile_({"everyone": "require strength 2"})
    assert diags[0].code == "E301"
    assert diags[0].help == '`everyone: ...` was read as a YAML mapping; put the whole option in quotes: "everyone: ..."'
