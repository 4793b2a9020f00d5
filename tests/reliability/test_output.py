"""Output stays bounded and inert: no terminal escapes from content, no quadratic renderer, long lines cut."""

from __future__ import annotations

import json

from compiler.diagnostics import Diagnostic, Severity, Span
from compiler.render import render_human

from foundation.helpers import run_cli

from .bounded import ok, run_bounded

HOSTILE = "\x1b]0;owned\x07\x1b[31m"


def _no_control(text: str) -> None:
    bad = [c for c in text if not c.isprintable() and c not in "\n"]
    assert not bad, f"control characters printed: {sorted(set(map(repr, bad)))}"


def test_content_strings_in_messages_cannot_drive_the_terminal(tmp_path):
    # M002 (an unknown section), Y004 (a duplicate key) and M010 (a bad id) quote the author's text
    key = '"\\e]0;owned\\a\\e[31m"'  # YAML escapes: the file itself holds no control character
    (tmp_path / "a.yaml").write_text(f'{key}: []\n', encoding="utf-8")
    (tmp_path / "b.yaml").write_text(f'cards: []\nx: 1\n"x": 2\n{key}: 1\n{key}: 2\n', encoding="utf-8")
    (tmp_path / "c.yaml").write_text(
        'cards:\n  - id: "card:anb/\\e]0;owned\\a"\n    name: X\n    completeness: unknown\n'
        '    source: {rulebook: 000_97f291d3c44cb3f7.txt, section: [Base Cards]}\n', encoding="utf-8")
    rc, out, err = run_cli(["lint", "--isolated", "--content", str(tmp_path), "--color", "never"])
    assert rc == 1
    for code in ("M002", "Y004"):
        assert f"[{code}]" in out, out
    assert "U+001B" in out
    _no_control(out + err)
    rc, out, err = run_cli(["lint", "--isolated", "--content", str(tmp_path), "--format", "github"])
    _no_control(out.replace("\n", "") + err)


def test_explain_does_not_echo_escapes():
    rc, out, err = run_cli(["explain", HOSTILE])
    assert rc == 2 and "unknown code" in err
    _no_control(out + err)


def test_a_long_source_line_is_shown_as_a_window_around_the_column():
    line = "x: " + "a" * 50_000 + "\x1b" + "b" * 50_000
    d = Diagnostic("M005", Severity.ERROR, "bad " + "y" * 10_000, Span("f.yaml", 1, 50_004, 1, 50_005), label="here")
    text = render_human([d], lambda _: line + "\n")
    assert max(len(ln) for ln in text.splitlines()) < 1000
    frame = [ln for ln in text.splitlines() if ln.startswith("1 | ")][0]
    marks = [ln for ln in text.splitlines() if "^" in ln][0]
    # the caret stands under the escaped character
    assert frame[marks.index("^"):].startswith("U+001B")
    _no_control(text)


def test_many_diagnostics_in_one_file_render_in_bounded_time_and_memory():
    # 20,000 diagnostics in a 120 KB file took 23 s: every one re-split the file and printed its whole line
    proc = run_bounded("""
        from compiler.diagnostics import Diagnostic, Severity, Span
        from compiler.render import render_human
        text = "cards: []\\nnotes: " + "word " * 24_000 + "\\n"
        assert len(text) > 120_000
        diags = [Diagnostic("M005", Severity.ERROR, "bad", Span("f.yaml", 2, 8 + 5 * i, 2, 12 + 5 * i), label="l")
                 for i in range(20_000)]
        out = render_human(diags, lambda _: text)
        print(out.count("error[M005]"), len(out) < 20_000 * 1_000)
    """, cpu=30, mem_mb=1200)
    assert ok(proc).split() == ["20000", "True"]


def test_json_output_keeps_the_exact_text():
    d = Diagnostic("M005", Severity.ERROR, "bad " + HOSTILE, Span("f.yaml", 1, 1, 1, 2))
    from compiler.render import render_json

    assert json.loads(render_json([d]))[0]["message"] == "bad " + HOSTILE


def test_the_limits_page_is_the_bounds_policy():
    from compiler.codes import find
    from compiler.limits import POLICY

    from .bounded import REPO

    page = (REPO / "site" / "limits.md").read_text(encoding="utf-8")
    rows = [ln for ln in page.splitlines() if ln.startswith("| ") and not ln.startswith("| What")]
    assert len(rows) == len(POLICY)
    for (what, bound, code, _), row in zip(POLICY, rows):
        assert row.startswith(f"| {what} | {bound} |"), row
        if code[0] in "CYMEFGP" and code[1:].isdigit():
            assert find(code) is not None, code
            assert f"reference/codes/{code.lower()}.md" in row


def test_the_runtime_keeps_the_policy_bounds():
    # the runtime is standard-library only and keeps its own copy of its two bounds
    from compiler import limits
    from runtime.core import game

    assert game.MAX_STATE_BYTES == limits.MAX_STATE_BYTES and game.MAX_DEPTH == limits.MAX_STATE_DEPTH


def test_the_runtime_reads_a_bundle_within_the_bounds_policy(tmp_path):
    """`--bundle` of sim and test: a bundle over the bound, a FIFO or a deep JSON text is a BundleError."""
    import os

    import pytest

    from compiler import limits
    from runtime import bundle as rb

    assert rb.MAX_BUNDLE_BYTES == limits.MAX_BUNDLE_BYTES
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(limits.MAX_BUNDLE_BYTES + 1)
    with pytest.raises(rb.BundleError, match="larger than"):
        rb.load_bundle(big)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(rb.BundleError, match="not a regular file"):
        rb.load_bundle(fifo)
    with pytest.raises(rb.BundleError, match="not JSON"):
        rb.load_bundle('{"a":' * 100000)
