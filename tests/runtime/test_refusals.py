"""What the runtime refuses, and how: illegal and malformed actions, forged saved games, bad command-line input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from runtime import IllegalAction, SetupError, StateError
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.ruletests import apply_given
from runtime.sim import play
new_game = Game.new

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def test_a_malformed_action_is_illegal_not_a_crash(bundle):
    g = new_game(bundle, scenario="A", players=2, seed=4)
    before = g.to_json()
    for bad in ({"type": "choose", "player": 0, "card": object()}, {"type": "choose", "player": 0, "card": float("nan")},
                ["choose"], None, "sleep", {"type": "sleep", "player": 0, "extra": 1}):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.to_json() == before


def test_no_action_after_the_end(bundle):
    g = play(bundle, game="game:paleo", scenario="A", players=2, seed=2, policy="random")
    assert g.is_terminal() and g.legal_actions() == [] and g.current_players() == []
    before = g.to_json()
    with pytest.raises(IllegalAction, match="over"):
        g.apply({"type": "sleep", "player": 0})
    assert g.to_json() == before


def _mid_game(bundle) -> Game:
    g = new_game(bundle, scenario="A", players=2, seed=5)
    g.apply(next(a for a in g.legal_actions(0) if a["type"] == "choose"))
    return g


FORGERIES = {
    "choice beyond the top three": lambda s: s["choice"].__setitem__(0, {"kind": "card", "card": 5, "order": []}),
    "choice with a bad order": lambda s: s["choice"].__setitem__(0, {"kind": "card", "card": 0, "order": [0, 0]}),
    "unknown phase": lambda s: s.__setitem__("phase", "party"),
    "negative skulls": lambda s: s.__setitem__("skulls", -1),
    "a sixth victory token": lambda s: s.__setitem__("victory", 6),
    "negative food": lambda s: s["res"].__setitem__("food", -2),
    "a card in two zones": lambda s: s["z"]["deck/1"].append(s["z"]["deck/0"][0]),
    "a card in no zone": lambda s: s["z"]["deck/0"].pop(),
    "an unknown card": lambda s: s["cards"].__setitem__(0, "card:synthetic/dragon"),
    "a tool out of thin air": lambda s: s["tools"][0].__setitem__("token:paleo/spear", 9),
    "an unknown pending decision": lambda s: s["queue"].append({"k": "win-now"}),
    "wounds for a stranger": lambda s: s["queue"].append({"k": "wound", "n": 1, "players": [7], "decider": 0}),
    "a mission that is not in play": lambda s: s["queue"].append({"k": "mission", "card": s["z"]["deck/0"][0],
                                                                  "player": None}),
    "an extra zone": lambda s: s["z"].__setitem__("pocket", []),
    "asleep with cards": lambda s: s["asleep"].__setitem__(1, True),
    "help from oneself": lambda s: s["helping"].__setitem__(0, 0),
    "players as text": lambda s: s.__setitem__("players", "2"),
    "a standing skill bonus": lambda s: s.__setitem__("bonus", {"0": {"strength": 9}}),
}


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_a_forged_saved_game_is_refused(bundle, name):
    s = json.loads(_mid_game(bundle).to_json())
    FORGERIES[name](s)
    with pytest.raises(StateError):
        Game.from_json(bundle, json.dumps(s))


def test_unreadable_saved_games_are_refused(bundle):
    for text in ("{", "[]", "null", '{"format": "other"}', json.dumps({"format": "paleo-runtime-state/1"})):
        with pytest.raises(StateError):
            Game.from_json(bundle, text)


def test_a_valid_mid_game_save_restores_and_plays_on(bundle):
    g = _mid_game(bundle)
    h = Game.from_json(bundle, g.to_json())
    a = h.legal_actions()[0]
    g.apply(a)
    h.apply(a)
    assert g.to_json() == h.to_json()


def test_setup_stack_refuses_unknown_decks_and_cards(bundle):
    with pytest.raises(SetupError, match="stack"):
        new_game(bundle, scenario="A", players=2, seed=0, stack={"exploration": []})
    with pytest.raises(SetupError, match="no copy"):
        new_game(bundle, scenario="A", players=2, seed=0, stack={"people": ["card:synthetic/forest-glade"]})


def test_a_module_named_twice_is_played_once(bundle):
    a = new_game(bundle, scenario="A", players=2, seed=0)
    b = new_game(bundle, scenario="A+A", players=2, seed=0)
    assert a.to_json() == b.to_json()
    with pytest.raises(SetupError):
        new_game(bundle, scenario="+", players=2, seed=0)


def _avoidable(bundle, order):
    """Wolf Pack made an avoidable danger (a `help` option), its options in the given order."""
    b = json.loads(json.dumps(bundle))
    card = next(c for c in b["cards"] if c["id"] == "card:synthetic/wolf-pack")
    card["options"].append({"text": "-> help", "ir": {"node": "option", "clauses": [{"node": "clause", "kind": "reward",
                            "body": {"node": "call", "symbol": "symbol:help", "args": {}}}]}})
    card["options"] = [card["options"][i] for i in order]
    g = new_game(b, scenario="A", players=2, seed=0)
    apply_given(g, {"decks": {"0": ["card:synthetic/wolf-pack", "card:synthetic/ford"],
                              "1": ["card:synthetic/forest-glade", "card:synthetic/ford"]}})
    g.apply(next(a for a in g.legal_actions(0) if a["type"] == "choose" and a["card"] == 0))
    g.apply(next(a for a in g.legal_actions(1) if a["type"] == "choose" and a["card"] == 0))
    return {(a["type"], a.get("target"), g.rules.options["card:synthetic/wolf-pack"][a["option"]].text
             if a["type"] == "option" else None) for a in g.legal_actions(0)}


def test_an_avoided_danger_does_not_depend_on_the_order_of_its_options(bundle):
    first = _avoidable(bundle, [3, 0, 1, 2])
    last = _avoidable(bundle, [2, 0, 1, 3])
    assert first == last
    assert ("ignore", None, None) in first and ("help", 1, None) in first


def _paleo(*args):
    return subprocess.run([sys.executable, "-m", "compiler", *args], cwd=ROOT, capture_output=True, text=True)


def test_bad_command_line_input_is_reported_not_crashed(bundle_file, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    shapeless = tmp_path / "shapeless.json"
    shapeless.write_text(json.dumps({"format_version": "1.0.0", "games": 5}), encoding="utf-8")
    cases = [
        ("test", "--bundle", str(tmp_path / "missing.json")),
        ("test", "--bundle", str(bad), "tests/rules/resolve-ignore.json"),
        ("test", str(tmp_path / "missing-test.json")),
        ("sim", "--bundle", str(tmp_path / "missing.json"), "--scenario", "A"),
        ("sim", "--bundle", str(bad), "--scenario", "A"),
        ("sim", "--bundle", str(shapeless), "--scenario", "none"),
        ("sim", "--bundle", str(bundle_file), "--scenario", "scenario:nowhere"),
        ("sim", "--bundle", str(bundle_file), "--scenario", "A", "--games", "0"),
        ("sim", "--bundle", str(bundle_file), "--scenario", "A", "--players", "9"),
    ]
    for args in cases:
        r = _paleo(*args)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert "internal error" not in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
        assert r.stderr.startswith(f"paleo {args[0]}: "), (args, r.stderr)


def test_a_rule_test_that_is_not_json_fails_by_name(bundle_file, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{", encoding="utf-8")
    r = _paleo("test", "--bundle", str(bundle_file), str(bad))
    assert r.returncode == 1 and "FAIL broken.json: not JSON" in r.stdout and "Traceback" not in r.stderr


def test_editing_a_returned_legal_action_does_not_make_it_legal(bundle):
    g = new_game(bundle, scenario="A", players=2, seed=4)
    before = g.to_json()
    a = next(x for x in g.legal_actions(0) if x["type"] == "choose")
    a["card"] = 7
    with pytest.raises(IllegalAction):
        g.apply(a)
    assert g.to_json() == before
    b = next(x for x in g.legal_actions(0) if x["type"] == "choose" and x["order"])
    b["order"].append(9)
    with pytest.raises(IllegalAction):
        g.apply(b)
    assert g.to_json() == before


def test_restoring_after_every_action_plays_the_same_game(bundle):
    def restore(g: Game):
        h = Game.from_json(bundle, g.to_json())
        return h

    for players, policy in ((2, "random"), (3, "greedy")):
        plain = play(bundle, game="game:paleo", scenario="A", players=players, seed=17, policy=policy)
        saved = play(bundle, game="game:paleo", scenario="A", players=players, seed=17, policy=policy, on_action=restore)
        assert json.dumps(plain.log, sort_keys=True) == json.dumps(saved.log, sort_keys=True)
        assert plain.to_json() == saved.to_json()


def _paths(o, pre=()):
    if pre:
        yield pre
    if isinstance(o, dict):
        for k, v in o.items():
            if k != "log":
                yield from _paths(v, pre + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o[:4]):
            yield from _paths(v, pre + (i,))


def test_an_edited_save_is_refused_or_plays_on(bundle):
    """One field of a saved game replaced by junk: a StateError, or a game that plays on without a crash."""
    import random

    from runtime.rng import Rng

    rnd = random.Random(7)
    saves = []
    for seed in range(6):
        play(bundle, game="game:paleo", scenario="A", players=1 + seed % 4, seed=seed, policy="random",
             on_action=lambda g: saves.append(g.to_json()) if len(saves) < 400 and g.s["actions"] % 7 == 0 else None)
    junk = [None, -1, 0, 1, 2, 99, "x", "card:synthetic/wolf-pack", [], {}, [0], [[0]], {"k": "wound"}, True, 1.5, 2 ** 70]
    accepted = 0
    for _ in range(1500):  # most edits are refused; enough must be accepted to show the game plays on
        s = json.loads(rnd.choice(saves))
        path = rnd.choice(list(_paths(s)))
        o = s
        for k in path[:-1]:
            o = o[k]
        o[path[-1]] = rnd.choice(junk)
        try:
            g = Game.from_json(bundle, json.dumps(s))
        except (StateError, SetupError):
            continue
        accepted += 1
        pick = Rng(accepted)
        for _ in range(20):
            if g.is_terminal():
                break
            acts = g.legal_actions()
            assert acts, f"{path}: no legal action in a game that is not over"
            g.observation(0)
            g.apply(acts[pick.below(len(acts))])
    assert accepted > 50
