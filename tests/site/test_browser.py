"""The rules site in a real browser: Debian's Chromium driven by Playwright against a local server."""

from __future__ import annotations

import pytest

from site_synthetic import HOSTILE, HOSTILE_ID

pytestmark = pytest.mark.browser


def _url(base: str, docs_path: str) -> str:
    """The served URL of a generated page (`reference/cards/x.md` -> `/reference/cards/x/`)."""
    stem = docs_path[:-3]
    if stem.endswith("/index"):
        stem = stem[: -len("index")]
    elif stem == "index":
        stem = ""
    else:
        stem += "/"
    return f"{base}/{stem}"


def _reference(bundle):
    from compiler.docs.pages import Reference

    return Reference(bundle)


def _clean(page, browser_context):
    problems = list(page.watch.problems)
    outside = list(browser_context.outside_requests)
    assert not problems, "\n".join(problems)
    assert not outside, "requests outside the local server: " + ", ".join(outside)
    assert not page.watch.dialogs, f"a dialog opened: {page.watch.dialogs}"


def _search(page, query: str):
    box = page.locator("input.md-search__input")
    box.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.keyboard.type(query, delay=60)


def test_home_page_renders_cleanly(page, served, browser_context, screenshots):
    page.goto(served + "/", wait_until="networkidle")
    assert page.locator("article h1").first.inner_text().replace("¶", "").strip() == "Paleo Codex"
    assert page.locator("nav.md-nav--primary").count() >= 1
    page.screenshot(path=str(screenshots / "home.png"), full_page=True)
    _clean(page, browser_context)


def test_search_finds_venerate_place_by_typing(page, served, browser_context, screenshots):
    page.goto(served + "/", wait_until="networkidle")
    _search(page, "venerate")
    hit = page.locator('.md-search-result__list a[href*="reference/symbols/venerate-place/"]').first
    hit.wait_for(state="visible", timeout=15000)
    page.screenshot(path=str(screenshots / "search-venerate.png"))
    _clean(page, browser_context)


def test_search_finds_a_symbol_by_alias(page, served, browser_context):
    page.goto(served + "/", wait_until="networkidle")
    _search(page, "perception")
    page.locator('.md-search-result__list a[href*="reference/symbols/awareness/"]').first.wait_for(state="visible", timeout=15000)
    _clean(page, browser_context)


def test_search_finds_a_card_by_name_and_a_secret_by_number(page, served, browser_context, content_site):
    bundle = content_site[1]
    ref = _reference(bundle)
    card = next(c for c in bundle["cards"] if c["id"] != HOSTILE_ID and c.get("name") and len(c["name"]) > 3)
    page.goto(served + "/", wait_until="networkidle")
    _search(page, card["name"])
    href = _url("", ref.path_of(card["id"])).lstrip("/")
    page.locator(f'.md-search-result__list a[href*="{href}"]').first.wait_for(state="visible", timeout=15000)
    if bundle.get("secrets"):
        secret = next((s for s in bundle["secrets"] if s["number"] >= 10), bundle["secrets"][0])
        _search(page, str(secret["number"]))
        href = _url("", ref.path_of(secret["id"])).lstrip("/")
        page.locator(f'.md-search-result__list a[href*="{href}"]').first.wait_for(state="visible", timeout=15000)
    _clean(page, browser_context)


def test_module_page_lists_its_cards_and_draws_its_graph(page, served, browser_context, content_site, screenshots):
    bundle = content_site[1]
    ref = _reference(bundle)
    module = max(bundle["modules"], key=lambda m: len(m.get("cards") or []))
    assert module["cards"], "no module has cards"
    page.goto(_url(served, ref.path_of(module["id"])), wait_until="networkidle")
    for cid in module["cards"]:
        name = ref.name(cid)
        assert page.get_by_role("link", name=name, exact=True).count() >= 1, f"card {cid} not listed"
    svg = page.locator(".paleo-diagram-svg svg")
    svg.first.wait_for(state="attached", timeout=20000)
    assert svg.first.locator("g").count() > 0
    page.screenshot(path=str(screenshots / "module.png"), full_page=True)
    _clean(page, browser_context)


def test_hostile_card_renders_as_text(page, served, browser_context, content_site):
    ref = _reference(content_site[1])
    page.goto(_url(served, ref.path_of(HOSTILE_ID)), wait_until="networkidle")
    assert page.locator("article h1").first.inner_text().replace("¶", "").strip() == HOSTILE
    assert page.title().startswith(HOSTILE)
    assert page.locator("article script, article img, article iframe, article style").count() == 0
    assert page.evaluate("() => document.body.style.display") != "none"
    _search(page, "alert")
    title = page.locator(f'.md-search-result__list a[href*="{_url("", ref.path_of(HOSTILE_ID)).lstrip("/")}"] h1').first
    title.wait_for(state="visible", timeout=15000)
    assert "<script>" in title.inner_text()
    assert page.locator(".md-search-result script, .md-search-result img").count() == 0
    _clean(page, browser_context)


def test_scenario_page_draws_what_it_needs(page, served, browser_context, content_site):
    bundle = content_site[1]
    if not bundle.get("scenarios"):
        pytest.skip("the content has no scenario yet")
    ref = _reference(bundle)
    scenario = bundle["scenarios"][0]
    page.goto(_url(served, ref.path_of(scenario["id"])), wait_until="networkidle")
    page.locator(".paleo-diagram-svg svg").first.wait_for(state="attached", timeout=20000)
    assert page.locator("pre.paleo-diagram-failed").count() == 0
    _clean(page, browser_context)
