"""The site built from the bundled content: one page per record, options in English, build time in bounds."""

from __future__ import annotations

import html
import re

from compiler.docs.pages import Reference
from site_support import broken_links
from site_synthetic import HOSTILE_ID


def _page(out, docs_path: str) -> str:
    stem = docs_path[:-3]
    path = out / (stem[: -len("index")] if stem.endswith("/index") else stem + "/") / "index.html"
    raw = path.read_text(encoding="utf-8")
    return raw[raw.index("<article"): raw.index("</article>")]


def test_every_record_has_its_page(content_site):
    out, bundle, _, secs = content_site
    ref = Reference(bundle)
    for sec in ("games", "products", "modules", "cards", "symbols", "secrets", "scenarios"):
        for r in bundle.get(sec) or []:
            p = ref.path_of(r["id"])
            assert p, r["id"]
            text = html.unescape(re.sub(r"<[^>]+>", "", _page(out, p)))
            assert ref.name(r["id"]) in text, r["id"]
    pages = sum(1 for _ in out.rglob("index.html"))
    print(f"\n{pages} pages from {len(bundle['cards'])} cards built in {secs:.1f}s")
    assert secs < 120


def test_options_and_examples_read_as_english(content_site):
    out, bundle, added, _ = content_site
    from compiler import effects

    if not hasattr(effects, "describe_option"):
        return
    ref = Reference(bundle)
    for s in bundle.get("symbols") or []:
        body = _page(out, ref.path_of(s["id"]))
        assert "DSL source only" not in body, f"{s['id']}: example not described"
    for c in bundle.get("cards") or []:
        if c["id"] == HOSTILE_ID or c["id"] in added:
            continue  # fixture IR is not the effects stage's IR
        body = _page(out, ref.path_of(c["id"]))
        described = len(re.findall(r'paleo-option-english"><strong>Option \d+\.</strong> (?!<em>DSL)', body))
        assert described == sum(1 for o in c["options"] if o.get("ir")), c["id"]


def test_every_internal_link_resolves(content_site):
    broken = broken_links(content_site[0])
    assert not broken, "\n".join(broken[:30])
