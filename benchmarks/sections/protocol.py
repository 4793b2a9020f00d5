"""Benchmark section `protocol`: seeded games per second through `python -m runtime serve` against direct calls.

    python benchmarks/run.py protocol          (or standalone: python benchmarks/sections/protocol.py [--quick])

The same seeded games of Paleo (scenario A, 2 players, a seeded random pick among the legal
actions) are played (a) in process, `legal_actions()` then `apply()`, and (b) by a frontend
driving one server process over its pipes as a real frontend does: `new`, then per action
`legal` and `apply` by index (two request lines, two response lines), then `close`; and (c) the
same with one round trip per action (`apply` with `with_legal`). The ratios are protocol ÷
direct games per second (1.0: the protocol costs nothing). No target is set; the
figures go in the closing note.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT), str(ROOT / "tests" / "packs")):
    if p not in sys.path:
        sys.path.insert(0, p)

NAME = "protocol"
DESCRIPTION = "games per second through the JSON-lines protocol (python -m runtime serve) ÷ direct calls"
SETUP = {"game": "game:paleo", "setup": {"scenario": "A"}, "players": 2}


def _direct(bundle: dict, seeds) -> float:
    from runtime import new_game

    t0 = time.perf_counter()
    for seed in seeds:
        g = new_game(bundle, game=SETUP["game"], setup=SETUP["setup"], players=SETUP["players"], seed=seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
    return len(seeds) / (time.perf_counter() - t0)


class _Client:
    def __init__(self, bundle_path: Path):
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.p = subprocess.Popen([sys.executable, "-m", "runtime", "serve", "--bundle", str(bundle_path)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=str(ROOT))

    def ask(self, req: dict) -> dict:
        self.p.stdin.write(json.dumps(req).encode() + b"\n")
        self.p.stdin.flush()
        r = json.loads(self.p.stdout.readline())
        if not r.get("ok"):
            raise RuntimeError(f"the server refused {req}: {r}")
        return r

    def close(self) -> None:
        self.p.stdin.close()
        self.p.wait(timeout=60)


def _protocol(client: _Client, seeds) -> float:
    """Two round trips per action: `legal`, then `apply` by index."""
    t0 = time.perf_counter()
    for seed in seeds:
        h = client.ask({"cmd": "new", **SETUP, "seed": seed})["handle"]
        rng = random.Random(seed)
        terminal = False
        while not terminal:
            n = len(client.ask({"cmd": "legal", "handle": h})["actions"])
            terminal = client.ask({"cmd": "apply", "handle": h, "index": rng.randrange(n)})["terminal"]
        client.ask({"cmd": "close", "handle": h})
    return len(seeds) / (time.perf_counter() - t0)


def _protocol_with_legal(client: _Client, seeds) -> float:
    """One round trip per action: `apply` with `with_legal`, whose response lists the next legal actions."""
    t0 = time.perf_counter()
    for seed in seeds:
        r = client.ask({"cmd": "new", **SETUP, "seed": seed, "with_legal": True})
        h, legal = r["handle"], r["legal"]
        rng = random.Random(seed)
        while legal:
            legal = client.ask({"cmd": "apply", "handle": h, "index": rng.randrange(len(legal)), "with_legal": True})["legal"]
        client.ask({"cmd": "close", "handle": h})
    return len(seeds) / (time.perf_counter() - t0)


def run(quick: bool = False) -> list[dict]:
    import synthetic_bundle

    from runtime import load_bundle

    games, rounds = (20, 2) if quick else (100, 3)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bundle.json"
        synthetic_bundle.cached(path)
        bundle = load_bundle(str(path))
        client = _Client(path)
        try:
            client.ask({"cmd": "hello", "protocol": 1})
            warm = list(range(1000, 1003))
            _direct(bundle, warm)
            _protocol(client, warm)
            _protocol_with_legal(client, warm)
            seeds = list(range(games))
            direct, proto, one = [], [], []
            for _ in range(rounds):  # alternated, so machine load falls on all alike
                direct.append(_direct(bundle, seeds))
                proto.append(_protocol(client, seeds))
                one.append(_protocol_with_legal(client, seeds))
        finally:
            client.close()
    ratios = [p / d for p, d in zip(proto, direct)]
    ratios_one = [p / d for p, d in zip(one, direct)]

    def spread(xs, digits=1):
        return f"{min(xs):.{digits}f}..{max(xs):.{digits}f} over {len(xs)} rounds of {games} games"

    return [
        {"figure": "games/s, direct calls (Paleo A, 2 players, random)", "value": round(statistics.median(direct), 1),
         "unit": "games/s", "target": None, "hard": False, "met": None, "spread": spread(direct)},
        {"figure": "games/s through the protocol (legal + apply per action)", "value": round(statistics.median(proto), 1),
         "unit": "games/s", "target": None, "hard": False, "met": None, "spread": spread(proto)},
        {"figure": "protocol ÷ direct games/s", "value": round(statistics.median(ratios), 3), "unit": "ratio",
         "target": None, "hard": False, "met": None, "spread": spread(ratios, 3)},
        {"figure": "games/s through the protocol (apply with_legal per action)", "value": round(statistics.median(one), 1),
         "unit": "games/s", "target": None, "hard": False, "met": None, "spread": spread(one)},
        {"figure": "protocol (with_legal) ÷ direct games/s", "value": round(statistics.median(ratios_one), 3),
         "unit": "ratio", "target": None, "hard": False, "met": None, "spread": spread(ratios_one, 3)},
    ]


if __name__ == "__main__":
    for fig in run(quick="--quick" in sys.argv[1:]):
        print(f"{fig['figure']:<60} {fig['value']:>10} {fig['unit']:<8} ({fig['spread']})")
