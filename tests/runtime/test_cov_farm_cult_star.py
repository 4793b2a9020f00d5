"""Module W's star cards at their edges: the star symbol where it has no meaning, rule tests given what the star
piles cannot hold, and forged saves of the star step, each refused by name."""

from __future__ import annotations

import json

import pytest

from runtime import ruletests
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.engine import NotPlayable, StateError

import synthetic_bundle

W = "module:pote/W"


@pytest.fixture(scope="module")
def wb() -> dict:
    return synthetic_bundle.build(packs=["synthetic-base", "base-modules", "pote-w"])


def test_prepare_card_for_the_night_as_a_cost_makes_the_game_unplayable(wb):
    b = json.loads(json.dumps(wb))
    card = next(c for c in b["cards"] if c["id"] == "card:synthetic-w/glow")
    clause = {"node": "clause", "kind": "cost", "position": "cost",
              "body": {"node": "call", "symbol": "symbol:prepare-card-for-the-night", "args": {}}}
    card["options"].append({"text": "hand-built", "ir": {"node": "option", "clauses": [clause]}})
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, modules=[W], players=2, seed=0)
    assert any("`symbol:prepare-card-for-the-night` has no runtime meaning as a cost" in f for f in exc.value.facts)


@pytest.mark.parametrize("given, says", [
    ({"star_deck": "card:synthetic-w/glow"}, "`star_deck` is a list of card ids, top first"),
    ({"star_discard": [1]}, "`star_discard` is a list of card ids, top first"),
    ({"star_pick": "yes"}, "`star_pick` is true"),
])
def test_a_rule_test_given_what_the_star_piles_cannot_hold_fails_naming_it(wb, given, says):
    g = Game.new(wb, modules=[W], players=2, seed=0)
    with pytest.raises(ruletests.RuleTestFailure, match=says.replace("`", ".")):
        ruletests.apply_given(g, given)


def test_forged_star_saves_are_refused(wb):
    """A save whose prepared cards repeat, or whose star decision names a card not revealed, is refused."""
    g = Game.new(wb, modules=[W], players=2, seed=5)
    ruletests.apply_given(g, {"star_pick": True, "decks": {"0": [], "1": []}})
    g.apply(g.legal_actions()[0])  # a star card revealed; its decision pending
    assert g.s["queue"][0]["k"] == "star-card"
    text = g.to_json()
    s = json.loads(text)
    s["prepared"] = [0, 0]
    with pytest.raises(StateError, match="the prepared cards are distinct card instances"):
        Game.from_json(wb, json.dumps(s))
    s = json.loads(text)
    s["queue"][0]["card"] = s["z"]["star-deck"][0]
    with pytest.raises(StateError, match="which is not the revealed star card"):
        Game.from_json(wb, json.dumps(s))
