"""The rules site as a player uses it, in a real browser, on both builds: the served site (from a
local server) and the offline download (opened from file://). Screenshots go to build/screenshots/."""

from __future__ import annotations

import time
from urllib.parse import unquote, urlsplit

import pytest
import yaml

from site_support import HERE

pytestmark = pytest.mark.browser

QUESTIONS = yaml.safe_load((HERE / "player_questions.yaml").read_text(encoding="utf-8"))
PHONE = {"width": 390, "height": 844}

# The links of the first result group: its page, then its sections best first (those the search
# folds under "more on this page" included).
_FIRST = """() => {
  const li = document.querySelector('.md-search-result__list > li');
  if (!li) return null;
  const links = Array.from(li.querySelectorAll('a.md-search-result__link')).map(a => a.href);
  return links.length ? links : null;
}"""


def _reference(bundle):
    from compiler.docs.pages import Reference

    return Reference(bundle)


def _docs_path_and_anchor(ref, expect: str) -> tuple[str, str]:
    if expect.startswith("reference/"):
        path, _, anchor = expect.partition("#")
        return path, anchor
    if "#" in expect:
        rule = ref.rulebooks.by_ref[expect]
        return rule.page, rule.anchor
    return ref.path_of(expect), ""


def _page_url(docs_path: str, offline: bool) -> str:
    """A docs path as the build names it: `x/y.md` -> `x/y/` served, `x/y.html` offline."""
    stem = docs_path[:-3]
    if offline:
        return stem + ".html"
    if stem.endswith("/index"):
        return stem[: -len("index")]
    return "" if stem == "index" else stem + "/"


def _local(href: str, base: str) -> tuple[str, str]:
    parts = urlsplit(href)
    path = unquote(parts.path)
    root = unquote(urlsplit(base).path).rstrip("/") + "/"
    return (path[len(root):] if path.startswith(root) else path), parts.fragment


def _search(page, query: str) -> list[str] | None:
    box = page.locator("input.md-search__input")
    box.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.keyboard.type(query, delay=15)
    last, since, t0 = None, time.monotonic(), time.monotonic()
    while time.monotonic() - t0 < 15:  # the results settle when two reads 0.4 s apart agree
        page.wait_for_timeout(150)
        now = page.evaluate(_FIRST)
        if now != last:
            last, since = now, time.monotonic()
        elif now and time.monotonic() - since > 0.4:
            return now
    return last


def _ask_every_question(page, base: str, ref, offline: bool) -> list[str]:
    wrong = []
    for q in QUESTIONS:
        path, anchor = _docs_path_and_anchor(ref, q["expect"])
        want = _page_url(path, offline)
        links = _search(page, q["question"])
        got = [_local(h, base) for h in links or []]
        ok = bool(got) and got[0][0] == want and (not anchor or (len(got) > 1 and got[1] == (want, anchor)))
        if not ok:
            wrong.append(f"{q['question']!r}: expected {want}#{anchor}, first result {got[:2]}")
    return wrong


def _clean(page, ctx):
    problems = list(page.watch.problems) + [f"outside request: {u}" for u in ctx.outside_requests]
    assert not problems, "\n".join(problems)


# ---- the served site ----------------------------------------------------------------------------

def test_served_questions_give_their_expected_first_result(page, served, browser_context, content_site, screenshots):
    ref = _reference(content_site[1])
    page.goto(served + "/", wait_until="networkidle")
    wrong = _ask_every_question(page, served + "/", ref, offline=False)
    _search(page, QUESTIONS[0]["question"])
    page.screenshot(path=str(screenshots / "search-how-do-i-win.png"))
    assert not wrong, f"{len(wrong)} of {len(QUESTIONS)} questions:\n" + "\n".join(wrong)
    assert len(QUESTIONS) >= 20
    _clean(page, browser_context)


def _rule_top(page, anchor: str) -> float:
    return page.evaluate("(id) => document.getElementById(id).getBoundingClientRect().top", anchor)


