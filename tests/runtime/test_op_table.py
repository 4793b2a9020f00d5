"""Op tables keyed by (symbol, position): checked against the registry at import, and refusing by name at play."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from runtime import NotPlayable, new_game
from runtime.core import (
    OpDeclarationError,
    OpError,
    OpTable,
    Unplayable,
    compile_option,
)
from runtime.games.paleo import PALEO

ROOT = Path(__file__).resolve().parents[2]
# a test registry: symbol id -> (positions, parameter names, count parameter names)
REGISTRY = {
    "symbol:glow": (("reward", "cost"), ("n", "colour"), ("n",)),
    "symbol:hum": (("reward", "trigger"), (), ()),
}


def _ir(sym: str, position: str, args: dict) -> dict:
    kind = {"requirement": "require", "cost": "cost", "reward": "reward", "negative": "suffer"}[position]
    return {"node": "option", "clauses": [{"node": "clause", "kind": kind, "position": position,
                                           "body": {"node": "call", "symbol": sym, "args": args}}]}


def test_an_op_for_a_position_the_registry_does_not_declare_fails_at_import(tmp_path, monkeypatch):
    module = tmp_path / "stray_ops.py"
    module.write_text(
        "from runtime.core import OpTable\n"
        f"OPS = OpTable({REGISTRY!r})\n"
        "@OPS.op('symbol:glow', 'negative')\n"
        "def glow_lost(n=1):\n"
        "    return lambda g, ctx: None\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location("stray_ops", module)
    with pytest.raises(OpDeclarationError, match=r"`symbol:glow` as a negative: the registry declares reward, cost"):
        spec.loader.exec_module(importlib.util.module_from_spec(spec))


def test_an_op_taking_a_parameter_the_registry_does_not_name_or_an_unknown_symbol_fails():
    table = OpTable(REGISTRY)
    with pytest.raises(OpDeclarationError, match="takes `amount`"):
        table.op("symbol:glow", "reward")(lambda amount=1: None)
    with pytest.raises(OpDeclarationError, match="does not define"):
        table.op("symbol:fizz", "reward")(lambda: None)
    table.op("symbol:glow", "reward")(lambda n=1: None)
    with pytest.raises(OpDeclarationError, match="registered twice"):
        table.op("symbol:glow", "reward")(lambda n=1: None)


def test_an_op_receives_its_arguments_by_the_registry_names():
    table = OpTable(REGISTRY)
    seen = []

    @table.op("symbol:glow", "reward")
    def glow(n=1, colour=None):
        seen.append((n, colour))
        return lambda g, ctx: None

    compile_option(0, "", _ir("symbol:glow", "reward", {"n": 3, "colour": "red"}), table)
    compile_option(0, "", _ir("symbol:glow", "reward", {"n": "many"}), table)  # not a count: the default
    assert seen == [(3, "red"), (1, None)]


def test_a_declared_position_without_an_op_is_refused_naming_symbol_and_position():
    table = OpTable(REGISTRY, refusal="`{symbol}` has no runtime meaning as a {position} here")

    @table.op("symbol:glow", "reward")
    def glow(colour=None):
        if colour is None:
            raise Unplayable
        return lambda g, ctx: None

    table.trigger("symbol:hum")
    with pytest.raises(OpError, match=r"^`symbol:glow` has no runtime meaning as a cost here$"):
        compile_option(0, "", _ir("symbol:glow", "cost", {}), table)
    with pytest.raises(OpError, match=r"^`symbol:glow` has no runtime meaning as a reward here$"):
        compile_option(0, "", _ir("symbol:glow", "reward", {}), table)  # its arguments are not played
    with pytest.raises(OpError, match=r"^`symbol:hum` has no runtime meaning as a reward here$"):
        compile_option(0, "", _ir("symbol:hum", "reward", {}), table)  # heard in `on hum:` only
    assert "symbol:hum" in table.symbols


def _with_option(bundle: dict, card_id: str, ir: dict) -> dict:
    b = {**bundle, "cards": [dict(c) for c in bundle["cards"]]}
    card = next(c for c in b["cards"] if c["id"] == card_id)
    card["options"] = [{"text": "x", "ir": ir}]
    return b


def test_a_dealt_card_using_a_position_without_an_op_makes_the_game_not_playable(bundle):
    # `symbol:destroy-this-card` declares the cost position, which no op of the Paleo systems plays
    assert ("symbol:destroy-this-card", "cost") not in OpTable.merge(s.ops for s in PALEO.all_systems()).entries
    b = _with_option(bundle, "card:synthetic/c-watchtower", _ir("symbol:destroy-this-card", "cost", {}))
    with pytest.raises(NotPlayable) as exc:
        new_game(b, scenario="C", players=2, seed=0)
    assert ("card:synthetic/c-watchtower: option 1: `symbol:destroy-this-card` has no runtime meaning as a cost"
            in exc.value.facts)


def test_a_dealt_card_using_a_symbol_no_op_plays_makes_the_game_not_playable(bundle):
    b = _with_option(bundle, "card:synthetic/c-watchtower", _ir("symbol:mood", "requirement", {"mood": "angry"}))
    with pytest.raises(NotPlayable) as exc:  # module O's symbol, module O not in play
        new_game(b, scenario="C", players=2, seed=0)
    assert "card:synthetic/c-watchtower: option 1: symbol `symbol:mood` has no runtime implementation" in exc.value.facts


def test_the_generated_registry_data_is_that_of_the_content():
    spec = importlib.util.spec_from_file_location("registry_data_script", ROOT / "scripts" / "registry_data.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    for game, rel in script.GAMES.items():
        assert (ROOT / rel).read_text(encoding="utf-8") == script.render(game, ROOT), \
            f"{rel} is out of date with content/symbols (run python scripts/registry_data.py)"
