"""The Cult Site system: what it refuses on the bundled content, where its cards lie at setup, and seeded games
on its rule pack (`tests/packs/pote-cult`) keeping every invariant, with a JSON round trip at each night."""

from __future__ import annotations

import copy

import pytest

from runtime import NotPlayable
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.sim import play

import synthetic_bundle
from seeded_games import round_trip_at_night

CULT = ["board:cult-site"]


@pytest.fixture(scope="module")
def cult_bundle() -> dict:
    return synthetic_bundle.build(packs=["synthetic-base", "pote-cult"])


def _facts(bundle, **kw) -> list[str]:
    with pytest.raises(NotPlayable) as exc:
        Game.new(bundle, players=2, seed=0, **kw)
    return exc.value.facts


def test_the_cult_site_is_refused_while_a_cult_tool_s_icon_is_unknown_and_plays_once_a_pack_gives_it(cult_bundle,
                                                                                                     bundled_only):
    facts = _facts(bundled_only, boards=CULT)
    assert any(f.startswith("token:pote/crow: which icon its use shows") for f in facts), facts
    b = copy.deepcopy(cult_bundle)
    crow = next(t for t in b["tokens"] if t["id"] == "token:pote/crow")
    assert crow["use"]["text"] == "cost flip token"  # the rule pack gives every icon
    crow["use"] = None
    facts = _facts(b, boards=CULT)
    assert [f for f in facts if "icon" in f] == [
        "token:pote/crow: which icon its use shows (flip token, venerate place and flip the token, help and give up "
        "cult token) is printed on the token only, not given"], facts
    assert Game.new(cult_bundle, boards=CULT, players=2, seed=0) is not None


def test_module_v_is_refused_without_the_cult_site(bundled_only):
    facts = _facts(bundled_only, scenario="V")
    assert any("played only together with the Cult Site" in f for f in facts), facts


def test_level_one_names_the_faceless_cards_the_cult_site_needs(bundled_only):
    facts = _facts(bundled_only, scenario="level:pote/I")
    assert any("12 of the 12 new base cards" in f for f in facts), facts
    assert any("secrets with the Cult Site symbol have no card face" in f for f in facts), facts
    assert not any("no system of this runtime plays it" in f for f in facts), facts


def test_the_cult_site_secrets_lie_under_the_other_secrets(cult_bundle):
    g = Game.new(cult_bundle, scenario=None, players=2, seed=4, boards=CULT)
    cards = [g.s["cards"][i] for i in g.s["z"]["secrets"]]  # bottom first
    cult = {c for c in cards if "cult-site" in (cult_bundle_card(cult_bundle, c).get("marks") or ())
            or c in ("card:pote/primal-mother", "card:pote/taboo-broken", "card:pote/cult", "card:pote/blood-sacrifice")}
    assert len(cult) == 9
    assert set(cards[:9]) == cult and not set(cards[9:]) & cult


def cult_bundle_card(bundle, cid) -> dict:
    return next(c for c in bundle["cards"] if c["id"] == cid)


def test_the_cult_site_plays_with_the_farm(cult_bundle):
    """Both boards at once: the shared tools system serves the farm and the Cult Site alike."""
    from runtime.games.paleo import PALEO

    rec = PALEO.setup_record(cult_bundle, scenario=None, boards=["board:cult-site", "board:farm"])
    names = [s.name for s in PALEO.active(rec, cult_bundle)]
    assert names.count("tools") == 1 and "farm" in names and "cult-site" in names


