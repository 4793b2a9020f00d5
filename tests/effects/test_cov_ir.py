"""An IR from outside (a bundle, a rule test) is checked node by node: each malformed shape has its own message."""

from __future__ import annotations

import pytest

from compiler.effects.ir import validate


def _reward(body):
    return {"node": "option", "clauses": [{"node": "clause", "kind": "reward", "position": "reward", "body": body}]}


def _call(symbol, **args):
    return {"node": "call", "symbol": symbol, "args": args}


FOOD = _call("symbol:food", n=1)

CASES = [
    ("a body that is text", _reward("food"), ["clauses[0].body: not an effect node"]),
    ("a clause node as a body", _reward({"node": "clause"}), ["clauses[0].body: not an effect node"]),
    ("an unknown symbol", _reward(_call("symbol:no-such")), ["clauses[0].body: unknown symbol 'symbol:no-such'"]),
    ("args as a list", _reward({"node": "call", "symbol": "symbol:food", "args": [1]}),
     ["clauses[0].body: args must be a mapping"]),
    ("a parameter the symbol lacks", _reward(_call("symbol:food", n=1, colour="red")),
     ["clauses[0].body: `food` has no parameter 'colour'"]),
    ("a required parameter left out", _reward(_call("symbol:avoid-place")),
     ["clauses[0].body: `avoid place` is missing 'n'"]),
    # lowering writes an optional parameter's default out, so an IR without it did not come from lowering
    ("an optional parameter with a default left out", _reward(_call("symbol:antibiotic")),
     ["clauses[0].body: `antibiotic` is missing 'n'"]),
    ("a count of zero", _reward(_call("symbol:avoid-place", n=0)),
     ["clauses[0].body: 'n' of `avoid place` is not a number of at least 1"]),
    ("a reference with a stray field", _reward(_call("symbol:reveal-secret", secret={"ref": "secret", "number": 3, "x": 1})),
     ["clauses[0].body: 'secret' of `reveal secret` is not a secret number (`secret 23`)"]),
    ("a choice of one", _reward({"node": "choice", "items": [FOOD]}), ["clauses[0].body: choice needs at least two items"]),
    ("a choice directly inside a choice", _reward({"node": "choice", "items": [FOOD, {"node": "choice", "items": [FOOD, FOOD]}]}),
     ["clauses[0].body.items[1]: choice directly inside choice"]),
    ("a list, not an option", [FOOD], ["not an option"]),
    ("a clause of an unknown kind", {"node": "option", "clauses": [{"node": "clause", "kind": "bonus", "body": FOOD}]},
     ["clauses[0]: not a clause"]),
    ("a roll without dice", {"node": "option", "clauses": [{"node": "clause", "kind": "roll", "dice": 0}]},
     ["clauses[0]: a roll needs a number of dice"]),
    ("a clause in the wrong position", {"node": "option", "clauses": [{"node": "clause", "kind": "cost", "position": "reward", "body": FOOD}]},
     ["clauses[0]: position must be 'cost'"]),
]


@pytest.mark.parametrize("what,ir,expected", CASES, ids=[c[0] for c in CASES])
def test_each_malformed_ir_shape_has_its_message(registry, what, ir, expected):
    assert validate(ir, registry) == expected


def test_an_optional_parameter_without_a_default_may_be_left_out(registry):
    assert validate(_reward(_call("symbol:craft")), registry) == []
