"""The bundle schema and TypeScript definitions are downloads of the built site, linked from the frontend page."""

from __future__ import annotations

import re

from site_support import REPO, load_mkdocs_config

DOWNLOADS = ("bundle.schema.json", "bundle.d.ts")


def test_the_site_serves_the_committed_schema_and_types(synthetic_site):
    out = synthetic_site[0]
    for name in DOWNLOADS:
        assert (out / "downloads" / name).read_bytes() == (REPO / "site" / "downloads" / name).read_bytes(), name


def test_the_frontend_page_links_both_downloads_and_is_in_the_nav(synthetic_site):
    out = synthetic_site[0]
    html = (out / "frontend-types" / "index.html").read_text(encoding="utf-8")
    links = set(re.findall(r'href="([^"]+)"', html))
    for name in DOWNLOADS:
        assert f"../downloads/{name}" in links, name
    nav = load_mkdocs_config()["nav"]
    guides = next(item["Guides"] for item in nav if isinstance(item, dict) and "Guides" in item)
    assert any(isinstance(g, dict) and "frontend-types.md" in g.values() for g in guides)
