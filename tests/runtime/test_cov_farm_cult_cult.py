"""The Cult Site in the situations its rule tests do not reach: its symbols without the board, rituals as costs
and at all three altars, an empty display, secrets resolved at once, and the refusals a hand-made bundle, a
forged save or a bad rule-test `given` meets.

Expectations come from `001_5f1e4d8bf7e7ff1a.txt` (Path of the Elders), cited per test by its section. The games
run on the Cult Site's rule-test bundle (synthetic-base and pote-cult, invented faces in known places) plus a
few synthetic cards of this file (tests only), set up with the rule-test `given` keys.
"""

from __future__ import annotations

import copy
import json

import pytest

from runtime import ruletests
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.core.invariants import violations
from runtime.engine import NotPlayable, StateError

import synthetic_bundle
from driving import act, ev, names, play, refused

CULT = ["board:cult-site"]
SYN = "card:synthetic/covc-"
C = "card:synthetic-cult/"
B = "card:synthetic/"
GROUP = {"0": [B + "healer", B + "runner"]}
ALL_OK = {"altar_forest": [B + "forest-glade"], "altar_river": [B + "river-bank"], "altar_mountain": [B + "rock-face"]}
# synthetic base cards of this file: id -> (back, options)
CARDS = {
    "offstage": ("danger", ["suffer 1 food -> seek place, develop cult object forest, develop cult, "
                            "place card on cult deck, swap display cards", "suffer avoid place 2 cards"]),
    "crow-omen": ("forest", ["require obtained crow -> 1 victory token", "-> 1 food"]),
    "dream-reader": ("river", ["require dream revealed by another -> 1 victory token", "-> 1 food"]),
    "ritual-fee": ("forest", ["cost perform ritual forest -> 2 food"]),
    "grand-ritual": ("mountain", ["require perform ritual all -> 1 victory token"]),
}


def _card(template: dict, name: str, back: str, options: list) -> dict:
    c = copy.deepcopy(template)
    c.update(id=SYN + name, name=f"Covc {name} (synthetic)", back=back, marks=[],
             options=[{"text": t, "ir": synthetic_bundle.lower(t)} for t in options])
    return c


@pytest.fixture(scope="module")
def cb() -> dict:
    b = synthetic_bundle.build(packs=list(synthetic_bundle.PACK_SETS["pote-cult"]))
    template = next(c for c in b["cards"] if c["id"] == B + "forest-glade")
    b["cards"].extend(_card(template, n, *spec) for n, spec in CARDS.items())
    gift = next(c for c in b["cards"] if c["id"] == C + "marked-gift")
    for t in ("-> help", "require 5 stone -> 1 victory token", "-> destroy this card, 1 wood"):
        gift["options"].append({"text": t, "ir": synthetic_bundle.lower(t)})
    return b


def new(b, given: dict, players=1, seed=1, boards=CULT) -> Game:
    g = Game.new(b, scenario=None, players=players, seed=seed, boards=boards)
    given = dict(given)
    if players == 1:
        given.setdefault("groups", GROUP)
    ruletests.apply_given(g, ruletests._set_start(g, given))  # as a rule test starts: its phase and step first
    return g


# ------------------------------------------------------------------ symbols where they have no meaning
KIND = {"cost": "cost", "reward": "reward", "negative": "suffer", "requirement": "require"}
BAD = [
    ("symbol:seek-place", "cost", {}), ("symbol:avoid-place", "reward", {"n": 1}),
    ("symbol:venerate-place", "reward", {"altar": "forest"}), ("symbol:perform-ritual", "reward", {"altar": "forest"}),
    ("symbol:develop-cult-object", "cost", {"altar": "forest"}), ("symbol:develop-cult", "cost", {}),
    ("symbol:discard-hazard-card", "cost", {}), ("symbol:place-card-on-cult-deck", "cost", {}),
    ("symbol:swap-display-cards", "cost", {}), ("symbol:cult-site-empty", "reward", {}),
    ("symbol:reveal-marked-secret", "cost", {}), ("symbol:obtained", "reward", {"tool": "token:pote/crow"}),
    ("symbol:dream-revealed-by-another", "reward", {}),
]


