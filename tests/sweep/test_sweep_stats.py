"""The sweep's statistics against reference values: published Wilson intervals, scipy's tau-b and binomial test."""

from __future__ import annotations

import math

import pytest
import scipy.stats

from compiler.sweep import stats

# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3 (Wilson score,
# no continuity correction), to 4 decimals.
NEWCOMBE = [((81, 263), (0.2553, 0.3662)), ((15, 148), (0.0624, 0.1605)), ((0, 20), (0.0, 0.1611)),
            ((1, 29), (0.0061, 0.1718))]


@pytest.mark.parametrize(("kn", "ref"), NEWCOMBE)
def test_wilson_matches_the_published_worked_examples(kn, ref):
    lo, hi = stats.wilson(*kn)
    assert (round(lo, 4), round(hi, 4)) == ref


@pytest.mark.parametrize(("k", "n"), [(0, 1), (1, 1), (3, 7), (50, 100), (999, 1000), (17, 20)])
def test_wilson_matches_scipy(k, n):
    ci = scipy.stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert stats.wilson(k, n) == pytest.approx((ci.low, ci.high), abs=1e-9)


def test_tau_b_matches_a_hand_count_and_scipy():
    # x ties in pair (0,1), y ties in pair (1,2): 4 concordant, 0 discordant -> 4 / sqrt(5 * 5)
    assert stats.kendall_tau_b([1, 1, 2, 3], [1, 2, 2, 3]) == pytest.approx(0.8)
    assert stats.kendall_tau_b([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert stats.kendall_tau_b([1, 1, 1], [1, 2, 3]) is None
    cases = [([1, 2, 2, 3, 3, 3, 4, 5], [0.1, 0.3, 0.2, 0.5, 0.5, 0.4, 0.9, 0.7]),
             ([1, 1, 2, 2, 3, 3, 4, 4, 5, 5], [0.2, 0.1, 0.4, 0.4, 0.3, 0.8, 0.6, 0.9, 0.95, 0.95])]
    for x, y in cases:
        ref = scipy.stats.kendalltau(x, y, variant="b").statistic
        assert stats.kendall_tau_b(x, y) == pytest.approx(ref, abs=1e-12)


def test_tau_interval_is_fieller_hartley_pearson():
    # computed here from the published formula: tanh(atanh(t) +- 1.96 * sqrt(0.437 / (n - 4)))
    t, n = 0.6, 12
    half = 1.959963984540054 * math.sqrt(0.437 / 8)
    ref = ((math.exp(2 * (math.atanh(t) - half)) - 1) / (math.exp(2 * (math.atanh(t) - half)) + 1),
           (math.exp(2 * (math.atanh(t) + half)) - 1) / (math.exp(2 * (math.atanh(t) + half)) + 1))
    assert stats.tau_interval(t, n) == pytest.approx(ref, abs=1e-12)
    lo, hi = stats.tau_interval(0.6, 200)
    assert lo < 0.6 < hi and hi - lo < 0.2
    assert stats.tau_interval(0.5, 4) is None


def test_paired_seeds_and_mcnemar_match_scipy():
    a = [{"seed": i, "result": "win" if i % 3 else "loss"} for i in range(30)]
    b = [{"seed": i, "result": "win" if i % 5 == 0 else "loss"} for i in range(5, 40)]
    p = stats.paired(a, b)
    shared = range(5, 30)
    only_a = sum(1 for i in shared if i % 3 and i % 5)
    only_b = sum(1 for i in shared if not i % 3 and not i % 5)
    assert (p["pairs"], p["only_a"], p["only_b"]) == (25, only_a, only_b)
    assert p["difference"] == pytest.approx((only_a - only_b) / 25)
    assert p["p_value"] == pytest.approx(scipy.stats.binomtest(only_a, only_a + only_b).pvalue, abs=1e-12)
    assert p["low"] < p["difference"] < p["high"]


def test_spread_quartiles_are_the_inclusive_method():
    s = stats.spread([3, 1, 4, 1, 5, 9, 2, 6])
    import numpy

    assert (s["q1"], s["median"], s["q3"]) == pytest.approx(tuple(numpy.percentile([3, 1, 4, 1, 5, 9, 2, 6], [25, 50, 75])))
    assert (s["min"], s["max"], s["n"]) == (1, 9, 8)
