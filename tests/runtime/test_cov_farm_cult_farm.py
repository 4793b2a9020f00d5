"""A New Beginning's farm symbols in the situations the rule tests do not reach: a full or emptied stable, the
scythe and millstone played again, tools running out, secret tokens with the group, several players sharing a
choice (a helper), the night's care for animals, and symbols written where the engine gives them no meaning.

Every expectation comes from `000_97f291d3c44cb3f7.txt` (A New Beginning), cited per test by its section. The
games run on the A New Beginning test bundle (module B's synthetic farm cards) plus a few synthetic cards of
this file (invented faces, tests only), set up with the rule-test `given` keys.
"""

from __future__ import annotations

import copy
import json

import pytest

from runtime import ruletests
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.core.invariants import violations
from runtime.engine import NotPlayable, StateError
from runtime.games.paleo import farm_board as B
from runtime.games.paleo import farm_ops as F
from runtime.games.paleo.state import Ctx

import synthetic_bundle
from driving import act, ev, names, play, refused

SYN = "card:synthetic/cov-"
PEOPLE = ["card:synthetic-anb/human-02", "card:synthetic-anb/human-16"]
# synthetic cards of this file: id -> (back, options, animal)
CARDS = {
    "swap-pen": ("forest", ["cost discard captured animal -> capture animal"], {"yield": "-> 1 food", "hunt": None}),
    "stampede": ("danger", ["suffer remove captured animal, discard captured animal"], None),
    "culling": ("forest", ["cost remove captured animal -> animal action"], None),
    "feast-beast": ("forest", ["-> capture animal", "-> 2 food, 1 victory token"], {"yield": "-> 1 pelt", "hunt": 2}),
    "tool-loss": ("danger", ["suffer 1 flute, spend any tool"], None),
    "double-loss": ("danger", ["suffer spend any tool, spend any tool"], None),
    "secret-gift": ("river", ["-> place token 5 with group"], None),
    "reed-demand": ("river", ["cost remove special card \"Reeds\" -> 1 victory token"], None),
    "secret-hunt": ("river", ["-> remove special card secret 7"], None),
    "dream-debt": ("danger", ["suffer return dream cards 2"], None),
    "double-harvest": ("river", ["-> harvest, harvest"], None),
    "idea-burn": ("mountain", ["cost remove idea cards 2 -> 1 victory token"], None),
    "grind-song": ("river", ["-> place this card with group", "on grind: -> grain action"], None),
    "harvest-song": ("river", ["-> place this card with group", "on harvest: -> 1 victory token"], None),
}


def _card(template: dict, name: str, back: str, options: list, animal) -> dict:
    c = copy.deepcopy(template)
    c.update(id=SYN + name, name=f"Cov {name} (synthetic)", back=back, marks=[],
             options=[{"text": t, "ir": synthetic_bundle.lower(t)} for t in options])
    c["animal"] = None if animal is None else {
        "yield": {"text": animal["yield"], "ir": synthetic_bundle.lower(animal["yield"])}, "hunt": animal["hunt"]}
    return c


@pytest.fixture(scope="module")
def fb(anb_bundle) -> dict:
    b = copy.deepcopy(anb_bundle)
    template = next(c for c in b["cards"] if c["id"] == "card:synthetic/anb-meadow")
    b["cards"].extend(_card(template, n, *spec) for n, spec in CARDS.items())
    return b


def new(b, given: dict, players=1, seed=3) -> Game:
    g = Game.new(b, modules=["module:paleo/B"], boards=["board:farm"], players=players, seed=seed)
    given = dict(given)
    given.setdefault("groups", {str(p): PEOPLE[p:p + 1] if players > 1 else PEOPLE for p in range(players)})
    ruletests.apply_given(g, ruletests._set_start(g, given))  # as a rule test starts: its phase and step first
    return g


def sound(g) -> None:
    assert violations(g) == []