def _forged(sym, position, args) -> dict:
    clause = {"node": "clause", "kind": KIND[position], "position": position,
              "body": {"node": "call", "symbol": sym, "args": args}}
    return {"text": f"{sym} as a {position}", "ir": {"node": "option", "clauses": [clause]}}


def test_cult_symbols_where_the_engine_gives_them_no_meaning_make_the_game_unplayable(cb):
    """A hand-made bundle may put a Cult Site symbol where no rule gives it a meaning, or develop a cult object
    at all altars at once: the setup is refused, naming each option."""
    b = copy.deepcopy(cb)
    glade = next(c for c in b["cards"] if c["id"] == B + "forest-glade")
    first = len(glade["options"])
    glade["options"].extend(_forged(*x) for x in BAD)
    glade["options"].append(_forged("symbol:develop-cult-object", "reward", {"altar": "all"}))
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, scenario=None, players=1, seed=1, boards=CULT)
    facts = exc.value.facts
    for k, (sym, position, _a) in enumerate(BAD):
        want = f"{B}forest-glade: option {first + k + 1}: `{sym}` has no runtime meaning as a {position}"
        assert want in facts, (want, facts)
    assert any(f"option {first + len(BAD) + 1}: `symbol:develop-cult-object` names one altar" in f for f in facts)


def test_a_seventh_cult_tool_or_a_numbered_cult_secret_is_refused(cb):
    """The Cult Tool Tokens: six cult tools, whose uses the book gives; the Cult Site's secrets are laid out
    unnumbered. A bundle with another cult tool, or a numbered secret with the Cult Site symbol, is not played."""
    b = copy.deepcopy(cb)
    crow = next(t for t in b["tokens"] if t["id"] == "token:pote/crow")
    b["tokens"].append(dict(copy.deepcopy(crow), id="token:pote/rattle", name="Rattle"))
    secret = next(c for c in b["cards"] if c["id"] == C + "marked-gift")
    b["cards"].append(dict(copy.deepcopy(secret), id=C + "numbered-cult", number=77, marks=["cult-site"]))
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, scenario=None, players=1, seed=1, boards=CULT)
    facts = exc.value.facts
    assert "token:pote/rattle: a cult tool whose uses the rulebook does not give" in facts
    assert any("stacks 6 cult tools" in f and "the bundle has 7" in f for f in facts), facts
    assert any(f.startswith(C + "numbered-cult: a numbered secret with the Cult Site symbol") for f in facts), facts


# ------------------------------------------------------------------ without the Cult Site
def test_without_the_cult_site_its_symbols_do_nothing_and_its_requirements_are_never_met(cb):
    """What can I combine?: without the Cult Site some options are not executable and are ignored. A negative
    action that would seek, develop, place or swap at the Cult Site only takes its food; avoid place gives up no
    card; obtained and dream-revealed requirements are never met."""
    g = new(cb, {"decks": {"0": [SYN + "offstage", B + "berry-bushes", B + "ford"]}, "res": {"food": 2}}, boards=[])
    assert "cult-deck" not in g.s["z"]
    tools = copy.deepcopy(g.s["tools"])
    play(g, 0)
    assert g.s["res"]["food"] == 1 and g.s["tools"] == tools
    assert not [e for e in g.log if e["t"] in ("seek-place", "cult-object", "cult-developed", "onto-cult-deck")]
    g = new(cb, {"decks": {"0": [SYN + "offstage", B + "berry-bushes", B + "ford"]}}, boards=[])
    play(g, 1)
    assert len(g.s["z"]["deck/0"]) == 2 and not ev(g, "avoid-place")
    for cid in ("crow-omen", "dream-reader"):
        g = new(cb, {"decks": {"0": [SYN + cid, B + "berry-bushes"]}}, boards=[])
        act(g, type="choose", player=0, card=0)
        refused(g, {"type": "option", "player": 0, "option": 0})


