"""The fixes of `paleo lint --fix` one by one: which diagnostic gets which edit, which guesses are refused,
how overlapping fixes wait for the next round, and when a fixed text may not replace the original."""

from __future__ import annotations

import pytest

from compiler.diagnostics import Diagnostic, Edit, Fix, Safety, Severity, Span
from compiler.fixes import applicable, apply_fixes, fix_for, lossless, with_fixes

BOOL_HELP = "YAML 1.2 reads only true and false as booleans: write `true` or `false`"


def _d(code: str, line: int, col: int, end: int, help: str | None = None, end_line: int | None = None,
       fix: Fix | None = None) -> Diagnostic:
    span = Span("c.yaml", line, col, end_line or line, end)
    return Diagnostic(code, Severity.ERROR, "m", span, help=help, fix=fix)


def _apply(text: str, d: Diagnostic) -> str:
    fix = fix_for(d, text)
    assert fix is not None
    out, n = apply_fixes(text, [fix])
    assert n == 1
    return out


@pytest.mark.parametrize("raw,value", [("yes", "true"), ("On", "true"), ("N", "false"), ("OFF", "false")])
def test_a_yaml_11_boolean_becomes_the_yaml_12_one_as_a_safe_fix(raw, value):
    text = f"deck_known: {raw}  # kept\n"
    d = _d("M006", 1, 13, 13 + len(raw), BOOL_HELP)
    fix = fix_for(d, text)
    assert fix.safety is Safety.SAFE and value in fix.description
    assert apply_fixes(text, [fix])[0] == f"deck_known: {value}  # kept\n"


def test_a_quoted_yes_is_a_string_the_author_wrote_and_is_not_touched():
    text = "deck_known: 'yes'\n"
    assert fix_for(_d("M006", 1, 13, 18, BOOL_HELP), text) is None


def test_a_boolean_fix_needs_the_help_that_says_yaml_12():
    assert fix_for(_d("M006", 1, 13, 16, "did you mean a number?"), "deck_known: yes\n") is None


def test_a_misspelt_field_is_renamed_to_the_one_guess_as_an_unsafe_fix():
    text = "card:\n  nmae: Lookout\n"
    d = _d("M003", 2, 3, 7, "did you mean `name`?")
    fix = fix_for(d, text)
    assert fix.safety is Safety.UNSAFE and fix.description == "rename `nmae` to `name`"
    assert apply_fixes(text, [fix])[0] == "card:\n  name: Lookout\n"


def test_a_field_is_not_renamed_to_one_its_mapping_has_already():
    text = "card:\n  nmae: Lookout\n  name: Scout\n"
    assert fix_for(_d("M003", 2, 3, 7, "did you mean `name`?"), text) is None


def test_a_field_written_as_something_other_than_a_name_is_not_renamed():
    text = "card:\n  'n m': Lookout\n"
    assert fix_for(_d("M003", 2, 3, 8, "did you mean `name`?"), text) is None


def test_a_misspelt_value_keeps_its_quotes():
    text = 'kind: "advnture"\n'
    assert _apply(text, _d("M005", 1, 7, 17, "did you mean `adventure`?")) == 'kind: "adventure"\n'
    text = "kind: advnture\n"
    assert _apply(text, _d("M005", 1, 7, 15, "did you mean `adventure`?")) == "kind: adventure\n"


def test_a_misspelt_symbol_in_an_effect_is_replaced():
    text = "effect: gain 1 fod\n"
    out = _apply(text, _d("E302", 1, 16, 19, "did you mean `food`?"))
    assert out == "effect: gain 1 food\n"


def test_an_effect_symbol_next_to_quotes_or_escapes_is_left_to_the_author():
    text = "effect: 'gain 1 f\\'d'\n"
    assert fix_for(_d("E302", 1, 16, 21, "did you mean `food`?"), text) is None


@pytest.mark.parametrize("help", [None, "did you mean `food` or `wood`", "did you mean `a{b}`?"])
def test_no_single_plain_guess_means_no_fix(help):
    assert fix_for(_d("M005", 1, 7, 10, help), "kind: fod\n") is None