FILLER = ["card:synthetic/anb-reed-bed", "card:synthetic/anb-yard", "card:synthetic/anb-trading-post"]
MORE = ["card:synthetic/anb-spirit-offering", "card:synthetic/anb-herb-garden", "card:synthetic/anb-gathering-song",
        "card:synthetic/anb-homestead", "card:synthetic/anb-totem-pole"]


# ------------------------------------------------------------------ symbols where they have no meaning
# (symbol, position, args): the symbol registry gives none of these positions, so only a hand-made bundle has them
BAD = [
    ("symbol:captured-animal", "reward", {"n": 1}), ("symbol:fence", "cost", {}),
    ("symbol:buildings", "reward", {"n": 2}),
    ("symbol:heal", "cost", {"n": 1}), ("symbol:capture-animal", "cost", {}),
    ("symbol:remove-captured-animal", "reward", {}), ("symbol:animal-action", "cost", {}),
    ("symbol:stable-action", "cost", {}), ("symbol:slaughter-action", "cost", {}), ("symbol:grain-action", "cost", {}),
    ("symbol:harvest", "cost", {}), ("symbol:grain-per-captured-animal", "cost", {"n": 1}),
    ("symbol:expansion-action", "cost", {}), ("symbol:receive-any-tool", "cost", {}),
    ("symbol:spend-any-tool", "reward", {}),
    ("symbol:place-token", "cost", {"token": {"ref": "token", "number": 1}, "where": "on farm"}),
    ("symbol:place-this-card-with-group", "cost", {}),
    ("symbol:remove-special-card", "requirement", {"what": {"ref": "back", "back": "danger"}}),
    ("symbol:return-dream-cards", "reward", {"n": 1}), ("symbol:everlasting-dream", "reward", {}),
    ("symbol:awaken", "cost", {}), ("symbol:new-group", "cost", {"n": 3}),
    ("symbol:remove-idea-cards", "reward", {"n": 1}),
    ("symbol:remove-skull", "cost", {"n": 1}),
]
KIND = {"cost": "cost", "reward": "reward", "negative": "suffer", "requirement": "require"}


def forged_option(sym: str, position: str, args: dict) -> dict:
    clause = {"node": "clause", "kind": KIND[position], "position": position,
              "body": {"node": "call", "symbol": sym, "args": args}}
    return {"text": f"{sym} as a {position}", "ir": {"node": "option", "clauses": [clause]}}


def test_a_symbol_where_the_engine_gives_it_no_meaning_makes_the_game_unplayable(anb_bundle):
    """A hand-made bundle may put a farm symbol where no rule gives it a meaning (a heal as a cost, a capture as
    a cost, ...): the engine refuses the whole setup and names every such option, rather than misplay it."""
    b = copy.deepcopy(anb_bundle)
    meadow = next(c for c in b["cards"] if c["id"] == "card:synthetic/anb-meadow")
    first = len(meadow["options"])
    meadow["options"].extend(forged_option(*x) for x in BAD)
    with pytest.raises(NotPlayable) as exc:
        Game.new(b, modules=["module:paleo/B"], boards=["board:farm"], players=1, seed=3)
    facts = exc.value.facts
    for k, (sym, position, _args) in enumerate(BAD):
        want = f"card:synthetic/anb-meadow: option {first + k + 1}: `{sym}` has no runtime meaning as a {position}"
        assert want in facts, (want, facts)


# ------------------------------------------------------------------ the stable
def test_a_capture_paid_for_by_discarding_an_animal_finds_room_in_the_full_stable(fb):
    """New Farm Symbols: with 3 animals in the stable a capture first discards one of them; here the cost already
    discarded one, so the captured animal takes the free space and nothing more leaves."""
    full = ["card:synthetic/anb-boar", "card:synthetic/anb-wild-goat", "card:synthetic/anb-lead-ram"]
    g = new(fb, {"decks": {"0": [SYN + "swap-pen", *FILLER]}, "stable": full})
    play(g, 0)
    act(g, type="animal", animal=g.s["z"]["stable"][0])  # the cost: the boar to the face-up discard pile
    assert g.s["queue"] == [] or g.s["queue"][0]["k"] != "release"
    assert sorted(names(g, "stable")) == sorted(full[1:] + [SYN + "swap-pen"])
    assert "card:synthetic/anb-boar" in names(g, "discard-up")
    assert len(ev(g, "animal-leaves")) == 1
    sound(g)


