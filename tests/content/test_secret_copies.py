"""Secret copies may be unknown: `copies: null` says the rulebooks do not state how many cards a number has."""

from __future__ import annotations

import pydantic
import pytest

from compiler.models import Secret
from content_helpers import compile_files

NOT_STATED = {1, 6, 7, 8, 9, 10, 13, 14, 18}  # interpretation:older-secret-numbers
SRC = '{rulebook: 000_97f291d3c44cb3f7.txt, section: ["Setup"]}'


def test_unstated_copies_are_null_in_the_bundle(bundle):
    by_number = {s["number"]: s for s in bundle["secrets"]}
    assert {n for n, s in by_number.items() if s.get("copies") is None} == NOT_STATED
    assert by_number[33]["copies"] == 3  # a stated count stays (module V: 33 x3)


def test_a_complete_secret_must_state_its_copies():
    base = {"id": "secret:90", "number": 90, "source": {"rulebook": "000_97f291d3c44cb3f7.txt", "section": ["Setup"]}}
    assert Secret.model_validate({**base, "copies": None, "completeness": "partial"}).copies is None
    with pytest.raises(pydantic.ValidationError, match="copies"):
        Secret.model_validate({**base, "copies": None, "completeness": "complete"})


def test_checks_that_need_the_count_skip_an_unknown_one(tmp_path):
    text = (
        "secrets:\n"
        f"  - {{id: 'secret:91', number: 91, copies: null, identical_backs: true, completeness: partial, source: {SRC}}}\n"
        "cards:\n"
        "  - id: card:fx/face\n    name: Face (synthetic)\n    game: game:paleo\n    product: product:anb\n"
        "    kind: secret\n    back: secret\n    number: 91\n    copies: 2\n    options: ['-> reveal secret 91']\n"
        f"    summary: synthetic\n    completeness: partial\n    source: {SRC}\n"
    )
    res = compile_files(tmp_path, {"s.yaml": text})
    codes = {d.code for d in res.diagnostics if d.is_error or d.code.startswith("G")}
    assert "G409" not in codes  # two faces against an unknown count is not "more than printed"
    assert not [d for d in res.diagnostics if d.is_error], [f"{d.code} {d.message}" for d in res.diagnostics if d.is_error]
    sec = next(s for s in res.bundle["secrets"] if s["number"] == 91)
    assert sec["copies"] is None
