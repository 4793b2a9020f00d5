"""The White Whale's sea system: what it refuses (one player, the bundled content's unknown sea cards, a day card
that asks for a sea card), what observations show of the sea deck, forged saves, and a game saved at sea."""

from __future__ import annotations

import copy
import json

import pytest

from runtime import NotPlayable, SetupError, StateError
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.policies import GreedyPolicy

import synthetic_bundle


def _facts(bundle, **kw) -> list[str]:
    with pytest.raises(NotPlayable) as exc:
        Game.new(bundle, players=2, seed=0, **kw)
    return exc.value.facts


def _at_sea(bundle, seed=0, players=2) -> Game:
    """A game of A+T played greedily until the players are out at sea with a sea card to resolve."""
    g = Game.new(bundle, scenario="A+T", players=players, seed=seed)
    policy = GreedyPolicy(seed)
    for _ in range(2000):
        acts = g.legal_actions()
        go = [a for a in acts if a["type"] == "sea"]
        g.apply(go[0] if go else policy(g))
        if g.s["queue"] and g.s["queue"][0]["k"] == "sea-card":
            return g
        assert not g.is_terminal()
    raise AssertionError("never out at sea")


def test_module_t_is_not_played_solo(whale_bundle):
    with pytest.raises(SetupError, match="2 to 4"):
        Game.new(whale_bundle, scenario="A+T", players=1, seed=0)
    for n in (2, 3, 4):  # interpretation:whale-players
        assert Game.new(whale_bundle, scenario="A+T", players=n, seed=0).s["players"] == n


def test_the_bundled_content_names_what_module_t_lacks(bundled_only):
    facts = _facts(bundled_only, scenario="A+T")
    assert any("the sea deck holds 0 of its 13 sea cards" in f for f in facts), facts
    assert any("card:whale/white-whale: not a sea card here" in f for f in facts), facts
    assert not any("no runtime implementation" in f for f in facts), facts


def test_a_day_card_asking_for_a_sea_card_is_refused_naming_it(whale_bundle):
    # interpretation:whale-reveal-at-sea: the symbol is played on sea cards only
    b = copy.deepcopy(whale_bundle)
    card = next(c for c in b["cards"] if c["id"] == "card:synthetic/ford")
    card["options"].append({"text": "-> reveal sea card 2", "ir": synthetic_bundle.lower("-> reveal sea card 2")})
    facts = _facts(b, scenario="A+T")
    assert any(f.startswith("card:synthetic/ford: option 2: `reveal sea card` is played only on a sea card")
               for f in facts), facts


def test_everyone_sees_the_sea_backs_but_no_sea_front(whale_bundle):
    g = Game.new(whale_bundle, scenario="A+T", players=3, seed=4)
    for p in range(3):
        obs = g.observation(p)
        deck = g.s["z"]["sea-deck"]
        assert obs["sea_deck"] == 13
        assert obs["sea_backs"] == [g.rules.cards[g.s["cards"][i]]["sea_symbol"] for i in reversed(deck)]
        assert not any(c in json.dumps(obs) for c in g.rules.sea_cards), "a face-down sea card's front leaked"


def test_a_game_saved_at_sea_goes_on_the_same(whale_bundle):
    g = _at_sea(whale_bundle, seed=2)
    text = g.to_json()
    g2 = Game.from_json(whale_bundle, text)
    assert g2.to_json() == text
    a = g.legal_actions()[0]
    g.apply(a)
    g2.apply(a)
    assert g.to_json() == g2.to_json()


@pytest.mark.parametrize("forge, why", [
    (lambda s: s["z"]["deck/0"].append(s["z"]["sea-deck"].pop()), "lies outside the sea deck"),
    (lambda s: s.update(search="lost"), "not one of unsuccessful, successful"),
    (lambda s: s.update(sea_next=9), "not 1 to 5"),
    (lambda s: s["queue"].insert(0, {"k": "sea-card", "card": s["z"]["sea-deck"][-1]}), "not the sea card in play"),
    (lambda s: s["z"]["sea-discard"].append(s["z"]["sea-deck"].pop()), "while nobody is at sea"),
])
def test_a_forged_sea_state_is_refused_naming_it(whale_bundle, forge, why):
    g = Game.new(whale_bundle, scenario="A+T", players=2, seed=1)
    s = json.loads(g.to_json())
    forge(s)
    with pytest.raises(StateError, match=why):
        Game.from_json(whale_bundle, json.dumps(s))


def test_an_illegal_split_is_refused_without_a_change(whale_bundle):
    g = _at_sea(whale_bundle, seed=2)
    for _ in range(200):
        if g.s["queue"] and g.s["queue"][0]["k"] == "sea-split":
            break
        acts = g.legal_actions()
        paid = [a for a in acts if a["type"] == "option" and "discard for others" in a["label"]]
        g.apply(paid[0] if paid else acts[0])
        if not g.s["at_sea"]:
            g = _at_sea(whale_bundle, seed=g.s["actions"])
    else:
        raise AssertionError("no split to decide")
    before = g.to_json()
    from runtime import IllegalAction
    with pytest.raises(IllegalAction):
        g.apply({"type": "split", "player": 0, "split": [99, 0]})
    assert g.to_json() == before

