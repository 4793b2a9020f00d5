"""One escaping rule: the runtime's copy (`runtime.safetext.escape`) gives the compiler's output
(`compiler.safeio.escape`) on hostile text, and the compiler's variants keep that rule."""

from __future__ import annotations

import sys

import pytest

from compiler import safeio
from runtime import safetext

EVERY_CODE_POINT = "".join(map(chr, range(sys.maxunicode + 1)))

HOSTILE = [
    "",
    "plain text",
    "take \x1b[31mred\x1b[0m\u2028now",
    "a\x07b\r\nc\td\x00e\x7f\x85f",
    "bidi \u202eevil\u202c \u2066iso\u2069 \u200bzero\ufeffbom",
    "surrogate \ud800 and \udfff",
    "private \ue000 unassigned \U000e0001 \U0010ffff",
    "é" * 499 + "\x1b",
    "x" * 500,
    "x" * 501,
    "\x1b" * 900,
    "\u2028" * 2 + "y" * 1000,
    "\U0001f600 emoji \u0301combining",
    EVERY_CODE_POINT[:4096],
]
OBJECTS = [12, -3.5, None, ("a\x1b", 1), {"k": "\u2028"}, b"\x1b[0m", 10 ** 5000]
LIMITS = [None, 0, 1, 2, 40, 499, 500, 501]


@pytest.mark.parametrize("limit", LIMITS)
def test_the_runtime_escapes_as_the_compiler_does(limit):
    for text in HOSTILE + OBJECTS:
        assert safetext.escape(text, limit) == safeio.escape(text, limit), (text if isinstance(text, str) else type(text), limit)
    assert safetext.escape("x\x1b" * 600) == safeio.escape("x\x1b" * 600)  # the default bound is the same


def test_every_code_point_is_escaped_alike():
    out = safeio.escape(EVERY_CODE_POINT, None)
    assert safetext.escape(EVERY_CODE_POINT, None) == out
    assert out.isprintable() and "\x1b" not in out and "\u2028" not in out


def test_the_variants_keep_the_one_rule():
    for text in HOSTILE:
        plain = safeio.escape(text, None)
        spelt = safeio.escape_python(text)
        # escape_python marks the same characters as escape, spelt as Python escapes
        assert (spelt == text) == (plain == text)
        assert spelt.isprintable() and "\x1b" not in spelt
        whole = safeio.escape(text)
        cut = whole if len(whole) <= safeio.SHORT_QUOTE else whole[:safeio.SHORT_QUOTE - 3] + "..."
        assert safeio.escape_short(text) == cut
    assert safeio.escape_python("ig\x1b[31mnore\u2028") == "ig\\x1b[31mnore\\u2028"
    assert safeio.escape_short("a\x07" * 40) == ("aU+0007" * 9)[:57] + "..."
