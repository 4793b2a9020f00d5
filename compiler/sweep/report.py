"""The calibration report of a sweep: a JSON summary and a rules-site page with plots drawn as inline SVG.

The page plots, per policy, each setup and player count's win share with its Wilson interval
against the printed difficulty, and gives Kendall's tau-b (with its interval) between simulated
difficulty (1 - win share) and the printed labels. It is drawn from the results alone, offline.
Every summary and page names the packs the games ran on; results on synthetic packs are said
to measure invented cards, never the real game's balance.
"""

from __future__ import annotations

import html
from collections import defaultdict
from pathlib import Path

from ..safeio import atomic_write, escape
from . import stats, store
from .grid import LEVELS, printed_difficulty

SUMMARY_FORMAT = "paleo-sweep-summary/1"


def configurations(blocks: list[dict]) -> dict:
    """(setup label, players, policy) -> {"blocks": [...], "results": [...] in seed order}."""
    out: dict = defaultdict(lambda: {"blocks": [], "results": []})
    for b in blocks:
        c = out[(b["setup"]["label"], b["players"], b["policy"]["name"])]
        c["blocks"].append(b)
        c["results"].extend(b["results"])
    for c in out.values():
        c["results"].sort(key=lambda r: r["seed"])
    return dict(sorted(out.items()))


def provenance(header: dict) -> dict:
    packs = header.get("packs") or []
    synthetic = bool(header.get("synthetic", bool(packs)))
    if synthetic:
        note = ("Played on synthetic test packs (" + (", ".join(packs) or "pack fills") + "): these games measure the "
                "engine and the policies on invented cards. They are not the balance of the published game.")
    else:
        note = "Played on the bundled content alone, without synthetic packs."
    return {"bundle": header.get("bundle"), "engine": header.get("engine"), "packs": packs, "synthetic": synthetic,
            "note": note}


def summarise(header: dict, blocks: list[dict], bundle: dict | None = None) -> dict:
    """The JSON summary: provenance, every configuration's statistics, calibration per policy, paired comparisons."""
    confs = configurations(blocks)
    rows = []
    for (label, players, policy), c in confs.items():
        b0 = c["blocks"][0]
        symbols = sorted({s for b in c["blocks"] for s in b.get("symbols_in_play", ())})
        printed = b0.get("printed_difficulty")
        if printed is None and bundle is not None:
            printed = printed_difficulty(bundle, b0["game"], b0.get("setup_record") or {}, players)
        rows.append({"setup": label, "players": players, "policy": policy, "game": b0["game"],
                     "modules": (b0.get("setup_record") or {}).get("modules"), "printed_difficulty": printed,
                     **stats.outcome_summary(c["results"], symbols)})
    calibration = {}
    for policy in sorted({r["policy"] for r in rows}):
        pts = [r for r in rows if r["policy"] == policy and r["printed_difficulty"] in LEVELS]
        x = [LEVELS[r["printed_difficulty"]] for r in pts]
        y = [1 - r["win"]["share"] for r in pts]
        tau = stats.kendall_tau_b(x, y) if len(pts) > 1 else None
        iv = stats.tau_interval(tau, len(pts))
        calibration[policy] = {"points": len(pts), "tau_b": tau, "low": iv[0] if iv else None,
                               "high": iv[1] if iv else None}
    comparisons = []
    policies = sorted({r["policy"] for r in rows})
    for label, players in sorted({(r["setup"], r["players"]) for r in rows}):
        for i, pa in enumerate(policies):
            for pb in policies[i + 1:]:
                a, b = confs.get((label, players, pa)), confs.get((label, players, pb))
                if a and b:
                    comparisons.append({"setup": label, "players": players, "a": pa, "b": pb,
                                        **stats.paired(a["results"], b["results"])})
    return {"format": SUMMARY_FORMAT, **provenance(header), "configurations": rows, "calibration": calibration,
            "comparisons": comparisons}


def compare_versions(blocks_a: list[dict], blocks_b: list[dict], header_a: dict, header_b: dict) -> dict:
    """Two sweeps of one grid (say two versions of a module) compared on the seeds they share, per configuration."""
    ca, cb = configurations(blocks_a), configurations(blocks_b)
    rows = [{"setup": k[0], "players": k[1], "policy": k[2], **stats.paired(ca[k]["results"], cb[k]["results"])}
            for k in sorted(set(ca) & set(cb))]
    return {"format": SUMMARY_FORMAT, "a": provenance(header_a), "b": provenance(header_b), "paired": rows}


