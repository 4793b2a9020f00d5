"""Stage 7, docs: bundle -> reference pages (generated in memory by an mkdocs hook) -> `mkdocs build --strict` -> build/site."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .pages import REF, Reference, read_grammar
from .schema_page import read_rule_test_example

__all__ = ["build_site", "generate_reference", "reference_files", "MERMAID_JS"]

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2
MERMAID_JS = Path("node_modules") / "mermaid" / "dist" / "mermaid.min.js"
MERMAID_TARGET = "assets/mermaid.min.js"  # under reference/ in the site, loaded on demand by javascripts/diagrams.js
BUNDLE_ENV = "PALEO_DOCS_BUNDLE"
ROOT_ENV = "PALEO_DOCS_ROOT"  # the checkout, when the mkdocs config lives elsewhere (benchmarks)
log = logging.getLogger("mkdocs.plugins.paleo")


def registry_from_bundle(symbols: list[dict]):
    """The effects stage's registry rebuilt from bundle["symbols"] (the same definitions, as data)."""
    from ..effects import build_registry
    from ..models import Symbol  # models first: it imports the symbol model itself

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
    """(describe(ir) -> English, compile(text, game) -> IR) from the effects stage, or Nones before it exists."""
    try:
        from .. import effects

        describe_option = effects.describe_option
        registry = registry_from_bundle(bundle.get("symbols") or [])
    except Exception:
        return None, None
    compile_text = getattr(effects, "compile_text", None)

    def describe(ir):
        return describe_option(ir, registry)

    def compile_example(text, game):
        if compile_text is None:
            return None
        try:
            ir, problems = compile_text(text, registry, game)
        except Exception:
            return None
        return None if problems else ir

    return describe, compile_example


def _scenario_subgraph():
    """The graph stage's scenario subgraph (what playing a scenario needs), when that stage is present."""
    try:
        from ..graph.render import subgraph
    except Exception:
        return None
    return subgraph


def generate_reference(bundle: dict, root: Path) -> dict[str, str]:
    """Every generated page as {docs-relative path: markdown}."""
    from ..codes import all_codes

    from runtime import ruletests  # the module, not its function: the page follows the format as it is now

    describe, compile_example = _effects_helpers(bundle)
    ref = Reference(bundle, describe=describe, compile_example=compile_example, codes=all_codes(),
                    grammar=read_grammar(root), scenario_subgraph=_scenario_subgraph(),
                    rule_test_schema=ruletests.format_schema(), rule_test_example=read_rule_test_example(root))
    return ref.pages()


def reference_files(files, config):
    """mkdocs `on_files`: add every generated page (in memory) and the vendored mermaid to the site's files.

    The bundle comes from `PALEO_DOCS_BUNDLE` (set by `paleo docs`), else the content is compiled,
    so a plain `mkdocs serve` shows the reference too. Nothing is written into the docs folder,
    so two builds of one checkout never race on generated files.
    """
    from mkdocs.exceptions import PluginError
    from mkdocs.structure.files import File

    root = Path(os.environ.get(ROOT_ENV) or Path(config.config_file_path).resolve().parent)
    t0 = time.perf_counter()
    env_bundle = os.environ.get(BUNDLE_ENV)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        bundle, _ = _load_bundle(env_bundle or None, root)
    if bundle is None:
        raise PluginError("paleo: no bundle for the rules reference\n" + err.getvalue())
    pages = generate_reference(bundle, root)
    for f in [f for f in files if f.src_uri.startswith(REF + "/")]:
        files.remove(f)  # stale pages from an older layout that wrote them to disk
    for rel in sorted(pages):
        files.append(File.generated(config, rel, content=pages[rel]))
    mermaid = root / MERMAID_JS
    if not mermaid.is_file():
        raise PluginError(f"paleo: {MERMAID_JS} is missing; run `npm ci` to vendor mermaid")
    files.append(File.generated(config, f"{REF}/{MERMAID_TARGET}", abs_src_path=str(mermaid)))
    log.info("paleo: generated %d reference pages in %.2fs", len(pages), time.perf_counter() - t0)
    return files


def _load_bundle(bundle_path: str | None, root: Path) -> tuple[dict | None, int]:
    if bundle_path:
        p = Path(bundle_path)
        try:
            bundle = json.loads(p.read_text(encoding="utf-8"))
        except OSError as exc:
            sys.stderr.write(f"paleo: error: cannot read bundle `{bundle_path}`: {exc.strerror or exc}\n")
            return None, EXIT_USAGE
        except ValueError as exc:
            sys.stderr.write(f"paleo: error: `{bundle_path}` is not JSON: {exc}\n")
            return None, EXIT_USAGE
        version = str(bundle.get("format_version", "")) if isinstance(bundle, dict) else ""
        if not version.startswith("1."):
            sys.stderr.write(f"paleo: error: `{bundle_path}` has bundle format `{version or '?'}`; this paleo reads 1.x\n")
            return None, EXIT_USAGE
        return bundle, EXIT_OK
    from ..diagnostics import has_errors
    from ..pipeline import default_content_dirs, run
    from ..project import load_config
    from ..render import file_source_lookup, render_human

    cfg, _ = load_config(root)
    res = run(default_content_dirs(root, cfg), root=root, config=cfg)
    if has_errors(res.diagnostics) or res.bundle is None:
        errors = [d for d in res.diagnostics if d.severity.value == "error"]
        sys.stderr.write(render_human(errors, file_source_lookup(res.texts, res.root)) + "\n")
        sys.stderr.write("paleo: the content has errors; site not built\n")
        return None, EXIT_ERRORS
    return res.bundle, EXIT_OK


def build_site(bundle_path: str | None, out: Path, root: Path) -> int:
    """Build the rules site into `out` with `mkdocs build --strict`, its reference generated from a bundle.

    `bundle_path` None compiles the project's content first; content errors end the build with exit 1.
    """
    config = root / "mkdocs.yml"
    if not config.is_file():
        sys.stderr.write(f"paleo: error: no mkdocs.yml in {root}; `paleo docs` runs inside a Paleo Codex checkout\n")
        return EXIT_USAGE
    t0 = time.perf_counter()
    bundle, rc = _load_bundle(bundle_path, root)
    if bundle is None:
        return rc
    if not (root / MERMAID_JS).is_file():
        sys.stderr.write(f"paleo: error: {MERMAID_JS} is missing; run `npm ci` in {root} to vendor mermaid\n")
        return EXIT_USAGE
    out = out if out.is_absolute() else Path.cwd() / out
    with tempfile.TemporaryDirectory(prefix="paleo-docs-") as tmp:
        if bundle_path:
            path = Path(bundle_path).resolve()
        else:
            path = Path(tmp) / "bundle.json"
            path.write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
        env = {**os.environ, BUNDLE_ENV: str(path), "NO_MKDOCS_2_WARNING": "1"}
        t1 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--clean",
                               "-f", str(config), "-d", str(out)], cwd=root, env=env)
    t2 = time.perf_counter()
    if proc.returncode != 0:
        sys.stderr.write("paleo: mkdocs build --strict failed; see the messages above\n")
        return EXIT_ERRORS
    pages = sum(1 for _ in out.rglob("index.html"))
    print(f"built {pages} pages into {out} in {t2 - t0:.2f}s (bundle {t1 - t0:.2f}s, mkdocs build --strict {t2 - t1:.2f}s)")
    return EXIT_OK