def test_two_animal_losses_with_one_animal_take_it_once_and_find_nothing_more(fb):
    """New Farm Symbols: remove a captured animal (graveyard), then discard one (face-up pile): with one animal
    in the stable the first takes it, the second has none to take."""
    g = new(fb, {"decks": {"0": [SYN + "stampede", *FILLER]}, "stable": ["card:synthetic/anb-boar"]})
    play(g, 0)
    assert names(g, "stable") == []
    assert "card:synthetic/anb-boar" in names(g, "cemetery")
    assert [e["to"] for e in ev(g, "animal-leaves")] == ["cemetery"]
    assert len(ev(g, "no-animal")) == 1
    sound(g)


def test_remove_captured_animal_as_a_negative_action_with_an_empty_stable_does_nothing(fb):
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-pen-break", *FILLER]}})
    play(g, 0)
    assert ev(g, "no-animal") and not ev(g, "animal-leaves")
    sound(g)


def test_an_animal_action_whose_cost_took_the_last_animal_has_nothing_to_act_on(fb):
    """New Farm Symbols: without animals in the stable the animal action cannot be used; the cost removed the
    only one, so no stable or slaughter action follows."""
    g = new(fb, {"decks": {"0": [SYN + "culling", *FILLER]}, "stable": ["card:synthetic/anb-boar"]})
    food = g.s["res"].get("food", 0)
    play(g, 0)
    assert "card:synthetic/anb-boar" in names(g, "cemetery")
    assert not ev(g, "stable") and not ev(g, "slaughter") and ev(g, "no-animal")
    assert g.s["res"].get("food", 0) == food
    sound(g)


def test_an_animal_action_is_not_offered_without_an_animal(fb):
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-meadow", *FILLER]}})
    act(g, type="choose", player=0, card=0)
    refused(g, {"type": "option", "player": 0, "option": 0})
    assert [a for a in g.legal_actions() if a.get("option") == 1]  # the grain action stays open


def test_slaughter_takes_only_the_meat_and_pelts_of_the_hunt_action(fb):
    """Animal Actions: slaughtering gives the food and pelts of the card's hunt action, with no need to meet its
    requirements or pay its costs; the hunt's victory token is neither food nor pelt."""
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-shrine", *FILLER]}, "stable": [SYN + "feast-beast"],
                 "res": {"food": 0}})
    v = g.s["victory"]
    play(g, 1)  # -> slaughter action
    refused(g, {"type": "animal-action", "player": 0, "what": "stable", "animal": None})  # only the slaughter
    act(g, type="animal-action", what="slaughter")
    assert names(g, "cemetery")[-1] == SYN + "feast-beast" and names(g, "stable") == []
    assert g.s["res"]["food"] == 2 and g.s["victory"] == v
    assert ev(g, "slaughter")[-1]["rewards"] == 1
    assert "symbol:slaughter-action" in g.s["used"]
    sound(g)


def test_slaughtering_an_animal_without_a_hunt_action_gives_nothing(fb):
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-shrine", *FILLER]}, "stable": ["card:synthetic/anb-lead-ram"],
                 "res": {"food": 0, "pelt": 0}})
    play(g, 1)
    act(g, type="animal-action", what="slaughter")
    assert names(g, "cemetery")[-1] == "card:synthetic/anb-lead-ram"
    assert g.s["res"]["food"] == 0 and g.s["res"]["pelt"] == 0
    assert ev(g, "slaughter")[-1]["rewards"] == 0


