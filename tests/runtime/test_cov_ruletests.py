"""The rule-test runner's refusals (runtime.ruletests): each malformed or vacuous test names its key, a given state
the game cannot hold fails, and the command line's folders, empty runs and JUnit target."""

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


def _without(key: str) -> dict:
    t = _copy()
    del t[key]
    return t


@pytest.mark.parametrize("test, needle", [
    ([BASE], "a rule test is a JSON object"),
    (_copy(players=True), "test.players: must be a JSON int"),
    (_copy(section="Day Phase"), "test.section: must be a list of strings"),
    (_copy(section=["x", 3]), "test.section: must be a list of strings"),
    (_without("rulebook"), "test: `rulebook` is missing"),
    ({k: v for k, v in _copy(checkpoints={}).items() if k != "expect"}, "test: `expect` is missing"),
    (_copy(expect={"legal": {"includes": [], "excludes": []}}), "expect.legal: `includes` and / or `excludes`"),
    (_copy(expect={"legal": {"around": [{"type": "x"}]}}), "expect.legal: `includes` and / or `excludes`"),
    (_copy(expect={"legal": {"includes": {"type": "x"}}}), "expect.legal: each entry is a non-empty partial action"),
    (_copy(expect={"observation": {"player": 0}}), "expect.observation: `player` and a non-empty `expect`"),
    (_copy(expect={"observation": {"player": True, "expect": {"a": 1}}}), "expect.observation"),
    (_copy(actions=[{"type": "choose", "illegal": False}]), "actions[0].illegal: true, or leave it out"),
    (_copy(actions=[{"type": "choose", "illegal": True, "as": "x"}]), "actions[0].as: the name of a checkpoint"),
    (_copy(actions=[{"type": "choose", "as": 3}]), "actions[0].as"),
])
def test_a_malformed_test_is_refused_naming_the_key(test, needle):
    with pytest.raises(RuleTestFailure) as exc:
        check_test(test)
    assert needle in str(exc.value)


def test_a_dict_pattern_matches_only_a_dict():
    assert not matches({"a": 1}, [("a", 1)])
    assert matches({"a": 1}, {"a": 1, "b": 2})


def test_a_test_with_only_checkpoints_is_checked_at_them(bundle):
    t = {k: v for k, v in _copy().items() if k != "expect"}
    t["actions"] = [dict(t["actions"][0], **{"as": "first"})] + t["actions"][1:]
    t["checkpoints"] = {"first": {"state": {"phase": "night"}}}  # the first action leaves the day going on
    with pytest.raises(RuleTestFailure, match="after `first`: .phase"):
        run_test(t, bundle)


def test_given_names_only_cards_the_game_has_and_a_real_phase(bundle):
    t = _copy(given={**BASE.get("given", {}), "decks": {"0": ["card:synthetic/no-such-card"]}})
    with pytest.raises(RuleTestFailure, match="given: no free copy of `card:synthetic/no-such-card`"):
        run_test(t, bundle)
    t = _copy(given={**BASE.get("given", {}), "phase": "breakfast"})
    with pytest.raises(RuleTestFailure, match="given.phase: `breakfast` is not a phase"):
        run_test(t, bundle)


def test_forced_dice_are_given_once(bundle):
    t = _copy(given={**BASE.get("given", {}), "dice": ["strength 1"]})
    with pytest.raises(RuleTestFailure, match="given.dice and dice"):
        run_test(t, bundle)


def test_a_given_state_that_breaks_an_invariant_fails_before_any_action(bundle):
    t = _copy(given={**BASE.get("given", {}), "skulls": -1})
    with pytest.raises(RuleTestFailure, match="the given state: "):
        run_test(t, bundle)


def _write(folder: Path, name: str, test: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / name
    p.write_text(json.dumps(test), encoding="utf-8")
    return p


def test_a_folder_runs_its_tests_and_a_failure_goes_to_the_junit_report(tmp_path, bundle_file):
    folder = tmp_path / "rules"
    _write(folder, "a-good.json", _copy(content={"scenario": "A"}))
    _write(folder, "b-bad.json", _copy(content={"scenario": "A"}, expect={"state": {"skulls": 99}}))
    target = tmp_path / "junit.xml"
    out = io.StringIO()
    code = ruletests.main([str(folder)], bundle=str(bundle_file), root=ROOT, out=out, err=out, junit=str(target))
    assert code == 1 and out.getvalue().rstrip().endswith("1 passed, 1 failed")
    suite = ET.parse(target).getroot().find("testsuite")
    assert suite.get("tests") == "2" and suite.get("failures") == "1"
    failed = [c for c in suite.findall("testcase") if c.find("failure") is not None]
    assert len(failed) == 1 and failed[0].get("name").startswith("b-bad") and "skulls" in failed[0].find("failure").text


def test_an_empty_folder_or_root_has_no_rule_tests(tmp_path, bundle_file):
    (tmp_path / "empty").mkdir()
    err = io.StringIO()
    assert ruletests.main([str(tmp_path / "empty")], bundle=str(bundle_file), root=tmp_path, out=err, err=err) == 2
    assert err.getvalue() == "paleo test: no rule tests found\n"
    err = io.StringIO()
    assert ruletests.main([], bundle=str(bundle_file), root=tmp_path, out=err, err=err) == 2
    assert err.getvalue() == f"paleo test: no rule tests found in {tmp_path.resolve() / 'tests' / 'rules'}\n"


def test_a_junit_target_that_cannot_be_written_is_named(tmp_path, bundle_file):
    p = _write(tmp_path / "rules", "t.json", _copy(content={"scenario": "A"}))
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "no-such-folder" / "junit.xml"
    assert ruletests.main([str(p)], bundle=str(bundle_file), root=ROOT, out=out, err=err, junit=str(target)) == 2
    assert err.getvalue().startswith("paleo test: cannot write ") and not target.exists()


def test_a_refused_action_that_changed_the_state_fails_the_test(bundle, monkeypatch):
    from runtime.core.game import Engine
    from runtime.engine import IllegalAction

    def sloppy(self, action):
        self.s["skulls"] += 1
        raise IllegalAction("refused, after touching the state")

    monkeypatch.setattr(Engine, "apply", sloppy)
    t = _copy(actions=[{"type": "fly", "player": 0, "illegal": True}])
    with pytest.raises(RuleTestFailure, match="action 1: a refused action changed the state"):
        run_test(t, bundle)
