"""Card fields the runtime needs: `person.brings`, `animal` (yield, hunt), the `farm` mark, and how packs fill them."""

from __future__ import annotations

from pathlib import Path

from content_helpers import compile_files

REPO = Path(__file__).resolve().parents[2]
SRC = '{rulebook: 000_97f291d3c44cb3f7.txt, section: ["The Farm", "Animal Actions"]}'


def card(cid: str, body: str, completeness: str = "partial", name: str | None = None) -> str:
    name = name or f"{cid.split('/')[-1].title()} (synthetic)"
    return (f"  - id: {cid}\n    name: {name}\n    game: game:paleo\n"
            f"    product: product:anb\n    kind: base\n{body}    summary: synthetic\n"
            f"    completeness: {completeness}\n    source: {SRC}\n")


def test_brings_and_yield_are_lowered_like_options(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + card(
        "card:fx/goat", "    back: forest\n    options: ['require strength 2 -> capture animal', 'cost discard 1 card -> 2 food']\n"
        "    animal: {yield: '-> 1 pelt', hunt: 2}\n    person: {hearts: 2, brings: '-> 2 wood'}\n")})
    assert not [d for d in res.diagnostics if d.is_error], [d.message for d in res.diagnostics if d.is_error]
    c = next(x for x in res.bundle["cards"] if x["id"] == "card:fx/goat")
    assert c["animal"]["hunt"] == 2
    assert c["animal"]["yield"]["text"] == "-> 1 pelt"
    assert c["animal"]["yield"]["ir"]["clauses"][0]["body"]["symbol"] == "symbol:pelt"
    assert c["person"]["brings"] == {"text": "-> 2 wood", "ir": c["person"]["brings"]["ir"]}
    assert c["person"]["brings"]["ir"]["clauses"][0]["body"]["symbol"] == "symbol:wood"


def test_reward_field_errors_point_into_the_string(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + card(
        "card:fx/goat", "    back: forest\n    animal: {yield: '-> 1 pelts of wool'}\n"
        "    person: {hearts: 2, brings: 'require strength 1 -> 2 wood'}\n")})
    errs = {d.code: d for d in res.diagnostics if d.is_error}
    assert "E311" in errs and errs["E311"].span.line == 9
    other = [d for d in res.diagnostics if d.is_error and d.code.startswith("E3") and d.code != "E311"]
    assert other and other[0].span.line == 8 and other[0].span.column > 20


def test_a_trigger_in_a_reward_field_is_refused_blue_as_well(tmp_path):
    for trigger in ("at night:", "blue:", "when revealed:"):
        res = compile_files(tmp_path / trigger[:4], {"c.yaml": "cards:\n" + card(
            "card:fx/goat", f"    back: forest\n    person: {{hearts: 2, brings: '{trigger} -> 2 wood'}}\n")})
        assert [d.code for d in res.diagnostics if d.is_error] == ["E311"], trigger


def test_hunt_past_the_last_option(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + card(
        "card:fx/goat", "    back: forest\n    options: ['-> capture animal']\n    animal: {hunt: 3}\n")})
    assert [d.code for d in res.diagnostics if d.is_error] == ["M011"]


def test_farm_card_with_a_farm_action_is_clean(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + card(
        "card:fx/field", "    back: forest\n    marks: [farm]\n    options: ['cost 2 stone -> expansion action']\n")})
    assert not [d for d in res.diagnostics if d.code in ("G411", "G490") and "farm" in d.message]


def test_faceless_farm_card_is_one_missing_fact(tmp_path):
    res = compile_files(tmp_path, {"c.yaml": "cards:\n" + card("card:fx/field", "    back: forest\n    marks: [farm]\n")})
    farm = [d for d in res.diagnostics if "farm card" in d.message]
    assert [d.code for d in farm] == ["G490"] and farm[0].severity.value == "info"


PACK = "pack: {synthetic: true, name: fx}\ncards:\n"


def test_pack_fills_empty_options_and_nested_nulls(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + card(
        "card:anb/tame-dodo", "    back: forest\n    options: ['require strength 1 -> capture animal', "
        "'require strength 2; cost 1 wood -> 2 food']\n    animal: {hunt: 2}\n", name="Tame Dodo")})
    assert not [d for d in res.diagnostics if d.is_error], [(d.code, d.message) for d in res.diagnostics if d.is_error]
    dodo = next(c for c in res.bundle["cards"] if c["id"] == "card:anb/tame-dodo")
    assert dodo["animal"]["hunt"] == 2 and dodo["animal"]["yield"]["text"] == "-> 1 food"
    assert len(dodo["options"]) == 2 and {"options", "animal", "back"} <= set(dodo["synthetic_fields"])


