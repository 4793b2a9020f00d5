"""PaleoVet card fields: a dino's printed values and a solo card's marks, each only on its kind, each checked."""

from __future__ import annotations

from content_helpers import compile_files

SRC = '{rulebook: 004_1199c90b0c83849d.txt, section: ["Concepts", "Dino Card Anatomy"]}'
DINO = ("    sleep: 2\n    points: 5\n    diet: herbivore\n    order: sauropod\n    treatments: [surgery, surgery]\n"
        "    alert: false\n")


def vet_card(cid: str, kind: str, body: str, completeness: str = "partial") -> str:
    return (f"  - id: {cid}\n    name: {cid.split('/')[-1].title()} (synthetic)\n    game: game:paleovet\n"
            f"    product: product:paleovet\n    kind: {kind}\n    back: {kind}\n{body}"
            f"    completeness: {completeness}\n    source: {SRC}\n")


def errors(res) -> list[tuple[str, int, int, str]]:
    return [(d.code, d.span.line, d.span.column, d.message) for d in res.diagnostics if d.is_error]


def test_a_complete_dino_and_a_solo_card_reach_the_bundle(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n"
                                   + vet_card("card:fx/dino", "dino", DINO + "    options: ['-> protect from carnivores']\n",
                                              "complete")
                                   + vet_card("card:fx/solo", "solo", "    solo: {captured: [3, 5], escaped: [2]}\n",
                                              "complete")})
    assert errors(res) == []
    cards = {c["id"]: c for c in res.bundle["cards"]}
    dino, solo = cards["card:fx/dino"], cards["card:fx/solo"]
    assert (dino["sleep"], dino["points"], dino["diet"], dino["order"], dino["alert"]) == (2, 5, "herbivore", "sauropod", False)
    assert dino["treatments"] == ["surgery", "surgery"] and dino["back"] == "dino" and dino["solo"] is None
    assert dino["options"][0]["ir"]["clauses"][0]["body"]["symbol"] == "symbol:carnivore-proof"
    # the Solo Mode card example: escaped from stack 2, captured from stacks 3 and 5
    assert solo["solo"] == {"captured": [3, 5], "escaped": [2], "upgrades": []}
    assert solo["sleep"] is None and solo["treatments"] is None


def test_solo_marks_name_stacks_1_to_5(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + vet_card(
        "card:fx/solo", "solo", "    solo: {captured: [0], escaped: [2], upgrades: [6]}\n")})
    assert errors(res) == [
        ("M010", 8, 23, "`0` is too small (must be at least 1)"),
        ("M010", 8, 52, "`6` is too large (must be at most 5)"),
    ]


def test_a_stack_is_marked_once_and_never_both_captured_and_escaped(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n"
                                   + vet_card("card:fx/twice", "solo", "    solo: {upgrades: [4, 4]}\n")
                                   + vet_card("card:fx/both", "solo", "    solo: {captured: [1, 3], escaped: [3]}\n")})
    assert errors(res) == [
        ("M010", 8, 22, "stack 4 is marked twice; a solo card marks each stack at most once"),
        ("M010", 17, 11, "stack 3 is marked both captured and escaped; a stack's dino goes to one pile"),
    ]


def test_solo_marks_only_on_a_solo_card_and_dino_fields_only_on_a_dino(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n"
                                   + vet_card("card:fx/up", "upgrade", "    points: 2\n    solo: {captured: [1]}\n")
                                   + vet_card("card:fx/solo", "solo", "    solo: {escaped: [1]}\n    alert: true\n")})
    assert errors(res) == [
        ("M010", 8, 13, "`points` belongs only on a card of `kind: dino`, not `upgrade`"),
        ("M010", 9, 11, "`solo` belongs only on a card of `kind: solo`, not `upgrade`"),
        ("M010", 19, 12, "`alert` belongs only on a card of `kind: dino`, not `solo`"),
    ]


def test_dino_values_are_checked(tmp_path):
    body = "    sleep: -1\n    points: -3\n    treatments: [antibiotic, dna]\n"
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + vet_card("card:fx/dino", "dino", body)
                                   + vet_card("card:fx/none", "dino", "    treatments: []\n")})
    errs = errors(res)
    assert errs[:3] == [
        ("M010", 8, 12, "`-1` is too small (must be at least 0)"),
        ("M010", 9, 13, "`-3` is too small (must be at least 0)"),
        ("M005", 10, 30, "invalid value `dna`"),
    ]
    m005 = next(d for d in res.diagnostics if d.code == "M005")
    assert m005.help == "allowed: `antibiotic`, `antiviral`, `surgery`"
    assert errs[3] == ("M010", 19, 17, "needs at least 1 item(s)")
    assert len(errs) == 4


def test_a_complete_dino_states_every_printed_value(tmp_path):
    body = "    sleep: 1\n    points: 4\n    order: theropod\n    treatments: [antiviral]\n"
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + vet_card("card:fx/dino", "dino", body, "complete")
                                   + vet_card("card:fx/solo", "solo", "", "complete")})
    assert [(c, m) for c, _, _, m in errors(res)] == [
        ("M009", "a complete record cannot leave `diet`, `alert` null when its `kind` is `dino`; "
                 "mark it `completeness: partial` or fill the field"),
        ("M009", "a complete record cannot leave `solo` null when its `kind` is `solo`; "
                 "mark it `completeness: partial` or fill the field"),
    ]
    assert not errors(compile_files(tmp_path / "partial", {"c.yaml": "cards:\n" + vet_card("card:fx/dino", "dino", body)}))


def test_the_bundled_upgrades_have_the_upgrade_back(bundle):
    cards = {c["id"]: c for c in bundle["cards"]}
    for cid in ("card:paleovet/field-lab", "card:paleovet/therapod-breeding-program"):
        assert cards[cid]["back"] == "upgrade" and cards[cid]["kind"] == "upgrade"
        assert cards[cid]["options"] == []  # their effects are described, not printed: a pack may fill them
