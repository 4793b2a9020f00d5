"""Fixtures for the runtime tests: the playable synthetic bundle, built once per session."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "packs"))

import synthetic_bundle  # noqa: E402


@pytest.fixture(scope="session")
def bundle() -> dict:
    return synthetic_bundle.cached()


@pytest.fixture(scope="session")
def anb_bundle() -> dict:
    """Every pack: A New Beginning's scenarios are playable on it."""
    return synthetic_bundle.anb()


@pytest.fixture(scope="session")
def bundle_file(bundle, tmp_path_factory) -> Path:
    p = tmp_path_factory.mktemp("bundle") / "bundle.json"
    p.write_text(json.dumps(bundle), encoding="utf-8")
    return p


@pytest.fixture(scope="session")
def bundled_only() -> dict:
    from compiler.pipeline import run

    return run([ROOT / "content"], root=ROOT).bundle
