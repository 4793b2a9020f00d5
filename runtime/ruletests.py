"""Rule tests as data (format 2): a setup, a given state, actions with forced dice, expectations at checkpoints and at the end.

A rule test is a JSON file (standard library only, like the rest of the runtime):

    {
      "format": 2,
      "name": "a danger card cannot be ignored",
      "rulebook": "002_56cce9db253ede81.txt",
      "section": ["Day Phase: Exploring the Unknown", "3. Resolving Cards:"],
      "interpretations": ["interpretation:..."],
      "content": {"packs": ["../packs/synthetic-base"], "scenario": "A"},
      "players": 2, "seed": 1,
      "given": {"decks": {"0": ["card:synthetic/wolf-pack"]}, "res": {"food": 0}},
      "dice": [{"player": 0, "faces": ["strength 1"]}],
      "actions": [{"type": "choose", "player": 0, "card": 0, "as": "chosen"},
                  {"type": "ignore", "player": 0, "illegal": true}],
      "checkpoints": {"chosen": {"state": {"step": "resolve"}}},
      "expect": {"state": {"skulls": 0}, "events": [{"t": "reveal"}], "legal": {"excludes": [{"type": "ignore"}]}}
    }

`content` names the packs (folders, each a path relative to the test file; several allowed) and
the setup record (`scenario` or `modules`, and optionally `boards`, `options`, `game`);
`interpretations` names the interpretation records a test of an unsettled rule follows.
`setup` stacks the support decks before the setup draws (`people`, `dreams`, `ideas`: card ids,
top first; players draw in seat order). `given` may start the game at a named `phase` and `step`
and sets the declared zones and counters by their keys (`given_keys(game)` lists them; a zone per
player is {seat: card ids}; decks and support decks top first, the others bottom first; counters
by value), plus the keys systems add: Paleo's `groups` (card ids or {card, wounds}) and `tools`
(per player, by tool name). Cards it displaces are set aside in the `box` zone. `dice` forces
the rolls in order, each {player (null for a group decision), faces (one per die)}; the rolls
that happen must be exactly these.

An action is a partial record: the one legal action matching every field given is applied;
`"illegal": true` asserts that no legal action matches and that `apply` refuses it without
changing the state; `"as": name` names a checkpoint, whose expectations hold right after that
action. `expect` (at the end) and each checkpoint may hold `state` (partially matched against
`view()`: every declared zone and counter, plus `phase`, `step`, `pending`, `outcome` and the
systems' keys), `events` (an ordered subsequence of the events since the given state, each
matched partially), `absent_events`, `outcome`, `legal` (`includes` / `excludes`, partial
records) and `observation` ({player, expect}). Lists match in order; {"$bag": [...]} matches a
multiset and {"$len": n} a length. Unknown keys, empty expectations, an event pattern without
its kind and a pack folder that does not exist fail the test, naming the key. Expected outcomes
come from the rulebook text.

This runner plays tests on built bundles and never calls the compiler (`main(files, bundle=...)`,
or `build=` a callable giving the bundle of a pack set). `paleo test` (compiler/ruletest_packs.py)
compiles each test's packs and hands the bundles to it.
"""

from __future__ import annotations

import json
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from .bundle import BundleError, load_bundle
from .core.invariants import violations
from .core.game import Engine as Game  # the rule tests set states up: they work on the engine
from .engine import IllegalAction
from .safetext import escape


class RuleTestFailure(Exception):
    pass


# ------------------------------------------------------------------ bundles
def pack_paths(test_file: Path | None, packs: list) -> tuple[Path, ...]:
    """The pack folders of a test, each a path relative to the test file's folder; a missing one fails naming it."""
    base = test_file.parent if test_file is not None else Path.cwd()
    out = []
    for name in packs:
        p = (base / name).resolve()
        if not p.is_dir():
            raise RuleTestFailure(f"content.packs: no pack folder `{_cut(name)}` (resolved from {base})")
        out.append(p)
    return tuple(out)


