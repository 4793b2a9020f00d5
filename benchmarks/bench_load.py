"""Benchmark: the loader against the YAML-only floor (PyYAML's C loader), on synthetic card files.

Run: python benchmarks/bench_load.py [N_FILES]. Prints times and ratios from one run.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

CARD = """# yaml-language-server: $schema=../schema.json
cards:
  - id: card:bench/card-{i}
    name: Bench Card {i}
    game: game:paleo
    product: product:bench
    kind: base
    back: forest
    copies: 1
    source: {{rulebook: 002_56cce9db253ede81.txt, section: ["Game Objective: Leave Your Mark in the Stone Age!"]}}
    completeness: partial
    notes:
      - "A synthetic card for timing the loader."
    options:
      - venerate place forest -> gain 1 wood
      - |
        require strength {s}; cost discard 2 cards
        -> gain {s} food
"""


def main() -> None:
    import yaml

    from compiler.loader import load_bytes

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i in range(n):
            p = Path(tmp) / f"card-{i}.yaml"
            p.write_text(CARD.format(i=i, s=i % 5 + 1), encoding="utf-8")
            files.append(p)

        def timed(label, fn):
            best = None
            for _ in range(3):
                t = time.perf_counter()
                fn()
                dt = time.perf_counter() - t
                best = dt if best is None else min(best, dt)
            return label, best

        def raw():
            for p in files:
                p.read_bytes()

        def floor():
            for p in files:
                yaml.load(p.read_bytes(), Loader=yaml.CSafeLoader)

        def ours():
            for p in files:
                lf, d = load_bytes(str(p), p.read_bytes())
                assert lf is not None and not d

        def ruamel_rt():
            from ruamel.yaml import YAML

            y = YAML(typ="rt")
            for p in files:
                y.load(p.read_bytes())

        rows = [timed("raw bytes", raw), timed("PyYAML CSafeLoader (floor)", floor),
                timed("paleo loader (positions, 1.2 core, bounds)", ours), timed("ruamel round-trip", ruamel_rt)]
    base = rows[1][1]
    print(f"{n} files")
    for label, t in rows:
        print(f"  {label:<46} {t * 1000:8.1f} ms   {t / base:5.2f}x floor")


if __name__ == "__main__":
    main()
