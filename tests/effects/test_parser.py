"""Parser: AST shape and spans, labelled syntax errors, no Lark objects outside the parser."""

from __future__ import annotations

import dataclasses
import sys

import pytest

from compiler.effects import ast as A
from compiler.effects.parser import ERROR_EXAMPLES, parse


def test_parses_the_design_example_into_frozen_dataclasses():
    text = "require have scythe; cost discard 2 cards -> place this card with group"
    opt, problems = parse(text)
    assert problems == []
    assert isinstance(opt, A.Option)
    assert [c.kind for c in opt.clauses] == ["require", "cost", "reward"]
    req = opt.clauses[0].body
    assert isinstance(req, A.Call)
    assert [t.value for t in req.terms] == ["have", "scythe"]
    assert text[req.span[0]:req.span[1]] == "have scythe"
    cost = opt.clauses[1].body
    assert [(t.kind, t.value) for t in cost.terms] == [("word", "discard"), ("int", 2), ("word", "cards")]
    with pytest.raises(dataclasses.FrozenInstanceError):
        opt.span = (0, 0)  # type: ignore[misc]


def _walk(x):
    yield x
    if dataclasses.is_dataclass(x):
        for f in dataclasses.fields(x):
            v = getattr(x, f.name)
            if isinstance(v, tuple):
                for y in v:
                    yield from _walk(y)
            else:
                yield from _walk(v)


def test_no_lark_object_leaves_the_parser():
    opt, _ = parse('at night: everyone: require not have card "Artifact", strength 2; everyone roll 2 dice; '
                   'cost (discard 1 card or 1 food) then may 1 wood -> reveal secret 23')
    for node in _walk(opt):
        assert "lark" not in type(node).__module__
        if isinstance(node, str):
            assert type(node) is str  # not a lark Token


def test_everyone_roll_is_a_roll_clause_for_each_player():
    opt, _ = parse("everyone: require strength 2; everyone roll 1 die")
    assert opt.clauses[0].everyone and opt.clauses[0].kind == "require"
    assert opt.clauses[1] == A.Clause("roll", None, opt.clauses[1].span, True, 1)


def test_operators_bind_then_or_comma_tightest_last():
    opt, _ = parse("-> 1 wood, 1 stone or 2 food then may 1 dream")
    body = opt.clauses[0].body
    assert body.op == "seq"
    assert body.items[0].op == "choice"
    assert body.items[0].items[0].op == "all"
    assert body.items[1].op == "may"


def test_quoted_names_are_references_with_their_kind():
    opt, _ = parse('require have card "Gilga the Great"')
    term = opt.clauses[0].body.terms[1]
    assert (term.kind, term.value, term.refkind) == ("name", "Gilga the Great", "card")


def test_numbered_references_are_grammar_tokens_only_before_a_number():
    opt, _ = parse("-> reveal secret 23, reveal sea  card 3, place token 1 on farm")
    terms = [c.terms for c in opt.clauses[0].body.items]
    assert [(t.kind, t.value, t.refkind) for t in terms[0]] == [("word", "reveal", None), ("number", 23, "secret")]
    assert terms[1][1] == A.Term("number", 3, terms[1][1].span, "sea-card")
    assert terms[2][1].kind == "number" and terms[2][1].refkind == "token"
    opt, _ = parse("cost flip token -> reveal secret x")
    assert [t.kind for t in opt.clauses[0].body.terms] == ["word", "word"]
    assert [t.kind for t in opt.clauses[1].body.terms] == ["word", "word", "word"]


def test_triggers():
    assert parse("at night: -> 1 food")[0].trigger.kind == "night"
    blue = parse("blue: require strength 2 -> 1 food")[0].trigger
    assert (blue.kind, blue.call, blue.span) == ("blue", None, (0, 4))
    assert parse("when revealed: suffer 1 wound")[0].trigger.kind == "revealed"
    t = parse("on stable action: -> 1 food")[0].trigger
    assert t.kind == "on" and [x.value for x in t.call.terms] == ["stable", "action"]


def test_keywords_are_keywords_only_where_the_grammar_expects_them():
    # `night` and `roll` are keywords at their spots only; inside a symbol phrase they are words
    opt, problems = parse("-> prepare card for the night")
    assert problems == []
    assert opt.clauses[0].body.terms[-1].value == "night"
    # `blue` is a trigger only at the start of an option
    opt, problems = parse("on blue: -> blue food")
    assert problems == [] and opt.trigger.kind == "on"
    assert [t.value for t in opt.trigger.call.terms] == ["blue"]
    assert [t.value for t in opt.clauses[0].body.terms] == ["blue", "food"]


@pytest.mark.parametrize("label,sample", [(lab, s) for lab, ss in ERROR_EXAMPLES.items() for s in ss])
def test_every_labelled_bad_sample_reports_its_label(label, sample):
    opt, problems = parse(sample)
    assert opt is None
    assert len(problems) == 1 and problems[0].code == "E301"
    assert label in problems[0].message


@pytest.mark.parametrize("text,label,where", [
    ("gain 1 wood", "an option starts with", "gain"),
    ("require strength 2 -> 1 food or", "expected an item after", None),
    ("roll 2 -> 1 food", "roll N dice", "->"),
    ("-> (1 wood or 1 stone", "parenthesis is not closed", None),
    ("at night -> 1 food", "a trigger is", "->"),
    ("blue -> 2 wood", "a trigger is", "->"),
    ("require awareness 2; blue: -> 2 wood", "must start the option", "blue"),
])
def test_unseen_errors_are_labelled_from_the_samples(text, label, where):
    _, problems = parse(text)
    p = problems[0]
    assert label in p.message
    if where:
        assert text[p.span[0]:p.span[1]] == where
    else:
        assert p.span[1] >= len(text.rstrip()) - 1


def test_unexpected_character_is_pointed_at():
    _, problems = parse("-> 1 wood % 2")
    assert problems[0].span == (10, 11) and "`%`" in problems[0].message


def test_lark_is_imported_lazily():
    import subprocess

    code = "import compiler.effects, sys; print('lark' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
