"""Stage 7, docs: bundle -> reference pages (generated in memory by an mkdocs hook) -> `mkdocs build --strict` -> build/site."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

# the rule tests' module, not its function: the page follows the format as it is now
from runtime import ruletests

from ..bundle_input import bundle_for
from ..codes import all_codes
from ..diff import SideError, diff_bundles, load_side
from ..effects import build_registry, compile_text, describe_option
from ..graph.render import subgraph
from ..models import Symbol
from ..safeio import SITE_MARKER, atomic_write, escape, replaceable_folder
from .pages import REF, Reference, read_grammar
from .rules import read_rule_tests
from .schema_page import read_rule_test_example

__all__ = ["build_site", "generate_reference", "reference_files", "MERMAID_JS"]

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2
MERMAID_JS = Path("node_modules") / "mermaid" / "dist" / "mermaid.min.js"
MERMAID_TARGET = "assets/mermaid.min.js"  # under reference/ in the site, loaded on demand by javascripts/diagrams.js
BUNDLE_ENV = "PALEO_DOCS_BUNDLE"
ROOT_ENV = "PALEO_DOCS_ROOT"  # the checkout, when the mkdocs config lives elsewhere (benchmarks)
EDIT_ENV = "PALEO_EDIT_URL"  # "edit this record" leads to this URL + the record's file (else the site's copy of the YAML)
CHANGES_ENV = "PALEO_DOCS_CHANGES"  # a JSON file (`paleo diff --format json`) for the "what changed" page
SITE_URL_ENV = "PALEO_SITE_URL"  # the served site's address (mkdocs.yml's site_url)
OFFLINE_ENV = "PALEO_OFFLINE"  # "true": the offline download (mkdocs.yml and hooks.py read it)
TEXT_DIAGRAMS_ENV = "PALEO_TEXT_DIAGRAMS"  # "true": no mermaid in this install; diagrams are shown as their text

# What stands in for mermaid in an install that carries none (a wheel built before `npm ci`): every diagram is
# drawn as its own text, under a note that says why. The text is escaped: it is never read as HTML.
TEXT_DIAGRAMS_JS = r"""// paleo: this install carries no diagram renderer; diagrams are shown as their text.
(function () {
  "use strict";
  function esc(t) { return String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }
  var NOTE = '<p class="paleo-diagram-note">This diagram is shown as its text: the paleo that built this site ' +
             'carries no diagram renderer (its wheel was built before <code>npm ci</code>).</p>';
  window.mermaid = {
    initialize: function () {},
    render: function (id, text) { return Promise.resolve({ svg: NOTE + "<pre>" + esc(text) + "</pre>" }); }
  };
})();
"""
log = logging.getLogger("mkdocs.plugins.paleo")


def registry_from_bundle(symbols: list[dict]):
    """The effects stage's registry rebuilt from bundle["symbols"] (the same definitions, as data)."""
    fields = set(Symbol.model_fields)
    entries = []
    for i, d in enumerate(symbols or []):
        try:
            entries.append((Symbol.model_validate({k: v for k, v in d.items() if k in fields}), d.get("file") or "bundle", ("symbols", i)))
        except Exception:  # a symbol the registry cannot take is shown on its page without an English example
            continue
    registry, _ = build_registry(entries)
    return registry


def _effects_helpers(bundle: dict):
    """(describe(ir) -> English, compile(text, game) -> IR) from the effects stage, or Nones when the bundle's
    symbols build no registry (the pages then show no English and no compiled examples)."""
    try:
        registry = registry_from_bundle(bundle.get("symbols") or [])
    except Exception:
        return None, None

    def describe(ir):
        return describe_option(ir, registry)

    def compile_example(text, game):
        try:
            ir, problems = compile_text(text, registry, game)
        except Exception:
            return None
        return None if problems else ir

    return describe, compile_example


