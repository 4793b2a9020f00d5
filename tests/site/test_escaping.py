"""Every content string reaches the page as text: markdown and HTML in content are shown, never interpreted."""

from __future__ import annotations

import html
import re

import markdown
import pytest

from compiler.docs import markup as m

GAUNTLET = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "</title><script>alert(1)</script>",
    "*emphasis* _under_ **strong** `code` ~~del~~",
    "[link](javascript:alert(1)) ![img](x.png) <http://example.invalid>",
    "# heading\n\n- item\n1. item\n> quote\n    indented code",
    "a | b | c \\| d",
    "{: .class #id } {#x} &amp; &lt; &#60; &",
    "!!! note \"admonition\"\n    body",
    "Reeds & \"Clay\" 'Bull' — Weg der Ältesten 5×3",
    "back\\slash\\*not emphasis\\*",
]

EXTENSIONS = ["admonition", "attr_list", "tables", "toc", "pymdownx.highlight", "pymdownx.superfences"]


def _visible(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def _render(md_text: str) -> str:
    return markdown.markdown(md_text, extensions=EXTENSIONS)


@pytest.mark.parametrize("value", GAUNTLET)
def test_inline_text_round_trips(value):
    out = _render(m.text(value))
    assert re.fullmatch(r"<p>[^<]*</p>", out), out
    assert _visible(out) == re.sub(r"\s+", " ", value).strip()


@pytest.mark.parametrize("value", GAUNTLET)
def test_table_cells_round_trip(value):
    out = _render(m.table(["A", "B"], [[m.text(value), m.code(value)]]))
    cells = re.findall(r"<td>(.*?)</td>", out, re.S)
    assert len(cells) == 2, out
    assert _visible(cells[0]) == re.sub(r"\s+", " ", value).strip()
    assert _visible(cells[1]) == re.sub(r"\s+", " ", value).strip()
    assert "<script" not in out and "<img" not in out


@pytest.mark.parametrize("value", GAUNTLET)
def test_preformatted_blocks_keep_the_text_exactly(value):
    out = _render("before\n\n" + m.pre(value) + "\n\nafter")
    body = re.search(r'<pre class="paleo-dsl"><code>(.*?)</code></pre>', out, re.S)
    assert body, out
    assert html.unescape(body.group(1).replace("&#10;", "\n")) == value
    assert "<script" not in out


@pytest.mark.parametrize("value", GAUNTLET)
def test_raw_html_text_and_titles_are_escaped(value):
    assert "<" not in m.h(value) and ">" not in m.h(value)
    fm = m.title_front_matter(value)
    assert "<" not in fm and ">" not in fm.replace("---", "")


def test_links_escape_their_label():
    out = _render(m.link("<b>x</b> [y]", "reference/cards/a.md", "reference/modules/b.md"))
    assert 'href="../modules/b.md"' in out
    assert _visible(out) == "<b>x</b> [y]"


@pytest.mark.parametrize("value", [*GAUNTLET, "``` closes?\n````\nstill inside", '{"a": "<script>alert(1)</script>"}'])
def test_fenced_blocks_keep_the_text_exactly(value):
    out = _render("before\n\n" + m.fenced(value, "json") + "\n\nafter")
    body = re.search(r"<pre>(?:<span></span>)?<code>(.*?)</code></pre>", out, re.S)
    assert body, out
    assert html.unescape(re.sub(r"<[^>]+>", "", body.group(1))).rstrip("\n") == value
    assert "<script" not in out and out.rstrip().endswith("<p>after</p>")
