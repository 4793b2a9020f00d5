"""Write compiler/starter/cards.yaml (the pack `paleo init` ships) from tests/packs/synthetic-base/cards.yaml."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.safeio import atomic_write  # noqa: E402
from compiler.starter_pack import STARTER_FILE, TEST_PACK, starter_cards  # noqa: E402


def main() -> int:
    text = starter_cards((ROOT / TEST_PACK).read_text(encoding="utf-8"))
    if STARTER_FILE.is_file() and STARTER_FILE.read_text(encoding="utf-8") == text:
        print(f"{STARTER_FILE.relative_to(ROOT)} is current")
        return 0
    atomic_write(STARTER_FILE, text)
    print(f"wrote {STARTER_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
