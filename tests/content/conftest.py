"""Fixtures for the bundled-content tests: the rulebook texts, the validated records and the compiled bundle."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from content_helpers import CONTENT, REPO
OWNED_PREFIXES = ("content/paleo/", "content/paleovet/")


def rulebooks_dir() -> Path:
    env = os.environ.get("PALEO_RULEBOOKS")
    return Path(env) if env else (REPO.parent / "shared" / "rulebooks")


@pytest.fixture(scope="session")
def rulebooks() -> dict[str, str]:
    """File name -> text of every rulebook; skips outside CI when the texts are absent, fails under CI."""
    folder = rulebooks_dir()
    texts = {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))} if folder.is_dir() else {}
    if not texts:
        if os.environ.get("CI") == "true":
            pytest.fail(f"rulebook texts not found in {folder}")
        pytest.skip(f"rulebook texts not found in {folder}")
    return texts


@pytest.fixture(scope="session")
def records():
    from content_helpers import load_records

    recs, errors = load_records(CONTENT)
    assert not errors, "\n".join(errors)
    return recs


@pytest.fixture(scope="session")
def by_id(records):
    return {r.id: r for r in records}


@pytest.fixture(scope="session")
def bundle():
    import compiler

    b, diags = compiler.compile(root=REPO)
    ours = [d for d in diags if d.is_error and d.span.file.replace("\\", "/").startswith(OWNED_PREFIXES)]
    assert not ours, "\n".join(f"{d.span.file}:{d.span.line}: {d.code} {d.message}" for d in ours)
    return b


@pytest.fixture(scope="session")
def build_diagnostics():
    import compiler

    return compiler.compile(root=REPO)[1]
