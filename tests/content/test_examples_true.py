"""Every example is true: symbol examples and the guides' examples parse, lower and agree with the cards they name.

The examples are each symbol's `example` and the options in the author guides (site/effect-language.md
and site/writing-a-card.md): the lines of their `text` blocks and the options, symbol examples and card
or token records of their `yaml` blocks. Each must compile without a diagnostic. An example that names a
card, an idea, a secret or a secret token (`card "Reeds"`, `secret 23`, `token 1` ...) shows that card's
option, so some option encoded in the bundle must hold it: the same trigger (or none in the example) and
every clause of the example one of that option's clauses. A yaml record with an `id` must have exactly
the options (and `cost`, `improves`) the bundle encodes for that id. tests/content/example_exemptions.yaml
may exempt a guide example, with a reason; an exemption that no longer matches a failure fails.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from compiler.effects import compile_option, load_registry
from content_helpers import CONTENT, REPO

GUIDES = ("site/effect-language.md", "site/writing-a-card.md")
EXEMPTIONS = REPO / "tests" / "content" / "example_exemptions.yaml"
NAMING_REFS = ("card", "idea", "secret", "token", "title")
OUTPUT_LINE = re.compile(r"^(error|warning|info)\b|^\s|^-->|^=|^\d+\s*\|")


@pytest.fixture(scope="module")
def registry():
    reg, diags = load_registry()
    assert not diags, [d.message for d in diags]
    return reg


def guide_examples() -> list[tuple[str, str, object]]:
    """(where, kind, example) for each example of the guides; kind is `option` or `record`."""
    out = []
    for rel in GUIDES:
        path = REPO / rel
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"```(\w*)\n(.*?)```", text, re.S):
            lang, body = m.group(1), m.group(2)
            line = text[:m.start()].count("\n") + 2
            if lang == "text":
                for i, ln in enumerate(body.splitlines()):
                    if ln.strip() and not OUTPUT_LINE.match(ln):
                        out.append((f"{rel}:{line + i}", "option", ln.strip()))
            elif lang == "yaml":
                data = yaml.safe_load(body.replace("source: ...", "source: null"))
                for item in _yaml_items(data):
                    out.append((f"{rel}:{line}", *item))
    return out


def _yaml_items(data):
    if not isinstance(data, dict):
        return
    for opt in data.get("options") or []:
        yield "option", opt
    for key in ("cards", "tokens"):
        for rec in data.get(key) or []:
            yield "record", rec
    for sym in data.get("symbols") or []:
        if sym.get("example"):
            yield "option", sym["example"]


def symbol_examples() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted((CONTENT / "symbols").glob("*.yaml")):
        for s in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("symbols") or []:
            out.append((f"{path.relative_to(REPO)}: {s['id']}", (s.get("games") or ["game:paleo"])[0], s["example"]))
    return out


def refs_of(ir) -> list[dict]:
    if isinstance(ir, dict):
        found = [ir] if ir.get("ref") in NAMING_REFS else []
        return found + [r for v in ir.values() for r in refs_of(v)]
    if isinstance(ir, list):
        return [r for v in ir for r in refs_of(v)]
    return []


def encoded_options(bundle) -> list[tuple[str, dict]]:
    out = []
    for key in ("cards", "tokens"):
        for rec in bundle.get(key) or []:
            for opt in rec.get("options") or []:
                if isinstance(opt, dict) and opt.get("ir"):
                    out.append((rec["id"], opt["ir"]))
    return out


def holds(example: dict, option: dict) -> bool:
    """The example is the option, or a part of it: the same trigger (or none) and only clauses of the option."""
    if example.get("trigger") is not None and example.get("trigger") != option.get("trigger"):
        return False
    return all(c in option.get("clauses", []) for c in example.get("clauses", []))


def problem(text, game, registry, bundle) -> str | None:
    """What is wrong with one example option, or None."""
    ir, diags = compile_option(text, registry=registry, game=game, file=None, path=())
    if diags or ir is None:
        return "does not compile: " + "; ".join(d.message for d in diags)
    if refs_of(ir) and not any(holds(ir, opt) for _, opt in encoded_options(bundle)):
        named = ", ".join(sorted({f"{r['ref']} {r.get('name', r.get('number'))}" for r in refs_of(ir)}))
        return f"names {named}, but no encoded option holds it"
    return None


def record_problem(rec: dict, registry, bundle) -> str | None:
    rid = rec.get("id")
    kind = "cards" if str(rid).startswith("card:") else "tokens"
    enc = next((r for r in bundle.get(kind) or [] if r["id"] == rid), None)
    if enc is None:
        return f"names `{rid}`, which the bundle does not have"
    game = rec.get("game") or "game:paleo"
    for field in ("options", "cost", "improves"):
        shown = rec.get(field)
        if shown in (None, []):
            continue
        shown = shown if isinstance(shown, list) else [shown]
        have = enc.get(field)
        have = have if isinstance(have, list) else [have] if have else []
        want = [compile_option(t, registry=registry, game=game, file=None, path=())[0] for t in shown]
        if want != [h.get("ir") for h in have]:
            return f"its `{field}` is not what the bundle encodes for `{rid}`: {[h.get('text') for h in have]}"
    return None


def load_exemptions() -> dict[str, str]:
    data = yaml.safe_load(EXEMPTIONS.read_text(encoding="utf-8")) or {}
    out = {}
    for e in data.get("exemptions") or []:
        assert set(e) == {"example", "reason"} and len(e["reason"]) > 30, e
        out[e["example"]] = e["reason"]
    return out


@pytest.mark.parametrize("where,game,text", symbol_examples(), ids=[w.split(": ")[-1] for w, _, _ in symbol_examples()])
def test_symbol_example_is_true(where, game, text, registry, bundle):
    assert problem(text, game, registry, bundle) is None, f"{where}: `{text}` {problem(text, game, registry, bundle)}"


def guide_failures(registry, bundle) -> dict[str, str]:
    out = {}
    for where, kind, ex in guide_examples():
        if kind == "option":
            game = "game:paleovet" if "sleep token" in str(ex) or "antibiotic" in str(ex) else "game:paleo"
            p = problem(ex, game, registry, bundle)
            key = ex
        else:
            p = record_problem(ex, registry, bundle)
            key = str(ex.get("id"))
        if p:
            out[key] = f"{where}: `{key}` {p}"
    return out


def test_guide_examples_are_found():
    examples = guide_examples()
    assert len([e for e in examples if e[1] == "option"]) > 20
    assert any(e[1] == "record" and e[2].get("id") == "card:anb/reeds" for e in examples)


def test_guide_examples_are_true(registry, bundle):
    exempt = load_exemptions()
    bad = [msg for key, msg in sorted(guide_failures(registry, bundle).items()) if key not in exempt]
    assert not bad, "\n".join(bad)


def test_example_exemptions_still_apply(registry, bundle):
    failing = guide_failures(registry, bundle)
    stale = [k for k in load_exemptions() if k not in failing]
    assert not stale, f"these exempted examples are fine now; drop them from {EXEMPTIONS.name}: {stale}"


# --- the check itself ---------------------------------------------------------------------------------

def test_an_invented_reward_on_a_named_card_is_caught(registry, bundle):
    assert problem('require have card "Jhula"', "game:paleo", registry, bundle) is None  # Gilga's Son, as encoded
    assert "no encoded option" in problem('require have card "Jhula" -> 1 food', "game:paleo", registry, bundle)
    assert "no encoded option" in problem("-> reveal secret 23", "game:paleo", registry, bundle)  # the Bull's is `may`
    assert problem("-> 2 food", "game:paleo", registry, bundle) is None  # names no card: nothing to compare
    assert "does not compile" in problem("-> 2 foods and", "game:paleo", registry, bundle)


def test_a_record_example_must_match_its_card(registry, bundle):
    good = {"id": "card:anb/reeds", "options": ["require have scythe; cost discard 2 cards -> place this card with group"]}
    assert record_problem(good, registry, bundle) is None
    bad = {"id": "card:anb/reeds", "options": ["require have scythe; cost discard 3 cards -> place this card with group"]}
    assert "not what the bundle encodes" in record_problem(bad, registry, bundle)
    assert "does not have" in record_problem({"id": "card:anb/nothing", "options": ["-> 1 food"]}, registry, bundle)


def test_guides_exist():
    for rel in GUIDES:
        assert Path(REPO / rel).is_file(), rel
