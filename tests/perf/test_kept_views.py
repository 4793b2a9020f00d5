"""What the build cache keeps of a record: coverage's plain view, and a kept record's options given their IR
again from the effects memo."""

from __future__ import annotations

import os
import shutil
from enum import Enum
from pathlib import Path

from pydantic import BaseModel

from compiler.cache import Cache, source_digest
from compiler.coverage import plain_view
from compiler.pipeline import _with_ir

REPO = Path(__file__).resolve().parents[2]


class Group(BaseModel):
    name: str
    count: int
    modules: list[str] = []


class Kind(str, Enum):
    base = "base"


class Product(BaseModel):
    id: str
    name: str
    card_groups: list[Group] = []


def test_coverage_keeps_plain_views_of_lists_and_groups_and_nothing_else():
    p = Product(id="product:p", name="P", card_groups=[Group(name="g", count=3, modules=["M"])])
    assert plain_view(p) == {"id": "product:p", "name": "P",
                             "card_groups": [{"name": "g", "count": 3, "modules": ["M"]}]}
    assert plain_view({"id": "x"}) is None  # not a model

    class WithMapping(BaseModel):
        id: str
        name: dict

    class WithEnum(BaseModel):
        id: str
        kind: Kind

    class Deep(BaseModel):
        id: str
        modules: list[list[list[list[str]]]]

    class Attribute(BaseModel):
        id: str

        @property
        def name(self) -> str:  # read by coverage, but no field: what the record says is not kept
            return "computed"

    assert plain_view(WithMapping(id="a", name={"x": 1})) is None
    assert plain_view(WithEnum.model_construct(id="a", kind=Kind.base)) is None
    assert plain_view(Deep(id="a", modules=[[[["M"]]]])) is None
    assert plain_view(Attribute(id="a")) is None


def test_a_kept_records_options_get_the_memos_ir_again_or_it_is_compiled():
    ir_a, ir_b = {"node": "a"}, {"node": "b"}
    memo = {("-> 1 food", "game:paleo", None): (ir_a, []), ("-> 2 food", "game:paleo", None): (ir_b, [])}
    irs: dict = {}
    rec = {"game": "game:paleo", "options": [{"text": "-> 1 food"}, {"text": "-> 2 food"}]}
    assert _with_ir(rec, memo, irs) and [o["ir"] for o in rec["options"]] == [ir_a, ir_b]
    again = {"game": "game:paleo", "options": [{"text": "-> 1 food"}]}
    assert _with_ir(again, {}, irs) is False  # no memo: compiled again
    assert _with_ir(again, {"x": 1}, irs) and again["options"][0]["ir"] is ir_a  # found in the table
    assert _with_ir({"options": []}, None) is True  # nothing to give
    assert _with_ir({"game": "game:paleo", "options": ["-> 1 food"]}, memo) is False  # not a kept option
    assert _with_ir({"game": "game:paleo", "options": [{"text": "-> 9 food"}]}, memo) is False  # not in the memo
    odd = {"game": 3, "options": [{"text": "-> 1 food"}]}  # a game that is no string: looked up as the memo keys it
    assert _with_ir(odd, {("-> 1 food", None, None): (ir_a, [])}, irs) and odd["options"][0]["ir"] is ir_a


def test_the_fingerprint_of_a_tree_with_a_file_that_cannot_be_read(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(REPO / "compiler", tree / "compiler", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "grammar", tree / "grammar")
    os.symlink(tree / "missing", tree / "compiler" / "dangling.py")  # listed, but neither stat nor read works
    memo = Cache(tmp_path / "memo")
    plain = source_digest(tree / "compiler")
    assert source_digest(tree / "compiler", memo) == plain  # not kept: computed from the files
    assert not list((tmp_path / "memo").glob("compiler.bin"))
    (tree / "compiler" / "dangling.py").unlink()
    assert source_digest(tree / "compiler", memo) != plain


def test_a_build_store_asked_about_files_it_does_not_know(tmp_path):
    from compiler.cache import BuildStore
    from compiler.project import load_config

    root = tmp_path / "p"
    (root / "content").mkdir(parents=True)
    config, _ = load_config(root)
    c = Cache(tmp_path / "cache")
    store = BuildStore(c, root, config, [root / "content"], [], {"content/a.yaml": b"cards: []\n"}, [])
    store.put_file("content/unknown.yaml", ("anything",))  # no key: nothing kept
    store.put_citations("content/unknown.yaml", "sources", [])
    assert store.citations("content/unknown.yaml", "sources") is None
    assert store.products("content/a.yaml") is None  # nothing read yet
    # a result kept by a build that wrote nothing (no summary) does not answer a build that writes
    store.save_result(None, [], {}, ["content/a.yaml"])
    assert store.result(want_bundle=True, dirs=[root / "content"]) is None
    assert store.result(want_bundle=False) is not None