def test_obtained_is_met_by_a_cult_tool_taken_earlier_and_not_by_another(cb):
    """Dance Spectacle's requirement: that cult tool came into a group earlier in the game."""
    for seen, ok in ((["crow"], True), (["drum"], False)):
        g = new(cb, {"decks": {"0": [SYN + "crow-omen", B + "berry-bushes"]}, **ALL_OK, "obtained": seen})
        act(g, type="choose", player=0, card=0)
        assert bool([a for a in g.legal_actions() if a.get("option") == 0]) is ok


def test_dream_revealed_by_another_needs_a_second_player(cb):
    """Dream Interpretation's requirement: another player than the resolving one revealed a dream this turn;
    a player alone never meets it."""
    g = new(cb, {"decks": {"0": [SYN + "dream-reader", B + "berry-bushes"]}, **ALL_OK})
    act(g, type="choose", player=0, card=0)
    refused(g, {"type": "option", "player": 0, "option": 0})


# ------------------------------------------------------------------ rituals and cult objects
def test_a_ritual_as_a_cost_takes_the_matching_altar_card_to_the_face_down_pile(cb):
    """Perform ritual: with a forest card at the forest altar, that card goes unseen onto the face-down discard
    pile; then the display is refilled."""
    g = new(cb, {"decks": {"0": [SYN + "ritual-fee", B + "berry-bushes"]}, **ALL_OK, "cult_deck": [B + "ford"],
                 "res": {"food": 0}})
    play(g, 0)
    assert B + "forest-glade" in names(g, "discard-down") and g.s["res"]["food"] == 2
    assert names(g, "altar-forest") == [B + "ford"]
    assert [e["altar"] for e in ev(g, "ritual")] == ["forest"]


def test_a_ritual_cost_cannot_be_paid_without_the_matching_card(cb):
    g = new(cb, {"decks": {"0": [SYN + "ritual-fee", B + "berry-bushes"]}, **ALL_OK,
                 "altar_forest": [B + "ford"]})
    act(g, type="choose", player=0, card=0)
    refused(g, {"type": "option", "player": 0, "option": 0})


def test_a_ritual_at_all_three_altars_takes_all_three_cards(cb):
    """Perform ritual, and Venerate place: some symbols need the matching back at all three altars; the ritual
    then takes the three cards."""
    g = new(cb, {"decks": {"0": [SYN + "grand-ritual", B + "berry-bushes"]}, **ALL_OK, "cult_deck": []})
    v = g.s["victory"]
    play(g, 0)
    assert g.s["victory"] == v + 1
    assert sorted(e["altar"] for e in ev(g, "ritual")) == ["forest", "mountain", "river"]
    assert {B + "forest-glade", B + "river-bank", B + "rock-face"} <= set(names(g, "discard-down"))


def test_a_cult_object_already_obtained_once_is_not_counted_twice(cb):
    """Develop cult object: the top cult tool of the matching altar goes into the group; a tool that was in a
    group before (given back) stays obtained once."""
    g = new(cb, {"decks": {"0": [C + "forest-altar", B + "berry-bushes"]}, **ALL_OK, "cult_deck": [B + "ford"],
                 "cult_tools": {"forest": ["crow"], "river": ["drum"]}, "obtained": ["crow"]})
    play(g, 0)
    assert g.s["tools"][0].get("token:pote/crow") == 1
    assert g.s["cult"]["seen"] == ["token:pote/crow"]


def test_the_cult_need_not_be_developed_when_the_last_tool_is_taken(cb):
    """Develop cult: taking the last cult tool, the players may flip the cult night tile; they may also not."""
    g = new(cb, {"decks": {"0": [C + "forest-altar", B + "berry-bushes"]}, **ALL_OK, "cult_deck": [B + "ford"],
                 "cult_tools": {"forest": ["crow"]}})
    play(g, 0)
    act(g, type="develop", flip=False)
    assert g.s["cult"]["developed"] is False and ev(g, "cult-not-developed")