def test_a_capture_outside_a_resolved_card_captures_nothing(fb):
    """Capture an animal adds the card being resolved to the stable; set off outside a card's resolution (a
    trigger) there is no card to capture."""
    g = new(fb, {"decks": {"0": FILLER}})
    ctx = Ctx(0, [], None, "trigger")
    F.OPS.compile("symbol:capture-animal", "reward", {}).run(g, ctx)
    assert ctx.new == [] and ev(g, "capture-nothing") and names(g, "stable") == []
    keep = Ctx(0, [], None, "trigger")
    F.OPS.compile("symbol:place-this-card-with-group", "reward", {}).run(g, keep)
    assert keep.dest is None


def test_a_game_saved_during_a_slaughter_action_loads_and_goes_on(fb):
    """A save taken while the group chooses which animal to slaughter (`-> slaughter action`) is a state the
    game can be in: it loads, and still offers only the slaughter."""
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-shrine", *FILLER]}, "stable": ["card:synthetic/anb-boar"]})
    play(g, 1)
    h = Game.from_json(fb, g.to_json())
    assert h.to_json() == g.to_json()
    assert [a["what"] for a in h.legal_actions() if a["type"] == "animal-action"] == ["slaughter"]


def test_a_grain_action_set_off_by_a_trigger_sets_off_no_further_option(fb):
    """interpretation:anb-on-symbol: an `on <action>:` option answers the action that set it off, and an option
    set off this way does not itself set off further options. A kept card answers a grind with a grain action;
    the harvest chosen there does not set off the kept card that answers harvests, as a harvest of the day
    does."""
    kept = {"0": [SYN + "grind-song", SYN + "harvest-song"]}
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-field-edge", *MORE]}, "kept": kept, "res": {"grain": 1}})
    v = g.s["victory"]
    play(g, 1)  # -> grind
    act(g, type="option", option=1)  # the grind song: -> grain action
    assert g.s["queue"][0]["k"] == "grain-action"
    act(g, type="grain-action", what="harvest")
    assert ev(g, "harvest") and g.s["victory"] == v
    assert not [x for x in g.s["queue"] if x["k"] == "trigger"]
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-meadow", *MORE]}, "kept": kept})
    play(g, 1)  # -> grain action, in the day
    act(g, type="grain-action", what="harvest")
    assert g.s["queue"][0] == {"k": "trigger", "card": g.s["z"]["kept/0"][1], "player": 0, "symbol": "symbol:harvest"}


# ------------------------------------------------------------------ grain and building
def test_the_scythe_adds_its_grain_at_every_harvest(fb):
    """Grain Actions and Expansion Tokens on the Farm: harvesting discards 2 cards for 1 grain, and the built
    scythe improves every harvest, not only the first."""
    deck = ["card:synthetic/anb-field-edge", *FILLER, *MORE]
    g = new(fb, {"decks": {"0": deck}, "built": {"scythe": 1}, "res": {"grain": 0}})
    play(g, 0)  # -> harvest
    assert g.s["res"]["grain"] == 2 and ev(g, "harvest")[-1]["scythe"] is True
    ctx = Ctx(0, [], None, "day")
    B.harvest(g, ctx)
    assert g.s["res"]["grain"] == 4 and g.s["used"].count("symbol:scythe") == 1


def test_the_millstone_improves_grinding(fb):
    """Grain Actions: grinding spends 1 grain for 2 food; the built millstone improves it (here 1 more food)."""
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-field-edge", *FILLER]}, "built": {"millstone": 1},
                 "res": {"grain": 2, "food": 0}})
    play(g, 1)  # -> grind
    assert g.s["res"]["grain"] == 1 and g.s["res"]["food"] == 3
    assert ev(g, "grind")[-1]["millstone"] is True and "symbol:millstone" in g.s["used"]
    B.grind(g, Ctx(0, [], None, "day"))
    assert g.s["res"]["grain"] == 0 and g.s["res"]["food"] == 6 and g.s["used"].count("symbol:millstone") == 1


