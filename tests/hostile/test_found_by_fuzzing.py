"""The defects the fuzzers found, each pinned by the behaviour that matters (their inputs are in tests/fuzz/regressions/)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from compiler.loader import load_text
from compiler.render import file_source_lookup, json_text, render_human

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "packs"))


def test_positions_in_a_text_with_lone_crs_count_lines_at_lf_as_the_code_frame_does():
    text = "a: &a [x]\nb: [*a,\r\r\r *zz]\n"
    lf, diags = load_text("f.yaml", text)
    assert lf is None and [d.code for d in diags] == ["Y001"]
    s = diags[0].span
    assert (s.line, s.column) == (2, 12) and text.split("\n")[1][s.column - 1:s.column + 2] == "*zz"
    frame = render_human(diags, lambda f: text)
    assert "2 | b: [*a,U+000DU+000DU+000D *zz]" in frame


def test_positions_without_a_lone_cr_are_libyamls_own():
    lf, diags = load_text("f.yaml", "a: 1\r\nb: *zz\r\n")
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("Y001", 2, 4)]


@pytest.mark.parametrize("text", ["a\u202eb", "x\x7f\x85\u2028y", "\U000e0001tag", "tab\tnl\n", "é—ok"])
def test_json_output_escapes_what_is_not_printable_and_reads_back_the_same(text):
    out = json_text({"m": text})
    assert json.loads(out) == {"m": text}
    assert all(c.isprintable() or c == "\n" or c == " " for c in out), repr(out)
    if text == "é—ok":
        assert "é—ok" in out  # printable text stays readable


def test_a_code_frame_never_reads_a_fifo(tmp_path):
    fifo = tmp_path / "x.yaml"
    os.mkfifo(fifo)
    lookup = file_source_lookup({}, tmp_path)
    assert lookup("x.yaml") is None  # returns at once instead of blocking on the FIFO
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a" * ((1 << 20) + 1))
    assert lookup(str(big)) is None


@pytest.mark.parametrize("key", ["outcome", "step"])
def test_a_save_without_outcome_or_step_is_a_state_error(key):
    import synthetic_bundle

    from runtime import Game, StateError, new_game

    bundle = synthetic_bundle.cached()
    s = json.loads(new_game(bundle, scenario="A", players=2, seed=4).to_json())
    del s[key]
    with pytest.raises(StateError, match=f"`{key}` is missing"):
        Game.from_json(bundle, json.dumps(s))