# ------------------------------------------------------------------ seek, avoid, hazards, the display
def test_seeking_with_an_empty_display_finds_nothing(cb):
    """Seek place takes one of the display's cards: with none there and an empty cult deck, nothing moves."""
    g = new(cb, {"decks": {"0": [C + "seekers-path", B + "berry-bushes"]}, "altar_forest": [], "altar_river": [],
                 "altar_mountain": [], "cult_deck": []})
    play(g, 0)
    assert ev(g, "seek-place-none") and len(g.s["z"]["deck/0"]) == 1


def test_seeking_with_one_card_in_the_display_takes_it(cb):
    g = new(cb, {"decks": {"0": [C + "seekers-path", B + "berry-bushes"]}, "altar_forest": [],
                 "altar_river": [B + "ford"], "altar_mountain": [], "cult_deck": []})
    play(g, 0)
    assert names(g, "deck/0")[-1] == B + "ford" and names(g, "altar-river") == []


def test_avoid_place_with_an_empty_deck_gives_up_what_there_is(cb):
    """Avoid place: too few cards, a negative action that is the only one gives up as many as it can (none)."""
    g = new(cb, {"decks": {"0": [C + "cursed-hollow"]}, **ALL_OK})
    play(g, 0)
    assert [e["n"] for e in ev(g, "avoid-place")] == [0]


def test_discard_hazard_card_lets_the_group_pick_a_red_backed_card(cb):
    """Other Symbols: the group may put a card with a red back from its deck onto the face-down discard pile."""
    g = new(cb, {"decks": {"0": [C + "hazard-sweep", B + "berry-bushes", B + "wolf-pack"]}, **ALL_OK})
    play(g, 0)
    picks = [a for a in g.legal_actions() if a["type"] == "hazard"]
    assert [a["pos"] for a in picks] == [1, None]
    act(g, type="hazard", pos=1)
    assert names(g, "deck/0") == [B + "berry-bushes"] and B + "wolf-pack" in names(g, "discard-down")


def test_discard_hazard_card_with_no_red_back_in_the_deck_does_nothing(cb):
    g = new(cb, {"decks": {"0": [C + "hazard-sweep", B + "berry-bushes", B + "ford"]}, **ALL_OK})
    play(g, 0)
    assert ev(g, "hazard-none") and sorted(names(g, "deck/0")) == [B + "berry-bushes", B + "ford"]


def test_a_card_for_the_cult_deck_from_an_empty_deck_is_skipped(cb):
    g = new(cb, {"decks": {"0": [C + "cult-offering"]}, **ALL_OK, "res": {"food": 1}})
    play(g, 0)
    assert [e["n"] for e in ev(g, "pay") if e.get("resource") == "food"] == [1] and not ev(g, "onto-cult-deck")


def test_taboo_broken_swaps_only_pairs_holding_a_card_and_may_swap_nothing(cb):
    """Taboo Broken: 2 cards of the display may be swapped, unseen; two empty spaces are no swap, and the group
    may choose none."""
    g = new(cb, {"decks": {"0": ["card:pote/taboo-broken", B + "berry-bushes"]}, "altar_forest": [],
                 "altar_river": [], "altar_mountain": [B + "rock-face"], "cult_deck": []})
    play(g, 0)
    pairs = {(a["a"], a["b"]) for a in g.legal_actions() if a["type"] == "swap"}
    assert pairs == {("forest", "mountain"), ("river", "mountain"), (None, None)}
    act(g, type="swap", a=None)
    assert names(g, "altar-mountain") == [B + "rock-face"] and not ev(g, "swap-display")


