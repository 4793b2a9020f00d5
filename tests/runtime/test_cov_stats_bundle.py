"""The statistics of simulation reports (runtime.stats) at their edges, the bundle loader's refusals and what
counts as synthetic content (runtime.bundle), and `python -m runtime`'s own command line."""

from __future__ import annotations

import json
import math

import pytest

from runtime import __main__ as cli
from runtime import stats
from runtime.bundle import BundleError, MAX_BUNDLE_BYTES, is_synthetic, load_bundle


# ------------------------------------------------------------------ stats
def test_wilson_of_no_games_is_the_whole_interval():
    assert stats.wilson(0, 0) == (0.0, 1.0)
    assert stats.share(0, 0) == {"k": 0, "n": 0, "share": 0.0, "low": 0.0, "high": 1.0}


def test_spread_of_none_one_and_many_values():
    assert stats.spread([]) is None
    assert stats.spread([4]) == {"median": 4, "q1": 4, "q3": 4, "min": 4, "max": 4, "n": 1}
    assert stats.spread([3, 1, 2, 4, 5]) == {"median": 3, "q1": 2, "q3": 4, "min": 1, "max": 5, "n": 5}


def test_a_one_seat_scored_game_has_no_winning_margin():
    out = stats.outcome_summary([{"result": "win", "scores": [6], "winners": [0]}])
    assert out["seats"][0]["win_alone"]["k"] == 1 and "winning_margin" not in out
    two = stats.outcome_summary([{"result": "win", "scores": [6, 2], "winners": [0]}])
    assert two["winning_margin"]["median"] == 4


def test_paired_comparison_without_common_seeds_has_no_difference():
    out = stats.paired([{"seed": 1, "result": "win"}], [{"seed": 2, "result": "win"}])
    assert out == {"pairs": 0, "both": 0, "only_a": 0, "only_b": 0, "neither": 0, "difference": None, "low": None,
                   "high": None, "p_value": None}


def test_kendall_tau_b_needs_sequences_of_one_length():
    with pytest.raises(ValueError, match="one length"):
        stats.kendall_tau_b([1, 2], [1])
    assert stats.kendall_tau_b([1, 2, 3], [3, 2, 1]) == -1.0


def test_a_perfect_tau_still_has_a_finite_interval():
    lo, hi = stats.tau_interval(1.0, 30)
    assert math.isfinite(lo) and lo < hi <= 1.0 and hi > 0.999
    assert stats.tau_interval(1.0, 4) is None and stats.tau_interval(None, 30) is None


# ------------------------------------------------------------------ bundle
GOOD = {"format_version": "1.0.0"}


@pytest.mark.parametrize("v", [None, 1, "x.1", ""])
def test_a_bundle_without_a_usable_format_version_is_refused(v):
    with pytest.raises(BundleError, match="no usable format_version"):
        load_bundle({"format_version": v} if v is not None else {})


def test_a_bundle_path_that_is_no_regular_file_is_named(tmp_path):
    with pytest.raises(BundleError, match="cannot read bundle .*not a regular file"):
        load_bundle(tmp_path)


def test_a_bundle_file_the_system_refuses_is_named(tmp_path, monkeypatch):
    import pathlib

    p = tmp_path / "b.json"
    p.write_text(json.dumps(GOOD), encoding="utf-8")

    def refused(self, *a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(pathlib.Path, "read_text", refused)
    with pytest.raises(BundleError, match="cannot read bundle .*Permission denied"):
        load_bundle(str(p))


def test_bundle_text_over_the_bound_is_refused_unread():
    with pytest.raises(BundleError, match="larger than"):
        load_bundle(b" " * (MAX_BUNDLE_BYTES + 1))


def test_a_top_level_list_that_is_not_a_list_is_refused():
    with pytest.raises(BundleError, match="bundle `cards` is not a list"):
        load_bundle({**GOOD, "cards": {"id": "x"}})
    with pytest.raises(BundleError, match="bundle `modules` entry 1 is not a record with id and letter"):
        load_bundle({**GOOD, "modules": [{"id": "m", "letter": "A"}, {"id": "n"}]})


def test_synthetic_content_is_told_by_packs_fills_and_named_packs():
    assert is_synthetic({"packs": ["tests/packs/x"]})
    assert not is_synthetic({"cards": [{"id": "card:paleo/a", "file": "content/paleo/a.yaml"}]})
    assert is_synthetic({"cards": [{"id": "card:paleo/a", "file": "content/paleo/a.yaml", "synthetic_fields": ["name"]}]})
    assert is_synthetic({"dice": [{"id": "die:x", "synthetic_options_from": "pack"}]})
    assert not is_synthetic({"tokens": [None, {"id": "t", "synthetic_fields": []}]})


# ------------------------------------------------------------------ python -m runtime
def test_the_runtime_command_line_version_help_and_usage(capsys):
    from runtime.version import __version__

    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"paleo-runtime {__version__}\n"
    for flag in ("-h", "--help"):
        assert cli.main([flag]) == 0
        assert capsys.readouterr().out == cli.USAGE
    assert cli.main(["play"]) == 2
    got = capsys.readouterr()
    assert got.err == cli.USAGE and got.out == ""
