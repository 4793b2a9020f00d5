"""Nothing is played that no rule test checks: every registry symbol in every position, and every IR node kind,
is either refused (the game is then not playable, naming it) or exercised by a rule test that fails without it.

Symbols are checked by mutation: each op the engine plays in a position is replaced by a neutral one
(a requirement that asks nothing, a cost that takes nothing, an effect that does nothing, and no mark
on its option) and the rule tests are run again; at least one must fail. A registered no-op therefore
never counts as played. IR node kinds are checked by the rule tests' resolved options: an accepted kind
must appear in an option some passing rule test resolves, and a kind the runtime refuses must make a
bundle that uses it not playable.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path

import pytest

from runtime import NotPlayable, new_game
from runtime.core import OpError, OpTable, Play, compile_option
from runtime.core.definition import REGISTRY
from runtime.games.paleo import PALEO, PaleoDefinition, rules as paleo_rules
from compiler.ruletest_packs import build_pack_bundle
from runtime.ruletests import RuleTestFailure, discover, load_test, pack_paths, run_test

ROOT = Path(__file__).resolve().parents[2]
ARGS = {"n": 1, "item": "symbol:raft", "secret": {"ref": "secret", "number": 1}, "tool": None, "color": "purple"}
NEUTRAL = {
    "requirement": lambda need: None,
    "cost": lambda g, ctx, do: True,
    "reward": lambda g, ctx: None,
    "negative": lambda g, ctx: None,
}


def _call_ir(sym: str, position: str, params: list) -> dict:
    args = {p["name"]: ARGS.get(p["name"], 1) for p in params if p["name"] in ARGS or p.get("type") in ("count", "int")}
    kind = {"requirement": "require", "cost": "cost", "reward": "reward", "negative": "suffer"}[position]
    return {"node": "option", "clauses": [{"node": "clause", "kind": kind, "position": position,
                                           "body": {"node": "call", "symbol": sym, "args": args}}]}


def _all_ops() -> OpTable:
    """The op table of every system of the Paleo definition (base, farm, modules)."""
    return OpTable.merge(system.ops for system in PALEO.all_systems())


def _neutral(table: OpTable, sym: str, pos: str) -> OpTable:
    """`table` with its op for (sym, pos), when it has one, made neutral: no effect and no mark on its option."""
    op = table.entries.get((sym, pos))
    if op is None:
        return table
    return table.replaced(dataclasses.replace(op, make=lambda: NEUTRAL[pos], params=(), help=False, usable=None))


def _played(bundle) -> tuple[list, list]:
    """(played, refused) (symbol, position) pairs of game:paleo's registry symbols."""
    ops = _all_ops()
    played, refused = [], []
    for sym in bundle["symbols"]:
        if "game:paleo" not in (sym.get("games") or []):
            continue
        for pos in sym.get("positions") or []:
            if pos == "trigger":
                continue
            pair = (sym["id"], pos)
            if sym["id"] not in ops:
                refused.append(pair)
                continue
            try:
                compile_option(0, "", _call_ir(sym["id"], pos, sym.get("params") or []), ops)
            except OpError:
                refused.append(pair)
            else:
                played.append(pair)
    return played, refused


_BUNDLES: dict = {}


def _tests():
    """(name, test, bundle): each rule test with the bundle of its own packs (built once per pack set)."""
    out = []
    for p in discover(ROOT):
        t = load_test(p)
        packs = pack_paths(p.resolve(), t["content"].get("packs", []))
        if packs not in _BUNDLES:
            _BUNDLES[packs] = build_pack_bundle(ROOT, packs)
        out.append((p.name, t, _BUNDLES[packs]))
    return out


def _first_failure(tests, bundle=None) -> str | None:
    for name, t, b in tests:
        try:
            run_test(t, b)
        except (RuleTestFailure, AssertionError, NotPlayable):
            return name
    return None


class _Mutated(PaleoDefinition):
    """The Paleo definition with one op made neutral in one position, in whichever system owns it."""

    def __init__(self, sym, pos):
        super().__init__()
        for system in self.systems:
            system.ops = _neutral(system.ops, sym, pos)


