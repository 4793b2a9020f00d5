"""PaleoVet's game definition outside the rule tests: player counts per mode, the bundled content refused naming
what it lacks, ALERT! dinos turned up at setup, rolled faces, forged saves and refused actions."""

from __future__ import annotations

import json

import pytest

from runtime import IllegalAction, NotPlayable, SetupError, StateError
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine


def _new(bundle, mode="standard", players=2, seed=0):
    return Game.new(bundle, game="game:paleovet", options={"mode": mode}, players=players, seed=seed)


@pytest.mark.parametrize("mode, ok, refused", [("standard", (2, 3, 4), (1, 5)), ("casual", (2, 3, 4), (1,)),
                                                 ("light", (2, 3, 4), (1,)), ("solo", (1,), (2, 4))])
def test_each_mode_takes_its_player_counts(vet_bundle, mode, ok, refused):
    # interpretation:paleovet-mode-players, interpretation:paleovet-players
    for n in ok:
        assert _new(vet_bundle, mode, n).s["players"] == n
    for n in refused:
        with pytest.raises(SetupError, match="mode takes"):
            _new(vet_bundle, mode, n)


def test_an_unknown_mode_or_a_scenario_is_refused(vet_bundle):
    with pytest.raises(SetupError, match="one of standard, casual, light, solo"):
        _new(vet_bundle, "hard")
    with pytest.raises(SetupError, match="no scenarios or modules"):
        Game.new(vet_bundle, game="game:paleovet", scenario="A", players=2, seed=0)


def test_the_bundled_content_alone_is_not_playable_naming_what_it_lacks(bundled_only):
    with pytest.raises(NotPlayable) as exc:
        Game.new(bundled_only, game="game:paleovet", players=2, seed=0)
    facts = exc.value.facts
    assert any("dino cards: 0 of the 50" in f for f in facts), facts
    assert any("specialty_die_cost" in f for f in facts), facts
    assert any("die:white: its faces are not given" in f for f in facts), facts
    assert not any("game:paleo`" in f or "Paleo's" in f for f in facts), facts


def test_an_alert_turned_up_at_setup_has_no_effect(vet_bundle):
    # interpretation:paleovet-alert-at-setup: find seeds whose setup shows an ALERT! dino on top of a stack
    seen = 0
    for seed in range(60):
        g = _new(vet_bundle, players=2, seed=seed)
        s, r = g.s, g.rules
        tops = [s["cards"][s["z"][f"dino-{i}"][-1]] for i in range(5)]
        if any(r.dino(c).get("alert") for c in tops):
            seen += 1
            assert not [e for e in g.log if e["t"] in ("alert", "sleep", "dino-lost")], g.log
    assert seen >= 5


def test_rolled_faces_are_faces_of_their_dice(vet_bundle):
    g = _new(vet_bundle, players=3, seed=3)
    rolled = [d for d in g.s["dice"] if d["state"] == "ready"]
    assert len(rolled) == 4 and all(d["face"] in g.rules.faces[d["kind"]] for d in rolled)


@pytest.mark.parametrize("forge, why", [
    (lambda s: s.update(dna_supply=s["dna_supply"] + 1), "but the game has 18"),
    (lambda s: s["dice"][0].update(face="laser"), "not one of its faces"),
    (lambda s: s["sleep"].update({"0": 3}), "in no hospital"),
    (lambda s: s.update(current=7), "the current player is 7"),
    (lambda s: s["z"]["dino-0"].append(s["z"]["solo-deck"].pop()) if s["z"]["solo-deck"] else s["z"]["dino-0"].append(
        s["z"]["upgrade-0"].pop()), "lies in a dino stack"),
])
def test_a_forged_save_is_refused_naming_why(vet_bundle, forge, why):
    g = _new(vet_bundle, players=2, seed=1)
    s = json.loads(g.to_json())
    forge(s)
    with pytest.raises(StateError, match=why):
        Game.from_json(vet_bundle, json.dumps(s))


def test_an_illegal_payment_is_refused_without_a_change(vet_bundle):
    g = _new(vet_bundle, players=2, seed=1)
    g.apply(next(a for a in g.legal_actions() if a["type"] == "admit"))
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply({"type": "treat", "player": 0, "dino": g.s["z"]["hospital/0"][0], "pay": ["dna", "dna", "dna", "dna"]})
    with pytest.raises(IllegalAction):
        g.apply({"type": "done", "player": 1})
    assert g.to_json() == before
