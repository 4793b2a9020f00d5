"""The bundle is written in pieces, never whole in memory, and the file is byte for byte `dumps(bundle)`."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

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


def _reference_portable_paths(bundle, dirs) -> None:
    """The plain walk over everything portable_paths replaced (it skips what can hold no `file`)."""
    from pathlib import Path

    roots = sorted((Path(d).resolve() for d in dirs), key=lambda d: -len(d.parts))

    def fix(value):
        p = Path(value)
        if not p.is_absolute():
            return value
        for r in roots:
            if p.is_relative_to(r):
                return (Path(r.name) / p.relative_to(r)).as_posix()
        return value

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "file" and isinstance(v, str):
                    x[k] = fix(v)
                else:
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(bundle)


def test_portable_paths_names_every_file_as_the_plain_walk_does(tmp_path):
    import copy
    import shutil

    from compiler.bundle import portable_paths
    from compiler.pipeline import run

    root = tmp_path / "root"
    root.mkdir()
    outside = tmp_path / "elsewhere" / "content"
    shutil.copytree(Path(__file__).resolve().parents[2] / "content", outside)
    bundle = run([outside], root=root).bundle  # every file outside the root: absolute paths
    a, b = copy.deepcopy(bundle), copy.deepcopy(bundle)
    portable_paths(a, [outside])
    _reference_portable_paths(b, [outside])
    assert a == b and a != bundle
    odd = {"file": str(outside / "a.yaml"), "games": [{"parameters": {"file": str(outside / "p")}, "file": 3}],
           "cards": [{"options": [{"ir": {"args": {"file": str(outside / "q")}}}]}],
           "symbols": [{"params": [{"name": "file"}]}], "x": [[{"file": {"file": str(outside / "n")}}]]}
    a, b = copy.deepcopy(odd), copy.deepcopy(odd)
    portable_paths(a, [outside])
    _reference_portable_paths(b, [outside])
    assert a == b and a != odd
