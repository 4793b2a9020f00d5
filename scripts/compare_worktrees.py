"""Compare what two checkouts of this repository produce, and print "identical" when nothing differs.

    python scripts/compare_worktrees.py OLD NEW [--no-site] [--games N] [--keep DIR]

OLD and NEW are two checkouts (for example `git worktree add ../old v0.1.0` beside this one). In each, with
that checkout's own code first on the path, the script makes:

- the bundle of the bundled content (`paleo build`);
- the bundle of every synthetic pack set the tests play on (`tests/packs/synthetic_bundle.py`'s PACK_SETS);
- the rules site built from the bundled content (`paleo docs`), unless `--no-site`;
- `paleo test`'s report (every rule test, one line each, and the per-section summary);
- seeded games: for every setup the soak script plays (A New Beginning, Path of the Elders, The White Whale
  and each PaleoVet mode), N seeds (default 3) with the random and the greedy policy; each game's outcome,
  action count, symbols used and a digest of its final saved state.

Then it compares the two sets of files byte for byte and lists every file that differs or exists on one side
only. Exit 0 and "identical" when nothing differs, 1 otherwise, 2 when a checkout could not produce them.
The emitting half runs with only the checkout's own files, so OLD may predate this script.
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# the setups the soak script plays (scripts/soak.py SYSTEMS), each on the pack set it is played on
PALEO_SETUPS = {
    "anb": [("anb-farm", None, ["board:farm"])] + [(f"anb-{n}", f"scenario:anb/{n}", None)
                                                   for n in ("I", "II", "III", "IV", "V", "VI")] + [("C+R", "C+R", None)],
    "pote": [("cult", None, ["board:cult-site"])] + [(f"pote-{n}", f"level:pote/{n}", None) for n in ("I", "II", "III")]
    + [("D+W", "D+W", None), ("I+X", "I+X", None)],
    "whale": [(p, p, None) for p in ("A+T", "F+T", "D+T")],
    "whale-anb": [("O+T", "O+T", None)],
}
VET_MODES = ("standard", "casual", "light", "solo")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def emit(out: Path, site: bool, games: int) -> int:
    """Run inside one checkout (cwd and path set by the caller): write everything it produces under `out`."""
    root = Path.cwd()
    sys.path.insert(0, str(root / "tests" / "packs"))
    env = dict(os.environ)
    run = lambda *args: subprocess.run([sys.executable, "-m", "compiler", *args], cwd=root, env=env,  # noqa: E731
                                       capture_output=True, text=True)
    b = run("build", "--no-cache", "--out", str(out / "content"))
    if not (out / "content" / "bundle.json").is_file():
        print(b.stdout + b.stderr, file=sys.stderr)
        return 2
    _write(out / "content" / "build.txt", b.stdout.replace(str(out), "OUT"))  # the summary, its paths made alike
    t = run("test")
    _write(out / "ruletests.txt", t.stdout + t.stderr + f"\nexit {t.returncode}\n")
    if site:
        d = run("docs", "--bundle", str(out / "content" / "bundle.json"), "--out", str(out / "site"))
        if d.returncode != 0:
            print(d.stdout + d.stderr, file=sys.stderr)
            return 2
    import synthetic_bundle  # noqa: PLC0415 — the checkout's own copy, importable only once its path is set
    from runtime.sim import play  # noqa: PLC0415 — likewise the checkout's runtime

    bundles = {}
    for name, packs in sorted(synthetic_bundle.PACK_SETS.items()):
        bundles[name] = synthetic_bundle.build(packs=list(packs))
        _write(out / "packs" / f"{name}.json", json.dumps(bundles[name], sort_keys=True))
    for system, setups in PALEO_SETUPS.items():
        for label, scenario, boards in setups:
            lines = []
            for players in ((2, 3, 4) if system.startswith("whale") else (1, 2, 3, 4)):
                for policy in ("random", "greedy"):
                    for seed in range(games):
                        lines.append(_game(play, bundles[system], "game:paleo", scenario, boards, None, players,
                                           seed, policy))
            _write(out / "games" / f"{system}-{label}.jsonl", "\n".join(lines) + "\n")
    for mode in VET_MODES:
        lines = []
        for players in ((1,) if mode == "solo" else (2, 3, 4)):
            for policy in ("random", "greedy"):
                for seed in range(games):
                    lines.append(_game(play, bundles["paleovet"], "game:paleovet", None, None, {"mode": mode},
                                       players, seed, policy))
        _write(out / "games" / f"paleovet-{mode}.jsonl", "\n".join(lines) + "\n")
    return 0


def _game(play, bundle, game, scenario, boards, options, players, seed, policy) -> str:
    """One seeded game's line: its result, or the refusal it ends in."""
    try:
        g = play(bundle, game=game, scenario=scenario, players=players, seed=seed, policy=policy, boards=boards,
                 options=options)
    except Exception as exc:  # a refusal ("not playable") is part of the behaviour compared
        return json.dumps({"players": players, "seed": seed, "policy": policy, "refused": f"{type(exc).__name__}: {exc}"})
    state = g.to_json()
    return json.dumps({"players": players, "seed": seed, "policy": policy, "outcome": g.outcome,
                       "actions": g.s["actions"], "used": sorted(g.s.get("used") or ()),
                       "state": hashlib.sha256(state.encode("utf-8")).hexdigest()}, sort_keys=True)


def _produce(tree: Path, out: Path, site: bool, games: int) -> None:
    env = dict(os.environ, PYTHONPATH=str(tree), PALEO_NO_CACHE="1")
    r = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--emit", str(out), "--games", str(games)]
                       + ([] if site else ["--no-site"]), cwd=tree, env=env)
    if r.returncode != 0:
        raise SystemExit(f"compare: {tree} could not produce its outputs (exit {r.returncode})")


def _differences(a: Path, b: Path, rel: str = "") -> list[str]:
    out = []
    cmp = filecmp.dircmp(a, b)
    out += [f"only in old: {rel}{n}" for n in sorted(cmp.left_only)]
    out += [f"only in new: {rel}{n}" for n in sorted(cmp.right_only)]
    for n in sorted(cmp.common_files):
        if not filecmp.cmp(a / n, b / n, shallow=False):
            out.append(f"differs: {rel}{n}")
    for n in sorted(cmp.common_dirs):
        out += _differences(a / n, b / n, f"{rel}{n}/")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", nargs="?", type=Path)
    ap.add_argument("new", nargs="?", type=Path)
    ap.add_argument("--no-site", action="store_true", help="leave the rules site out (it takes the longest)")
    ap.add_argument("--games", type=int, default=3, help="seeds per setup, player count and policy (default 3)")
    ap.add_argument("--keep", type=Path, help="write both sides' outputs here (old/, new/) and keep them")
    ap.add_argument("--emit", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.emit is not None:
        return emit(args.emit, not args.no_site, args.games)
    if args.old is None or args.new is None:
        ap.error("give two checkouts: OLD NEW")
    for tree in (args.old, args.new):
        if not (tree / "compiler" / "__init__.py").is_file():
            ap.error(f"{tree} is not a checkout of this repository (no compiler/__init__.py)")
    work = args.keep or Path(tempfile.mkdtemp(prefix="paleo-compare-"))
    try:
        for side, tree in (("old", args.old), ("new", args.new)):
            if (work / side).exists():
                shutil.rmtree(work / side)
            _produce(tree.resolve(), work / side, not args.no_site, args.games)
        diffs = _differences(work / "old", work / "new")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    if diffs:
        print("\n".join(diffs))
        print(f"{len(diffs)} difference(s)")
        return 1
    print("identical")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
