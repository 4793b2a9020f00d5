"""Helpers for the rules-site tests (a uniquely named module: every test folder has its own conftest)."""

from __future__ import annotations

import json
import os
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from site_synthetic import HOSTILE_ID, synthetic_bundle

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CHROMIUM = Path(os.environ.get("PALEO_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = REPO / "build" / "screenshots"


def load_mkdocs_config() -> dict:
    """mkdocs.yml as mkdocs reads it (its `!ENV` tags resolved)."""
    from mkdocs.utils.yaml import yaml_load

    with open(REPO / "mkdocs.yml", encoding="utf-8") as f:
        return yaml_load(f)


def skip_or_fail(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(reason + " (CI=true: the site tests may not skip)")
    pytest.skip(reason)


def require_mermaid():
    from compiler.docs import MERMAID_JS

    if not (REPO / MERMAID_JS).is_file():
        skip_or_fail(f"{MERMAID_JS} is missing; run `npm ci`")


def build(bundle: dict, out: Path, **options) -> tuple[int, float]:
    """Build the site for a bundle into `out` (options as `build_site` takes them); returns (exit code, seconds)."""
    from compiler.docs import build_site

    out.parent.mkdir(parents=True, exist_ok=True)
    path = out.parent / (out.name + ".bundle.json")
    path.write_text(json.dumps(bundle), encoding="utf-8")
    t0 = time.perf_counter()
    rc = build_site(str(path), out, REPO, **options)
    return rc, time.perf_counter() - t0


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


class _Links(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str, str]] = []  # (tag, attribute, url)
        self.ids: set[str] = set()
        self.canonical: list[str] = []  # <link rel=canonical> names the page's address and loads nothing

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if a.get("name") and tag == "a":
            self.ids.add(a["name"])
        if tag == "link" and a.get("rel") == "canonical":
            self.canonical.append(a.get("href") or "")
            return
        for attr in ("href", "src"):
            if a.get(attr):
                self.links.append((tag, attr, a[attr]))


def parse_links(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def broken_links(out: Path) -> list[str]:
    """Every internal href/src of the built site that names a missing file or anchor."""
    parsed = {p: parse_links(p) for p in out.rglob("*.html") if p.name != "404.html"}  # 404 links from the site root
    broken = []
    for page, links in parsed.items():
        for tag, attr, url in links.links:
            parts = urlsplit(url)
            if parts.scheme or url.startswith("//") or url.startswith("mailto:"):
                continue
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            if target.is_dir() or parts.path.endswith("/"):
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(out)}: {url}")
                continue
            if parts.fragment and target.suffix == ".html" and target in parsed:
                if unquote(parts.fragment) not in parsed[target].ids and parts.fragment != "__search":
                    broken.append(f"{page.relative_to(out)}: {url} (no such anchor)")
    return broken
