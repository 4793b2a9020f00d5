"""`sea_symbol`: the symbol 1 to 5 on a sea card's back, only on sea cards, and how packs fill it."""

from __future__ import annotations

import pytest

from content_helpers import compile_files

SRC = '{rulebook: 003_d22ca494923bf453.txt, section: ["Additional Rules", "Sea Cards"]}'
PACK = "pack: {synthetic: true, name: fx}\ncards:\n"


def card(cid: str, body: str, completeness: str = "partial", name: str | None = None, kind: str = "sea") -> str:
    name = name or f"{cid.split('/')[-1].title()} (synthetic)"
    return (f"  - id: {cid}\n    name: {name}\n    game: game:paleo\n    product: product:whale\n"
            f"    module: module:whale/T\n    kind: {kind}\n{body}    summary: synthetic\n"
            f"    completeness: {completeness}\n    source: {SRC}\n")


def errors(res) -> list:
    return [d for d in res.diagnostics if d.is_error]


@pytest.mark.parametrize("symbol", [1, 2, 3, 4, 5])
def test_every_symbol_of_the_sea_deck_is_accepted(tmp_path, symbol):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + card(
        "card:fx/wave", f"    back: sea\n    sea_symbol: {symbol}\n", completeness="complete")})
    assert not errors(res), [(d.code, d.message) for d in errors(res)]
    wave = next(c for c in res.bundle["cards"] if c["id"] == "card:fx/wave")
    assert wave["sea_symbol"] == symbol and wave["back"] == "sea"


@pytest.mark.parametrize("symbol, words", [(0, "must be at least 1"), (6, "must be at most 5")])
def test_a_symbol_outside_1_to_5_is_refused_at_the_value(tmp_path, symbol, words):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + card("card:fx/wave", f"    back: sea\n    sea_symbol: {symbol}\n")})
    errs = errors(res)
    assert [d.code for d in errs] == ["M010"]
    d = errs[0]
    assert (d.span.file.split("/")[-1], d.span.line, d.span.column) == ("c.yaml", 9, 17)
    assert f"`{symbol}`" in d.message and words in d.message


def test_a_symbol_on_a_forest_card_is_refused(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + card(
        "card:fx/stag", "    back: forest\n    sea_symbol: 3\n", kind="module")})
    errs = errors(res)
    assert [d.code for d in errs] == ["M012"]
    d = errs[0]
    assert (d.span.file.split("/")[-1], d.span.line, d.span.column) == ("c.yaml", 9, 17)
    assert "`card:fx/stag`, whose back is `forest`" in d.message
    assert "back: sea" in d.help
    assert [(lab.span.line, lab.message) for lab in d.labels] == [(8, "the card's back")]


def test_a_symbol_on_a_card_whose_back_is_not_known_is_refused(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + card("card:fx/drift", "    back: null\n    sea_symbol: 2\n")})
    assert [(d.code, d.span.line) for d in errors(res)] == [("M012", 9)]
    assert "whose back is not known" in errors(res)[0].message


def test_a_complete_sea_card_must_give_its_symbol(tmp_path):
    res = compile_files(tmp_path, {
        "c.yaml": "cards:\n" + card("card:fx/whole", "    back: sea\n", completeness="complete")
        + card("card:fx/open", "    back: sea\n"),
    })
    errs = errors(res)
    assert [d.code for d in errs] == ["M009"], "only the complete card without a symbol is refused"
    assert errs[0].span.line == 10 and "`sea_symbol`" in errs[0].message and "`sea`" in errs[0].message
    assert any(c["id"] == "card:fx/open" and c["sea_symbol"] is None for c in res.bundle["cards"])


def test_a_pack_fills_the_back_and_symbol_of_a_bundled_card(tmp_path):
    """The White Whale is bundled with a null back and no symbol; a pack may read it as a sea card."""
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + card(
        "card:whale/white-whale", "    back: sea\n    sea_symbol: 4\n", name="White Whale", kind="module")})
    assert not errors(res), [(d.code, d.message) for d in errors(res)]
    whale = next(c for c in res.bundle["cards"] if c["id"] == "card:whale/white-whale")
    assert (whale["back"], whale["sea_symbol"]) == ("sea", 4)
    assert {"back", "sea_symbol"} <= set(whale["synthetic_fields"])
    from compiler.docs.pages import Reference

    ref = Reference(res.bundle)
    assert "- Sea symbol on the back: 4" in ref.card_page(whale["id"], ref.path_of(whale["id"]))


def test_a_pack_fills_only_the_symbol_of_a_stated_sea_card(tmp_path):
    res = compile_files(tmp_path, {
        "c.yaml": "cards:\n" + card("card:fx/wave", "    back: sea\n", name="Wave")
        + card("card:fx/swell", "    back: sea\n    sea_symbol: 1\n", name="Swell"),
        "pack/p.yaml": PACK + card("card:fx/wave", "    sea_symbol: 5\n", name="Wave") + card("card:fx/swell", "    sea_symbol: 2\n", name="Swell"),
    })
    wave = next(c for c in res.bundle["cards"] if c["id"] == "card:fx/wave")
    assert wave["sea_symbol"] == 5 and wave["synthetic_fields"] == ["sea_symbol"]
    p502 = [d for d in res.diagnostics if d.code == "P502"]
    assert [d.message for d in p502] == ["pack changes `sea_symbol` of `card:fx/swell`, which the bundled content states"]
    assert not [d for d in errors(res) if d.code != "P502"]


def test_a_pack_symbol_on_a_card_that_is_not_a_sea_card_points_into_the_pack(tmp_path):
    res = compile_files(tmp_path, {
        "c.yaml": "cards:\n" + card("card:fx/stag", "    back: forest\n", name="Stag", kind="module"),
        "pack/p.yaml": PACK + card("card:fx/stag", "    sea_symbol: 3\n", name="Stag", kind="module"),
    })
    errs = errors(res)
    assert [d.code for d in errs] == ["M012"]
    d = errs[0]
    assert d.span.file.endswith("pack/p.yaml") and (d.span.line, d.span.column) == (9, 17)
    assert d.labels[0].span.file.endswith("c.yaml") and d.labels[0].span.line == 8