def test_served_rule_anchor_opens_scrolled_to_its_rule(page, served, browser_context, content_site, screenshots):
    ref = _reference(content_site[1])
    rule = ref.rulebooks.by_ref["game:paleo#help"]
    page.goto(f"{served}/{_page_url(rule.page, False)}#{rule.anchor}", wait_until="networkidle")
    # the rule is far down its page: the browser scrolls to it once the page has laid out, which on a loaded
    # machine takes longer than a fixed pause
    page.wait_for_function("window.scrollY > 500", timeout=15000)
    top = _rule_top(page, rule.anchor)
    assert 0 <= top < 160, f"the rule's heading is at {top}px, not at the top of the window"
    assert rule.name in page.locator(f"#{rule.anchor}").inner_text()
    page.screenshot(path=str(screenshots / "rule-anchor-desktop.png"))
    _clean(page, browser_context)


def test_served_module_page_shows_every_cards_english_options(page, served, browser_context, content_site, screenshots):
    bundle = content_site[1]
    ref = _reference(bundle)
    by_id = {c["id"]: c for c in bundle["cards"]}
    module = max(bundle["modules"], key=lambda x: sum(len(by_id[c].get("options") or []) for c in x.get("cards") or [] if c in by_id))
    page.goto(f"{served}/{_page_url(ref.path_of(module['id']), False)}", wait_until="networkidle")
    for cid in module["cards"]:
        card = by_id[cid]
        block = page.locator(f"#{ref.card_anchor(cid)}")
        assert block.count() == 1, f"{cid} has no block on the module page"
        options = page.evaluate("""(id) => { const out = []; let el = document.getElementById(id).nextElementSibling;
            while (el && !/^H[1-3]$/.test(el.tagName)) { if (el.classList.contains('paleo-option'))
              out.push([el.querySelector('.paleo-option-english').innerText, el.querySelector('pre').innerText]);
              el = el.nextElementSibling; } return out; }""", ref.card_anchor(cid))
        assert len(options) == len(card.get("options") or []), cid
        for (english, dsl), opt in zip(options, card.get("options") or []):
            assert dsl.strip() == opt["text"].strip()
            if opt.get("ir"):
                assert "DSL source only" not in english and len(english) > len("Option 1. "), (cid, english)
    page.screenshot(path=str(screenshots / "module-desktop.png"), full_page=True)
    _clean(page, browser_context)


_DIAGRAM = """() => Array.from(document.querySelectorAll('.paleo-diagram-svg:not(.paleo-diagram-svg-full)')).map(div => {
  const svg = div.querySelector('svg'), r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
  const scale = vb && vb.width ? r.width / vb.width : 1;
  let min = Infinity;
  for (const t of svg.querySelectorAll('text, foreignObject p, foreignObject span'))
    if (t.textContent.trim()) min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) * scale);
  return {width: r.width, room: div.clientWidth, scroll: div.scrollWidth, minFont: min}; })"""


def test_served_scenario_diagrams_are_readable_at_full_size(page, served, browser_context, content_site, screenshots):
    bundle = content_site[1]
    ref = _reference(bundle)
    assert page.viewport_size["width"] == 1280
    for i, s in enumerate(bundle["scenarios"]):
        page.goto(f"{served}/{_page_url(ref.path_of(s['id']), False)}", wait_until="networkidle")
        page.locator(".paleo-diagram-svg svg").first.wait_for(state="attached", timeout=20000)
        (d,) = page.evaluate(_DIAGRAM)
        assert d["minFont"] >= 12, f"{s['id']}: text at {d['minFont']:.1f}px"
        assert d["width"] <= d["room"] + 1 and d["scroll"] <= d["room"] + 1, f"{s['id']}: {d}"
        if i == 0:
            page.locator(".paleo-diagram-svg").first.scroll_into_view_if_needed()
            page.screenshot(path=str(screenshots / "scenario-diagram-desktop.png"))
            page.locator("details.paleo-full-graph > summary").first.click()
            page.locator(".paleo-diagram-svg-full svg").first.wait_for(state="attached", timeout=20000)
    _clean(page, browser_context)


