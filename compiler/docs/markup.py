"""Markdown building blocks for generated pages: every content string goes through here, escaped."""

from __future__ import annotations

import html
import json
import posixpath
import re

# Python-Markdown's backslash escapes (core list plus `|` from the tables extension).
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")  # `<`, `>`, `&` are HTML-escaped instead
_SPACE = re.compile(r"\s+")


def text(value: object, *, strip: bool = True) -> str:
    """Inline text in markdown: markdown syntax neutralised, HTML escaped, whitespace collapsed."""
    if value is None:
        return ""
    s = _SPACE.sub(" ", str(value))
    if strip:
        s = s.strip()
    return html.escape(_MD_SPECIAL.sub(r"\\\1", s), quote=True)


def h(value: object) -> str:
    """Text inside a raw HTML block, where markdown does not look: HTML escaping only."""
    if value is None:
        return ""
    return html.escape(_SPACE.sub(" ", str(value)).strip(), quote=True)


def paragraphs(value: object) -> str:
    """Prose that may hold blank-line separated paragraphs; each is escaped like `text`."""
    if value is None:
        return ""
    parts = [p for p in re.split(r"\n\s*\n", str(value)) if p.strip()]
    return "\n\n".join(text(p) for p in parts)


def code(value: object) -> str:
    """An inline code span in markdown (inline tags, so the text between them is escaped like `text`)."""
    return f"<code>{text(value)}</code>"


def pre(value: str, cls: str = "paleo-dsl", *, searchable: bool = True) -> str:
    """A block of preformatted text on one physical line, so markdown never looks inside it."""
    body = html.escape(str(value), quote=True).replace("\r", "").replace("\n", "&#10;")
    extra = "" if searchable else " data-search-exclude"
    return f'<pre class="{cls}"{extra}><code>{body}</code></pre>'


def fenced(value: str, lang: str = "") -> str:
    """A fenced code block, highlighted as `lang`: the text verbatim (markdown never looks inside a fence),
    the fence one backtick longer than any run of backticks in the text, so nothing in it can close the block."""
    body = str(value).replace("\r\n", "\n").replace("\r", "\n").rstrip("\n")
    longest = max((len(r) for r in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    lang = re.sub(r"[^A-Za-z0-9_+-]", "", lang)
    return f"{fence}{lang}\n{body}\n{fence}"


def title_front_matter(title: str, *, boost: float | None = None, description: str | None = None,
                       exclude_from_search: bool = False, edit: str | None = None) -> str:
    """YAML front matter: templates print the title raw, so it holds escaped HTML.

    `edit` is where the page's "edit this record" button leads (a docs path with an anchor, or a URL);
    the site's hook turns it into the page's edit link."""
    lines = ["---", "title: " + json.dumps(html.escape(_SPACE.sub(" ", title).strip(), quote=True))]
    if edit:
        lines.append("paleo_edit: " + json.dumps(edit))
    if description:
        lines.append("description: " + json.dumps(html.escape(_SPACE.sub(" ", description).strip()[:200], quote=True)))
    if exclude_from_search:
        lines += ["search:", "  exclude: true"]
    elif boost:
        lines += ["search:", f"  boost: {boost}"]
    lines.append("---")
    return "\n".join(lines) + "\n\n"


def rel(from_page: str, to_page: str) -> str:
    """A relative link between two docs-dir paths (mkdocs validates it under --strict)."""
    if from_page == to_page:
        return posixpath.basename(to_page)
    return posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")


def link(label: object, from_page: str, to_page: str, anchor: str = "") -> str:
    target = rel(from_page, to_page) + (f"#{anchor}" if anchor else "")
    return f"[{text(label) or text(to_page)}]({target})"


def table(headers: list[str], rows: list[list[str]]) -> str:
    """A markdown table; cells must already be escaped markup."""
    if not rows:
        return ""
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    for r in rows:
        out.append("| " + " | ".join(c.replace("\n", " ") or " " for c in r) + " |")
    return "\n".join(out)


def bullets(items: list[str]) -> str:
    return "\n".join(f"- {i}" for i in items)


def badge(completeness: str | None) -> str:
    c = completeness or "unknown"
    return f'<span class="paleo-badge paleo-{html.escape(c)}">{html.escape(c)}</span>'
