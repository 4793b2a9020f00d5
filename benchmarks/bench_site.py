"""Site build time against card count: `python benchmarks/bench_site.py [--default-nav] [CARDS ...]`.

Builds the rules site from synthetic bundles of growing size and prints, per size, the
generated page count, the page generation time and the `mkdocs build --strict` time, so the
explicit shallow nav can be checked to keep the build close to linear (PERFORMANCE.md).
`--default-nav` also builds each size with mkdocs' default nav (every page in every page's
nav, no pruning) for comparison; absolute times drift with machine load, compare side by side.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "site")]

from compiler.docs import BUNDLE_ENV, ROOT_ENV, generate_reference  # noqa: E402
from site_synthetic import synthetic_bundle  # noqa: E402


def _mkdocs(config: Path, bundle: Path, out: Path) -> float:
    env = {**os.environ, BUNDLE_ENV: str(bundle), ROOT_ENV: str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config), "-d", str(out)],
                   cwd=ROOT, env=env, check=True)
    return time.perf_counter() - t0


def _default_nav_config(tmp: Path) -> Path:
    cfg = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    cfg.pop("nav", None)
    cfg["theme"]["features"] = [f for f in cfg["theme"]["features"] if f != "navigation.prune"]
    cfg["docs_dir"] = str(ROOT / "site")
    cfg["hooks"] = [str(ROOT / h) for h in cfg.get("hooks", [])]
    cfg["extra_css"] = cfg.get("extra_css", [])
    path = tmp / "mkdocs-default-nav.yml"
    path.write_text(yaml.safe_dump(cfg), encoding="utf-8")
    return path


def main(argv: list[str]) -> None:
    default_nav = "--default-nav" in argv
    sizes = [int(a) for a in argv if not a.startswith("--")] or [30, 300, 1000]
    head = f"{'cards':>6} {'pages':>6} {'generate s':>11} {'mkdocs s':>9} {'ms/page':>8}"
    print(head + (f" {'default nav s':>14} {'ratio':>6}" if default_nav else ""))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        other = _default_nav_config(tmp) if default_nav else None
        for n in sizes:
            bundle = synthetic_bundle(n)
            t0 = time.perf_counter()
            pages = len(generate_reference(bundle, ROOT))
            gen = time.perf_counter() - t0
            path = tmp / f"bundle-{n}.json"
            path.write_text(json.dumps(bundle), encoding="utf-8")
            secs = _mkdocs(ROOT / "mkdocs.yml", path, tmp / f"site-{n}")
            line = f"{n:>6} {pages:>6} {gen:>11.2f} {secs:>9.2f} {1000 * secs / pages:>8.1f}"
            if other is not None:
                base = _mkdocs(other, path, tmp / f"site-default-{n}")
                line += f" {base:>14.2f} {base / secs:>6.1f}"
            print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
