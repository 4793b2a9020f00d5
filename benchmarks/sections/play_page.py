"""The Play page's start-up: from opening the page to its first legal actions, in Debian's Chromium.

Builds the served site from the bundled content, adds the Play step's assets (Pyodide from node_modules, the
runtime zip, the synthetic-base bundle), serves it on 127.0.0.1 and opens /play/ in a fresh browser each time
(a cold cache: the wasm is fetched and compiled every run), then starts a 2-player game and passes the hand-over
screen. Figures in ms, and the browser's CPU seconds (load-independent); no target (the figure is reported, not enforced). Standalone:
`python benchmarks/sections/play_page.py [--quick]`.
"""

from __future__ import annotations

import functools
import http.server
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = "play_page"
DESCRIPTION = "Play page: page open to the setup form and to the first legal actions (Pyodide, cold cache)"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def _cpu_seconds(marker: str) -> float:
    """User + system CPU time of the live processes whose command line names `marker` (one browser's profile)."""
    import os

    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
            if marker.encode() not in cmd:
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _site(tmp: Path) -> Path:
    for p in (str(ROOT), str(ROOT / "tests" / "packs")):
        if p not in sys.path:
            sys.path.insert(0, p)
    import contextlib
    import io

    import synthetic_bundle
    from compiler.docs import build_site
    from compiler.docs.play import build_play
    from compiler.pipeline import default_content_dirs, run
    from compiler.project import load_config

    cfg, _ = load_config(ROOT)
    res = run(default_content_dirs(ROOT, cfg), root=ROOT, config=cfg)
    site_bundle = tmp / "bundle.json"
    site_bundle.write_text(json.dumps(res.bundle), encoding="utf-8")
    play_bundle = tmp / "play-bundle.json"
    synthetic_bundle.cached(play_bundle)
    out = tmp / "site"
    with contextlib.redirect_stdout(io.StringIO()):
        if build_site(str(site_bundle), out, ROOT) != 0:
            raise SystemExit("the site did not build")
        if build_play(out, play_bundle, ["synthetic-base"], site_bundle, ROOT) != 0:
            raise SystemExit("the Play step failed")
    return out


def run(quick: bool = False) -> list[dict]:
    from playwright.sync_api import sync_playwright

    n = 1 if quick else 3
    ready, first, cpu = [], [], []
    with tempfile.TemporaryDirectory(prefix="paleo-play-bench-") as tmp:
        site = _site(Path(tmp))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            with sync_playwright() as pw:
                for i in range(n):
                    profile = Path(tmp) / f"profile-{i}"
                    browser = pw.chromium.launch_persistent_context(str(profile), executable_path=str(CHROMIUM),
                                                                    headless=True, args=ARGS)
                    page = browser.new_page()
                    page.goto(base + "/play/")
                    page.wait_for_function("window.paleoPlay && window.paleoPlay.ready", timeout=180_000)
                    page.click("#play-start")
                    page.click("#play-handover-ok")
                    page.locator("#play-actions .play-action").first.wait_for()
                    ready.append(page.evaluate("window.paleoPlay.readyMs"))
                    first.append(page.evaluate("window.paleoPlay.firstActionsMs"))
                    cpu.append(_cpu_seconds(str(profile)))
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()

    def figure(name, values, unit="ms"):
        spread = f"{min(values):.1f}–{max(values):.1f} {unit} over {len(values)} runs" if len(values) > 1 else None
        return {"figure": name, "value": round(statistics.median(values), 1), "unit": unit, "target": None,
                "hard": False, "met": None, "spread": spread}

    # wall time drifts with the machine's load; the browser's CPU time says how much work the start is
    return [figure("play page open to setup form (median)", ready),
            figure("play page open to first legal actions (median; includes two clicks)", first),
            figure("browser CPU time, open to first legal actions (median, all its processes)", cpu, "s")]


if __name__ == "__main__":
    t0 = time.perf_counter()
    for f in run(quick="--quick" in sys.argv[1:]):
        print(f"{f['figure']}: {f['value']} {f['unit']}" + (f" ({f['spread']})" if f["spread"] else ""))
    print(f"({time.perf_counter() - t0:.0f}s)")
