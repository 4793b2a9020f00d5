"""The language server's coverage memo answers exactly what compute_coverage answers."""

from __future__ import annotations

from types import SimpleNamespace

from compiler.coverage import compute_coverage
from compiler.lsp.memo import CoverageMemo


def _records(copies: int, options: str):
    product = SimpleNamespace(id="product:x", name="X", printed_cards=3, card_groups=[], completeness="complete")
    cards = [SimpleNamespace(id=f"card:x/{i}", kind="base", product="product:x", copies=copies, module=None,
                             completeness="partial", deck_known=True, number=None, options=[options]) for i in range(2)]
    return [product, *cards]


def test_a_value_coverage_reads_recomputes_and_one_it_never_reads_does_not():
    memo = CoverageMemo()
    first = memo(_records(1, "-> 1 food"))
    assert first == compute_coverage(_records(1, "-> 1 food"))
    assert first["products"]["product:x"]["authored"] == 2
    again = memo(_records(1, "-> 2 food"))  # new objects, only the options differ: answered from the memo
    assert memo.hits == 1 and again == first
    more = memo(_records(2, "-> 2 food"))  # copies are read: computed again
    assert memo.hits == 1 and more == compute_coverage(_records(2, "-> 2 food"))
    assert more["products"]["product:x"]["authored"] == 4
    assert memo(_records(2, "-> 2 food")[:2]) == compute_coverage(_records(2, "-> 2 food")[:2])  # fewer records
    assert memo.hits == 1


def test_records_given_as_dicts_are_computed_each_time():
    memo = CoverageMemo()
    recs = [vars(r).copy() for r in _records(1, "-> 1 food")]
    assert memo(recs) == compute_coverage(recs)
    recs[1]["copies"] = 3
    assert memo(recs) == compute_coverage(recs) and memo.hits == 0
