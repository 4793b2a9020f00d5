"""`paleo sim`: play seeded games with a reference policy and report outcomes per game and in sum.

    paleo build --content tests/packs/synthetic-base --out build/synthetic
    paleo sim --bundle build/synthetic/bundle.json --scenario A --players 2 --games 100 --policy greedy

`--scenario` takes a scenario, level or suggestion id of the bundle, or module letters joined
by `+` (the base game's modules appear only in mixed tables, so `A` plays base set + module A).
On bundled content alone the game is not playable and the missing facts are listed (exit 1).
`--all` (instead of `--scenario`) plays every setup the bundle lists for every player count the book
allows, `--games` seeded games each and twice over, and prints the table (setup x players -> games, wins,
losses, median nights, and whether the same seeds gave the same results); it exits 1 when a setup is refused.
`--jobs N` plays the seeds on N worker processes; each game depends only on its seed, so the
per-game results are the sequential run's, in seed order. `--policy` takes random, greedy, mc,
mc-N or a user's `module:function` (the protocol is in `runtime.policies`).
"""

from __future__ import annotations

import json
import multiprocessing
import statistics
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from .bundle import BundleError, is_synthetic, load_bundle, packs_of
from .core.game import Engine as Game  # the simulator's callbacks check and round-trip the engine
from .engine import IllegalAction, NotPlayable, SetupError
from .policies import PolicyError, policy_factory
from .safetext import escape
from .setups import list_setups
from .stats import wilson


def game_for(bundle: dict, scenario: str | None) -> str:
    for s in bundle.get("scenarios", []):
        if s["id"] == scenario:
            return s.get("game") or "game:paleo"
    ids = [g["id"] for g in bundle.get("games", [])]
    return "game:paleo" if "game:paleo" in ids else (ids[0] if ids else "game:paleo")


def play(bundle: dict, *, game: str, scenario: str | None, players: int, seed: int, policy,
         on_action=None, boards=None, options=None, setup: dict | None = None) -> Game:
    """Play one game to its end; `on_action(game)` runs after every action (invariants, round trips).

    `policy` is a policy name or a factory (see `runtime.policies`); `setup` a setup record instead
    of scenario, boards and options."""
    if setup is not None:
        g = Game.new(bundle, game=game, setup=setup, players=players, seed=seed)
    else:
        g = Game.new(bundle, game=game, scenario=scenario, boards=boards, options=options, players=players, seed=seed)
    pol = (policy if callable(policy) else policy_factory(policy))(seed)
    while not g.is_terminal():
        g.apply(pol(g))
        if on_action is not None:
            g = on_action(g) or g
    return g


def result_of(g: Game, seed: int) -> dict:
    """One game's result: its outcome's fields (Paleo: days, nights, skulls, victory; PaleoVet: scores, cured,
    winners), the number of actions and the symbols that ran."""
    o = g.outcome
    out = {k: v for k, v in o.items()}
    out.update(seed=seed, actions=g.s["actions"], symbols=sorted(g.s.get("used") or ()))
    return out


def summarise(results: list[dict], symbols: list[str]) -> dict:
    n = len(results) or 1
    share = lambda k: sum(1 for r in results if r["result"] == k) / n  # noqa: E731
    out = {
        "games": len(results), "win_share": share("win"), "loss_share": share("loss"),
        "unfinished_share": share("unfinished"), "tie_share": sum(1 for r in results if r["tie"]) / n,
        "symbol_share": {s: sum(1 for r in results if s in r["symbols"]) / n for s in symbols},
    }
    nights = [r["nights"] for r in results if "nights" in r]
    if nights:
        out["median_nights"] = statistics.median(nights)
    scored = [r for r in results if "scores" in r and r["result"] != "unfinished"]
    if scored:  # a competitive game: who wins from which seat, and how the scores spread
        seats = len(scored[0]["scores"])
        out["seat_win_share"] = [round(sum(1 for r in scored if p in r.get("winners", ()) and len(r["winners"]) == 1)
                                       / len(scored), 4) for p in range(seats)]
        out["score_spread"] = [{"min": min(r["scores"][p] for r in scored), "median": statistics.median(r["scores"][p] for r in scored),
                                "max": max(r["scores"][p] for r in scored)} for p in range(seats)]
        out["median_margin"] = statistics.median((sorted(r["scores"])[-1] - sorted(r["scores"])[-2]) if seats > 1
                                                 else r["scores"][0] for r in scored)
    return out