def test_the_unmutated_rule_tests_pass(bundle):
    assert _first_failure(_tests(), bundle) is None


class _Spied(PaleoDefinition):
    """The Paleo definition with every op recording, when it is played, the rule test that plays it."""

    def __init__(self, users: dict, current: dict):
        super().__init__()
        for system in self.systems:
            table = system.ops
            for op in list(table.entries.values()):
                table = table.replaced(dataclasses.replace(op, make=self._spy(op, users, current)))
            system.ops = table

    @staticmethod
    def _spy(op, users, current):
        def make(**args):
            made = op.make(**args)
            fn = made.run if isinstance(made, Play) else made

            @functools.wraps(fn)
            def played(*a, **k):
                users.setdefault((op.symbol, op.position), set()).add(current["name"])
                return fn(*a, **k)

            return dataclasses.replace(made, run=played) if isinstance(made, Play) else played

        return make


def _users(tests, monkeypatch) -> dict:
    """(symbol, position) -> the rule tests whose play calls that op, from one spied run of them all."""
    users: dict = {}
    current = {"name": None}
    monkeypatch.setitem(REGISTRY, "game:paleo", _Spied(users, current))
    paleo_rules._CACHE.clear()
    for name, t, b in tests:
        current["name"] = name
        try:
            run_test(t, b)
        except (RuleTestFailure, AssertionError, NotPlayable):
            pass  # the unmutated run is checked by its own test; this run only learns who plays what
    monkeypatch.undo()
    paleo_rules._CACHE.clear()
    return users


def test_every_played_symbol_position_is_asserted_by_a_rule_test(bundle, monkeypatch):
    played, refused = _played(bundle)
    assert len(played) >= 40 and refused
    tests = _tests()
    users = _users(tests, monkeypatch)
    unasserted = []
    for sym, pos in played:
        # every rule test is still run against the mutation; the ones that play the op go first, as one of
        # them is almost always the test that fails without it
        mine = users.get((sym, pos), set())
        ordered = sorted(tests, key=lambda x: x[0] not in mine)
        monkeypatch.setitem(REGISTRY, "game:paleo", _Mutated(sym, pos))
        paleo_rules._CACHE.clear()
        if _first_failure(ordered, bundle) is None:
            unasserted.append(f"{sym} as a {pos}")
    paleo_rules._CACHE.clear()
    assert not unasserted, "played, yet no rule test fails when the op does nothing: " + ", ".join(unasserted)


def _with_card(bundle, options: list[dict]) -> dict:
    """The bundle with module C's Watchtower given these compiled options (the runtime reads IR from bundles)."""
    b = json.loads(json.dumps(bundle))
    card = next(c for c in b["cards"] if c["id"] == "card:synthetic/c-watchtower")
    card["options"] = options
    return b


def test_every_refused_symbol_position_makes_the_game_not_playable(bundle):
    _, refused = _played(bundle)
    syms = {s["id"]: s for s in bundle["symbols"]}
    for sym, pos in refused:
        ir = _call_ir(sym, pos, syms[sym].get("params") or [])
        with pytest.raises(NotPlayable) as exc:
            new_game(_with_card(bundle, [{"text": "x", "ir": ir}]), scenario="C", players=2, seed=0)
        assert sym in str(exc.value.facts), (sym, pos)


def _node_kinds() -> set[str]:
    from compiler.effects.ir import CLAUSE_KINDS, NODES, TRIGGER_KINDS

    out = {n for n in NODES if n != "clause"} | {f"trigger:{t}" for t in TRIGGER_KINDS}
    for k in CLAUSE_KINDS:
        out |= {f"clause:{k}", f"clause:{k}:everyone"}
    return out


def _resolved_nodes(tests, bundle, monkeypatch) -> dict[str, str]:
    """Node kind -> the first passing rule test that resolves an option made with it."""
    from runtime.games.paleo import resolve

    seen: dict[str, str] = {}
    current = {"name": None}
    real = resolve.resolve_option

    def spy(g, iid, opt, ctx, fin, rolled=False):
        for k in opt.nodes:
            seen.setdefault(k, current["name"])
        return real(g, iid, opt, ctx, fin, rolled)

    monkeypatch.setattr(resolve, "resolve_option", spy)
    for name, t, b in tests:
        current["name"] = name
        before = dict(seen)
        try:
            run_test(t, b)
        except RuleTestFailure:
            seen.clear()
            seen.update(before)  # only passing tests count
    return seen


