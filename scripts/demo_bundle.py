"""Write the runtime's demo bundle (runtime/demo/collection.json.gz): the collection of test packs, compiled.

    python scripts/demo_bundle.py           # rebuild it (then review and commit the file)
    python scripts/demo_bundle.py --check   # exit 1 if the committed file is not the current build
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "packs"))
sys.path.insert(0, str(ROOT))


def main(argv: list[str]) -> int:
    import synthetic_bundle

    from compiler.safeio import atomic_write
    from runtime import demo

    built = synthetic_bundle.collection()
    if "--check" in argv:
        try:
            same = demo.load_demo() == built
        except Exception as exc:  # noqa: BLE001 - a missing or damaged file is a stale one
            print(f"runtime/demo/{demo.FILE.name}: {exc}")
            same = False
        if not same:
            print(f"runtime/demo/{demo.FILE.name} is not the current build of the packs: run python scripts/demo_bundle.py")
            return 1
        return 0
    raw = json.dumps(built, sort_keys=True, separators=(",", ":")).encode("utf-8")
    atomic_write(demo.FILE, (gzip.compress(raw, compresslevel=9, mtime=0),))  # no time stamp: the same build, the same bytes
    print(f"wrote runtime/demo/{demo.FILE.name} ({demo.FILE.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
