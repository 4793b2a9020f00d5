"""Sweeps: --jobs equals sequential, a Dask LocalCluster equals local, resuming after a kill, refusals, user policies,
and a planted pack whose modules are harder by construction ranked in that order."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from compiler.cli import main as paleo
from compiler.sweep import Dask, Grid, Local, parse_setup, policy_spec, run_sweep
from compiler.sweep import report, store
from compiler.sweep.store import StoreError
from runtime.sim import Progress

ROOT = Path(__file__).resolve().parents[2]


def grid(setups=("J", "L"), players=(1,), policies=("random",), games=6, block=3, seed=0):
    return Grid(setups=[parse_setup(s) for s in setups], players=list(players),
                policies=[policy_spec(p) for p in policies], games=games, seed=seed, block=block)


def blocks_of(path: Path) -> dict:
    _, blocks = store.load(path)
    return {b["key"]: (b["setup"]["label"], b["players"], b["policy"], b["seeds"], b["results"]) for b in blocks}


def test_sim_jobs_gives_the_sequential_games(planted_file, capsys):
    args = ["sim", "--bundle", str(planted_file), "--scenario", "K", "--players", "2", "--games", "10", "--seed", "5",
            "--policy", "greedy", "--format", "json"]
    assert paleo(args + ["--jobs", "1"]) == 0
    seq = json.loads(capsys.readouterr().out)
    assert paleo(args + ["--jobs", "2"]) == 0
    par = json.loads(capsys.readouterr().out)
    assert [r["seed"] for r in par["results"]] == list(range(5, 15))
    assert par == seq
    assert paleo(args[:-2] + ["--jobs", "0"]) == 2


def test_sweep_on_a_dask_local_cluster_equals_the_local_sweep(planted_bundle, planted_file, user_policy, tmp_path):
    distributed = pytest.importorskip("distributed")
    name = f"{user_policy}:first_legal"
    g = grid(policies=("random", name))  # reads the user's module into the policy spec
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl:
        by_cli = tmp_path / "cli.jsonl"
        assert paleo(["sweep", "--bundle", str(planted_file), "--setup", "J", "--setup", "L", "--players", "1",
                      "--policy", "random", "--policy", name, "--games", "6", "--block", "3",
                      "--out", str(by_cli), "--scheduler", cl.scheduler_address, "--no-progress"]) == 0
        user_policy.rename(tmp_path / "moved.py")  # from now on only the spec's copy of the module exists
        remote = tmp_path / "dask.jsonl"
        done = run_sweep(planted_bundle, g, remote, executor=Dask(cl.scheduler_address), progress=False)
    assert done["played"] == len(g.blocks()) == 8
    local = tmp_path / "local.jsonl"
    run_sweep(planted_bundle, g, local, executor=Local(1), progress=False)
    assert blocks_of(remote) == blocks_of(local) == blocks_of(by_cli)
    again = tmp_path / "again.jsonl"
    run_sweep(planted_bundle, g, again, executor=Local(2), progress=False)
    assert blocks_of(again) == blocks_of(local)  # the same grid gives the same results, wherever it runs


def test_a_killed_sweep_resumes_without_repeating_or_losing_a_block(planted_bundle, planted_file, tmp_path):
    out = tmp_path / "r.jsonl"
    cmd = [sys.executable, "-m", "compiler", "sweep", "--bundle", str(planted_file), "--setup", "J", "--setup", "K",
           "--players", "1", "2", "--games", "8", "--block", "2", "--out", str(out), "--no-progress"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.read_bytes().count(b"\n") >= 3:  # the header and two blocks
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    kept = out.read_bytes()
    assert kept.endswith(b"\n")
    _, before, _ = store.read(out)
    assert 2 <= len(before) < 16
    with out.open("ab") as fh:  # a kill in the middle of a write leaves a torn line
        fh.write(b'{"kind": "block", "key": "torn')
    g = grid(setups=("J", "K"), players=(1, 2), games=8, block=2)
    with pytest.raises(Exception, match="--resume"):
        run_sweep(planted_bundle, g, out, progress=False)
    notes = []
    done = run_sweep(planted_bundle, g, out, resume=True, progress=False, log=notes.append)
    assert done["kept"] == len(before) and done["played"] == 16 - len(before)
    assert any("torn" in n for n in notes)
    assert any(n.startswith("resuming ") and f"{len(before)} of 16 blocks" in n and f"playing {16 - len(before)} blocks" in n
               for n in notes), notes  # said before any block is played, not after a silence
    assert out.read_bytes().startswith(kept)  # the blocks written before the kill are untouched
    _, after, torn = store.read(out)
    keys = [b["key"] for b in after]
    assert not torn and len(keys) == len(set(keys)) == 16
    whole = tmp_path / "whole.jsonl"
    run_sweep(planted_bundle, g, whole, progress=False)
    assert blocks_of(out) == blocks_of(whole)
    assert run_sweep(planted_bundle, g, out, resume=True, progress=False)["played"] == 0
    with pytest.raises(Exception, match="seed blocks would overlap"):
        run_sweep(planted_bundle, grid(setups=("J", "K"), players=(1, 2), games=8, block=4), out, resume=True,
                  progress=False)

    other = json.loads(json.dumps(planted_bundle))
    other["cards"][0]["name"] = "Edited (synthetic)"
    with pytest.raises(StoreError, match="another bundle"):
        run_sweep(other, g, out, resume=True, progress=False)
    lines = out.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    assert head["engine"].startswith("paleo-codex ") and " runtime " in head["engine"]
    out.write_text("\n".join([json.dumps(dict(head, engine="paleo-codex 0.0.1")), *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(StoreError, match="another engine"):
        run_sweep(planted_bundle, g, out, resume=True, progress=False)


def test_resume_refuses_another_version_of_a_user_policy(planted_bundle, user_policy, tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    name = f"{user_policy}:first_legal"
    run_sweep(planted_bundle, grid(policies=(name,), games=3), out, progress=False)
    user_policy.write_text(user_policy.read_text(encoding="utf-8") + "\n# tuned\n", encoding="utf-8")
    with pytest.raises(StoreError, match="another version of policy"):
        run_sweep(planted_bundle, grid(policies=(name,), games=6), out, resume=True, progress=False)
    bundle = tmp_path / "b.json"
    bundle.write_text(json.dumps(dict(planted_bundle, format_version="1.0.1")), encoding="utf-8")
    code = paleo(["sweep", "--bundle", str(bundle), "--setup", "J", "--players", "1", "--policy", name, "--games", "3",
                  "--out", str(out), "--resume"])
    err = capsys.readouterr().err
    assert code == 2 and "another bundle" in err and "Traceback" not in err


def test_a_user_policy_named_module_function_plays(planted_file, user_policy, tmp_path, monkeypatch, capsys,
                                                   planted_bundle):
    from runtime.engine import Game

    def reference(seed):  # the same games, played here by the first legal action
        g = Game.new(planted_bundle, game="game:paleo", scenario="J", players=1, seed=seed)
        while not g.is_terminal():
            g.apply(g.legal_actions()[0])
        return g.outcome["result"], g.action_count

    base = ["sim", "--bundle", str(planted_file), "--scenario", "J", "--players", "1", "--games", "3", "--format", "json"]
    assert paleo(base + ["--policy", f"{user_policy}:first_legal"]) == 0
    by_file = json.loads(capsys.readouterr().out)
    assert [(r["result"], r["actions"]) for r in by_file["results"]] == [reference(s) for s in range(3)]
    monkeypatch.syspath_prepend(str(user_policy.parent))
    assert paleo(base + ["--policy", "my_policy:first_legal"]) == 0
    assert json.loads(capsys.readouterr().out)["results"] == by_file["results"]
    for bad, says in (("my_policy:nothing", "not a function"), ("no_such_mod:f", "not importable"),
                      ("bogus", "unknown policy")):
        assert paleo(base + ["--policy", bad]) == 2
        err = capsys.readouterr().err
        assert says in err and "Traceback" not in err and "internal error" not in err


def test_a_planted_pack_harder_by_construction_ranks_in_that_order(planted_bundle, tmp_path):
    out = tmp_path / "planted.jsonl"
    g = grid(setups=("J", "K", "L"), players=(1,), policies=("greedy",), games=40, block=20)
    run_sweep(planted_bundle, g, out, progress=False)
    header, blocks = store.load(out)
    s = report.summarise(header, blocks)
    rows = {r["setup"]: r for r in s["configurations"]}
    assert [rows[k]["printed_difficulty"] for k in "JKL"] == ["easy", "medium", "hard"]
    wins = [rows[k]["win"]["share"] for k in "JKL"]
    assert wins[0] > wins[1] > wins[2], wins
    assert s["calibration"]["greedy"]["tau_b"] == pytest.approx(1.0)
    assert s["synthetic"] and "tests/packs/synthetic-base" in s["packs"]


def test_the_progress_bar_shows_games_per_second_and_time_left():
    class Tty:
        def __init__(self):
            self.text = ""

        def write(self, t):
            self.text += t

        def flush(self):
            pass

    stream = Tty()
    t = [100.0]
    bar = Progress(40, stream=stream, force=True, every=0, done=10)
    bar.clock = lambda: t[0]
    bar.start = 100.0
    t[0] = 102.0
    bar.update(20)
    assert "20/40 games" in stream.text and "5.0 games/s" in stream.text and "00:04 left" in stream.text
    assert Progress(5, stream=Tty()).on is False  # not a terminal: no bar unless asked


def test_bad_grids_are_refused_with_the_reason(planted_file, tmp_path, capsys):
    out = str(tmp_path / "r.jsonl")
    cases = [(["--setup", "J,,K"], "empty item"), (["--setup", "J", "--players", "0"], "player count"),
             (["--setup", "Q9"], "paleo sweep:"), (["--setup", "J", "--block", "0"], "seed block"),
             (["--setup", "J", "--policy", "mc-0"], "mc-N")]
    for extra, says in cases:
        assert paleo(["sweep", "--bundle", str(planted_file), "--out", out, *extra]) == 2, extra
        err = capsys.readouterr().err
        assert says in err and "Traceback" not in err
        assert not Path(out).exists()  # a refused grid writes nothing


def test_a_competitive_game_reports_wins_and_scores_by_seat(vet_bundle, tmp_path):
    import statistics

    out = tmp_path / "vet.jsonl"
    g = grid(setups=("game=game:paleovet", "game=game:paleovet,mode=casual"), players=(3,), policies=("greedy",),
             games=6, block=3)
    run_sweep(vet_bundle, g, out, progress=False)
    header, blocks = store.load(out)
    s = report.summarise(header, blocks)
    assert {r["setup"] for r in s["configurations"]} == {"game=game:paleovet", "game=game:paleovet,mode=casual"}
    casual = [b for b in blocks if b["setup"]["options"] == {"mode": "casual"}]
    assert casual and all(b["setup_record"]["options"] == {"mode": "casual"} for b in casual)
    for row in s["configurations"]:
        results = [r for b in blocks if b["setup"]["label"] == row["setup"] for r in b["results"]]
        assert len(row["seats"]) == 3
        for seat in row["seats"]:
            p = seat["seat"]
            assert seat["win_alone"]["k"] == sum(1 for r in results if r["winners"] == [p])
            assert seat["score"]["median"] == statistics.median(r["scores"][p] for r in results)
        assert sum(x["win_alone"]["k"] for x in row["seats"]) <= row["games"] == 6
    assert "packs/paleovet" in " ".join(s["packs"])


def test_a_user_policy_that_cheats_is_named_not_a_traceback(planted_file, tmp_path, capsys):
    bad = tmp_path / "cheat.py"
    bad.write_text("def cheat(seed):\n    return lambda game: {'type': 'win', 'player': 0}\n", encoding="utf-8")
    base = ["--bundle", str(planted_file), "--players", "1", "--policy", f"{bad}:cheat"]
    assert paleo(["sim", "--scenario", "J", "--games", "1", *base]) == 2
    err = capsys.readouterr().err
    assert "chose an illegal action" in err and "Traceback" not in err
    out = tmp_path / "r.jsonl"
    assert paleo(["sweep", "--setup", "J", "--games", "2", "--out", str(out), *base]) == 2
    err = capsys.readouterr().err
    assert "chose an illegal action" in err and "internal error" not in err


def test_a_toml_grid_sweeps_like_the_flags(planted_file, tmp_path, capsys):
    toml = tmp_path / "grid.toml"
    toml.write_text('setups = ["J", "K"]\nplayers = [1]\npolicies = ["random"]\ngames = 4\nblock = 2\n', encoding="utf-8")
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert paleo(["sweep", "--bundle", str(planted_file), "--grid", str(toml), "--out", str(a)]) == 0
    assert paleo(["sweep", "--bundle", str(planted_file), "--setup", "J", "--setup", "K", "--players", "1",
                  "--games", "4", "--block", "2", "--out", str(b)]) == 0
    assert blocks_of(a) == blocks_of(b) and len(blocks_of(a)) == 4
    toml.write_text('setups = ["J"]\nplayer = [1]\n', encoding="utf-8")
    capsys.readouterr()
    assert paleo(["sweep", "--bundle", str(planted_file), "--grid", str(toml), "--out", str(tmp_path / "c.jsonl")]) == 2
    assert "unknown grid key `player`" in capsys.readouterr().err
