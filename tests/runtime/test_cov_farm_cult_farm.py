"""A New Beginning's farm symbols in the situations the rule tests do not reach: a full or emptied stable, the
scythe and millstone played again, tools running out, secret tokens with the group, several players sharing a
choice (a helper), the night's care for animals, and symbols written where the engine gives them no meaning.

Every expectation comes from `000_97f291d3c44cb3f7.txt` (A New Beginning), cited per test by its section. The
games run on the A New Beginning test bundle (module B's synthetic farm cards) plus a few synthetic cards of
this file (invented faces, tests only), set up with the rule-test `given` keys.
"""

from __future__ import annotations

import copy

import pytest

from runtime import ruletests
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.core.invariants import violations
from runtime.engine import IllegalAction, NotPlayable
from runtime.games.paleo import farm_ops as F
from runtime.games.paleo.state import Ctx

import synthetic_bundle

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
    ruletests.apply_given(g, given)
    return g


def act(g, **want) -> dict:
    """Apply the first legal action matching every field given."""
    legal = g.legal_actions()
    a = next((a for a in legal if all(a.get(k) == v for k, v in want.items())), None)
    assert a is not None, (want, legal)
    g.apply(a)
    return a


def refused(g, action: dict) -> None:
    """The action is not legal, and applying it leaves the state as it was."""
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.to_json() == before


def play(g, option: int, p=0) -> None:
    """Player `p` takes the top card of their deck and resolves its option (0-based)."""
    act(g, type="choose", player=p, card=0)
    act(g, type="option", player=p, option=option)


def ev(g, t: str) -> list[dict]:
    return [e for e in g.log if e["t"] == t]


def names(g, zone: str) -> list[str]:
    return [g.s["cards"][i] for i in g.s["z"][zone]]


def sound(g) -> None:
    assert violations(g) == []


FILLER = ["card:synthetic/anb-reed-bed", "card:synthetic/anb-yard", "card:synthetic/anb-trading-post"]
MORE = ["card:synthetic/anb-spirit-offering", "card:synthetic/anb-herb-garden", "card:synthetic/anb-gathering-song",
        "card:synthetic/anb-homestead", "card:synthetic/anb-totem-pole"]


# ------------------------------------------------------------------ symbols where they have no meaning
# (symbol, position, args): the symbol registry gives none of these positions, so only a hand-made bundle has them
BAD = [
    ("symbol:captured-animal", "reward", {"n": 1}), ("symbol:fence", "cost", {}), ("symbol:buildings", "reward", {"n": 2}),
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
    ("symbol:awaken", "cost", {}), ("symbol:new-group", "cost", {"n": 3}), ("symbol:remove-idea-cards", "reward", {"n": 1}),
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
    """Animal Actions: the slaughter action takes the meat and pelts shown on the hunt action, free of its
    requirements and costs; the hunt's victory token is neither meat nor pelt."""
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
    F.OPS["symbol:capture-animal"]("reward", {})(g, ctx)
    assert ctx.new == [] and ev(g, "capture-nothing") and names(g, "stable") == []
    keep = Ctx(0, [], None, "trigger")
    F.OPS["symbol:place-this-card-with-group"]("reward", {})(g, keep)
    assert keep.dest is None


# ------------------------------------------------------------------ grain and building
def test_the_scythe_adds_its_grain_at_every_harvest(fb):
    """Grain Actions and Expansion Tokens on the Farm: harvesting discards 2 cards for 1 grain, and the built
    scythe improves every harvest, not only the first."""
    deck = ["card:synthetic/anb-field-edge", *FILLER, *MORE]
    g = new(fb, {"decks": {"0": deck}, "built": {"scythe": 1}, "res": {"grain": 0}})
    play(g, 0)  # -> harvest
    assert g.s["res"]["grain"] == 2 and ev(g, "harvest")[-1]["scythe"] is True
    ctx = Ctx(0, [], None, "day")
    F.harvest(g, ctx)
    assert g.s["res"]["grain"] == 4 and g.s["used"].count("symbol:scythe") == 1


def test_the_millstone_improves_grinding(fb):
    """Grain Actions: grinding spends 1 grain for 2 food; the built millstone improves it (here 1 more food)."""
    g = new(fb, {"decks": {"0": ["card:synthetic/anb-field-edge", *FILLER]}, "built": {"millstone": 1},
                 "res": {"grain": 2, "food": 0}})
    play(g, 1)  # -> grind
    assert g.s["res"]["grain"] == 1 and g.s["res"]["food"] == 3
    assert ev(g, "grind")[-1]["millstone"] is True and "symbol:millstone" in g.s["used"]
    F.grind(g, Ctx(0, [], None, "day"))
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
