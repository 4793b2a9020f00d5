"""Token fields the runtime needs: `cost`, `improves` and `skills`, how they are lowered, and how packs fill tokens."""

from __future__ import annotations

from pathlib import Path

from content_helpers import compile_files

REPO = Path(__file__).resolve().parents[2]
SRC = '{rulebook: 000_97f291d3c44cb3f7.txt, section: ["The Farm", "Build Expansion Tokens"]}'
PACK = "pack: {synthetic: true, name: fx}\ntokens:\n"


def token(tid: str, body: str, name: str, kind: str = "expansion", summary: str = "synthetic") -> str:
    return (f"  - id: {tid}\n    name: {name}\n    game: game:paleo\n    product: product:anb\n    kind: {kind}\n"
            f"{body}    summary: {summary}\n    completeness: partial\n    source: {SRC}\n")


def errors(res):
    return [d for d in res.diagnostics if d.is_error]


def test_bundled_tokens_state_what_the_book_says(bundle):
    t = {x["id"]: x for x in bundle["tokens"]}
    assert t["token:anb/scythe"]["improves"]["text"] == "-> 1 grain"
    assert t["token:anb/scythe"]["improves"]["ir"]["clauses"][0]["body"]["symbol"] == "symbol:grain"
    assert t["token:anb/millstone"]["improves"] is None
    for name in ("fence", "scythe", "millstone", "hut"):
        assert t[f"token:anb/{name}"]["cost"] is None  # printed on the farm board only
    assert t["token:anb/bow-and-arrow"]["skills"] == {"strength": 2}
    assert t["token:anb/shell-necklace"]["skills"] == {"awareness": 1}
    assert t["token:anb/obsidian-spear"]["skills"] == {"strength": 3}
    assert t["token:anb/obsidian-axe"]["skills"] == {"strength": 2, "craftsmanship": 1}
    assert t["token:anb/flute"]["skills"] is None


def test_cost_and_improves_are_lowered_like_options(tmp_path):
    res = compile_files(tmp_path, {"t.yaml": "tokens:\n" + token(
        "token:fx/shed", "    cost: 'cost 2 wood, 1 stone'\n    improves: '-> 1 food'\n    skills: {awareness: 1}\n",
        "Fixture Shed")})
    assert not errors(res), [d.message for d in errors(res)]
    t = next(x for x in res.bundle["tokens"] if x["id"] == "token:fx/shed")
    assert t["cost"]["text"] == "cost 2 wood, 1 stone"
    items = t["cost"]["ir"]["clauses"][0]["body"]["items"]
    assert [i["symbol"] for i in items] == ["symbol:wood", "symbol:stone"]
    assert t["improves"] == {"text": "-> 1 food", "ir": t["improves"]["ir"]}
    assert t["skills"] == {"awareness": 1}


def test_cost_holds_costs_only_and_improves_rewards_only(tmp_path):
    res = compile_files(tmp_path, {"t.yaml": "tokens:\n" + token(
        "token:fx/shed", "    cost: 'cost 2 wood -> 1 food'\n    improves: 'cost 1 grain -> 1 food'\n", "Fixture Shed")})
    errs = {d.code: d for d in errors(res)}
    assert errs["E312"].span.line == 7 and errs["E312"].span.column > 4
    assert errs["E311"].span.line == 8
    t = next(x for x in res.bundle["tokens"] if x["id"] == "token:fx/shed")
    assert t["cost"]["ir"] is None and t["improves"]["ir"] is None


def test_a_misspelt_cost_points_into_the_string(tmp_path):
    res = compile_files(tmp_path, {"t.yaml": "tokens:\n" + token("token:fx/shed", "    cost: 'cost 2 wod'\n", "Fixture Shed")})
    (err,) = errors(res)
    assert err.code.startswith("E") and err.span.line == 7 and err.span.column > 15


def test_skills_are_the_three_skills():
    from pydantic import ValidationError

    from compiler.models import Token

    base = dict(id="token:fx/x", game="game:paleo", product="product:anb", kind="tool", completeness="partial",
                source={"rulebook": "000_97f291d3c44cb3f7.txt", "section": ["Setup"]})
    Token.model_validate({**base, "skills": {"strength": 1}})
    for bad in ({"luck": 1}, {"strength": 0}, {"strength": "2"}):
        try:
            Token.model_validate({**base, "skills": bad})
        except ValidationError:
            continue
        raise AssertionError(bad)


def test_a_pack_fills_null_token_fields(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + token(
        "token:anb/millstone", "    placement: farm\n    cost: 'cost 2 stone'\n    improves: '-> 1 food'\n", "Millstone")
        + token("token:anb/obsidian-spear", "    number: 7\n", "Obsidian Spear", kind="secret-token")})
    assert not errors(res), [(d.code, d.message) for d in errors(res)]
    t = {x["id"]: x for x in res.bundle["tokens"]}
    mill = t["token:anb/millstone"]
    assert mill["cost"]["text"] == "cost 2 stone" and mill["improves"]["text"] == "-> 1 food"
    assert mill["synthetic_fields"] == ["cost", "improves"]
    assert t["token:anb/obsidian-spear"]["number"] == 7 and t["token:anb/obsidian-spear"]["skills"] == {"strength": 3}


def test_a_filled_cost_reports_into_the_pack(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + token("token:anb/fence", "    cost: 'cost 2 wood -> 1 food'\n", "Fence")})
    (err,) = errors(res)
    assert err.code == "E312" and err.span.file.endswith("pack/p.yaml") and err.span.line == 8


def test_a_pack_may_not_change_a_token_or_add_one(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": PACK + token("token:anb/scythe", "    improves: '-> 2 grain'\n", "Scythe")
                                   + token("token:anb/obsidian-axe", "    skills: {strength: 1}\n", "Obsidian Axe", kind="secret-token")
                                   + token("token:synthetic/net", "", "Net (synthetic)", kind="tool")})
    msgs = sorted((d.code, d.message) for d in errors(res))
    assert ("P502", "pack changes `improves` of `token:anb/scythe`, which the bundled content states") in msgs
    assert ("P502", "pack changes `skills` of `token:anb/obsidian-axe`, which the bundled content states") in msgs
    assert ("P504", "a pack may not add a record of kind `tokens`") in msgs
    t = {x["id"]: x for x in res.bundle["tokens"]}
    assert t["token:anb/scythe"]["improves"]["text"] == "-> 1 grain" and "token:synthetic/net" in t


def test_a_pack_may_not_fill_records_of_other_kinds(tmp_path):
    res = compile_files(tmp_path, {"pack/p.yaml": "pack: {synthetic: true, name: fx}\nmodules:\n"
                                   "  - id: module:anb/M\n    letter: M\n    game: game:paleo\n    dice: 2\n"
                                   "    summary: synthetic\n    completeness: partial\n"
                                   f"    source: {SRC}\n"})
    assert ("P504", "a pack may not fill a record of kind `modules`") in [(d.code, d.message) for d in errors(res)]