def test_pack_option_errors_point_into_the_pack(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + card("card:anb/tame-dodo", "    options: ['-> 1 fod']\n", name="Tame Dodo")})
    errs = [d for d in res.diagnostics if d.is_error]
    assert errs and errs[0].span.file.endswith("pack/p.yaml")


def test_pack_may_not_change_stated_values(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + card(
        "card:anb/tame-dodo", "    animal: {yield: '-> 2 food'}\n    title_keywords: [Bird]\n", name="Tame Dodo")
        + card("card:anb/trader", "    options: ['-> 1 food']\n", name="Trader")})
    msgs = sorted(d.message for d in res.diagnostics if d.code == "P502")
    assert any("`animal.yield`" in m for m in msgs)
    assert any("`title_keywords`" in m for m in msgs)
    assert any("`options` of `card:anb/trader`" in m for m in msgs)


def test_cards_of_an_unknown_deck_are_not_among_the_35_base_cards(bundle):
    row = bundle["coverage"]["products"]["product:anb"]
    assert row["ungrouped"] == ["card:anb/forgotten-cave", "card:anb/sheep", "card:anb/tame-dodo"]
    base = next(g for g in row["groups"] if g["kind"] == "base")
    assert base["authored"] == 5


def test_more_options_append_after_the_stated_ones(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + card(
        "card:anb/bull", "    module: module:anb/M\n    more_options: ['require strength 2 -> capture animal', "
        "'require strength 3; cost discard 1 card -> 3 food, 1 pelt']\n    animal: {yield: '-> 1 food', hunt: 3}\n",
        name="Bull").replace("kind: base", "kind: module")})
    assert not [d for d in res.diagnostics if d.is_error], [(d.code, d.message) for d in res.diagnostics if d.is_error]
    bull = next(c for c in res.bundle["cards"] if c["id"] == "card:anb/bull")
    assert [o["text"] for o in bull["options"]] == [
        "on stable action: -> may reveal secret 23", "require strength 2 -> capture animal",
        "require strength 3; cost discard 1 card -> 3 food, 1 pelt"]
    assert all(o["ir"] is not None for o in bull["options"])
    assert bull["synthetic_options_from"] == 1 and "more_options" not in bull
    assert {"options", "animal"} <= set(bull["synthetic_fields"])
    assert bull["animal"]["hunt"] == 3


def test_an_appended_option_reports_into_the_pack(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + card(
        "card:anb/bull", "    module: module:anb/M\n    more_options: ['-> 1 food', '-> 1 fod']\n", name="Bull")
        .replace("kind: base", "kind: module")})
    errs = [d for d in res.diagnostics if d.is_error]
    assert errs and all(d.span.file.endswith("pack/p.yaml") for d in errs)
    assert errs[0].span.line == 9 and errs[0].span.column > 30


def test_more_options_only_in_a_fill_of_a_card_that_is_not_complete(tmp_path):
    complete = ("cards:\n" + card("card:fx/whole", "    back: forest\n    options: ['-> 1 food']\n", completeness="complete")
                + card("card:fx/stated", "    back: forest\n    options: ['-> 1 food']\n    more_options: ['-> 1 wood']\n"))
    res = compile_files(tmp_path, {
        "c.yaml": complete,
        "pack/p.yaml": PACK + card("card:fx/whole", "    more_options: ['-> 1 wood']\n", name="Whole (synthetic)")
        + card("card:synthetic/new", "    back: forest\n    options: ['-> 1 food']\n    more_options: ['-> 1 wood']\n"),
    })
    p508 = sorted((d.span.file.split("/")[-1], d.span.line, d.message) for d in res.diagnostics if d.code == "P508")
    assert p508 == [
        ("c.yaml", 19, "`more_options` on `card:fx/stated` outside a synthetic pack"),
        ("p.yaml", 8, "pack appends options to `card:fx/whole`, which the bundled content marks complete"),
        ("p.yaml", 19, "`more_options` on `card:synthetic/new`, which fills no bundled card"),
    ]
    whole = next(c for c in res.bundle["cards"] if c["id"] == "card:fx/whole")
    assert [o["text"] for o in whole["options"]] == ["-> 1 food"]