def test_a_second_harvest_without_two_cards_left_is_skipped(fb):
    """Harvest grain discards 2 cards: with fewer left in the deck it cannot be done."""
    g = new(fb, {"decks": {"0": [SYN + "double-harvest", *FILLER]}, "res": {"grain": 0}})
    play(g, 0)
    assert len(ev(g, "harvest")) == 1 and g.s["res"]["grain"] == 1
    assert len(g.s["z"]["deck/0"]) == 1


def test_building_past_the_last_token_leaves_the_farm_as_it_is(fb):
    """Build Expansion Tokens: there are 3 fences, 1 scythe, 1 millstone and 1 roof; with all built, a reward
    that builds them finds none left."""
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-builders-camp", *FILLER]},
                 "built": {"fence": 3, "scythe": 1, "millstone": 1, "hut": 1}})
    play(g, 1)  # -> fence, scythe, millstone, hut
    assert g.s["built"] == {"fence": 3, "scythe": 1, "millstone": 1, "hut": 1}
    assert [e["expansion"] for e in ev(g, "expansion-unavailable")] == ["fence", "scythe", "millstone", "hut"]


# ------------------------------------------------------------------ healing, tools
def test_a_heal_reward_lets_the_group_pick_among_its_wounded_people(fb):
    """Expansion Tokens on the Farm (a heal of 2): with two wounded people the group picks whom to heal; the
    reward is not optional, so there is no stopping early, and the last damage goes to the one still wounded."""
    a, b = PEOPLE
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-wake-call", *FILLER]},
                 "groups": {"0": [{"card": a, "wounds": 1}, {"card": b, "wounds": 1}]}})
    play(g, 1)  # -> heal 2 wounds
    heals = [x for x in g.legal_actions() if x["type"] == "heal"]
    assert len(heals) == 2 and all(x["person"] is not None for x in heals)
    act(g, type="heal", person=heals[0]["person"])
    assert g.s["wounds"] == {}
    assert [e["wounds"] for e in ev(g, "heal")] == [0, 0]


def test_receive_any_tool_offers_only_tools_left_in_the_supply(fb):
    """New Symbols: receive any tool takes a tool of the group's choice from the supply; a tool whose tokens
    are all taken cannot be chosen."""
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-trading-post", *MORE]}, "tools": {"0": {"torch": 5}}})
    torch = g.rules.tool_id("torch")
    assert g.s["supply"][torch] == 0
    play(g, 0)
    offered = {x["tool"] for x in g.legal_actions() if x["type"] == "tool"}
    assert torch not in offered and g.rules.tool_id("stone axe") in offered
    refused(g, {"type": "tool", "player": 0, "tool": torch, "label": "P0: take the torch"})


def test_spending_one_of_two_tools_returns_it_to_the_supply(fb):
    """New Symbols: spend any tool from the group; a spent tool goes back to the supply, the other copy stays."""
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-trading-post", *MORE]}, "tools": {"0": {"stone axe": 2}}})
    axe = g.rules.tool_id("stone axe")
    supply, v = g.s["supply"][axe], g.s["victory"]
    play(g, 1)  # cost spend any tool -> 1 victory token
    assert g.s["tools"][0] == {axe: 1} and g.s["supply"][axe] == supply + 1 and g.s["victory"] == v + 1
    sound(g)


def test_spend_any_tool_as_a_negative_action_with_no_tool_left_does_nothing(fb):
    """The first negative symbol takes the only tool (the flute); spend any tool then finds none to spend."""
    g = new(fb, {"decks": {"0": [SYN + "tool-loss", *FILLER]}, "tools": {"0": {"flute": 1}}})
    play(g, 0)
    assert g.s["tools"][0] == {} and [e["by"] for e in ev(g, "tool-spent")] == ["symbol:flute"]
    assert g.s["queue"] == [] or g.s["queue"][0]["k"] != "spend-tool"


def test_spend_any_tool_twice_with_one_tool_spends_it_once(fb):
    g = new(fb, {"decks": {"0": [SYN + "double-loss", *FILLER]}, "tools": {"0": {"flute": 1}}})
    play(g, 0)
    assert g.s["tools"][0] == {} and len(ev(g, "tool-spent")) == 1
    sound(g)


