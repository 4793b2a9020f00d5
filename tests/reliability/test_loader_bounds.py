"""The YAML loader's bounds: integer size, alias expansion in bytes produced, copies, YAML 1.2 line breaks."""

from __future__ import annotations

import json

from compiler.loader import load_text

from foundation.helpers import run_cli

from .bounded import ok, run_bounded

CARD = """cards:
  - id: card:anb/c{i}
    name: Card {i}
    game: game:paleo
    product: product:anb
    kind: base
    back: null
    copies: {copies}
    completeness: partial
    source: {{rulebook: 000_97f291d3c44cb3f7.txt, section: [Base Cards]}}
"""


def _codes(diags) -> list[str]:
    return [d.code for d in diags]


def test_a_4301_digit_decimal_is_refused_with_a_position_not_an_internal_error():
    lf, diags = load_text("big.yaml", "a: 1\nb: " + "7" * 4301 + "\n")
    assert lf is None and _codes(diags) == ["Y011"]
    assert (diags[0].span.line, diags[0].span.column) == (2, 4)


def test_integers_past_64_bits_are_refused_and_the_edges_pass():
    for text in ("x: 9223372036854775808", "x: -9223372036854775809", "x: 0x10000000000000000", "x: 0o" + "7" * 30):
        assert _codes(load_text("f.yaml", text + "\n")[1]) == ["Y011"], text
    lf, diags = load_text("f.yaml", "x: 9223372036854775807\ny: -9223372036854775808\nz: 0x00000000000000000000000000000000000000000000000000000000000000000000001\n")
    assert diags == [] and lf.data == {"x": (1 << 63) - 1, "y": -(1 << 63), "z": 1}


def test_a_20000_digit_hex_copies_fails_lint_and_build_cleanly(tmp_path):
    (tmp_path / "c.yaml").write_text(CARD.format(i=1, copies="0x" + "f" * 20000))
    rc, out, err = run_cli(["lint", "--isolated", "--content", str(tmp_path), "--format", "json"])
    assert rc == 1 and "Y011" in {d["code"] for d in json.loads(out)}
    rc, out, err = run_cli(["build", "--isolated", "--content", str(tmp_path), "--out", str(tmp_path / "out")])
    assert rc == 1 and "internal error" not in err and "Y011" in err
    assert not (tmp_path / "out").exists()


def test_copies_are_bounded():
    from compiler.limits import MAX_COPIES

    for copies, want in ((MAX_COPIES, False), (MAX_COPIES + 1, True), (1_000_000_000, True)):
        rc, out, _ = run_cli(["lint", "--isolated", "--stdin-filename", "content/x.yaml", "--format", "json"],
                             stdin=CARD.format(i=1, copies=copies).encode())
        codes = [d["code"] for d in json.loads(out) if d["severity"] == "error"]
        assert ("M010" in codes) is want, (copies, codes)


def test_an_alias_of_a_large_scalar_is_counted_by_the_bytes_it_produces():
    # 630 KB of text: one 600 KB scalar and a few hundred aliases of it would be gigabytes of data
    proc = run_bounded("""
        from compiler.loader import load_text
        text = "a: &a " + "x" * 600_000 + "\\nb: [" + ", ".join(["*a"] * 300) + "]\\n"
        lf, diags = load_text("bomb.yaml", text)
        print(lf is None, [d.code for d in diags])
    """, mem_mb=700)
    assert ok(proc).split() == ["True", "['Y003']"]


def test_many_aliases_of_a_large_option_are_refused_within_bounds():
    proc = run_bounded("""
        from compiler.loader import load_text
        option = "gain 1 food; " * 16_000  # about 200 KB
        text = "x: &o '" + option + "'\\ny: [" + ", ".join(["*o"] * 100) + "]\\n"
        lf, diags = load_text("opts.yaml", text)
        print([d.code for d in diags])
    """, mem_mb=700)
    assert "Y003" in ok(proc)


def test_two_thousand_ordinary_cards_without_aliases_are_not_an_alias_bomb():
    text = "cards:\n" + "".join(CARD.format(i=i, copies=1).split("\n", 1)[1] for i in range(2000))
    lf, diags = load_text("many.yaml", text)
    assert lf is not None and "Y003" not in _codes(diags) and len(lf.data["cards"]) == 2000


def test_a_small_repeated_alias_still_loads():
    lf, diags = load_text("ok.yaml", "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n")
    assert diags == [] and lf.data["b"] == [[1, 2, 3]] * 3


def test_line_separators_inside_a_comment_are_comment_text_as_in_yaml_1_2():
    for ch in ("\u2028", "\u2029", "\x85"):
        text = f"# a comment{ch}b: this is still the comment\nx: 1\ny: [\n"
        lf, diags = load_text("ls.yaml", text)
        # the file is read as two mapping lines plus an unclosed flow: the error is on line 3, as editors count
        assert lf is None and diags[0].code == "Y001" and diags[0].span.line >= 3, (repr(ch), diags)
        lf, diags = load_text("ls.yaml", f"# a comment{ch}b: 2\nx: 1\n")
        assert diags == [] and lf.data == {"x": 1}, repr(ch)
        assert lf.positions[("x",)].value.line == 2


def test_line_separators_inside_scalars_are_kept():
    lf, diags = load_text("ls.yaml", "x: 'a\u2028b'\ny: a\x85b\n")
    assert diags == [] and lf.data == {"x": "a\u2028b", "y": "a\x85b"}
