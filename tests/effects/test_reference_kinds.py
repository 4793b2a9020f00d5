"""Reference kinds are declared once (`compiler.effects.types.REFS`); the grammar's terminals spell the same keywords."""

from __future__ import annotations

import re
from pathlib import Path

from compiler.effects import types as T
from compiler.lsp import options

GRAMMAR = Path(__file__).resolve().parents[2] / "grammar" / "effects.lark"


def _terminal_words(name: str) -> set[str]:
    line = next(ln for ln in GRAMMAR.read_text(encoding="utf-8").splitlines() if ln.startswith(name))
    alternatives = re.search(r"/\(\?:([^)]*)\)", line).group(1)
    return {" ".join(re.split(r"\[ \\t\\r\\n\]\+", a)) for a in alternatives.split("|")}


def test_the_grammar_spells_the_declared_reference_keywords():
    numbered = {" ".join(words) for words, _, value in T.REFS.values() if value == "int"}
    named = {" ".join(words) for words, _, value in T.REFS.values() if value == "str"}
    assert _terminal_words("REF_NUMBER") == numbered == {"secret", "token", "sea card"}
    assert _terminal_words("REF_NAME") == named == {"card", "idea", "title", "mark"}


def test_the_editor_reads_the_declared_kinds():
    assert options.NUMBER_REFS == T.NUMBER_REFS == ("secret", "token")
    assert options.NAME_REFS == T.NAME_REFS == ("card", "idea", "title", "mark")
