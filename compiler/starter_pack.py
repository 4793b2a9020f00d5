"""The synthetic starter pack `paleo init` writes: invented cards that make a base game playable, so
a new fan module's rule test can play (the bundled content alone is not playable: the rulebooks do not
print the card faces). None of it is a Paleo fact.

The cards are package data, `compiler/starter/cards.yaml`, generated from the project's one source of
them, the `synthetic-base` test pack (`python3 scripts/starter_pack.py`; a test fails when they differ)."""

from __future__ import annotations

from pathlib import Path

STARTER_FILE = Path(__file__).resolve().parent / "starter" / "cards.yaml"
TEST_PACK = Path("tests") / "packs" / "synthetic-base" / "cards.yaml"  # the source, relative to the checkout


def starter_cards(test_pack_text: str) -> str:
    """The starter file's text from the test pack's: its records (from `cards:` on), without the pack's own
    header (the comments and the `pack:` line naming it)."""
    at = test_pack_text.index("\ncards:")
    return test_pack_text[at + 1:]


# the records as `paleo init` writes them, after the starter pack's own header
PACK_BODY = "\n" + STARTER_FILE.read_text(encoding="utf-8")
