"""The compiler's figures (issue 17): cold build against the YAML floor, scaling, rebuilds from the cache,
`paleo lint FILE`, peak memory, `paleo lint content` against check-jsonschema and `paleo --version`.

Whole commands run in alternating pairs on projects from benchmarks/corpus.py (the real content plus
synthetic cards); each figure is the median of the pairs' ratios with their spread.
Standalone: `python benchmarks/sections/build.py [--quick]`.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ENV, REPO, figure, paired, timed  # noqa: E402

NAME = "build"
DESCRIPTION = "cold build ÷ YAML floor, scaling, cached rebuilds, lint FILE, peak memory, lint ÷ check-jsonschema, --version"

PY = sys.executable
FLOOR = ("import pathlib, yaml\n"
         "for p in sorted(pathlib.Path('content').rglob('*.yaml')):\n"
         "    yaml.load(p.read_bytes(), Loader=yaml.CSafeLoader)\n")


def _paleo(*args: str) -> list[str]:
    return [PY, "-m", "compiler", *args]


def run(quick: bool = False) -> list[dict]:
    from benchmarks.corpus import make_project

    rounds = 2 if quick else 5
    figures: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="paleo-bench-") as tmp:
        tmp = Path(tmp)
        env = {**ENV, "PALEO_CACHE_DIR": str(tmp / "cache")}
        projects = {n: make_project(tmp / f"p{n}", n) for n in (300, 1000, 3000, 10000)}

        def cold(n):
            return lambda: timed(_paleo("build", "--no-cache", "--out", str(tmp / "out")), projects[n], env)[0]

        def floor(n):
            return lambda: timed([PY, "-c", FLOOR], projects[n], env)[0]

        timed(_paleo("--version"), projects[300], env)  # the grammar cache and the byte-code are made
        cold_ratio = {}
        for n, limit in ((300, 3.5), (3000, 2.5), (10000, 2.5)):
            cold_ratio[n] = paired(cold(n), floor(n), rounds if n < 10000 else max(1, rounds - 2))
            figures.append(figure(f"cold build ÷ YAML floor, {n:,} cards", cold_ratio[n], target=f"<= {limit}", hard=False))
        figures.append(figure("cold build time(10,000) ÷ time(1,000)",
                              paired(cold(10000), cold(1000), max(1, rounds - 2)), target="<= 11"))

        peaks = [timed(_paleo("build", "--no-cache", "--out", str(tmp / "out")), projects[10000], env)[1]
                 for _ in range(1 if quick else 2)]
        figures.append(figure("peak memory, cold build of 10,000 cards", peaks, unit="MiB", target="<= 300"))

        for n in (3000, 10000):
            root = projects[n]
            reps = rounds if n < 10000 else max(1, rounds - 2)

            def cached(root=root):
                return timed(_paleo("build", "--out", str(tmp / "out")), root, env)[0]

            cached()
            cached()  # the second rebuild also stores the bytes it wrote
            figures.append(figure(f"rebuild, nothing changed ÷ cold, {n:,} cards", paired(cached, cold(n), reps),
                                  target="<= 0.3"))
            card = sorted((root / "content" / "synthetic").glob("cards-*.yaml"))[0]
            original = card.read_text(encoding="utf-8")
            edits = iter(range(10**6))

            def edited(card=card, original=original, edits=edits, cached=cached):
                card.write_text(original.replace("name: Synthetic", f"name: Edited {next(edits)}", 1), encoding="utf-8")
                return cached()

            figures.append(figure(f"rebuild after editing one file ÷ cold, {n:,} cards",
                                  paired(edited, cold(n), reps), target="<= 0.4"))
            card.write_text(original, encoding="utf-8")
        root = projects[3000]
        card = sorted((root / "content" / "synthetic").glob("cards-*.yaml"))[0]

        def bare():
            return timed([PY, "-c", "pass"], REPO, env)[0]

        for label, where, target in (("the real content", REPO, None), ("3,000 cards", root, None)):
            one = card.relative_to(root) if where is root else Path("content/paleo/base/cards.yaml")

            def lint_file(where=where, one=one):
                return timed(_paleo("lint", "-q", str(one)), where, env)[0]

            lint_file()
            ratios = paired(lint_file, bare, rounds * 2)
            figures.append(figure(f"paleo lint FILE, warm cache, {label} ÷ python -c pass", ratios, target="<= 8"))
            figures.append(dict(figures[-1], figure=figures[-1]["figure"] + " (stretch)", target="<= 4", hard=False,
                                met=figures[-1]["value"] <= 4))

        jsonschema = shutil.which("check-jsonschema")
        if jsonschema:
            files = [str(p) for p in sorted((REPO / "content").rglob("*.yaml")) if "symbols" not in p.parts]
            schema = tmp / "schema.json"
            schema.write_text(timed_output(_paleo("schema", "content"), env), encoding="utf-8")

            def ours():
                return timed(_paleo("lint", "--no-cache", "-q", "content"), REPO, env)[0]

            def theirs():  # its exit status reports schema errors; the time counts either way
                return _time_anyway([jsonschema, "--schemafile", str(schema), *files], env)

            figures.append(figure("paleo lint content ÷ check-jsonschema, the real content", paired(ours, theirs, rounds),
                                  target="<= 1.0"))
        figures.append(figure("paleo --version ÷ python -c pass",
                              paired(lambda: timed(_paleo("--version"), REPO, env)[0], bare, rounds * 2), target="<= 3"))
    return figures


def timed_output(cmd: list[str], env: dict) -> str:
    import subprocess

    return subprocess.run(cmd, cwd=REPO, env=env, check=True, capture_output=True, text=True).stdout


def _time_anyway(cmd: list[str], env: dict) -> float:
    import subprocess
    import time

    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=REPO, env=env, capture_output=True)
    return time.perf_counter() - t0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "benchmarks"))
    from run import print_figures  # noqa: E402

    print_figures(NAME, run(quick="--quick" in sys.argv))
