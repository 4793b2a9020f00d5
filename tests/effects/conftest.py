"""Shared fixtures for the effect-language tests: the bundled registry and a compile helper."""

from __future__ import annotations

import pytest

from compiler.effects import compile_option, load_registry


@pytest.fixture(scope="session")
def registry():
    reg, diags = load_registry()
    assert diags == [], [d.message for d in diags]
    return reg


@pytest.fixture
def compile_(registry):
    def run(text: str, game: str = "game:paleo", **kw):
        return compile_option(text, registry=registry, game=game, file=kw.pop("file", None),
                              path=kw.pop("path", ()), **kw)
    return run