# ------------------------------------------------------------------ given state
def _take(g: Game, cid: str, used: set) -> int:
    """A free instance of `cid`: first from the set-aside box and the support decks, last from a group."""
    s = g.s
    first = ["box", "people", "dreams", "ideas", "secrets", "discard-down", "discard-up", "workbench", "missions"]
    order = [z for z in first if z in s["z"]] + sorted((z for z in s["z"] if z not in first),
                                                       key=lambda z: (z.startswith("group/"), z))
    for zone in order:
        for iid in s["z"][zone]:
            if s["cards"][iid] == cid and iid not in used:
                s["z"][zone].remove(iid)
                used.add(iid)
                return iid
    raise RuleTestFailure(f"given: no free copy of `{cid}` in the game")


def _set_zone(g: Game, zone: str, cids: list, used: set, top_first: bool) -> None:
    s = g.s
    s["z"]["box"].extend(s["z"][zone])
    s["z"][zone] = []
    ids = [_take(g, c, used) for c in cids]
    s["z"][zone] = list(reversed(ids)) if top_first else ids


def given_keys(g: Game) -> list[str]:
    """Every `given` key of this game: its settable zones and counters (from the declarations) and the systems' own."""
    lay = g.layout
    keys = [z.label for z in lay.zones if z.given] + [c.label for c in lay.counters] + list(lay.given)
    return sorted(set(keys))


def apply_given(g: Game, given: dict) -> None:
    """Set up a rule test's state. Zones (per player: {seat: cards}) and counters come from the declarations."""
    s, lay = g.s, g.layout
    used: set = set()
    unknown = sorted(set(given) - set(given_keys(g)))
    if unknown:
        raise RuleTestFailure(f"given: unknown key `{unknown[0]}`; this game takes: {', '.join(given_keys(g))}")

    def take(cid):
        return _take(g, cid, used)

    custom = dict(lay.given)
    for key in custom:  # the systems' own keys first: they place people and tools the zones below may not take
        if key in given and key in ("groups",):
            _call(custom[key], g, given[key], used, take)
    for zone in lay.zones:
        if not zone.given or zone.label not in given or zone.label in custom:
            continue
        top_first = zone.given == "top-first"
        value = given[zone.label]
        if zone.scope == "player":
            for p, cards in sorted(value.items()):
                _set_zone(g, f"{zone.name}/{p}", cards, used, top_first)
        else:
            _set_zone(g, zone.name, value, used, top_first)
    for c in lay.counters:
        if c.label not in given or c.label in custom:
            continue
        v = given[c.label]
        if c.scope == "player":
            for p, x in sorted(v.items()):
                s[c.name][int(p)] = x if c.key_names(g.rules) is None else {**s[c.name][int(p)], **x}
        elif isinstance(s[c.name], dict):
            s[c.name].update(v)
        else:
            s[c.name] = v
    for key, fn in custom.items():
        if key in given and key not in ("groups",):
            _call(fn, g, given[key], used, take)
    g.rules.definition.after_given(g)
    g._legal = None
    g._advance()


def _call(fn, g, value, used, take):
    try:
        fn(g, value, used, take)
    except ValueError as exc:
        raise RuleTestFailure(str(exc)) from None


# ------------------------------------------------------------------ views and matching
def view(g: Game) -> dict:
    """The state by card ids, as rule tests write expectations: every declared zone and counter, then the systems' keys."""
    s, lay = g.s, g.layout
    z, cards = s["z"], s["cards"]
    out = {"phase": s["phase"], "step": s["step"], "outcome": s["outcome"],
           "pending": s["queue"][0]["k"] if s["queue"] else None}
    for zone in lay.zones:
        def ids(name, zone=zone):
            xs = [cards[i] for i in z[name]]
            return list(reversed(xs)) if zone.given == "top-first" else xs
        if zone.scope == "shared":
            out[zone.label] = ids(zone.name)
        else:
            out[zone.label] = {str(p): ids(f"{zone.name}/{p}") for p in range(s["players"])}
    for c in lay.counters:
        v = s[c.name]
        out[c.label] = {str(p): x for p, x in enumerate(v)} if c.scope == "player" else v
    for sys_ in lay.systems:
        sys_.view(g, out)
    return json.loads(json.dumps(out))


