"""Variants of the fixture projects: each rule's other cases, and what the rules allow."""

from __future__ import annotations

import shutil
from pathlib import Path

from test_graph_missing_facts import codes, variant

from compiler.pipeline import run

FACE_2B = """  - id: card:fx/s2b
    name: Fixture Secret Two Other
    game: game:fx
    product: product:fx
    kind: secret
    back: secret
    number: 2
    completeness: complete
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Game Objective: Leave Your Mark in the Stone Age!"]}
    options:
      - '-> 1 food'
"""


def with_second_face(text: str) -> str:
    return text + FACE_2B


def test_two_faces_of_one_number_conflict(tmp_path):
    root = tmp_path / "faces"
    shutil.copytree(Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "graph" / "clean", root)
    (root / "cards.yaml").write_text(with_second_face((root / "cards.yaml").read_text()))
    sec = (root / "secrets.yaml").read_text()
    sec = sec.replace("  - id: secret:2\n    number: 2\n    product: product:fx\n    copies: 1",
                      "  - id: secret:2\n    number: 2\n    product: product:fx\n    copies: 2")
    (root / "secrets.yaml").write_text(sec)
    prod = (root / "product.yaml").read_text().replace("printed_cards: 6", "printed_cards: 7")
    (root / "product.yaml").write_text(prod)
    diags = run([root], root=root).diagnostics
    assert codes(diags) == ["G404"]
    assert diags[0].message == "secret 2 has two different faces"
    assert diags[0].span.file.endswith("cards.yaml")

    # declared identical backs: the next copy is revealed, two faces are allowed
    (root / "secrets.yaml").write_text(sec.replace("copies: 2", "copies: 2\n    identical_backs: true"))
    assert codes(run([root], root=root).diagnostics) == []

    # more faces than printed copies
    (root / "secrets.yaml").write_text(sec.replace("copies: 2", "copies: 1\n    identical_backs: true"))
    assert codes(run([root], root=root).diagnostics) == ["G409"]


def test_modules_disagreeing_on_copies_conflict(tmp_path):
    diags = variant(tmp_path, "G403-unused-module-secret", {
        "modules.yaml": [("[{number: 1}, {number: 2}]  # expect: G403", "[{number: 1}, {number: 2, copies: 2}]")],
        "secrets.yaml": [("  - id: secret:2\n    number: 2\n    product: product:fx\n    copies: 1",
                          "  - id: secret:2\n    number: 2\n    product: product:fx\n    copies: 2")],
    })
    assert codes(diags) == ["G403", "G404"]
    g404 = next(d for d in diags if d.code == "G404")
    assert g404.message == "modules disagree on the copies of secret 2"


def test_a_secret_revealing_its_next_identical_copy_is_not_a_cycle(tmp_path):
    edits = {"cards.yaml": [("number: 2\n    completeness: complete\n    source: {rulebook: 002_56cce9db253ede81.txt, "
                             "section: [\"Game Objective: Leave Your Mark in the Stone Age!\"]}\n    options:\n      - '-> 3 food'",
                             "number: 2\n    completeness: complete\n    source: {rulebook: 002_56cce9db253ede81.txt, "
                             "section: [\"Game Objective: Leave Your Mark in the Stone Age!\"]}\n    options:\n      - '-> reveal secret 2'")]}
    assert codes(variant(tmp_path, "clean", edits)) == ["G405"]
    edits["secrets.yaml"] = [("  - id: secret:2\n    number: 2\n    product: product:fx\n    copies: 1",
                              "  - id: secret:2\n    number: 2\n    product: product:fx\n    copies: 2\n    identical_backs: true")]
    (tmp_path / "clean").rename(tmp_path / "first")
    assert codes(variant(tmp_path, "clean", edits)) == []


def test_a_longer_reveal_chain_without_a_cycle_is_fine(tmp_path):
    diags = variant(tmp_path, "G405-reveal-cycle", {"cards.yaml": [("- '-> reveal secret 2'  # expect: G405", "- '-> 1 food'")]})
    assert codes(diags) == []
