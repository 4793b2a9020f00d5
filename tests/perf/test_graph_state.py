"""A rebuild patches the last build's graph where the edit reaches (compiler.graph.incremental); whatever the
edit, and whatever is in the cache, the result equals a cold build's."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

import compiler.graph.incremental as incremental
from compiler.cache import Cache

from test_build_cache import REPO, cached, cold, outcome

SOURCE = """    source:
      rulebook: 000_97f291d3c44cb3f7.txt
      section: ["Cards with the Expansion Action Symbols", "Base Cards"]
"""


def card(slug: str, name: str, options: list[str], extra: str = "") -> str:
    opts = "".join(f"      - {json.dumps(o)}\n" for o in options)
    return (f"  - id: card:anb/{slug}\n    name: {name}\n    game: game:paleo\n    product: product:anb\n"
            f"    kind: base\n    back: null\n{extra}    options:\n{opts}    summary: A card of this test.\n"
            f"    completeness: partial\n{SOURCE}")


ONE = card("extra-one", "Extra One", ['require have card "Extra Two" -> 1 food',
                                      'require have title "Dodo" -> 1 food'])
TWO = card("extra-two", "Extra Two", ["-> place token 1 on farm"])
FACE = card("extra-face", "Extra Face", ["-> 1 food"]).replace("kind: base", "kind: secret\n    number: 97")


@pytest.fixture
def project(tmp_path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(REPO / "content", root / "content")
    (root / "pyproject.toml").write_text('[project]\nname = "p"\n\n[tool.paleo]\ncontent = ["content"]\nbundled = false\n')
    (root / "content" / "extra.yaml").write_text("cards:\n" + ONE + TWO + FACE, encoding="utf-8")
    return root


@pytest.fixture
def paths(monkeypatch):
    """Which way each kept graph was made: patched from the last state, or first (a state made whole)."""
    seen: list[str] = []
    for name in ("_patched", "_first"):
        real = getattr(incremental, name)

        def spy(*args, real=real, name=name):
            got = real(*args)
            seen.append(name if got is not None else name + " refused")
            return got

        monkeypatch.setattr(incremental, name, spy)
    return seen


def edit(root: Path, rel: str, old: str, new: str) -> None:
    p = root / rel
    text = p.read_text(encoding="utf-8")
    assert old in text, (rel, old)
    p.write_text(text.replace(old, new, 1), encoding="utf-8")


def same_as_cold(root: Path, c: Cache) -> None:
    res = cached(root, c)
    assert outcome(res) == cold(root)


ASKERS = (card("asks-name", "Asks Name", ['require have card "Extra Deux" -> 1 food'])
          + card("asks-title", "Asks Title", ['require have title "Comet" -> 1 food'])
          + card("asks-secret", "Asks Secret", ["-> reveal secret 99"])
          + card("asks-token", "Asks Token", ["-> place token 8 on farm"]))


def test_edits_that_reach_few_records_patch_the_graph_and_equal_a_cold_build(project, tmp_path, paths):
    (project / "content" / "askers.yaml").write_text("cards:\n" + ASKERS, encoding="utf-8")
    c = Cache(tmp_path / "cache")
    same_as_cold(project, c)
    assert paths == ["_first"]
    # each lookup that found nothing finds the edited record, then nothing again; the records that ask
    # are in a file of their own, untouched
    steps = [
        ("content/extra.yaml", "name: Extra Two", "name: Extra Deux"),  # a card's name
        ("content/extra.yaml", "    kind: base\n    back: null\n    options:\n      - \"-> place",
         "    kind: base\n    back: null\n    title_keywords: [Comet]\n    options:\n      - \"-> place"),  # a title
        ("content/extra.yaml", "id: card:anb/extra-two\n    name: Extra Deux\n    game: game:paleo\n"
         "    product: product:anb\n    kind: base", "id: card:anb/extra-two\n    name: Extra Deux\n"
         "    game: game:paleo\n    product: product:anb\n    kind: secret\n    number: 99"),  # a secret's face
        ("content/paleo/a-new-beginning/secret-tokens.yaml", "number: 1\n", "number: 8\n"),  # a token's number
        ("content/paleo/a-new-beginning/module-m.yaml", "letter: M", "letter: Z"),  # a module scenarios combine
        ("content/extra.yaml", "id: card:anb/extra-one\n    name: Extra One\n    game: game:paleo\n",
         "id: card:anb/extra-one\n    name: Extra One\n    game: game:paleo\n    module: module:anb/M\n"),  # a
        # module's cards: its record lists a card of another file
        ("content/paleo/a-new-beginning/cards.yaml", "name: Trader", "name: Trader of Tools"),
    ]
    for rel, old, new in [*steps, *((rel, new, old) for rel, old, new in reversed(steps))]:
        paths.clear()
        edit(project, rel, old, new)
        same_as_cold(project, c)
        assert paths == ["_patched"], (rel, old, paths)
    edit(project, "content/extra.yaml", "id: card:anb/extra-two", "id: card:anb/extra-three")  # one goes, one comes
    paths.clear()
    same_as_cold(project, c)
    assert paths == ["_patched"]


def test_edits_that_reach_every_record_equal_a_cold_build(project, tmp_path, paths):
    c = Cache(tmp_path / "cache")
    same_as_cold(project, c)
    for rel, old, new in [
        # the product goes (its secret cards' own edges from it with it), then comes back
        ("content/paleo/a-new-beginning/product.yaml", "  - id: product:anb\n", "  - id: product:anb-gone\n"),
        ("content/paleo/a-new-beginning/product.yaml", "  - id: product:anb-gone\n", "  - id: product:anb\n"),
        ("content/paleo/a-new-beginning/product.yaml", "name: ", "name: Renamed "),  # every card's product
        ("content/extra.yaml", "cards:\n", ""),  # the file no longer parses as cards: its records go
    ]:
        edit(project, rel, old, new)
        same_as_cold(project, c)
    assert "_patched" in paths


def test_contributions_that_disagree_are_built_whole(project, tmp_path, paths):
    # two faces of one secret number printed by one product with other copies: the edge from the product to
    # the secret has two values, so the graph depends on their order and keeps no state
    c = Cache(tmp_path / "cache")
    same_as_cold(project, c)
    faces = (card("face-a", "Face A", ["-> 1 food"], "    copies: 1\n").replace("kind: base", "kind: secret\n    number: 77")
             + card("face-b", "Face B", ["-> 1 food"], "    copies: 2\n").replace("kind: base", "kind: secret\n    number: 77"))
    (project / "content" / "faces.yaml").write_text("cards:\n" + faces, encoding="utf-8")
    paths.clear()
    same_as_cold(project, c)
    assert paths in (["_patched refused", "_first refused"], ["_first refused"])
    edit(project, "content/faces.yaml", "copies: 2", "copies: 1")
    paths.clear()
    same_as_cold(project, c)
    assert "refused" not in paths[-1]  # agreeing again: the graph is kept


@pytest.mark.parametrize("damage", ["flip", "truncate", "texts gone", "texts foreign"])
def test_a_damaged_or_missing_state_never_changes_a_result(project, tmp_path, damage, paths):
    c = Cache(tmp_path / "cache")
    same_as_cold(project, c)
    state = next(c.folder.glob("graph-[0-9a-f]*.bin"))
    texts = next(c.folder.glob("graph-texts-*.bin"))
    if damage == "flip":
        blob = bytearray(state.read_bytes())
        blob[len(blob) // 2] ^= 0xFF
        state.write_bytes(bytes(blob))
    elif damage == "truncate":
        state.write_bytes(state.read_bytes()[:-100])
    elif damage == "texts gone":
        texts.unlink()
    else:  # a whole entry of another state's texts: its key names the other state
        other = tmp_path / "other"
        shutil.copytree(project, other)
        c2 = Cache(tmp_path / "cache2")
        cached(other, c2)
        shutil.copy(next(c2.folder.glob("graph-texts-*.bin")), texts)
    # an edit whose edges change (the card asks for another card): the edges' texts are needed
    edit(project, "content/extra.yaml", 'have card \\"Extra Two\\"', 'have card \\"Trader\\"')
    paths.clear()
    same_as_cold(project, c)
    assert paths[-1] == "_first"


def test_a_random_walk_of_edits_always_equals_a_cold_build(project, tmp_path):
    c = Cache(tmp_path / "cache")
    same_as_cold(project, c)
    rng = random.Random(17)
    names = ["Extra One", "Extra Two", "Trader", "Pig", "Tame Dodo", "Nobody"]
    options = ['-> 1 food', '-> reveal secret 23', '-> place token 2 on farm', 'require have title "Dodo" -> 1 food',
               'require have card "{}" -> 1 food', 'require have idea "{}" -> 1 food', '-> reveal secret 5']
    for step in range(8):
        cards = []
        for i in range(rng.randint(1, 4)):
            opts = [rng.choice(options).replace("{}", rng.choice(names)) for _ in range(rng.randint(1, 3))]
            extra = "    title_keywords: [Dodo]\n" if rng.random() < 0.3 else ""
            cards.append(card(f"extra-{rng.randint(0, 5)}", rng.choice(names[:2]) + f" {i}", opts, extra))
        ids = set()
        body = ""
        for text in cards:  # one record per id (a repeated id is its own test)
            cid = text.split("\n", 1)[0]
            if cid not in ids:
                ids.add(cid)
                body += text
        (project / "content" / "extra.yaml").write_text("cards:\n" + body, encoding="utf-8")
        same_as_cold(project, c)