def test_codes_without_a_fix_get_none_even_with_a_guess():
    assert fix_for(_d("G401", 1, 7, 10, "did you mean `food`?"), "kind: fod\n") is None


@pytest.mark.parametrize("span", [(1, 7, 10, 2), (5, 1, 3, None), (1, 0, 3, None), (1, 7, 90, None)])
def test_a_span_that_is_not_on_one_line_of_the_text_gets_no_fix(span):
    line, col, end, end_line = span
    assert fix_for(_d("M005", line, col, end, "did you mean `food`?", end_line=end_line), "kind: fod\n") is None


def _unused(text: str, code: str) -> Diagnostic:
    """C004 at the unused `code` inside the suppression of `text`'s first line."""
    col = text.index(code) + 1
    return _d("C004", 1, col, col + len(code))


@pytest.mark.parametrize("text,code,fixed", [
    ("name: A  # paleo: ignore[M005]\n", "M005", "name: A\n"),  # the comment marker goes with it
    ("name: A  # paleo: ignore[M005, e302]\n", "e302", "name: A  # paleo: ignore[M005]\n"),  # the others stay
    ("name: A  # paleo: ignore[M005] # the printed title\n", "M005", "name: A  # the printed title\n"),  # kept in place
], ids=["alone", "one-of-several", "comment-after"])
def test_an_unused_suppression_is_removed_and_what_follows_it_stays(text, code, fixed):
    assert _apply(text, _unused(text, code)) == fixed


def test_a_suppression_followed_by_other_text_is_not_removed():
    text = "name: A  # paleo: ignore[M005] and why\n"
    assert fix_for(_unused(text, "M005"), text) is None


def test_a_suppression_fix_needs_the_code_inside_the_brackets_on_a_line_of_the_file():
    text = "name: A  # paleo: ignore[M005]\n"
    assert fix_for(_d("C004", 1, 1, 5), text) is None
    assert fix_for(_d("C004", 9, 1, 5), text) is None


def test_with_fixes_attaches_fixes_and_keeps_the_ones_already_there():
    text = "kind: advnture\n"
    mine = Fix("mine", (Edit(Span("c.yaml", 1, 1, 1, 2), "x"),), Safety.SAFE)
    ds = [_d("M005", 1, 7, 15, "did you mean `adventure`?"), _d("M005", 1, 7, 15, "did you mean `adventure`?", fix=mine),
          Diagnostic("M005", Severity.ERROR, "m", Span("other.yaml", 1, 1, 1, 2))]
    out = with_fixes(ds, {"c.yaml": text})
    assert out[0].fix.safety is Safety.UNSAFE and out[1].fix is mine and out[2].fix is None
    assert not applicable(out[0], unsafe=False) and applicable(out[0], unsafe=True)
    assert applicable(out[1], unsafe=False) and not applicable(out[2], unsafe=True)


def test_an_overlapping_fix_waits_and_disjoint_ones_apply_together():
    text = "abcdef\nghij\n"
    first = Fix("a", (Edit(Span("f", 1, 2, 1, 4), "X"),), Safety.SAFE)
    overlapping = Fix("b", (Edit(Span("f", 1, 3, 1, 5), "Y"),), Safety.SAFE)
    other_line = Fix("c", (Edit(Span("f", 2, 1, 2, 3), "Z"),), Safety.SAFE)
    out, n = apply_fixes(text, [first, overlapping, other_line])
    assert (out, n) == ("aXdef\nZij\n", 2)


def test_a_fixed_text_must_load_and_keep_every_comment_but_removed_suppressions():
    before = "name: A  # the title\nkind: b  # paleo: ignore[M005]\n"
    assert lossless(before, "name: A  # the title\nkind: b\n", "c.yaml") is None
    assert lossless(before, "name: A\nkind: b\n", "c.yaml") == "a comment would be lost"
    assert lossless(before, "name: [A\n", "c.yaml") == "the fixed file would not load"
