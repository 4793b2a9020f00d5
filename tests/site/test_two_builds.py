"""The served site and the offline download, from one configuration: what differs between them."""

from __future__ import annotations

import json
import re


def _config(html_text: str) -> dict:
    return json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', html_text, re.S).group(1))


def test_served_site_has_a_sitemap_instant_navigation_and_permalinks(content_site):
    out = content_site[0]
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    locs = re.findall(r"<loc>(.*?)</loc>", sitemap)
    pages = sum(1 for _ in out.rglob("index.html"))
    assert len(locs) >= pages - 1 and all(u.startswith("http://127.0.0.1:8000/") for u in locs)
    assert "http://127.0.0.1:8000/reference/rules/paleo/" in locs
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "navigation.instant" in _config(home)["features"]
    rules = (out / "reference" / "rules" / "paleo" / "index.html").read_text(encoding="utf-8")
    heads = re.findall(r"<h([2-6])([^>]*)>(.*?)</h\1>", rules[rules.index("<article"):rules.index("</article>")], re.S)
    assert heads and all('class="headerlink"' in body for _, _, body in heads), "a heading without a permalink"


def test_offline_copy_searches_from_files_and_loads_nothing_from_elsewhere(offline_site):
    out = offline_site[0]
    assert (out / "search" / "search_index.js").read_text(encoding="utf-8").startswith("var __index = ")
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "navigation.instant" not in _config(home)["features"]
    assert "unpkg" not in home and "javascripts/iframe-worker.js" in home
    assert 'rel="canonical"' not in home
    assert not (out / "sitemap.xml").exists() or "<loc>" not in (out / "sitemap.xml").read_text(encoding="utf-8")
    assert (out / "reference" / "rules" / "paleo.html").is_file()  # file names, no folder URLs
    assert 'href="reference/rules/index.html"' in home
    assert "needs the served site" in (out / "play.html").read_text(encoding="utf-8")
