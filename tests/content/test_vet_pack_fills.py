"""Packs fill the game parameters and die faces PaleoVet leaves null, and nothing the content states."""

from __future__ import annotations

from content_helpers import compile_files

PACK = "pack: {synthetic: true, name: fx}\n"
SRC = '{rulebook: 004_1199c90b0c83849d.txt, section: ["Spending Dice", "Research a New Treatment"]}'


def game(body: str, name: str = "PaleoVet") -> str:
    return (f"games:\n  - id: game:paleovet\n    name: {name}\n    kind: dice-game\n{body}"
            f"    summary: synthetic prices\n    completeness: partial\n    source: {SRC}\n")


def white_die(faces: str, count: int = 16) -> str:
    return (f"dice:\n  - id: die:paleovet/white\n    name: White basic treatment die\n    game: game:paleovet\n"
            f"    product: product:paleovet\n    color: white\n    count: {count}\n    faces: {faces}\n"
            f"    summary: synthetic faces\n    completeness: partial\n    source: {SRC}\n")


def errors(res):
    return [d for d in res.diagnostics if d.is_error]


def vet(res, section: str, rid: str) -> dict:
    return next(r for r in res.bundle[section] if r["id"] == rid)


def test_the_bundled_game_leaves_both_prices_null(bundle):
    params = next(g for g in bundle["games"] if g["id"] == "game:paleovet")["parameters"]
    assert params["specialty_die_cost"] is None and params["dna_token_cost"] is None
    assert params["hospital_limit"] == 4 and params["upgrade_research_cost"] == 2
    white = next(d for d in bundle["dice"] if d["id"] == "die:paleovet/white")
    assert white["faces"] is None and white["completeness"] == "partial"


def test_a_pack_fills_null_parameters_and_die_faces(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + game(
        "    parameters: {specialty_die_cost: 3, dna_token_cost: 2, hospital_limit: 4}\n")
        + white_die("[antibiotic, antiviral, surgery, tranquilizer dart, dna, dna]")})
    assert not errors(res), [(d.code, d.message) for d in errors(res)]
    g = vet(res, "games", "game:paleovet")
    assert g["parameters"]["specialty_die_cost"] == 3 and g["parameters"]["dna_token_cost"] == 2
    assert g["parameters"]["hospital_limit"] == 4 and g["parameters"]["field_stacks"] == 5  # stated ones kept
    assert g["synthetic_fields"] == ["parameters.dna_token_cost", "parameters.specialty_die_cost"]
    assert g["file"].endswith("content/paleovet/game.yaml") and g["summary"].startswith("A competitive dice game")
    assert g["rules"] and g["phases"]  # a fill keeps everything the bundled game says
    d = vet(res, "dice", "die:paleovet/white")
    assert d["faces"] == ["antibiotic", "antiviral", "surgery", "tranquilizer dart", "dna", "dna"]
    assert d["synthetic_fields"] == ["faces"] and d["completeness"] == "partial"


def test_a_pack_may_not_change_a_stated_parameter(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + game("    parameters: {specialty_die_cost: 3, hospital_limit: 5}\n")})
    (err,) = errors(res)
    assert err.code == "P502"
    assert err.message == ("pack changes `parameters.hospital_limit` of `game:paleovet` from 4 to 5, "
                           "which the bundled content states")
    assert err.span.file.endswith("pack/p.yaml") and (err.span.line, err.span.column) == (6, 41)
    assert err.help == "remove `hospital_limit` from the pack's parameters"
    g = vet(res, "games", "game:paleovet")
    assert g["parameters"]["hospital_limit"] == 4 and g["parameters"]["specialty_die_cost"] == 3


def test_a_pack_may_not_add_a_parameter(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + game("    parameters: {upgrade_cost: 1}\n")})
    (err,) = errors(res)
    assert err.code == "P502"
    assert err.message == "pack adds parameter `upgrade_cost` to `game:paleovet`, which the bundled game does not have"
    assert err.help == "parameters left null: `dna_token_cost`, `specialty_die_cost`"
    assert "upgrade_cost" not in vet(res, "games", "game:paleovet")["parameters"]


def test_a_game_fill_may_not_change_another_field(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + game(
        "    players: {min: 2, max: 6}\n    parameters: {dna_token_cost: 2}\n", name="PaleoVet Deluxe")})
    msgs = sorted((d.code, d.message, d.span.line) for d in errors(res))
    assert msgs == [
        ("P502", "pack changes `name` of `game:paleovet`; a pack may fill only the game's null `parameters`", 4),
        ("P502", "pack changes `players` of `game:paleovet`; a pack may fill only the game's null `parameters`", 6),
    ]
    g = vet(res, "games", "game:paleovet")
    assert g["name"] == "PaleoVet" and g["players"] == {"min": 1, "max": 4} and g["parameters"]["dna_token_cost"] == 2


def test_a_pack_may_not_add_a_game(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + game("").replace("game:paleovet", "game:synthetic-vet")})
    (err,) = errors(res)
    assert (err.code, err.message) == ("P504", "a pack may not add a record of kind `games`")


def test_a_pack_may_not_change_stated_die_faces_or_count(tmp_path):
    purple = ("dice:\n  - id: die:paleovet/purple\n    name: Purple specialty die\n    game: game:paleovet\n"
              "    product: product:paleovet\n    color: purple\n    count: 4\n"
              "    faces: [antibiotic, antibiotic, antibiotic, antiviral, surgery, dna]\n"
              f"    summary: synthetic\n    completeness: partial\n    source: {SRC}\n")
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + purple, "pack/q.yaml": PACK + white_die("[dna]", count=12)})
    msgs = sorted((d.code, d.message) for d in errors(res))
    assert msgs == [
        ("P502", "pack changes `count` of `die:paleovet/white`, which the bundled content states"),
        ("P502", "pack changes `faces` of `die:paleovet/purple`, which the bundled content states"),
    ]
    assert vet(res, "dice", "die:paleovet/purple")["faces"][-1] == "tranquilizer dart"


def test_filled_die_faces_must_be_die_face_symbols(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + white_die("[antibiotic, antiviral, surgey, tranquilizer darts, wild, dna]")})
    errs = [(d.code, d.message, d.help, d.span.line, d.span.column) for d in errors(res)]
    assert errs == [
        ("M013", "die face `surgey` of `die:paleovet/white` is not a die face of paleovet",
         "did you mean `surgery`?", 9, 36),
        ("M013", "die face `tranquilizer darts` of `die:paleovet/white` is not a die face of paleovet",
         "write `tranquilizer dart`, the symbol's own name", 9, 44),
        ("M013", "die face `wild` of `die:paleovet/white` is not a die face of paleovet",
         "write `dna`, the symbol's own name", 9, 64),
    ]
    assert all(d.span.file.endswith("pack/p.yaml") for d in errors(res))


def test_the_bundled_specialty_dice_show_die_face_symbols(build_diagnostics):
    assert not [d for d in build_diagnostics if d.code == "M013"]
