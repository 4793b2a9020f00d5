"""What `paleo fmt` leaves alone and says why (F003 at the place), and the small normalisations it makes."""

from __future__ import annotations

import pytest

from compiler.fmt import format_text, roundtrip_load


@pytest.mark.parametrize("text, why, line, column", [
    ("cards: []\n...\n", "a `...` document end marker", 2, 1),
    ("x: &k a\n*k : 2\n", "a mapping key that is not a plain or quoted name", 2, 1),
    ("cards: []\rgames: []\n", "a carriage return outside a line ending", 1, 10),
    ("%TAG !e! tag:example.com,2000:\n---\ncards: []\n", "a `%` directive", 1, 1),
    ("a:\n- - 1\n  - 2\n", "a sequence entry whose `-` cannot be found", 2, 5),
])
def test_a_layout_fmt_cannot_keep_is_left_alone_with_the_reason_at_its_place(text, why, line, column):
    out, diags = format_text(text, "x.yaml")
    assert out == text
    assert [(d.code, d.message, d.span.line, d.span.column) for d in diags] == [("F003", f"cannot lay out {why}", line, column)]


def test_a_byte_order_mark_and_trailing_blank_lines_are_dropped(tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "schema.json").write_text("{}", encoding="utf-8")
    path = str(tmp_path / "content" / "x.yaml")
    want = "# yaml-language-server: $schema=schema.json\ncards: []\n"
    assert format_text("\ufeffcards: []\n", path) == (want, [])
    assert format_text("cards: []\n\n\n", path) == (want, [])


def test_the_positional_loader_reads_an_empty_text_as_null_and_a_nan_key_as_text():
    assert roundtrip_load("") is None
    assert roundtrip_load(".nan: 1\n") == {"nan": 1}


def test_a_file_in_no_project_with_a_schema_gets_no_modeline(tmp_path):
    """Outside any folder with a content/schema.json, fmt adds no modeline: a path into wherever paleo is
    installed would hold on this machine only."""
    from compiler.fmt import format_text

    path = tmp_path / "loose" / "cards.yaml"
    path.parent.mkdir()
    out, diags = format_text("cards:\n- id: card:fan/a\n  name: A\n", str(path))
    assert not diags and not out.startswith("#") and out.startswith("cards:\n")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "schema.json").write_text("{}", encoding="utf-8")
    out, _ = format_text("cards:\n- id: card:fan/a\n  name: A\n", str(path))
    assert out.startswith("# yaml-language-server: $schema=../content/schema.json\n")