def matches(expected, actual) -> bool:
    """Partial matching: a dict matches when its keys match; a list matches in order; {"$len": n} by length;
    {"$bag": [...]} as a multiset (the same items in any order)."""
    if isinstance(expected, dict) and "$len" in expected:
        return isinstance(actual, (list, dict, str)) and len(actual) == expected["$len"]
    if isinstance(expected, dict) and "$bag" in expected:
        return isinstance(actual, list) and len(actual) == len(expected["$bag"]) and _bag(expected["$bag"], actual)
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return False
        return all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            matches(e, a) for e, a in zip(expected, actual))
    return expected == actual


def _bag(expected: list, actual: list) -> bool:
    if not expected:
        return True
    head, rest = expected[0], expected[1:]
    return any(matches(head, a) and _bag(rest, actual[:i] + actual[i + 1:]) for i, a in enumerate(actual))


def _diff(expected, actual, path="") -> list[str]:
    if isinstance(expected, dict) and isinstance(actual, dict) and not {"$len", "$bag"} & set(expected):
        out = []
        for k, v in expected.items():
            if k not in actual:
                out.append(f"{path}.{k}: missing")
            else:
                out.extend(_diff(v, actual[k], f"{path}.{k}"))
        return out
    if matches(expected, actual):
        return []
    return [f"{path or '.'}: expected {json.dumps(expected)}, got {json.dumps(actual)}"]


def _subsequence(expected: list, events: list) -> str | None:
    i = 0
    for e in expected:
        while i < len(events) and not matches(e, events[i]):
            i += 1
        if i == len(events):
            return f"event {json.dumps(e)} not found (in order)"
        i += 1
    return None


# ------------------------------------------------------------------ the format, version 2
FORMAT = 2
TOP = {"format": "int", "name": "str", "rulebook": "str", "section": "strs", "rules": "strs", "interpretations": "strs",
       "note": "str",
       "content": "dict", "players": "int", "seed": "int", "setup": "dict", "given": "dict", "dice": "list",
       "actions": "list", "expect": "dict", "checkpoints": "dict"}
REQUIRED = ("format", "name", "rulebook", "section", "content")
CONTENT = {"packs": "strs", "game": "str", "scenario": "str", "modules": "strs", "boards": "strs", "options": "dict"}
EXPECT = ("state", "events", "absent_events", "outcome", "legal", "observation")
RESERVED_ACTION_KEYS = ("illegal", "as")
_KINDS = {"int": (int,), "str": (str,), "dict": (dict,), "list": (list,), "strs": (list,), "bool": (bool,)}


def _kind_ok(v, kind: str) -> bool:
    if kind == "int" and isinstance(v, bool):
        return False
    if not isinstance(v, _KINDS[kind]):
        return False
    return kind != "strs" or all(isinstance(x, str) for x in v)


def _keys(where: str, data: dict, allowed: dict) -> None:
    for k, v in data.items():
        if k not in allowed:
            raise RuleTestFailure(f"{where}: unknown key `{_cut(k)}`; allowed: {', '.join(allowed)}")
        if not _kind_ok(v, allowed[k]):
            raise RuleTestFailure(f"{where}.{k}: must be {'a list of strings' if allowed[k] == 'strs' else 'a JSON ' + allowed[k]}")


