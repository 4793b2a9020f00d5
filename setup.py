"""Packaging hook: ship content/ and grammar/ inside the wheel as package data, and the site's scaffold
(mkdocs.yml, the hand-written guides in site/ and the vendored mermaid, when `npm ci` has run) so that
`paleo docs` works in an author's project too."""

import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPyWithData(build_py):
    """Copy content/ and grammar/ into compiler/data/ of the build, so an installed paleo works anywhere."""

    def run(self):
        super().run()
        here = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "compiler" / "data"
        for name in ("content", "grammar"):
            src = here / name
            if not src.is_dir():
                continue
            dst = target / name
            if dst.exists():
                shutil.rmtree(dst)
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", ".*"))
        kit = target / "docs-kit"
        if kit.exists():
            shutil.rmtree(kit)
        if (here / "mkdocs.yml").is_file() and (here / "site").is_dir():
            kit.mkdir(parents=True)
            shutil.copy2(here / "mkdocs.yml", kit / "mkdocs.yml")
            shutil.copytree(here / "site", kit / "site", ignore=shutil.ignore_patterns("reference", "__pycache__", ".*"))
            mermaid = here / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"
            if mermaid.is_file():
                (kit / "mermaid").mkdir()
                shutil.copy2(mermaid, kit / "mermaid" / "mermaid.min.js")
            else:  # said where it cannot be missed: the wheel works, but its sites draw no diagram
                sys.stderr.write(
                    "\n" + "=" * 78 + "\n"
                    "paleo-codex: node_modules/mermaid is missing (run `npm ci` before building): this wheel carries\n"
                    "no diagram renderer, so `paleo docs` of it shows each diagram as its text.\n"
                    + "=" * 78 + "\n\n")


setup(cmdclass={"build_py": BuildPyWithData})
