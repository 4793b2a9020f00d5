"""The runtime engine: API contract, refusals, determinism, stdlib-only import, not-playable reports."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from runtime import BundleError, IllegalAction, NotPlayable, SetupError, load_bundle
from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
from runtime.games.paleo.ops import OPS
from runtime.games.paleo.state import roll
from runtime.sim import play
new_game = Game.new

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def test_unknown_major_format_version_is_refused(bundle):
    with pytest.raises(BundleError, match="major version 2"):
        load_bundle(dict(bundle, format_version="2.0.0"))
    assert load_bundle(dict(bundle, format_version="1.9.3"))


def test_runtime_imports_only_the_standard_library(bundle_file):
    code = textwrap.dedent(f"""
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("lark", "pydantic", "networkx", "yaml", "ruamel", "compiler", "jsonschema"):
                    raise ImportError("blocked: " + name)
        sys.meta_path.insert(0, Block())
        import runtime, runtime.sim, runtime.ruletests, runtime.policies, runtime.core.invariants
        from runtime import load_bundle
        from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
        new_game = Game.new
        b = load_bundle({str(bundle_file)!r})
        g = new_game(b, scenario="A", players=2, seed=3)
        while not g.is_terminal():
            g.apply(g.legal_actions()[0])
        print(g.outcome["result"])
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() in ("win", "loss", "unfinished")


def test_bundled_content_alone_is_not_playable(bundled_only):
    with pytest.raises(NotPlayable) as exc:
        new_game(bundled_only, scenario="A", players=2, seed=0)
    facts = exc.value.facts
    assert any("base card set" in f for f in facts)
    assert any("people cards" in f for f in facts)
    assert "not playable" in str(exc.value)


def test_every_base_symbol_has_an_implementation(bundle):
    import yaml

    declared = [s["id"] for s in yaml.safe_load((ROOT / "content" / "symbols" / "paleo.yaml").read_text())["symbols"]]
    assert declared
    assert set(declared) <= {s["id"] for s in bundle["symbols"]}
    missing = sorted(set(declared) - OPS.symbols)
    assert not missing, f"base-game symbols without a runtime op: {missing}"


def test_unimplemented_symbol_is_named(bundle):
    b = json.loads(json.dumps(bundle))
    card = next(c for c in b["cards"] if c["id"] == "card:synthetic/forest-glade")
    card["options"][0]["ir"]["clauses"][0]["body"]["symbol"] = "symbol:venerate-place"
    with pytest.raises(NotPlayable, match="symbol:venerate-place"):
        new_game(b, scenario="A", players=2, seed=0)


def test_player_count_outside_the_game_is_refused(bundle):
    with pytest.raises(SetupError):
        new_game(bundle, scenario="A", players=5, seed=0)


def test_illegal_action_is_refused_and_changes_nothing(bundle):
    g = new_game(bundle, scenario="A", players=2, seed=4)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="legal now"):
        g.apply({"type": "choose", "player": 0, "card": 7, "order": []})
    with pytest.raises(IllegalAction):
        g.apply({"type": "teleport", "player": 0})
    assert g.to_json() == before


def test_legal_actions_are_labelled_serialisable_and_ordered(bundle):
    g = new_game(bundle, scenario="A", players=3, seed=5)
    acts = g.legal_actions()
    assert all(isinstance(a["label"], str) and a["label"] for a in acts)
    assert json.loads(json.dumps(acts)) == acts
    assert [a["player"] for a in acts] == sorted(a["player"] for a in acts)
    assert g.current_players() == [0, 1, 2]


def test_same_seed_same_event_log_bytes(bundle):
    logs = []
    for _ in range(2):
        g = play(bundle, game="game:paleo", scenario="A", players=3, seed=11, policy="random")
        logs.append(json.dumps(g.log, sort_keys=True))
    assert logs[0] == logs[1]
    other = play(bundle, game="game:paleo", scenario="A", players=3, seed=12, policy="random")
    assert json.dumps(other.log, sort_keys=True) != logs[0]


def test_clone_is_independent(bundle):
    g = new_game(bundle, scenario="A", players=2, seed=6)
    c = g.clone()
    c.apply(c.legal_actions()[0])
    assert g.to_json() != c.to_json()
    assert Game.from_json(bundle, g.to_json()).to_json() == g.to_json()


def test_observation_hides_fronts(bundle):
    g = new_game(bundle, scenario="A", players=2, seed=8)
    g.apply(g.legal_actions(0)[0])
    obs = g.observation(1)
    mine = g.observation(0)
    assert set(obs["players"][0]["committed"]) == {"back"} and obs["players"][0]["chosen"] == []
    assert "top_backs" in obs["players"][1] and "top_backs" not in obs["players"][0]
    assert "top_backs" not in mine["players"][1]
    assert obs["players"][0]["decks"] == len(g.s["z"]["deck/0"])  # a deck shows its count only
    text = json.dumps(obs)
    deck0 = g.s["z"]["deck/0"]
    hidden = {g.s["cards"][i] for i in deck0} - {c for c in json.dumps(obs).split('"') if c.startswith("card:")}
    assert hidden, "some of player 0's hidden fronts must not appear in player 1's observation"
    assert "deck/0" not in text


def test_forced_dice_override_the_generator(bundle):
    g = new_game(bundle, scenario="A", players=1, seed=0)
    g.s["forced_dice"] = ["strength 2"]
    assert roll(g, 1) == ["strength 2"]
    assert len(roll(g, 2)) == 2


