"""Site build time against card count: `python benchmarks/bench_site.py [CARDS ...]`.

Builds the rules site from synthetic bundles of growing size and prints, per size, the
generated page count, the page generation time and the `mkdocs build --strict` time, so the
explicit shallow nav can be checked to keep the build close to linear (PERFORMANCE.md).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "site")]

from compiler.docs import build_site, generate_reference  # noqa: E402
from site_synthetic import synthetic_bundle  # noqa: E402


def run(cards: int) -> tuple[int, float, float]:
    bundle = synthetic_bundle(cards)
    t0 = time.perf_counter()
    pages = len(generate_reference(bundle, ROOT))
    gen = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bundle.json"
        path.write_text(json.dumps(bundle), encoding="utf-8")
        t0 = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            rc = build_site(str(path), Path(tmp) / "site", ROOT)
        total = time.perf_counter() - t0
    if rc != 0:
        raise SystemExit(f"build failed for {cards} cards")
    return pages, gen, total


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or [30, 300, 1000]
    print(f"{'cards':>6} {'pages':>6} {'generate s':>11} {'paleo docs s':>13} {'ms/page':>8}")
    for n in sizes:
        pages, gen, total = run(n)
        print(f"{n:>6} {pages:>6} {gen:>11.2f} {total:>13.2f} {1000 * total / pages:>8.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
