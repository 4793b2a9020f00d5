"""Runtime benchmark: actions and games per second, and the op dispatch against plain Python.

    python benchmarks/bench_runtime.py [--games 300] [--ops 200000]

Plays seeded games on the synthetic pack with the random and greedy policies (no invariant
checks), then runs the same reward / cost ops (a) through the dispatch table's compiled
closures, as the engine does, and (b) written out as plain Python calls to the same state
helpers, and reports the ratio (closures / plain; 1.0 means dispatch costs nothing).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "packs"))

from runtime.core.game import Engine as Game  # reads the state behind the public game: drives the engine
from runtime.core import compile_option
from runtime.games.paleo import state as S
from runtime.games.paleo.ops import OPS
from runtime.games.paleo.state import Ctx
from runtime.sim import play
new_game = Game.new

IRS = [
    "-> 2 food", "cost 1 wood -> 1 stone", "require strength 1, awareness 1 -> 1 food, 1 wood",
    "cost 1 torch -> 1 torch", "cost 2 food -> 1 stone, 1 wood",
]


def _lower(text):
    import synthetic_bundle

    return synthetic_bundle.lower(text)


def bench_games(bundle, games: int) -> dict:
    out = {}
    for policy in ("random", "greedy"):
        t0 = time.perf_counter()
        actions = 0
        for seed in range(games):
            g = play(bundle, game="game:paleo", scenario="A", players=1 + seed % 4, seed=seed, policy=policy)
            actions += g.s["actions"]
        dt = time.perf_counter() - t0
        out[policy] = {"games": games, "seconds": round(dt, 3), "games_per_s": round(games / dt, 1),
                       "actions_per_s": round(actions / dt), "actions_per_game": round(actions / games, 1)}
    return out


def bench_ops(bundle, n: int) -> dict:
    g = new_game(bundle, scenario="A", players=1, seed=0)
    g.s["tools"][0]["token:paleo/torch"] = g.s["tools"][0].get("token:paleo/torch", 0) + 1
    g.s["supply"]["token:paleo/torch"] -= 1
    ctx = Ctx(0, [], None, "bench")
    opts = [compile_option(0, t, _lower(t), OPS)[0] for t in IRS]

    def via_closures():
        for o in opts:
            need = o.need_static
            if need:
                S.need_met(g, need, (0,))
            for _, c in o.costs:
                if c(g, ctx, False):
                    c(g, ctx, True)
            for _, e in o.effects:
                e(g, ctx)

    torch = "token:paleo/torch"

    def plain():
        # the same five options, written out: requirement dicts, cost check then payment, effects
        S.gain_resource(g, "food", 2, ctx)
        if g.s["res"].get("wood", 0) >= 1:
            if g.s["res"].get("wood", 0) >= 1:
                S.lose_resource(g, "wood", 1, ctx)
        S.gain_resource(g, "stone", 1, ctx)
        S.need_met(g, {"strength": 1, "awareness": 1}, (0,))
        S.gain_resource(g, "food", 1, ctx)
        S.gain_resource(g, "wood", 1, ctx)
        if S.tools_available(g, torch, ctx) >= 1:
            if S.tools_available(g, torch, ctx) >= 1:
                S.spend_tool(g, torch, ctx)
        S.gain_tool(g, torch, 0, ctx)
        if g.s["res"].get("food", 0) >= 2:
            if g.s["res"].get("food", 0) >= 2:
                S.lose_resource(g, "food", 2, ctx)
        S.gain_resource(g, "stone", 1, ctx)
        S.gain_resource(g, "wood", 1, ctx)

    def timed(fn):
        best = None
        for _ in range(3):
            g.s["log"] = []
            t0 = time.perf_counter()
            for i in range(n // len(IRS)):
                fn()
                if i % 1000 == 0:
                    g.s["log"].clear()
            dt = time.perf_counter() - t0
            best = dt if best is None else min(best, dt)
        return best

    tc = timed(via_closures)
    tp = timed(plain)
    calls = sum(len(o.calls) for o in opts) * (n // len(IRS))
    return {"op_calls": calls, "closures_s": round(tc, 3), "plain_s": round(tp, 3),
            "closure_to_plain_ratio": round(tc / tp, 2), "ns_per_op_closures": round(tc / calls * 1e9)}


def bench_round_trip(bundle, n: int = 2000) -> dict:
    g = play(bundle, game="game:paleo", scenario="A", players=4, seed=1, policy="greedy")
    text = g.to_json(log=False)
    t0 = time.perf_counter()
    for _ in range(n):
        Game.from_json(bundle, g.to_json(log=False))
    dt = time.perf_counter() - t0
    return {"state_bytes": len(text), "round_trips_per_s": round(n / dt)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--ops", type=int, default=200000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    import synthetic_bundle

    bundle = synthetic_bundle.cached()
    report = {"games": bench_games(bundle, args.games), "ops": bench_ops(bundle, args.ops),
              "json_round_trip": bench_round_trip(bundle)}
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for pol, r in report["games"].items():
            print(f"{pol:>7}: {r['games_per_s']} games/s, {r['actions_per_s']} actions/s ({r['actions_per_game']} actions/game)")
        o = report["ops"]
        print(f"ops: {o['op_calls']} calls; closures {o['closures_s']} s, plain Python {o['plain_s']} s; "
              f"ratio closures/plain {o['closure_to_plain_ratio']} ({o['ns_per_op_closures']} ns per op)")
        j = report["json_round_trip"]
        print(f"JSON round trip: {j['round_trips_per_s']} per second ({j['state_bytes']} bytes of state)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
