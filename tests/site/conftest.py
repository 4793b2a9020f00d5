"""Fixtures for the rules-site tests: built sites (synthetic and bundled content), a local server, Chromium."""

from __future__ import annotations

import functools
import http.server
import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

from site_synthetic import HOSTILE_ID, synthetic_bundle  # noqa: E402

CHROMIUM = Path(os.environ.get("PALEO_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = REPO / "build" / "screenshots"


def _skip_or_fail(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(reason + " (CI=true: the site tests may not skip)")
    pytest.skip(reason)


def _require_mermaid():
    from compiler.docs import MERMAID_JS

    if not (REPO / MERMAID_JS).is_file():
        _skip_or_fail(f"{MERMAID_JS} is missing; run `npm ci`")


def build(bundle: dict, out: Path) -> tuple[int, float]:
    """Build the site for a bundle into `out`; returns (exit code, seconds)."""
    from compiler.docs import build_site

    out.parent.mkdir(parents=True, exist_ok=True)
    path = out.parent / (out.name + ".bundle.json")
    path.write_text(json.dumps(bundle), encoding="utf-8")
    t0 = time.perf_counter()
    rc = build_site(str(path), out, REPO)
    return rc, time.perf_counter() - t0


@pytest.fixture(scope="session")
def synthetic_site(tmp_path_factory) -> tuple[Path, dict, float]:
    """The site built from the synthetic bundle: (site dir, bundle, build seconds)."""
    _require_mermaid()
    bundle = synthetic_bundle(12)
    out = tmp_path_factory.mktemp("synthetic") / "site"
    rc, secs = build(bundle, out)
    assert rc == 0, "paleo docs failed on the synthetic bundle"
    return out, bundle, secs


def bundled_content_bundle() -> tuple[dict, list[str]]:
    """The bundled content compiled, plus the hostile fixture card and any site fixture it still lacks.

    Returns the bundle and the ids of the fixture records added besides the hostile card, so a
    test report shows how much of the site is exercised by real content.
    """
    from compiler.diagnostics import has_errors
    from compiler.pipeline import default_content_dirs, run
    from compiler.project import load_config

    cfg, _ = load_config(REPO)
    res = run(default_content_dirs(REPO, cfg), root=REPO, config=cfg)
    errors = [f"{d.code} {d.span.file}:{d.span.line}: {d.message}" for d in res.diagnostics if d.severity.value == "error"]
    assert res.bundle is not None and not has_errors(res.diagnostics), "bundled content has errors:\n" + "\n".join(errors[:20])
    bundle = res.bundle
    synth = synthetic_bundle(4)
    added: list[str] = []
    ids = {r["id"] for sec in ("games", "products", "modules", "cards", "symbols", "secrets") for r in bundle.get(sec) or []}

    hostile = next(c for c in synth["cards"] if c["id"] == HOSTILE_ID)
    hostile = {**hostile, "module": None}
    if bundle.get("games"):
        hostile["game"] = bundle["games"][0]["id"]
    if bundle.get("products"):
        hostile["product"] = bundle["products"][0]["id"]
    bundle["cards"] = [*bundle.get("cards", []), hostile]

    for sid in ("symbol:venerate-place", "symbol:awareness"):
        if sid not in ids:
            bundle["symbols"] = [*bundle.get("symbols", []), next(s for s in synth["symbols"] if s["id"] == sid)]
            added.append(sid)
    if not any(m.get("cards") for m in bundle.get("modules") or []):
        for sec in ("games", "products", "modules", "secrets"):
            for r in synth[sec]:
                if r["id"] not in ids:
                    bundle[sec] = [*bundle.get(sec, []), r]
                    added.append(r["id"])
        bundle["cards"] += [c for c in synth["cards"] if c["id"] != HOSTILE_ID]
        added += [c["id"] for c in synth["cards"] if c["id"] != HOSTILE_ID]
    return bundle, added


@pytest.fixture(scope="session")
def content_site(tmp_path_factory) -> tuple[Path, dict, list[str], float]:
    """The site built from the bundled content: (site dir, bundle, fixture ids added, build seconds)."""
    _require_mermaid()
    bundle, added = bundled_content_bundle()
    out = tmp_path_factory.mktemp("content") / "site"
    rc, secs = build(bundle, out)
    assert rc == 0, "paleo docs failed on the bundled content"
    return out, bundle, added, secs


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


class Watch:
    """What a page did that it should not: console errors, page errors, failed or outside requests, dialogs."""

    def __init__(self, base: str):
        self.base = base
        self.problems: list[str] = []
        self.dialogs: list[str] = []

    def attach(self, page) -> None:
        page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: self.problems.append(f"request failed: {r.url} {r.failure}"))
        page.on("response", lambda r: self.problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)

        def dialog(d):
            self.dialogs.append(d.message)
            d.dismiss()

        page.on("dialog", dialog)


@pytest.fixture(scope="session")
def browser_context(served, tmp_path_factory):
    """A fresh Chromium profile driven by Playwright; every request outside the local server is refused."""
    if not CHROMIUM.exists():
        _skip_or_fail(f"{CHROMIUM} is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _skip_or_fail("playwright is not installed")
    profile = tmp_path_factory.mktemp("chromium-profile")
    outside: list[str] = []
    with sync_playwright() as pw:
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
