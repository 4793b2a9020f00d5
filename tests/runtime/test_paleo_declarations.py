"""The Paleo definition merges what its systems declare (action types, policy scores, rule sources) and refuses,
when it is made, an action type without a greedy policy score, a score of no action and anything declared twice."""

from __future__ import annotations

import pytest

from runtime.core import LayoutError, System
from runtime.core.actions import Below
from runtime.games.paleo import NUMBERED, PALEO, PaleoDefinition, paleo_systems
from runtime.games.paleo.system import PaleoSystem


def _with(**attrs):
    return PaleoDefinition((*paleo_systems(), type("Extra", (PaleoSystem,), {"name": "extra", **attrs})()))


def test_the_action_types_keep_their_numbers_and_a_new_one_comes_after_them():
    assert tuple(PALEO.actions) == NUMBERED
    d = _with(action_types={"signal": {"n": Below(3)}}, scores={"signal": 0.5})
    assert list(d.actions) == [*NUMBERED, "signal"] and d.scores["signal"] == 0.5


def test_an_action_type_without_a_policy_score_is_refused_when_the_definition_is_made():
    with pytest.raises(LayoutError, match="action type `signal` of system `extra` has no greedy policy score"):
        _with(action_types={"signal": {}})
    with pytest.raises(LayoutError, match="`beacon` of system `extra` has no greedy policy score"):
        _with(extra_types=("beacon",))


def test_a_score_of_no_action_and_a_thing_declared_twice_are_refused():
    with pytest.raises(LayoutError, match="score for `signal`, which no system offers"):
        _with(scores={"signal": 1.0})
    with pytest.raises(LayoutError, match="action type `choose` declared twice"):
        _with(action_types={"choose": {}}, scores={})
    with pytest.raises(LayoutError, match="rule source of `rule:paleo/setup` declared twice"):
        _with(rule_sources={"rule:paleo/setup": ("book", [])})


def test_every_system_is_a_paleo_system():
    with pytest.raises(LayoutError, match="is not a PaleoSystem"):
        PaleoDefinition((*paleo_systems(), type("Plain", (System,), {"name": "plain"})()))


def test_the_greedy_score_of_a_type_is_its_systems_number_or_function():
    assert PALEO.greedy_score(None, {"type": "keep-beside"}) == 0.15
    assert PALEO.greedy_score(None, {"type": "develop", "flip": True}) == 1.0
