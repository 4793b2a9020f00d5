"""The Play page's assets, added to a built site: Pyodide (vendored through npm), the runtime as a zip,
the bundle the page plays (built with synthetic packs) and the links from each rulebook section to the
site's rule pages.

    python -m compiler.docs.play --site build/site --bundle build/play-bundle.json \
        --pack synthetic-base --links-from build/bundle.json

The page itself (site/play.md, and site/play/: play.js, play.css, play_glue.py) is built by mkdocs with the rest of
the site; this step only adds what mkdocs does not copy. Everything goes under `<site>/play/`, so the
page needs no request outside the site: no CDN, no server code.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import zipfile
from pathlib import Path

import yaml

from runtime.setups import list_setups

from ..safeio import atomic_write
from .pages import Reference
from .rules import RULES
from .sources import Sources

PYODIDE_DIR = Path("node_modules") / "pyodide"
# What loadPyodide fetches for a stdlib-only program: the loader, the wasm module and its JS, the stdlib and the lock.
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
PLAY = "play"
SYNTHETIC_NOTE = "invented test cards, never the printed cards"


def runtime_zip(root: Path) -> bytes:
    """runtime/ as a zip of its Python sources (sorted, fixed dates: the same tree gives the same bytes)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted((root / "runtime").rglob("*.py")):
            if "__pycache__" in p.parts:
                continue
            info = zipfile.ZipInfo(p.relative_to(root).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, p.read_bytes())
    return buf.getvalue()


def rule_links(site_bundle: dict) -> dict:
    """Where the site shows each rulebook section: [{rulebook, section, href}] for every rule of its rule pages
    (href relative to the site root, directory URLs), each symbol's page, and the rulebooks' titles."""
    ref = Reference(site_bundle)
    sections = []
    for rule in ref.rulebooks.by_ref.values():
        src = rule.source or {}
        if not src.get("rulebook") or not rule.page:
            continue
        sections.append({"rulebook": src["rulebook"], "section": list(src.get("section") or []),
                         "href": _url(rule.page) + "#" + rule.anchor, "rule": f"{rule.number} {rule.name}"})
    symbols = {}
    for s in site_bundle.get("symbols") or []:
        path = ref.path_of(s.get("id", ""))
        if path:
            symbols[s["id"]] = _url(path)
    return {"sections": sections, "symbols": symbols, "rules_index": _url(f"{RULES}/index.md"),
            "titles": Sources(site_bundle).titles}


def _url(docs_path: str) -> str:
    """A docs path as the served site's directory URL, relative to the site root."""
    stem = docs_path[:-3] if docs_path.endswith(".md") else docs_path
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def playable_setups(bundle: dict) -> list[dict]:
    """Every setup the runtime plays on this bundle ({game, scenario}, in `runtime.setups`' order: the base game,
    its scenarios, levels and suggestions, the base modules alone and two by two; PaleoVet once, its modes being
    the form's option); the page offers the first, the others as choices, and lists the refused ones apart."""
    out, seen = [], set()
    for s in list_setups(bundle):
        key = (s["game"], s["scenario"])
        if s["refused"] or key in seen:
            continue
        seen.add(key)
        out.append({"game": s["game"], "scenario": s["scenario"]})
    return out


def pack_names(packs: list[str], root: Path) -> list[str]:
    """Each pack's own name (`pack: {synthetic: true, name: …}` in its files); a pack folder given by name."""
    names = []
    for p in packs:
        folder = Path(p) if Path(p).is_dir() else root / "tests" / "packs" / p
        name = p
        for f in sorted(folder.glob("*.y*ml")):
            try:
                doc = yaml.safe_load(f.read_text(encoding="utf-8"))
            except (OSError, yaml.YAMLError):
                continue
            meta = doc.get("pack") if isinstance(doc, dict) else None
            if isinstance(meta, dict) and meta.get("synthetic") is True and meta.get("name"):
                name = str(meta["name"])
                break
        else:
            raise SystemExit(f"paleo: error: pack `{p}` has no file saying `pack: {{synthetic: true, name: …}}`; "
                             "the Play page plays synthetic packs only")
        names.append(name)
    return names


def build_play(site: Path, bundle_path: Path, packs: list[str], links_from: Path | None, root: Path) -> int:
    src = root / PYODIDE_DIR
    missing = [f for f in PYODIDE_FILES if not (src / f).is_file()]
    if missing:
        sys.stderr.write(f"paleo: error: {PYODIDE_DIR} lacks {', '.join(missing)}; run `npm ci` to vendor pyodide\n")
        return 2
    if not (site / PLAY / "index.html").is_file():
        sys.stderr.write(f"paleo: error: {site} has no play/index.html; build the site first (`paleo docs`)\n")
        return 2
    try:
        bundle_text = bundle_path.read_text(encoding="utf-8")
        bundle = json.loads(bundle_text)
        site_bundle = json.loads(links_from.read_text(encoding="utf-8")) if links_from else bundle
    except (OSError, ValueError) as exc:
        sys.stderr.write(f"paleo: error: cannot read a bundle: {exc}\n")
        return 2
    out = site / PLAY
    (out / "pyodide").mkdir(parents=True, exist_ok=True)
    for f in PYODIDE_FILES:
        atomic_write(out / "pyodide" / f, (src / f).read_bytes())
    atomic_write(out / "runtime.zip", runtime_zip(root))
    atomic_write(out / "play-bundle.json", bundle_text)
    meta = {"packs": pack_names(packs, root), "synthetic": SYNTHETIC_NOTE, "setups": playable_setups(bundle),
            "links": rule_links(site_bundle)}
    atomic_write(out / "play-meta.json", json.dumps(meta, ensure_ascii=False, sort_keys=True))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built the Play page's assets into {out}: Pyodide, the runtime, the bundle of {', '.join(meta['packs'])} "
          f"({len(meta['setups'])} playable setups), {size / 2**20:.1f} MiB")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m compiler.docs.play", description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", required=True, type=Path, help="the built served site (paleo docs --out)")
    ap.add_argument("--bundle", required=True, type=Path, help="the bundle the page plays, built with synthetic packs")
    ap.add_argument("--pack", action="append", required=True, help="a synthetic pack the bundle was built with")
    ap.add_argument("--links-from", type=Path, help="the bundle the site was built from (its rule pages)")
    ap.add_argument("--root", type=Path, default=Path.cwd(), help="the checkout (node_modules, runtime/)")
    a = ap.parse_args(argv)
    return build_play(a.site, a.bundle, a.pack, a.links_from, a.root)


if __name__ == "__main__":
    raise SystemExit(main())