def _check_expect(where: str, exp) -> None:
    if not isinstance(exp, dict) or not exp:
        raise RuleTestFailure(f"{where}: an empty expectation matches anything; say what must hold")
    for k, v in exp.items():
        if k not in EXPECT:
            raise RuleTestFailure(f"{where}: unknown key `{_cut(k)}`; allowed: {', '.join(EXPECT)}")
        if k in ("state", "outcome") and (not isinstance(v, dict) or not v):
            raise RuleTestFailure(f"{where}.{k}: an empty expectation matches anything")
        if k in ("events", "absent_events"):
            if not isinstance(v, list) or not v or not all(isinstance(e, dict) and isinstance(e.get("t"), str) for e in v):
                raise RuleTestFailure(f"{where}.{k}: a non-empty list of events, each naming its kind `t`")
        if k == "legal":
            if not isinstance(v, dict) or set(v) - {"includes", "excludes"} or not any(v.values()):
                raise RuleTestFailure(f"{where}.legal: `includes` and / or `excludes`, non-empty lists of partial actions")
            for part in v.values():
                if not isinstance(part, list) or not all(isinstance(a, dict) and a for a in part):
                    raise RuleTestFailure(f"{where}.legal: each entry is a non-empty partial action")
        if k == "observation":
            if not isinstance(v, dict) or set(v) != {"player", "expect"} or not _kind_ok(v["player"], "int") \
                    or not isinstance(v["expect"], dict) or not v["expect"]:
                raise RuleTestFailure(f"{where}.observation: `player` and a non-empty `expect`")


def check_test(data) -> dict:
    """Refuse a rule test that is malformed or could pass vacuously; the message names the key."""
    if not isinstance(data, dict):
        raise RuleTestFailure("a rule test is a JSON object")
    if data.get("format") != FORMAT:
        raise RuleTestFailure(f"format: this runner reads rule tests of format {FORMAT} (got {_cut(data.get('format'))})")
    _keys("test", data, TOP)
    for k in REQUIRED:
        if k not in data:
            raise RuleTestFailure(f"test: `{k}` is missing")
    if not data["section"]:
        raise RuleTestFailure("section: name the rulebook heading(s) the test checks")
    if not data.get("rules") and not data.get("interpretations"):
        raise RuleTestFailure("test: name the content rule record(s) (`rules`) and / or `interpretations` it checks")
    _keys("content", data["content"], CONTENT)
    if "expect" not in data and not data.get("checkpoints"):
        raise RuleTestFailure("test: `expect` is missing (or give `checkpoints`)")
    if "expect" in data:
        _check_expect("expect", data["expect"])
    names = []
    for i, a in enumerate(data.get("actions", [])):
        if not isinstance(a, dict) or not isinstance(a.get("type"), str):
            raise RuleTestFailure(f"actions[{i}]: a partial action naming its `type`")
        if "illegal" in a and a["illegal"] is not True:
            raise RuleTestFailure(f"actions[{i}].illegal: true, or leave it out")
        if "as" in a:
            if not isinstance(a["as"], str) or a.get("illegal"):
                raise RuleTestFailure(f"actions[{i}].as: the name of a checkpoint after a legal action")
            names.append(a["as"])
    for name, exp in (data.get("checkpoints") or {}).items():
        if name not in names:
            raise RuleTestFailure(f"checkpoints.{_cut(name)}: no action is named `as: {_cut(name)}`")
        _check_expect(f"checkpoints.{name}", exp)
    for i, roll in enumerate(data.get("dice", [])):
        if not isinstance(roll, dict) or set(roll) != {"player", "faces"} or not (
                roll["player"] is None or _kind_ok(roll["player"], "int")) or not _kind_ok(roll["faces"], "strs") \
                or not roll["faces"]:
            raise RuleTestFailure(f"dice[{i}]: a roll is {{player (a seat, or null for the group), faces (one per die)}}")
    return data


def _rolls(log: list) -> list[dict]:
    """The rolls of a game's log, in order, each {player, faces}: a roll held for the kept cards (`rolled`) takes the
    faces of its dice rolled again (`reroll`) after its own, and the check that follows it is not a roll."""
    out: list[dict] = []
    held = None
    for e in log:
        if e["t"] == "rolled":
            held = {"player": e.get("player"), "faces": list(e.get("faces") or ())}
            out.append(held)
        elif e["t"] == "reroll" and held is not None:
            held["faces"].append(e.get("face"))
        elif e["t"] == "dice":
            if held is not None:
                held = None
            else:
                out.append({"player": e.get("player"), "faces": e.get("faces")})
    return out