def _source_texts(bundle: dict, root: Path) -> dict[str, str]:
    """The content files the bundle's records were authored in, as text (those found under `root`)."""
    out: dict[str, str] = {}
    for sec, recs in bundle.items():
        if not isinstance(recs, list):
            continue
        for r in recs:
            f = r.get("file") if isinstance(r, dict) else None
            if not isinstance(f, str) or f in out or not f.endswith((".yaml", ".yml")) or ".." in Path(f).parts or Path(f).is_absolute():
                continue
            p = root / f
            try:
                out[f] = p.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
    return out


def generate_reference(bundle: dict, root: Path, *, edit_base: str | None = None, changes: dict | None = None) -> dict[str, str]:
    """Every generated page as {docs-relative path: markdown}."""
    describe, compile_example = _effects_helpers(bundle)
    edit_url = (lambda f, rid: edit_base + quote(f, safe="/")) if edit_base else None  # a file name is percent-encoded
    ref = Reference(bundle, describe=describe, compile_example=compile_example, codes=all_codes(),
                    grammar=read_grammar(root), scenario_subgraph=subgraph,
                    rule_test_schema=ruletests.format_schema(), rule_test_example=read_rule_test_example(root),
                    rule_tests=read_rule_tests(root), edit_url=edit_url, source_texts=_source_texts(bundle, root),
                    changes=changes)
    return ref.pages()


