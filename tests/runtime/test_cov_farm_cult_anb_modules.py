"""A New Beginning's modules O, Q and R at their edges: the Xrib mood symbols where they have no meaning, rule
tests given what these modules cannot hold, a forged save, and the rescue count's invariant.

Expectations come from `000_97f291d3c44cb3f7.txt` (Module O: The Xrib Tribe, Module Q: Dream Journey, Module R:
Wrath of the Fire God), on the modules' synthetic test bundle (invented faces, tests only)."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from anb_modules_bundle import bundle as syn_bundle  # noqa: E402
from runtime import ruletests  # noqa: E402
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.core.invariants import violations  # noqa: E402
from runtime.engine import NotPlayable, StateError  # noqa: E402


@pytest.fixture(scope="module")
def b():
    return syn_bundle()


def new(b, letter, players=1, seed=1):
    return Game.new(b, modules=[f"module:anb/{letter}"], players=players, seed=seed)


def _forged(sym, kind, position, args) -> dict:
    clause = {"node": "clause", "kind": kind, "position": position,
              "body": {"node": "call", "symbol": sym, "args": args}}
    return {"text": f"{sym} as a {position}", "ir": {"node": "option", "clauses": [clause]}}


def test_the_xrib_mood_symbols_where_they_have_no_meaning_make_module_o_unplayable(b):
    """Module O: a requirement asks for the tribe's mood, a reward or negative action turns it; a hand-made
    bundle asking for a mood as a cost, or turning it as a requirement, is refused, naming the options."""
    b = copy.deepcopy(b)
    card = next(c for c in b["cards"] if c.get("module") == "module:anb/O" and c.get("options"))
    first = len(card["options"])
    card["options"] += [_forged("symbol:mood", "cost", "cost", {"mood": "friendly"}),
                        _forged("symbol:turn-mood", "require", "requirement", {"mood": "angry"})]
    with pytest.raises(NotPlayable) as exc:
        new(b, "O")
    facts = exc.value.facts
    assert f"{card['id']}: option {first + 1}: `symbol:mood` has no runtime meaning as a cost" in facts, facts
    assert f"{card['id']}: option {first + 2}: `symbol:turn-mood` has no runtime meaning as a requirement" in facts


@pytest.mark.parametrize("letter, given, says", [
    ("O", {"mood": "sulky"}, "the Xrib mood is friendly or angry"),
    ("R", {"rescued": 999}, "rescued is a count of at most"),
    ("R", {"rescued": True}, "rescued is a count of at most"),
])
def test_a_rule_test_given_what_a_module_cannot_hold_fails_naming_it(b, letter, given, says):
    g = new(b, letter)
    with pytest.raises(ruletests.RuleTestFailure, match=says):
        ruletests.apply_given(g, given)


def test_a_saved_spirit_mission_decision_needs_its_mission_card(b):
    """Module Q: the spirit mission decision is about a mission card in play; a save naming another card is
    refused on load."""
    g = new(b, "Q")
    s = json.loads(g.to_json())
    other = next(i for i in range(len(s["cards"])) if i not in s["z"]["missions"])
    s["queue"].insert(0, {"k": "spirit-mission", "card": other})
    with pytest.raises(StateError, match="which is no mission card in play"):
        Game.from_json(b, json.dumps(s))


def test_the_rescue_count_invariant_notices_a_human_gained_or_lost(b):
    """Module R: the humans to rescue are either rescued or still waiting in the rescue deck; the invariants
    name a count that adds up to anything else."""
    g = new(b, "R")
    assert violations(g) == []
    g.s["rescued"] += 1
    assert any("rescued and" in v and "waiting, of" in v for v in violations(g)), violations(g)
