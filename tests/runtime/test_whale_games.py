"""Seeded games of The White Whale on the synthetic packs: 200 per suggested pairing (A+T, F+T, D+T on the base
modules, O+T on A New Beginning's), spread over 2 to 4 players and both reference policies; the core's invariants
after every action (every sea card in exactly one of the sea deck, the sea discard, play or the graveyard), a JSON
round trip at each night and at the end. Marked `games` so a coverage run can leave them out."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from runtime.sim import play

sys.path.insert(0, str(Path(__file__).resolve().parent))
from seeded_games import round_trip_at_night  # noqa: E402

GAMES = 200
CONFIGS = [(p, pol) for pol in ("random", "greedy") for p in (2, 3, 4)]
SEA_ZONES = ("sea-deck", "sea-discard", "sea-up", "cemetery")

pytestmark = pytest.mark.games


def _one_place(g) -> None:
    """Every sea card lies in exactly one of the sea deck, its discard, play (turned up or kept with a group) or
    the graveyard; nobody is at sea outside the day."""
    s = g.s
    z = s["z"]
    kept = [f"night/{p}" for p in range(s["players"])]
    for i, cid in enumerate(s["cards"]):
        if cid in g.rules.sea_cards:
            where = [n for n in (*SEA_ZONES, *kept) if i in z[n]]
            assert len(where) == 1, (cid, where)
    if s["at_sea"] and s["outcome"] is None:
        assert s["phase"] == "day"


@pytest.mark.parametrize("setup", ["A+T", "F+T", "D+T", "O+T"])
def test_two_hundred_seeded_games_keep_every_invariant(whale_bundle, whale_anb_bundle, setup):
    bundle = whale_anb_bundle if setup == "O+T" else whale_bundle
    after = round_trip_at_night(bundle, also=_one_place)
    results = {"win": 0, "loss": 0, "unfinished": 0}
    seafares = nights = 0
    for seed in range(GAMES):
        players, policy = CONFIGS[seed % len(CONFIGS)]
        g = play(bundle, game="game:paleo", scenario=setup, players=players, seed=seed, policy=policy,
                 on_action=after)
        results[g.outcome["result"]] += 1
        nights += g.s["nights"]
        seafares += sum(1 for e in g.log if e["t"] == "to-sea")
        assert ("built" in g.s) == (setup == "O+T"), "the farm plays exactly with A New Beginning's module"
    assert sum(results.values()) == GAMES
    assert results["unfinished"] <= GAMES // 20, results
    assert nights > GAMES // 2, "the games hardly reach a night"
    assert seafares > GAMES // 4, "the players hardly go out to sea"