_DOCS = {
    "format": "the rule-test format: 2", "name": "what the test shows, in our own words",
    "rulebook": "the rulebook file the test checks", "section": "the headings it checks, outermost first, each a whole line",
    "rules": "the content rule records it checks: `<record id>#<rule id>`, `#<phase>/<step>` or `#setup/<step>`",
    "interpretations": "the interpretation records it follows where the text does not settle the rule",
    "note": "a remark for readers", "content": "the packs and the setup record the game is made from",
    "players": "the player count", "seed": "the game's seed", "setup": "support decks stacked before the setup draws",
    "given": "the state the test starts from: declared zones and counters, phase and step, systems' keys",
    "dice": "the forced rolls, in order (a die rolled again adds its new face to its roll)", "actions": "partial actions, applied in order",
    "expect": "what holds at the end", "checkpoints": "what holds right after the actions named with `as`",
    "packs": "pack folders, each a path relative to the test file", "game": "the game id (default game:paleo)",
    "scenario": "a scenario, level or suggestion id, or module letters joined by +", "modules": "module ids",
    "boards": "board ids", "options": "the setup options the game definition declares",
}
_JSON = {"int": {"type": "integer"}, "str": {"type": "string"}, "dict": {"type": "object"}, "list": {"type": "array"},
         "strs": {"type": "array", "items": {"type": "string"}}, "bool": {"type": "boolean"}}


def format_schema() -> dict:
    """The rule-test format as JSON Schema (Draft 2020-12), from the same tables the runner checks against."""
    def props(table):
        return {k: {**_JSON[v], "description": _DOCS.get(k, "")} for k, v in table.items()}

    expectation = {"type": "object", "minProperties": 1, "additionalProperties": False, "properties": {
        "state": {"type": "object", "minProperties": 1, "description": "partially matched against the view of the state"},
        "events": {"type": "array", "minItems": 1, "items": {"type": "object", "required": ["t"]},
                   "description": "an ordered subsequence of the events since the given state"},
        "absent_events": {"type": "array", "minItems": 1, "items": {"type": "object", "required": ["t"]},
                          "description": "events that must not happen"},
        "outcome": {"type": "object", "minProperties": 1, "description": "partially matched against the outcome"},
        "legal": {"type": "object", "additionalProperties": False, "minProperties": 1,
                  "properties": {"includes": {"type": "array", "items": {"type": "object", "minProperties": 1}},
                                 "excludes": {"type": "array", "items": {"type": "object", "minProperties": 1}}}},
        "observation": {"type": "object", "required": ["player", "expect"], "additionalProperties": False,
                        "properties": {"player": {"type": "integer"}, "expect": {"type": "object", "minProperties": 1}}}}}
    top = props(TOP)
    top["format"] = {"const": FORMAT, "description": _DOCS["format"]}
    top["section"] = {**top["section"], "minItems": 1}
    top["content"] = {"type": "object", "additionalProperties": False, "properties": props(CONTENT),
                      "description": _DOCS["content"]}
    top["expect"] = {**expectation, "description": _DOCS["expect"]}
    top["checkpoints"] = {"type": "object", "additionalProperties": expectation, "description": _DOCS["checkpoints"]}
    top["dice"] = {"type": "array", "description": _DOCS["dice"], "items": {
        "type": "object", "required": ["player", "faces"], "additionalProperties": False,
        "properties": {"player": {"type": ["integer", "null"]},
                       "faces": {"type": "array", "minItems": 1, "items": {"type": "string"}}}}}
    top["actions"] = {"type": "array", "description": _DOCS["actions"], "items": {
        "type": "object", "required": ["type"], "properties": {
            "type": {"type": "string"}, "illegal": {"const": True, "description": "no legal action matches; apply refuses it"},
            "as": {"type": "string", "description": "names a checkpoint"}}}}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Paleo Codex rule test, format 2",
            "type": "object", "required": list(REQUIRED), "additionalProperties": False, "properties": top,
            "anyOf": [{"required": ["rules"]}, {"required": ["interpretations"]}]}


def _cut(v) -> str:
    return escape(v, 60)


