"""The base game's symbols written where the engine gives them no meaning (a hand-made bundle: the symbol
registry gives none of these positions), and `have token N`, a requirement A New Beginning's cards print.

A refused symbol makes the game not playable, naming the option, rather than being misplayed."""

from __future__ import annotations

import copy

import pytest

from runtime import ruletests
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.engine import IllegalAction, NotPlayable

import synthetic_bundle

KIND = {"cost": "cost", "reward": "reward", "negative": "suffer", "requirement": "require"}
BAD = [
    ("symbol:have", "reward", {"item": "torch"}), ("symbol:have", "requirement", {"item": {"ref": "idea"}}),
    ("symbol:discard", "reward", {"n": 1}), ("symbol:wound", "reward", {"n": 1}), ("symbol:skull", "reward", {"n": 1}),
    ("symbol:victory-token", "cost", {"n": 1}), ("symbol:dream", "cost", {"n": 1}),
    ("symbol:reveal-secret", "cost", {"secret": {"number": 1}}), ("symbol:craft", "cost", {}),
    ("symbol:help", "negative", {}),
]
NEEDS_NUMBER = ("symbol:reveal-secret", "reward", {"secret": {"ref": "secret"}})


def _forged(sym, position, args) -> dict:
    clause = {"node": "clause", "kind": KIND[position], "position": position,
              "body": {"node": "call", "symbol": sym, "args": args}}
    return {"text": f"{sym} as a {position}", "ir": {"node": "option", "clauses": [clause]}}


def test_base_symbols_where_the_engine_gives_them_no_meaning_make_the_game_unplayable(bundle):
    b = copy.deepcopy(bundle)
    glade = next(c for c in b["cards"] if c["id"] == "card:synthetic/forest-glade")
    first = len(glade["options"])
    glade["options"].extend(_forged(*x) for x in [*BAD, NEEDS_NUMBER])
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, players=1, seed=1)
    facts = exc.value.facts
    for k, (sym, position, _a) in enumerate(BAD):
        want = f"card:synthetic/forest-glade: option {first + k + 1}: `{sym}` has no runtime meaning as a {position}"
        assert want in facts, (want, facts)
    want = f"card:synthetic/forest-glade: option {first + len(BAD) + 1}: `symbol:reveal-secret` needs a secret number"
    assert want in facts, facts


def test_have_token_is_met_only_with_that_secret_token_face_up_with_the_group(anb_bundle):
    """Secret Tokens on the Farm: a token received is turned face up and placed with the group; a requirement
    showing that token is met only while the group holds it."""
    b = copy.deepcopy(anb_bundle)
    c = copy.deepcopy(next(c for c in b["cards"] if c["id"] == "card:synthetic/anb-meadow"))
    text = "require have token 5 -> 1 victory token"
    c.update(id="card:synthetic/covb-token-shrine", name="Covb token shrine (synthetic)", marks=[],
             options=[{"text": text, "ir": synthetic_bundle.lower(text)}, {"text": "-> 1 food",
                                                                          "ir": synthetic_bundle.lower("-> 1 food")}])
    b["cards"].append(c)
    for place, ok in (("group/0", True), ("down", False)):
        g = Game.new(b, modules=["module:paleo/B"], boards=["board:farm"], players=1, seed=3)
        ruletests.apply_given(g, {"decks": {"0": [c["id"], "card:synthetic/anb-yard"]}, "tokens": {"5": place},
                                  "groups": {"0": ["card:synthetic-anb/human-02"]}})
        g.apply(next(a for a in g.legal_actions() if a["type"] == "choose" and a["card"] == 0))
        want = {"type": "option", "player": 0, "option": 0}
        if ok:
            v = g.s["victory"]
            g.apply(next(a for a in g.legal_actions() if all(a.get(k) == x for k, x in want.items())))
            assert g.s["victory"] == v + 1
        else:
            assert not [a for a in g.legal_actions() if all(a.get(k) == x for k, x in want.items())]
            with pytest.raises(IllegalAction):
                g.apply(dict(want, label="x"))
