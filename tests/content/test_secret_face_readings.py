"""A secret's face linked by a reading (`card:` to a card printing no number) names its interpretation (G412)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.pipeline import run

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "graph" / "G412-unattributed-secret-face"


def _project(tmp_path: Path, edit) -> list:
    d = tmp_path / "p"
    shutil.copytree(FIXTURE, d)
    for name, (old, new) in edit.items():
        f = d / name
        text = f.read_text(encoding="utf-8")
        assert old in text, (name, old)
        f.write_text(text.replace(old, new), encoding="utf-8")
    return run([d], root=d).diagnostics


def _g412(diags) -> list[str]:
    return [d.message for d in diags if d.code == "G412"]


def test_an_attributed_reading_is_clean_and_an_unattributed_one_is_not(tmp_path):
    diags = _project(tmp_path, {})
    assert _g412(diags) == ["the face of secret 2 is a reading: `card:fx/s2` does not print number 2"]
    assert [d.code for d in diags] == ["G412"]  # secret 1, attributed, reports nothing


def test_a_card_that_prints_the_number_needs_no_reading(tmp_path):
    two = "name: Fixture Secret Two\n    game: game:fx\n    product: product:fx\n    kind: secret\n    back: secret\n"
    diags = _project(tmp_path, {"cards.yaml": (two + "    number: null", two + "    number: 2"),
                                "secrets.yaml": ("card: card:fx/s2  # expect: G412", "card: card:fx/s2")})
    assert _g412(diags) == []


@pytest.mark.parametrize("old,new,message", [
    ("card_reading: interpretation:fx-face-one", "card_reading: interpretation:fx-face-once",
     "`card_reading` of secret 1 names no interpretation"),
    ('affects: ["secret:1", "card:fx/s1"]', 'affects: ["card:fx/s1"]',
     "`interpretation:fx-face-one` does not list `secret:1` in its `affects`"),
    ("    card: card:fx/s1\n", "", "`card_reading` on secret 1 without a `card:` link"),
])
def test_a_reading_that_names_nothing_usable_is_refused(tmp_path, old, new, message):
    name = "interpretations.yaml" if old.startswith("affects") else "secrets.yaml"
    diags = _project(tmp_path, {name: (old, new)})
    assert message in _g412(diags)
    d = next(d for d in diags if d.message == message)
    assert d.is_error and Path(d.span.file).name == "secrets.yaml"


def test_card_reading_must_be_an_interpretation_id(tmp_path):
    diags = _project(tmp_path, {"secrets.yaml": ("card_reading: interpretation:fx-face-one",
                                                 "card_reading: card:fx/s1")})
    assert "M010" in [d.code for d in diags]


def test_the_gilga_cards_print_no_number_and_their_secrets_name_the_reading(records, by_id):
    for sid, cid in (("secret:38", "card:pote/gilga-the-great"), ("secret:66", "card:pote/gilgas-wrath")):
        assert by_id[cid].number is None, cid
        assert by_id[sid].card == cid
        assert by_id[sid].card_reading == "interpretation:pote-gilga-numbers"
        assert sid in by_id["interpretation:pote-gilga-numbers"].affects


def test_the_bundled_content_has_no_unattributed_face():
    res = run([REPO / "content"], root=REPO)
    assert _g412(res.diagnostics) == []
    secrets = {s["id"]: s for s in res.bundle["secrets"]}
    assert secrets["secret:38"]["card_reading"] == "interpretation:pote-gilga-numbers"
