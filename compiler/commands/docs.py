"""`paleo docs`: the rules site of the checkout, or of a project's content from the scaffold shipped in the package."""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
import tempfile
from pathlib import Path

from ..bundle import dumps, portable_paths
from ..diagnostics import has_errors
from ..docs import MERMAID_JS, build_site
from ..project import PACKAGE_DIR
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
    if not mermaid.is_file():
        sys.stderr.write("paleo: error: this install of paleo carries no mermaid (its wheel was built before `npm ci`)\n"
                         "  = help: build the wheel in a checkout after `npm ci`, or run `paleo docs` in the checkout\n")
        return EXIT_USAGE
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
        shutil.copytree(kit / "site", stage / "site")
        config = (kit / "mkdocs.yml").read_text(encoding="utf-8")
        hooks = (PACKAGE_DIR / "docs" / "hooks.py").as_posix()
        config = re.sub(r"(?m)^(\s*-\s*)compiler/docs/hooks\.py\s*$", lambda m: m.group(1) + hooks, config)
        (stage / "mkdocs.yml").write_text(config, encoding="utf-8")
        (stage / MERMAID_JS).parent.mkdir(parents=True)
        shutil.copy2(mermaid, stage / MERMAID_JS)
        return build_site(bundle_path=bundle_path, out=out, root=stage, offline=args.offline,
                          site_url=args.site_url, edit_url=args.edit_url, since=args.since)
