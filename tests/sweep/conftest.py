"""Fixtures of the sweep tests: the synthetic bundle, the planted bundle (modules harder by construction), files."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for p in (ROOT / "tests" / "packs", HERE):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import planted as _planted  # noqa: E402
import synthetic_bundle  # noqa: E402


@pytest.fixture(scope="session")
def base_bundle() -> dict:
    """The synthetic base bundle (content plus synthetic-base): modules A, B and C play."""
    return synthetic_bundle.cached()


@pytest.fixture(scope="session")
def planted_bundle(base_bundle) -> dict:
    return _planted.planted(base_bundle)


@pytest.fixture(scope="session")
def planted_file(planted_bundle, tmp_path_factory) -> Path:
    p = tmp_path_factory.mktemp("planted") / "bundle.json"
    p.write_text(json.dumps(planted_bundle, sort_keys=True), encoding="utf-8")
    return p


FIRST_LEGAL = '''
def first_legal(seed):
    """Always the first legal action (a deterministic user policy for the tests)."""
    def choose(game):
        return game.legal_actions()[0]
    return choose
'''


@pytest.fixture()
def user_policy(tmp_path) -> Path:
    """A user's policy module in a folder no worker has on its path."""
    p = tmp_path / "elsewhere" / "my_policy.py"
    p.parent.mkdir()
    p.write_text(FIRST_LEGAL, encoding="utf-8")
    return p
