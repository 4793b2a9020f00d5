"""`paleo sim` in process (runtime.sim): which game a scenario plays, the summary of competitive games, the
progress bar, worker processes giving the sequential results, the command line's refusals and its report."""

from __future__ import annotations

import io
import threading
from argparse import Namespace

import pytest

from runtime import sim, stats
from runtime.rng import Rng, next64


def _args(bundle_path, **kw) -> Namespace:
    base = dict(bundle=str(bundle_path), scenario="A", players=1, games=2, seed=0, policy="random", game=None,
                board=None, option=None, format="human", jobs=1)
    return Namespace(**{**base, **kw})


@pytest.fixture(scope="module")
def vet_path(tmp_path_factory, vet_bundle):
    import json

    p = tmp_path_factory.mktemp("sim-vet") / "bundle.json"
    p.write_text(json.dumps(vet_bundle), encoding="utf-8")
    return p


def test_a_scenario_plays_its_own_game_else_the_base_game(bundle, vet_bundle):
    assert sim.game_for(bundle, "A") == "game:paleo"
    assert sim.game_for({"scenarios": [{"id": "s", "game": "game:other"}]}, "s") == "game:other"
    assert sim.game_for({"scenarios": [{"id": "s"}]}, "s") == "game:paleo"
    assert sim.game_for({"games": [{"id": "game:paleovet"}]}, None) == "game:paleovet"
    assert sim.game_for({}, None) == "game:paleo"


def test_the_summary_of_competitive_games_gives_seats_spreads_and_margins():
    def r(scores, winners, result="win"):
        return {"result": result, "tie": len(winners) > 1, "symbols": [], "scores": scores, "winners": winners}
    results = [r([5, 3], [0]), r([2, 9], [1]), r([4, 4], [0, 1]), r([1, 1], [], "unfinished")]
    s = sim.summarise(results, [])
    assert s["seat_win_share"] == [round(1 / 3, 4), round(1 / 3, 4)]  # a shared win is no seat's win alone
    assert s["score_spread"][1] == {"min": 3, "median": 4, "max": 9}
    assert s["median_margin"] == 2 and s["tie_share"] == 0.25 and "median_nights" not in s
    solo = sim.summarise([r([7], [0]), r([3], [])], [])
    assert solo["median_margin"] == 5  # one seat: its score is the margin


def test_the_progress_bar_draws_only_on_a_terminal_and_at_most_every_interval():
    quiet = io.StringIO()
    sim.Progress(3, quiet).update(1)
    assert quiet.getvalue() == ""  # not a terminal
    out = io.StringIO()
    bar = sim.Progress(4, out, force=True, every=3600)
    bar.update(1)
    bar.update(2)  # within the interval: not drawn
    bar.update(4)  # the last one always is, with the line's end
    lines = out.getvalue().split("\r")[1:]
    assert len(lines) == 2 and lines[0].startswith("[######") and " 1/4 games" in lines[0]
    assert lines[1].startswith("[" + "#" * 25 + "]") and lines[1].endswith("00:00 left\n")
    assert "--:-- left" in sim.Progress(5, out, force=True).line(0)


def test_the_first_update_is_drawn_on_a_clock_that_just_started():
    # a machine booted a minute ago: its monotonic clock is smaller than the interval
    out = io.StringIO()
    bar = sim.Progress(4, out, force=True, every=3600)
    bar.clock = lambda: 60.0
    bar.update(1)
    bar.update(2)
    assert out.getvalue().count("\r") == 1 and " 1/4 games" in out.getvalue()


def test_a_process_with_threads_spawns_its_workers():
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert sim.pool_context().get_start_method() == "spawn"
    finally:
        stop.set()
        t.join()


def test_worker_processes_give_the_sequential_results(bundle):
    one = sim.run(bundle, scenario="A", players=1, games=3, seed=4, policy="greedy", progress=False)
    two = sim.run(bundle, scenario="A", players=1, games=3, seed=4, policy="greedy", progress=False, jobs=2)
    assert two["results"] == one["results"] and two["summary"] == one["summary"] and two["setup"] == one["setup"]
    with pytest.raises(sim.PolicyError):
        sim.run(bundle, scenario="A", players=1, games=3, seed=4, policy="nope", progress=False, jobs=2)


def test_the_command_line_refuses_bad_counts_and_options(bundle_file, capsys):
    assert sim.main(_args(bundle_file, games=0)) == 2
    assert "--games must be at least 1" in capsys.readouterr().err
    assert sim.main(_args(bundle_file, jobs=0)) == 2
    assert "--jobs is 1 to 256" in capsys.readouterr().err
    for bad in ("mode", "=x"):
        assert sim.main(_args(bundle_file, option=[bad])) == 2
        assert "--option takes NAME=VALUE" in capsys.readouterr().err
    assert sim.main(_args(bundle_file, policy="no-such-policy")) == 2
    assert "unknown policy" in capsys.readouterr().err