# ------------------------------------------------------------------ secret tokens
def test_a_secret_token_placed_with_the_group_is_held_by_it(fb):
    """Secret Tokens on the Farm: a token received is turned face up and placed with the group or on the farm,
    as instructed; with the group it is one of the group's tools."""
    g = new(fb, {"decks": {"0": [SYN + "secret-gift", *FILLER]}})
    play(g, 0)
    tid = g.rules.farm.token_by_number[5]
    assert g.s["tokens"][tid] == "group" and g.s["tools"][0][tid] == 1
    sound(g)


def test_a_third_token_for_the_farm_may_itself_go_to_the_box(fb):
    """Secret Tokens on the Farm: at most 2 secret tokens lie on the farm; placing a 3rd, the group returns an
    old one or the new one to the box. Here the new one goes, the farm keeps its two."""
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-herb-garden", *FILLER]},
                 "tokens": {"2": "farm", "token:anb/cocoa": "farm"}})
    play(g, 0)  # -> place token 1 on farm
    backs = [x["back"] for x in g.legal_actions() if x["type"] == "token"]
    assert sorted(backs) == sorted(["token:anb/2", "token:anb/cocoa", "token:anb/1"])
    act(g, type="token", back="token:anb/1")
    assert g.s["tokens"]["token:anb/1"] == "box"
    assert g.s["tokens"]["token:anb/2"] == "farm" and g.s["tokens"]["token:anb/cocoa"] == "farm"
    sound(g)


# ------------------------------------------------------------------ special cards, dreams, ideas
def test_a_named_secret_is_removed_wherever_it_lies(fb):
    """New Symbols (remove special cards): a symbol showing a specific secret card removes it wherever it lies
    (here still in the secret stack), face up into the graveyard."""
    g = new(fb, {"decks": {"0": [SYN + "secret-hunt", *FILLER]}})
    assert "card:synthetic-modules/secret-7" in names(g, "secrets")
    play(g, 0)
    assert "card:synthetic-modules/secret-7" not in names(g, "secrets")
    assert names(g, "cemetery")[-1] == "card:synthetic-modules/secret-7"
    assert ev(g, "removed")[-1]["source"] == "secrets"
    sound(g)


def test_a_cost_naming_a_card_the_group_does_not_keep_cannot_be_paid(fb):
    """A cost removing a named card kept with the group (\"Reeds\") cannot be paid when the group keeps only
    other cards: the option is refused."""
    g = new(fb, {"decks": {"0": [SYN + "reed-demand", *MORE]}, "kept": {"0": ["card:synthetic/anb-reed-bed"]}})
    act(g, type="choose", player=0, card=0)
    refused(g, {"type": "option", "player": 0, "option": 0})
    assert names(g, "kept/0") == ["card:synthetic/anb-reed-bed"]


def test_awaken_lets_the_group_pick_which_dreamer_wakes(fb):
    """New Symbols: awaken flips 1 of the group's face-down humans face up; with two dreaming, the group picks."""
    three = [*PEOPLE, "card:synthetic-anb/human-10"]
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-wake-call", *FILLER]}, "groups": {"0": three},
                 "dreaming": three[:2]})
    play(g, 0)  # -> awaken
    wake = [x for x in g.legal_actions() if x["type"] == "dream"]
    assert {g.s["cards"][x["person"]] for x in wake} == set(three[:2])
    act(g, type="dream", person=wake[1]["person"])
    assert [g.s["cards"][i] for i in g.s["dreaming"]] == [g.s["cards"][wake[0]["person"]]]
    sound(g)


def test_a_new_group_takes_the_dreamers_out_of_the_dream_world_too(fb):
    """Last Chance (Module Q Cards, Dreams): the current group, whatever its size, is exchanged for 3 new
    humans; a dreaming human leaves with the rest."""
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-new-start", *FILLER]}, "dreaming": [PEOPLE[0]]})
    play(g, 0)  # -> new group 3
    assert g.s["dreaming"] == [] and len(g.s["z"]["group/0"]) == 3
    assert set(PEOPLE) <= set(names(g, "box"))
    sound(g)