# ---------------------------------------------------------------------------------------------- the page
W, H, LEFT, TOP, BOTTOM, RIGHT = 640, 300, 56, 20, 48, 16
COLUMNS = [*LEVELS, "not printed"]


def _e(text, limit: int | None = 200) -> str:
    return html.escape(escape(str(text), limit), quote=True)


def _point_label(r: dict) -> str:
    """A point's visible label: the setup's short name and the player count (e.g. `A 2p`, `I 3p`)."""
    setup = str(r["setup"])
    short = setup.rsplit("/", 1)[-1].rsplit(":", 1)[-1] if ("/" in setup or ":" in setup) else setup
    return f"{short[:12]} {r['players']}p"


def plot(rows: list[dict], policy: str) -> str:
    """One SVG: win share (dot) and its Wilson interval (bar) per setup and player count, by printed difficulty."""
    pts = [r for r in rows if r["policy"] == policy]
    cols = [c for c in COLUMNS if any((r["printed_difficulty"] or "not printed") == c for r in pts)] or COLUMNS[:1]
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM
    colw = pw / len(cols)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" role="img" '
           f'aria-label="win share by printed difficulty, policy {_e(policy)}" font-family="sans-serif" font-size="11">']
    for i in range(6):
        v = i / 5
        yy = TOP + ph * (1 - v)
        out.append(f'<line x1="{LEFT}" y1="{yy:.1f}" x2="{W - RIGHT}" y2="{yy:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{yy + 4:.1f}" text-anchor="end">{int(v * 100)}%</text>')
    out.append(f'<text x="14" y="{TOP + ph / 2:.1f}" transform="rotate(-90 14 {TOP + ph / 2:.1f})" '
               'text-anchor="middle">win share (95% Wilson interval)</text>')
    for ci, c in enumerate(cols):
        cx = LEFT + colw * (ci + 0.5)
        out.append(f'<text x="{cx:.1f}" y="{H - BOTTOM + 18}" text-anchor="middle">{_e(c)}</text>')
        group = [r for r in pts if (r["printed_difficulty"] or "not printed") == c]
        for gi, r in enumerate(group):
            x = LEFT + colw * ci + colw * (gi + 1) / (len(group) + 1)
            w = r["win"]
            y, lo, hi = (TOP + ph * (1 - v) for v in (w["share"], w["low"], w["high"]))
            tip = (f'{r["setup"]}, {r["players"]} players: win {w["share"]:.1%} '
                   f'({w["low"]:.1%} to {w["high"]:.1%}), {r["games"]} games')
            out.append(f'<g><title>{_e(tip)}</title>'
                       f'<line x1="{x:.1f}" y1="{lo:.1f}" x2="{x:.1f}" y2="{hi:.1f}" stroke="#1f5f8b" stroke-width="2"/>'
                       f'<line x1="{x - 4:.1f}" y1="{lo:.1f}" x2="{x + 4:.1f}" y2="{lo:.1f}" stroke="#1f5f8b"/>'
                       f'<line x1="{x - 4:.1f}" y1="{hi:.1f}" x2="{x + 4:.1f}" y2="{hi:.1f}" stroke="#1f5f8b"/>'
                       f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#1f5f8b"/>'
                       f'<text x="{x + 7:.1f}" y="{y + 3:.1f}" font-size="9" fill="#333">{_e(_point_label(r))}</text></g>')
    out.append(f'<text x="{LEFT + pw / 2:.1f}" y="{H - 8}" text-anchor="middle">printed difficulty</text>')
    out.append("</svg>")
    return "".join(out)


def _pct(s: dict) -> str:
    return f'{s["share"]:.1%} ({s["low"]:.1%}–{s["high"]:.1%})'


