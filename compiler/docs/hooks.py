"""mkdocs hooks for the rules site: the generated reference, the served and offline builds from one
configuration, "edit this record" links, and stand-ins for pages not written yet.

`PALEO_OFFLINE=true` (set by `paleo docs --offline`) makes the offline download: the offline plugin
(turned on by the same variable in mkdocs.yml), no instant navigation, no site URL, search from
`file://` through the site's own worker stand-in, and a note in place of the Play page.
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.structure.files import File, Files

from compiler.docs import reference_files
from compiler.docs.search_terms import search_words_js

OFFLINE_ENV = "PALEO_OFFLINE"
FILE_WORKER = "javascripts/iframe-worker.js"  # the name says what it stands in for: the offline plugin adds none then
SEARCH_WORDS = "javascripts/search-words.js"  # generated: questions in the rulebooks' words (search_terms.py)
PLAY_PAGES = ("play.md", "play/index.md")

# Guides the nav links that another part of the project owns; until a guide exists the site
# shows a short stand-in page, so `--strict` and every link to it keep working.
OPTIONAL_GUIDES = {
    "effect-language.md": (
        "---\ntitle: The effect language\n---\n\n# The effect language\n\n"
        "The guide to the effect language is not part of this build yet. Meanwhile, the "
        "[symbol reference](reference/symbols/index.md) lists every symbol with its positions, "
        "parameters and an example, and the [grammar](reference/grammar.md) shows how an option is parsed.\n"
    ),
}

PLAY_NOTE = (
    "---\ntitle: Play\nsearch:\n  exclude: true\n---\n\n# Play\n\n"
    "!!! note \"The Play page needs the served site\"\n\n"
    "    This is the offline copy of the rules site. Playing a game in the browser needs the site served "
    "over HTTP (for example `python -m http.server` in the folder of the served build, or the published site); "
    "everything else here, search included, works from this folder.\n"
)


def offline() -> bool:
    return os.environ.get(OFFLINE_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def _play_page(docs_dir: str) -> str | None:
    for p in PLAY_PAGES:
        if (Path(docs_dir) / p).is_file():
            return p
    return None


def on_config(config):
    play = _play_page(config.docs_dir)
    features = config.theme["features"]
    if offline():
        for f in ("navigation.instant", "navigation.instant.prefetch", "navigation.instant.progress"):
            while f in features:
                features.remove(f)
        config.use_directory_urls = False
        config.site_url = None  # no canonical links or sitemap pointing at a server the copy does not have
        polyfills = [u for u in config.extra.get("polyfills", []) if "iframe-worker" not in u]
        config.extra["polyfills"] = [*polyfills, FILE_WORKER]
        play = play or PLAY_PAGES[0]  # the note stands where the page would
    # after the file:// stand-in, so it wraps whichever worker the page has
    config.extra["polyfills"] = [*[u for u in config.extra.get("polyfills", []) if u != SEARCH_WORDS], SEARCH_WORDS]
    config.extra["paleo_offline"] = offline()
    if play and config.nav is not None and not _in_nav(config.nav, play):
        config.nav.append({"Play": play})
    return config


def _in_nav(nav, target: str) -> bool:
    for item in nav:
        if item == target:
            return True
        if isinstance(item, dict):
            for v in item.values():
                if v == target or (isinstance(v, list) and _in_nav(v, target)):
                    return True
    return False


def on_files(files: Files, config) -> Files:
    for src_uri, content in OPTIONAL_GUIDES.items():
        if files.get_file_from_path(src_uri) is None:
            files.append(File.generated(config, src_uri, content=content))
    files.append(File.generated(config, SEARCH_WORDS, content=search_words_js()))
    if offline():
        play = _play_page(config.docs_dir) or PLAY_PAGES[0]
        for f in [f for f in files if f.src_uri == play or f.src_uri.startswith("play/")]:
            files.remove(f)
        files.append(File.generated(config, play, content=PLAY_NOTE))
    return reference_files(files, config)


def on_page_context(context, page, config, nav):
    """A generated page's `paleo_edit` (a docs path with an anchor, or a URL) becomes its edit link."""
    target = page.meta.get("paleo_edit") if page.meta else None
    if not target:
        return context
    if target.startswith(("http://", "https://")):
        page.edit_url = target
        return context
    path, _, anchor = str(target).partition("#")
    f = _FILES.get(path)
    if f is not None:
        page.edit_url = f.url_relative_to(page.file) + (f"#{anchor}" if anchor else "")
    return context


_FILES: dict[str, File] = {}  # this build's files by docs path, for edit links


def on_nav(nav, config, files):
    _FILES.clear()
    _FILES.update({f.src_uri: f for f in files})
    return nav
