"""Seeded games of A New Beginning's six scenarios on the synthetic packs: 200 per scenario in all,
spread over 1 to 4 players and both reference policies, invariants after every action, a JSON round trip
at each night and at the end. Marked `games` so a coverage run can leave them out (`-m "not games"`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from runtime.sim import play

sys.path.insert(0, str(Path(__file__).resolve().parent))
from seeded_games import round_trip_at_night  # noqa: E402

SCENARIOS = [f"scenario:anb/{n}" for n in ("I", "II", "III", "IV", "V", "VI")] + ["C+R"]  # C+R: module R with a base module
GAMES = 200
CONFIGS = [(p, pol) for pol in ("random", "greedy") for p in (1, 2, 3, 4)]

pytestmark = pytest.mark.games




@pytest.mark.parametrize("scenario", [None, *SCENARIOS], ids=lambda s: s or "no-module")
def test_two_hundred_seeded_games_keep_every_invariant(anb_bundle, scenario):
    after = round_trip_at_night(anb_bundle)
    results = {"win": 0, "loss": 0, "unfinished": 0}
    nights = 0
    for seed in range(GAMES):
        players, policy = CONFIGS[seed % len(CONFIGS)]
        g = play(anb_bundle, game="game:paleo", scenario=scenario, players=players, seed=seed, policy=policy,
                 boards=None if scenario else ["board:farm"], on_action=after)
        results[g.outcome["result"]] += 1
        nights += g.s["nights"]
    assert sum(results.values()) == GAMES
    assert results["unfinished"] <= GAMES // 20, results
    assert nights > GAMES, "the games hardly reach a night"
