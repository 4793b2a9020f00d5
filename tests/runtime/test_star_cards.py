"""Module W (star cards) on the synthetic pack pote-w: seeded full games keep every invariant, the star step
always comes before feeding, star cards are conserved, nothing face down leaks, saves round-trip; and the
bundled content alone (a faceless mission, no star card) is refused naming why."""

from __future__ import annotations

import json

import pytest

from runtime import NotPlayable, StateError
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.core.invariants import check
from runtime.sim import play

PACKS = ["synthetic-base", "base-modules", "pote-w"]
STARS = 12
SCENARIOS = ("W", "D+W")
GAMES = 24  # per scenario
CONFIGS = [(p, pol) for pol in ("random", "greedy") for p in (1, 2, 3, 4)]
W = "module:pote/W"


@pytest.fixture(scope="module")
def wbundle() -> dict:
    import synthetic_bundle

    return synthetic_bundle.build(packs=PACKS)


def _star_zones(g) -> list[int]:
    z = g.s["z"]
    return z["star-deck"] + z["star-discard"] + z["star-up"]


def _watch(bundle):
    """After every action: the invariants and the star cards conserved; a JSON round trip at each star card."""
    def after(g):
        check(g)
        s = g.s
        assert len(_star_zones(g)) == STARS + len(s["prepared"])
        assert set(s["prepared"]) <= set(_star_zones(g))
        if s["phase"] == "day":
            assert not s["z"]["star-up"], "a star card is revealed by day"
            for p in range(s["players"]):
                assert not set(s["z"][f"deck/{p}"]) & set(s["prepared"]), "a prepared card was dealt again"
        if (s["queue"] and s["queue"][0]["k"] == "star-card") or g.is_terminal():
            text = g.to_json()
            g2 = Game.from_json(bundle, text)
            assert g2.to_json() == text, "a JSON round trip changed the state"
            return g2
        return g
    return after


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_seeded_games_with_module_w_keep_every_invariant(wbundle, scenario):
    results = {"win": 0, "loss": 0, "unfinished": 0}
    nights = revealed = prepared = given_up = 0
    for seed in range(GAMES):
        players, policy = CONFIGS[seed % len(CONFIGS)]
        g = play(wbundle, game="game:paleo", scenario=scenario, players=players, seed=seed, policy=policy,
                 on_action=_watch(wbundle))
        results[g.outcome["result"]] += 1
        nights += g.s["nights"]
        kinds = [e["t"] for e in g.log]
        revealed += kinds.count("star-revealed")
        prepared += len(g.s["prepared"])
        given_up += kinds.count("star-given-up")
        # every night: the star step (its shuffle) comes before feeding, and the star pile is back before the deal
        for i, e in enumerate(g.log):
            if e["t"] == "feeding":
                before = [x["t"] for x in g.log[:i]]
                last_stars = len(before) - 1 - before[::-1].index("stars")
                assert "stars-returned" in before[last_stars:], "feeding before the star cards were all resolved"
    assert sum(results.values()) == GAMES
    assert results["unfinished"] <= GAMES // 10, results
    assert nights > GAMES and revealed > nights * 5, (nights, revealed)
    assert prepared and given_up, "the games never prepare a card or give up a star card"


def test_star_cards_are_never_named_while_face_down(wbundle, monkeypatch):
    """No face-down front (star deck, star discard, a prepared card) reaches an observation, an action or an event."""
    leaks: list[str] = []
    original = Game.event

    def face_up(g) -> set[str]:
        public = {z.name for z in g.layout.zones if z.visibility == "public"}
        return {g.s["cards"][i] for zone, ids in g.s["z"].items() if zone.split("/")[0] in public for i in ids}

    def ids_in(value) -> set[str]:
        text = json.dumps(value)
        return {c for c in STAR_IDS if c in text}

    def event(self, t, **fields):
        hidden = ids_in(fields) - face_up(self)
        if hidden:
            leaks.append(f"event {t} names {sorted(hidden)}")
        original(self, t, **fields)

    monkeypatch.setattr(Game, "event", event)

    def after(g):
        up = face_up(g)
        for p in range(g.s["players"]):
            if ids_in(g.observation(p)) - up:
                leaks.append(f"the observation of P{p} names a face-down star card")
            for a in g.legal_actions(p):
                if ids_in(a) - up:
                    leaks.append(f"action {a['label']} names a face-down star card")
        return g

    STAR_IDS = sorted(c["id"] for c in wbundle["cards"] if c.get("module") == W and c.get("kind") in ("star", "module"))
    for seed in range(8):
        play(wbundle, game="game:paleo", scenario="W", players=1 + seed % 4, seed=seed, policy="random", on_action=after)
    assert not leaks, leaks[:3]


def test_the_star_deck_is_shuffled_each_night(wbundle):
    """The first star card revealed on night 1 is not always the same one across seeds."""
    first = set()
    for seed in range(10):
        g = play(wbundle, game="game:paleo", scenario="W", players=2, seed=seed, policy="greedy")
        e = next((e for e in g.log if e["t"] == "star-revealed"), None)
        if e is not None:
            first.add(e["card"])
    assert len(first) > 2, first


def test_observation_shows_the_star_piles_as_counts_and_the_top_backs_while_choosing(wbundle):
    from runtime.ruletests import apply_given

    g = Game.new(wbundle, modules=[W], players=2, seed=1)
    obs = g.observation(0)
    assert obs["star_deck"] == STARS and obs["star_discard"] == 0 and obs["star_card"] == []
    apply_given(g, {"star_pick": True, "decks": {"0": [], "1": []},
                    "star_deck": ["card:synthetic-w/glow", "card:synthetic-w/star-gazer", "card:synthetic-w/comet"]})
    obs = g.observation(1)
    assert obs["star_deck"] == 3 and obs["star_top_backs"] == ["star", "river", "star"]
    assert "glow" not in json.dumps(obs) and "comet" not in json.dumps(obs)
    g.apply(next(a for a in g.legal_actions() if a["pick"] == 2))
    assert g.observation(1)["star_card"] == ["card:synthetic-w/comet"]