def page(summary: dict) -> str:
    """The calibration page (Markdown for the rules site, the plots inline SVG)."""
    out = ["# Calibration", ""]
    if summary["synthetic"]:
        out += ['!!! warning "Synthetic results"', f'    {_e(summary["note"], None)}', ""]  # whole, never cut
    else:
        out += ['!!! note "Provenance"', f'    {_e(summary["note"], None)}', ""]
    out += [f'Bundle `{_e(summary["bundle"])}`, engine {_e(summary["engine"])}, packs: '
            + (", ".join(f"`{_e(p)}`" for p in summary["packs"]) or "none") + ".", ""]
    rows = summary["configurations"]
    for policy, cal in summary["calibration"].items():
        out += [f"## Policy `{_e(policy)}`", ""]
        if cal["tau_b"] is None:
            out.append(f'Kendall\'s τ-b: not defined ({cal["points"]} setups with a printed difficulty).')
        else:
            iv = (f' (95% interval {cal["low"]:.2f} to {cal["high"]:.2f})' if cal["low"] is not None
                  else " (no interval below 5 setups)")
            out.append(f'Kendall\'s τ-b between simulated difficulty (1 − win share) and printed difficulty: '
                       f'{cal["tau_b"]:.2f}{iv}, over {cal["points"]} setups and player counts.')
        out += ["", '<div class="paleo-calibration">' + plot(rows, policy) + "</div>", ""]
        out += ["| setup | players | printed | games | win | loss | unfinished | nights (median, quartiles) |",
                "|---|---|---|---|---|---|---|---|"]
        for r in (r for r in rows if r["policy"] == policy):
            n = r.get("nights")
            nights = f'{n["median"]} ({n["q1"]}–{n["q3"]})' if n else "–"
            out.append(f'| {_e(r["setup"])} | {r["players"]} | {_e(r["printed_difficulty"] or "–")} | {r["games"]} | '
                       f'{_pct(r["win"])} | {_pct(r["loss"])} | {_pct(r["unfinished"])} | {nights} |')
        seats = [r for r in rows if r["policy"] == policy and r.get("seats")]
        if seats:
            out += ["", "Competitive games: wins alone and scores by seat.", "",
                    "| setup | players | seat | wins alone | score median (quartiles) |", "|---|---|---|---|---|"]
            for r in seats:
                for s in r["seats"]:
                    sc = s["score"]
                    out.append(f'| {_e(r["setup"])} | {r["players"]} | {s["seat"]} | {_pct(s["win_alone"])} | '
                               f'{sc["median"]} ({sc["q1"]}–{sc["q3"]}) |' if sc else "–")
        out.append("")
    if summary["comparisons"]:
        out += ["## Policies on the same seeds", "",
                "| setup | players | a | b | pairs | only a wins | only b wins | difference (95%) | McNemar p |",
                "|---|---|---|---|---|---|---|---|---|"]
        for c in summary["comparisons"]:
            diff = (f'{c["difference"]:+.1%} ({c["low"]:+.1%} to {c["high"]:+.1%})' if c["difference"] is not None
                    else "–")
            p = f'{c["p_value"]:.3g}' if c["p_value"] is not None else "–"
            out.append(f'| {_e(c["setup"])} | {c["players"]} | {_e(c["a"])} | {_e(c["b"])} | {c["pairs"]} | '
                       f'{c["only_a"]} | {c["only_b"]} | {diff} | {p} |')
        out.append("")
    return "\n".join(out) + "\n"


# The site's calibration page: the report of a small sweep committed beside it (site/calibration/results.jsonl),
# written as site/calibration.md by `python -m compiler.sweep.report` (a test checks that it is current).
SITE_RESULTS = Path("site") / "calibration" / "results.jsonl"
SITE_PAGE = Path("site") / "calibration.md"
SITE_LEAD = (
    "This page is the report of a small sweep committed beside it "
    "([`calibration/results.jsonl`](calibration/results.jsonl)): seeded games of the runtime's reference policies "
    "on synthetic packs. `paleo sweep --report` writes the same page for any sweep "
    "([Balance sweeps](runtime.md#balance-sweeps)).\n\n")


def site_page(results: Path) -> str:
    """The site's calibration page for the committed results: front matter, the lead, then the report."""
    header, blocks = store.load(results)
    title, _, rest = page(summarise(header, blocks)).partition("\n")
    return "---\ntitle: Calibration\n---\n\n" + title + "\n\n" + SITE_LEAD + rest.lstrip("\n")


def main(root: Path | None = None) -> int:
    root = root or Path(__file__).resolve().parents[2]
    atomic_write(root / SITE_PAGE, site_page(root / SITE_RESULTS))
    print(f"wrote {SITE_PAGE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
