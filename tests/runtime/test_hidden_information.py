"""No hidden front reaches a player: neither through an observation nor through an event when it is logged."""

from __future__ import annotations

import json

import pytest

from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.sim import play



def _card_ids(value) -> set[str]:
    if isinstance(value, str):
        return {value} if value.startswith("card:") else set()
    if isinstance(value, dict):
        return set().union(*(_card_ids(v) for v in value.values()), *(_card_ids(k) for k in value))
    if isinstance(value, list):
        return set().union(*(_card_ids(v) for v in value)) if value else set()
    return set()


def _face_up(g: Game) -> set[str]:
    s = g.s
    public = {z.name for z in g.layout.zones if z.visibility == "public"}  # face up, by the declarations
    return {s["cards"][i] for zone, ids in s["z"].items() if zone.split("/")[0] in public for i in ids}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_no_hidden_front_in_observations_or_events(bundle, monkeypatch, players, policy):
    leaks: list[str] = []
    original = Game.event

    def event(self, t, **fields):
        hidden = _card_ids(fields) - _face_up(self)
        if hidden:
            leaks.append(f"event {t} names {sorted(hidden)}, which are face down")
        original(self, t, **fields)

    monkeypatch.setattr(Game, "event", event)

    def after(g: Game):
        up = _face_up(g)
        down_names = {g.rules.name(c) for c in g.s["cards"]} - {g.rules.name(c) for c in up}
        for p in range(g.s["players"]):
            obs = g.observation(p)
            hidden = _card_ids(obs) - up
            if hidden:
                leaks.append(f"observation of P{p} names {sorted(hidden)}, which are face down")
            for a in g.legal_actions(p):
                hidden = _card_ids(a) - up
                if hidden:
                    leaks.append(f"legal action {a['label']} names {sorted(hidden)}")
                named = [n for n in down_names if n in a["label"]]
                if named:
                    leaks.append(f"legal action {a['label']} names face-down {named}")
        assert not leaks, leaks[:3]

    for seed in range(25):
        play(bundle, game="game:paleo", scenario="A", players=players, seed=seed, policy=policy, on_action=after)
    assert not leaks, leaks[:3]


def test_an_unrevealed_choice_shows_only_its_back(bundle):
    from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
    new_game = Game.new
    from runtime.ruletests import apply_given

    g = new_game(bundle, scenario="A", players=2, seed=3)
    apply_given(g, {"decks": {"0": ["card:synthetic/wolf-pack", "card:synthetic/ford"],
                              "1": ["card:synthetic/forest-glade", "card:synthetic/river-bank"]}})
    g.apply(next(a for a in g.legal_actions(0) if a["type"] == "choose" and a["card"] == 0))
    for p in (0, 1):
        text = json.dumps(g.observation(p))
        assert "wolf-pack" not in text and "forest-glade" not in text
        assert g.observation(p)["players"][0]["committed"] == {"back": "danger"}
    assert "wolf-pack" not in json.dumps(g.log)
