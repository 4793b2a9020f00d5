"""The author guide site/effect-language.md: its examples compile, and its IR examples are exact."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

GUIDE = Path(__file__).resolve().parents[2] / "site" / "effect-language.md"


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)


def test_every_text_example_compiles(compile_):
    lines = [ln for b in blocks("text") for ln in b.splitlines() if ln.strip() and not ln.startswith(("error", " "))]
    assert len(lines) > 15
    for ln in lines:
        game = "paleovet" if "sleep token" in ln else "paleo"
        ir, diags = compile_(ln, game=game)
        assert diags == [], (ln, [d.message for d in diags])


def test_yaml_option_examples_compile(compile_):
    for b in blocks("yaml"):
        data = yaml.safe_load(b)
        if isinstance(data, dict) and "options" in data:
            for opt in data["options"]:
                _, diags = compile_(opt)
                assert diags == [], opt


def test_ir_examples_are_what_the_compiler_produces(compile_):
    text = GUIDE.read_text(encoding="utf-8")
    pairs = re.findall(r"`([^`\n]+)`(?: becomes:|\s+becomes:)\n\n```json\n(.*?)```", text, re.S)
    assert len(pairs) == 2
    for option, expected in pairs:
        ir, diags = compile_(option)
        assert diags == []
        assert ir == json.loads(expected), option