# ------------------------------------------------------------------ secrets resolved at once
def test_a_secret_resolved_at_once_offers_its_playable_actions_and_may_be_ignored(cb):
    """Mask, statuette, amulet (later use) and the reveal marked secret symbol: the top secret with the secret
    symbol is revealed and resolved at once, as a card: its help action is no action of its own, an option it
    cannot afford is not offered, and it may be ignored."""
    g = new(cb, {"decks": {"0": [C + "elder-whisper", B + "berry-bushes"]}, **ALL_OK,
                 "secrets": [C + "second-gift", C + "marked-gift"]})
    play(g, 0)
    offered = [a for a in g.legal_actions() if a["player"] == 0]
    assert {a["type"] for a in offered} == {"option", "ignore"}
    assert sorted(a["option"] for a in offered if a["type"] == "option") == [0, 3]
    act(g, type="ignore")
    assert ev(g, "ignore")[-1]["card"] == C + "marked-gift"
    assert C + "marked-gift" in names(g, "discard-up")


def test_a_secret_resolved_at_once_that_destroys_itself_leaves_the_game(cb):
    g = new(cb, {"decks": {"0": [C + "elder-whisper", B + "berry-bushes"]}, **ALL_OK,
                 "secrets": [C + "second-gift", C + "marked-gift"], "res": {"wood": 0}})
    play(g, 0)
    act(g, type="option", option=3)  # -> destroy this card, 1 wood
    assert g.s["res"]["wood"] == 1 and C + "marked-gift" in names(g, "box")
    assert C + "marked-gift" not in names(g, "discard-up") and not g.s["z"]["resolving-now"]


def test_reveal_marked_secret_with_none_left_does_nothing(cb):
    g = new(cb, {"decks": {"0": [C + "elder-whisper", B + "berry-bushes"]}, **ALL_OK, "secrets": []})
    play(g, 0)
    assert ev(g, "secret-unavailable") and not g.s["z"]["resolving-now"]


# ------------------------------------------------------------------ cult tools given up
def test_an_unflipped_cult_tool_given_up_leaves_the_game(cb):
    """Other Symbols (give any tool): a cult tool in the group counts as a tool, whichever side is up; given up
    it is gone."""
    g = new(cb, {"decks": {"0": [C + "tool-trade", B + "berry-bushes"]}, **ALL_OK, "tools": {"0": {"drum": 1}},
                 "cult_tools": {"forest": ["crow"]}})
    v = g.s["victory"]
    play(g, 1)  # cost spend any tool -> 1 victory token
    assert g.s["tools"][0] == {} and g.s["victory"] == v + 1 and g.s["cult"]["flipped"] == []
    assert violations(g) == []


# ------------------------------------------------------------------ forged saves, invariants, given keys
def _saved(cb):
    g = new(cb, {"decks": {"0": [C + "seekers-path", B + "berry-bushes"]}, **ALL_OK})
    return g, json.loads(g.to_json())


@pytest.mark.parametrize("edit, says", [
    (lambda c: c.pop("stopped"), "the cult state has altars"),
    (lambda c: c.update(dreamers="0"), "cult `dreamers` lists seats"),
    (lambda c: c.update(beside_used=["x"]), "cult `beside_used` lists card instances"),
    (lambda c: c.update(uses={"token:pote/crow": 0}), "cult `uses` counts"),
    (lambda c: c.update(altars={"forest": []}), "cult tools lie on the forest, river and mountain altars"),
    (lambda c: c.update(flipped=["token:pote/crow", "token:pote/crow"]), "cult `flipped` is a list of distinct"),
    (lambda c: c["altars"].update(forest=["token:pote/rattle"]), "an altar holds a stack of cult tool tokens"),
    (lambda c: c.update(developed="no"), "cult developed, seek_help and stopped are true or false"),
])
def test_a_forged_cult_state_is_refused_on_load(cb, edit, says):
    _, s = _saved(cb)
    edit(s["cult"])
    with pytest.raises(StateError, match=says.replace("`", ".")):
        Game.from_json(cb, json.dumps(s))