class Progress:
    """A one-line progress bar on stderr with games per second and time left; drawn only when the stream is a
    terminal (or `force`), at most every `every` seconds."""

    def __init__(self, total: int, stream=None, *, force: bool = False, every: float = 0.2, done: int = 0):
        self.total = total
        self.stream = stream or sys.stderr
        self.on = force or (hasattr(self.stream, "isatty") and self.stream.isatty())
        self.clock = time.monotonic
        self.start = self.clock()
        self.base = done  # games already done before this run (a resumed sweep)
        self.every = every
        self.shown = None  # when the bar was last drawn: the first update always is

    def line(self, done: int) -> str:
        pct = int(100 * done / max(self.total, 1))
        bar = "#" * (pct // 4) + "-" * (25 - pct // 4)
        spent = self.clock() - self.start
        rate = (done - self.base) / spent if spent > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else None
        eta = "--:--" if left is None else f"{int(left) // 60:02d}:{int(left) % 60:02d}"
        return f"[{bar}] {done}/{self.total} games  {rate:.1f} games/s  {eta} left"

    def update(self, done: int) -> None:
        if not self.on:
            return
        now = self.clock()
        if done != self.total and self.shown is not None and now - self.shown < self.every:
            return
        self.shown = now
        self.stream.write("\r" + self.line(done))
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def play_seeds(bundle: dict, seeds, *, game: str, players: int, policy, scenario: str | None = None, boards=None,
               options=None, setup: dict | None = None, on_game=None) -> tuple[list[dict], list[str], dict | None]:
    """Play one game per seed: (results in seed order, the symbols in play, the normalised setup record)."""
    make = policy if callable(policy) else policy_factory(policy)
    results, used, rec = [], set(), None
    for sd in seeds:
        g = play(bundle, game=game, scenario=scenario, players=players, seed=sd, policy=make, boards=boards,
                 options=options, setup=setup)
        results.append(result_of(g, sd))
        used |= set(g.rules.symbols_in_play)
        rec = g.s["setup"]
        if on_game is not None:
            on_game(len(results))
    return results, sorted(used), rec


_WORKER: dict = {}  # a pool worker's bundle, given once when the worker starts


def _worker_init(bundle: dict) -> None:
    _WORKER["bundle"] = bundle


def _worker_chunk(kw: dict):
    return play_seeds(_WORKER["bundle"], **kw)


def pool_context():
    """How worker processes start: forked (at once, sharing the loaded bundle) from a process with one thread,
    else spawned (a fork of a process with threads may copy a held lock)."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def pool_map(bundle: dict, chunks: list[dict], jobs: int, on_done=None) -> list:
    """Run `play_seeds(bundle, **chunk)` for every chunk on `jobs` fresh worker processes; results in chunk order."""
    ctx = pool_context()
    out: list = [None] * len(chunks)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_worker_init, initargs=(bundle,)) as ex:
        futs = {ex.submit(_worker_chunk, c): i for i, c in enumerate(chunks)}
        for f in as_completed(futs):
            i = futs[f]
            out[i] = f.result()
            if on_done is not None:
                on_done(i, out[i])
    return out


def run(bundle: dict, *, scenario: str | None, players: int, games: int, seed: int, policy: str,
        progress: bool = True, game: str | None = None, boards=None, options=None, jobs: int = 1) -> dict:
    game = game or game_for(bundle, scenario)
    bar = Progress(games) if progress else None
    seeds = list(range(seed, seed + games))
    common = dict(game=game, players=players, policy=policy, scenario=scenario, boards=boards, options=options)
    if jobs <= 1 or games < 2:
        results, used, rec = play_seeds(bundle, seeds, **common, on_game=bar.update if bar else None)
    else:
        if not callable(policy):
            policy_factory(policy)  # an unknown policy is refused here, not in every worker
        size = max(1, min(25, -(-games // (jobs * 4))))
        chunks = [dict(common, seeds=seeds[i:i + size]) for i in range(0, games, size)]
        done = [0]

        def tick(_i, part):
            done[0] += len(part[0])
            if bar:
                bar.update(done[0])

        parts = pool_map(bundle, chunks, jobs, tick)
        results = [r for part in parts for r in part[0]]
        used = sorted({s for part in parts for s in part[1]})
        rec = parts[0][2]
    return {"scenario": scenario, "game": game, "setup": rec, "players": players,
            "policy": policy if isinstance(policy, str) else getattr(policy, "__name__", "a policy function"),
            "seed": seed, "packs": packs_of(bundle), "synthetic": is_synthetic(bundle), "results": results,
            "summary": summarise(results, used)}


def run_all(bundle: dict, *, games: int, seed: int, policy: str, jobs: int = 1) -> list[dict]:
    """Every setup the bundle lists (`runtime.setups`) for every player count it allows: `games` seeded games
    each, played twice, so a row says whether the same seeds gave the same results. A refused setup is a row
    with its reason."""
    rows = []
    for s in list_setups(bundle):
        if s["refused"]:
            rows.append({"setup": s["id"], "game": s["game"], "players": None, "refused": s["refused"]})
            continue
        for n in s["players"]:
            kw = dict(scenario=s["scenario"], players=n, games=games, seed=seed, policy=policy, progress=False,
                      game=s["game"], options=s["options"] or None, jobs=jobs)
            first, again = run(bundle, **kw), run(bundle, **kw)
            res = first["results"]
            nights = first["summary"].get("median_nights")
            turns = [r["turns"] for r in res if isinstance(r.get("turns"), int)]
            rows.append({"setup": s["id"], "game": s["game"], "players": n, "games": len(res),
                         "wins": sum(1 for r in res if r["result"] == "win"),
                         "losses": sum(1 for r in res if r["result"] == "loss"),
                         "unfinished": sum(1 for r in res if r["result"] == "unfinished"),
                         "median_nights": nights, "median_turns": statistics.median(turns) if turns else None,
                         "repeatable": res == again["results"], "refused": None})
    return rows


def table_of(rows: list[dict]) -> str:
    """The rows of `run_all` as a Markdown table (setup x players -> games, wins, losses, median nights; a game
    without nights, PaleoVet, shows its median turns)."""
    out = ["| setup | players | games | wins | losses | unfinished | median nights | same twice |",
           "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if r["refused"]:
            why = escape(r["refused"].replace("\n", " "), 160).replace("|", "/")
            out.append(f"| {r['setup']} | — | refused: {why} | | | | | |")
            continue
        nights = (f"{r['median_nights']:g}" if r["median_nights"] is not None
                  else f"{r['median_turns']:g} turns" if r.get("median_turns") is not None else "—")
        out.append(f"| {r['setup']} | {r['players']} | {r['games']} | {r['wins']} | {r['losses']} | "
                   f"{r['unfinished']} | {nights} | {'yes' if r['repeatable'] else 'NO'} |")
    return "\n".join(out) + "\n"


def main_all(args, bundle: dict, jobs: int) -> int:
    rows = run_all(bundle, games=args.games, seed=args.seed, policy=getattr(args, "policy", "random") or "random",
                   jobs=jobs)
    if getattr(args, "format", "human") == "json":
        sys.stdout.write(json.dumps(rows, sort_keys=True, indent=1) + "\n")
    else:
        sys.stdout.write(table_of(rows))
        if is_synthetic(bundle):
            sys.stdout.write("\nplayed on synthetic packs (" + (", ".join(packs_of(bundle)) or "pack fills")
                             + "): invented cards, not the published game's balance\n")
    bad = [r for r in rows if r["refused"] or not r["repeatable"]]
    for r in bad:
        what = "refused" if r["refused"] else f"{r['players']} players gave other results on the same seeds"
        sys.stderr.write(f"paleo sim: {escape(r['setup'], 80)}: {what}\n")
    return 1 if bad else 0


def _printable(v, limit: int = 80) -> str:
    return escape(v, limit)


def main(args) -> int:
    if args.games < 1:
        sys.stderr.write(f"paleo sim: --games must be at least 1 (got {args.games})\n")
        return 2
    jobs = getattr(args, "jobs", 1)
    jobs = 1 if jobs is None else jobs
    if jobs < 1 or jobs > 256:
        sys.stderr.write(f"paleo sim: --jobs is 1 to 256 worker processes (got {jobs})\n")
        return 2
    options = {}
    for item in getattr(args, "option", None) or []:
        name, eq, value = item.partition("=")
        if not eq or not name:
            sys.stderr.write(f"paleo sim: --option takes NAME=VALUE (got {item[:60]!r})\n")
            return 2
        options[name] = value
    try:
        bundle = load_bundle(args.bundle)
        if getattr(args, "all", False):
            return main_all(args, bundle, jobs)
        report = run(bundle, scenario=args.scenario, players=args.players, games=args.games, seed=args.seed,
                     policy=getattr(args, "policy", "random") or "random", game=getattr(args, "game", None),
                     boards=getattr(args, "board", None), options=options or None, jobs=jobs)
    except (BundleError, SetupError, PolicyError) as exc:
        sys.stderr.write(f"paleo sim: {exc}\n")
        return 2
    except NotPlayable as exc:
        sys.stderr.write(f"paleo sim: {exc}\n")
        return 1
    except IllegalAction as exc:  # a policy bug (a user's or ours), never a content problem
        sys.stderr.write(f"paleo sim: policy {_printable(getattr(args, 'policy', 'random'))} chose an illegal action: "
                         f"{exc}\n")
        return 2
    if getattr(args, "format", "human") == "json":
        sys.stdout.write(json.dumps(report, sort_keys=True, indent=1) + "\n")
        return 0
    out = sys.stdout
    for r in report["results"]:
        head = f"seed {r['seed']:>6}: {r['result']:<10}{' (tie)' if r['tie'] else '      '}"
        if "scores" in r:  # PaleoVet: every player's score
            extra = f"scores {r['scores']}  cured {r.get('cured')}" + (
                f"  winners {r['winners']}" if "winners" in r else f"  victory {r.get('victory')}")
            out.write(f"{head} turns {r.get('turns', '?'):>3}  {extra}  {r['cause']}\n")
        else:
            out.write(f"{head} days {r['days']:>3}  skulls {r['skulls']}  victory {r['victory']}  {r['cause']}\n")
    s = report["summary"]
    n = s["games"]

    def iv(x):
        lo, hi = wilson(round(x * n), n)
        return f"{x:.1%} ({lo:.1%}-{hi:.1%})"

    tail = f", median nights {s['median_nights']}" if "median_nights" in s else ""
    out.write(f"\n{n} games, {report['players']} players, policy {report['policy']}: "
              f"win {iv(s['win_share'])}, loss {iv(s['loss_share'])}, unfinished {iv(s['unfinished_share'])}, "
              f"ties {s['tie_share']:.1%}{tail} (95% Wilson intervals)\n")
    if report["synthetic"]:
        out.write("played on synthetic packs (" + (", ".join(report["packs"]) or "pack fills") + "): invented cards, "
                  "not the published game's balance\n")
    if "seat_win_share" in s:
        out.write("wins by seat (alone): " + ", ".join(f"P{p} {v:.1%}" for p, v in enumerate(s["seat_win_share"]))
                  + f"; median winning margin {s['median_margin']}\n")
        out.write("scores by seat (min / median / max): " + ", ".join(
            f"P{p} {x['min']}/{x['median']}/{x['max']}" for p, x in enumerate(s["score_spread"])) + "\n")
    out.write("symbols (share of games):\n")
    for sym, v in sorted(s["symbol_share"].items()):
        out.write(f"  {sym:<28} {v:.1%}\n")
    return 0
