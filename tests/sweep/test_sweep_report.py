"""The calibration page and JSON summary, built from the committed small sweep result the site shows
(site/calibration/results.jsonl)."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

from compiler.cli import main as paleo
from compiler.sweep import report, store

FIXTURE = Path(__file__).resolve().parents[2] / "site" / "calibration" / "results.jsonl"
SVG = "{http://www.w3.org/2000/svg}"


def test_the_calibration_page_is_built_from_the_fixture(tmp_path, capsys):
    results = tmp_path / "results.jsonl"
    shutil.copyfile(FIXTURE, results)
    assert paleo(["sweep", "--report", "--out", str(results), "--report-dir", str(tmp_path / "site")]) == 0
    assert "not the published game's balance" in capsys.readouterr().out
    page = (tmp_path / "site" / "calibration.md").read_text(encoding="utf-8")
    summary = json.loads((tmp_path / "site" / "calibration.json").read_text(encoding="utf-8"))
    assert summary["format"] == "paleo-sweep-summary/1" and summary["synthetic"] is True
    assert "tests/packs/synthetic-base" in summary["packs"] and summary["bundle"].startswith("sha256:")
    # labelled before anything else: synthetic packs, never the real game's balance
    head = page.split("## ")[0]
    assert '!!! warning "Synthetic results"' in head and "tests/packs/synthetic-base" in head
    assert "not the balance of the published game." in head and "…" not in head  # the whole banner, never cut
    svgs = re.findall(r"<svg.*?</svg>", page, flags=re.S)
    assert len(svgs) == 2  # one plot per policy
    for policy, svg in zip(sorted(summary["calibration"]), svgs):
        root = ET.fromstring(svg)  # well-formed, self-contained SVG: nothing fetched
        assert "href" not in svg and "http://" not in svg.replace("http://www.w3.org/2000/svg", "")
        rows = [r for r in summary["configurations"] if r["policy"] == policy]
        dots = root.findall(f".//{SVG}circle")
        assert len(dots) == len(rows) == 8  # 4 setups x 2 player counts
        tips = [t.text for t in root.iter(f"{SVG}title")]
        for r in rows:  # each dot says its setup, players, share and interval
            w = r["win"]
            assert f'{r["setup"]}, {r["players"]} players: win {w["share"]:.1%} ({w["low"]:.1%} to {w["high"]:.1%})' \
                in " | ".join(tips)
        labels = {t.text for t in root.iter(f"{SVG}text")}
        assert {"easy", "medium", "hard", "not printed"} <= labels
        assert {f'{r["setup"]} {r["players"]}p' for r in rows} <= labels  # every point is labelled where it stands
    greedy = summary["calibration"]["greedy"]
    assert greedy["points"] == 6 and greedy["tau_b"] is not None and greedy["low"] < greedy["tau_b"] <= greedy["high"]
    assert f'{greedy["tau_b"]:.2f} (95% interval {greedy["low"]:.2f} to {greedy["high"]:.2f})' in page
    assert len(summary["comparisons"]) == 8 and all(c["pairs"] == 8 for c in summary["comparisons"])
    assert "## Policies on the same seeds" in page


def test_a_report_escapes_what_it_shows_and_labels_unsynthetic_results(tmp_path):
    header, blocks = store.load(FIXTURE)
    blocks = [dict(b, setup=dict(b["setup"], label="<b>J</b>\x1b[31m")) if b["setup"]["label"] == "J" else b
              for b in blocks]
    page = report.page(report.summarise(dict(header, packs=[], synthetic=False), blocks))
    assert "<b>J</b>" not in page and "\x1b" not in page and "&lt;b&gt;J&lt;/b&gt;" in page
    assert "Synthetic results" not in page and "without synthetic packs" in page
    for svg in re.findall(r"<svg.*?</svg>", page, flags=re.S):
        ET.fromstring(svg)


def test_two_versions_of_a_module_are_compared_on_shared_seeds(tmp_path, capsys):
    header, blocks = store.load(FIXTURE)
    v = report.compare_versions(blocks, blocks, header, header)
    assert v["paired"] and all(r["only_a"] == r["only_b"] == 0 and r["difference"] == 0 for r in v["paired"])
    assert paleo(["sweep", "--report", "--out", str(FIXTURE), "--against", str(FIXTURE),
                  "--report-dir", str(tmp_path)]) == 0
    assert json.loads((tmp_path / "calibration.json").read_text(encoding="utf-8"))["versions"]["paired"]


def test_the_sites_calibration_page_is_the_report_of_the_committed_sweep():
    root = FIXTURE.parents[2]
    committed = (root / report.SITE_PAGE).read_text(encoding="utf-8")
    assert committed == report.site_page(FIXTURE), "site/calibration.md is stale: run python -m compiler.sweep.report"
    assert committed.startswith("---\ntitle: Calibration\n---\n") and '!!! warning "Synthetic results"' in committed
    nav = (root / "mkdocs.yml").read_text(encoding="utf-8")
    assert "calibration.md" in nav  # part of the site's navigation