def test_with_a_helper_one_of_the_two_players_exchanges_the_group(fb):
    """Last Chance, note: a helping player may exchange their own entire group instead; only one does."""
    g = new(fb, {"decks": {"0": FILLER, "1": ["card:synthetic/anb-new-start", *MORE]}}, players=2)
    act(g, type="choose", player=0, card=0)
    act(g, type="choose", player=1, card=0)
    act(g, type="help", player=0, target=1)
    act(g, type="option", player=1, option=0)
    who = sorted(x["who"] for x in g.legal_actions() if x["type"] == "new-group")
    assert who == [0, 1]
    act(g, type="new-group", who=0)
    assert len(g.s["z"]["group/0"]) == 3 and names(g, "group/1") == PEOPLE[1:2]
    sound(g)


def test_dream_cards_to_return_can_come_from_either_deck_when_helped(fb):
    """Return dream cards, note: a helper may give back dream cards of their own deck for part or all of them."""
    d1, d2, d3 = "card:synthetic-anb/dream-1", "card:synthetic-anb/dream-2", "card:synthetic-anb/dream-3"
    g = new(fb, {"decks": {"0": [*FILLER, d1], "1": [SYN + "dream-debt", d2, d3, *MORE]}}, players=2)
    act(g, type="choose", player=0, card=0)
    act(g, type="choose", player=1, card=0)
    act(g, type="help", player=0, target=1)
    act(g, type="option", player=1, option=0)  # suffer return dream cards 2
    assert sorted(x["from"] for x in g.legal_actions() if x["type"] == "return-dream") == [0, 1]
    act(g, type="return-dream", **{"from": 1})
    assert g.s["queue"][0]["k"] == "return-dreams" and g.s["queue"][0]["n"] == 1
    act(g, type="return-dream", **{"from": 0})
    assert len(ev(g, "dream-returned")) == 2
    assert d1 not in names(g, "deck/0") and [c for c in names(g, "deck/1") if c in (d2, d3)] != [d2, d3]
    assert names(g, "dreams")[:2] in ([d1, d2], [d1, d3], [d2, d1], [d3, d1])  # under the dream deck
    sound(g)


def test_removing_two_of_three_ideas_lets_the_group_pick_them(fb):
    """A cost removing 2 idea cards from the workbench to the graveyard: with 3 there, the group picks 2."""
    ideas = ["card:synthetic-anb/idea-1", "card:synthetic-anb/idea-2", "card:synthetic-anb/idea-3"]
    g = new(fb, {"decks": {"0": [SYN + "idea-burn", *FILLER]}, "workbench": ideas})
    v = g.s["victory"]
    play(g, 0)
    picks = [x["idea"] for x in g.legal_actions() if x["type"] == "idea"]
    assert len(picks) == 3
    act(g, type="idea", idea=picks[0])
    assert g.s["queue"] and g.s["queue"][0]["k"] == "pick-ideas"
    act(g, type="idea", idea=picks[2])
    assert names(g, "workbench") == [ideas[1]] and g.s["victory"] == v + 1
    assert [e["card"] for e in ev(g, "idea-removed")] == [ideas[0], ideas[2]]
    sound(g)


