"""Seeded games of PaleoVet on the synthetic pack: 200 per configuration (standard, casual and light with 2, 3 and 4
players; solo with 1), both reference policies; the core's invariants after every action (every die, token and card
in one place, the supplies kept, sleep never negative), a JSON round trip once a turn and at the end,
and the same log for the same seed. Marked `games` so a coverage run can leave them out."""

from __future__ import annotations

import pytest

import sys
from pathlib import Path

from runtime.sim import play

sys.path.insert(0, str(Path(__file__).resolve().parent))
from seeded_games import round_trip_at_night  # noqa: E402

GAMES = 200
CONFIGS = [(mode, n) for mode in ("standard", "casual", "light") for n in (2, 3, 4)] + [("solo", 1)]

pytestmark = pytest.mark.games


def _round_trip(bundle):
    """Invariants after every action; a JSON round trip once a turn (when the turn count moves) and at the end."""
    seen = {"turn": None}

    def new_turn(g) -> bool:
        moved = g.s["turn"] != seen["turn"]
        seen["turn"] = g.s["turn"]
        return moved
    return round_trip_at_night(bundle, when=new_turn)


@pytest.mark.parametrize("mode, players", CONFIGS)
def test_two_hundred_seeded_games_keep_every_invariant(vet_bundle, mode, players):
    after = _round_trip(vet_bundle)
    results = {"win": 0, "loss": 0, "unfinished": 0}
    wins_by_seat = [0] * players
    for seed in range(GAMES):
        policy = ("random", "greedy")[seed % 2]
        g = play(vet_bundle, game="game:paleovet", scenario=None, players=players, seed=seed, policy=policy,
                 options={"mode": mode}, on_action=after)
        o = g.outcome
        results[o["result"]] += 1
        assert len(o["scores"]) == players and sum(o["cured"]) == sum(len(g.s["z"][f"cured/{p}"]) for p in range(players))
        if mode != "solo":
            assert o["result"] == "win" and o["winners"]
            for p in o["winners"]:
                wins_by_seat[p] += 1
            assert not any(g.s["z"][f"upgrades/{p}"] for p in range(players)) or mode == "standard"
    assert results["unfinished"] == 0, results
    if mode == "solo":
        assert results["win"] and results["loss"], f"solo games all end alike: {results}"
    else:
        assert all(wins_by_seat), f"a seat never wins: {wins_by_seat}"


def test_the_same_seed_gives_the_same_game(vet_bundle):
    for mode, players in (("standard", 3), ("solo", 1)):
        logs = [play(vet_bundle, game="game:paleovet", scenario=None, players=players, seed=7, policy="random",
                     options={"mode": mode}).to_json() for _ in range(2)]
        assert logs[0] == logs[1]