def test_served_card_facets_filter_the_table(page, served, browser_context, content_site):
    bundle = content_site[1]
    page.goto(f"{served}/reference/cards/", wait_until="networkidle")
    rows = page.locator(".md-typeset table tbody tr")
    total = rows.count()
    assert total == len(bundle["cards"])
    page.select_option("select[name=game]", label=next(o for o in page.locator("select[name=game] option").all_inner_texts() if o.startswith("PaleoVet")))
    shown = [r for r in rows.all() if r.is_visible()]
    assert 0 < len(shown) < total
    assert all("PaleoVet" in r.locator("td").nth(1).inner_text() for r in shown)
    _clean(page, browser_context)


def test_served_edit_link_opens_the_records_yaml(page, served, browser_context, content_site):
    bundle = content_site[1]
    ref = _reference(bundle)
    card = next(c for c in bundle["cards"] if c.get("file", "").startswith("content/"))
    page.goto(f"{served}/{_page_url(ref.path_of(card['id']), False)}", wait_until="networkidle")
    page.locator("a.md-content__button[href*='reference/source/']").first.click()
    page.wait_for_load_state("networkidle")
    line = page.evaluate("() => { const el = document.getElementById(location.hash.slice(1)); return el ? el.textContent : null; }")
    assert line is not None and card["id"] in line
    _clean(page, browser_context)


# ---- phones -------------------------------------------------------------------------------------

PHONE_PAGES = ["", "reference/rules/paleo/", "reference/cards/"]


def test_phone_layout_has_no_horizontal_overflow(browser_context, served, content_site, screenshots):
    ref = _reference(content_site[1])
    module = max(content_site[1]["modules"], key=lambda x: len(x.get("cards") or []))
    p = browser_context.new_page()
    p.set_viewport_size(PHONE)
    try:
        for i, path in enumerate([*PHONE_PAGES, _page_url(ref.path_of(module["id"]), False)]):
            p.goto(f"{served}/{path}", wait_until="networkidle")
            p.wait_for_timeout(300)
            width = p.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"/{path} is {width}px wide on a {PHONE['width']}px screen"
            p.screenshot(path=str(screenshots / f"phone-{i}.png"), full_page=i == 1)
    finally:
        p.close()
    assert not browser_context.outside_requests


# ---- the offline download, from file:// -----------------------------------------------------------

def test_offline_questions_give_their_expected_first_result_from_file(offline_page, offline_site, content_site, screenshots):
    out = offline_site[0]
    ref = _reference(content_site[1])
    base = out.as_uri() + "/"
    offline_page.goto(base + "index.html", wait_until="load")
    wrong = _ask_every_question(offline_page, base, ref, offline=True)
    offline_page.screenshot(path=str(screenshots / "offline-search.png"))
    assert not wrong, f"{len(wrong)} of {len(QUESTIONS)} questions:\n" + "\n".join(wrong)
    assert not offline_page.watch.problems, offline_page.watch.problems


def test_offline_rule_anchor_and_phone_layout(offline_page, offline_site, content_site, screenshots):
    out = offline_site[0]
    ref = _reference(content_site[1])
    rule = ref.rulebooks.by_ref["game:paleo#crafting"]
    offline_page.goto(f"{out.as_uri()}/{_page_url(rule.page, True)}#{rule.anchor}", wait_until="load")
    offline_page.wait_for_timeout(300)
    top = _rule_top(offline_page, rule.anchor)
    assert offline_page.evaluate("window.scrollY") > 500 and 0 <= top < 160, top
    offline_page.screenshot(path=str(screenshots / "offline-rule-desktop.png"))
    offline_page.set_viewport_size(PHONE)
    offline_page.goto(f"{out.as_uri()}/{_page_url(rule.page, True)}", wait_until="load")
    assert offline_page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    offline_page.screenshot(path=str(screenshots / "offline-phone.png"))
    offline_page.goto(f"{out.as_uri()}/play.html", wait_until="load")
    assert "needs the served site" in offline_page.locator("article").inner_text()
    assert not offline_page.watch.problems, offline_page.watch.problems
