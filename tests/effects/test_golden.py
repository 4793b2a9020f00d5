"""Golden files: lowered IR of a fixture that uses every symbol, and rendered diagnostics of bad options.

Set PALEO_UPDATE_GOLDEN=1 to rewrite the golden files, then review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import yaml

from compiler.effects import compile_option, describe_option, print_option
from compiler.effects.ir import calls, validate
from compiler.loader import load_file

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
GOLDEN = HERE / "golden"
UPDATE = os.environ.get("PALEO_UPDATE_GOLDEN") == "1"


def check_golden(name: str, data) -> None:
    path = GOLDEN / name
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
        return
    assert path.is_file(), f"missing golden file {path}; run with PALEO_UPDATE_GOLDEN=1"
    assert path.read_text(encoding="utf-8") == text, f"{name} differs; rerun with PALEO_UPDATE_GOLDEN=1 and review"


def _options():
    data = yaml.safe_load((FIXTURES / "options.yaml").read_text(encoding="utf-8"))
    return [(f"game:{game}", text) for game, texts in data.items() for text in texts]


def test_lowered_ir_matches_golden(registry):
    out = []
    for game, text in _options():
        ir, diags = compile_option(text, registry=registry, game=game, file=None, path=())
        assert diags == [], (text, [d.message for d in diags])
        assert validate(ir, registry) == []
        canonical = print_option(ir, registry)
        again, _ = compile_option(canonical, registry=registry, game=game, file=None, path=())
        assert again == ir, (text, canonical)
        out.append({"game": game, "text": text, "canonical": canonical, "english": describe_option(ir, registry),
                    "ir": ir})
    check_golden("options.json", out)


def test_fixture_uses_every_symbol(registry):
    used = set()
    for game, text in _options():
        ir, _ = compile_option(text, registry=registry, game=game, file=None, path=())
        for c in calls(ir):
            used.add(c["symbol"])
            used |= {v for v in c["args"].values() if isinstance(v, str) and v.startswith("symbol:")}
    assert sorted(set(registry.symbols) - used) == []


def test_rendered_diagnostics_match_golden(registry):
    path = FIXTURES / "bad_options.yaml"
    lf, diags = load_file(path, display="bad_options.yaml")
    assert diags == []
    lines = lf.text.splitlines()
    out = []
    for i, text in enumerate(lf.data["cards"][0]["options"]):
        p = ("cards", 0, "options", i)
        _, ds = compile_option(text, registry=registry, game="game:paleo", file=lf, path=p)
        assert ds, text
        expected = lines[lf.positions[p].value.line - 1].split("# ")[-1].strip()
        assert ds[0].code == expected, (text, [d.to_dict() for d in ds])
        for d in ds:
            rec = d.to_dict()
            s = d.span
            rec["excerpt"] = lines[s.line - 1][s.column - 1:(s.end_column - 1) if s.end_line == s.line else None]
            out.append(rec)
    check_golden("bad_options.json", out)
