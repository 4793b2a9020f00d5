"""The statistics of simulations and sweeps, standard library only: shares with Wilson intervals, spreads, paired seeds, Kendall's tau-b.

- `wilson(k, n)`: the Wilson score interval (no continuity correction) of a share k/n.
- `spread(xs)`: median, quartiles (the `statistics.quantiles` "inclusive" method), min and max.
- `paired(a, b)`: two result lists compared on the seeds they share: the 2x2 table of wins, the
  difference of win shares with its Wald interval for paired data, and McNemar's exact p-value
  (a two-sided binomial test on the discordant pairs).
- `kendall_tau_b(x, y)` with `tau_interval(tau, n)`: tau-b (ties in both variables corrected) and the
  interval of Fieller, Hartley and Pearson (1957): tanh(atanh(tau) +- z * sqrt(0.437 / (n - 4))), for n > 4.
"""

from __future__ import annotations

import math
import statistics

Z95 = 1.959963984540054  # the two-sided 95% normal quantile


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def share(k: int, n: int) -> dict:
    lo, hi = wilson(k, n)
    return {"k": k, "n": n, "share": k / n if n else 0.0, "low": lo, "high": hi}


def spread(xs) -> dict | None:
    xs = sorted(xs)
    if not xs:
        return None
    if len(xs) == 1:
        q1 = q3 = xs[0]
    else:
        q1, _, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    return {"median": statistics.median(xs), "q1": q1, "q3": q3, "min": xs[0], "max": xs[-1], "n": len(xs)}


def outcome_summary(results: list[dict], symbols=None) -> dict:
    """Win, loss and unfinished shares with intervals; nights; each symbol's share of games; seats for competitive games."""
    n = len(results)
    count = lambda k: sum(1 for r in results if r.get("result") == k)  # noqa: E731
    out = {"games": n, "win": share(count("win"), n), "loss": share(count("loss"), n),
           "unfinished": share(count("unfinished"), n), "ties": sum(1 for r in results if r.get("tie"))}
    nights = [r["nights"] for r in results if isinstance(r.get("nights"), (int, float))]
    if nights:
        out["nights"] = spread(nights)
    syms = sorted(symbols) if symbols is not None else sorted({s for r in results for s in r.get("symbols", ())})
    out["symbols"] = {s: share(sum(1 for r in results if s in r.get("symbols", ())), n) for s in syms}
    scored = [r for r in results if isinstance(r.get("scores"), list) and r.get("result") != "unfinished"]
    if scored:
        seats = max(len(r["scores"]) for r in scored)
        out["seats"] = [{"seat": p,
                         "win_alone": share(sum(1 for r in scored if r.get("winners") == [p]), len(scored)),
                         "score": spread(r["scores"][p] for r in scored if p < len(r["scores"]))}
                        for p in range(seats)]
        margins = [sorted(r["scores"])[-1] - sorted(r["scores"])[-2] for r in scored if len(r["scores"]) > 1]
        if margins:
            out["winning_margin"] = spread(margins)
    return out


def won(r: dict) -> bool:
    return r.get("result") == "win"


def paired(a: list[dict], b: list[dict], z: float = Z95) -> dict:
    """Two configurations on the same seeds: who won where, the win-share difference (a - b) and McNemar's test."""
    bs = {r["seed"]: r for r in b}
    pairs = [(r, bs[r["seed"]]) for r in a if r["seed"] in bs]
    n = len(pairs)
    both = sum(1 for x, y in pairs if won(x) and won(y))
    only_a = sum(1 for x, y in pairs if won(x) and not won(y))
    only_b = sum(1 for x, y in pairs if won(y) and not won(x))
    neither = n - both - only_a - only_b
    out = {"pairs": n, "both": both, "only_a": only_a, "only_b": only_b, "neither": neither}
    if n == 0:
        return {**out, "difference": None, "low": None, "high": None, "p_value": None}
    d = (only_a - only_b) / n
    se = math.sqrt(max(0.0, (only_a + only_b) - (only_a - only_b) ** 2 / n)) / n
    return {**out, "difference": d, "low": max(-1.0, d - z * se), "high": min(1.0, d + z * se),
            "p_value": mcnemar_exact(only_a, only_b)}


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value: twice the smaller binomial tail of b among b + c at one half (at most 1)."""
    m = b + c
    if m == 0:
        return 1.0
    k = min(b, c)
    tail = sum(math.comb(m, i) for i in range(k + 1)) / 2 ** m
    return min(1.0, 2 * tail)


def kendall_tau_b(x: list, y: list) -> float | None:
    """Kendall's tau-b of two equally long sequences; None when either is constant (tau-b is undefined)."""
    n = len(x)
    if n != len(y):
        raise ValueError("tau-b needs two sequences of one length")
    conc = disc = tie_x = tie_y = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx = (x[i] > x[j]) - (x[i] < x[j])
            dy = (y[i] > y[j]) - (y[i] < y[j])
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                tie_x += 1
            elif dy == 0:
                tie_y += 1
            elif dx == dy:
                conc += 1
            else:
                disc += 1
    den = math.sqrt((conc + disc + tie_x) * (conc + disc + tie_y))
    return (conc - disc) / den if den else None


def tau_interval(tau: float | None, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Fieller-Hartley-Pearson interval of a tau from n pairs; None for n <= 4 or an undefined tau."""
    if tau is None or n <= 4:
        return None
    if abs(tau) >= 1:
        t = math.copysign(1 - 1e-12, tau)
    else:
        t = tau
    zt = math.atanh(t)
    half = z * math.sqrt(0.437 / (n - 4))
    return (math.tanh(zt - half), math.tanh(zt + half))