def reference_files(files, config):
    """mkdocs `on_files`: add every generated page (in memory) and the vendored mermaid to the site's files.

    The bundle comes from `PALEO_DOCS_BUNDLE` (set by `paleo docs`), else the content is compiled,
    so a plain `mkdocs serve` shows the reference too. Nothing is written into the docs folder,
    so two builds of one checkout never race on generated files.
    """
    from mkdocs.exceptions import PluginError  # noqa: PLC0415 - mkdocs is the [docs] extra, loaded by mkdocs itself
    from mkdocs.structure.files import File  # noqa: PLC0415 - mkdocs is the [docs] extra, loaded by mkdocs itself

    root = Path(os.environ.get(ROOT_ENV) or Path(config.config_file_path).resolve().parent)
    t0 = time.perf_counter()
    env_bundle = os.environ.get(BUNDLE_ENV)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        bundle, _ = bundle_for(env_bundle or None, root)
    if bundle is None:
        raise PluginError("paleo: no bundle for the rules reference\n" + err.getvalue())
    changes = None
    if os.environ.get(CHANGES_ENV):
        try:
            changes = json.loads(Path(os.environ[CHANGES_ENV]).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise PluginError(f"paleo: cannot read the changes `{os.environ[CHANGES_ENV]}`: {exc}")
    pages = generate_reference(bundle, root, edit_base=os.environ.get(EDIT_ENV) or None, changes=changes)
    for f in [f for f in files if f.src_uri.startswith(REF + "/")]:
        files.remove(f)  # stale pages from an older layout that wrote them to disk
    for rel in sorted(pages):
        files.append(File.generated(config, rel, content=pages[rel]))
    mermaid = root / MERMAID_JS
    if mermaid.is_file():
        files.append(File.generated(config, f"{REF}/{MERMAID_TARGET}", abs_src_path=str(mermaid)))
    elif os.environ.get(TEXT_DIAGRAMS_ENV) == "true":
        files.append(File.generated(config, f"{REF}/{MERMAID_TARGET}", content=TEXT_DIAGRAMS_JS))
    else:
        raise PluginError(f"paleo: {MERMAID_JS} is missing; run `npm ci` to vendor mermaid")
    log.info("paleo: generated %d reference pages in %.2fs", len(pages), time.perf_counter() - t0)
    return files


def _swap_in(new: Path, out: Path) -> None:
    """Put the built folder `new` in place of `out` with two renames (the old site is removed after)."""
    old = None
    if out.exists() or out.is_symlink():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name[:64]}.paleo-old-", dir=out.parent))
        os.rmdir(old)
        os.rename(out, old)
    try:
        os.rename(new, out)
    except OSError:
        if old is not None:
            os.rename(old, out)  # the new site could not be put in place: the old one goes back
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def build_site(bundle_path: str | None, out: Path, root: Path, *, offline: bool = False, site_url: str | None = None,
               edit_url: str | None = None, since: str | None = None, text_diagrams: bool = False) -> int:
    """Build the rules site into `out` with `mkdocs build --strict`, its reference generated from a bundle.

    `bundle_path` None compiles the project's content first; content errors end the build with exit 1.
    `offline` builds the download for file:// instead of the served site; `since` (a bundle or a git
    ref) fills the "what changed" page; `text_diagrams` builds without mermaid, each diagram shown as its text.
    """
    config = root / "mkdocs.yml"
    if not config.is_file():
        sys.stderr.write(f"paleo: error: no mkdocs.yml in {root}; `paleo docs` runs inside a Paleo Codex checkout\n")
        return EXIT_USAGE
    refusal = replaceable_folder(out if out.is_absolute() else Path.cwd() / out)
    if refusal is not None:  # mkdocs --clean would delete whatever the folder held
        code, why = refusal
        sys.stderr.write(f"paleo: error[{code}]: --out {escape(out)}: {why}; the site replaces the whole folder, "
                         "so it must be new, empty or a site paleo built\n")
        return EXIT_USAGE
    t0 = time.perf_counter()
    bundle, rc = bundle_for(bundle_path, root)
    if bundle is None:
        return rc
    if not text_diagrams and not (root / MERMAID_JS).is_file():
        sys.stderr.write(f"paleo: error: {MERMAID_JS} is missing; run `npm ci` in {root} to vendor mermaid\n")
        return EXIT_USAGE
    changes = None
    if since:
        try:
            changes = diff_bundles(load_side(since, root), bundle)
        except SideError as exc:
            sys.stderr.write(f"paleo: error: --since: {exc}\n")
            return EXIT_USAGE
        changes["since"] = since
    out = out if out.is_absolute() else Path.cwd() / out
    with tempfile.TemporaryDirectory(prefix="paleo-docs-") as tmp:
        if bundle_path:
            path = Path(bundle_path).resolve()
        else:
            path = Path(tmp) / "bundle.json"
            path.write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
        env = {**os.environ, BUNDLE_ENV: str(path), "NO_MKDOCS_2_WARNING": "1", OFFLINE_ENV: "true" if offline else "false",
               TEXT_DIAGRAMS_ENV: "true" if text_diagrams else "false"}
        for key, value in ((SITE_URL_ENV, site_url), (EDIT_ENV, edit_url)):
            if value:
                env[key] = value
        env.pop(CHANGES_ENV, None)
        if changes is not None:
            cpath = Path(tmp) / "changes.json"
            cpath.write_text(json.dumps(changes, ensure_ascii=False), encoding="utf-8")
            env[CHANGES_ENV] = str(cpath)
        t1 = time.perf_counter()
        # built beside the old site, which is replaced only once the new one is whole: a build that fails
        # (or is interrupted) leaves the previous site as it was
        out.parent.mkdir(parents=True, exist_ok=True)
        new = Path(tempfile.mkdtemp(prefix=f".{out.name[:64]}.paleo-new-", dir=out.parent))
        try:
            proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--clean",
                                   "-f", str(config), "-d", str(new)], cwd=root, env=env)
            if proc.returncode == 0:
                atomic_write(new / SITE_MARKER, "a site `paleo docs` built; a later build may replace this folder\n")
                _swap_in(new, out)
        finally:
            if new.exists():
                shutil.rmtree(new, ignore_errors=True)
    t2 = time.perf_counter()
    if proc.returncode != 0:
        sys.stderr.write("paleo: mkdocs build --strict failed; see the messages above (the site in "
                         f"{escape(out)} is left as it was)\n")
        return EXIT_ERRORS
    pages = sum(1 for p in out.rglob("*.html") if p.name != "404.html") if offline else sum(1 for _ in out.rglob("index.html"))
    kind = "offline site" if offline else "site"
    print(f"built the {kind}: {pages} pages into {out} in {t2 - t0:.2f}s (bundle {t1 - t0:.2f}s, mkdocs build --strict {t2 - t1:.2f}s)")
    return EXIT_OK
