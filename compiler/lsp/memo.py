"""What the language server keeps of one check for the next: the whole-project coverage, answered
again when every value it read is the same.

`compute_coverage` reads the records only through `_get` (an attribute by name). The memo runs it
once over the records wrapped so that every attribute name it reads is noted; the next check's records
give the same answer when they are as many, in the same order, and each one either is the same
object as before (a file's records are kept while its bytes stay the same) or has the same value for
every noted name. Then every read of the computation returns what it returned before, so it takes the
same path to the same result: an edit of an option's text, which coverage never reads, costs nothing here.
"""

from __future__ import annotations

import copy
from typing import Any

from ..coverage import compute_coverage

_MISSING = object()


class _Traced:
    """A record that notes the name of every attribute read from it."""

    __slots__ = ("_rec", "_seen")

    def __init__(self, rec: Any, seen: set):
        self._rec = rec
        self._seen = seen

    def __getattr__(self, name: str) -> Any:
        self._seen.add(name)
        value = getattr(self._rec, name, _MISSING)
        if value is _MISSING:
            raise AttributeError(name)
        return value


def _same(a: Any, b: Any, names: frozenset) -> bool:
    return all(getattr(a, n, _MISSING) == getattr(b, n, _MISSING) for n in names)


class CoverageMemo:
    """`compute_coverage`, answered from the last call when the values it read are unchanged."""

    def __init__(self):
        self.last: tuple | None = None  # (records, the attribute names read, the result)
        self.hits = 0

    def __call__(self, records: list) -> dict:
        records = list(records)
        if self.last is not None:
            prev, names, result = self.last
            if len(prev) == len(records) and all(a is b or (type(a) is type(b) and _same(a, b, names))
                                                 for a, b in zip(prev, records)):
                self.last = (records, names, result)
                self.hits += 1
                return copy.deepcopy(result)
        if any(isinstance(r, dict) for r in records):  # read by key, not traced: computed each time
            self.last = None
            return compute_coverage(records)
        seen: set = set()
        result = compute_coverage([_Traced(r, seen) for r in records])
        self.last = (records, frozenset(seen), result)
        return copy.deepcopy(result)
