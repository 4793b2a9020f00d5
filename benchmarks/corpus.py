"""The one synthetic benchmark corpus: the project's real content plus synthetic cards.

Every synthetic file says it is synthetic; no synthetic record is a Paleo fact. Each synthetic card
belongs to a synthetic product of one real game and carries options drawn from every option string the
real content writes for that game (so the whole registry's phrases are exercised, and every option
lowers), and the real content's references resolve. Sizes of 300, 1,000, 3,000 and 10,000 cards build
with 0 errors.

Use: `from benchmarks.corpus import make_project; root = make_project(tmp, 3000)`; the project has a
`pyproject.toml` and a `content/` folder, so `paleo build` run in it compiles it. Standalone:
`python benchmarks/corpus.py N FOLDER` writes one.
"""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SIZES = (300, 1000, 3000, 10000)
HEAD = "# Synthetic benchmark content; not Paleo facts.\n"
SRC = '{rulebook: 002_56cce9db253ede81.txt, section: ["Game Objective: Leave Your Mark in the Stone Age!"]}'
CARDS_PER_FILE = 10


def real_options(content: Path = REPO / "content") -> tuple[dict[str, list[str]], int]:
    """(game id -> every option string of the real content's cards of that game, sorted and unique;
    how many cards the real content has)."""
    import yaml

    by_game: dict[str, set[str]] = {}
    count = 0
    for f in sorted(content.rglob("*.yaml")):
        data = yaml.load(f.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        if not isinstance(data, dict) or data.get("pack"):
            continue
        for rec in data.get("cards") or ():
            count += 1
            if isinstance(rec, dict) and rec.get("game") and rec.get("options"):
                by_game.setdefault(rec["game"], set()).update(o for o in rec["options"] if isinstance(o, str))
    return {g: sorted(v) for g, v in sorted(by_game.items()) if v}, count


def _quote(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def make_project(folder: Path, n_cards: int, *, seed: int = 0) -> Path:
    """Write a project of the real content plus synthetic cards, `n_cards` cards in all; returns its root."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    content = folder / "content"
    if content.exists():
        shutil.rmtree(content)
    shutil.copytree(REPO / "content", content)
    (folder / "pyproject.toml").write_text('[project]\nname = "synthetic-benchmark"\n\n[tool.paleo]\ncontent = ["content"]\nbundled = false\n',
                                           encoding="utf-8")
    options, real = real_options(content)
    games = list(options)
    rng = random.Random(seed)
    synth = content / "synthetic"
    synth.mkdir()
    products = [HEAD + "products:\n"]
    for g in games:
        short = g.removeprefix("game:")
        products.append(f"  - id: product:synth-{short}\n    name: Synthetic {short}\n    game: {g}\n    kind: expansion\n"
                        f"    printed_cards: null\n    completeness: partial\n    source: {SRC}\n")
    (synth / "products.yaml").write_text("".join(products), encoding="utf-8")
    todo = max(0, n_cards - real)
    i = n_files = 0
    while i < todo:
        lines = [HEAD, "cards:\n"]
        for _ in range(min(CARDS_PER_FILE, todo - i)):
            g = games[i % len(games)]
            short = g.removeprefix("game:")
            pool = options[g]
            opts = rng.sample(pool, min(len(pool), rng.randint(1, 3)))
            lines.append(f"  - id: card:synth/{short}-{i}\n    name: Synthetic {short} {i}\n    game: {g}\n"
                         f"    product: product:synth-{short}\n    kind: base\n    back: forest\n"
                         f"    completeness: partial\n    source: {SRC}\n    options:\n")
            lines += [f"      - {_quote(o)}\n" for o in opts]
            i += 1
        (synth / f"cards-{n_files:05d}.yaml").write_text("".join(lines), encoding="utf-8")
        n_files += 1
    return folder


def card_files(root: Path) -> list[Path]:
    return sorted((Path(root) / "content").rglob("*.yaml"))


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(f"build/corpus-{n}")
    print(make_project(out, n))
