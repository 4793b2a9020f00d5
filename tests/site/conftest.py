"""Fixtures for the rules-site tests: built sites (synthetic and bundled content), a local server, Chromium."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_support import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, Watch, build, bundled_content_bundle, require_mermaid, skip_or_fail,
)
from site_synthetic import synthetic_bundle  # noqa: E402


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Every test that starts Playwright (the `pw` fixture, directly or through another fixture) is a `browser`
    test, marked or not: the test command runs those outside the coverage pass (see scripts/test.sh)."""
    for item in items:
        if "pw" in getattr(item, "fixturenames", ()) and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def synthetic_site(tmp_path_factory) -> tuple[Path, dict, float]:
    """The site built from the synthetic bundle: (site dir, bundle, build seconds)."""
    require_mermaid()
    bundle = synthetic_bundle(12)
    out = tmp_path_factory.mktemp("synthetic") / "site"
    rc, secs = build(bundle, out)
    assert rc == 0, "paleo docs failed on the synthetic bundle"
    return out, bundle, secs


@pytest.fixture(scope="session")
def content_site(tmp_path_factory) -> tuple[Path, dict, list[str], float]:
    """The site built from the bundled content: (site dir, bundle, fixture ids added, build seconds)."""
    require_mermaid()
    bundle, added = bundled_content_bundle()
    out = tmp_path_factory.mktemp("content") / "site"
    rc, secs = build(bundle, out)
    assert rc == 0, "paleo docs failed on the bundled content"
    return out, bundle, added, secs


@pytest.fixture(scope="session")
def offline_site(content_site, tmp_path_factory) -> tuple[Path, float]:
    """The offline download built from the same bundle as `content_site`: (site dir, build seconds)."""
    out = tmp_path_factory.mktemp("offline") / "site"
    rc, secs = build(content_site[1], out, offline=True)
    assert rc == 0, "paleo docs --offline failed on the bundled content"
    return out, secs


@pytest.fixture()
def offline_page(pw, offline_site):
    """A page in a fresh Chromium that may open files of the offline site and nothing else."""
    root = offline_site[0].as_uri() + "/"
    if True:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
        watch = Watch(root)

        def guard(route):
            url = route.request.url
            if url.startswith(root) or url.startswith(("data:", "about:", "blob:")):
                route.continue_()
            else:
                watch.problems.append(f"request outside the offline copy: {url}")
                route.abort()

        ctx.route("**/*", guard)
        p = ctx.new_page()
        watch.attach(p)
        p.watch = watch
        try:
            yield p
        finally:
            ctx.close()
            browser.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass


@pytest.fixture(scope="session")
def served(content_site):
    """The bundled-content site served over HTTP on 127.0.0.1; yields the base URL."""
    out = content_site[0]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def pw():
    """One Playwright per test module (the sync API allows one at a time). Not one per session: while it lives
    it runs an event loop, and a module of async tests the same worker runs next (the language server's,
    through pytest-asyncio) must find none running."""
    if not CHROMIUM.exists():
        skip_or_fail(f"{CHROMIUM} is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        skip_or_fail("playwright is not installed")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser_context(pw, served, tmp_path_factory):
    """A fresh Chromium profile driven by Playwright; every request outside the local server is refused."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    outside: list[str] = []
    if True:
        ctx = pw.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900}, service_workers="block",
        )

        def guard(route):
            if route.request.url.startswith(served + "/") or route.request.url.startswith("data:"):
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        ctx.route("**/*", guard)
        ctx.outside_requests = outside
        try:
            yield ctx
        finally:
            ctx.close()


@pytest.fixture()
def page(browser_context, served):
    watch = Watch(served)
    p = browser_context.new_page()
    watch.attach(p)
    p.watch = watch
    try:
        yield p
    finally:
        p.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