# ------------------------------------------------------------------ running
def new_test_game(test: dict, bundle: dict) -> Game:
    content = test["content"]
    return Game.new(bundle, game=content.get("game", "game:paleo"), scenario=content.get("scenario"),
                    modules=content.get("modules"), boards=content.get("boards"), options=content.get("options"),
                    players=int(test.get("players", 2)), seed=int(test.get("seed", 0)), stack=test.get("setup"))


def _set_start(g: Game, given: dict) -> dict:
    """`given.phase` / `given.step`: where the game starts (a declared phase and one of its steps)."""
    given = dict(given)
    phase, step = given.pop("phase", None), given.pop("step", None)
    if phase is None and step is None:
        return given
    lay = g.layout
    phase = phase or g.s["phase"]
    if phase not in lay.phases:
        raise RuleTestFailure(f"given.phase: `{_cut(phase)}` is not a phase; this game has {', '.join(lay.phases)}")
    step = step or lay.first_step(phase)
    if step not in lay.step_names[phase]:
        raise RuleTestFailure(f"given.step: `{_cut(step)}` is not a step of {phase}: {', '.join(lay.step_names[phase])}")
    g.goto(phase, step)
    return given


def _slug(name: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())


def rule_refs(bundle: dict) -> dict[str, str]:
    """Every content rule record a test can name -> its record: `<record id>#<rule id>` for a rule,
    `<record id>#<phase>/<step>` for a step of a phase, `<record id>#setup/<step>` for a setup step."""
    out = {}
    for key in ("games", "products", "modules", "boards"):
        for rec in bundle.get(key, []):
            rid = rec.get("id")
            for r in rec.get("rules") or []:
                out[f"{rid}#{r.get('id')}"] = rid
            for ph in rec.get("phases") or []:
                for st in ph.get("steps") or []:
                    out[f"{rid}#{_slug(ph.get('name', ''))}/{_slug(st.get('name', ''))}"] = rid
            for st in rec.get("setup") or []:
                out[f"{rid}#setup/{_slug(st.get('name', ''))}"] = rid
    return out


def _check_refs(test: dict, bundle: dict) -> None:
    refs = rule_refs(bundle)
    for r in test.get("rules", []):
        if r not in refs:
            near = sorted(x for x in refs if x.split("#")[0] == r.split("#")[0])[:6]
            raise RuleTestFailure(f"rules: no content rule record `{_cut(r)}`" + (f"; that record has {', '.join(near)}" if near else ""))
    known = {i.get("id") for i in bundle.get("interpretations", [])}
    for i in test.get("interpretations", []):
        if i not in known:
            raise RuleTestFailure(f"interpretations: no interpretation record `{_cut(i)}`")


def run_test(test: dict, bundle: dict) -> None:
    check_test(test)
    _check_refs(test, bundle)
    g = new_test_game(test, bundle)
    given = _set_start(g, test.get("given") or {})
    if "dice" in test:
        if "dice" in given:
            raise RuleTestFailure("given.dice and dice: give the forced rolls once, per roll in `dice`")
        given["dice"] = [f for roll in test["dice"] for f in roll["faces"]]
    start = len(g.log)  # what the given state sets off (a step it starts at) counts among the events
    apply_given(g, given)
    _invariants(g, "the given state")
    checkpoints = test.get("checkpoints") or {}
    problems: list[str] = []
    for i, a in enumerate(test.get("actions") or []):
        want = {k: v for k, v in a.items() if k not in RESERVED_ACTION_KEYS}
        legal = g.legal_actions()
        hits = [x for x in legal if matches(want, x) or matches(want, _named(g, x))]
        if a.get("illegal"):
            if hits:
                raise RuleTestFailure(f"action {i + 1} {json.dumps(want)} should be illegal but is legal: {hits[0]['label']}")
            before = g.to_json()
            try:
                g.apply(want)
            except IllegalAction:
                pass
            else:
                raise RuleTestFailure(f"action {i + 1}: apply accepted an illegal action")
            if g.to_json() != before:
                raise RuleTestFailure(f"action {i + 1}: a refused action changed the state")
            continue
        if not hits:
            raise RuleTestFailure(f"action {i + 1} {json.dumps(want)} is not legal; legal: "
                                  + "; ".join(x["label"] for x in legal[:15]))
        g.apply(hits[0])
        _invariants(g, f"after action {i + 1}")
        if a.get("as") in checkpoints:
            problems += [f"after `{a['as']}`: {p}" for p in _expectations(g, checkpoints[a["as"]], g.log[start:])]
    if "expect" in test:
        problems += _expectations(g, test["expect"], g.log[start:])
    if "dice" in test:
        rolled = _rolls(g.log[start:])
        if rolled != test["dice"] or g.s.get("forced_dice"):
            problems.append(f"dice: the rolls were {json.dumps(rolled)}, not the forced {json.dumps(test['dice'])}")
    if problems:
        raise RuleTestFailure("; ".join(problems))


