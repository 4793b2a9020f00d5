"""The OpenSpiel game as OpenSpiel's own games are used: loaded by name with parameters after one import,
serialised and pickled, with observation and information-state tensors of a documented layout."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest

import paleo_ai.openspiel as pos
from paleo_ai.openspiel import PaleoGame, action_blocks, tensor_layout

REPO = Path(__file__).resolve().parents[2]


def _sample(state, rs):
    outcomes, probs = zip(*state.chance_outcomes())
    return int(rs.choice(outcomes, p=probs))


def _advance(state, rs, decisions: int):
    """Play chance and random decisions until `decisions` decisions were made (or the end)."""
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            state.apply_action(_sample(state, rs))
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
            made += 1
    return state


@pytest.fixture(scope="module")
def short_file(tmp_path_factory, short_paleo) -> str:
    path = tmp_path_factory.mktemp("bundle") / "short.json"
    path.write_text(json.dumps(short_paleo), encoding="utf-8")
    return str(path)


def test_loaded_by_name_with_parameters_on_the_demo_bundle():
    game = pyspiel.load_game("paleo_codex", {"players": 2, "scenario": "A"})
    assert isinstance(game, PaleoGame) and game.num_players() == 2
    assert game.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    again = pyspiel.load_game(str(game))  # the game string names every parameter
    assert str(again) == str(game) and again.num_distinct_actions() == game.num_distinct_actions()
    vet = pyspiel.load_game("paleo_codex(game=game:paleovet,players=3,options=mode:standard)")
    assert vet.num_players() == 3 and vet.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    state = _advance(vet.new_initial_state(), np.random.RandomState(0), 3)
    assert not state.is_chance_node() or state.chance_outcomes()


def test_one_import_registers_it_in_a_fresh_process():
    code = ("import pyspiel, paleo_ai.openspiel; g = pyspiel.load_game('paleo_codex', {'scenario': 'level:pote/I'}); "
            "print(g.num_players(), g.num_distinct_actions() > 0, 'paleo_codex' in pyspiel.registered_names())")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.split() == ["2", "True", "True"]


@pytest.mark.parametrize("bad,says", [({"nonsense": 1}, "Unknown parameter 'nonsense'"),
                                      ({"options": "mode"}, "key:value"),
                                      ({"bundle": "/nowhere/bundle.json"}, "cannot read bundle"),
                                      ({"scenario": "no-such-scenario"}, "SetupError"),
                                      ({"bundle": "live:99"}, "no bundle live:99")])
def test_bad_parameters_are_one_spiel_error(bad, says):
    with pytest.raises(pyspiel.SpielError) as err:
        pyspiel.load_game("paleo_codex", bad)
    assert says in str(err.value), str(err.value)


def test_random_sim_test_with_serialisation(short_file, short_paleo):
    game = pyspiel.load_game("paleo_codex", {"bundle": short_file, "players": 2})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    live = PaleoGame.from_bundle(short_paleo, players=1, setup={"scenario": "A"})
    pyspiel.random_sim_test(live, num_sims=2, serialize=True, verbose=False)


def test_game_and_state_pickle_and_load_in_another_process(short_file, tmp_path):
    game = pyspiel.load_game("paleo_codex", {"bundle": short_file, "players": 2})
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = _advance(game.new_initial_state(), np.random.RandomState(5), 4)
    back = pickle.loads(pickle.dumps(state))
    assert str(back) == str(state) and back.history() == state.history()
    assert back.legal_actions() == state.legal_actions()
    blob = tmp_path / "state.pickle"
    blob.write_bytes(pickle.dumps(state))
    code = ("import pickle, sys, paleo_ai.openspiel; s = pickle.loads(open(sys.argv[1], 'rb').read()); "
            "print(len(s.history()), s.current_player(), s.observation_string(0)[:60])")
    p = subprocess.run([sys.executable, "-c", code, str(blob)], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.split(" ", 2)[:2] == [str(len(state.history())), str(state.current_player())]
    assert p.stdout.split(" ", 2)[2].strip() == state.observation_string(0)[:60]
    ser = pyspiel.serialize_game_and_state(game, state)
    g2, s2 = pyspiel.deserialize_game_and_state(ser)
    assert str(g2) == str(game) and str(s2) == str(state)


def test_tensors_follow_the_documented_layout(short_paleo):
    game = PaleoGame.from_bundle(short_paleo, players=2, setup={"scenario": "A"})
    lay = tensor_layout(game)
    assert game.observation_tensor_shape() == [lay.size]
    assert game.information_state_tensor_shape() == [lay.size + game.num_distinct_actions()]
    state = _advance(game.new_initial_state(), np.random.RandomState(2), 3)
    while state.is_chance_node():
        state.apply_action(_sample(state, np.random.RandomState(0)))
    obs = np.asarray(state.observation_tensor(0))
    table = state.table.game
    assert obs.tolist() == lay.encode(table, 0)
    seen = table.observation(0)
    day = lay.segment("counter day")
    assert obs[day.start] == seen["day"]
    hand = lay.segment("zone groups seat 0")  # the observer's own groups, card by card
    assert sum(obs[hand.start:hand.start + hand.size]) == len(seen["players"][0]["groups"])
    for cid in seen["players"][0]["groups"]:
        assert obs[hand.start + lay.cards.index(cid)] >= 1
    other = lay.segment("zone groups seat 1")  # seat 1 is the next player, relative to the observer
    assert sum(np.asarray(state.observation_tensor(1))[other.start:other.start + other.size]) == len(seen["players"][0]["groups"])
    info = np.asarray(state.information_state_tensor(0))
    assert info[:lay.size].tolist() == obs.tolist()
    mine = info[lay.size:]
    assert mine.sum() == len(state.seen[0]) and all(mine[a] >= 1 for _, a, _ in state.seen[0])
    text = lay.describe()
    assert "zone groups seat 0" in text and "counter skulls" in text


def test_the_action_count_is_the_sum_of_the_declared_blocks(short_paleo):
    game = PaleoGame.from_bundle(short_paleo, players=2, setup={"scenario": "A"})
    blocks = action_blocks(game)
    assert sum(b["size"] for b in blocks) == game.num_distinct_actions()
    for b in blocks:
        n = 1
        for _, values in b["fields"]:
            n *= values + 2
        assert n == b["size"]
    assert [b["offset"] for b in blocks] == [sum(x["size"] for x in blocks[:i]) for i in range(len(blocks))]
    state = _advance(game.new_initial_state(), np.random.RandomState(1), 6)
    while not state.is_terminal() and state.is_chance_node():
        state.apply_action(_sample(state, np.random.RandomState(0)))
    if not state.is_terminal():
        g = state.table.game
        for act in g.legal_actions(state.current_player()):
            blk = next(b for b in blocks if b["type"] == act["type"])
            assert blk["offset"] <= g.id_of(act) < blk["offset"] + blk["size"]
    assert pos.SHORT_NAME == "paleo_codex"