@pytest.mark.games
def test_one_hundred_seeded_cult_site_games_keep_every_invariant(cult_bundle):
    results = {"win": 0, "loss": 0, "unfinished": 0}
    seen = set()

    after = round_trip_at_night(cult_bundle)
    for seed in range(100):
        g = play(cult_bundle, game="game:paleo", scenario=None, players=1 + seed % 4, seed=seed,
                 policy=("random", "greedy")[seed // 4 % 2], boards=CULT, on_action=after)
        results[g.outcome["result"]] += 1
        seen |= {e["t"] for e in g.s["log"]}
        for q in range(g.s["players"]):  # no cult tool is held twice or used more than twice
            assert all(v == 1 for t, v in g.s["tools"][q].items() if t.startswith("token:pote/"))
    assert results["unfinished"] <= 5, results
    assert {"altar-check", "refill", "seek-place", "ritual", "avoid-place", "cult-object"} <= seen, sorted(seen)


def _with_token_symbols(bundle) -> dict:
    """A copy whose crow token shows `venerate place and flip the token` (forest) and whose amulet shows `help and
    give up cult token`: which printed token carries them is not stated, so the runtime reads the token's `use`."""
    b = copy.deepcopy(bundle)
    for t in b["tokens"]:
        call = None
        if t["id"] == "token:pote/crow":
            call = {"node": "call", "symbol": "symbol:venerate-and-flip", "args": {"altar": "forest"}}
        elif t["id"] == "token:pote/amulet":
            call = {"node": "call", "symbol": "symbol:help-and-give-up", "args": {}}
        if call:
            t["use"] = {"text": "", "ir": {"node": "option", "clauses": [
                {"node": "clause", "kind": "cost", "position": "cost", "body": call}]}}
    return b


def _given(g, p, tool, forest):
    from runtime.games.paleo.cult_site import ZONE
    s = g.s
    s["phase"], s["step"] = "day", "resolve"
    for q in range(s["players"]):
        s["tools"][q] = {}
    s["tools"][p][tool] = 1
    for a, st in s["cult"]["altars"].items():
        s["cult"]["altars"][a] = [t for t in st if t != tool]
    top = next(i for i in s["z"]["cult-deck"] if g.rules.back(s["cards"][i]) == forest)
    old = s["z"][ZONE["forest"]]
    s["z"]["cult-deck"].remove(top)
    s["z"]["cult-deck"].extend(old)
    s["z"][ZONE["forest"]] = [top]


def test_a_token_with_venerate_and_flip_needs_its_altar(cult_bundle):
    b = _with_token_symbols(cult_bundle)
    for back, usable in (("forest", True), ("river", False)):
        g = Game.new(b, scenario=None, players=1, seed=3, boards=CULT)
        g.apply(next(a for a in g.legal_actions() if a["type"] == "choose"))
        _given(g, 0, "token:pote/crow", back)
        g._legal = None
        uses = [a for a in g.legal_actions() if a.get("type") == "cult-tool" and a["tool"] == "token:pote/crow"]
        assert bool(uses) == usable, (back, uses)


def test_a_token_with_help_and_give_up_spends_the_help_action(cult_bundle):
    b = _with_token_symbols(cult_bundle)
    g = Game.new(b, scenario=None, players=1, seed=3, boards=CULT)
    g.apply(next(a for a in g.legal_actions() if a["type"] == "choose"))
    _given(g, 0, "token:pote/amulet", "forest")
    g._legal = None
    chosen = g.s["z"]["chosen/0"][0]
    assert not g.rules.is_danger(g.s["cards"][chosen])  # seed 3 reveals Forest Glade: the help action is free
    assert not [a for a in g.legal_actions() if a.get("type") == "cult-tool" and a["tool"] == "token:pote/crow"]
    uses = [a for a in g.legal_actions() if a.get("type") == "cult-tool" and a["tool"] == "token:pote/amulet"]
    assert uses
    stone = g.s["res"].get("stone", 0)
    g.apply(uses[0])
    assert g.s["res"].get("stone", 0) == stone + 1
    assert "token:pote/amulet" not in g.s["tools"][0]  # given up at once
    assert chosen in g.s["z"]["discard-up"] or g.s["step"] != "resolve"


@pytest.mark.parametrize("item, why", [
    ({"k": "to-cult-deck", "players": ["x", 7], "decider": 0}, "seats' decks or the face-down discard pile"),
    ({"k": "ritual", "player": 0, "altars": ["sky"]}, "forest, river or mountain altar"),
    ({"k": "now", "card": 0, "player": 0}, "resolving-now zone"),
])
def test_a_forged_cult_decision_is_refused_naming_it(cult_bundle, item, why):
    import json

    from runtime import StateError

    g = Game.new(cult_bundle, scenario=None, players=2, seed=1, boards=CULT)
    s = json.loads(g.to_json())
    s["queue"] = [item]
    with pytest.raises(StateError, match=why):
        Game.from_json(cult_bundle, json.dumps(s))