def test_reveal_secret_puts_the_secret_on_top_of_the_deck(bundle):
    from runtime.ruletests import apply_given, view

    g = new_game(bundle, scenario="C", players=1, seed=0)
    apply_given(g, {"decks": {"0": ["card:synthetic/c-old-map", "card:synthetic/ford"]}})
    assert view(g)["secrets"] == ["card:synthetic/c-secret-two"]
    g.apply(next(a for a in g.legal_actions() if a["type"] == "choose" and a["card"] == 0))
    g.apply(next(a for a in g.legal_actions() if a["type"] == "option" and a["option"] == 0))
    assert view(g)["decks"]["0"][0] == "card:synthetic/c-secret-two" and view(g)["secrets"] == []
    assert {"t": "secret", "player": 0, "number": 2} in [{k: e[k] for k in ("t", "player", "number") if k in e} for e in g.log]


def test_choice_and_may_expand_into_variants(bundle):
    b = json.loads(json.dumps(bundle))
    card = next(c for c in b["cards"] if c["id"] == "card:synthetic/berry-bushes")
    food = {"node": "call", "symbol": "symbol:food", "args": {"n": 1}}
    wood = {"node": "call", "symbol": "symbol:wood", "args": {"n": 2}}
    card["options"][1]["ir"] = {"node": "option", "clauses": [{"node": "clause", "kind": "reward", "body": {
        "node": "choice", "items": [food, wood]}}]}
    g = new_game(b, scenario="A", players=1, seed=0)
    from runtime.ruletests import apply_given

    apply_given(g, {"decks": {"0": ["card:synthetic/berry-bushes", "card:synthetic/ford"]}})
    g.apply(next(a for a in g.legal_actions() if a["type"] == "choose" and a["card"] == 0))
    ways = [a for a in g.legal_actions() if a["type"] == "option" and a["option"] == 1]
    assert [a["variant"] for a in ways] == [0, 1]
    assert ways[0]["label"].endswith("(way 1: 1 food)") and ways[1]["label"].endswith("(way 2: 2 wood)")
    g.apply(ways[1])
    assert g.s["res"]["wood"] == 2


def test_paleo_sim_json_and_not_playable(bundle_file, tmp_path):
    out = subprocess.run([sys.executable, "-m", "compiler", "sim", "--bundle", str(bundle_file), "--scenario", "A",
                          "--players", "2", "--games", "6", "--seed", "3", "--policy", "greedy", "--format", "json"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    rep = json.loads(out.stdout)
    assert len(rep["results"]) == 6 and out.stderr == ""
    r = rep["results"][0]
    assert {"result", "tie", "days", "skulls", "cause"} <= set(r)
    s = rep["summary"]
    assert {"win_share", "loss_share", "median_nights", "symbol_share"} <= set(s)
    bare = tmp_path / "bare"
    b = subprocess.run([sys.executable, "-m", "compiler", "build", "--out", str(bare)], cwd=ROOT, capture_output=True, text=True)
    assert (bare / "bundle.json").is_file(), b.stdout + b.stderr
    out = subprocess.run([sys.executable, "-m", "compiler", "sim", "--bundle", str(bare / "bundle.json"), "--scenario", "A",
                          "--games", "1"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 1
    assert "not playable" in out.stderr and "base card set" in out.stderr


def test_progress_bar_only_on_a_terminal():
    import io

    from runtime.sim import Progress

    s = io.StringIO()
    p = Progress(3, stream=s)
    p.update(3)
    assert s.getvalue() == ""


def test_paleo_build_with_the_pack_then_sim(tmp_path):
    out = tmp_path / "b"
    b = subprocess.run([sys.executable, "-m", "compiler", "build", "--content", "tests/packs/synthetic-base", "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True)
    assert (out / "bundle.json").is_file(), b.stdout + b.stderr
    r = subprocess.run([sys.executable, "-m", "compiler", "sim", "--bundle", str(out / "bundle.json"), "--scenario", "A",
                        "--players", "3", "--games", "3", "--format", "json"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["summary"]["games"] == 3


def test_every_op_is_a_registry_symbol_and_a_factory(bundle):
    ids = {s["id"] for s in bundle["symbols"]}
    assert sorted(OPS.symbols - ids) == [], "ops for symbols the registry does not define"
    assert all(callable(op.make) for op in OPS.entries.values())


def test_same_seed_same_log_under_any_hash_seed(bundle_file):
    code = textwrap.dedent(f"""
        import hashlib, json
        from runtime import load_bundle
        from runtime.sim import play
        b = load_bundle({str(bundle_file)!r})
        g = play(b, game="game:paleo", scenario="A", players=3, seed=5, policy="greedy")
        print(hashlib.sha256(json.dumps(g.log, sort_keys=True).encode()).hexdigest())
    """)
    outs = set()
    for hs in ("0", "1", "12345"):
        env = dict(__import__("os").environ, PYTHONHASHSEED=hs)
        r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
        assert r.returncode == 0, r.stderr
        outs.add(r.stdout.strip())
    assert len(outs) == 1


def test_every_runtime_import_is_standard_library_or_the_runtime():
    import ast

    bad = []
    for path in sorted((ROOT / "runtime").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    continue
                names = [node.module or ""]
            else:
                continue
            bad += [f"{path.name}: {n}" for n in names
                    if n.split(".")[0] not in sys.stdlib_module_names and n.split(".")[0] != "runtime"]
    assert not bad, bad
