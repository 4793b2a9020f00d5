"""Small bundles for the adapter tests: the synthetic packs with games made short (so that searching matters
and a test plays many games quickly)."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "packs"))

import synthetic_bundle  # noqa: E402


def shortened(bundle: dict, game: str, **params) -> dict:
    b = copy.deepcopy(bundle)
    rec = next(g for g in b["games"] if g["id"] == game)
    rec.setdefault("parameters", {}).update(params)
    return b


@pytest.fixture(scope="session")
def short_paleo() -> dict:
    """Paleo on the synthetic base pack, won at the first victory token and lost at the first skull."""
    return shortened(synthetic_bundle.cached(), "game:paleo", victory_tokens_to_win=1, skulls_to_lose=1)


@pytest.fixture(scope="session")
def short_vet() -> dict:
    """PaleoVet on the synthetic pack with field stacks of two dinos: a stack runs out within a few turns."""
    return shortened(synthetic_bundle.paleovet(), "game:paleovet", dinos_per_stack=2, field_stacks=2)
