"""The OpenSpiel adapter, driven by OpenSpiel itself: its random simulation test, chance nodes, hidden
simultaneous choices, and its MCTS bot against a random bot."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots import uniform_random

from paleo_ai.openspiel import PaleoGame
from runtime.rng import seed_state


def _sample(state, rs):
    outcomes, probs = zip(*state.chance_outcomes())
    return int(rs.choice(outcomes, p=probs))


@pytest.mark.parametrize("which,kw", [("short_paleo", dict(players=2)), ("short_paleo", dict(players=1)),
                                      ("short_vet", dict(game="game:paleovet", players=2))])
def test_random_sim_test_passes(request, which, kw):
    game = PaleoGame.from_bundle(request.getfixturevalue(which), **kw)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_every_shuffle_and_roll_is_a_chance_node_and_the_runtimes_generator_is_never_used(short_paleo):
    game = PaleoGame.from_bundle(short_paleo, players=2)
    s = game.new_initial_state()
    assert s.is_chance_node()
    rs = np.random.RandomState(0)
    draws = 0
    while s.is_chance_node():
        outs = s.chance_outcomes()
        assert [o for o, _ in outs] == list(range(len(outs))) and abs(sum(p for _, p in outs) - 1) < 1e-9
        s.apply_action(_sample(s, rs))
        draws += 1
    deck_sizes = sum(len(z) for k, z in json.loads(str(s))["z"].items() if k in ("people", "dreams", "ideas"))
    assert draws >= deck_sizes - 3  # every deck shuffled at setup was drawn card by card
    while not s.is_terminal():
        s.apply_action(_sample(s, rs) if s.is_chance_node() else int(rs.choice(s.legal_actions())))
        if not s.is_terminal() and not s.is_chance_node():
            assert json.loads(str(s))["rng"] == seed_state(0)


def test_a_simultaneous_choice_is_hidden_from_the_others_until_all_have_chosen(short_paleo):
    game = PaleoGame.from_bundle(short_paleo, players=2)
    s = game.new_initial_state()
    rs = np.random.RandomState(3)
    while s.is_chance_node():
        s.apply_action(_sample(s, rs))
    assert s.current_player() == 0
    labels = {a: s.action_to_string(0, a) for a in s.legal_actions()}
    # two choices of the same card (the same back is committed), ordering the others differently
    same = [a for a, lab in labels.items() if "take card 1 " in lab]
    assert len(same) >= 2
    a, b = s.clone(), s.clone()
    a.apply_action(same[0])
    b.apply_action(same[1])
    assert a.current_player() == b.current_player() == 1
    assert a.observation_string(1) == b.observation_string(1)
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.information_state_string(0) != b.information_state_string(0)
    # the tensors hide it alike (paleo_ai.tensor: the other seat's choice is a committed back)
    assert a.observation_tensor(1) == b.observation_tensor(1)
    assert a.information_state_tensor(1) == b.information_state_tensor(1)
    assert a.information_state_tensor(0) != b.information_state_tensor(0)


def test_mcts_beats_a_random_bot(short_paleo):
    """OpenSpiel's MCTS bot (100 simulations, random rollouts) and a uniform random bot each play the same
    seeded games of Paleo with module A, alone, made short (the mission card's victory token wins, the first
    skull loses): MCTS wins more of them and its mean return is higher (random play wins about 1 in 13)."""
    game = PaleoGame.from_bundle(short_paleo, players=1, setup={"scenario": "A"})
    results = {"mcts": [], "random": []}
    for seed in range(GAMES):
        for who in results:
            rs = np.random.RandomState(seed)
            bot = (mcts.MCTSBot(game, 2.0, 100, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                                random_state=np.random.RandomState(seed)) if who == "mcts"
                   else uniform_random.UniformRandomBot(0, np.random.RandomState(seed)))
            s = game.new_initial_state()
            while not s.is_terminal():
                s.apply_action(_sample(s, rs) if s.is_chance_node() else bot.step(s))
            results[who].append(s.returns()[0])
    wins = {who: sum(r > 0 for r in rs) for who, rs in results.items()}
    assert wins["mcts"] > wins["random"] and sum(results["mcts"]) > sum(results["random"]), results


GAMES = 3
