"""The symbol registry: definitions as data, duplicates, examples, sources, report and bundle form."""

from __future__ import annotations

import json
import re

import pytest

from compiler.effects import build_registry, symbols_report
from compiler.effects.ir import calls
from compiler.effects.registry import load_registry, symbols_dir
from compiler.models import Symbol


def _sym(**kw):
    base = dict(id="symbol:x", name="x", positions=["reward"], games=["game:paleo"], explanation="e", example="-> x",
                source={"rulebook": "002_56cce9db253ede81.txt", "section": ["End of Game and Scoring"]},
                completeness="complete")
    base.update(kw)
    return Symbol.model_validate(base)


def test_every_file_starts_with_the_schema_modeline():
    files = sorted(symbols_dir().glob("*.yaml"))
    assert len(files) == 5
    for f in files:
        assert f.read_text(encoding="utf-8").splitlines()[0] == "# yaml-language-server: $schema=../schema.json"


def test_duplicate_names_and_aliases_are_reported():
    a = _sym(id="symbol:get-any-tool", name="get any tool")
    b = _sym(id="symbol:receive-any-tool", name="receive any tool", aliases=["get any tool"])
    c = _sym(id="symbol:get-any-tool", name="other")
    reg, diags = build_registry([(a, "a.yaml", ("symbols", 0)), (b, "b.yaml", ("symbols", 0)),
                                 (c, "c.yaml", ("symbols", 1))])
    assert [d.code for d in diags] == ["E308", "E308"]
    assert "`get any tool` names both" in diags[0].message
    assert "defined twice" in diags[1].message
    assert reg.lookup("get any tool").id == "symbol:get-any-tool"


def test_unknown_parameter_type_is_reported():
    s = _sym(params=[{"name": "altar", "type": "lake"}])
    reg, diags = build_registry([(s, "a.yaml", ("symbols", 0))])
    assert [d.code for d in diags] == ["E309"] and "symbol:x" not in reg.symbols


def test_phrases_with_grammar_keywords_are_refused():
    s = _sym(name="give or take")
    reg, diags = build_registry([(s, "a.yaml", ("symbols", 0))])
    assert [d.code for d in diags] == ["E309"] and "keyword `or`" in diags[0].message


def test_lookup_by_id_name_alias_and_plural(registry):
    assert registry.lookup("symbol:awareness").name == "awareness"
    assert registry.lookup("perception").id == "symbol:awareness"
    assert registry.lookup("Eye").id == "symbol:awareness"
    assert registry.lookup("wounds").id == "symbol:wound"
    assert registry.lookup("nothing such") is None


def test_every_example_compiles_in_its_game_and_uses_its_symbol(registry, compile_):
    for sym in registry.symbols.values():
        for game in sym.games:
            ir, diags = compile_(sym.example, game=game)
            assert diags == [], (sym.id, sym.example, [d.message for d in diags])
            used = {c["symbol"] for c in calls(ir)}
            used |= {v for c in calls(ir) for v in c["args"].values() if isinstance(v, str)}
            assert sym.id in used, (sym.id, sym.example)


def test_covers_all_five_rulebooks_and_both_games(registry):
    books = {s["rulebook"] for sym in registry.symbols.values() for s in sym.source}
    assert len(books) == 5
    assert {g for sym in registry.symbols.values() for g in sym.games} == {"game:paleo", "game:paleovet"}
    for name in ("treat", "tranquilize", "research treatment", "research upgrade", "antibiotic", "tranquilizer dart",
                 "venerate place", "capture animal", "reveal sea card", "discard for others"):
        assert registry.lookup(name) is not None, name


def test_sources_cite_whole_heading_lines(registry, rulebooks):
    for sym in registry.symbols.values():
        for src in sym.source:
            lines = {ln.rstrip() for ln in rulebooks[src["rulebook"]].splitlines()}
            for heading in src["section"]:
                assert heading in lines, (sym.id, heading)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def test_explanations_are_our_own_words(registry, rulebooks):
    grams = set()
    for text in rulebooks.values():
        w = _words(text)
        grams |= {tuple(w[i:i + 8]) for i in range(len(w) - 7)}
    for sym in registry.symbols.values():
        for field in (sym.explanation, sym.summary or ""):
            w = _words(field)
            shared = [" ".join(w[i:i + 8]) for i in range(len(w) - 7) if tuple(w[i:i + 8]) in grams]
            assert not shared, (sym.id, shared)


def test_bundle_form_is_stable_and_round_trips_through_the_model(registry):
    a = registry.to_bundle()
    assert json.dumps(a, sort_keys=True) == json.dumps(load_registry()[0].to_bundle(), sort_keys=True)
    assert [d["id"] for d in a] == sorted(d["id"] for d in a)
    fields = set(Symbol.model_fields)
    entries = [(Symbol.model_validate({k: v for k, v in d.items() if k in fields}), "bundle", ("symbols", i))
               for i, d in enumerate(a)]
    again, diags = build_registry(entries)
    assert diags == [] and again.to_bundle() == a


def test_symbols_report(registry):
    data = json.loads(symbols_report(registry, "json"))
    assert len(data) == len(registry.symbols)
    venerate = next(d for d in data if d["id"] == "symbol:venerate-place")
    assert venerate["params"] == [{"name": "altar", "type": "altar"}]
    assert venerate["positions"] == ["requirement"] and venerate["games"] == ["game:paleo"]
    human = symbols_report(registry, "human")
    assert "venerate place  (symbol:venerate-place)" in human
    assert "usage:     venerate place <altar:altar>" in human
    assert "aliases:   perception, eye" in human
    assert human.rstrip().endswith(f"{len(registry.symbols)} symbols")


def test_no_name_is_a_prefix_that_swallows_another_symbols_arguments(registry):
    """A symbol name followed by one of its argument words must not spell another symbol's name."""
    from compiler.effects import types as T

    for sym in registry.symbols.values():
        for p in sym.after_params[:1]:
            for v in T.samples(p.type, registry):
                word = T.render(p.type, v, registry)
                phrase = tuple(f"{sym.name} {word}".split())
                hit = registry.phrases.get(phrase[:len(phrase)])
                assert hit in (None, sym.id), (sym.name, word, hit)


@pytest.fixture(scope="session")
def rulebooks():
    from pathlib import Path
    import os

    env = os.environ.get("PALEO_RULEBOOKS")
    d = Path(env) if env else Path(__file__).resolve().parents[3] / "shared" / "rulebooks"
    if not d.is_dir():
        pytest.skip("rulebook texts are not available")
    return {p.name: p.read_text(encoding="utf-8") for p in d.glob("0*.txt")}
