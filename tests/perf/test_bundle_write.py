"""The bundle is written in pieces, never whole in memory, and the file is byte for byte `dumps(bundle)`."""

from __future__ import annotations

import json
import pickle

from compiler import compile
from compiler.bundle import dump_chunks, dumps, write_bundle
from compiler.loader import CompactPositions, load_text


def test_written_bundle_is_the_canonical_text(tmp_path):
    bundle, _ = compile()
    target, problem = write_bundle(tmp_path / "out", bundle)
    assert problem is None
    assert target.read_bytes() == dumps(bundle).encode("utf-8")


def test_pieces_join_to_the_canonical_text_of_any_value():
    values = [{}, [], {"b": [1, {"z": 1, "a": [2.5, None, "é"]}], "a": {}, "c": []}, {"k": {1: "int key"}},
              [[], [{}], "x"], "text", 3, None]
    for v in values:
        assert "".join(dump_chunks(v)) + "\n" == dumps(v)
    assert json.loads(dumps(values)) == json.loads("".join(dump_chunks(values)))


def test_compact_positions_read_as_the_loader_wrote_them():
    lf, diags = load_text("f.yaml", "cards:\n  - id: card:x/y\n    name: 'Y'\n    options: [a, \"b\"]\n")
    assert not diags
    again = pickle.loads(pickle.dumps(lf))
    assert isinstance(again.positions, CompactPositions)
    assert again.positions.items() == list(lf.positions.items())
    assert again.positions.get(("cards", 0, "name")) == lf.positions[("cards", 0, "name")]
    assert again.positions.get(("nope",)) is None and ("cards", 0) in again.positions
    assert again.span(("cards", 0, "options", 1)) == lf.span(("cards", 0, "options", 1))
    assert pickle.loads(pickle.dumps(again)).positions.values() == list(lf.positions.values())