def _expectations(g: Game, exp: dict, events: list) -> list[str]:
    problems = []
    if "state" in exp:
        problems += _diff(exp["state"], view(g))
    if "outcome" in exp:
        problems += _diff(exp["outcome"], g.outcome or {}, ".outcome")
    if "events" in exp:
        msg = _subsequence(exp["events"], events)
        if msg:
            problems.append(msg)
    for e in exp.get("absent_events", []):
        if any(matches(e, x) for x in events):
            problems.append(f"event {json.dumps(e)} should not happen")
    legal = exp.get("legal") or {}
    now = g.legal_actions()
    for e in legal.get("includes", []):
        if not any(matches(e, x) or matches(e, _named(g, x)) for x in now):
            problems.append(f"legal actions lack {json.dumps(e)}")
    for e in legal.get("excludes", []):
        bad = [x for x in now if matches(e, x) or matches(e, _named(g, x))]
        if bad:
            problems.append(f"legal actions should not include {bad[0]['label']}")
    if "observation" in exp:
        o = exp["observation"]
        problems += _diff(o["expect"], g.observation(int(o["player"])), f".observation[{o['player']}]")
    return problems


def _invariants(g: Game, when: str) -> None:
    bad = violations(g)
    if bad:
        raise RuleTestFailure(f"{when}: " + "; ".join(bad[:5]))


def _named(g: Game, action: dict) -> dict:
    """The action with card instances (person, idea, animal, target) written as card ids, as tests name them."""
    out = dict(action)
    for k in ("person", "idea", "animal", "target", "dino") + (() if out.get("type") == "choose" else ("card",)):
        if isinstance(out.get(k), int):  # (a choose action's `card` is a position among the top cards)
            out[k] = g.s["cards"][out[k]]
    return out


def discover(root: Path) -> list[Path]:
    return sorted((root / "tests" / "rules").glob("*.json"))