def test_a_save_in_the_middle_of_the_star_step_round_trips_and_a_forged_one_is_refused(wbundle):
    from runtime.ruletests import apply_given

    g = Game.new(wbundle, modules=[W], players=2, seed=5)
    apply_given(g, {"star_pick": True, "decks": {"0": [], "1": []}})
    g.apply(g.legal_actions()[0])  # a star card revealed; its decision pending
    assert g.s["z"]["star-up"] and g.s["queue"][0]["k"] == "star-card"
    text = g.to_json()
    assert Game.from_json(wbundle, text).to_json() == text
    s = json.loads(text)
    iid = s["z"]["star-deck"].pop()
    s["z"]["discard-up"].append(iid)  # a star card on a usual discard pile
    with pytest.raises(StateError, match="star card"):
        Game.from_json(wbundle, json.dumps(s))
    s = json.loads(text)
    s["prepared"] = [s["z"]["discard-down"][0] if s["z"]["discard-down"] else s["z"]["deck/0"][0]
                     if s["z"]["deck/0"] else s["z"]["people"][0]]
    with pytest.raises(StateError, match="prepared"):
        Game.from_json(wbundle, json.dumps(s))


def _with_option(bundle, cid: str, ir: dict) -> dict:
    b = json.loads(json.dumps(bundle))
    card = next(c for c in b["cards"] if c["id"] == cid)
    card["options"] = [*card["options"], {"text": "hand-built", "ir": ir}]
    return b


FOOD = {"node": "clause", "kind": "reward", "position": "reward", "body": {"node": "call", "symbol": "symbol:food",
                                                                         "args": {"n": 1}}}
PREPARE = {"node": "clause", "kind": "reward", "position": "reward",
           "body": {"node": "call", "symbol": "symbol:prepare-card-for-the-night", "args": {}}}


@pytest.mark.parametrize("cid,ir,why", [
    ("card:synthetic-w/glow", {"node": "option", "trigger": {"kind": "night"}, "clauses": [FOOD]},
     "a star card resolves only at night"),
    ("card:synthetic-w/glow", {"node": "option", "trigger": {"kind": "blue"}, "clauses": [PREPARE]},
     "`prepare card for the night` is played only"),
    ("card:pote/mission-w", {"node": "option", "clauses": [PREPARE]}, "`prepare card for the night` is played only"),
    ("card:synthetic-w/moon-path", {"node": "option", "trigger": {"kind": "revealed"}, "clauses": [PREPARE]},
     "`prepare card for the night` is played only"),
])
def test_what_the_star_rules_do_not_play_makes_the_game_not_playable(wbundle, cid, ir, why):
    with pytest.raises(NotPlayable) as exc:
        Game.new(_with_option(wbundle, cid, ir), modules=[W], players=2, seed=0)
    assert any(cid in f and why in f for f in exc.value.facts), exc.value.facts


def test_a_hand_built_blue_option_is_played_at_night_only(wbundle):
    """The runtime side of `blue:`, on an IR written by hand: never offered by day, offered on a star card at night."""
    from runtime.ruletests import apply_given

    blue = {"node": "option", "trigger": {"kind": "blue"}, "clauses": [FOOD]}
    b = _with_option(_with_option(wbundle, "card:synthetic-w/frost", blue), "card:synthetic-w/torch-bearers", blue)
    g = Game.new(b, modules=[W], players=1, seed=2)
    apply_given(g, {"decks": {"0": ["card:synthetic-w/torch-bearers", "card:synthetic/ford"]}})
    g.apply(next(a for a in g.legal_actions() if a["type"] == "choose" and a["card"] == 0))
    offered = {a.get("option") for a in g.legal_actions() if a["type"] == "option"}
    assert 0 in offered and 2 not in offered  # its first action, never the blue third
    g = Game.new(b, modules=[W], players=1, seed=2)
    apply_given(g, {"star_pick": True, "star_deck": ["card:synthetic-w/frost"], "decks": {"0": []}})
    assert {a.get("option") for a in g.legal_actions()} == {0, 1}  # its negative action and the blue one


def test_a_module_w_card_with_a_star_back_is_a_star_card(wbundle):
    b = json.loads(json.dumps(wbundle))
    card = next(c for c in b["cards"] if c["id"] == "card:synthetic-w/moon-path")
    card["back"] = "star"
    g = Game.new(b, modules=[W], players=3, seed=0)
    z = g.s["z"]
    assert len(z["star-deck"]) == STARS + 1
    assert "card:synthetic-w/moon-path" in [g.s["cards"][i] for i in z["star-deck"]]
    assert not any(g.s["cards"][i] == "card:synthetic-w/moon-path" for p in range(3) for i in z[f"deck/{p}"])


def test_the_bundled_content_alone_is_not_playable_naming_the_star_deck_and_the_mission(bundle):
    with pytest.raises(NotPlayable) as exc:
        Game.new(bundle, modules=["module:paleo/A", W], players=2, seed=0)
    facts = exc.value.facts
    assert any("star deck holds 0 of its 12 star cards" in f for f in facts), facts
    assert any(f.startswith("card:pote/mission-w: its options") for f in facts), facts
    assert any(f.startswith("secret:34") for f in facts), facts
