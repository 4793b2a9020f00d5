"""Adding a system is shown, not claimed: the beacon (`beacon_system.py`, one file: a zone, a night step, a
decision and two symbols of a test registry) joins the Paleo definition by one registration line and plays in
a rule test run by the rule-test machinery."""

from __future__ import annotations

import copy

import pytest

from runtime.core import NotPlayable
from runtime.core.definition import REGISTRY
from runtime.games.paleo import PaleoDefinition, paleo_systems
from runtime.ruletests import RuleTestFailure, run_test

from beacon_system import FOOD, LIGHT, BeaconSystem, symbol_records

FIRE = "card:synthetic/signal-fire"


@pytest.fixture()
def beacon_bundle(bundle) -> dict:
    """The synthetic bundle, its registry holding the two test symbols, and one base card using both; the game's
    record names the beacon's rule, which the rule test checks."""
    b = copy.deepcopy(bundle)
    game = next(g for g in b["games"] if g["id"] == "game:paleo")
    game["rules"] = [*(game.get("rules") or []), {"id": "beacon", "text": "test data"}]
    b["symbols"] = [*b["symbols"], *symbol_records()]
    card = copy.deepcopy(next(c for c in b["cards"] if c["id"] == "card:synthetic/berry-bushes"))
    card.update(id=FIRE, name="Signal Fire", back="forest", options=[{"text": "-> beacon food, light beacon", "ir": {
        "node": "option", "clauses": [
            {"node": "clause", "kind": "reward", "position": "reward", "body": {"node": "call", "symbol": FOOD, "args": {}}},
            {"node": "clause", "kind": "reward", "position": "reward", "body": {"node": "call", "symbol": LIGHT, "args": {}}},
        ]}}])
    b["cards"] = [*b["cards"], card]
    return b


@pytest.fixture()
def beacon(monkeypatch):
    monkeypatch.setitem(REGISTRY, "game:paleo", PaleoDefinition((*paleo_systems(), BeaconSystem())))


TEST = {
    "format": 2, "name": "a card lit into the beacon feeds it at night", "rulebook": "beacon.txt",
    "section": ["The Beacon"], "rules": ["game:paleo#beacon"], "content": {"scenario": "A"},
    "players": 1, "seed": 3,
    "given": {"decks": {"0": [FIRE]}, "beacon": ["card:synthetic/ford"]},
    "actions": [
        {"type": "choose", "player": 0, "card": 0},
        {"type": "option", "player": 0, "option": 0},
        {"type": "tend", "player": 0, "feed": True},
    ],
    "expect": {
        "events": [
            {"t": "placed", "card": FIRE, "to": "beacon"},
            {"t": "beacon-fed", "card": FIRE, "by": "rule:beacon/night"},
            {"t": "feeding"},
        ],
        "state": {"beacon": ["card:synthetic/ford"]},
    },
}


def test_the_beacon_plays_in_a_rule_test(beacon_bundle, beacon):
    run_test(TEST, beacon_bundle)
    fed = copy.deepcopy(TEST)
    fed["expect"]["state"]["beacon"] = []  # the fed card left it: the rule test would fail
    with pytest.raises(RuleTestFailure):
        run_test(fed, beacon_bundle)


def test_without_its_registration_line_the_game_is_not_playable_naming_the_symbol(beacon_bundle):
    with pytest.raises(NotPlayable, match="symbol `symbol:beacon-food` has no runtime implementation"):
        run_test(TEST, beacon_bundle)


def test_the_definition_merges_what_the_beacon_declares(beacon):
    d = REGISTRY["game:paleo"]
    assert list(d.actions)[-1] == "tend" and d.scores["tend"] == 0.0
    assert d.source_of("rule:beacon/night", {}) == {"rulebook": "beacon.txt", "section": ["The Beacon"]}
