"""What `paleo sweep` refuses before it plays a game: setups, grids and results files, each with its reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.cli import main as paleo
from compiler.sweep import Grid, GridError, parse_setup, policy_spec
from compiler.sweep.grid import printed_difficulty
from compiler.sweep import store
from compiler.sweep.store import StoreError


@pytest.mark.parametrize("text,says", [
    ("  ", "got an empty one"),
    ("J,K", "names two scenarios (`J` and `K`); join module letters with `+`"),
    ("J,=forest", "`=forest` is not NAME=VALUE"),
    ("J,mode=", "`mode=` is not NAME=VALUE"),
    ("J,mode=solo,mode=casual", "gives option `mode` twice"),
])
def test_a_malformed_setup_is_refused_with_the_reason(text, says):
    with pytest.raises(GridError, match=None) as exc:
        parse_setup(text)
    assert says in str(exc.value)


def test_a_setup_names_its_boards_game_and_options():
    s = parse_setup("J+K, board=board:a ,board=board:b,game=game:paleo,mode=solo")
    assert (s.scenario, s.game, s.boards, s.options) == ("J+K", "game:paleo", ("board:a", "board:b"), (("mode", "solo"),))
    assert s.record() == {"scenario": "J+K", "boards": ["board:a", "board:b"], "options": {"mode": "solo"}}


def _grid(**kw):
    base = dict(setups=[parse_setup("J")], players=[1], policies=[policy_spec("random")], games=4)
    return Grid(**{**base, **kw})


@pytest.mark.parametrize("kw,says", [
    ({"setups": []}, "the grid has no setups"),
    ({"policies": []}, "the grid has no policies"),
    ({"games": 0}, "games per configuration is 1 to 10000000 (got 0)"),
    ({"setups": [parse_setup("J"), parse_setup(" J ")]}, "a setup appears twice in the grid"),
    ({"policies": [policy_spec("random"), policy_spec("random")]}, "a policy appears twice in the grid"),
])
def test_a_grid_that_cannot_be_swept_is_refused(kw, says):
    with pytest.raises(GridError) as exc:
        _grid(**kw).check()
    assert str(exc.value) == says


def test_the_printed_difficulty_is_the_scenario_label_else_the_hardest_module_label_for_the_player_count():
    bundle = {"scenarios": [{"id": "scenario:x/I", "difficulty": "hard"}],
              "modules": [{"id": "module:x/A", "difficulty": {"1": "easy", "2": "deadly"}},
                          {"id": "module:x/B", "difficulty": "medium"}, {"id": "module:x/C"}]}
    assert printed_difficulty(bundle, "game:paleo", {"scenario": "scenario:x/I"}, 2) == "hard"
    mods = {"modules": ["module:x/A", "module:x/B", "module:x/C"]}
    assert printed_difficulty(bundle, "game:paleo", mods, 2) == "deadly"
    assert printed_difficulty(bundle, "game:paleo", mods, 1) == "medium"
    assert printed_difficulty(bundle, "game:paleo", {"modules": ["module:x/C"]}, 1) is None


HEADER = {"kind": "sweep", "format": store.FORMAT}
BLOCK = {"kind": "block", "key": "k1", "results": []}


@pytest.mark.parametrize("lines,says", [
    ([[1, 2]], ":1: not a result record of a sweep"),
    ([HEADER, HEADER], ":2: a second sweep header; one file holds one sweep"),
    ([{**HEADER, "format": "paleo-sweep/0"}], ":1: results format `paleo-sweep/0` is not"),
    ([HEADER, {"kind": "block", "key": "k1"}], ":2: a block line without its key or results"),
    ([BLOCK], ": no sweep header on the first line"),
])
def test_a_results_file_that_is_not_one_sweep_is_refused_with_its_line(tmp_path, lines, says):
    f = tmp_path / "r.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    with pytest.raises(StoreError) as exc:
        store.read(f)
    assert str(exc.value).startswith(str(f)) and says in str(exc.value)


def test_an_empty_results_file_has_no_report_and_a_link_is_never_appended_through(tmp_path):
    f = tmp_path / "r.jsonl"
    f.write_text("", encoding="utf-8")
    with pytest.raises(StoreError, match="an empty results file"):
        store.load(f)
    link = tmp_path / "link.jsonl"
    link.symlink_to(f)
    with pytest.raises(StoreError, match="never written through a symbolic link"):
        store.Appender(link)
    assert f.read_text(encoding="utf-8") == ""


def test_paleo_sweep_without_a_grid_or_a_bundle_is_refused(tmp_path, capsys):
    out = str(tmp_path / "r.jsonl")
    assert paleo(["sweep", "--out", out]) == 2
    assert "name a grid (--setup, or --grid FILE) to sweep, or --report" in capsys.readouterr().err
    assert paleo(["sweep", "--setup", "J", "--out", out]) == 2
    assert "--bundle is needed to play" in capsys.readouterr().err
    assert not Path(out).exists()


@pytest.mark.parametrize("toml,extra,says", [
    ('setups = "J"\n', [], "grid `setups` is a list"),
    ("setups = []\n", [], "name at least one --setup (or `setups` in --grid)"),
    ("players = [1]\n", [], "name at least one --setup (or `setups` in --grid)"),
    ('setups = ["J"]\ngames = "many"\n', [], "grid `games` is an integer (got many)"),
    ('setups = ["J"]\nseed = true\n', [], "grid `seed` is an integer (got True)"),
    ('setups = ["J"]\n', ["--jobs", "0"], "--jobs is 1 to 256 worker processes (got 0)"),
])
def test_a_bad_grid_file_is_refused_with_the_reason(planted_file, tmp_path, capsys, toml, extra, says):
    grid = tmp_path / "grid.toml"
    grid.write_text(toml, encoding="utf-8")
    out = tmp_path / "r.jsonl"
    assert paleo(["sweep", "--bundle", str(planted_file), "--grid", str(grid), "--out", str(out), *extra]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert not out.exists()


def test_a_setup_not_playable_prints_its_facts_one_per_line(tmp_path, capsys):
    """The bundled content alone prints no card faces: the refusal lists each missing fact on its own line (not
    one line with the line breaks shown as U+000A), and nothing is written."""
    import json

    from compiler.pipeline import run

    res = run([Path(__file__).resolve().parents[2] / "content"], root=Path(__file__).resolve().parents[2])
    bundle = tmp_path / "bundle.json"
    bundle.write_text(json.dumps(res.bundle), encoding="utf-8")
    out = tmp_path / "r.jsonl"
    assert paleo(["sweep", "--bundle", str(bundle), "--setup", "A", "--games", "2", "--out", str(out), "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert "U+000A" not in err and err.startswith("paleo sweep: not playable")
    facts = [line for line in err.splitlines() if line.startswith("  - ")]
    assert len(facts) >= 2 and any("module:paleo/A" in f for f in facts), err
    assert not out.exists()
