"""`paleo docs`: the rules site of the checkout, or of a project's content from the scaffold shipped in the package."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

from ..bundle import dumps, portable_paths
from ..diagnostics import has_errors
from ..docs import MERMAID_JS, build_site
from ..project import PACKAGE_DIR
from ..safeio import atomic_write, escape, read_regular
from . import EXIT_ERRORS, EXIT_USAGE
from .common import compile_project, emit, project_root, settings


def docs_toolchain_missing() -> list[str]:
    return [dist for mod, dist in (("mkdocs", "mkdocs"), ("material", "mkdocs-material"))
            if importlib.util.find_spec(mod) is None]


def cmd_docs(args) -> int:
    missing = docs_toolchain_missing()
    if missing:
        sys.stderr.write(
            f"paleo: error: `paleo docs` needs the docs toolchain ({', '.join(missing)} not installed)\n"
            "  = help: install it with `python -m pip install \"paleo-codex[docs]\"` "
            "(in a checkout: `python -m pip install -e \".[docs]\"`)\n")
        return EXIT_USAGE
    out = Path(args.out or ("build/site-offline" if args.offline else "build/site"))
    root = project_root()
    if not (root / "mkdocs.yml").is_file() or args.content or args.isolated:
        return docs_in_a_project(args, root, out)
    return build_site(bundle_path=args.bundle, out=out, root=root, offline=args.offline,
                      site_url=args.site_url, edit_url=args.edit_url, since=args.since)


FAN_PLAY_PAGE = """---
title: Play
search:
  exclude: true
---

# Play

This site is the rules reference of your project, built by `paleo docs`. Playing in the browser is not part
of it: that page needs Pyodide and a bundle of playable cards, which only the Paleo Codex site ships.

To play your cards, build their bundle and drive the runtime from a program or a terminal:

    paleo build
    python -m runtime serve --bundle build/bundle.json

[Embedding the runtime](runtime.md) and [the runtime protocol](protocol.md) show both ways. A setup whose card
faces neither the rulebooks nor your cards state is refused as not playable, naming what is missing.
"""


def project_title(root: Path) -> str:
    """A project's name for its site: `[project] name` of its pyproject.toml, else its folder's name."""
    try:
        data = tomllib.loads(read_regular(root / "pyproject.toml", 1 << 20).decode("utf-8"))
        name = (data.get("project") or {}).get("name")
    except (OSError, ValueError, UnicodeDecodeError, AttributeError):
        name = None
    name = name if isinstance(name, str) and name.strip() else root.resolve().name
    return escape(name.strip(), 80)


def docs_kit() -> Path | None:
    """The site's scaffold shipped in the package (mkdocs.yml, site/, mermaid), or None."""
    kit = PACKAGE_DIR / "data" / "docs-kit"
    return kit if (kit / "mkdocs.yml").is_file() and (kit / "site").is_dir() else None


def docs_in_a_project(args, root: Path, out: Path) -> int:
    """`paleo docs` where there is no mkdocs.yml (or with --content): the rules site of the project's
    content (its content folders, else the bundled content, plus --content), built from the scaffold
    shipped in the package (in a checkout, the checkout's own)."""
    kit = docs_kit()
    if (root / "mkdocs.yml").is_file() and (root / "site").is_dir():
        kit = root  # a checkout given --content: its own scaffold
    if kit is None:
        sys.stderr.write(f"paleo: error: no mkdocs.yml in {root}, and this install of paleo carries no site scaffold\n"
                         "  = help: run `paleo docs` in a Paleo Codex checkout, or install a wheel built from one\n")
        return EXIT_USAGE
    mermaid = kit / "mermaid" / "mermaid.min.js" if kit != root else root / MERMAID_JS
    text_diagrams = not mermaid.is_file()
    if text_diagrams:  # the site still builds: each diagram is shown as its text, under a note
        sys.stderr.write("paleo: note: this install of paleo carries no diagram renderer (its wheel was built before "
                         "`npm ci`): the site shows each diagram as its text\n"
                         "  = help: build the wheel in a checkout after `npm ci` to draw them\n")
    out = out if out.is_absolute() else Path.cwd() / out
    with tempfile.TemporaryDirectory(prefix="paleo-docs-project-") as tmp:
        stage = Path(tmp)
        bundle_path = args.bundle
        if bundle_path is None:
            res = compile_project(args)
            if has_errors(res.diagnostics) or res.bundle is None:
                emit([d for d in res.diagnostics if d.is_error], "human", res, sys.stderr, "auto")
                sys.stderr.write("paleo: the content has errors; site not built\n")
                return EXIT_ERRORS
            _, _, dirs = settings(args)
            portable_paths(res.bundle, dirs)
            bundle_path = str(stage / "bundle.json")
            Path(bundle_path).write_text(dumps(res.bundle), encoding="utf-8")
        # the guides and the Play page's files, never a byte-code cache a run of the kit left beside them
        shutil.copytree(kit / "site", stage / "site", ignore=shutil.ignore_patterns("__pycache__", "*.py[cod]"))
        config = (kit / "mkdocs.yml").read_text(encoding="utf-8")
        if kit != root:  # a project's site: titled by the project, not by the compiler that built it
            title = project_title(root)
            shutil.rmtree(stage / "site" / "play", ignore_errors=True)  # Pyodide and a playable bundle: not here
            atomic_write(stage / "site" / "play.md", FAN_PLAY_PAGE)
            config = re.sub(r"(?m)^site_name:.*$", lambda m: "site_name: " + json.dumps(f"{title} — rules"), config, count=1)
            config = re.sub(r"(?m)^site_description:.*$", lambda m: "site_description: " + json.dumps(
                f"The rules of {title}: its cards with the games they add to, searchable."), config, count=1)
        hooks = (PACKAGE_DIR / "docs" / "hooks.py").as_posix()
        config = re.sub(r"(?m)^(\s*-\s*)compiler/docs/hooks\.py\s*$", lambda m: m.group(1) + hooks, config)
        (stage / "mkdocs.yml").write_text(config, encoding="utf-8")
        if not text_diagrams:
            (stage / MERMAID_JS).parent.mkdir(parents=True)
            shutil.copy2(mermaid, stage / MERMAID_JS)
        return build_site(bundle_path=bundle_path, out=out, root=stage, offline=args.offline,
                          site_url=args.site_url, edit_url=args.edit_url, since=args.since, text_diagrams=text_diagrams)
