"""Seeded games of Path of the Elders on the synthetic packs: 200 per level I to III and for modules W and X
without the Cult Site (D+W, I+X), spread over 1 to 4 players and both reference policies; the core's invariants
after every action (cult deck, display and decks conserve the cards; each cult tool serves at most twice), a JSON
round trip at each night and at the end. Marked `games` so a coverage run can leave them out."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from runtime.sim import play

sys.path.insert(0, str(Path(__file__).resolve().parent))
from seeded_games import round_trip_at_night  # noqa: E402

SETUPS = ["level:pote/I", "level:pote/II", "level:pote/III", "D+W", "I+X"]
GAMES = 200
CONFIGS = [(p, pol) for pol in ("random", "greedy") for p in (1, 2, 3, 4)]

pytestmark = pytest.mark.games




@pytest.mark.parametrize("setup", SETUPS)
def test_two_hundred_seeded_games_keep_every_invariant(pote_bundle, setup):
    after = round_trip_at_night(pote_bundle)
    results = {"win": 0, "loss": 0, "unfinished": 0}
    nights = 0
    cult = "level" in setup
    for seed in range(GAMES):
        players, policy = CONFIGS[seed % len(CONFIGS)]
        g = play(pote_bundle, game="game:paleo", scenario=setup, players=players, seed=seed, policy=policy,
                 on_action=after)
        results[g.outcome["result"]] += 1
        nights += g.s["nights"]
        assert ("cult" in g.s) == cult, "the Cult Site plays exactly in the levels"
        if cult:
            assert all(n <= 2 for n in g.s["cult"]["uses"].values())
        else:  # without the Cult Site none of its new base cards or secrets is dealt
            cards = g.rules.cards
            assert not [c for c in set(g.s["cards"]) if cards[c].get("product") == "product:pote"
                        and cards[c].get("module") is None and cards[c].get("kind") == "base"]
    assert sum(results.values()) == GAMES
    assert results["unfinished"] <= GAMES // 20, results
    assert nights > GAMES // 2, "the games hardly reach a night"
