"""Packaging hook: ship the top-level content/ and grammar/ folders inside the wheel as package data."""

import shutil
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


setup(cmdclass={"build_py": BuildPyWithData})
