"""PaleoVet's cards and box as a hand-made bundle may give them: what the runtime refuses to play on a dino or
an upgrade, and the facts of the box it needs, each named, so that such a game is never set up and misplayed.

The rules are those of `004_1199c90b0c83849d.txt` (PaleoVet): the components it lists and the effects its dinos
and upgrades show; the synthetic paleovet pack gives the faces (tests only)."""

from __future__ import annotations

import copy

import pytest

from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.engine import NotPlayable

import synthetic_bundle


def _ir(*clauses, trigger=None) -> dict:
    ir = {"node": "option", "clauses": [
        {"node": "clause", "kind": k, "position": p, "body": {"node": "call", "symbol": s, "args": a}}
        for k, p, s, a in clauses]}
    if trigger:
        ir["trigger"] = trigger
    return ir


REWARD_DNA = ("reward", "reward", "symbol:dna-token", {"n": 1})


def _opt(text, ir=None) -> dict:
    return {"text": text, "ir": ir if ir is not None else synthetic_bundle.lower(text, game="game:paleovet")}


def test_effects_the_runtime_does_not_play_on_paleovet_cards_are_refused_by_name(vet_bundle):
    b = copy.deepcopy(vet_bundle)
    dinos = [c for c in b["cards"] if c.get("game") == "game:paleovet" and c.get("kind") == "dino"]
    upgrade = next(c for c in b["cards"] if c.get("game") == "game:paleovet" and c.get("kind") == "upgrade")
    d = dinos[0]
    d["alert"] = False
    d["options"] = [
        _opt("roll 1 die -> 1 dna token"),
        _opt("at night: -> 1 dna token"),
        _opt("when revealed: -> 1 dna token"),
        _opt("on dna: -> 1 dna token", _ir(REWARD_DNA, trigger={"kind": "on", "call": {
            "node": "call", "symbol": "symbol:dna-token", "args": {}}})),
        _opt("hospital limit as a cost", _ir(("cost", "cost", "symbol:hospital-limit", {"n": 1}))),
        _opt("diet as a reward", _ir(("reward", "reward", "symbol:diet", {"diet": "carnivore"}))),
        _opt("a die without its colour", _ir(("reward", "reward", "symbol:specialty-die", {"n": 1}))),
        _opt("discard as a reward", _ir(("reward", "reward", "symbol:discard-dino", {}))),
        {"text": "words only", "ir": None},
    ]
    upgrade["alert"] = True
    upgrade["options"] = [_opt("when revealed: -> 1 dna token")]
    dinos[1]["sleep"] = None
    dinos[2]["treatments"] = ["magic"]
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, game="game:paleovet", options={"mode": "standard"}, players=2, seed=0)
    facts = exc.value.facts
    for want in (f"{d['id']}: option 1: dice rolls and `everyone:` clauses have no meaning on a PaleoVet card",
                 f"{d['id']}: option 2: `night` options are not played in PaleoVet",
                 f"{d['id']}: option 3: a `when revealed:` option is an ALERT!",
                 f"{d['id']}: option 4: `on symbol:dna-token` is not an event of PaleoVet's dinos",
                 f"{d['id']}: option 5: `symbol:hospital-limit` has no runtime meaning as a cost",
                 f"{d['id']}: option 6: `symbol:diet` has no runtime meaning as a reward",
                 f"{d['id']}: option 7: `symbol:specialty-die` has no runtime meaning as a reward",
                 f"{d['id']}: option 8: `symbol:discard-dino` has no runtime meaning as a reward",
                 f"{d['id']}: option 9 has no compiled effect",
                 f"{upgrade['id']}: option 1: only a dino is turned up in the field",
                 f"{dinos[1]['id']}: sleep not given",
                 f"{dinos[2]['id']}: a required treatment that is not antibiotic, antiviral or surgery"):
        assert any(f.startswith(want) for f in facts), (want, facts)


def test_the_box_s_dna_and_sleep_tokens_must_be_counted(vet_bundle):
    """Components: the DNA and sleep tokens are a limited supply; a bundle that does not count them is not
    played."""
    b = copy.deepcopy(vet_bundle)
    prod = next(p for p in b["products"] if p.get("game") == "game:paleovet")
    prod["components"] = [c for c in prod["components"] if "dna" not in c["name"].lower()
                          and "sleep" not in c["name"].lower()]
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, game="game:paleovet", options={"mode": "standard"}, players=2, seed=0)
    facts = exc.value.facts
    assert "DNA tokens: their number is not in the product's components" in facts
    assert "sleep tokens: their number is not in the product's components" in facts


def test_solo_mode_needs_its_cards_and_what_they_mark(vet_bundle):
    b = copy.deepcopy(vet_bundle)
    solo = [c for c in b["cards"] if c.get("game") == "game:paleovet" and c.get("kind") == "solo"]
    solo[0]["solo"] = None
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, game="game:paleovet", options={"mode": "solo"}, players=1, seed=0)
    assert any(f == f"{solo[0]['id']}: which stacks it marks is not given" for f in exc.value.facts)
    b = copy.deepcopy(vet_bundle)  # a new bundle: rules are read once per bundle
    b["cards"] = [c for c in b["cards"] if not (c.get("game") == "game:paleovet" and c.get("kind") == "solo")]
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, game="game:paleovet", options={"mode": "solo"}, players=1, seed=0)
    assert "solo mode cards: none in the bundle" in exc.value.facts


@pytest.mark.parametrize("kw, says", [
    ({"modules": ["module:paleo/A"]}, "PaleoVet has no modules"),
    ({"options": "solo"}, "setup options are a mapping"),
    ({"stack": {"people": []}}, "PaleoVet has no support decks to stack"),
])
def test_a_paleovet_setup_asking_for_what_the_game_has_not_is_refused(vet_bundle, kw, says):
    """PaleoVet is set up by its mode alone (standard, casual, light, solo): no modules, no support decks."""
    from runtime.engine import SetupError

    kw = {"options": {"mode": "standard"}, **kw}
    with pytest.raises(SetupError, match=says):
        Game.new(vet_bundle, game="game:paleovet", players=2, seed=0, **kw)


def test_paleovet_returns_for_a_stopped_game_and_for_solo_play():
    """End of the game: a solo game is a victory or a defeat; a game stopped unfinished ranks nobody."""
    from runtime.games.paleovet import PALEOVET

    assert PALEOVET.returns({"result": "unfinished"}, 3) == [0.0, 0.0, 0.0]
    assert PALEOVET.returns({"result": "win"}, 1) == [1.0]
    assert PALEOVET.returns({"result": "loss"}, 1) == [-1.0]
    assert PALEOVET.returns({"result": "win", "scores": [5, 9], "cured": [1, 1]}, 2) == [-1.0, 1.0]