REFUSED_NODE_IR = {
    # `...`: a part the rulebook does not state, which no game plays until a pack fills it in
    "unstated": {"node": "option", "clauses": [
        {"node": "clause", "kind": "reward", "position": "reward", "body": {"node": "unstated"}}]},
    "clause:reward:everyone": {"node": "option", "clauses": [
        {"node": "clause", "kind": "reward", "position": "reward", "everyone": True,
         "body": {"node": "call", "symbol": "symbol:food", "args": {"n": 1}}}]},
}


def test_every_ir_node_kind_is_played_by_a_rule_test_or_refused(bundle, monkeypatch):
    kinds = _node_kinds()
    seen = _resolved_nodes(_tests(), bundle, monkeypatch)
    missing = sorted(k for k in kinds if k not in seen and k not in REFUSED_NODE_IR)
    assert not missing, f"IR node kinds neither resolved by a passing rule test nor refused: {missing}"
    for kind, ir in REFUSED_NODE_IR.items():
        assert kind not in seen
        with pytest.raises(NotPlayable):
            new_game(_with_card(bundle, [{"text": kind, "ir": ir}]), scenario="C", players=2, seed=0)
    with pytest.raises(NotPlayable, match="no runtime implementation"):
        new_game(_with_card(bundle, [{"text": "x", "ir": {"node": "option", "clauses": [
            {"node": "clause", "kind": "reward", "position": "reward",
             "body": {"node": "twist", "items": []}}]}}]), scenario="C", players=2, seed=0)


def test_every_symbol_that_may_trigger_is_heard(bundle):
    """Every symbol the registry lets trigger (`on <symbol>:`) is played by its game, so an `on` option listening
    for it compiles."""
    for game, ops in (("game:paleo", _all_ops()), ("game:paleovet", _vet_ops())):
        triggers = [s["id"] for s in bundle["symbols"] if "trigger" in (s.get("positions") or [])
                    and game in (s.get("games") or [])]
        assert triggers and set(triggers) <= ops.symbols, game


# ------------------------------------------------------------------ PaleoVet: the same walk over its own ops
def _vet_ops() -> OpTable:
    from runtime.games.paleovet import PALEOVET

    return OpTable.merge(system.ops for system in PALEOVET.all_systems())


def test_every_played_paleovet_symbol_position_is_asserted_by_a_rule_test(bundle, monkeypatch):
    """PaleoVet's ops, each made neutral in each position it plays (a lasting effect then lasts nothing), must make
    one of PaleoVet's rule tests fail."""
    from runtime.games.paleovet import PaleoVetDefinition, rules as vet_rules

    ops = _vet_ops()
    played = []
    for sym in bundle["symbols"]:
        if "game:paleovet" not in (sym.get("games") or []) or sym["id"] not in ops:
            continue
        for pos in sym.get("positions") or []:
            if pos == "trigger":
                continue
            try:
                compile_option(0, "", _call_ir(sym["id"], pos, sym.get("params") or []), ops)
            except OpError:
                continue
            played.append((sym["id"], pos))
    assert len(played) >= 10
    tests = [x for x in _tests() if x[1]["content"].get("game") == "game:paleovet"]
    assert tests

    class Mutated(PaleoVetDefinition):
        def __init__(self, sym, pos):
            super().__init__()
            for system in self.systems:
                system.ops = _neutral(system.ops, sym, pos)

    unasserted = []
    for sym, pos in played:
        monkeypatch.setitem(REGISTRY, "game:paleovet", Mutated(sym, pos))
        vet_rules._CACHE.clear()
        if _first_failure(tests) is None:
            unasserted.append(f"{sym} as a {pos}")
    vet_rules._CACHE.clear()
    assert not unasserted, "played, yet no PaleoVet rule test fails when the op does nothing: " + ", ".join(unasserted)