def test_a_game_the_bundle_cannot_play_exits_1_naming_the_facts(vet_path, capsys):
    assert sim.main(_args(vet_path, scenario=None)) == 1
    assert "not playable" in capsys.readouterr().err


def test_a_policy_that_chooses_an_illegal_action_is_named(bundle_file, tmp_path, capsys):
    f = tmp_path / "bad_choice.py"
    f.write_text("def choose(seed):\n    return lambda game: {'type': 'fly', 'player': 0}\n", encoding="utf-8")
    assert sim.main(_args(bundle_file, policy=f"{f}:choose", jobs=None)) == 2
    err = capsys.readouterr().err
    assert err.startswith("paleo sim: policy ") and "chose an illegal action" in err and err.count("\n") == 1


def test_the_human_report_of_paleo_games(bundle_file, bundle, capsys):
    assert sim.main(_args(bundle_file, games=3, seed=2)) == 0
    out = capsys.readouterr().out
    report = sim.run(bundle, scenario="A", players=1, games=3, seed=2, policy="random", progress=False)
    rows = [x for x in out.splitlines() if x.startswith("seed ")]
    assert len(rows) == 3 and all("days" in x and "skulls" in x for x in rows)
    assert rows[0].split()[2] == report["results"][0]["result"]
    lo, hi = stats.wilson(round(report["summary"]["win_share"] * 3), 3)
    assert f"3 games, 1 players, policy random: win {report['summary']['win_share']:.1%} ({lo:.1%}-{hi:.1%})" in out
    assert "played on synthetic packs (" in out and "not the published game's balance" in out
    assert "median nights" in out and "wins by seat" not in out


def test_the_human_report_of_paleovet_games_gives_scores_by_seat(vet_path, capsys):
    assert sim.main(_args(vet_path, scenario=None, game="game:paleovet", players=2, games=2)) == 0
    out = capsys.readouterr().out
    rows = [x for x in out.splitlines() if x.startswith("seed ")]
    assert len(rows) == 2 and all("scores [" in x and "winners [" in x for x in rows)
    assert "wins by seat (alone): P0 " in out and "scores by seat (min / median / max): P0 " in out
    assert sim.main(_args(vet_path, scenario=None, game="game:paleovet", players=1, games=1,
                          option=["mode=solo"])) == 0
    row = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("seed "))
    assert "victory" in row and "winners" not in row  # solo: no winners, a victory or not


def test_below_throws_away_draws_past_the_last_whole_multiple():
    n = (1 << 63) + 1  # the only whole multiple of n below 2**64 is n itself: about half the draws are past it
    start = next(s for s in range(1, 1000) if next64(s)[1] >= n)  # a state whose first draw is thrown away
    state, x = next64(start)
    draws = 1
    while x >= n:
        state, x = next64(state)
        draws += 1
    r = Rng(start)
    assert r.below(n) == x and draws >= 2 and r.state == state
    with pytest.raises(ValueError, match="positive bound"):
        r.below(0)


def test_a_policy_class_plays_on_workers_as_its_name_does(bundle):
    from runtime.policies import RandomPolicy

    named = sim.run(bundle, scenario="A", players=1, games=2, seed=7, policy="random", progress=False)
    cls = sim.run(bundle, scenario="A", players=1, games=2, seed=7, policy=RandomPolicy, progress=False, jobs=2)
    assert cls["results"] == named["results"] and cls["policy"] == "RandomPolicy"
    chunk = dict(game="game:paleo", players=1, policy="random", scenario="A", seeds=[7])
    assert sim.pool_map(bundle, [chunk], 1)[0][0] == named["results"][:1]  # no callback: results all the same


def test_a_report_on_bundled_content_alone_has_no_synthetic_note(bundle, tmp_path, capsys):
    import copy
    import json

    b = copy.deepcopy(bundle)
    b.pop("packs", None)
    for value in b.values():
        for rec in value if isinstance(value, list) else ():
            if isinstance(rec, dict):
                if isinstance(rec.get("file"), str):
                    rec["file"] = "content/" + rec["file"].rsplit("/", 1)[-1]
                rec.pop("synthetic_fields", None)
                rec.pop("synthetic_options_from", None)
    p = tmp_path / "b.json"
    p.write_text(json.dumps(b), encoding="utf-8")
    assert sim.main(_args(p, games=1)) == 0
    out = capsys.readouterr().out
    assert "1 games, 1 players, policy random" in out and "synthetic" not in out