def test_the_flute_divides_its_two_cards_between_player_and_helper(fb):
    """New Tools: the flute is spent to put the top 2 cards of the face-down discard pile on top of the deck;
    with a helper the 2 cards may be divided between the two players."""
    down = ["card:synthetic/anb-blight", "card:synthetic/anb-sleepwalk"]
    g = new(fb, {"decks": {"0": FILLER, "1": ["card:synthetic/anb-new-start", *MORE]}, "discard_down": down,
                 "tools": {"0": {"flute": 1}, "1": {}}}, players=2)
    act(g, type="choose", player=0, card=0)
    act(g, type="choose", player=1, card=0)
    act(g, type="help", player=0, target=1)
    n0, n1 = len(g.s["z"]["deck/0"]), len(g.s["z"]["deck/1"])
    act(g, type="flute", player=1)
    assert g.s["tools"][0] == {}
    assert sorted(x["to"] for x in g.legal_actions() if x["type"] == "flute") == [0, 1]
    act(g, type="flute", to=1)
    assert Game.from_json(fb, g.to_json()).legal_actions() == g.legal_actions()  # a save here loads
    act(g, type="flute", to=0)
    assert names(g, "discard-down") == []
    assert len(g.s["z"]["deck/0"]) == n0 + 1 and len(g.s["z"]["deck/1"]) == n1 + 1
    assert names(g, "deck/1")[-1] == down[-1] and names(g, "deck/0")[-1] == down[0]  # the top card first
    sound(g)


# ------------------------------------------------------------------ the night: caring for animals
def test_animals_beyond_the_fences_stay_for_a_grain_each_and_run_off_without(fb):
    """Night Phase, New Rules: after food spoils, animals in spaces without a fence go to the face-up discard
    pile, unless 1 grain each is spent on them; the group chooses which ones stand by the fences. 3 animals and
    1 fence, 1 grain: the goat is kept for the grain, then the group picks which of the other two runs off."""
    animals = ["card:synthetic/anb-boar", "card:synthetic/anb-wild-goat", "card:synthetic/anb-lead-ram"]
    g = new(fb, {"decks": {"0": FILLER}, "stable": animals, "res": {"grain": 1}, "phase": "night", "step": "animals"})
    care = g.s["queue"][0]
    assert care["k"] == "care" and care["left"] == 2
    boar, goat, ram = g.s["z"]["stable"]
    act(g, type="care", animal=goat, pay=True)
    assert g.s["res"]["grain"] == 0 and g.s["queue"][0]["left"] == 1
    refused(g, {"type": "care", "player": 0, "animal": ram, "pay": True,
                "label": f"P0: keep {g.rules.name(animals[2])} without a fence for 1 grain"})  # no grain left
    act(g, type="care", animal=boar, pay=False)
    assert names(g, "stable") == animals[1:]
    leaves = ev(g, "animal-leaves")
    assert [e["card"] for e in leaves] == [animals[0]] and leaves[0]["to"] == "discard-up"


# ------------------------------------------------------------------ rule-test `given` keys
@pytest.mark.parametrize("given, says", [
    ({"tokens": {"99": "farm"}}, "no secret token `99`"),
    ({"tokens": {"1": "attic"}}, "not `attic`"),
    ({"dreaming": ["card:synthetic/anb-boar"]}, "dreams but is in no group"),
    ({"built": {"tower": 1}}, "`tower` is not an expansion token"),
])
def test_a_rule_test_given_the_farm_cannot_have_fails_naming_it(fb, given, says):
    g = Game.new(fb, modules=["module:paleo/B"], boards=["board:farm"], players=1, seed=3)
    with pytest.raises(ruletests.RuleTestFailure, match=says.replace("`", ".")):
        ruletests.apply_given(g, given)


@pytest.mark.parametrize("item, says", [
    ({"k": "care", "left": 0, "kept": []}, "`left` is not a count"),  # the care of animals has animals to care for
    ({"k": "flute", "players": [0], "cards": [0, 1]}, "the cards of the flute lie on the face-down discard pile"),
])
def test_a_saved_farm_decision_the_game_cannot_be_in_is_refused(fb, item, says):
    """A save whose pending decision has lost its subject (no animal to care for; flute cards that are not on
    the face-down discard pile) is refused on load, rather than played into a crash."""
    g = new(fb, {"decks": {"0": FILLER}})
    s = json.loads(g.to_json())
    s["queue"].insert(0, item)
    with pytest.raises(StateError, match=says.replace("`", ".")):
        Game.from_json(fb, json.dumps(s))
