"""Shared fixtures for the bundled-content tests: where the rulebooks are and how content is read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"


def rulebooks_dir() -> Path:
    env = os.environ.get("PALEO_RULEBOOKS")
    return Path(env) if env else (REPO / ".." / "shared" / "rulebooks").resolve()


@pytest.fixture(scope="session")
def rulebooks() -> dict[str, str]:
    """File name -> text of every rulebook; skips outside CI when the texts are absent."""
    folder = rulebooks_dir()
    texts = {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))} if folder.is_dir() else {}
    if not texts:
        if os.environ.get("CI") == "true":
            pytest.fail(f"rulebook texts not found in {folder}")
        pytest.skip(f"rulebook texts not found in {folder}")
    return texts


@pytest.fixture(scope="session")
def content_records():
    from content_helpers import load_records

    records, errors = load_records(CONTENT)
    assert not errors, "\n".join(errors)
    return records
