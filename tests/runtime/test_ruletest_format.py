"""Rule tests, format 2: malformed or vacuous tests fail naming the key; packs by path; checkpoints; per-roll dice."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from runtime import ruletests
from runtime.ruletests import RuleTestFailure, check_test, matches, run_test

ROOT = Path(__file__).resolve().parents[2]
BASE = json.loads((ROOT / "tests" / "rules" / "resolve-dice-met.json").read_text(encoding="utf-8"))


def _copy(**changes) -> dict:
    t = json.loads(json.dumps(BASE))
    t.update(changes)
    return t


def _run_file(tmp_path, test, bundle_file, name="t.json", junit=None):
    folder = tmp_path / "rules"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(json.dumps(test), encoding="utf-8")
    out = io.StringIO()
    code = ruletests.main([str(folder / name)], bundle=str(bundle_file), root=ROOT, out=out, err=out, junit=junit)
    return code, out.getvalue()


def test_the_base_test_passes(bundle):
    assert BASE["format"] == 2 and BASE["dice"]
    run_test(BASE, bundle)


@pytest.mark.parametrize("change,needle", [
    ({"format": 1}, "format"),
    ({"colour": "red"}, "unknown key `colour`"),
    ({"content": {"packs": ["../packs/synthetic-base"], "scenery": "A"}}, "content: unknown key `scenery`"),
    ({"expect": {}}, "expect: an empty expectation"),
    ({"expect": {"state": {}}}, "expect.state: an empty expectation"),
    ({"expect": {"events": [{}]}}, "expect.events"),
    ({"expect": {"legal": {"includes": [{}]}}}, "expect.legal"),
    ({"expect": {"stat": {"res": {}}}}, "unknown key `stat`"),
    ({"section": []}, "section"),
    ({"actions": [{"player": 0}]}, "actions[0]"),
    ({"checkpoints": {"later": {"state": {"day": 1}}}}, "checkpoints.later"),
    ({"dice": [{"player": 0}]}, "dice[0]"),
])
def test_a_malformed_or_vacuous_test_is_refused_naming_the_key(change, needle):
    with pytest.raises(RuleTestFailure, match=None) as exc:
        check_test(_copy(**change))
    assert needle in str(exc.value)


def test_a_missing_pack_path_fails_naming_it(tmp_path, bundle_file):
    t = _copy(content={"packs": ["../packs/nowhere"], "scenario": "A"})
    code, out = _run_file(tmp_path, t, bundle_file)
    assert code == 1 and "FAIL t.json: content.packs: no pack folder `../packs/nowhere`" in out


def test_packs_resolve_relative_to_the_test_file(tmp_path, bundle_file):
    (tmp_path / "packs" / "mine").mkdir(parents=True)
    t = _copy(content={"packs": ["../packs/mine"], "scenario": "A"})
    code, out = _run_file(tmp_path, t, bundle_file)
    assert code == 0, out
    assert "002_56cce9db253ede81.txt" in out and out.rstrip().endswith("1 passed, 0 failed")


def test_dice_are_forced_per_roll_and_checked(bundle):
    t = _copy(dice=[{"player": 1, "faces": BASE["dice"][0]["faces"]}])
    with pytest.raises(RuleTestFailure, match="dice: the rolls were"):
        run_test(t, bundle)
    extra = _copy(dice=BASE["dice"] + [{"player": 0, "faces": ["strength 1"]}])
    with pytest.raises(RuleTestFailure, match="dice"):
        run_test(extra, bundle)


def test_checkpoints_hold_after_a_named_action(bundle):
    t = _copy()
    t["actions"][0]["as"] = "chosen"
    t["checkpoints"] = {"chosen": {"state": {"step": "resolve"}}}
    run_test(t, bundle)
    t["checkpoints"] = {"chosen": {"state": {"step": "choose"}}}
    with pytest.raises(RuleTestFailure, match="after `chosen`"):
        run_test(t, bundle)


def test_lists_match_in_order_or_as_a_multiset():
    assert matches([1, 2], [1, 2]) and not matches([2, 1], [1, 2])
    assert matches({"$bag": [2, 1]}, [1, 2]) and not matches({"$bag": [2, 2]}, [1, 2])
    assert matches({"$bag": [{"t": "a"}, {"t": "b"}]}, [{"t": "b", "n": 1}, {"t": "a"}])


def test_a_test_can_start_at_a_named_phase_and_step(bundle):
    t = _copy(given={"phase": "night", "step": "feeding", "res": {"food": 0}}, actions=[],
              expect={"events": [{"t": "feeding", "food_paid": 0}, {"t": "skull", "cause": "unfed"}]})
    t.pop("dice")
    run_test(t, bundle)
    bad = _copy(given={"phase": "night", "step": "breakfast"})
    with pytest.raises(RuleTestFailure, match="given.step: `breakfast`"):
        run_test(bad, bundle)


def test_junit_output_and_per_rulebook_counts(tmp_path, bundle_file):
    target = tmp_path / "junit.xml"
    code, out = _run_file(tmp_path, _copy(content={"scenario": "A"}), bundle_file, junit=str(target))
    assert code == 0
    root = ET.parse(target).getroot()
    assert root.tag == "testsuites" and root.get("tests") == "1" and root.get("failures") == "0"
    assert root.find("testsuite").get("name") == "002_56cce9db253ede81.txt"
    assert "per rulebook:" in out and "per system" in out and "game:paleo" in out


PLAYABLE_RULE_RECORDS = ("game:paleo", "board:cult-site", "product:pote", "module:pote/V", "module:pote/W", "module:whale/T", "game:paleovet")  # the records whose systems the runtime plays today (module X: see its white-hand rule)


def test_every_rule_record_of_a_playable_system_has_a_rule_test(bundle):
    from runtime.ruletests import discover, load_test, rule_refs

    refs = rule_refs(bundle)
    cited = {r for p in discover(ROOT) for r in load_test(p).get("rules", [])}
    assert cited <= set(refs), sorted(cited - set(refs))
    # rules and phase steps; setup steps place components and are checked by the setup tests as a whole
    wanted = {r for r, rec in refs.items() if rec in PLAYABLE_RULE_RECORDS and "#setup/" not in r}
    assert len(wanted) >= 20
    assert not wanted - cited, f"rule records without a rule test: {sorted(wanted - cited)}"


def test_a_test_naming_an_unknown_rule_record_fails_naming_it(bundle):
    with pytest.raises(RuleTestFailure, match="no content rule record `game:paleo#nap`; that record has"):
        run_test(_copy(rules=["game:paleo#nap"]), bundle)
    with pytest.raises(RuleTestFailure, match="no interpretation record"):
        run_test(_copy(interpretations=["interpretation:nowhere"]), bundle)
    bare = _copy()
    bare.pop("rules")
    bare.pop("interpretations", None)
    with pytest.raises(RuleTestFailure, match="name the content rule record"):
        check_test(bare)


def test_the_format_schema_accepts_every_rule_test_and_refuses_a_vacuous_one():
    import jsonschema

    from runtime.ruletests import discover, format_schema

    schema = format_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    for p in discover(ROOT):
        errs = [e.message for e in v.iter_errors(json.loads(p.read_text(encoding="utf-8")))]
        assert not errs, (p.name, errs[:3])
    assert list(v.iter_errors(_copy(expect={})))
    assert list(v.iter_errors(_copy(colour="red")))


def test_a_test_can_start_in_the_resolve_step_with_chosen_cards(bundle):
    t = _copy(given={"phase": "day", "step": "resolve", "chosen": {"0": ["card:synthetic/berry-bushes"]},
                     "decks": {"0": ["card:synthetic/ford"], "1": []}, "res": {"food": 0}},
              actions=[{"type": "option", "player": 0, "option": 1}],
              expect={"events": [{"t": "resolve", "player": 0, "card": "card:synthetic/berry-bushes"},
                                 {"t": "gain", "resource": "food", "n": 1}],
                      "state": {"step": "choose", "discard_up": ["card:synthetic/berry-bushes"]}})
    t.pop("dice")
    run_test(t, bundle)


def test_every_interpretation_has_a_rule_test_or_a_reasoned_exemption(bundle):
    """A reading of a rule is proven by a rule test; a content-only reading, or one of a system not yet
    playable, is exempt in tests/rules/exempt/interpretations.json with its reason."""
    from runtime.ruletests import discover, load_test

    exempt = json.loads((ROOT / "tests" / "rules" / "exempt" / "interpretations.json").read_text(encoding="utf-8"))
    reasons = {e["id"]: e for e in exempt["exempt"]}
    assert all(e["kind"] in ("content", "system") and len(e["reason"]) > 20 for e in reasons.values())
    known = {i["id"] for i in bundle["interpretations"]}
    cited = {i for p in discover(ROOT) for i in load_test(p).get("interpretations", [])}
    assert not set(reasons) - known, f"exemptions for unknown records: {sorted(set(reasons) - known)}"
    assert not set(reasons) & cited, f"exempt yet tested (drop the exemption): {sorted(set(reasons) & cited)}"
    missing = sorted(known - cited - set(reasons))
    assert not missing, f"interpretations without a rule test or exemption: {missing}"


def test_no_heading_a_content_rule_record_cites_is_excluded(bundle):
    cited: dict[str, set] = {}
    for key in ("games", "products", "modules"):
        for rec in bundle.get(key, []):
            for r in rec.get("rules") or []:
                srcs = r.get("source") or []
                for src in srcs if isinstance(srcs, list) else [srcs]:
                    if src.get("section"):  # the innermost heading is the section cited; the others enclose it
                        cited.setdefault(src.get("rulebook"), set()).add(src["section"][-1])
    assert cited.get("002_56cce9db253ede81.txt")
    for f in sorted((ROOT / "tests" / "rules" / "headings").glob("*.json")):
        book = f.stem + ".txt"
        for e in json.loads(f.read_text(encoding="utf-8")).get("excluded", []):
            assert e["section"] not in cited.get(book, set()), f"{f.name} excludes `{e['section']}`, a rule record's source"
