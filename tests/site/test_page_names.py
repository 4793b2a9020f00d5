"""Page names and edit links follow one rule: bounded and escaped. A content file named like markup puts no
markup on the page (its "edit" link is percent-encoded), a 300-character id gets a page with a bounded name,
and a `paleo docs` that fails leaves the site built before it whole."""

from __future__ import annotations

import json
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from compiler.safeio import SITE_MARKER

from site_support import CHROMIUM, CHROMIUM_ARGS, Watch, build, require_mermaid
from site_synthetic import synthetic_bundle

HOSTILE_FILE = 'content/x"><img src=x onerror=alert(1)>.yaml'
LONG_ID = "card:synth/" + "l" * 300
EDIT = "https://example.invalid/edit/main/"


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def _tags(path: Path) -> list[tuple[str, dict]]:
    p = _Tags()
    p.feed(path.read_text(encoding="utf-8"))
    return p.tags


def _bundle() -> dict:
    b = synthetic_bundle(6, hostile=False)
    b["cards"][1]["file"] = HOSTILE_FILE
    b["cards"].append({**b["cards"][2], "id": LONG_ID, "name": "Long Id Card"})
    return b


def _old_site(out: Path) -> None:
    out.mkdir(parents=True)
    (out / SITE_MARKER).write_text("built\n")
    (out / "index.html").write_text("<p>the site built before</p>\n")


def test_a_failing_build_leaves_the_previous_site_whole(tmp_path, monkeypatch):
    require_mermaid()
    import compiler.docs as docs

    out = tmp_path / "site"
    _old_site(out)

    def dies_halfway(cmd, **kw):  # mkdocs cleaning its output, writing half a site, then failing
        target = Path(cmd[cmd.index("-d") + 1])
        for p in target.iterdir():
            p.unlink()
        (target / "half.html").write_text("half")
        return subprocess.CompletedProcess(cmd, 1)

    monkeypatch.setattr(docs.subprocess, "run", dies_halfway)
    rc, _ = build(_bundle(), out)
    assert rc == 1
    assert sorted(p.name for p in out.iterdir()) == sorted([SITE_MARKER, "index.html"])
    assert (out / "index.html").read_text() == "<p>the site built before</p>\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == [], "the half-built folder is removed"


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    require_mermaid()
    out = tmp_path_factory.mktemp("names") / "site"
    _old_site(out)
    rc, _ = build(_bundle(), out, edit_url=EDIT)
    assert rc == 0, "paleo docs failed on a 300-character id or a file named like markup"
    assert not (out / "half.html").exists() and (out / SITE_MARKER).is_file()
    return out


def test_a_long_id_gets_a_page_with_a_bounded_name(hostile_site):
    pages = [p for p in (hostile_site / "reference" / "cards").rglob("index.html")]
    longest = max(len(part) for p in pages for part in p.relative_to(hostile_site).parts)
    assert longest <= 80
    named = [p for p in pages if "long id card" in p.read_text(encoding="utf-8").lower()]
    assert named, "the long id's card has its page"


def test_a_file_named_like_markup_puts_no_markup_on_the_page(hostile_site):
    page = hostile_site / "reference" / "cards" / "synth" / "card-0001" / "index.html"
    tags = _tags(page)
    assert not [t for t, a in tags if t == "img" and "onerror" in a], "a file name became an <img> tag"
    assert not [a for _, a in tags if any("onerror" in k for k in a)]
    edits = [a["href"] for t, a in tags if t == "a" and a.get("href", "").startswith(EDIT)]
    assert edits and all(h == EDIT + "content/x%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E.yaml" for h in edits), edits


@pytest.mark.browser
def test_the_page_opens_in_chromium_without_a_dialog(hostile_site, tmp_path):
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    page_path = hostile_site / "reference" / "cards" / "synth" / "card-0001" / "index.html"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            watch = Watch(page_path.as_uri())
            watch.attach(page)
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort())
            page.goto(page_path.as_uri())
            page.wait_for_load_state("load")
            for link in page.locator(f'a[href^="{EDIT}"]').all():
                link.hover()
            page.wait_for_timeout(200)
            assert watch.dialogs == [], watch.dialogs
            assert page.evaluate("document.querySelectorAll('img[onerror]').length") == 0
            assert json.dumps(page.evaluate("[...document.querySelectorAll('a')].map(a => a.href)")).count("onerror=") == 0
        finally:
            browser.close()