@pytest.mark.parametrize("item, says", [
    ({"k": "to-cult-deck", "players": ["discard", "discard"], "decider": 0}, "comes from seats' decks"),
    ({"k": "ritual", "player": 0, "altars": ["sky"]}, "performed at the forest, river or mountain altar"),
    ({"k": "now", "card": 0, "player": 0}, "lies in the resolving-now zone"),
])
def test_a_saved_cult_decision_that_cannot_be_where_it_is_is_refused(cb, item, says):
    _, s = _saved(cb)
    s["queue"].insert(0, item)
    with pytest.raises(StateError, match=says):
        Game.from_json(cb, json.dumps(s))


def test_games_saved_while_a_cult_decision_waits_load_and_go_on(cb):
    """A save taken while a ritual (at any altar), a card for the cult deck or a secret resolved at once waits
    for the group is a state the game can be in: it loads to the same state and the same choices."""
    starts = [
        ({"decks": {"0": [C + "any-ritual", B + "berry-bushes"]}, **ALL_OK}, "ritual"),
        ({"decks": {"0": [C + "cult-offering", B + "berry-bushes", B + "ford"]}, **ALL_OK, "res": {"food": 1}},
         "to-cult-deck"),
        ({"decks": {"0": [C + "elder-whisper", B + "berry-bushes"]}, **ALL_OK,
          "secrets": [C + "second-gift", C + "marked-gift"]}, "now"),
    ]
    for given, kind in starts:
        g = new(cb, given)
        play(g, 0)
        assert g.s["queue"][0]["k"] == kind
        h = Game.from_json(cb, g.to_json())
        assert h.to_json() == g.to_json() and h.legal_actions() == g.legal_actions()


def test_the_cult_invariants_name_each_broken_rule(cb):
    """The Cult Tool Tokens: each cult tool serves at most twice (flipped after one use, gone after two), once
    per turn, and lies in one place; an altar holds one display card."""
    crow, drum, horn, mask = (f"token:pote/{n}" for n in ("crow", "drum", "horn", "mask"))
    g, _ = _saved(cb)
    s = g.s
    s["z"]["altar-forest"].append(s["z"]["altar-river"].pop())
    for a in s["cult"]["altars"]:
        s["cult"]["altars"][a] = [t for t in s["cult"]["altars"][a] if t not in (crow, drum, horn, mask)]
    s["tools"][0] = {crow: 2, drum: 1}
    s["cult"]["altars"]["forest"].append(drum)
    s["cult"]["flipped"] = [horn]
    s["cult"]["uses"] = {crow: 3, drum: 1, mask: 1}
    s["cult"]["altars"]["river"].append(mask)
    got = violations(g)
    for want in ("the forest altar holds 2 cards", f"player 0 holds 2 of cult tool {crow}",
                 f"cult tool {drum} is in 2 places", f"cult tool {horn} is flipped but no group holds it",
                 f"cult tool {crow} used 3 times and still in play", f"cult tool {drum} used once but not flipped",
                 f"cult tool {mask} was used and lies on an altar again"):
        assert any(want in v for v in got), (want, got)


@pytest.mark.parametrize("given, says", [
    ({"cult_tools": {"sky": []}}, "cult_tools maps forest, river and mountain"),
    ({"cult_tools": {"forest": ["rattle"]}}, "cult_tools.forest: names among"),
    ({"flipped": ["rattle"]}, "flipped lists cult tool names"),
    ({"obtained": "crow"}, "obtained lists cult tool names"),
    ({"developed": "yes"}, "developed is true or false"),
])
def test_a_rule_test_given_the_cult_site_cannot_have_fails_naming_it(cb, given, says):
    g = Game.new(cb, scenario=None, players=1, seed=1, boards=CULT)
    with pytest.raises(ruletests.RuleTestFailure, match=says):
        ruletests.apply_given(g, given)
