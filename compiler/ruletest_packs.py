"""`paleo test`: compile each rule test's packs, then run the tests with the runtime's runner on the built bundles.

The runtime's rule-test runner (`runtime.ruletests`) never calls the compiler: it takes a built
bundle, or a `build(root, packs)` callable giving the bundle of a pack set. This module is that
callable: the project's content (as `paleo build` finds it) plus the test's pack folders,
compiled in this process once per pack set, with `paleo build`'s checks (an error in the packs
fails the tests that need them, naming the diagnostics).
"""

from __future__ import annotations

import json
from pathlib import Path

from runtime.bundle import load_bundle
from runtime.ruletests import RuleTestFailure
from runtime.ruletests import main as run_tests

from .bundle import dumps, portable_paths
from .pipeline import default_content_dirs, run
from .project import load_config
from .render import render_human


def build_pack_bundle(root: Path, packs: tuple[Path, ...]) -> dict:
    """The bundle of the project's content plus `packs` (pack folders), as `paleo build --content P ...` writes it."""
    root = Path(root)
    cfg, _ = load_config(root)
    dirs = [*default_content_dirs(root, cfg), *packs]
    res = run(dirs, root=root, config=cfg)
    errors = [d for d in res.diagnostics if d.is_error]
    if res.bundle is None or errors:
        names = ", ".join(p.name for p in packs) or "no pack"
        raise RuleTestFailure(f"cannot build the bundle with {names}:\n" + render_human(errors, lambda _: None))
    portable_paths(res.bundle, dirs)
    return load_bundle(json.loads(dumps(res.bundle)))  # the bundle as written and read back: JSON data only


def main(files, bundle=None, root=None, out=None, err=None, junit=None) -> int:
    """`paleo test FILES [--bundle B] [--junit J]`: with `--bundle`, every test on it; else each on its own packs."""
    return run_tests(files, bundle=bundle, root=root, out=out, err=err, junit=junit,
                     build=None if bundle else build_pack_bundle)
