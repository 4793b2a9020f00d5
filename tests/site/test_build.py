"""`paleo docs` on a synthetic bundle: strict build, every internal link resolves, nothing loads from elsewhere."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

from site_support import REPO, broken_links, load_mkdocs_config, parse_links
from site_synthetic import HOSTILE


def test_strict_build_succeeds_and_copies_mermaid(synthetic_site):
    out, _, secs = synthetic_site
    assert (out / "index.html").is_file()
    assert (out / "reference" / "assets" / "mermaid.min.js").stat().st_size > 1_000_000
    assert (out / "javascripts" / "diagrams.js").is_file()
    assert secs < 60


def test_every_internal_link_resolves(synthetic_site):
    broken = broken_links(synthetic_site[0])
    assert not broken, "\n".join(broken[:30])


def test_nothing_is_loaded_from_elsewhere(synthetic_site):
    out = synthetic_site[0]
    outside = []
    for page in out.rglob("*.html"):
        for tag, attr, url in parse_links(page).links:
            loads = (tag in ("script", "img", "iframe", "source", "video", "audio") and attr == "src") or (tag == "link" and attr == "href")
            if loads and (urlsplit(url).scheme in ("http", "https") or url.startswith("//")):
                outside.append(f"{page.relative_to(out)}: <{tag} {attr}={url}>")
    assert not outside, "\n".join(outside[:20])
    css = "".join(p.read_text(encoding="utf-8", errors="replace") for p in out.rglob("*.css"))
    assert "fonts.googleapis" not in css and "fonts.gstatic" not in css


def test_generated_pages_cover_every_record(synthetic_site):
    out, bundle, _ = synthetic_site
    ref = out / "reference"
    assert (ref / "symbols" / "venerate-place" / "index.html").is_file()
    assert (ref / "secrets" / "23" / "index.html").is_file()
    assert (ref / "modules" / "synth" / "v" / "index.html").is_file()
    assert (ref / "scenarios" / "scenario" / "synth" / "i" / "index.html").is_file()
    assert (ref / "games" / "paleo" / "index.html").is_file()
    assert (ref / "games" / "product-synth" / "index.html").is_file()
    assert (ref / "grammar" / "index.html").is_file()
    for c in bundle["cards"]:
        local = c["id"].split(":", 1)[1]
        assert (ref / "cards" / local / "index.html").is_file(), c["id"]
    from compiler.codes import all_codes

    for code in all_codes():
        assert (ref / "codes" / code.id.lower() / "index.html").is_file(), code.id


def _text(path: Path) -> str:
    raw = path.read_text(encoding="utf-8")
    body = raw[raw.index("<article"): raw.index("</article>")]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def test_symbol_page_shows_aliases_and_users(synthetic_site):
    out, bundle, _ = synthetic_site
    page = _text(out / "reference" / "symbols" / "awareness" / "index.html")
    assert "perception" in page and "eye" in page and "requirement" in page
    users = [c for c in bundle["cards"] if any("perception" in o["text"] for o in c["options"])]
    assert users
    for c in users:
        assert c["name"] in page
    page = _text(out / "reference" / "symbols" / "venerate-place" / "index.html")
    assert "venerate place forest" in page and "Synthetic Card 0000" in page


def test_secret_page_shows_modules_and_revealing_cards(synthetic_site):
    out, _, _ = synthetic_site
    page = _text(out / "reference" / "secrets" / "23" / "index.html")
    assert "Module V: Synthetic Path" in page
    assert "Synthetic Card 0003" in page


def test_card_page_has_back_links_and_citation(synthetic_site):
    out, _, _ = synthetic_site
    page = _text(out / "reference" / "cards" / "synth" / "card-0000" / "index.html")
    assert "Referenced by" in page and "Synthetic Card 0006" in page and "Synthetic Card 0011" in page
    assert "Paleo: Path of the Elders rulebook › Cult Site" in page  # cited by title, not by file name
    assert "001_5f1e4d8bf7e7ff1a.txt" not in page
    assert "venerate place forest -> gain 1 wood" in page


def test_module_page_has_cards_diagram_and_coverage(synthetic_site):
    out, bundle, _ = synthetic_site
    raw = (out / "reference" / "modules" / "synth" / "v" / "index.html").read_text(encoding="utf-8")
    assert '<pre class="paleo-diagram" data-search-exclude>' in raw and "flowchart LR" in raw
    page = _text(out / "reference" / "modules" / "synth" / "v" / "index.html")
    for c in bundle["modules"][0]["cards"]:
        name = next(x["name"] for x in bundle["cards"] if x["id"] == c)
        assert name in page
    assert "Easy" in page and "Coverage" in page


def test_hostile_card_is_text_everywhere(synthetic_site):
    out, _, _ = synthetic_site
    for page in out.rglob("*.html"):
        raw = page.read_text(encoding="utf-8")
        assert "<script>alert" not in raw, page
        assert "onerror=alert" not in raw.replace("onerror=alert(2)&gt;", ""), page
        assert "<iframe" not in raw and "<style>body" not in raw, page
    raw = (out / "reference" / "cards" / "site-fixture" / "hostile" / "index.html").read_text(encoding="utf-8")
    assert html.escape(HOSTILE, quote=False) in raw
    index = json.loads((out / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert not any("<script>" in (d.get("title") or "") + (d.get("text") or "") for d in index["docs"])


def test_code_pages_say_what_paleo_explain_says(synthetic_site):
    from compiler.codes import all_codes

    out = synthetic_site[0]
    for code in all_codes():
        page = _text(out / "reference" / "codes" / code.id.lower() / "index.html")
        for part in (code.summary, code.what, code.why, code.fix):
            assert re.sub(r"[`\s]+", " ", part).strip() in re.sub(r"[`\s]+", " ", page), (code.id, part)
        for line in code.example.strip().splitlines():
            assert re.sub(r"\s+", " ", line).strip() in page, (code.id, line)


def test_search_index_finds_aliases_names_and_numbers(synthetic_site):
    out = synthetic_site[0]
    docs = json.loads((out / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    by_loc = {}
    for d in docs:
        by_loc.setdefault(d["location"].split("#")[0], []).append(d)
    awareness = " ".join(d["text"] + d["title"] for d in by_loc["reference/symbols/awareness/"])
    assert "perception" in awareness
    assert any("Secret 23" in d["title"] for d in by_loc["reference/secrets/23/"])
    assert any("Synthetic Card 0001" in d["title"] for d in by_loc["reference/cards/synth/card-0001/"])


def test_nav_is_explicit_and_lists_every_guide():
    cfg = load_mkdocs_config()
    assert "navigation.prune" in cfg["theme"]["features"]
    assert cfg["theme"]["font"] is False

    def files(nav):
        for item in nav:
            if isinstance(item, str):
                yield item
            elif isinstance(item, dict):
                for v in item.values():
                    yield from (files(v) if isinstance(v, list) else [v])

    listed = set(files(cfg["nav"]))
    guides = {p.relative_to(REPO / "site").as_posix() for p in (REPO / "site").glob("*.md")}
    assert guides <= listed, guides - listed
    assert "effect-language.md" in listed
    assert len(listed) < 30, "keep the nav shallow: generated pages belong in section indexes"


def test_search_index_leaves_out_diagrams_and_list_pages(synthetic_site):
    out = synthetic_site[0]
    docs = json.loads((out / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    assert not any("flowchart" in d["text"] for d in docs)
    assert not any(d["location"].startswith("reference/cards/#") or d["location"] == "reference/cards/" for d in docs)
