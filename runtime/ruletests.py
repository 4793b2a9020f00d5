"""Rule tests as data: a given state, actions (with forced dice and deck order), expected state and events.

A rule test is a JSON file (standard library only, like the rest of the runtime):

    {
      "name": "a danger card cannot be ignored",
      "rulebook": "002_56cce9db253ede81.txt",
      "section": ["Day Phase: Exploring the Unknown", "3. Resolving Cards:"],
      "content": {"pack": "synthetic-base", "scenario": "A"},
      "players": 2, "seed": 1,
      "given": {"decks": {"0": ["card:synthetic/wolf-pack"]}, "res": {"food": 0}},
      "actions": [{"type": "choose", "player": 0, "card": 0}, {"type": "ignore", "player": 0, "illegal": true}],
      "expect": {"state": {"skulls": 0}, "events": [{"t": "reveal"}], "legal": {"excludes": [{"type": "ignore"}]}}
    }

`content` names the pack and the setup record (`scenario`, and optionally `boards` and
`options`); `interpretation` names the interpretation record a test of an unsettled rule
follows. `setup` stacks the support decks before the setup draws (`people`, `dreams`, `ideas`:
card ids, top first; players draw in seat order). `given` then sets the declared zones and
counters by their keys (`given_keys(game)` lists them; a zone per player is {seat: card ids};
decks and support decks top first, the others bottom first; counters by value), plus the keys
systems add: Paleo's `groups` (card ids or {card, wounds}), `tools` (per player, by tool name)
and `dice` (forced faces). An unknown key fails the test. Cards it displaces are set aside in
the `box` zone. `expect.state` is matched against `view()`: every declared zone and counter by
the same keys, plus `phase`, `step`, `pending`, `outcome` and the systems' keys. An action is a partial record: the one legal
action matching every field given is applied; `"illegal": true` asserts that no legal action
matches and that `apply` refuses it without changing the state. `expect` may hold `state`
(partially matched against `view()`), `events` (an ordered subsequence of the events after
`given`, each matched partially), `absent_events`, `outcome` and `legal` (`includes` /
`excludes`, partial records). Expected outcomes come from the rulebook text.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from .bundle import BundleError, load_bundle
from .core.invariants import violations
from .engine import Game, IllegalAction


class RuleTestFailure(Exception):
    pass


# ------------------------------------------------------------------ bundles
def pack_dir(root: Path, name: str) -> Path:
    return root / "tests" / "packs" / name


def build_pack_bundle(root: Path, name: str | None) -> dict:
    """Compile the bundled content plus the named pack (none: the bundled content alone) with `paleo build`."""
    extra = []
    if name:
        if not isinstance(name, str) or "/" in name or "\\" in name or not pack_dir(root, name).is_dir():
            raise RuleTestFailure(f"unknown pack `{name}` (packs are folders under tests/packs/)")
        extra = ["--content", str(pack_dir(root, name))]
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([sys.executable, "-m", "compiler", "build", *extra, "--out", tmp], cwd=root,
                              capture_output=True, text=True)
        out = Path(tmp) / "bundle.json"
        if not out.is_file():
            raise RuleTestFailure(f"cannot build the bundle for pack `{name}`:\n{proc.stdout}{proc.stderr}")
        return load_bundle(out)


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
                s[c.name][int(p)] = x if c.keys is None else {**s[c.name][int(p)], **x}
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
    if isinstance(expected, dict) and "$len" in expected:
        return isinstance(actual, (list, dict, str)) and len(actual) == expected["$len"]
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return False
        return all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            matches(e, a) for e, a in zip(expected, actual))
    return expected == actual


def _diff(expected, actual, path="") -> list[str]:
    if isinstance(expected, dict) and isinstance(actual, dict):
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


# ------------------------------------------------------------------ running
def run_test(test: dict, bundle: dict) -> None:
    content = test.get("content") or {}
    g = Game.new(bundle, game=content.get("game", "game:paleo"), scenario=content.get("scenario"),
                 boards=content.get("boards"), options=content.get("options"),
                 players=int(test.get("players", 2)), seed=int(test.get("seed", 0)), stack=test.get("setup"))
    apply_given(g, test.get("given") or {})
    _invariants(g, "the given state")
    start = len(g.log)
    for i, a in enumerate(test.get("actions") or []):
        want = {k: v for k, v in a.items() if k != "illegal"}
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
    exp = test.get("expect") or {}
    problems = []
    if "state" in exp:
        problems += _diff(exp["state"], view(g))
    if "outcome" in exp:
        problems += _diff(exp["outcome"], g.outcome or {}, ".outcome")
    events = g.log[start:]
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
    if problems:
        raise RuleTestFailure("; ".join(problems))


def _invariants(g: Game, when: str) -> None:
    bad = violations(g)
    if bad:
        raise RuleTestFailure(f"{when}: " + "; ".join(bad[:5]))


def _named(g: Game, action: dict) -> dict:
    """The action with card instances (person, idea) written as card ids, as tests name them."""
    out = dict(action)
    for k in ("person", "idea"):
        if isinstance(out.get(k), int):
            out[k] = g.s["cards"][out[k]]
    return out


def discover(root: Path) -> list[Path]:
    return sorted(p for p in (root / "tests" / "rules").glob("*.json") if p.name != "exclusions.json")


def load_test(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise RuleTestFailure("not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise RuleTestFailure(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RuleTestFailure("a rule test is a JSON object")
    for k in ("name", "rulebook", "section", "content", "expect"):
        if k not in data:
            raise RuleTestFailure(f"rule test lacks `{k}`")
    kinds = {"name": str, "rulebook": str, "section": list, "content": dict, "expect": dict, "given": dict,
             "setup": dict, "actions": list, "players": int, "seed": int}
    for k, t in kinds.items():
        if k in data and (not isinstance(data[k], t) or isinstance(data[k], bool)):
            raise RuleTestFailure(f"`{k}` must be a JSON {'object' if t is dict else t.__name__.replace('str', 'string')}")
    if not all(isinstance(a, dict) for a in data.get("actions", [])):
        raise RuleTestFailure("each action is a JSON object")
    return data


def _expand(files, root: Path, err) -> list[Path] | None:
    """The rule test files named on the command line (a folder means its *.json); None after a missing path."""
    paths: list[Path] = []
    for f in files:
        p = Path(f)
        if p.is_dir():
            paths.extend(sorted(x for x in p.glob("*.json") if x.name != "exclusions.json"))
        elif p.is_file():
            paths.append(p)
        else:
            err.write(f"paleo test: no such file or folder: {f}\n")
            return None
    return paths


def main(files, bundle=None, root=None, out=None, err=None) -> int:
    """Run rule tests (default: every tests/rules/*.json); 0 when all pass, 1 when one fails, 2 on bad input."""
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
    if bundle:
        try:
            fixed = load_bundle(bundle)
        except BundleError as exc:
            err.write(f"paleo test: {exc}\n")
            return 2
    bundles: dict = {}
    failed = 0
    for path in paths:
        try:
            t = load_test(path)
            pack = (t.get("content") or {}).get("pack")
            if fixed is not None:
                b = fixed
            else:
                if pack not in bundles:
                    bundles[pack] = build_pack_bundle(root, pack)
                b = bundles[pack]
            run_test(t, b)
        except Exception as exc:  # every failure is reported per test, never as a traceback
            failed += 1
            kind = "" if isinstance(exc, RuleTestFailure) else f"{type(exc).__name__}: "
            out.write(f"FAIL {path.name}: {kind}{exc}\n")
            continue
        out.write(f"ok   {path.name}: {t['name']}\n")
    out.write(f"\n{len(paths) - failed} passed, {failed} failed\n")
    return 1 if failed else 0
