"""Scaling along each input dimension: time(2n) ÷ time(n) for `lint`, `build`, `fmt` and `docs`.

Each dimension grows one thing and keeps the rest small: one file's bytes (a long note), its lines (comment
lines), a card's options, the clauses of one option, the diagnostics of one file (unknown symbols), the
records of a project (card files), and the fan-out of one reference (cards that all name one card). Each
command runs on the n and the 2n project in alternating pairs; the figure is the median ratio (linear: 2,
target ≤ 2.3), printed with the marginal ratio — (time(2n) − time(0)) ÷ (time(n) − time(0)), the empty
project's time taken off — which a fixed start-up cannot flatter. `docs` runs on the records dimension only
(a site per size). Standalone: `python benchmarks/sections/scaling.py [--quick]`.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ENV, REPO, figure, paired, timed  # noqa: E402

NAME = "scaling"
DESCRIPTION = "time(2n) ÷ time(n) per input dimension (bytes, lines, options, clauses, diagnostics, records, fan-out)"

PY = sys.executable
CARD = """  - id: card:scale/c{i:05d}
    name: Scale Card {i}
    game: game:paleo
    product: product:anb
    kind: base
    back: forest
    copies: 1
    completeness: partial
    source: {{rulebook: 000_97f291d3c44cb3f7.txt, section: [Base Cards]}}
"""
PYPROJECT = '[project]\nname = "scale"\n\n[tool.paleo]\ncontent = ["content"]\n'


def _card(i: int, options: list[str] = ("-> 1 wood",), notes: str | None = None) -> str:
    out = CARD.format(i=i) + "    options:\n" + "".join(f'      - "{o}"\n' for o in options)
    if notes:
        out += f"    notes: [\"{notes}\"]\n"
    return out


# each dimension: (name, n, the project's files for a size)
def _dimensions(quick: bool):
    k = 2 if quick else 1
    return [
        ("file bytes", 200_000 // k, lambda n: {"c.yaml": "cards:\n" + _card(0, notes="x" * n)}),
        ("lines", 100_000 // k, lambda n: {"c.yaml": "cards:\n" + _card(0) + "# c\n" * n}),
        ("options", 1000 // k, lambda n: {"c.yaml": "cards:\n" + _card(0, [f"-> {1 + i % 3} wood" for i in range(n)])}),
        ("clauses per option", 2000 // k, lambda n: {"c.yaml": "cards:\n" + _card(0, [" then ".join(["-> 1 wood"] + ["1 stone"] * n)])}),
        ("diagnostics per file", 2000 // k, lambda n: {"c.yaml": "cards:\n" + _card(0, [" then ".join(["-> 1 wood"] + [f"1 wxod{i}" for i in range(n)])])}),
        ("records per project", 400 // k, lambda n: {f"c{i:05d}.yaml": "cards:\n" + _card(i) for i in range(n)}),
        ("reference fan-out", 800 // k, lambda n: {"c.yaml": "cards:\n" + _card(0) + "".join(
            _card(i, ['require have card \\"Scale Card 0\\" -> 1 wood']) for i in range(1, n + 1))}),
    ]


def _project(root: Path, files: dict) -> Path:
    (root / "content").mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT)
    for name, text in files.items():
        (root / "content" / name).write_text(text)
    return root


def _cmd(command: str, out: Path) -> list[str]:
    return {"lint": [PY, "-m", "compiler", "lint", "--no-cache", "--exit-zero", "content"],
            "build": [PY, "-m", "compiler", "build", "--no-cache", "--out", str(out / "b.json")],
            "fmt": [PY, "-m", "compiler", "fmt", "--check", "content"]}[command]


def _ok_timed(cmd, cwd, env) -> float:
    """Wall seconds of one command that exits 0 or 1 (lint, build and fmt exit 1 on what they find)."""
    return timed(cmd, cwd, env, ok=(0, 1))[0]


def run(quick: bool = False) -> list[dict]:
    rounds = 2 if quick else 3
    figures: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="paleo-scale-") as tmp:
        tmp = Path(tmp)
        env = {**ENV, "PALEO_CACHE_DIR": str(tmp / "cache")}
        empty = _project(tmp / "empty", {})
        for name, n, make in _dimensions(quick):
            one, two = _project(tmp / f"{name}-1", make(n)), _project(tmp / f"{name}-2", make(2 * n))
            for command in ("lint", "build", "fmt"):
                cmd = _cmd(command, tmp)
                t0 = statistics.median(_ok_timed(cmd, empty, env) for _ in range(rounds))
                t_one, t_two = [], []

                def a(cmd=cmd, two=two, t_two=t_two):
                    t_two.append(_ok_timed(cmd, two, env))
                    return t_two[-1]

                def b(cmd=cmd, one=one, t_one=t_one):
                    t_one.append(_ok_timed(cmd, one, env))
                    return t_one[-1]

                ratios = paired(a, b, rounds)
                margin = (statistics.median(t_two) - t0) / max(1e-3, statistics.median(t_one) - t0)
                f = figure(f"{command}, {name}: time(2n) ÷ time(n), n = {n:,}", ratios, target="<= 2.3")
                f["marginal"] = round(margin, 2)
                f["figure"] += f" (marginal {margin:.2f}, time(n) {statistics.median(t_one):.2f} s)"
                figures.append(f)
        n = 100 if quick else 200
        for size in (n, 2 * n):
            _project(tmp / f"docs-{size}", {f"c{i:05d}.yaml": "cards:\n" + _card(i) for i in range(size)})

        def site(size):
            bundle = tmp / f"docs-{size}.json"
            timed([PY, "-m", "compiler", "build", "--no-cache", "--out", str(bundle)], tmp / f"docs-{size}", env)
            code = ("import sys; from pathlib import Path; from compiler.docs import build_site; "
                    f"sys.exit(build_site({str(bundle)!r}, Path({str(tmp / f'site-{size}')!r}), Path({str(REPO)!r})))")
            return lambda: timed([PY, "-c", code], REPO, env)[0]

        figures.append(figure(f"docs, records per project: time(2n) ÷ time(n), n = {n:,}",
                              paired(site(2 * n), site(n), max(1, rounds - 1)), target="<= 2.3"))
    return figures


if __name__ == "__main__":
    for f in run(quick="--quick" in sys.argv):
        print(json.dumps(f))
