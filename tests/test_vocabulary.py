"""Every bold term of VOCABULARY.md is a symbol name or alias, or an exclusion naming what expresses it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

from compiler import models
from compiler.effects import load_registry, symbols_report
from compiler.effects import types as T

REPO = Path(__file__).resolve().parent.parent
EXCLUSIONS = REPO / "tests" / "vocabulary_exclusions.yaml"


def vocabulary_path() -> Path:
    env = os.environ.get("PALEO_RULEBOOKS")
    base = Path(env).parent if env else REPO.parent / "shared"
    return base / "VOCABULARY.md"


def bold_terms(text: str) -> list[str]:
    out = []
    for term in re.findall(r"\*\*(.+?)\*\*", text):
        out += [p.strip() for p in term.split("/") if p.strip()]
    return out


@pytest.fixture(scope="module")
def terms():
    p = vocabulary_path()
    if not p.is_file():
        pytest.skip("VOCABULARY.md is not available")
    return bold_terms(p.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def exclusions():
    data = yaml.safe_load(EXCLUSIONS.read_text(encoding="utf-8"))
    return {e["term"].lower(): e for e in data["exclusions"]}


def test_splitting_alternatives():
    assert bold_terms("**forest/river/mountain altars** and **search successful / unsuccessful**") == [
        "forest", "river", "mountain altars", "search successful", "unsuccessful"]


def listed_names() -> set[str]:
    """Every name, alias and plural that `paleo symbols --format json` lists."""
    import json

    reg, _ = load_registry()
    out = set()
    for sym in json.loads(symbols_report(reg, "json")):
        out |= {sym["name"], *sym["aliases"], *([sym["plural"]] if sym.get("plural") else [])}
    return {n.lower() for n in out}


def test_every_bold_term_is_a_symbol_or_excluded(terms, exclusions):
    names = listed_names()
    missing = sorted({t for t in terms if t.lower() not in names and t.lower() not in exclusions}, key=str.lower)
    assert missing == [], f"neither a symbol name/alias nor in {EXCLUSIONS.name}: {missing}"


def test_exclusions_are_not_stale(terms, exclusions):
    names = listed_names()
    lowered = {t.lower() for t in terms}
    for key, e in exclusions.items():
        assert key in lowered, f"{e['term']!r} is not a bold term of VOCABULARY.md"
        assert key not in names, f"{e['term']!r} is a symbol now; drop the exclusion"


def test_exclusions_name_things_that_exist(exclusions):
    grammar = (REPO / "grammar" / "effects.lark").read_text(encoding="utf-8")
    rules = set(re.findall(r"^\??([a-z_]+):", grammar, re.M))
    reg, _ = load_registry()
    for e in exclusions.values():
        by = e["by"]
        assert len(by) == 1, e
        (kind, what), = by.items()
        if kind == "grammar":
            assert what in rules, e
        elif kind == "field":
            model, field = what.split(".")
            assert field in getattr(models, model).model_fields, e
        elif kind == "param":
            typ, value = what.split("=")
            if typ in T.ENUMS:
                assert value in T.ENUMS[typ], e
            else:
                sym = reg.lookup(typ)
                assert sym is not None and any(value in p.type.split("|") for p in sym.params), e
        else:
            assert kind == "rule" and what.strip(), e
