"""Project-wide test settings: under CI a skipped test is a failure, not a pass."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() == "true"


def rulebooks_dir() -> Path:
    """The rulebook texts: $PALEO_RULEBOOKS, else ../shared/rulebooks beside the checkout."""
    env = os.environ.get("PALEO_RULEBOOKS")
    return Path(env) if env else REPO.parent / "shared" / "rulebooks"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true, which counts as a failure (a missing tool is a broken install): {reason}"


def _pack_set(name: str) -> dict:
    """A named pack set's bundle from tests/packs/synthetic_bundle.py, built once per process."""
    import sys

    packs = str(REPO / "tests" / "packs")
    if packs not in sys.path:
        sys.path.insert(0, packs)
    import synthetic_bundle

    return synthetic_bundle._named(name, None)


@pytest.fixture(scope="session")
def pote_bundle() -> dict:
    """The bundle Path of the Elders is played on: content, synthetic-base, base-modules and pote."""
    return _pack_set("pote")


@pytest.fixture(scope="session")
def whale_bundle() -> dict:
    """The bundle The White Whale is played on with modules A, F and D: content, synthetic-base, base-modules, whale."""
    return _pack_set("whale")


@pytest.fixture(scope="session")
def whale_anb_bundle() -> dict:
    """The bundle The White Whale is played on with module O: A New Beginning's packs and whale."""
    return _pack_set("whale-anb")


@pytest.fixture(scope="session")
def vet_bundle() -> dict:
    """The bundle PaleoVet is played on: content and the synthetic paleovet pack."""
    return _pack_set("paleovet")