def load_test(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise RuleTestFailure("not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise RuleTestFailure(f"not JSON: {exc}") from None
    return check_test(data)


def _expand(files, root: Path, err) -> list[Path] | None:
    """The rule test files named on the command line (a folder means its *.json); None after a missing path."""
    paths: list[Path] = []
    for f in files:
        p = Path(f)
        if p.is_dir():
            paths.extend(sorted(p.glob("*.json")))
        elif p.is_file():
            paths.append(p)
        else:
            err.write(f"paleo test: no such file or folder: {_cut(f)}\n")
            return None
    return paths


def _junit(path: Path, results: list[tuple]) -> None:
    """JUnit XML for CI (one test case per rule test, grouped by rulebook), written atomically."""
    suites = ET.Element("testsuites", name="paleo rule tests", tests=str(len(results)),
                        failures=str(sum(1 for r in results if r[3] is not None)))
    by_book: dict = {}
    for r in results:
        by_book.setdefault(r[1], []).append(r)
    for book, rs in sorted(by_book.items()):
        suite = ET.SubElement(suites, "testsuite", name=book, tests=str(len(rs)),
                              failures=str(sum(1 for r in rs if r[3] is not None)))
        for name, _, title, failure, _systems in rs:
            case = ET.SubElement(suite, "testcase", classname=book, name=f"{name}: {title}")
            if failure is not None:
                ET.SubElement(case, "failure", message=failure[:300]).text = failure
    tmp = path.with_name(path.name + ".tmp")
    ET.ElementTree(suites).write(tmp, encoding="utf-8", xml_declaration=True)
    os.replace(tmp, path)


def main(files, bundle=None, root=None, out=None, err=None, junit=None, build=None) -> int:
    """Run rule tests (default: every tests/rules/*.json); 0 when all pass, 1 when one fails, 2 on bad input.

    The bundle is built already: `bundle` (a path or a parsed bundle) for every test, or `build(root, packs)`,
    called once per pack set (a tuple of pack folders), giving the bundle of a test's packs. The runtime
    never compiles: `paleo test` (compiler/ruletest_packs.py) passes the compiler's build."""
    out = out or sys.stdout
    err = err or sys.stderr
    root = Path(root or ".").resolve()
    paths = _expand(files, root, err) if files else discover(root)
    if paths is None:
        return 2
    if not paths:
        err.write("paleo test: no rule tests found" + ("" if files else f" in {root / 'tests' / 'rules'}") + "\n")
        return 2
    fixed = None
    if not bundle and build is None:
        err.write("paleo test: the rule tests need a built bundle: give one (--bundle FILE), or run them with "
                  "`paleo test`, which compiles each test's packs\n")
        return 2
    if bundle:
        try:
            fixed = load_bundle(bundle)
        except BundleError as exc:
            err.write(f"paleo test: {exc}\n")
            return 2
    bundles: dict = {}
    results = []
    for path in paths:
        book, title, systems = _peek(path), "?", ()
        try:
            t = load_test(path)
            book, title = t["rulebook"], t["name"]
            systems = tuple(sorted({r.split("#")[0] for r in t.get("rules", [])})) or ("interpretations only",)
            packs = pack_paths(path.resolve(), t["content"].get("packs", []))
            if fixed is not None:
                b = fixed
            else:
                if packs not in bundles:
                    bundles[packs] = build(root, packs)
                b = bundles[packs]
            run_test(t, b)
        except Exception as exc:  # every failure is reported per test, never as a traceback
            kind = "" if isinstance(exc, RuleTestFailure) else f"{type(exc).__name__}: "
            msg = _cut_long(f"{kind}{exc}")
            results.append((path.name, book, title, msg, systems))
            out.write(f"FAIL {path.name}: {msg}\n")
            continue
        results.append((path.name, book, title, None, systems))
        out.write(f"ok   {path.name}: {_cut_long(title)}\n")
    failed = sum(1 for r in results if r[3] is not None)
    out.write("\nper rulebook:\n")
    for book in sorted({r[1] for r in results}):
        rs = [r for r in results if r[1] == book]
        bad = sum(1 for r in rs if r[3] is not None)
        out.write(f"  {_cut(book):<28} {len(rs) - bad} passed, {bad} failed\n")
    out.write("per system (the records whose rules the tests check):\n")
    for sysname in sorted({s for r in results for s in r[4]}):
        rs = [r for r in results if sysname in r[4]]
        bad = sum(1 for r in rs if r[3] is not None)
        out.write(f"  {_cut(sysname):<28} {len(rs) - bad} passed, {bad} failed\n")
    if junit:
        try:
            _junit(Path(junit), results)
        except OSError as exc:
            err.write(f"paleo test: cannot write {_cut(junit)}: {exc.strerror or exc}\n")
            return 2
    out.write(f"\n{len(paths) - failed} passed, {failed} failed\n")
    return 1 if failed else 0


def _peek(path: Path) -> str:
    """The rulebook a test file names, for the counts, even when the test itself is malformed."""
    try:
        book = json.loads(path.read_text(encoding="utf-8")).get("rulebook")
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        return "unreadable"
    return book if isinstance(book, str) else "unknown"


def _cut_long(text: str, limit: int = 2000) -> str:
    return escape(text, limit, keep="\n")
